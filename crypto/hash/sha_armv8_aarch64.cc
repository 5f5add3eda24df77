// sha_armv8_aarch64.cc: the "armv8" SHA-1 and SHA-256 rows on AArch64
// (ARMv8 SHA1/SHA256 instructions, HWCAP_SHA1 / HWCAP_SHA2). Technique and
// constant-time argument: sha_armv8_impl.h. Compiled only for aarch64_ce,
// whose toolchain passes -march=armv8-a+crypto.
#include "crypto/hash/sha_armv8_impl.h"

#if !defined(__aarch64__)
#error "sha_armv8_aarch64.cc is the AArch64 build; AArch32 uses sha_armv8_arm.cc"
#endif

namespace ctcrypto::internal {

extern const ShaRow kSha1Armv8 = sha1_armv8_row();
extern const ShaRow kSha256Armv8 = sha256_armv8_row();

}  // namespace ctcrypto::internal
