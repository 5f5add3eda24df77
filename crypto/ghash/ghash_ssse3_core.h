// ghash_ssse3_core.h: the per-block multiplication of the "ssse3" GHASH row
// (ghash_ssse3_x86_64.cc, whose essay explains the technique, the I-domain
// layout and the constant-time argument), as inline functions, so that a
// stitched GCM loop (the vpaes+bsaes row's,
// modes/gcm_vpaes_bsaes_x86_64.cc) can run GHASH blocks between
// bitsliced AES rounds with the same code and the same key material (GhashKeyState::storage holding Ssse3GhashKey).
//
// Compile with -mssse3.
#ifndef CTCRYPTO_GHASH_GHASH_SSSE3_CORE_H_
#define CTCRYPTO_GHASH_GHASH_SSSE3_CORE_H_

#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstdint>

#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {

struct Ssse3GhashKey {
  // rows[0][b][n] = byte b of T_hi[n]; rows[1][b][n] = byte b of T_lo[n]
  // (bytes of the I-domain 128-bit integer, least significant first).
  alignas(16) uint8_t rows[2][16][16];
};
static_assert(sizeof(Ssse3GhashKey) <= kGhashKeyStorageBytes);

namespace ghash_ssse3 {

// The byte reversal between a GCM block and the I-domain (an involution).
inline __m128i bswap_mask() {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

inline const __m128i* rows(const GhashKeyState* g) {
  return reinterpret_cast<const __m128i*>(g->storage);
}

// shl256: (u:l) <<= 8*n bits, n in 1..15 bytes.
template <int n>
inline __attribute__((always_inline)) void shl256(__m128i& u, __m128i& l) {
  u = _mm_alignr_epi8(u, l, 16 - n);
  l = _mm_slli_si128(l, n);
}

// shr128: the 128-bit logical right shift of x by s bits (0 < s < 64); xh
// is x shifted right by 8 bytes.
template <int s>
inline __attribute__((always_inline)) __m128i shr128(__m128i x, __m128i xh) {
  return _mm_or_si128(_mm_srli_epi64(x, s), _mm_slli_epi64(xh, 64 - s));
}

// mul: y * H in the I-domain (y already XORed with the data block). 32
// PSHUFB lookups into the transposed tables, two Horner chains of 256-bit
// byte shifts, one fold.
inline __attribute__((always_inline)) __m128i mul(const __m128i* rows,
                                                  __m128i y) {
  const __m128i* rhi = rows;
  const __m128i* rlo = rows + 16;
  const __m128i low4 = _mm_set1_epi8(0x0f);
  const __m128i nlo = _mm_and_si128(y, low4);
  const __m128i nhi = _mm_and_si128(_mm_srli_epi16(y, 4), low4);
  auto row = [&](int b) {
    return _mm_xor_si128(_mm_shuffle_epi8(_mm_load_si128(rhi + b), nhi),
                         _mm_shuffle_epi8(_mm_load_si128(rlo + b), nlo));
  };
  // Two Horner chains: E = sum_c V_2c << 16c, O = sum_c V_(2c+1) << 16c.
  __m128i eu = _mm_setzero_si128(), el = row(14);
  __m128i ou = _mm_setzero_si128(), ol = row(15);
#define CTCRYPTO_SSSE3_STEP(c)            \
  shl256<2>(eu, el);                      \
  el = _mm_xor_si128(el, row(2 * (c)));   \
  shl256<2>(ou, ol);                      \
  ol = _mm_xor_si128(ol, row(2 * (c) + 1));
  CTCRYPTO_SSSE3_STEP(6)
  CTCRYPTO_SSSE3_STEP(5)
  CTCRYPTO_SSSE3_STEP(4)
  CTCRYPTO_SSSE3_STEP(3)
  CTCRYPTO_SSSE3_STEP(2)
  CTCRYPTO_SSSE3_STEP(1)
  CTCRYPTO_SSSE3_STEP(0)
#undef CTCRYPTO_SSSE3_STEP
  // U:L = (E ^ O << 8) << 8 = E << 8 ^ O << 16.
  shl256<1>(eu, el);
  shl256<2>(ou, ol);
  __m128i u = _mm_xor_si128(eu, ou);
  const __m128i l = _mm_xor_si128(el, ol);
  // Reduce: u ^= l ^ l>>1 ^ l>>2 ^ l>>7.
  const __m128i lh = _mm_srli_si128(l, 8);
  u = _mm_xor_si128(u, l);
  u = _mm_xor_si128(u, shr128<1>(l, lh));
  u = _mm_xor_si128(u, shr128<2>(l, lh));
  return _mm_xor_si128(u, shr128<7>(l, lh));
}

// block: y = (y XOR X) * H for one 16-byte GCM block X at p (any alignment).
inline __attribute__((always_inline)) __m128i block(const __m128i* rows,
                                                    __m128i y,
                                                    const uint8_t* p) {
  const __m128i x = _mm_shuffle_epi8(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), bswap_mask());
  return mul(rows, _mm_xor_si128(y, x));
}

// load_xi / store_xi: the GCM accumulator to and from the I-domain.
inline __m128i load_xi(const uint8_t xi[16]) {
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)),
                          bswap_mask());
}
inline void store_xi(uint8_t xi[16], __m128i y) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(xi),
                   _mm_shuffle_epi8(y, bswap_mask()));
}

}  // namespace ghash_ssse3
}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_GHASH_GHASH_SSSE3_CORE_H_
