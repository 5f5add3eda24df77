// ghash_neon_core.h: GHASH on NEON without 64-bit PMULL, shared by AArch64
// (ghash_neon_aarch64.cc, PMULL.8B) and ARMv7 (ghash_neon_arm.cc, VMULL.P8).
//
// Technique. The only carry-less multiplier is the 8x8 -> 16-bit polynomial
// multiply vmull_p8, eight byte lanes at a time: lane k of vmull_p8(a, b) is
// a_k * b_k. A 64x64 product needs all 64 byte pairs a_i * b_j, each placed
// at bit 8(i + j). Following the construction of Camara, Gouvea, Lopez and
// Dahab ("Fast Software Polynomial Multiplication on ARM Processors Using the
// NEON Engine", 2013), the pairs are grouped by their index difference
// i - j = r mod 8: multiplying a by b rotated by r bytes (lane k holds
// b_(k-r)) yields the pairs with difference r in lane k, and a rotated by r
// times b the pairs with difference -r; r = 4 covers +4 and -4 with one
// product. So 8 vmull_p8 give every pair: r = 0 (1), r = 1, 2, 3 (2 each),
// r = 4 (1). Written here from the paper's description.
//
// Placement (derived for this layout). In the sum L_r of the two products for
// difference r, lane k (bytes 2k, 2k+1 of the 128-bit result) holds pairs
// with i + j = 2k - r when k >= r, which belong 8r bits lower: a 128-bit
// right shift by r bytes. Lanes k < r wrapped around (i + j = 2k - r + 8),
// belong 64 bits higher than that. Those lanes are exactly the low 2r bytes
// of L_r; with t = L_r AND (low 2r bytes), M_r = L_r ^ t ^ (t << 64) moves
// them up by 64 bits, and the contribution is M_r >> 8r. The low r bytes of
// M_r are zero, so that shift may be a rotation (vextq of M_r with itself).
//
// Layout. A GCM block is byte-reversed into a 128-bit integer whose bit 127
// is the coefficient of x^0 ("reflected"); its 64-bit halves are the two
// Karatsuba operands. The plain carry-less product of two reflected values
// is the reflected product shifted by one bit; instead of shifting it back,
// the key stores H * x^-1 (reflected: H << 1, adding 0xC2000...0001 when the
// x^0 bit leaves), as in Gueron-Kounavis's CLMUL white paper. The 256-bit
// product then folds its low 128 bits into the high 128 with x^128 = 1 + x +
// x^2 + x^7, i.e. right shifts by 0, 1, 2, 7 in the reflected order, in two
// steps (low word into the next, then the 128-bit half).
//
// Karatsuba: three 64x64 products per block (Yl*Hl, Yh*Hh, (Yl^Yh)*(Hl^Hh)).
// For each of the three H operands the key holds its five rotations b_0..b_4
// (120 bytes), so per block only the data side is rotated.
//
// Constant time. vmull_p8 / PMULL.8B are fixed-latency SIMD instructions;
// everything else is EXT, AND, EOR and shifts by constants. No table, no
// branch and no address depends on H or the data.
#ifndef CTCRYPTO_GHASH_GHASH_NEON_CORE_H_
#define CTCRYPTO_GHASH_GHASH_NEON_CORE_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal::neon_ghash {

struct NeonKey {
  // rot[o][r]: Karatsuba operand o (0: H'l, 1: H'h, 2: H'l ^ H'h) rotated so
  // that byte lane k holds byte k - r mod 8, for r = 0..4.
  alignas(16) uint8_t rot[3][5][8];
};
static_assert(sizeof(NeonKey) <= kGhashKeyStorageBytes);

inline uint64_t load_be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline void init_key(GhashKeyState* g, const uint8_t h[16]) {
  // H' = H * x^-1, reflected: shift left by one, fold the x^0 bit back.
  uint64_t hh = load_be64(h), hl = load_be64(h + 8);
  uint64_t carry = 0 - (hh >> 63);
  hh = (hh << 1) | (hl >> 63);
  hl <<= 1;
  hh ^= 0xC200000000000000ull & carry;
  hl ^= 1ull & carry;
  const uint64_t ops[3] = {hl, hh, hl ^ hh};
  NeonKey k;
  for (int o = 0; o < 3; ++o) {
    for (int r = 0; r < 5; ++r) {
      for (int lane = 0; lane < 8; ++lane) {
        k.rot[o][r][lane] =
            static_cast<uint8_t>(ops[o] >> (8 * ((lane - r + 8) & 7)));
      }
    }
  }
  std::memcpy(g->storage, &k, sizeof(k));
}

