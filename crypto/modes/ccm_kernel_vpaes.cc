// ccm_kernel_vpaes.cc: CCM's kernel of the vpaes AES row (ccm_kernel.h): vpaes's 2-block
// step (vpaes_core.h, ccm_bulk), a keystream block next to each MAC block.
// In a file of its own, so that a build that drops the row drops its entry.
#include "crypto/cpu/cpu.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/modes/ccm_kernel.h"

namespace ctcrypto::internal {

const CcmKernel kCcmVpaes = {
    .name = "vpaes",
    .aes = &kAesVpaes,
    .seal_bulk = vpaes_ccm_seal_bulk,
    .open_bulk = vpaes_ccm_open_bulk,
};

}  // namespace ctcrypto::internal
