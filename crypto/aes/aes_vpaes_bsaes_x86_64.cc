// aes_vpaes_bsaes_x86_64.cc: the "vpaes+bsaes" row on x86_64 SSSE3, the
// AES row of x86 CPUs without AES-NI (x86_64_ssse3, or CTCRYPTO_DISABLE=aesni
// on x86_64_aesni).
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_x86_64.cc (PSHUFB vpaes) and aes_bsaes_x86_64.cc (bitsliced
// SSSE3). This file holds the x86 policy constants and the measurement
// behind them, and pairs the row with the ssse3 GHASH row for GCM: the
// stitched bulk loop (bsaes batches with a GHASH block per round,
// bsaes_ghash_ssse3_gcm_x86_64.cc) from the same threshold, the key converted once per
// message.
#include <cstddef>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_ghash_ssse3_gcm_x86_64.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {
namespace {

// Measurement (AES-128 CTR, the engines called directly from a throwaway
// driver built -O2 -mssse3 like the rows; thread CPU time
// (CLOCK_THREAD_CPUTIME_ID), median of 9 runs of 3000 calls, three runs
// agreeing within ~3%; native Zen 4 host, shared and loaded):
//   vpaes ctr32:  ~78 ns per 2-block step (1 or 2 blocks: 79, 7 or 8: 280,
//                 64 blocks: 2160 = 33.8 ns/block)
//   bsaes ctr32 (key already bitsliced): ~243 ns per 8-block batch, a
//                 padded batch 250-280 (64 blocks: 1935 = 30.2 ns/block)
//   export + convert_key + wiping: ~48 ns
// A tail of r blocks: vpaes 213 (r = 5, 6), 280 (r = 7) vs a padded batch
// ~250-280: the batch wins from r = 7. A whole call: n = 14 is vpaes 482 vs
// 48 + 243 + vpaes(6) 213 = 504; n = 15 is vpaes 547 vs 48 + 2 x 243 = 534;
// n = 16: 546 vs 534, and from there the hybrid stays ahead (~4 ns/block
// saved by bsaes pays the conversion back over ~12 blocks). So bsaes from
// 15 blocks, tails of 7 as a padded batch. The hybrid in bulk is bsaes +
// ~2.5% (1 KiB: 1990 vs bsaes 1940 vs vpaes 2160 ns) and vpaes below.
// Under qemu-x86_64 -cpu Penryn (TCG, where PSHUFB is costly to emulate,
// same driver, 200 calls): vpaes ~1290 ns/block, bsaes ~4550 ns/batch
// (570 ns/block), conversion 1230 ns: crossover at 5 blocks, tails from 4.
// Real silicon is the measure (on Core 2, Hamburg's vpaes and Käsper-
// Schwabe's bsaes have the same ~1.2x bulk ratio as on this host); TCG only
// shows that emulated PSHUFB moves the crossover down.
struct PolicyX86 {
  static constexpr size_t kThresholdBlocks = 15;
  static constexpr size_t kTailToBsaes = 7;
  // GCM's stitched bulk (bsaes batches + a GHASH block per round), called
  // on what follows the 3-block head. Opening hashes a batch's own
  // ciphertext inside it, so one batch already hides 8 GHASH blocks: from 8
  // blocks (256 B open, 13 blocks after the head: 274 -> 296 MB/s, CPU time,
  // public API). Sealing hashes the previous batch, so a lone batch hides
  // nothing and pays the conversion: 12 or 8 measured no better than 15
  // (256 B: 272-277 MB/s either way), so it keeps the CTR threshold.
  static constexpr size_t kGcmSealThresholdBlocks = 15;
  static constexpr size_t kGcmOpenThresholdBlocks = 8;
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW_WITH_GCM(PolicyX86, kCapSsse3, kGhashSsse3,
                                        bsaes_gcm_seal_ssse3,
                                        bsaes_gcm_open_ssse3)

}  // namespace ctcrypto::internal
