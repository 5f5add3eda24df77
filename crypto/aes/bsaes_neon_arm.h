// bsaes_neon_arm.h: the bitsliced AES rounds (bsaes_core.h) laid out for
// the sixteen Q registers of ARMv7 NEON and the Cortex-A9's in-order NEON
// pipe.
//
// Why: the generic round keeps more values live than ARMv7 has registers.
// The Boyar–Peralta S-box circuit (bitsliced_sbox.h) peaks at ~20 live
// planes, the generic MixColumns at 24 (r1[8], t[8] and the planes); GCC 12
// then spills through VSTR/VLDR pairs of D registers, which the Cortex-A9
// issues on its single NEON pipe: ~108 of them per round, more than half
// of the round's cost (llvm-mca, bench/mca.sh). Intrinsics cannot fix
// this: GCC decides the spills itself. So:
//   - The encryption rounds 1 .. Nr-1 are one inline-asm loop
//     (full_rounds), generated with its registers allocated and its
//     instructions scheduled by bsaes_neon_arm_sbox_gen.py from the gate
//     list in bitsliced_sbox.h (see there): the eight planes stay in the
//     operand registers from round to round, q8..q15 are temporaries, and
//     the few values that do not fit go to a 16-byte-aligned scratch area,
//     one VST1.64 / VLD1.64 of a Q register each (the load/store pipe, not
//     the NEON pipe).
//   - In that loop ShiftRows, MixColumns and AddRoundKey run plane by
//     plane: s = SR(a) is a VTBL.8 pair with constant indices, r1 =
//     rot1(s) a VEXT.8 of s by four bytes, t = s ^ r1, and
//     out_j = xtime(t)_j ^ r1_j ^ rot2(t_j) ^ key_j, rot2 being the swap of
//     t's D halves; only t_7, t_{j-1} and the current plane's temporaries
//     live beside the planes.
//   - CTR (aes_bsaes_arm.cc: encrypt_transposed) runs its rounds
//     1 .. Nr-1 fixsliced instead (full_rounds_fixsliced): no ShiftRows,
//     MixColumns in the planes' frame (VEXT plus a word rotation:
//     VREV32.16, or VSHL/VSRI), one loop of four rounds.
//   - The last round and the decryption rounds use the same S-box code as
//     a block of its own (sub_bytes, inv_sub_bytes); decryption's
//     InvMixColumns goes through mix_columns below, plane by plane.
//
// Constant time: VEOR/VAND/VMVN/VEXT/VTBL with constant indices, VLD1/VST1 at
// addresses fixed by the code (scratch slots, round keys in order), and a
// loop over the public round count; no branch or address depends on data
// or key. The scratch area is in the frame of the engine loop, which the
// entry points scrub after each call (bsaes_frame_scrub_bytes); the planes
// are wiped in their registers (wipe_regs).
#ifndef CTCRYPTO_AES_BSAES_NEON_ARM_H_
#define CTCRYPTO_AES_BSAES_NEON_ARM_H_

#include <arm_neon.h>

#include <cstdint>

#include "crypto/aes/bitsliced_sbox.h"
#include "crypto/aes/bsaes_neon_arm_sbox.inc"

