// bsaes_ssse3_x86_64.h: the SSSE3 shim of the bitsliced AES core
// (bsaes_core.h), for the bsaes row (aes_bsaes_x86_64.cc) and the stitched
// bsaes + ssse3 GHASH loop (crypto/modes/gcm_vpaes_bsaes_x86_64.cc). The only
// SSSE3 instruction is PSHUFB with constant index vectors (data-independent
// shuffles); the rest is SSE2 logic, 64-bit shifts by constants, PSHUFD and
// PCMPEQB. Include only from files compiled with -mssse3.
#ifndef CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_
#define CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_

#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstdint>

#include "crypto/aes/bsaes_core.h"

namespace ctcrypto::internal {

struct IsaSsse3 {
  using V = __m128i;

  static inline V load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static inline void store(uint8_t* p, V v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  static inline V splat(uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  template <int n>
  static inline V shr(V v) {
    return _mm_srli_epi64(v, n);
  }
  template <int n>
  static inline V shl(V v) {
    return _mm_slli_epi64(v, n);
  }
  // Lane 4r + c <- lane 4r + (c + r) mod 4.
  static inline V shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14));
  }
  // Lane 4r + c <- lane 4r + (c - r) mod 4.
  static inline V inv_shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12));
  }
  // Dword k <- dword k+1 (lane p <- p+4), and by two dwords.
  static inline V rot_rows1(V v) { return _mm_shuffle_epi32(v, 0x39); }
  static inline V rot_rows2(V v) { return _mm_shuffle_epi32(v, 0x4E); }
  static inline V transpose4x4(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
  }
  static inline V bit_mask(V k, V bit) {
    return _mm_cmpeq_epi8(_mm_and_si128(k, bit), bit);
  }
};

using BsaesSsse3 = BsaesEngine<IsaSsse3>;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_
