// tls_cbc_internal.h: the constant-time building blocks of TLS CBC record
// decryption, exposed for the unit tests (tests/tls_cbc_test.cc).
//
// Conventions: a "mask" is a size_t that is all ones (true) or all zeros
// (false). Values called secret must only flow through masks; values called
// public (lengths of the record, of the MAC, of the hash block) may be
// branched on and used as indices.
#ifndef CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_
#define CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/ct.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

// value_barrier: hides `v` from the optimiser, so that a mask computed from
// a secret is not turned back into a branch (e.g. a cmov chain into a jump).
inline size_t value_barrier(size_t v) { return ct_opaque(v); }

// ct_msb_mask: all ones if the top bit of x is set.
inline size_t ct_msb_mask(size_t x) {
  return value_barrier(0 - (x >> (sizeof(size_t) * 8 - 1)));
}
// ct_lt_mask: a < b, for any a, b (borrow of a - b, computed bitwise).
inline size_t ct_lt_mask(size_t a, size_t b) {
  return ct_msb_mask(a ^ ((a ^ b) | ((a - b) ^ a)));
}
inline size_t ct_ge_mask(size_t a, size_t b) { return ~ct_lt_mask(a, b); }
inline size_t ct_is_zero_mask(size_t x) { return ct_msb_mask(~x & (x - 1)); }
inline size_t ct_eq_mask(size_t a, size_t b) { return ct_is_zero_mask(a ^ b); }
inline size_t ct_select(size_t mask, size_t a, size_t b) {
  return (mask & a) | (~mask & b);
}

// ct_bytes_before_mask: eight byte masks for the record positions pos ..
// pos + 7 (pos public), as a word in memory order (store it with memcpy):
// byte k is 0xff if pos + k < limit (limit secret), 0 otherwise. The open
// path masks eight bytes per step with it instead of one.
// How: d = clamp(limit - pos, 0, 8) by masks, broadcast to every byte; in
// (0x80 + k) - d, one subtraction for all eight bytes, no byte borrows from
// its neighbour (0x80 + k >= 8 >= d) and the top bit of byte k is clear
// exactly when k < d. Shifts by constants, no multiply (a 64-bit multiply
// is a library call or a variable-time instruction on some 32-bit cores).
inline uint64_t ct_bytes_before_mask(size_t pos, size_t limit) {
  pos = value_barrier(pos);
  const size_t none = ct_lt_mask(limit, pos);
  const size_t all = ct_ge_mask(limit, pos + 8);
  const size_t d = ct_select(all, 8, ct_select(none, 0, limit - pos));
  uint64_t dd = d;
  dd |= dd << 8;
  dd |= dd << 16;
  dd |= dd << 32;
  constexpr uint64_t kIndex = std::endian::native == std::endian::little
                                  ? 0x0706050403020100
                                  : 0x0001020304050607;
  constexpr uint64_t kHigh = 0x8080808080808080;
  const uint64_t below = ~((kIndex | kHigh) - dd) & kHigh;
  return (below - (below >> 7)) | below;
}

// ct_is_zero_mask64: all ones (size_t) if x == 0.
inline size_t ct_is_zero_mask64(uint64_t x) {
  return ct_is_zero_mask(static_cast<size_t>(x) |
                         static_cast<size_t>(x >> 32));
}

// The largest TLS padding (including the length byte) and MAC.
inline constexpr size_t kTlsMaxPadding = 256;
inline constexpr size_t kTlsMaxMacLen = 48;

// TlsBeforeMask: the byte masks [pos < limit] for the positions pos in
// [base, base + count) (base, count public; limit secret, base <= limit),
// computed once, eight bytes per ct_bytes_before_mask, and then read at
// public positions. Every secret position test of the open path - the end
// of the data (the HMAC's message end and 0x80 byte, the plaintext copied
// out), the MAC's span (end of data + MAC length) - is the one mask read at
// a public offset, instead of a mask computed per word per test. Positions
// may lie "below zero" (base wraps in size_t): the arithmetic is modulo
// 2^N and only differences pos - base are used. Secret contents: wiped by
// the destructor.
class TlsBeforeMask {
 public:
  // Room for open()'s span: MAC + padding + two hash blocks + the length
  // field and rounding (<= 48 + 256 + 256 + 16 + 16).
  static constexpr size_t kMaxCount = 608;

