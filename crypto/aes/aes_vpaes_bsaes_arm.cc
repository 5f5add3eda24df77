// aes_vpaes_bsaes_arm.cc: the "vpaes+bsaes" row on ARMv7 NEON.
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_arm.cc (VTBL vpaes) and aes_bsaes_arm.cc (bitsliced NEON). This
// file holds the ARMv7 policy constants and the measurement behind them,
// and pairs the row's GCM bulk loop (Hybrid::gcm_alternate) with the NEON
// GHASH row.
#include <cstddef>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"

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
// GCM (paired with the NEON GHASH row, Hybrid::gcm_alternate): a message
// of n >= 8 whole blocks costs, through GCM's 3-block head (vpaes, with
// the tag mask: 2 x 1010) and ctr32 calls on the rest, one conversion per
// 1 KiB chunk and per final piece; from the first byte in the bulk loop
// (head = the tag mask alone, ~1010), one conversion per message. n = 8:
// 2020 + vpaes(5) 3030 = 5050 vs 1010 + 1100 + 2450 = 4560; n = 7: 2020 +
// 2020 = 4040 vs 4560. So whole messages from 128 bytes (8 blocks), the
// bulk's own threshold 8 blocks, and its tail as for ctr32: from 5 blocks
// a padded batch (the key is converted already), shorter tails to GCM's
// final piece (vpaes). (Under TCG, 256-byte seals ran 4 vpaes blocks and
// 2 batches, now 1 and 2: BoringSSL's split.)
struct PolicyArmv7 {
  static constexpr size_t kThresholdBlocks = 7;
  static constexpr size_t kTailToBsaes = 5;
  static constexpr size_t kGcmSealThresholdBlocks = 8;
  static constexpr size_t kGcmOpenThresholdBlocks = 8;
  static constexpr size_t kGcmTailToBsaes = kTailToBsaes;
  static constexpr size_t kGcmBulkFromBytes = 16 * 8;
  // gcm_bulk's callees' frames (gcc 12 -O2): vpaes_export_enc_round_keys
  // 16 bytes, bsaes_convert_key 68, the NEON GHASH update 84 (its loop is
  // assembly with no stack), none with spill slots; 256 covers them (and
  // clang 14's). The 2 KiB of the general figure cost a 256-byte seal ~460
  // of its ~15k guest instructions under QEMU. tests/stack_residue_test
  // checks it (it fails when gcm_bulk's own key wipe is left out).
  static constexpr size_t kGcmBulkScrubBytes = 256;
};

using HybridArmv7 = vpaes_bsaes::Hybrid<PolicyArmv7>;

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW_WITH_GCM(PolicyArmv7, kCapNeon, kGhashNeon,
                                        HybridArmv7::gcm_alternate<false>,
                                        HybridArmv7::gcm_alternate<true>)

}  // namespace ctcrypto::internal