inline uint8x16_t pmul8(uint8x8_t a, uint8x8_t b) {
  return vreinterpretq_u8_p16(
      vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

// Masks of the low 2r bytes (r = 1..4) of a 128-bit value.
struct Masks {
  uint8x16_t m[4];
};

inline Masks make_masks() {
  Masks m;
  for (int r = 1; r <= 4; ++r) {
    m.m[r - 1] = vreinterpretq_u8_u64(
        vcombine_u64(vcreate_u64(r == 4 ? ~0ull : (1ull << (16 * r)) - 1),
                     vcreate_u64(0)));
  }
  return m;
}

// place<r>: the contribution M_r >> 8r of L_r (see the header comment).
template <int r>
inline uint8x16_t place(uint8x16_t l, uint8x16_t mask) {
  uint8x16_t t = vandq_u8(l, mask);
  uint8x16_t m = veorq_u8(veorq_u8(l, t), vextq_u8(t, t, 8));
  return vextq_u8(m, m, r);
}

// clmul64: the 128-bit carry-less product of a and the key operand b (its
// five rotations).
inline uint8x16_t clmul64(uint8x8_t a, const uint8_t (*b)[8],
                          const Masks& mk) {
  const uint8x8_t b0 = vld1_u8(b[0]), b1 = vld1_u8(b[1]), b2 = vld1_u8(b[2]),
                  b3 = vld1_u8(b[3]), b4 = vld1_u8(b[4]);
  const uint8x8_t a1 = vext_u8(a, a, 7), a2 = vext_u8(a, a, 6),
                  a3 = vext_u8(a, a, 5);
  uint8x16_t d = pmul8(a, b0);
  uint8x16_t l1 = veorq_u8(pmul8(a, b1), pmul8(a1, b0));
  uint8x16_t l2 = veorq_u8(pmul8(a, b2), pmul8(a2, b0));
  uint8x16_t l3 = veorq_u8(pmul8(a, b3), pmul8(a3, b0));
  uint8x16_t l4 = pmul8(a, b4);
  uint8x16_t s1 = veorq_u8(place<1>(l1, mk.m[0]), place<2>(l2, mk.m[1]));
  uint8x16_t s2 = veorq_u8(place<3>(l3, mk.m[2]), place<4>(l4, mk.m[3]));
  return veorq_u8(d, veorq_u8(s1, s2));
}

inline uint64x2_t shl3(uint64x2_t v) {  // v<<63 ^ v<<62 ^ v<<57 per lane
  return veorq_u64(veorq_u64(vshlq_n_u64(v, 63), vshlq_n_u64(v, 62)),
                   vshlq_n_u64(v, 57));
}

inline void update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                   size_t blocks) {
  const NeonKey* k = reinterpret_cast<const NeonKey*>(g->storage);
  const Masks mk = make_masks();
  const uint64x2_t zero = vdupq_n_u64(0);
  // y: (lane 0 = Yh, lane 1 = Yl) as byte-reversed 64-bit halves.
  uint8x16_t y = vrev64q_u8(vld1q_u8(xi));
  for (; blocks > 0; --blocks, in += 16) {
    y = veorq_u8(y, vrev64q_u8(vld1q_u8(in)));
    const uint8x8_t yh = vget_low_u8(y), yl = vget_high_u8(y);
    uint64x2_t z0 = vreinterpretq_u64_u8(clmul64(yl, k->rot[0], mk));
    uint64x2_t z2 = vreinterpretq_u64_u8(clmul64(yh, k->rot[1], mk));
    uint64x2_t z1 =
        vreinterpretq_u64_u8(clmul64(veor_u8(yl, yh), k->rot[2], mk));
    z1 = veorq_u64(z1, veorq_u64(z0, z2));
    // 256-bit product: lo = (w1:w0), hi = (w3:w2), lane 0 the low word.
    uint64x2_t lo = veorq_u64(z0, vextq_u64(zero, z1, 1));
    uint64x2_t hi = veorq_u64(z2, vextq_u64(z1, zero, 1));
    // Fold w0 into w1 (its bits that move to lane 1), then (w1:w0) into hi.
    lo = veorq_u64(lo, vextq_u64(zero, shl3(lo), 1));
    hi = veorq_u64(hi, vextq_u64(shl3(lo), zero, 1));
    hi = veorq_u64(hi, veorq_u64(lo, vshrq_n_u64(lo, 1)));
    hi = veorq_u64(hi, veorq_u64(vshrq_n_u64(lo, 2), vshrq_n_u64(lo, 7)));
    // Back to (lane 0 = high word, lane 1 = low word).
    y = vreinterpretq_u8_u64(vextq_u64(hi, hi, 1));
  }
  vst1q_u8(xi, vrev64q_u8(y));
}

}  // namespace ctcrypto::internal::neon_ghash

#endif  // CTCRYPTO_GHASH_GHASH_NEON_CORE_H_
