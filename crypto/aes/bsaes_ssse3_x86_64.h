// bsaes_ssse3_x86_64.h: the SSSE3 shim of the bitsliced AES core
// (bsaes_core.h), for the bsaes row (aes_bsaes_x86_64.cc) and the stitched
// bsaes + ssse3 GHASH loop (crypto/modes/gcm_vpaes_bsaes_x86_64.cc). The only
// SSSE3 instruction is PSHUFB with constant index vectors (data-independent
// shuffles); the rest is SSE2 logic, 64-bit shifts by constants, PSHUFD and
// PCMPEQB. Include only from files compiled with -mssse3.
//
// The rounds are not the generic code of bsaes_core.h but generated asm
// (full_round, last_round, inv_round, inv_last_round):
// bsaes_ssse3_x86_64_round_gen.py allocates the sixteen XMM registers for
// SSE's destructive two-operand forms itself (GCC 12 made the intrinsics
// encryption round loop 303 instructions, 50 of them register copies and
// 72 frame accesses; the generated one is 249, see the .inc for the counts
// of each round). The transposes and the key conversion stay the generic
// C++.
#ifndef CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_
#define CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_

#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstdint>

#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_ssse3_x86_64_round.inc"

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

  // The memory operands of the generated rounds (PSHUFB and PXOR read
  // them as 16-byte-aligned m128): the ShiftRows indices above, and
  // all-ones for the affine constants (0x63 of S, 0x05 of A').
  alignas(16) static constexpr uint8_t kShiftRowsIdx[16] = {
      0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14};
  alignas(16) static constexpr uint8_t kInvShiftRowsIdx[16] = {
      0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12};
  alignas(16) static constexpr uint8_t kOnes[16] = {
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

  // full_round: SubBytes, ShiftRows, MixColumns and AddRoundKey with the
  // bitsliced round key at rk (128 bytes, any alignment), the generated
  // CTCRYPTO_BSAES_X86_ROUND. The planes stay in xmm0..xmm7 (the asm
  // clobbers xmm8..xmm15, so the compiler can give the eight operands no
  // other registers) and come out in their own operand registers, so a
  // loop of rounds needs no copies. Values that do not fit go to
  // `scratch`, in the frame of the engine loop that inlines this, which
  // the entry points scrub (bsaes_frame_scrub_bytes).
// CTCRYPTO_BSAES_X86_RUN: one generated round (CODE, with SLOTS scratch
// slots; it reads its ShiftRows indices as %[IDX_NAME]) on the planes q
// with the round key rk: the operands every generated round takes.
#define CTCRYPTO_BSAES_X86_RUN(CODE, SLOTS, IDX_NAME, IDX)                    \
  do {                                                                      \
    alignas(16) uint8_t scratch[16 * (SLOTS)];                              \
    CTCRYPTO_CT_ASM_SCOPE(q, 16 * 8, rk, 128);                              \
    __asm__(CODE                                                            \
            : "+x"(q[0]), "+x"(q[1]), "+x"(q[2]), "+x"(q[3]), "+x"(q[4]),   \
              "+x"(q[5]), "+x"(q[6]), "+x"(q[7]), "=m"(scratch)             \
            : [k] "r"(rk), [s] "r"(scratch),                                \
              "m"(*reinterpret_cast<const uint8_t(*)[128]>(rk)),            \
              [IDX_NAME] "m"(IDX), [ones] "m"(kOnes)                        \
            : "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",  \
              "xmm15");                                                     \
  } while (0)

  static CTCRYPTO_BS_INLINE void full_round(V q[8], const uint8_t* rk) {
    CTCRYPTO_BSAES_X86_RUN(CTCRYPTO_BSAES_X86_ROUND,
                           CTCRYPTO_BSAES_X86_ROUND_SLOTS, sr, kShiftRowsIdx);
  }

  // last_round: the same without MixColumns (CTCRYPTO_BSAES_X86_LAST_ROUND).
  static CTCRYPTO_BS_INLINE void last_round(V q[8], const uint8_t* rk) {
    CTCRYPTO_BSAES_X86_RUN(CTCRYPTO_BSAES_X86_LAST_ROUND,
                           CTCRYPTO_BSAES_X86_LAST_ROUND_SLOTS, sr,
                           kShiftRowsIdx);
  }

  // inv_round: a decryption round as bsaes_core.h's decrypt runs it
  // (InvShiftRows, InvSubBytes, AddRoundKey with rk, InvMixColumns), the
  // generated CTCRYPTO_BSAES_X86_INV_ROUND; inv_last_round without
  // InvMixColumns. Registers and scratch as full_round.
  static CTCRYPTO_BS_INLINE void inv_round(V q[8], const uint8_t* rk) {
    CTCRYPTO_BSAES_X86_RUN(CTCRYPTO_BSAES_X86_INV_ROUND,
                           CTCRYPTO_BSAES_X86_INV_ROUND_SLOTS, isr,
                           kInvShiftRowsIdx);
  }

  static CTCRYPTO_BS_INLINE void inv_last_round(V q[8], const uint8_t* rk) {
    CTCRYPTO_BSAES_X86_RUN(CTCRYPTO_BSAES_X86_INV_LAST_ROUND,
                           CTCRYPTO_BSAES_X86_INV_LAST_ROUND_SLOTS, isr,
                           kInvShiftRowsIdx);
  }
#undef CTCRYPTO_BSAES_X86_RUN

  // wipe_regs: zeroes the planes in their registers and the rounds'
  // temporaries xmm8..xmm15 (volatile asm, which the compiler cannot
  // drop). Taking the planes' address instead (secure_zero) would make the
  // compiler keep them in the frame around every round's asm. (The engine
  // may wipe planes that a zero-length call never set: the PXOR of an
  // unset register is harmless, so that warning is off here.)
#pragma GCC diagnostic push
#if defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#else
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  static CTCRYPTO_BS_INLINE void wipe_regs(V q[8]) {
#if defined(CTCRYPTO_CTMSAN)
    // MSan checks the asm's input, the secret plane it zeroes; the zeroed
    // plane is public (see CTCRYPTO_CT_ASM_SCOPE in crypto/ct.h).
    __msan_unpoison(q, 8 * sizeof(V));
#endif
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) __asm__ volatile("pxor %0, %0" : "+x"(q[j]));
    __asm__ volatile(
        "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
        "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
        "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
        "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
        :
        :
        : "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
          "xmm15");
  }
#pragma GCC diagnostic pop
};

using BsaesSsse3 = BsaesEngine<IsaSsse3>;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_BSAES_SSSE3_X86_64_H_
