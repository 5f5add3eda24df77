// ct_key_wrap_xts.h: the constant-time checks of AES key wrap (KW, KWP) and
// AES-XTS for ct_suite.cc, over one AES row at a time.
//
// Secrets marked with ct_secret() before the library sees them: the KEK and
// the key being wrapped; for unwrap the wrapped key too (the verdict and the
// unwrapped key derive from it, and the only declassification allowed is
// the verdict in crypto/modes/key_wrap.cc); the XTS key and the data unit.
// Public: lengths and the XTS tweak. Unwrap runs good inputs and bad ones
// (a flipped ciphertext bit, and for KWP an integrity block with non-zero
// padding and one with an out-of-range MLI, built with the reference row),
// so both sides of the verdict are checked.
//
// Templated on the suite type so this file does not depend on ct_suite.cc's
// internals: Suite::check(row, op, body) runs body() (returns correctness)
// and counts valgrind reports.
#ifndef CTCRYPTO_TESTS_CT_CT_KEY_WRAP_XTS_H_
#define CTCRYPTO_TESTS_CT_CT_KEY_WRAP_XTS_H_

#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "crypto/aes/aes_row.h"
#include "crypto/ct.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/status.h"
#include "ctcrypto/xts.h"

namespace ctcrypto_ct {

using ctcrypto::Status;
using ctcrypto::internal::AesRow;
using ctcrypto::internal::ct_declassify;
using ctcrypto::internal::ct_secret;

inline void kwx_fill(uint8_t* p, size_t n, uint32_t seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = static_cast<uint8_t>(x >> 24);
  }
}

inline bool kwx_same(uint8_t* got, const uint8_t* want, size_t n) {
  ct_declassify(got, n);
  return std::memcmp(got, want, n) == 0;
}

template <class Suite>
void key_wrap_checks(const AesRow* row, const AesRow* ref, Suite* s) {
  const std::string name = row->name;
  constexpr size_t kKwLens[] = {16, 24, 40, 8 * 45};  // 45 semiblocks: t > 255
  constexpr size_t kKwpLens[] = {1, 7, 8, 9, 20, 64};
  for (size_t key_len : {16u, 24u, 32u}) {
    const std::string k = "kw" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], secret_kek[32], in[512], want[520], got[520], buf[520];
    kwx_fill(raw, sizeof(raw), 50 + static_cast<uint32_t>(key_len));
    kwx_fill(in, sizeof(in), 51);
    ctcrypto::AesKey ref_key, key;
    std::memcpy(secret_kek, raw, key_len);
    ct_secret(secret_kek, key_len);
    if (ctcrypto::internal::init_with_rows(ref_key, std::span(raw, key_len),
                                           ref) != Status::kOk ||
        ctcrypto::internal::init_with_rows(key, std::span(secret_kek, key_len),
                                           row) != Status::kOk) {
      s->check(name, k + "init", [] { return false; });
      continue;
    }
    using Fn = Status (*)(const ctcrypto::AesKey&, std::span<const uint8_t>,
                          std::span<uint8_t>, size_t*);
    struct Mode {
      const char* name;
      Fn wrap, unwrap;
      std::span<const size_t> lens;
    };
    const Mode modes[] = {
        {"kw", ctcrypto::aes_key_wrap, ctcrypto::aes_key_unwrap, kKwLens},
        {"kwp", ctcrypto::aes_key_wrap_padded, ctcrypto::aes_key_unwrap_padded,
         kKwpLens},
    };
    for (const Mode& m : modes) {
      const std::string op = k + m.name;
      s->check(name, op + "_wrap", [&] {
        bool ok = true;
        for (size_t len : m.lens) {
          size_t n_ref = 0, n = 0;
          ok &= m.wrap(ref_key, std::span(in, len), std::span(want, sizeof(want)),
                       &n_ref) == Status::kOk;
          std::memcpy(buf, in, len);
          ct_secret(buf, len);
          ok &= m.wrap(key, std::span(buf, len), std::span(got, sizeof(got)),
                       &n) == Status::kOk;
          ok &= n == n_ref && kwx_same(got, want, n);
        }
        return ok;
      });
      s->check(name, op + "_unwrap_good", [&] {
        bool ok = true;
        for (size_t len : m.lens) {
          size_t n_ref = 0, n = 0;
          ok &= m.wrap(ref_key, std::span(in, len), std::span(want, sizeof(want)),
                       &n_ref) == Status::kOk;
          std::memcpy(buf, want, n_ref);
          ct_secret(buf, n_ref);
          ok &= m.unwrap(key, std::span(buf, n_ref), std::span(got, sizeof(got)),
                         &n) == Status::kOk;
          ct_declassify(&n, sizeof(n));  // the key's length: public on success
          ok &= n == len && kwx_same(got, in, len);
        }
        return ok;
      });
      s->check(name, op + "_unwrap_bad", [&] {
        bool ok = true;
        for (size_t len : m.lens) {
          size_t n_ref = 0, n = 0;
          ok &= m.wrap(ref_key, std::span(in, len), std::span(want, sizeof(want)),
                       &n_ref) == Status::kOk;
          std::memcpy(buf, want, n_ref);
          buf[n_ref - 1] ^= 0x10;
          ct_secret(buf, n_ref);
          ok &= m.unwrap(key, std::span(buf, n_ref), std::span(got, sizeof(got)),
                         &n) == Status::kAuthenticationFailed;
          uint8_t zero[520] = {};
          ok &= kwx_same(got, zero, n_ref - 8);
        }
        return ok;
      });
    }
    // KWP integrity blocks with a valid prefix but non-zero padding, or an
    // MLI outside 8(n-1) < MLI <= 8n: one AES block under the reference key.
    s->check(name, k + "kwp_unwrap_forged", [&] {
      bool ok = true;
      const uint8_t forged[2][16] = {
          {0xa6, 0x59, 0x59, 0xa6, 0, 0, 0, 5, 1, 2, 3, 4, 5, 0, 9, 0},
          {0xa6, 0x59, 0x59, 0xa6, 0, 0, 0, 9, 1, 2, 3, 4, 5, 6, 7, 8}};
      for (const auto& f : forged) {
        uint8_t ct[16];
        size_t n = 0;
        ref_key.encrypt_block(f, ct);
        ct_secret(ct, 16);
        ok &= ctcrypto::aes_key_unwrap_padded(key, std::span(ct, 16),
                                              std::span(got, 8), &n) ==
              Status::kAuthenticationFailed;
        uint8_t zero[8] = {};
        ok &= kwx_same(got, zero, 8);
      }
      return ok;
    });
  }
}

