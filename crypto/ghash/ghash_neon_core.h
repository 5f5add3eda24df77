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
// (120 bytes), so per block only the data side is rotated. Blocks go in
// pairs, (Y ^ X1) * H^2 ^ X2 * H with a single reduction, so the two
// independent products keep the NEON pipe busy on in-order cores; the key
// holds the same for H^2 (240 bytes in all).
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

#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"

namespace ctcrypto::internal::neon_ghash {

// The block loop must be one straight-line body for the scheduler.
#define CTCRYPTO_NEON_INLINE inline __attribute__((always_inline))

// The key: for H^1 and H^2 (as H^i * x^-1, see above), for each Karatsuba
// operand o (0: low half, 1: high half, 2: their XOR), its rotations by
// r = 0..4 bytes (lane k holds byte k - r mod 8).
struct NeonKey {
  alignas(16) uint8_t rot[2][3][5][8];
};
static_assert(sizeof(NeonKey) <= kGhashKeyStorageBytes);
static_assert(alignof(NeonKey) <= kKeyStateAlign);  // GhashKeyState::storage
using KeyOps = uint8_t[3][5][8];

// set_power: fills rot[power] from h (a GCM byte string): H' = H * x^-1,
// reflected: shift left by one and fold the leaving x^0 bit back as
// x^-1 = x^127 + x^6 + x + 1 (0xC2000...0001). Mask arithmetic, no branch.
inline void set_power(NeonKey* k, int power, const uint8_t h[16]) {
  uint64_t hh = load_be64(h), hl = load_be64(h + 8);
  uint64_t carry = 0 - (hh >> 63);
  hh = (hh << 1) | (hl >> 63);
  hl <<= 1;
  hh ^= 0xC200000000000000ull & carry;
  hl ^= 1ull & carry;
  const uint64_t ops[3] = {hl, hh, hl ^ hh};
  for (int o = 0; o < 3; ++o) {
    for (int r = 0; r < 5; ++r) {
      for (int lane = 0; lane < 8; ++lane) {
        k->rot[power][o][r][lane] =
            static_cast<uint8_t>(ops[o] >> (8 * ((lane - r + 8) & 7)));
      }
    }
  }
}

CTCRYPTO_NEON_INLINE uint8x16_t pmul8(uint8x8_t a, uint8x8_t b) {
  return vreinterpretq_u8_p16(
      vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

// Masks of the low 2r bytes (r = 1..3), in both 64-bit halves.
struct Masks {
  uint8x16_t m[3];
};

inline Masks make_masks() {
  Masks m;
  for (int r = 1; r <= 3; ++r) {
    m.m[r - 1] = vreinterpretq_u8_u64(vdupq_n_u64((1ull << (16 * r)) - 1));
  }
  return m;
}

// dup_lo: (lo : lo) of a 128-bit value (one DUP / VMOV).
CTCRYPTO_NEON_INLINE uint8x16_t dup_lo(uint8x16_t l) {
#if defined(__aarch64__)
  return vreinterpretq_u8_u64(vdupq_laneq_u64(vreinterpretq_u64_u8(l), 0));
#else
  // (vdupq_lane_u64 is routed through core registers by GCC 12 on ARMv7.)
  return vcombine_u8(vget_low_u8(l), vget_low_u8(l));
#endif
}

// clmul64x3: three independent 128-bit carry-less products out[i] = a[i] *
// b[i], b[i] given by its five rotations. The three are computed in
// lockstep, stage by stage, so that an in-order core always has independent
// instructions to issue while earlier results are in flight.
//
// Per product: the data rotations a1..a3, eight vmull_p8, then for each
// difference r the sum L_r and its placement (M_r = L_r ^ (t : t) with t
// the low 2r bytes of L_r, rotated right by r bytes).
CTCRYPTO_NEON_INLINE void clmul64x3(const uint8x8_t a[3], const uint8_t (*const b[3])[8],
                      uint8x16_t out[3], const Masks& mk) {
  uint8x16_t l1[3], l2[3], l3[3], l4[3], d[3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const uint8x8_t b0 = vld1_u8(b[i][0]);
    d[i] = pmul8(a[i], b0);
    l1[i] = veorq_u8(pmul8(a[i], vld1_u8(b[i][1])),
                     pmul8(vext_u8(a[i], a[i], 7), b0));
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const uint8x8_t b0 = vld1_u8(b[i][0]);
    l2[i] = veorq_u8(pmul8(a[i], vld1_u8(b[i][2])),
                     pmul8(vext_u8(a[i], a[i], 6), b0));
    l3[i] = veorq_u8(pmul8(a[i], vld1_u8(b[i][3])),
                     pmul8(vext_u8(a[i], a[i], 5), b0));
    l4[i] = pmul8(a[i], vld1_u8(b[i][4]));
  }
  // t : t for each r (r = 4: the whole low half).
  uint8x16_t t1[3], t2[3], t3[3], t4[3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    t1[i] = vandq_u8(dup_lo(l1[i]), mk.m[0]);
    t2[i] = vandq_u8(dup_lo(l2[i]), mk.m[1]);
    t3[i] = vandq_u8(dup_lo(l3[i]), mk.m[2]);
    t4[i] = dup_lo(l4[i]);
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    l1[i] = veorq_u8(l1[i], t1[i]);
    l2[i] = veorq_u8(l2[i], t2[i]);
    l3[i] = veorq_u8(l3[i], t3[i]);
    l4[i] = veorq_u8(l4[i], t4[i]);
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    l1[i] = vextq_u8(l1[i], l1[i], 1);
    l2[i] = vextq_u8(l2[i], l2[i], 2);
    l3[i] = vextq_u8(l3[i], l3[i], 3);
    l4[i] = vextq_u8(l4[i], l4[i], 4);
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    out[i] = veorq_u8(veorq_u8(d[i], l1[i]), veorq_u8(l2[i], veorq_u8(l3[i], l4[i])));
  }
}

// Unreduced Karatsuba terms of a 128x128 product.
struct Terms {
  uint8x16_t z0, z1, z2;  // lo*lo, mid*mid, hi*hi
};

// mul: the Karatsuba terms of y (lane 0 = high word, lane 1 = low word,
// byte-reversed halves) times the key operands ops.
CTCRYPTO_NEON_INLINE Terms mul(uint8x16_t y, const KeyOps& ops, const Masks& mk) {
  const uint8x8_t yh = vget_low_u8(y), yl = vget_high_u8(y);
  const uint8x8_t a[3] = {yl, veor_u8(yl, yh), yh};
  const uint8_t (*const b[3])[8] = {ops[0], ops[2], ops[1]};
  uint8x16_t z[3];
  clmul64x3(a, b, z, mk);
  return Terms{z[0], z[1], z[2]};
}

CTCRYPTO_NEON_INLINE uint64x2_t shl3(uint64x2_t v) {  // v<<63 ^ v<<62 ^ v<<57 per lane
  return veorq_u64(veorq_u64(vshlq_n_u64(v, 63), vshlq_n_u64(v, 62)),
                   vshlq_n_u64(v, 57));
}

// reduce: the field element (lane 0 = high word, lane 1 = low word) of the
// 256-bit reflected product given by its Karatsuba terms.
CTCRYPTO_NEON_INLINE uint8x16_t reduce(const Terms& t) {
  const uint64x2_t zero = vdupq_n_u64(0);
  const uint64x2_t z0 = vreinterpretq_u64_u8(t.z0);
  const uint64x2_t z2 = vreinterpretq_u64_u8(t.z2);
  const uint64x2_t z1 =
      veorq_u64(vreinterpretq_u64_u8(t.z1), veorq_u64(z0, z2));
  // 256-bit product: lo = (w1:w0), hi = (w3:w2), lane 0 the low word.
  uint64x2_t lo = veorq_u64(z0, vextq_u64(zero, z1, 1));
  uint64x2_t hi = veorq_u64(z2, vextq_u64(z1, zero, 1));
  // Fold w0 into w1 (its bits that move to lane 1), then (w1:w0) into hi:
  // hi ^= lo ^ lo>>1 ^ lo>>2 ^ lo>>7 as 128-bit shifts.
  lo = veorq_u64(lo, vextq_u64(zero, shl3(lo), 1));
  hi = veorq_u64(hi, vextq_u64(shl3(lo), zero, 1));
  hi = veorq_u64(hi, veorq_u64(lo, vshrq_n_u64(lo, 1)));
  hi = veorq_u64(hi, veorq_u64(vshrq_n_u64(lo, 2), vshrq_n_u64(lo, 7)));
  // Back to (lane 0 = high word, lane 1 = low word).
  return vreinterpretq_u8_u64(vextq_u64(hi, hi, 1));
}

CTCRYPTO_NEON_INLINE Terms add(const Terms& a, const Terms& b) {
  return Terms{veorq_u8(a.z0, b.z0), veorq_u8(a.z1, b.z1),
               veorq_u8(a.z2, b.z2)};
}

// load_block: a GCM block as (lane 0 = high word, lane 1 = low word) with
// the bytes of each 64-bit word reversed into a little-endian integer.
CTCRYPTO_NEON_INLINE uint8x16_t load_block(const uint8_t* p) { return vrev64q_u8(vld1q_u8(p)); }

// update: two blocks per step with H^2 and H and one reduction (aggregated
// reduction): xi' = (xi ^ X1) * H^2 ^ X2 * H. Both products are independent,
// which is what an in-order core with long NEON latencies needs. An odd
// block count ends with one single-block step.
inline void update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                   size_t blocks) {
  // Through void*: the storage is aligned for NeonKey (asserted above),
  // which its uint8_t type does not say (-Wcast-align on ARM).
  const NeonKey* k =
      static_cast<const NeonKey*>(static_cast<const void*>(g->storage));
  const Masks mk = make_masks();
  uint8x16_t y = load_block(xi);
  for (; blocks >= 2; blocks -= 2, in += 32) {
    // The key pointer made opaque per step: the 30 key vectors of H and
    // H^2 are reloaded from the key instead of hoisted out of the loop into
    // registers that then spill to this frame (a stack copy of H^2).
    __asm__("" : "+r"(k));
    const uint8x16_t a = veorq_u8(y, load_block(in));
    const uint8x16_t b = load_block(in + 16);
    y = reduce(add(mul(a, k->rot[1], mk), mul(b, k->rot[0], mk)));
  }
  if (blocks) y = reduce(mul(veorq_u8(y, load_block(in)), k->rot[0], mk));
  vst1q_u8(xi, vrev64q_u8(y));
}

// init_key: the rotations of H and of H^2 (computed with the H row itself).
inline void init_key(GhashKeyState* g, const uint8_t h[16]) {
  NeonKey k;
  set_power(&k, 0, h);
  std::memcpy(g->storage, &k, sizeof(k));
  uint8_t h2[16];
  std::memcpy(h2, h, 16);
  const Masks mk = make_masks();
  vst1q_u8(h2, vrev64q_u8(reduce(mul(load_block(h2), k.rot[0], mk))));
  set_power(&k, 1, h2);
  std::memcpy(g->storage, &k, sizeof(k));
  secure_zero(&k, sizeof(k));
  secure_zero(h2, sizeof(h2));
}

// init_key_powers: calls of one block read only rot[0] (H); longer ones
// read H^2 too, so they get init_key.
inline GhashKeyExtent init_key_powers(GhashKeyState* g, const uint8_t h[16],
                                      size_t max_blocks) {
  if (max_blocks >= 2) {
    init_key(g, h);
    return GhashKeyExtent{{0, 0}, {sizeof(NeonKey), 0}};
  }
  NeonKey k;
  set_power(&k, 0, h);
  static_assert(offsetof(NeonKey, rot) == 0);
  std::memcpy(g->storage, k.rot[0], sizeof(k.rot[0]));
  secure_zero(k.rot[0], sizeof(k.rot[0]));
  return GhashKeyExtent{{0, 0}, {sizeof(k.rot[0]), 0}};
}

// row: the "neon" row of an ISA file, which needs `caps` at run time.
constexpr GhashRow row(uint32_t caps) {
  return GhashRow{.name = "neon",
                      .required_caps = caps,
                      .init = init_key,
                      .update = update,
                      .init_powers = init_key_powers};
}

#undef CTCRYPTO_NEON_INLINE

}  // namespace ctcrypto::internal::neon_ghash

#endif  // CTCRYPTO_GHASH_GHASH_NEON_CORE_H_
