// fuzz_common.h: shared pieces of the libFuzzer targets in fuzz/.
//
// Input layout shared by the GCM targets (and the seed generator,
// make_seed_corpus.cc), so that vector-file records are meaningful seeds:
//
//   byte 0      flags: bits 0-1 key size (0: 16, 1: 24, 2: 32, 3: 16 bytes)
//                      bits 2-4 tag length 12 + (v % 5)
//                      bit  5   nonce length from the next byte (else 12)
//                      bit  6   in place (out == in)
//                      bit  7   target-specific
//   byte 1      selector: picks a row / pair (target-specific)
//   key         16, 24 or 32 bytes
//   [n]         nonce length 1..255 (only with flag bit 5), then the nonce
//   a           AD length 0..255, then the AD
//   rest        the message (plaintext, or ciphertext || tag for open)
//
// Short inputs are padded with zeros rather than rejected, so that every
// input exercises something.
#ifndef CTCRYPTO_FUZZ_FUZZ_COMMON_H_
#define CTCRYPTO_FUZZ_FUZZ_COMMON_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"

// FUZZ_CHECK: a finding. abort() makes libFuzzer save the crashing input.
#define FUZZ_CHECK(cond)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__,     \
                   __LINE__, #cond);                                       \
      std::abort();                                                        \
    }                                                                      \
  } while (0)

namespace ctcrypto_fuzz {

// memcmp / memcpy that accept null pointers with n == 0 (empty vectors'
// data() may be null; the C functions forbid it even then).
inline bool equal(const void* a, const void* b, size_t n) {
  return n == 0 || std::memcmp(a, b, n) == 0;
}
inline void copy(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}

// Reader: consumes the input front to back; past the end it yields zeros.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), n_(size) {}
  uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  // bytes: copies n bytes (zero-padded past the end) into out.
  void bytes(uint8_t* out, size_t n) {
    if (n == 0) return;  // out may be null (an empty vector's data())
    size_t take = n < n_ ? n : n_;
    if (take) std::memcpy(out, p_, take);
    std::memset(out + take, 0, n - take);
    p_ += take;
    n_ -= take;
  }
  // rest: everything left (at most max bytes).
  std::vector<uint8_t> rest(size_t max) {
    size_t take = n_ < max ? n_ : max;
    std::vector<uint8_t> v(p_, p_ + take);
    p_ += take;
    n_ -= take;
    return v;
  }

 private:
  const uint8_t* p_;
  size_t n_;
};

// GcmInput: the parsed common layout.
struct GcmInput {
  uint8_t flags = 0;
  uint8_t selector = 0;
  size_t key_len = 16;
  size_t tag_len = 16;
  bool in_place = false;
  uint8_t key[32] = {};
  std::vector<uint8_t> nonce;
  std::vector<uint8_t> ad;
  std::vector<uint8_t> msg;
};

inline constexpr size_t kMaxMessage = 1 << 14;

inline GcmInput parse_gcm_input(const uint8_t* data, size_t size) {
  Reader r(data, size);
  GcmInput in;
  in.flags = r.byte();
  in.selector = r.byte();
  static constexpr size_t kKeyLens[4] = {16, 24, 32, 16};
  in.key_len = kKeyLens[in.flags & 3];
  in.tag_len = 12 + ((in.flags >> 2) & 7) % 5;
  in.in_place = (in.flags & 0x40) != 0;
  r.bytes(in.key, in.key_len);
  size_t nonce_len = 12;
  if (in.flags & 0x20) {
    nonce_len = r.byte();
    if (nonce_len == 0) nonce_len = 1;
  }
  in.nonce.resize(nonce_len);
  r.bytes(in.nonce.data(), nonce_len);
  in.ad.resize(r.byte());
  r.bytes(in.ad.data(), in.ad.size());
  in.msg = r.rest(kMaxMessage);
  return in;
}

// AEAD open targets (GCM, GCM-SIV, CCM): the output layout and what a
// failed open must leave behind, the same for every mode.
constexpr uint8_t kCanary = 0xa5;  // fills outputs, so a stray write shows

