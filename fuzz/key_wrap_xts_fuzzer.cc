// key_wrap_xts_fuzzer.cc: AES key wrap (KW, KWP) and AES-XTS on every usable
// AES row against the portable reference, on arbitrary input.
//
// Input: byte 0 selects the operation (bits 0-1) and key size (bits 2-3),
// then the key (KEK: 16/24/32 bytes; XTS: 32/64 bytes, then a 16-byte
// tweak), then the message (at most fuzz_common.h's kMaxMessage bytes).
//   op 0, 1  KW / KWP unwrap of the message: every row gives the reference
//            row's status and output; on failure the output area is zero;
//            on success wrapping the result gives the message back (so only
//            a genuinely wrapped key is ever accepted).
//   op 2     XTS encrypt and decrypt (in place and not) equal the reference,
//            decrypt(encrypt(m)) == m; bad lengths / equal halves refused
//            identically.
//   op 3     KW (when the length allows) and KWP wrap equal the reference
//            and unwrap back.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/aes.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/status.h"
#include "ctcrypto/xts.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;
using Bytes = std::vector<uint8_t>;
using WrapFn = Status (*)(const ctcrypto::AesKey&, std::span<const uint8_t>,
                          std::span<uint8_t>, size_t*);

Status call(WrapFn fn, const ctcrypto::AesKey& k, const Bytes& in, Bytes* out,
            size_t* n) {
  out->assign(in.size() + 16, 0xcc);
  *n = 0;
  return fn(k, in, *out, n);
}

void check_unwrap(bool padded, const ctcrypto::AesKey& ref,
                  const ctcrypto::AesKey& k, const Bytes& msg) {
  const WrapFn unwrap =
      padded ? ctcrypto::aes_key_unwrap_padded : ctcrypto::aes_key_unwrap;
  const WrapFn wrap = padded ? ctcrypto::aes_key_wrap_padded : ctcrypto::aes_key_wrap;
  Bytes want, got;
  size_t n_want, n_got;
  const Status s_want = call(unwrap, ref, msg, &want, &n_want);
  const Status s_got = call(unwrap, k, msg, &got, &n_got);
  FUZZ_CHECK(s_got == s_want);
  if (s_got == Status::kOk) {
    FUZZ_CHECK(n_got == n_want && std::memcmp(got.data(), want.data(), n_got) == 0);
    Bytes key(got.begin(), got.begin() + n_got), back;
    size_t n_back;
    FUZZ_CHECK(call(wrap, k, key, &back, &n_back) == Status::kOk);
    FUZZ_CHECK(n_back == msg.size() &&
               std::memcmp(back.data(), msg.data(), n_back) == 0);
  } else if (s_got == Status::kAuthenticationFailed) {
    for (size_t i = 0; i + 8 < msg.size(); ++i) FUZZ_CHECK(got[i] == 0);
  } else {
    for (uint8_t b : got) FUZZ_CHECK(b == 0xcc);  // rejected: untouched
  }
}

void check_wrap(const ctcrypto::AesKey& ref, const ctcrypto::AesKey& k,
                const Bytes& msg) {
  for (int padded = 0; padded < 2; ++padded) {
    const WrapFn wrap = padded ? ctcrypto::aes_key_wrap_padded : ctcrypto::aes_key_wrap;
    const WrapFn unwrap =
        padded ? ctcrypto::aes_key_unwrap_padded : ctcrypto::aes_key_unwrap;
    Bytes want, got, back;
    size_t n_want, n_got, n_back;
    const Status s = call(wrap, ref, msg, &want, &n_want);
    FUZZ_CHECK(call(wrap, k, msg, &got, &n_got) == s);
    if (s != Status::kOk) continue;
    FUZZ_CHECK(n_got == n_want && std::memcmp(got.data(), want.data(), n_got) == 0);
    got.resize(n_got);
    FUZZ_CHECK(call(unwrap, k, got, &back, &n_back) == Status::kOk);
    FUZZ_CHECK(n_back == msg.size() &&
               std::memcmp(back.data(), msg.data(), n_back) == 0);
  }
}

void check_xts(const ctcrypto::internal::AesRow* row,
               const ctcrypto::AesXts& ref, Status ref_init,
               std::span<const uint8_t> key, const uint8_t tweak[16],
               const Bytes& msg) {
  ctcrypto::AesXts x;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(x, key, row) == ref_init);
  if (ref_init != Status::kOk) return;
  const std::span<const uint8_t, 16> t(tweak, 16);
  Bytes want(msg.size() + 1), got(msg.size() + 1);
  for (int dec = 0; dec < 2; ++dec) {
    const Status s = dec ? ref.decrypt(t, msg, want) : ref.encrypt(t, msg, want);
    FUZZ_CHECK((dec ? x.decrypt(t, msg, got) : x.encrypt(t, msg, got)) == s);
    if (s != Status::kOk) return;
    FUZZ_CHECK(std::memcmp(got.data(), want.data(), msg.size()) == 0);
    Bytes buf = msg;  // in place
    FUZZ_CHECK((dec ? x.decrypt(t, buf, buf) : x.encrypt(t, buf, buf)) == s);
    FUZZ_CHECK(buf == Bytes(want.begin(), want.begin() + msg.size()));
    Bytes round(msg.size());
    FUZZ_CHECK((dec ? x.encrypt(t, buf, round) : x.decrypt(t, buf, round)) ==
               Status::kOk);
    FUZZ_CHECK(round == msg);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t sel = data[0];
  const int op = sel & 3;
  const size_t key_len =
      op == 2 ? ((sel & 4) ? 64 : 32) : size_t{16} + 8 * ((sel >> 2) % 3);
  uint8_t key[64] = {}, tweak[16] = {};
  size_t pos = 1;
  auto take = [&](uint8_t* dst, size_t n) {
    const size_t m = size - pos < n ? size - pos : n;
    if (m) std::memcpy(dst, data + pos, m);
    pos += m;
  };
  take(key, key_len);
  if (op == 2) take(tweak, 16);
  const size_t rest = size - pos;
  const Bytes msg(data + pos,
                  data + pos + (rest < ctcrypto_fuzz::kMaxMessage ? rest
                                                                  : ctcrypto_fuzz::kMaxMessage));
  const std::span<const uint8_t> k(key, key_len);
  if (op == 2) {
    ctcrypto::AesXts ref;
    const Status ref_init = ctcrypto::internal::init_with_rows(
        ref, k, ctcrypto_fuzz::reference_aes());
    for (const auto* row : ctcrypto_fuzz::usable_aes())
      check_xts(row, ref, ref_init, k, tweak, msg);
    return 0;
  }
  ctcrypto::AesKey ref;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 ref, k, ctcrypto_fuzz::reference_aes()) == Status::kOk);
  for (const auto* row : ctcrypto_fuzz::usable_aes()) {
    ctcrypto::AesKey kk;
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(kk, k, row) == Status::kOk);
    if (op == 3) {
      check_wrap(ref, kk, msg);
    } else {
      check_unwrap(op == 1, ref, kk, msg);
    }
  }
  return 0;
}