  // limit_min <= limit <= limit_max (public bounds, base <= limit_min):
  // the words wholly before limit_min are all ones and those from
  // limit_max on all zeros whatever the secret, so only the words between
  // are computed (open: the 256-byte window of the padding length).
  TlsBeforeMask(size_t base, size_t count, size_t limit, size_t limit_min,
                size_t limit_max)
      : base_(base) {
    const size_t rel = limit - base;  // >= 0: base <= limit
    const size_t ones = (limit_min - base) & ~size_t{7};
    const size_t zeros = limit_max - base;
    for (size_t k = 0; k < count && k < kMaxCount; k += 8) {
      const uint64_t w = k + 8 <= ones ? ~uint64_t{0}
                         : k >= zeros  ? 0
                                       : ct_bytes_before_mask(k, rel);
      std::memcpy(m_ + k, &w, 8);
    }
  }
  TlsBeforeMask(size_t base, size_t count, size_t limit)
      : TlsBeforeMask(base, count, limit, base, base + count) {}
  ~TlsBeforeMask() { secure_zero(m_, sizeof(m_)); }
  TlsBeforeMask(const TlsBeforeMask&) = delete;
  TlsBeforeMask& operator=(const TlsBeforeMask&) = delete;

  // masks<W>: the sizeof(W) masks of pos, pos + 1, ... in memory order
  // (pos public, inside the span); word: eight, byte: one.
  template <class W>
  W masks(size_t pos) const {
    W w;
    std::memcpy(&w, m_ + (pos - base_), sizeof(W));
    return w;
  }
  uint64_t word(size_t pos) const { return masks<uint64_t>(pos); }
  uint8_t byte(size_t pos) const { return m_[pos - base_]; }

 private:
  size_t base_;
  uint8_t m_[kMaxCount + 8];
};

// tls_rotate_left_ct: rotates buf[0..len) left by `offset` (secret,
// offset < len) in O(len log len): for each bit k of the offset, a rotation
// by 2^k (mod len), kept or discarded with a mask. Every byte is read and
// written the same way for every offset; indices depend only on len and k.
// len <= kTlsMaxMacLen.
void tls_rotate_left_ct(uint8_t* buf, size_t len, size_t offset);

// tls_extract_mac_ct: copies the mac_len bytes starting at window[mac_pos]
// to `out`, where mac_pos (secret) satisfies mac_pos + mac_len <= len. One
// pass over the window accumulates each byte into out[i mod mac_len] (a
// public index), which leaves the MAC rotated by a secret amount; that is
// then undone with tls_rotate_left_ct. O(len + mac_len log mac_len).
void tls_extract_mac_ct(uint8_t* out, size_t mac_len, const uint8_t* window,
                        size_t len, size_t mac_pos);
// The same with the MAC's start as a mask the caller already has:
// before.byte(win_pos + i) = [i < mac_pos] for i in [-mac_len, len).
void tls_extract_mac_ct(uint8_t* out, size_t mac_len, const uint8_t* window,
                        size_t len, size_t mac_pos, const TlsBeforeMask& before,
                        size_t win_pos);

// tls_padding_check_ct: checks TLS padding at the end of a decrypted record
// rec[0..len) (len >= mac_len + 1): the last byte p says p+1 padding bytes
// all equal to p, and they must leave room for the MAC. Returns a mask
// (all ones = good) and sets *padding_len (secret) to p+1, or to 1 when
// the padding is bad so that later steps still run on in-range lengths.
// Always reads the last min(len, 256) bytes.
size_t tls_padding_check_ct(const uint8_t* rec, size_t len, size_t mac_len,
                            size_t* padding_len);

// tls_hmac_ct: HMAC(key, ad || uint16_be(data_len) || data[0..data_len))
// where data is the concatenation a[0..a_len) || b[0..b_len), data_len is
// secret with min_data_len <= data_len <= max_data_len (both public,
// max_data_len <= a_len + b_len, max_data_len < 2^16). The compression
// function runs the same number of times for every data_len: the blocks
// before any possible end are hashed plainly, the rest are built with masks
// (message byte, 0x80, zero or length field by position) and the state
// after the true final block is kept with a mask.
void tls_hmac_ct(const HmacKeyState& key, const uint8_t ad[11],
                 const uint8_t* a, size_t a_len, const uint8_t* b,
                 size_t b_len, size_t data_len, size_t min_data_len,
                 size_t max_data_len, uint8_t* out);
// The same with the end of the data as a mask the caller already has:
// before.word(p) = [p + k < data_len] for the data positions p in
// [first - 14, last + 8), first and last the stream positions (minus the
// 13-byte header) of the blocks that may hold the end: tls_hmac_span.
void tls_hmac_ct(const HmacKeyState& key, const uint8_t ad[11],
                 const uint8_t* a, size_t a_len, const uint8_t* b,
                 size_t b_len, size_t data_len, size_t min_data_len,
                 size_t max_data_len, uint8_t* out,
                 const TlsBeforeMask& before);
// tls_hmac_span: the data positions [*lo, *hi) whose masks tls_hmac_ct
// reads (*lo may wrap below zero), for the public bounds of data_len.
void tls_hmac_span(const HashAlg& alg, size_t min_data_len,
                   size_t max_data_len, size_t* lo, size_t* hi);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_