// OpenOutput: where open(msg = ciphertext || tag) writes, by `layout`
// (the selector's top bits): 0 exact, 1 seven bytes more, 2 one byte short
// (kOutputTooSmall when there is a message), 3 in place (dst = the first
// ct_len bytes of buf, a copy of msg). `before` is dst before the call.
struct OpenOutput {
  OpenOutput(const std::vector<uint8_t>& msg, size_t ct_len, int layout)
      : buf(msg) {
    switch (layout) {
      case 0: out.assign(ct_len, kCanary); dst = out; break;
      case 1: out.assign(ct_len + 7, kCanary); dst = out; break;
      case 2: out.assign(ct_len ? ct_len - 1 : 0, kCanary); dst = out; break;
      default: dst = std::span<uint8_t>(buf.data(), ct_len); break;
    }
    before.assign(dst.begin(), dst.end());
  }
  std::vector<uint8_t> buf;  // in-place works on this copy
  std::vector<uint8_t> out;
  std::span<uint8_t> dst;
  std::vector<uint8_t> before;
};

// check_open_tail: after a successful open, dst past the plaintext is
// untouched.
inline void check_open_tail(const OpenOutput& o, size_t ct_len) {
  for (size_t i = ct_len; i < o.dst.size(); ++i)
    FUZZ_CHECK(o.dst[i] == o.before[i]);
}

// check_open_failure: a failed open (st != kOk, *out_len untouched at
// 12345). kAuthenticationFailed zeroes the plaintext part and nothing else,
// or - for an input shorter than a tag, refused before any write - leaves
// dst as it was; the only other outcome is kOutputTooSmall on the short
// layout, with nothing written.
inline void check_open_failure(ctcrypto::Status st, size_t out_len,
                               const OpenOutput& o, size_t msg_len,
                               size_t tag_len, size_t ct_len, int layout) {
  if (st == ctcrypto::Status::kAuthenticationFailed) {
    FUZZ_CHECK(out_len == 12345);
    if (msg_len >= tag_len) {
      for (size_t i = 0; i < ct_len; ++i) FUZZ_CHECK(o.dst[i] == 0);
      check_open_tail(o, ct_len);
    } else {
      FUZZ_CHECK(equal(o.dst.data(), o.before.data(), o.dst.size()));
    }
  } else {
    FUZZ_CHECK(layout == 2 && st == ctcrypto::Status::kOutputTooSmall);
    FUZZ_CHECK(equal(o.dst.data(), o.before.data(), o.dst.size()));
  }
}

// The compiled-in rows this CPU can run (every one, natively: the fuzz
// build runs on the host, so VAES/AVX-512 rows are included), from
// crypto/testing's all-rows lists: also the rows the library's tables
// leave out.
inline std::vector<const ctcrypto::internal::AesRow*> usable_aes() {
  std::vector<const ctcrypto::internal::AesRow*> v;
  for (const ctcrypto::internal::AesRow* b :
       ctcrypto::internal::all_aes_rows())
    if (ctcrypto::internal::aes_row_usable(b)) v.push_back(b);
  return v;
}
inline std::vector<const ctcrypto::internal::GhashRow*> usable_ghash() {
  std::vector<const ctcrypto::internal::GhashRow*> v;
  for (const ctcrypto::internal::GhashRow* b :
       ctcrypto::internal::all_ghash_rows())
    if (ctcrypto::internal::ghash_row_usable(b)) v.push_back(b);
  return v;
}

// The portable reference rows (nohw), linked into every fuzzer (fuzz_common
// depends on them) also on aarch64, where the library's tables leave them
// out.
inline const ctcrypto::internal::AesRow* reference_aes() {
  return &ctcrypto::internal::kAesNohw;
}
inline const ctcrypto::internal::GhashRow* reference_ghash() {
  return &ctcrypto::internal::kGhashNohw;
}

}  // namespace ctcrypto_fuzz

#endif  // CTCRYPTO_FUZZ_FUZZ_COMMON_H_
