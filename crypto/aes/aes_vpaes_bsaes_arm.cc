// aes_vpaes_bsaes_arm.cc: the "vpaes+bsaes" row on ARMv7 NEON.
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_arm.cc (VTBL vpaes) and aes_bsaes_arm.cc (bitsliced NEON). This
// file holds the ARMv7 policy constants and the measurement behind them.
// GCM's kernel over this row with the NEON GHASH row is
// crypto/modes/gcm_vpaes_bsaes_arm.cc.
#include <cstddef>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {
namespace {

// Measurement (AES-128; llvm-mca-14 -mcpu=cortex-a9 on the gcc 12 -O2
// code of both engines as built here, bench/mca.sh's method):
//   vpaes ctr32, 2-block loop:  121 + 9 x 99 (the round loop) cycles per
//                               2 blocks = ~510 cycles/block (32 c/B)
//   bsaes ctr32, 8-block batch: ~530 (counters, orthogonalisation, first
//                               key, last round, output) + 9 x 213 (the
//                               asm round loop) = ~2450 cycles per batch
//                               = ~306 cycles/block (19 c/B)
//   bsaes cbc_decrypt batch:    ~530 + 9 x 366 = ~3800 cycles (its rounds
//                               use the asm S-box only)
//   export (~300) + convert_key (~550) + wiping 2 KiB (~250): ~1100 cycles
// A whole CTR call of n < 8 blocks: vpaes ceil(n/2) x 1010 vs bsaes
// 1100 + 2450 = 3550, so bsaes wins from n = 7 (4040 > 3550; n = 5, 6:
// 3030 < 3550); CBC decryption, whose batch costs 3800, later still. A
// tail of r blocks after whole batches: vpaes ceil(r/2) x 1010 vs one
// padded batch, 2450 (CTR, the case GCM runs): the batch wins from r = 5
// (3030 > 2450; r = 3, 4: 2020). (Under QEMU's TCG the balance is
// different - every VTBL.8 is a helper call, ~20 a block a round in vpaes,
// ~2.5 in bsaes - but the thresholds follow the real core.)
//
struct PolicyArmv7 {
  static constexpr size_t kThresholdBlocks = 7;
  static constexpr size_t kTailToBsaes = 5;
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyArmv7, kCapNeon)

}  // namespace ctcrypto::internal
