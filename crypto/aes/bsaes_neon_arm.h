// bsaes_neon_arm.h: the steps of the bitsliced AES round (bsaes_core.h)
// that ARMv7 NEON schedules for its sixteen Q registers.
//
// Why: the generic round keeps more values live than ARMv7 has registers.
// The Boyar–Peralta S-box circuit (bitsliced_sbox.h) peaks at ~20 live
// planes, the generic MixColumns at 24 (r1[8], t[8] and the planes); GCC 12
// then spills through VSTR/VLDR pairs of D registers, which the Cortex-A9
// issues on its single NEON pipe: ~108 of them per round, more than half
// of the round's cost (llvm-mca, bench/mca.sh).
//
//   - SubBytes is one inline-asm block whose registers are allocated by
//     bsaes_neon_arm_sbox_gen.py from the same gate list (read out of
//     bitsliced_sbox.h): the eight planes in the operands, q8..q15 as
//     temporaries, the few values that do not fit moved to a 16-byte-
//     aligned scratch area with one VST1.64 / VLD1.64 of a Q register each
//     (load/store pipe, not the NEON pipe), victims chosen by farthest next
//     use. Intrinsics cannot express this: GCC decides the spills itself.
//     The outputs stay in whichever operand register the allocator left
//     them; the wrapper renames (no instruction).
//   - MixColumns plane by plane (out_j = xtime(t)_j ^ r1_j ^ rot2(t_j) with
//     t = a ^ rot1(a), bsaes_core.h), so only t_7, t_{j-1} and the current
//     plane's temporaries are live beside the eight planes.
//
// Constant time: VEOR/VAND/VMVN/VEXT and VLD1/VST1 at addresses fixed by
// the code (the scratch slots), no branch; the scratch area is in the
// frame of the engine loop, which the entry points scrub after each call
// (kBsaesFrameScrubBytes).
#ifndef CTCRYPTO_AES_BSAES_NEON_ARM_H_
#define CTCRYPTO_AES_BSAES_NEON_ARM_H_

#include <arm_neon.h>

#include <cstdint>

#include "crypto/aes/bitsliced_sbox.h"
#include "crypto/aes/bsaes_neon_arm_sbox.inc"

