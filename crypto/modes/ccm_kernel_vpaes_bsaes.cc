// ccm_kernel_vpaes_bsaes.cc: CCM's kernel of the vpaes+bsaes AES row (ccm_kernel.h): the key is in vpaes
// form, and vpaes's paired MAC + keystream step (one 2-block call per block)
// beats the MAC on vpaes plus CTR on bsaes, which still pays a block of CTR
// per block on top of the chain.
// In a file of its own, so that a build that drops the row drops its entry.
#include "crypto/cpu/cpu.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/modes/ccm_kernel.h"

namespace ctcrypto::internal {

const CcmKernel kCcmVpaesBsaes = {
    .name = "vpaes+bsaes",
    .aes = &kAesVpaesBsaes,
    .seal_bulk = vpaes_ccm_seal_bulk,
    .open_bulk = vpaes_ccm_open_bulk,
};

}  // namespace ctcrypto::internal