namespace ctcrypto::internal::bsaes_neon_arm {

using V = uint8x16_t;

// Runs the generated block NAME of bsaes_neon_arm_sbox.inc on q[0..7] in
// place: the planes in its operands %0..%7, its scratch area of
// NAME_SLOTS 16-byte slots, result plane j read from operand NAME_OUT[j].
#define CTCRYPTO_BSAES_ARM_SBOX_BLOCK(NAME, q)                               \
  do {                                                                       \
    alignas(16) uint8_t scratch_[16 * NAME##_SLOTS];                         \
    uint32_t tmp_;                                                           \
    V p_[8] = {q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]};              \
    constexpr int out_[8] = NAME##_OUT;                                      \
    __asm__(NAME                                                             \
            : "+w"(p_[0]), "+w"(p_[1]), "+w"(p_[2]), "+w"(p_[3]),            \
              "+w"(p_[4]), "+w"(p_[5]), "+w"(p_[6]), "+w"(p_[7]),            \
              [t] "=&r"(tmp_), "=m"(scratch_)                                \
            : [s] "r"(scratch_)                                              \
            : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");         \
    _Pragma("GCC unroll 8") for (int j_ = 0; j_ < 8; j_++) q[j_] =           \
        p_[out_[j_]];                                                        \
  } while (0)

// The circuit on q[0..7] in place; kAffine as in bs_sbox_circuit.
template <bool kAffine>
CTCRYPTO_BS_INLINE void sbox_circuit(V q[8]) {
  if constexpr (kAffine) {
    CTCRYPTO_BSAES_ARM_SBOX_BLOCK(CTCRYPTO_BSAES_ARM_SBOX, q);
  } else {
    CTCRYPTO_BSAES_ARM_SBOX_BLOCK(CTCRYPTO_BSAES_ARM_SBOX_LINEAR, q);
  }
}

CTCRYPTO_BS_INLINE void sub_bytes(V q[8]) { sbox_circuit<true>(q); }

// InvS = A' o S o A' (bitsliced_sbox.h) with both A' folded into the
// circuit's linear layers (bsaes_neon_arm_sbox_gen.py): NOTs of the planes
// of CTCRYPTO_BSAES_ARM_INV_SBOX_NOT, then CTCRYPTO_BSAES_ARM_INV_SBOX, 165
// NEON instructions instead of A' (16 VEOR, 2 VMVN), the circuit (166) and
// A' again (16 VEOR).
CTCRYPTO_BS_INLINE void inv_sub_bytes(V q[8]) {
#pragma GCC unroll 8
  for (int j = 0; j < 8; j++) {
    if ((CTCRYPTO_BSAES_ARM_INV_SBOX_NOT >> j) & 1) q[j] = vmvnq_u8(q[j]);
  }
  CTCRYPTO_BSAES_ARM_SBOX_BLOCK(CTCRYPTO_BSAES_ARM_INV_SBOX, q);
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

// The ShiftRows indices the round loop reads, one per full round (at most
// 13, AES-256; its rot1 is a VEXT of the shifted plane,
// bsaes_neon_arm_sbox_gen.py says why): all SR, or with the first round's
// composed with a lane permutation `pre` that the planes still carry
// (first[p] = pre[SR[p]], i.e. SR(pre(x)) in one shuffle; the steps before
// it, AddRoundKey and SubBytes, act lane by lane).
struct RoundIdx {
  alignas(16) uint8_t idx[13][16];
};
constexpr RoundIdx make_round_idx(const uint8_t (&sr)[16],
                                  const uint8_t (&pre)[16]) {
  RoundIdx r{};
  for (int p = 0; p < 16; p++) {
    r.idx[0][p] = pre[sr[p]];
    for (int i = 1; i < 13; i++) r.idx[i][p] = sr[p];
  }
  return r;
}

// full_rounds: `n` >= 1 full rounds (SubBytes, ShiftRows with idx's
// index of the round, MixColumns, AddRoundKey with the round keys from
// `rk` on, 128 bytes each) as one asm
// loop (CTCRYPTO_BSAES_ARM_ROUNDS): the planes stay in q0..q7 from round
// to round, with no compiler-placed copies at the loop edge. The loop
// count is the public number of rounds.
CTCRYPTO_BS_INLINE void full_rounds(V q[8], const uint8_t* rk, unsigned n,
                                    const RoundIdx& idx) {
  static_assert(CTCRYPTO_BSAES_ARM_SBOX_SLOTS > 0);
  alignas(16) uint8_t scratch[16 * CTCRYPTO_BSAES_ARM_SBOX_SLOTS];
  uint32_t tmp;
  const uint8_t* ip = idx.idx[0];
  __asm__(CTCRYPTO_BSAES_ARM_ROUNDS
          : "+w"(q[0]), "+w"(q[1]), "+w"(q[2]), "+w"(q[3]), "+w"(q[4]),
            "+w"(q[5]), "+w"(q[6]), "+w"(q[7]), [k] "+r"(rk), [n] "+r"(n),
            [t] "=&r"(tmp), "=m"(scratch), [idx] "+r"(ip)
          : [s] "r"(scratch), "m"(idx)
          : "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15", "cc",
            "memory");
}

// Fixslicing (bsaes_neon_arm_sbox_gen.py): the CTR rounds skip ShiftRows
// and leave the planes' lanes in frame f = round mod 4:
// stored lane p holds the true lane frame_perm(f)[p] (SR^-f as an index),
// and the round key of such a round is stored in its frame (the key's
// lanes permuted so, aes_bsaes_arm.cc: transpose_keys). sr_pow(f)[x] is
// where true lane x is stored in frame f (SR^f, the inverse).
struct Idx16 {
  alignas(16) uint8_t idx[16];
};
constexpr Idx16 frame_perm(const uint8_t (&sr)[16], unsigned f) {
  Idx16 inv{}, r{};
  for (int p = 0; p < 16; p++) inv.idx[sr[p]] = static_cast<uint8_t>(p);
  for (int p = 0; p < 16; p++) r.idx[p] = static_cast<uint8_t>(p);
  for (unsigned i = 0; i < f % 4; i++) {
    for (int p = 0; p < 16; p++) r.idx[p] = inv.idx[r.idx[p]];
  }
  return r;
}
constexpr Idx16 sr_pow(const uint8_t (&sr)[16], unsigned f) {
  Idx16 r{};
  for (int p = 0; p < 16; p++) r.idx[p] = static_cast<uint8_t>(p);
  for (unsigned i = 0; i < f % 4; i++) {
    for (int p = 0; p < 16; p++) r.idx[p] = sr[r.idx[p]];
  }
  return r;
}

// full_rounds_fixsliced: `n` >= 1 full rounds without ShiftRows as one
// asm (CTCRYPTO_BSAES_ARM_ROUNDS_FS) on planes in frame 0, ending in
// frames 1, 2, 3, 0, ..., with the round keys from `rk` on (128 bytes a
// round, each in its round's frame and with SubBytes' constant folded in:
// the S-box here is the linear one). The planes end in frame n mod 4.
// Loop and exits count the public number of rounds.
CTCRYPTO_BS_INLINE void full_rounds_fixsliced(V q[8], const uint8_t* rk,
                                              unsigned n) {
  alignas(16) uint8_t scratch[16 * CTCRYPTO_BSAES_ARM_SBOX_SLOTS];
  uint32_t tmp;
  __asm__(CTCRYPTO_BSAES_ARM_ROUNDS_FS
          : "+w"(q[0]), "+w"(q[1]), "+w"(q[2]), "+w"(q[3]), "+w"(q[4]),
            "+w"(q[5]), "+w"(q[6]), "+w"(q[7]), [k] "+r"(rk), [n] "+r"(n),
            [t] "=&r"(tmp), "=m"(scratch)
          : [s] "r"(scratch)
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
#if defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#else
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
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
