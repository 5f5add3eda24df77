// ghash_pmull.h: GHASH over the ARMv8 64-bit PMULL instruction (AArch64 and
// AArch32 crypto extensions alike), shared by the GHASH rows
// (ghash_pmull_aarch64.cc, ghash_pmull_arm.cc) and the armv8+pmull GCM
// kernel (crypto/modes/gcm_armv8_impl.h). Private to those files;
// see ghash_pmull_aarch64.cc for the essay.
//
// Representation. GCM numbers the bits of a block from the most significant
// bit of byte 0 (x^0) to the least significant bit of byte 15 (x^127).
// Reversing the bits inside every byte (RBIT.16B, one instruction on AArch64;
// two VTBL nibble lookups per half on AArch32, which has no vector RBIT) turns
// that into the natural order used by PMULL: read little-endian, bit i of
// the 128-bit lane is the coefficient of x^i. Products are then ordinary
// carry-less products and reduction modulo g = x^128 + x^7 + x^2 + x + 1
// multiplies the part above x^128 by 0x87 (= x^7 + x^2 + x + 1). Nothing
// else is needed: no shift by one and no "twisted" H, at the price of one
// RBIT per hashed block.
#ifndef CTCRYPTO_GHASH_GHASH_PMULL_H_
#define CTCRYPTO_GHASH_GHASH_PMULL_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"

// clang: the row's flags set the macros (isa_copts); gcc: the file includes
// crypto/cpu/armv8_crypto_target.h first, whose target pragma gcc 12 does
// not reflect in the macros in C++ (it checks each intrinsic's use instead).
#if defined(__clang__)
#if !defined(__ARM_FEATURE_AES) && !defined(__ARM_FEATURE_CRYPTO)
#error "ghash_pmull.h needs the crypto extensions (PMULL)"
#endif
#elif !defined(CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_)
#error "ghash_pmull.h: include crypto/cpu/armv8_crypto_target.h first"
#endif

// Forced inline: these are the inner steps of the bulk loops.
#define CTCRYPTO_PMULL_INLINE inline __attribute__((always_inline))