namespace ctcrypto::internal::bsaes_neon_arm {

using V = uint8x16_t;

// The circuit on q[0..7] in place; kAffine as in bs_sbox_circuit.
template <bool kAffine>
CTCRYPTO_BS_INLINE void sbox_circuit(V q[8]) {
  static_assert(CTCRYPTO_BSAES_ARM_SBOX_SLOTS ==
                CTCRYPTO_BSAES_ARM_SBOX_LINEAR_SLOTS);
  alignas(16) uint8_t scratch[16 * CTCRYPTO_BSAES_ARM_SBOX_SLOTS];
  uint32_t tmp;
  V p[8] = {q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]};
  if constexpr (kAffine) {
    constexpr int out[8] = CTCRYPTO_BSAES_ARM_SBOX_OUT;
    __asm__(CTCRYPTO_BSAES_ARM_SBOX
            : "+w"(p[0]), "+w"(p[1]), "+w"(p[2]), "+w"(p[3]), "+w"(p[4]),
              "+w"(p[5]), "+w"(p[6]), "+w"(p[7]), [t] "=&r"(tmp),
              "=m"(scratch)
            : [s] "r"(scratch)
            : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = p[out[j]];
  } else {
    constexpr int out[8] = CTCRYPTO_BSAES_ARM_SBOX_LINEAR_OUT;
    __asm__(CTCRYPTO_BSAES_ARM_SBOX_LINEAR
            : "+w"(p[0]), "+w"(p[1]), "+w"(p[2]), "+w"(p[3]), "+w"(p[4]),
              "+w"(p[5]), "+w"(p[6]), "+w"(p[7]), [t] "=&r"(tmp),
              "=m"(scratch)
            : [s] "r"(scratch)
            : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = p[out[j]];
  }
}

CTCRYPTO_BS_INLINE void sub_bytes(V q[8]) { sbox_circuit<true>(q); }

// InvS = A' o S o A' (bitsliced_sbox.h), the circuit without its constant.
CTCRYPTO_BS_INLINE void inv_sub_bytes(V q[8]) {
  bs_inv_affine<true>(q);
  sbox_circuit<false>(q);
  bs_inv_affine<false>(q);
}

// MixColumns plane by plane; xtime(t) is (t7, t0^t7, t1, t2^t7, t3^t7,
// t4, t5, t6) (bsaes_core.h).
CTCRYPTO_BS_INLINE void mix_columns(V q[8]) {
  const V r7 = vextq_u8(q[7], q[7], 4);
  const V t7 = q[7] ^ r7;
  V prev = t7;  // t_{j-1}, with t_{-1} standing for the x^8 term t7
#pragma GCC unroll 8
  for (int j = 0; j < 8; j++) {
    const V r1 = j == 7 ? r7 : vextq_u8(q[j], q[j], 4);
    const V t = j == 7 ? t7 : q[j] ^ r1;
    V x = j == 0 ? t7 : prev;
    if (j == 1 || j == 3 || j == 4) x = x ^ t7;
    q[j] = x ^ r1 ^ vextq_u8(t, t, 8);
    prev = t;
  }
}

// The ShiftRows index followed by ShiftRows then rot1 (lane p <- lane
// p+4 of the shifted plane), the two shuffles the asm block below reads.
struct ShiftRowsIdx {
  alignas(16) uint8_t idx[32];
};
constexpr ShiftRowsIdx make_shift_rows_idx(const uint8_t (&sr)[16]) {
  ShiftRowsIdx r{};
  for (int p = 0; p < 16; p++) {
    r.idx[p] = sr[p];
    r.idx[16 + p] = sr[(p + 4) % 16];
  }
  return r;
}

// ShiftRows, MixColumns and AddRoundKey of `rk` in one asm block (the
// generator's CTCRYPTO_BSAES_ARM_SHIFT_MIX): each plane is shuffled into
// a temporary by two VTBL.8 and its MixColumns output, plus its round-key
// plane, written back to its own register, so the planes never leave
// q0..q7 and the round key is never held (or spilled) outside the block.
// `idx` is make_shift_rows_idx(ShiftRows).
CTCRYPTO_BS_INLINE void shift_mix_add_key(V q[8], const uint8_t* rk,
                                          const ShiftRowsIdx& idx) {
  __asm__(CTCRYPTO_BSAES_ARM_SHIFT_MIX
          : "+w"(q[0]), "+w"(q[1]), "+w"(q[2]), "+w"(q[3]), "+w"(q[4]),
            "+w"(q[5]), "+w"(q[6]), "+w"(q[7]), [k] "+r"(rk)
          : [idx] "r"(idx.idx), "m"(idx),
            "m"(*(const uint8_t(*)[128])rk)
          : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");
}

// full_rounds: `n` >= 1 full rounds (SubBytes, ShiftRows, MixColumns,
// AddRoundKey with the round keys from `rk` on, 128 bytes each) as one asm
// loop (CTCRYPTO_BSAES_ARM_ROUNDS): the planes stay in q0..q7 from round
// to round, with no compiler-placed copies at the loop edge. The loop
// count is the public number of rounds.
CTCRYPTO_BS_INLINE void full_rounds(V q[8], const uint8_t* rk, unsigned n,
                                    const ShiftRowsIdx& idx) {
  static_assert(CTCRYPTO_BSAES_ARM_SBOX_SLOTS > 0);
  alignas(16) uint8_t scratch[16 * CTCRYPTO_BSAES_ARM_SBOX_SLOTS];
  uint32_t tmp;
  __asm__(CTCRYPTO_BSAES_ARM_ROUNDS
          : "+w"(q[0]), "+w"(q[1]), "+w"(q[2]), "+w"(q[3]), "+w"(q[4]),
            "+w"(q[5]), "+w"(q[6]), "+w"(q[7]), [k] "+r"(rk), [n] "+r"(n),
            [t] "=&r"(tmp), "=m"(scratch)
          : [s] "r"(scratch), [idx] "r"(idx.idx), "m"(idx)
          : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15", "cc",
            "memory");
}

// wipe_regs: zeroes the planes in the registers that hold them (a VEOR of
// each with itself, which the compiler cannot drop: volatile asm) and the
// asm blocks' temporaries q8..q15. Taking the planes' address instead (as
// secure_zero would) makes GCC store all eight to the frame every round.
// (The engine may wipe planes that a zero-length call never set: the
// VEOR of an unset register is harmless, so that warning is off here.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
CTCRYPTO_BS_INLINE void wipe_regs(V q[8]) {
#pragma GCC unroll 8
  for (int j = 0; j < 8; j++) __asm__ volatile("veor %q0, %q0, %q0" : "+w"(q[j]));
  __asm__ volatile(
      "vmov.i8 q8, #0\n\tvmov.i8 q9, #0\n\tvmov.i8 q10, #0\n\t"
      "vmov.i8 q11, #0\n\tvmov.i8 q12, #0\n\tvmov.i8 q13, #0\n\t"
      "vmov.i8 q14, #0\n\tvmov.i8 q15, #0"
      :
      :
      : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");
}
#pragma GCC diagnostic pop

}  // namespace ctcrypto::internal::bsaes_neon_arm

#endif  // CTCRYPTO_AES_BSAES_NEON_ARM_H_
