// tls_cbc_sha_vaes_x86_64.cc: the TLS-CBC kernels of the vaes AES row with
// the "shani" SHA rows (tls_cbc_kernel.h). The vaes row keeps the AES-NI
// key layout and CBC encryption is serial, so these are the aesni loops
// (tls_cbc_sha_aesni_x86_64.cc) under the vaes row's entries, in a file of
// their own so that a build that drops the vaes row drops them too.
#include "crypto/cpu/cpu.h"
#include "crypto/tls/tls_cbc_kernel.h"
#include "crypto/tls/tls_cbc_sha_aesni.h"

namespace ctcrypto::internal {

const TlsCbcKernel kTlsCbcVaesSha1 = {
    .name = "vaes+shani",
    .aes = &kAesVaes,
    .sha = &kSha1Shani,
    .seal_steps = x86hw::aesni_cbc_sha1_steps,
};

const TlsCbcKernel kTlsCbcVaesSha256 = {
    .name = "vaes+shani",
    .aes = &kAesVaes,
    .sha = &kSha256Shani,
    .seal_steps = x86hw::aesni_cbc_sha256_steps,
};

}  // namespace ctcrypto::internal
