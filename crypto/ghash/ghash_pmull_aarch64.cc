// ghash_pmull_aarch64.cc: GHASH with the ARMv8 64-bit polynomial multiply
// (PMULL / PMULL2, ARMv8-A Crypto Extension, "pmull" in HWCAP).
//
// Technique. GHASH (SP 800-38D, 6.4) is x = (x + C_i) * H in GF(2^128).
// PMULL gives a 64x64 -> 128-bit carry-less product in one instruction, so a
// 128x128 product takes three of them with Karatsuba (lo = x0*h0,
// hi = x1*h1, mid = (x0+x1)*(h0+h1) + lo + hi), the operand h0+h1 of every
// power being precomputed. The reduction modulo x^128 + x^7 + x^2 + x + 1
// costs two more PMULLs by the constant 0x87 (ghash_pmull.h), and
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
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/ghash/ghash_pmull.h"

// llvm-mca cost model (bench/mca.sh): pmull_update's loop hashes one batch
// of 8 blocks (128 bytes, one aggregated reduction) per iteration.
// mca-loop: ghash=pmull pmull_update_blocks 128

namespace ctcrypto::internal {

extern const GhashRow kGhashPmull = pmull::row();

}  // namespace ctcrypto::internal
