// ghash_neon_arm_core.h: the bulk loop of the NEON GHASH row on ARMv7
// (VMULL.P8), laid out for sixteen Q registers and the Cortex-A9's single
// in-order NEON pipe.
//
// Same mathematics, key layout and constant-time argument as
// ghash_neon_core.h (Camara, Gouvea, Lopez and Dahab 2013: a 64x64
// carry-less product from eight VMULL.P8 of byte rotations, the pairs of
// index difference r summed in L_r, placed by masking and a rotation by r
// bytes; Karatsuba on the 64-bit halves; two blocks per reduction with H^2
// and H). What differs, and why:
//   - Placement is linear in L_r, so the two blocks of a step are summed
//     per Karatsuba term and per r *before* it: the masks, the four
//     128-bit rotations (VEXT.8 of a Q register, two cycles each on the
//     Cortex-A9) and the final sums run once per term per step instead of
//     once per product - half of them.
//   - Placement works on D registers (the low half of L_r masked, XORed
//     into both halves), where the shared code broadcasts the low half
//     through a 64-bit DUP that GCC 12 routes through core registers.
//   - The three Karatsuba terms are computed one after the other, so only
//     one term's five accumulators are live (the shared lockstep of three
//     keeps fifteen and spills).
//   - The two-block loop is one inline-assembly loop (update, below) with
//     every value in a fixed register: the key rotations come in with
//     four-register post-incremented VLD1s in the order they are consumed,
//     and nothing spills. The odd last block goes through the intrinsics
//     (term, terms).
// Constant time: VMULL.P8, VEOR/VAND/VBIC/VEXT and shifts by constants,
// loads at public addresses (the loop count and the key walk depend only
// on the block count); no branch on data or key.
#ifndef CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_
#define CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_neon_core.h"

