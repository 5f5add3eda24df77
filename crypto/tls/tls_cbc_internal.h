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

#include "crypto/ct.h"
#include "crypto/hash/hash_internal.h"

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

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_
