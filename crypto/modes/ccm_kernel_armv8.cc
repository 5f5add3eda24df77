// ccm_kernel_armv8.cc: CCM's kernel of the armv8 AES row (ccm_kernel.h): the loop of
// aes_armv8_impl.h, the MAC's AESE/AESMC chain with the keystream block of
// the same step in its latency gaps.
// In a file of its own, so that a build that drops the row drops its entry.
#include "crypto/cpu/cpu.h"
#include "crypto/aes/aes_armv8.h"
#include "crypto/modes/ccm_kernel.h"

namespace ctcrypto::internal {

const CcmKernel kCcmArmv8 = {
    .name = "armv8",
    .aes = &kAesArmv8,
    .seal_bulk = armv8_ccm_seal_bulk,
    .open_bulk = armv8_ccm_open_bulk,
};

}  // namespace ctcrypto::internal
