// simd_x86_64.h: the x86-64 vector helpers shared by the AES-NI/VAES rows
// (crypto/aes/aesni_internal.h) and the CLMUL/VPCLMULQDQ GHASH rows
// (crypto/ghash/ghash_clmul_core.h): unaligned 128-bit loads and stores, the
// block byte reversal, and the 512-bit lane moves.
//
// All helpers here have internal linkage (static inline): this header is
// compiled with different -m flags in different files, and a shared COMDAT
// copy built with AVX-512 encodings must never be picked by the linker for
// the SSE-only files.
#ifndef CTCRYPTO_SIMD_X86_64_H_
#define CTCRYPTO_SIMD_X86_64_H_

#include <immintrin.h>

#include <cstdint>

namespace ctcrypto::internal::x86hw {

static inline __m128i bswap128(__m128i x) {
  return _mm_shuffle_epi8(
      x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

static inline __m128i loadu(const uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
static inline void storeu(uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

#if defined(__AVX512F__) && defined(__AVX512BW__)
// --- 512-bit helpers (compiled only in the VAES/VPCLMULQDQ files) ---------
// A ZMM register holds four blocks, one per 128-bit lane; VAES and
// VPCLMULQDQ act on each lane independently, so the 128-bit arithmetic
// carries over lane by lane.

// Lane moves: GCC 12's <immintrin.h> versions of _mm512_broadcast_i32x4,
// _mm512_cast*, _mm512_extracti64x4_epi64, _mm512_shuffle_epi32 pass a
// self-initialised "undefined" operand that -Werror=uninitialized rejects
// (GCC bug 105593). Vector shuffles and the zero-masking forms with an
// all-ones mask compile to the same single instructions (checked with
// objdump: vbroadcasti32x4, vshufi64x2, vpshufd; a 128-bit "shuffle" into a
// 512-bit vector must not be used: GCC builds it through the stack).
typedef long long v8di_t __attribute__((vector_size(64)));

static inline __m512i bcast128(__m128i x) {
  // The zero-masking form with an all-ones mask is VBROADCASTI32X4 itself.
  return _mm512_maskz_broadcast_i32x4(0xffff, x);
}
static inline __m128i lo128(__m512i x) {
  return (__m128i)__builtin_shufflevector((v8di_t)x, (v8di_t)x, 0, 1);
}

static inline __m512i bswap512(__m512i x) {
  const __m512i m = bcast128(
      _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm512_shuffle_epi8(x, m);
}

static inline __m512i xor3_512(__m512i a, __m512i b, __m512i c) {
#if defined(CTCRYPTO_CTMSAN)
  // The same function (truth table 0x96 is a ^ b ^ c) in a form MSan models:
  // clang 14 has no shadow rule for VPTERNLOG (see crypto/ct.h).
  return _mm512_xor_si512(_mm512_xor_si512(a, b), c);
#else
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
#endif
}

static inline __m512i load512(const uint8_t* p) {
  return _mm512_loadu_si512(reinterpret_cast<const void*>(p));
}
#endif  // AVX-512

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_SIMD_X86_64_H_