namespace ctcrypto::internal::pmull {

// Aggregated reduction width: 8 blocks are multiplied by H^8 .. H^1 and
// their products summed before one reduction.
inline constexpr size_t kMaxPowers = 8;

// Key layout in GhashKeyState::storage (byte offsets): H^(i+1) in natural
// bit order at 16*i for i < 8, then the Karatsuba middle operand
// lo(H^(i+1)) ^ hi(H^(i+1)) as 8 bytes at kHkOffset + 8*i.
inline constexpr size_t kHkOffset = 16 * kMaxPowers;
inline constexpr size_t kKeyBytes = kHkOffset + 8 * kMaxPowers;
static_assert(kKeyBytes <= kGhashKeyStorageBytes);

// Poly64: a 64-bit polynomial operand; lo64(v): the low lane of v as one;
// mul64(a, b): the 128-bit carry-less product a * b (PMULL / VMULL.P64, a
// fixed-latency instruction). clang 14's arm_neon.h declares poly128_t,
// vmull_p64 and the poly64 lane and cast intrinsics for AArch64 only, so
// for clang on AArch32 the operand is a D register and VMULL.P64 Qd, Dn, Dm
// is written as inline assembly.
#if defined(__clang__) && !defined(__aarch64__)
using Poly64 = uint8x8_t;
CTCRYPTO_PMULL_INLINE Poly64 lo64(uint8x16_t v) { return vget_low_u8(v); }
CTCRYPTO_PMULL_INLINE uint8x16_t mul64(Poly64 a, Poly64 b) {
  uint8x16_t r;
  __asm__("vmull.p64 %q0, %P1, %P2" : "=w"(r) : "w"(a), "w"(b));
  return r;
}
#else
using Poly64 = poly64_t;
CTCRYPTO_PMULL_INLINE Poly64 lo64(uint8x16_t v) {
  return vgetq_lane_p64(vreinterpretq_p64_u8(v), 0);
}
CTCRYPTO_PMULL_INLINE uint8x16_t mul64(Poly64 a, Poly64 b) {
  return vreinterpretq_u8_p128(vmull_p64(a, b));
}
#endif

CTCRYPTO_PMULL_INLINE uint8x16_t load_power(const uint8_t* key, size_t i) {
  return vld1q_u8(key + 16 * i);
}
CTCRYPTO_PMULL_INLINE Poly64 load_hk(const uint8_t* key, size_t i) {
#if defined(__clang__) && !defined(__aarch64__)
  return vld1_u8(key + kHkOffset + 8 * i);
#else
  return vget_lane_p64(vreinterpret_p64_u8(vld1_u8(key + kHkOffset + 8 * i)),
                       0);
#endif
}

// pmull_lo / pmull_hi: the 128-bit carry-less product of the low (high)
// 64-bit lanes of a and b.
CTCRYPTO_PMULL_INLINE uint8x16_t pmull_lo(uint8x16_t a, uint8x16_t b) {
  return mul64(lo64(a), lo64(b));
}
CTCRYPTO_PMULL_INLINE uint8x16_t pmull_hi(uint8x16_t a, uint8x16_t b) {
#if defined(__clang__) && !defined(__aarch64__)
  return mul64(vget_high_u8(a), vget_high_u8(b));
#else
  return vreinterpretq_u8_p128(
      vmull_high_p64(vreinterpretq_p64_u8(a), vreinterpretq_p64_u8(b)));
#endif
}

// Acc: an unreduced sum of Karatsuba products. For each term x*h,
// lo += x0*h0, hi += x1*h1, mid += (x0^x1)*(h0^h1); the true middle term
// mid + lo + hi is formed once per reduction, which is sound because every
// step is linear over GF(2).
struct Acc {
  uint8x16_t lo, hi, mid;
};

CTCRYPTO_PMULL_INLINE Acc acc_zero() {
  uint8x16_t z = vdupq_n_u8(0);
  return Acc{z, z, z};
}

// acc_mul: acc += x * h with x, h in natural order and hk = h0 ^ h1.
CTCRYPTO_PMULL_INLINE void acc_mul(Acc& acc, uint8x16_t x, uint8x16_t h,
                                   Poly64 hk) {
  uint8x16_t t = veorq_u8(x, vextq_u8(x, x, 8));  // low lane: x0 ^ x1
  acc.lo = veorq_u8(acc.lo, pmull_lo(x, h));
  acc.hi = veorq_u8(acc.hi, pmull_hi(x, h));
  acc.mid = veorq_u8(acc.mid, mul64(lo64(t), hk));
}

// reduce: the 256-bit product d3:d2:d1:d0 (64-bit words) modulo g.
// x^128 == 0x87 (mod g), so d3 * x^192 == (d3 * 0x87) * x^64, a product of
// at most 71 bits landing on d2:d1; then d2 * x^128 == d2 * 0x87 lands on
// d1:d0. Two PMULLs by a constant, no data-dependent anything.
CTCRYPTO_PMULL_INLINE uint8x16_t reduce(const Acc& acc) {
  const uint8x16_t z = vdupq_n_u8(0);
  const uint8x16_t k87 = vreinterpretq_u8_u64(vdupq_n_u64(0x87));
  uint8x16_t mid = veorq_u8(acc.mid, veorq_u8(acc.lo, acc.hi));
  uint8x16_t lo = veorq_u8(acc.lo, vextq_u8(z, mid, 8));  // d1 ^= mid0
  uint8x16_t hi = veorq_u8(acc.hi, vextq_u8(mid, z, 8));  // d2 ^= mid1
  uint8x16_t m = pmull_hi(hi, k87);                       // d3 * 0x87
  hi = veorq_u8(hi, vextq_u8(m, z, 8));                   // d2 ^= m1
  lo = veorq_u8(lo, vextq_u8(z, m, 8));                   // d1 ^= m0
  return veorq_u8(lo, pmull_lo(hi, k87));                 // d1:d0 ^= d2*0x87
}

// mul: a * b mod g, both natural order (used for the key's powers of H).
CTCRYPTO_PMULL_INLINE uint8x16_t mul(uint8x16_t a, uint8x16_t b) {
  Acc acc = acc_zero();
  uint8x16_t bk = veorq_u8(b, vextq_u8(b, b, 8));
  acc_mul(acc, a, b, lo64(bk));
  return reduce(acc);
}

// rbit_bytes: reverses the bits of every byte. AArch32 has no vector RBIT;
// there each nibble is reversed by VTBL from a 16-byte table held in
// registers (a register permutation: no memory access, fixed timing).
CTCRYPTO_PMULL_INLINE uint8x16_t rbit_bytes(uint8x16_t v) {
#if defined(__aarch64__)
  return vrbitq_u8(v);
#else
  // rev4[n]: n's four bits reversed; hi_tab holds rev4[n] << 4.
  const uint8x8x2_t lo_tab = {
      {vcreate_u8(0x0e060a020c040800ull), vcreate_u8(0x0f070b030d050901ull)}};
  const uint8x8x2_t hi_tab = {
      {vcreate_u8(0xe060a020c0408000ull), vcreate_u8(0xf070b030d0509010ull)}};
  uint8x16_t lo = vandq_u8(v, vdupq_n_u8(0x0f));
  uint8x16_t hi = vshrq_n_u8(v, 4);
  uint8x8_t r0 = vorr_u8(vtbl2_u8(hi_tab, vget_low_u8(lo)),
                         vtbl2_u8(lo_tab, vget_low_u8(hi)));
  uint8x8_t r1 = vorr_u8(vtbl2_u8(hi_tab, vget_high_u8(lo)),
                         vtbl2_u8(lo_tab, vget_high_u8(hi)));
  return vcombine_u8(r0, r1);
#endif
}

// to_natural / from_natural: GCM byte string <-> natural bit order (the
// same involution both ways).
CTCRYPTO_PMULL_INLINE uint8x16_t to_natural(uint8x16_t v) {
  return rbit_bytes(v);
}
CTCRYPTO_PMULL_INLINE uint8x16_t from_natural(uint8x16_t v) {
  return rbit_bytes(v);
}

// hash_blocks: x = (x + c_0) * H^n + c_1 * H^(n-1) + ... + c_(n-1) * H for
// the n <= 8 blocks at `in` (GCM order), x in natural order: the same value
// as n serial GHASH steps, with a single reduction. n is public; with a
// constant n the loop unrolls completely.
CTCRYPTO_PMULL_INLINE uint8x16_t hash_blocks(const uint8_t* key, uint8x16_t x,
                                             const uint8_t* in, size_t n) {
  Acc acc = acc_zero();
#pragma GCC unroll 8
  for (size_t j = 0; j < n; ++j) {
    uint8x16_t c = to_natural(vld1q_u8(in + 16 * j));
    if (j == 0) c = veorq_u8(c, x);
    acc_mul(acc, c, load_power(key, n - 1 - j), load_hk(key, n - 1 - j));
  }
  return reduce(acc);
}

// pmull_init / pmull_update: the GhashRow functions of the pmull rows.
// pmull_powers: H^1 .. H^n (lowest first) and their halves' XORs.
inline void pmull_powers(GhashKeyState* g, const uint8_t h[16], size_t n) {
  uint8x16_t h1 = to_natural(vld1q_u8(h));
  uint8x16_t p = h1;
  for (size_t i = 0; i < n; ++i) {
    if (i) p = mul(p, h1);
    vst1q_u8(g->storage + 16 * i, p);
    uint8x16_t k = veorq_u8(p, vextq_u8(p, p, 8));
    vst1_u8(g->storage + kHkOffset + 8 * i, vget_low_u8(k));
  }
}

inline void pmull_init(GhashKeyState* g, const uint8_t h[16]) {
  pmull_powers(g, h, kMaxPowers);
}

// pmull_init_powers: H^1 .. H^n, n = min(max_blocks, 8): update multiplies a
// run of m blocks (8, 4 or the remainder, never more than the call's
// blocks) by H^m .. H^1.
inline GhashKeyExtent pmull_init_powers(GhashKeyState* g, const uint8_t h[16],
                                        size_t max_blocks) {
  const size_t n = max_blocks < kMaxPowers ? max_blocks : kMaxPowers;
  pmull_powers(g, h, n);
  return GhashKeyExtent{{0, kHkOffset}, {16 * n, 8 * n}};
}

// pmull_update_blocks: the update loop, run by pmull_update under
// run_scrubbed (crypto/internal.h). One step multiplies 8 blocks by 8
// powers of H with their 8 Karatsuba operands; on AArch32 (16 Q
// registers) clang 14 schedules those loads ahead of the products and
// spills powers to this frame (gcc 12 does not), and the key pointer's
// opacity cannot prevent that within a step: the stack residue test found
// H, H^2, H^5, H^6, H^8 below a GMAC or a GCM with another AES row. So the
// frame is wiped after the loop. Never inlined: the loop is a function of
// its own for the cost model (bench/mca.sh), and marks its frame itself.
[[gnu::noinline]] inline void pmull_update_blocks(StackMark* m,
                                                  const GhashKeyState* g,
                                                  uint8_t xi[16],
                                                  const uint8_t* in,
                                                  size_t blocks) {
  mark_frame(m);
  const uint8_t* key = g->storage;
  uint8x16_t x = to_natural(vld1q_u8(xi));
  for (; blocks >= kMaxPowers; blocks -= kMaxPowers) {
    // The key pointer made opaque per step: the powers are reloaded from
    // the key in each step instead of hoisted out of the loop.
    __asm__("" : "+r"(key));
    x = hash_blocks(key, x, in, kMaxPowers);
    in += 16 * kMaxPowers;
  }
  __asm__("" : "+r"(key));
  if (blocks >= 4) {
    x = hash_blocks(key, x, in, 4);
    in += 64;
    blocks -= 4;
  }
  if (blocks) x = hash_blocks(key, x, in, blocks);
  vst1q_u8(xi, from_natural(x));
}

inline void pmull_update(const GhashKeyState* g, uint8_t xi[16],
                         const uint8_t* in, size_t blocks) {
  run_scrubbed(
      [&](StackMark* m) { pmull_update_blocks(m, g, xi, in, blocks); });
}

// row: the "pmull" row, the same on AArch64 and AArch32.
constexpr GhashRow row() {
  return GhashRow{.name = "pmull",
                      .required_caps = kCapPmull | kCapNeon,
                      .init = pmull_init,
                      .update = pmull_update,
                      .init_powers = pmull_init_powers};
}

}  // namespace ctcrypto::internal::pmull

#endif  // CTCRYPTO_GHASH_GHASH_PMULL_H_
