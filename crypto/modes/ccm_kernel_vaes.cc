// ccm_kernel_vaes.cc: CCM's kernel of the vaes AES row (ccm_kernel.h): the AES-NI row's
// loop (aes_aesni_x86_64.cc: the MAC chain is serial, so wider vectors would
// not help it) over the same key layout.
// In a file of its own, so that a build that drops the row drops its entry.
#include "crypto/cpu/cpu.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/modes/ccm_kernel.h"

namespace ctcrypto::internal {

const CcmKernel kCcmVaes = {
    .name = "vaes",
    .aes = &kAesVaes,
    .seal_bulk = x86hw::aesni_ccm_seal_bulk,
    .open_bulk = x86hw::aesni_ccm_open_bulk,
};

}  // namespace ctcrypto::internal
