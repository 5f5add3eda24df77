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

// Measurement (AES-128 CTR; llvm-mca-14 -mcpu=cortex-a9 on the gcc 12 -O2
// code of both engines as built here):
//   vpaes ctr32, 2-block loop:  397 + 8 x 250 cycles per 2 blocks
//                               = ~1200 cycles/block (75 c/B)
//   bsaes ctr32, 8-block batch: 1106 + 8 x 419 = ~4460 cycles per batch
//                               = ~560 cycles/block (35 c/B)
//   export (~300) + convert_key (~550) + wiping 2 KiB (~250): ~1100 cycles
// A whole call of n < 8 blocks: vpaes n x 1200 vs bsaes 1100 + 4460, so
// bsaes wins from n = 5 (5560 < 6000; n = 4: 5560 > 4800). A tail of r
// blocks after whole batches: vpaes r x 1200 vs one padded batch 4460, so
// the padded batch wins from r = 4. Under qemu-arm -cpu cortex-a9 (TCG,
// wall time, where VTBL is costly to emulate) the same probe gave vpaes
// ~2100-4700 ns/block, bsaes ~440-580 ns/block in whole batches and
// export+convert ~2800 ns: the crossover there is at 2-3 blocks, so the
// model's 5 is the conservative choice of the two (and keeps GCM's 4-block
// head on vpaes).
struct PolicyArmv7 {
  static constexpr size_t kThresholdBlocks = 5;
  static constexpr size_t kTailToBsaes = 4;
};

}  // namespace

CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyArmv7, kCapNeon)

}  // namespace ctcrypto::internal
