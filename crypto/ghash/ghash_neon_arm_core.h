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
//   - The three Karatsuba terms are computed one after the other (compiler
//     memory barriers between them), so only one term's five accumulators
//     are live (the shared lockstep of three keeps fifteen and spills).
// (The data rotations stay VEXT.8: VTBL.8 with a table is one cycle
// instead of two on the Cortex-A9, but the three index registers cost
// spills; llvm-mca 10.3 c/B against 9.9.)
// Constant time: VMULL.P8, VTBL.8 with constant indices, VEOR/VAND/VEXT,
// loads at public addresses; no branch on data or key.
#ifndef CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_
#define CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/ghash/ghash_backend.h"
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
template <int n>
CTCRYPTO_NEON_ARM_INLINE uint8x16_t term(const uint8x8_t (&a)[n],
                                         const uint8_t (*const (&b)[n])[8]) {
  uint8x16_t d, l1, l2, l3, l4;
#pragma GCC unroll 2
  for (int i = 0; i < n; ++i) {
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
template <int n>
CTCRYPTO_NEON_ARM_INLINE neon_ghash::Terms terms(
    const uint8x16_t (&y)[n], const neon_ghash::KeyOps* const (&ops)[n]) {
  uint8x8_t lo[n], mid[n], hi[n];
  const uint8_t(*blo[n])[8];
  const uint8_t(*bmid[n])[8];
  const uint8_t(*bhi[n])[8];
#pragma GCC unroll 2
  for (int i = 0; i < n; ++i) {
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

// update: xi' = (xi ^ X1) * H^2 ^ X2 * H per step of two blocks (one
// reduction), an odd last block with H alone.
inline void update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                   size_t blocks) {
  const NeonKey* k = reinterpret_cast<const NeonKey*>(g->storage);
  uint8x16_t y = neon_ghash::load_block(xi);
  for (; blocks >= 2; blocks -= 2, in += 32) {
    // The key pointer made opaque per step: the key vectors are reloaded
    // instead of hoisted into registers that then spill to this frame.
    __asm__("" : "+r"(k));
    const uint8x16_t ys[2] = {veorq_u8(y, neon_ghash::load_block(in)),
                              neon_ghash::load_block(in + 16)};
    const neon_ghash::KeyOps* const ops[2] = {&k->rot[1], &k->rot[0]};
    y = neon_ghash::reduce(terms<2>(ys, ops));
  }
  if (blocks) {
    const uint8x16_t ys[1] = {veorq_u8(y, neon_ghash::load_block(in))};
    const neon_ghash::KeyOps* const ops[1] = {&k->rot[0]};
    y = neon_ghash::reduce(terms<1>(ys, ops));
  }
  vst1q_u8(xi, vrev64q_u8(y));
}

// row: the ARMv7 "neon" row: the shared key set-up, this update.
constexpr GhashBackend row(uint32_t caps) {
  GhashBackend r = neon_ghash::row(caps);
  r.update = update;
  return r;
}

#undef CTCRYPTO_NEON_ARM_INLINE

}  // namespace ctcrypto::internal::neon_ghash_arm

#endif  // CTCRYPTO_GHASH_GHASH_NEON_ARM_CORE_H_