template <class Suite>
void xts_checks(const AesRow* row, const AesRow* ref, Suite* s) {
  const std::string name = row->name;
  constexpr size_t kLens[] = {16, 17, 16 * 8 + 5, 16 * 15, 16 * 33, 512, 4096 - 3};
  for (size_t key_len : {32u, 64u}) {
    const std::string k = "xts" + std::to_string(key_len * 4) + ".";
    uint8_t raw[64], secret_key[64], tweak[16];
    static uint8_t in[4096], want[4096], got[4096];
    kwx_fill(raw, sizeof(raw), 60 + static_cast<uint32_t>(key_len));
    kwx_fill(tweak, sizeof(tweak), 61);
    kwx_fill(in, sizeof(in), 62);
    ctcrypto::AesXts ref_xts, xts;
    std::memcpy(secret_key, raw, key_len);
    s->check(name, k + "init", [&] {
      ct_secret(secret_key, key_len);
      return ctcrypto::internal::init_with_rows(
                 ref_xts, std::span(raw, key_len), ref) == Status::kOk &&
             ctcrypto::internal::init_with_rows(
                 xts, std::span(secret_key, key_len), row) == Status::kOk;
    });
    if (!xts.initialized() || !ref_xts.initialized()) continue;
    const std::span<const uint8_t, 16> t(tweak, 16);
    for (int dec = 0; dec < 2; ++dec) {
      s->check(name, k + (dec ? "decrypt" : "encrypt"), [&] {
        bool ok = true;
        for (size_t len : kLens) {
          ok &= (dec ? ref_xts.decrypt(t, std::span(in, len), std::span(want, len))
                     : ref_xts.encrypt(t, std::span(in, len), std::span(want, len))) ==
                Status::kOk;
          std::memcpy(got, in, len);
          ct_secret(got, len);
          ok &= (dec ? xts.decrypt(t, std::span(got, len), std::span(got, len))
                     : xts.encrypt(t, std::span(got, len), std::span(got, len))) ==
                Status::kOk;
          ok &= kwx_same(got, want, len);
        }
        return ok;
      });
    }
  }
}

}  // namespace ctcrypto_ct

#endif  // CTCRYPTO_TESTS_CT_CT_KEY_WRAP_XTS_H_
