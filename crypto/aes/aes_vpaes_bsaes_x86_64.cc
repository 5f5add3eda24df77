// aes_vpaes_bsaes_x86_64.cc: the "vpaes+bsaes" row on x86_64 SSSE3, the
// AES row of x86 CPUs without AES-NI (x86_64_ssse3, or CTCRYPTO_DISABLE=aesni
// on x86_64_aesni).
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_x86_64.cc (PSHUFB vpaes) and aes_bsaes_x86_64.cc (bitsliced
// SSSE3). This file holds the x86 policy constants and the measurement
// behind them. GCM's kernel over this row with the ssse3 GHASH row (bsaes
// batches with a GHASH block per round, the key converted once per
// message) is crypto/modes/gcm_vpaes_bsaes_x86_64.cc.
#include <cstddef>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"

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
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyX86, kCapSsse3)

}  // namespace ctcrypto::internal
