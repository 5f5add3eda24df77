// aes_vpaes_bsaes_arm.cc: the "vpaes+bsaes" row on ARMv7 NEON.
//
// The mechanism (key in vpaes form, bulk CTR / CBC decryption on bitsliced
// batches from a measured threshold, short tails on vpaes, converted key
// wiped) is vpaes_bsaes_hybrid.h, shared by every ISA; the engines are
// aes_vpaes_arm.cc (VTBL vpaes) and aes_bsaes_arm.cc (bitsliced NEON). This
// file holds the ARMv7 policy constants and the measurement behind them.
#include <cstddef>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {
namespace {

// Measurement (AES-128; llvm-mca-14 -mcpu=cortex-a9 on the gcc 12 -O2
// code of both engines as built here, bench/mca.sh's method):
//   vpaes ctr32, 2-block loop:  397 + 8 x 253 cycles per 2 blocks
//                               = ~1200 cycles/block (79 c/B)
//   bsaes ctr32, 8-block batch: ~530 (counters, orthogonalisation, first
//                               key, last round, output) + 9 x 215 (the
//                               asm round loop) = ~2470 cycles per batch
//                               = ~310 cycles/block (19 c/B)
//   bsaes cbc_decrypt batch:    ~530 + 9 x 366 = ~3800 cycles (its rounds
//                               use the asm S-box only)
//   export (~300) + convert_key (~550) + wiping 2 KiB (~250): ~1100 cycles
// A whole CTR call of n < 8 blocks: vpaes n x 1200 vs bsaes 1100 + 2470,
// so bsaes wins from n = 3 (3600 > 3570), CBC decryption from n = 5
// (6000 > 4900); the threshold stays 5, which the GCM head (one 4-block
// call) requires anyway. A tail of r blocks after whole batches: vpaes
// r x 1200 vs one padded batch, 2470 (CTR) or 3800 (CBC): the padded batch
// wins from r = 3 for CTR, the case GCM runs (r = 4 for CBC, where a 3-block
// tail now costs ~5% more than on vpaes).
struct PolicyArmv7 {
  static constexpr size_t kThresholdBlocks = 5;
  static constexpr size_t kTailToBsaes = 3;
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyArmv7, kCapNeon)

}  // namespace ctcrypto::internal
