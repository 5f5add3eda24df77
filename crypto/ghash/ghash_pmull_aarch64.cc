// ghash_pmull_aarch64.cc: GHASH with the ARMv8 64-bit polynomial multiply
// (PMULL / PMULL2, ARMv8-A Crypto Extension, "pmull" in HWCAP).
//
// Technique. GHASH (SP 800-38D, 6.4) is x = (x + C_i) * H in GF(2^128).
// PMULL gives a 64x64 -> 128-bit carry-less product in one instruction, so a
// 128x128 product takes three of them with Karatsuba (lo = x0*h0,
// hi = x1*h1, mid = (x0+x1)*(h0+h1) + lo + hi), the operand h0+h1 of every
// power being precomputed. The reduction modulo x^128 + x^7 + x^2 + x + 1
// costs two more PMULLs by the constant 0x87 (ghash_pmull_aarch64.h), and
// it is aggregated: eight blocks are multiplied by H^8 .. H^1 and summed
// before one reduction (the Horner rewriting of Gueron-Kounavis, "Intel
// Carry-Less Multiplication Instruction and its Usage for Computing the GCM
// Mode", section on aggregated reduction), so the per-block cost is three
// PMULLs and a handful of EORs, and the serial dependency through x is one
// multiply-and-reduce per 128 bytes instead of per 16.
//
// Data layout. The key holds H^1 .. H^8 in "natural" bit order (RBIT of
// every byte of the GCM string, so lane bit i is the coefficient of x^i) and
// for each power the 64-bit XOR of its halves; 192 bytes, computed once in
// init(). Each hashed block costs one RBIT to enter natural order; the
// accumulator is converted only at entry and exit of update().
//
// Constant time. PMULL, EOR, EXT and RBIT have data-independent timing on
// every ARMv8 core we know of (the Arm Software Optimization Guides list
// fixed latencies); no table lookups, no branches on data or H. Block counts
// are public and only they steer the loops.
#include "crypto/ghash/ghash_pmull_aarch64.h"

#include <cstring>

#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {

namespace {

void pmull_init(GhashKeyState* g, const uint8_t h[16]) {
  uint8x16_t h1 = pmull::to_natural(vld1q_u8(h));
  uint8x16_t p = h1;
  for (size_t i = 0; i < pmull::kMaxPowers; ++i) {
    if (i) p = pmull::mul(p, h1);
    vst1q_u8(g->storage + 16 * i, p);
    uint8x16_t k = veorq_u8(p, vextq_u8(p, p, 8));
    vst1_u8(g->storage + pmull::kHkOffset + 8 * i, vget_low_u8(k));
  }
}

void pmull_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks) {
  const uint8_t* key = g->storage;
  uint8x16_t x = pmull::to_natural(vld1q_u8(xi));
  for (; blocks >= pmull::kMaxPowers; blocks -= pmull::kMaxPowers) {
    x = pmull::hash_blocks(key, x, in, pmull::kMaxPowers);
    in += 16 * pmull::kMaxPowers;
  }
  if (blocks >= 4) {
    x = pmull::hash_blocks(key, x, in, 4);
    in += 64;
    blocks -= 4;
  }
  if (blocks) x = pmull::hash_blocks(key, x, in, blocks);
  vst1q_u8(xi, pmull::from_natural(x));
}

}  // namespace

extern const GhashBackend kGhashPmull = {
    /*name=*/"pmull",
    /*required_caps=*/kCapPmull | kCapNeon,
    /*init=*/pmull_init,
    /*update=*/pmull_update,
};

}  // namespace ctcrypto::internal
