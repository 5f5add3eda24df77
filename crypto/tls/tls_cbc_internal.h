// tls_cbc_internal.h: the constant-time building blocks of TLS CBC record
// decryption, exposed for the unit tests (tests/tls_cbc_test.cc).
//
// Conventions: a "mask" is a size_t that is all ones (true) or all zeros
// (false). Values called secret must only flow through masks; values called
// public (lengths of the record, of the MAC, of the hash block) may be
// branched on and used as indices.
#ifndef CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_
#define CTCRYPTO_TLS_TLS_CBC_INTERNAL_H_

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
