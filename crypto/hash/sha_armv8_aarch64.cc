// sha_armv8_aarch64.cc: the "armv8" SHA-1 and SHA-256 rows on AArch64
// (ARMv8 SHA1/SHA256 instructions, HWCAP_SHA1 / HWCAP_SHA2). Technique and
// constant-time argument: sha_armv8_impl.h. Compiled only where the
// platform keeps the crypto-extension rows (aarch64_ce), with the Crypto
// Extension for this file only (crypto/cpu/armv8_crypto_target.h).
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/hash/sha_armv8_impl.h"

#if !defined(__aarch64__)
#error "sha_armv8_aarch64.cc is the AArch64 build; AArch32 uses sha_armv8_arm.cc"
#endif

namespace ctcrypto::internal {

extern const ShaRow kSha1Armv8 = sha1_armv8_row();
extern const ShaRow kSha256Armv8 = sha256_armv8_row();

}  // namespace ctcrypto::internal
