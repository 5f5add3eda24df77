// ccm_kernel_aesni.cc: CCM's kernel of the aesni AES row (ccm_kernel.h): the loop of
// aes_aesni_x86_64.cc, the MAC's AESENC chain with the keystream block of the
// same index in its latency shadow.
// In a file of its own, so that a build that drops the row drops its entry.
#include "crypto/cpu/cpu.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/modes/ccm_kernel.h"

namespace ctcrypto::internal {

const CcmKernel kCcmAesni = {
    .name = "aesni",
    .aes = &kAesAesni,
    .seal_bulk = x86hw::aesni_ccm_seal_bulk,
    .open_bulk = x86hw::aesni_ccm_open_bulk,
};

}  // namespace ctcrypto::internal