namespace ctcrypto::internal::neon_ghash_arm {

#define CTCRYPTO_NEON_ARM_INLINE inline __attribute__((always_inline))

using neon_ghash::NeonKey;

CTCRYPTO_NEON_ARM_INLINE uint8x16_t pmul8(uint8x8_t a, uint8x8_t b) {
  return vreinterpretq_u8_p16(
      vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

// term: the 128-bit carry-less product sum over i < n of a[i] * b[i], b[i]
// given by its five rotations (NeonKey), placed once for the sum.
template <size_t n>
CTCRYPTO_NEON_ARM_INLINE uint8x16_t term(const uint8x8_t (&a)[n],
                                         const uint8_t (*const (&b)[n])[8]) {
  uint8x16_t d, l1, l2, l3, l4;
#pragma GCC unroll 2
  for (size_t i = 0; i < n; ++i) {
    const uint8x8_t b0 = vld1_u8(b[i][0]);
    const uint8x16_t di = pmul8(a[i], b0);
    const uint8x16_t l1i = veorq_u8(pmul8(a[i], vld1_u8(b[i][1])),
                                    pmul8(vext_u8(a[i], a[i], 7), b0));
    const uint8x16_t l2i = veorq_u8(pmul8(a[i], vld1_u8(b[i][2])),
                                    pmul8(vext_u8(a[i], a[i], 6), b0));
    const uint8x16_t l3i = veorq_u8(pmul8(a[i], vld1_u8(b[i][3])),
                                    pmul8(vext_u8(a[i], a[i], 5), b0));
    const uint8x16_t l4i = pmul8(a[i], vld1_u8(b[i][4]));
    if (i == 0) {
      d = di, l1 = l1i, l2 = l2i, l3 = l3i, l4 = l4i;
    } else {
      d = veorq_u8(d, di), l1 = veorq_u8(l1, l1i), l2 = veorq_u8(l2, l2i);
      l3 = veorq_u8(l3, l3i), l4 = veorq_u8(l4, l4i);
    }
  }
  // M_r = L_r ^ (t : t), t = the low 2r bytes of L_r's low half (r = 4: all
  // of it), then rotated right by r bytes (ghash_neon_core.h).
  const uint8x8_t m1 = vcreate_u8(0xFFFFull), m2 = vcreate_u8(0xFFFFFFFFull),
                  m3 = vcreate_u8(0xFFFFFFFFFFFFull);
  const uint8x8_t t1 = vand_u8(vget_low_u8(l1), m1);
  const uint8x8_t t2 = vand_u8(vget_low_u8(l2), m2);
  const uint8x8_t t3 = vand_u8(vget_low_u8(l3), m3);
  const uint8x8_t t4 = vget_low_u8(l4);
  l1 = vcombine_u8(veor_u8(vget_low_u8(l1), t1), veor_u8(vget_high_u8(l1), t1));
  l2 = vcombine_u8(veor_u8(vget_low_u8(l2), t2), veor_u8(vget_high_u8(l2), t2));
  l3 = vcombine_u8(veor_u8(vget_low_u8(l3), t3), veor_u8(vget_high_u8(l3), t3));
  l4 = vcombine_u8(vdup_n_u8(0), veor_u8(vget_high_u8(l4), t4));
  return veorq_u8(veorq_u8(d, vextq_u8(l1, l1, 1)),
                  veorq_u8(veorq_u8(vextq_u8(l2, l2, 2), vextq_u8(l3, l3, 3)),
                           vextq_u8(l4, l4, 4)));
}

// terms: the Karatsuba terms of sum y[i] * H_i, y[i] as load_block gives
// it (low D = high word), ops[i] the key rotations of H_i.
template <size_t n>
CTCRYPTO_NEON_ARM_INLINE neon_ghash::Terms terms(
    const uint8x16_t (&y)[n], const neon_ghash::KeyOps* const (&ops)[n]) {
  uint8x8_t lo[n], mid[n], hi[n];
  const uint8_t(*blo[n])[8];
  const uint8_t(*bmid[n])[8];
  const uint8_t(*bhi[n])[8];
#pragma GCC unroll 2
  for (size_t i = 0; i < n; ++i) {
    hi[i] = vget_low_u8(y[i]);
    lo[i] = vget_high_u8(y[i]);
    mid[i] = veor_u8(lo[i], hi[i]);
    blo[i] = (*ops[i])[0];
    bhi[i] = (*ops[i])[1];
    bmid[i] = (*ops[i])[2];
  }
  // The memory barriers keep each term's key loads, and so its products,
  // after the previous term: interleaved by the scheduler, the three terms'
  // accumulators do not fit and spill.
  neon_ghash::Terms t;
  t.z0 = term<n>(lo, blo);
  __asm__ volatile("" ::: "memory");
  t.z2 = term<n>(hi, bhi);
  __asm__ volatile("" ::: "memory");
  t.z1 = term<n>(mid, bmid);
  return t;
}

// The loop of update, in NEON assembly: GCC's code for it reloaded every
// key vector through its own address computation, spilled, and moved D
// halves around; here every value has a fixed register, so a step of two
// blocks is 195 instructions (GCC 12: 282) with no stack access.
//
// Registers (Dn; Qn = D2n:D2n+1):
//   d0-d3   the two blocks as load_block gives them (d0, d2 the high words,
//           d1, d3 the low words); the mid operands replace d1, d3 once
//           the low term is done.
//   d4, d30, d31  the masks of the low 6, 2 and 4 bytes (r = 3, 1, 2).
//   d5, d11 data rotations; d6-d10 the five key rotations of one
//           (power, operand), loaded ahead of their block.
//   q6-q10  one term's D, L1..L4; q11, q12 products and temporaries.
//   q13, q14 the low (z0) and high (z2) terms, then the 256-bit product,
//           then q14 the reduced xi: d28 the low word, d29 the high word
//           (the lanes of reduce before its final swap).
// The key pointer walks the rotations in the order the terms consume them
// (NeonKey: rot[power][operand][r], 40 bytes per (power, operand)): per
// term the block without xi first (H, rot[0]), so the first products do
// not wait for xi ^ X1, then the other (H^2, rot[1]); each five rotations
// are one four-register VLD1 and one single, post-incremented by 8 or by a
// stride register to the next (power, operand).
//
// One block, key (of the block's power and the term's operand) in d6-d10:
// D = a*b0, L_r = a*b_r ^ rot(a, 8 - r)*b0 (r = 1..3), L4 = a*b4; the
// first block of a term writes q6-q10, the second adds to them. Each ends
// with the loads of the next rotations (after the last read of d6-d9 and
// of d10 in program order).
#define CTCRYPTO_GHASH_ARM_FIRST(a, next)                        \
  "vext.8   d5, " a ", " a ", #7\n\t"                            \
  "vmull.p8 q6, " a ", d6\n\t"                                   \
  "vext.8   d11, " a ", " a ", #6\n\t"                           \
  "vmull.p8 q7, " a ", d7\n\t"                                   \
  "vmull.p8 q11, d5, d6\n\t"                                     \
  "vext.8   d5, " a ", " a ", #5\n\t"                            \
  "vmull.p8 q8, " a ", d8\n\t"                                   \
  "vmull.p8 q12, d11, d6\n\t"                                    \
  "veor     q7, q7, q11\n\t"                                     \
  "vmull.p8 q9, " a ", d9\n\t"                                   \
  "vmull.p8 q11, d5, d6\n\t"                                     \
  "veor     q8, q8, q12\n\t"                                     \
  "vld1.64  {d6-d9}, [%[k]:64]!\n\t"                             \
  "vmull.p8 q10, " a ", d10\n\t"                                 \
  "veor     q9, q9, q11\n\t"                                     \
  "vld1.64  {d10}, [%[k]:64]" next "\n\t"
#define CTCRYPTO_GHASH_ARM_SECOND(a, next)                       \
  "vext.8   d5, " a ", " a ", #7\n\t"                            \
  "vmull.p8 q11, " a ", d6\n\t"                                  \
  "vext.8   d11, " a ", " a ", #6\n\t"                           \
  "vmull.p8 q12, " a ", d7\n\t"                                  \
  "veor     q6, q6, q11\n\t"                                     \
  "vmull.p8 q11, d5, d6\n\t"                                     \
  "vext.8   d5, " a ", " a ", #5\n\t"                            \
  "veor     q7, q7, q12\n\t"                                     \
  "vmull.p8 q12, " a ", d8\n\t"                                  \
  "veor     q7, q7, q11\n\t"                                     \
  "vmull.p8 q11, d11, d6\n\t"                                    \
  "veor     q8, q8, q12\n\t"                                     \
  "vmull.p8 q12, " a ", d9\n\t"                                  \
  "veor     q8, q8, q11\n\t"                                     \
  "vmull.p8 q11, d5, d6\n\t"                                     \
  "veor     q9, q9, q12\n\t"                                     \
  "vld1.64  {d6-d9}, [%[k]:64]!\n\t"                             \
  "vmull.p8 q12, " a ", d10\n\t"                                 \
  "veor     q9, q9, q11\n\t"                                     \
  "vld1.64  {d10}, [%[k]:64]" next "\n\t"                        \
  "veor     q10, q10, q12\n\t"
// Placement of q7-q10 (ghash_neon_core.h): t = the low 2r bytes of L_r's
// low half, cleared there (VBIC) and added to the high half; L4's low half
// added to its high half and cleared; each rotated right by r bytes.
#define CTCRYPTO_GHASH_ARM_PLACE   \
  "vand     d22, d14, d30\n\t"     \
  "vand     d23, d16, d31\n\t"     \
  "vand     d24, d18, d4\n\t"      \
  "vbic     d14, d14, d30\n\t"     \
  "vbic     d16, d16, d31\n\t"     \
  "vbic     d18, d18, d4\n\t"      \
  "veor     d15, d15, d22\n\t"     \
  "veor     d17, d17, d23\n\t"     \
  "veor     d19, d19, d24\n\t"     \
  "veor     d21, d21, d20\n\t"     \
  "vmov.i8  d20, #0\n\t"           \
  "vext.8   q7, q7, q7, #1\n\t"    \
  "vext.8   q8, q8, q8, #2\n\t"    \
  "vext.8   q9, q9, q9, #3\n\t"    \
  "vext.8   q10, q10, q10, #4\n\t"
// The term: D ^ the four placed L_r, into q.
#define CTCRYPTO_GHASH_ARM_SUM(q) \
  "veor     " q ", q6, q7\n\t"    \
  "veor     q8, q8, q9\n\t"       \
  "veor     " q ", " q ", q10\n\t" \
  "veor     " q ", " q ", q8\n\t"

// update: xi' = (xi ^ X1) * H^2 ^ X2 * H per step of two blocks (one
// reduction), an odd last block with H alone.
inline void update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                   size_t blocks) {
  // Through void*: the storage is aligned for NeonKey (ghash_neon_core.h
  // asserts it), which its uint8_t type does not say (-Wcast-align).
  const NeonKey* k =
      static_cast<const NeonKey*>(static_cast<const void*>(g->storage));
  if (blocks >= 2) {
    const uint8_t* kp = &k->rot[0][0][0][0];
    size_t steps = blocks / 2;
    // Post-increments after the fifth rotation (at offset 32) of one
    // (power, operand) to the next one's first: rot[0][o] -> rot[1][o]
    // +88, rot[1][1] -> rot[0][1] -152, rot[1][2] -> rot[0][0] (the next
    // step) -232; rot[1][0] -> rot[1][1] and rot[0][1] -> rot[0][2] are
    // contiguous (+8).
    const int next_h2 = 88, back_h = -152, next_step = -232;
    __asm__ volatile(
        "vld1.64  {d28-d29}, [%[xi]]\n\t"
        "vrev64.8 q14, q14\n\t"
        "vswp     d28, d29\n\t"
        "vmov.i64 d30, #0x000000000000ffff\n\t"
        "vmov.i64 d31, #0x00000000ffffffff\n\t"
        "vmov.i64 d4, #0x0000ffffffffffff\n\t"
        "vld1.64  {d6-d9}, [%[k]:64]!\n\t"
        "vld1.64  {d10}, [%[k]:64], %[next_h2]\n"
        ".Lghash_neon_arm_step%=:\n\t"
        "vld1.64  {d0-d3}, [%[in]]!\n\t"
        "vrev64.8 q1, q1\n\t"
        "vrev64.8 q0, q0\n\t"
        // Low term (operand 0): X2 with H, then X1 ^ xi with H^2.
        CTCRYPTO_GHASH_ARM_FIRST("d3", "!")
        "veor     d1, d1, d28\n\t"
        "veor     d0, d0, d29\n\t"
        CTCRYPTO_GHASH_ARM_SECOND("d1", ", %[back_h]")
        CTCRYPTO_GHASH_ARM_PLACE
        CTCRYPTO_GHASH_ARM_SUM("q13")
        "veor     d1, d1, d0\n\t"
        "veor     d3, d3, d2\n\t"
        // High term (operand 1): X1 ^ xi with H^2, then X2 with H.
        CTCRYPTO_GHASH_ARM_FIRST("d0", "!")
        CTCRYPTO_GHASH_ARM_SECOND("d2", ", %[next_h2]")
        CTCRYPTO_GHASH_ARM_PLACE
        CTCRYPTO_GHASH_ARM_SUM("q14")
        // Mid term (operand 2, the XOR of the halves): X2 with H, then
        // X1 ^ xi with H^2; the last loads are the next step's first.
        CTCRYPTO_GHASH_ARM_FIRST("d3", ", %[next_step]")
        CTCRYPTO_GHASH_ARM_SECOND("d1", ", %[next_h2]")
        CTCRYPTO_GHASH_ARM_PLACE
        // Karatsuba: q6 = the mid term ^ z0 ^ z2, added 64 bits up into
        // (z2 : z0) = q14 : q13 (d26 the lowest word).
        "veor     q6, q6, q7\n\t"
        "veor     q8, q8, q9\n\t"
        "veor     q10, q10, q13\n\t"
        "veor     q6, q6, q14\n\t"
        "veor     q8, q8, q10\n\t"
        "veor     q6, q6, q8\n\t"
        "veor     d27, d27, d12\n\t"
        "veor     d28, d28, d13\n\t"
        // Reduction (neon_ghash::reduce, one Q shift set for both words:
        // the bits w0 gives w1 and those w1 gives w2 are S = w<<63 ^
        // w<<62 ^ w<<57 per word; the w1 part would be the same from w1
        // ^ S0, as S of S is zero), then w3:w2 ^= v ^ v>>1 ^ v>>2 ^ v>>7
        // per word, v = w1:w0.
        "vshl.i64 q11, q13, #63\n\t"
        "vshl.i64 q12, q13, #62\n\t"
        "veor     q11, q11, q12\n\t"
        "vshl.i64 q12, q13, #57\n\t"
        "veor     q11, q11, q12\n\t"
        "veor     d27, d27, d22\n\t"
        "veor     d28, d28, d23\n\t"
        "vshr.u64 q11, q13, #1\n\t"
        "vshr.u64 q12, q13, #2\n\t"
        "veor     q14, q14, q13\n\t"
        "veor     q14, q14, q11\n\t"
        "vshr.u64 q11, q13, #7\n\t"
        "veor     q14, q14, q12\n\t"
        "veor     q14, q14, q11\n\t"
        "subs     %[steps], %[steps], #1\n\t"
        "bne      .Lghash_neon_arm_step%=\n\t"
        "vswp     d28, d29\n\t"
        "vrev64.8 q14, q14\n\t"
        "vst1.64  {d28-d29}, [%[xi]]\n\t"
        : [k] "+r"(kp), [in] "+r"(in), [steps] "+r"(steps)
        : [xi] "r"(xi), [next_h2] "r"(next_h2), [back_h] "r"(back_h),
          [next_step] "r"(next_step)
        : "cc", "memory", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
          "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "d16", "d17",
          "d18", "d19", "d20", "d21", "d22", "d23", "d24", "d25", "d26",
          "d27", "d28", "d29", "d30", "d31");
    blocks &= 1;
  }
  if (blocks) {
    uint8x16_t y = neon_ghash::load_block(xi);
    const uint8x16_t ys[1] = {veorq_u8(y, neon_ghash::load_block(in))};
    const neon_ghash::KeyOps* const ops[1] = {&k->rot[0]};
    y = neon_ghash::reduce(terms<1>(ys, ops));
    vst1q_u8(xi, vrev64q_u8(y));
  }
}

#undef CTCRYPTO_GHASH_ARM_FIRST
#undef CTCRYPTO_GHASH_ARM_SECOND
#undef CTCRYPTO_GHASH_ARM_PLACE
#undef CTCRYPTO_GHASH_ARM_SUM

// row: the ARMv7 "neon" row: the shared key set-up, this update.
constexpr GhashRow row(uint32_t caps) {
  GhashRow r = neon_ghash::row(caps);
  r.update = update;
  return r;
}

#undef CTCRYPTO_NEON_ARM_INLINE

}  // namespace ctcrypto::internal::neon_ghash_arm

#endif  // CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_
