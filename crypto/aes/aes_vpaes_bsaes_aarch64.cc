// aes_vpaes_bsaes_aarch64.cc: the "vpaes+bsaes" row on AArch64 NEON, the
// AES row of ARMv8 cores without the Crypto Extension (Cortex-A53 built
// without +crypto, or CTCRYPTO_DISABLE=aes).
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_aarch64.cc (TBL vpaes) and aes_bsaes_aarch64.cc (bitsliced
// NEON). This file holds the AArch64 policy constants and the measurement
// behind them. Advanced SIMD is architectural on ARMv8-A, so the row needs
// no capability bit: it is the last row of the aarch64 table.
#include <cstddef>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"

namespace ctcrypto::internal {
namespace {

// Measurement (AES-128 CTR; llvm-mca-14 -mtriple=aarch64 -mcpu=cortex-a53
// on the gcc 12 -O2 -march=armv8-a code of both engines as built here; a
// loop's cost = its body without the round loop + 9 x the round loop):
//   vpaes ctr32, 2-block loop:  132 + 9 x 100 = 1032 cycles per 2 blocks
//                               = 516 cycles/block (32.3 c/B)
//   bsaes ctr32, 8-block batch: 540 + 9 x 237 = 2673 cycles per batch
//                               = 334 cycles/block (20.9 c/B)
//   export (~460) + convert_key (~370) + wiping 2 KiB (~150): ~980 cycles
// A tail of r blocks after whole batches: vpaes r x 516 vs one padded batch
// 2673, so the padded batch wins from r = 6 (5: 2580, 6: 3096). A whole
// call of n blocks: n = 7 is vpaes 3612 vs 980 + 2673 = 3653 (a tie, kept
// on vpaes), n = 8 is 4128 vs 3653, and above 8 the hybrid stays ahead (a
// batch saves 8 x 516 - 2673 = 1455 > 980). So bsaes from 8 blocks.
// Cross-check under qemu-aarch64 -cpu cortex-a53 with CTCRYPTO_DISABLE=
// aes,pmull (TCG; the engines called directly from a throwaway driver,
// thread CPU time, median of 9 runs of 200 calls): vpaes ~1470 ns/block,
// bsaes ~2540 ns per batch (320 ns/block), conversion ~840 ns; the
// crossover there is at 3 blocks and padded tails win from 2 (TBL is costly
// to emulate), so the model's 8 / 6 is the conservative choice of the two;
// both keep GCM's 4-block head on vpaes.
struct PolicyAarch64 {
  static constexpr size_t kThresholdBlocks = 8;
  static constexpr size_t kTailToBsaes = 6;
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyAarch64, /*caps=*/0)

}  // namespace ctcrypto::internal
