// sha_armv8_arm.cc: the "armv8" SHA-1 and SHA-256 rows on AArch32, for
// ARMv8 cores running 32-bit code (AArch32 SHA1/SHA256 instructions,
// HWCAP2_SHA1 / HWCAP2_SHA2). Technique and constant-time argument:
// sha_armv8_impl.h, the same source as the AArch64 rows.
//
// Build. The armv7_neon platform compiles everything for -march=armv7-a
// -mfpu=neon (Cortex-A9). Only this library (and the AArch32 AES/PMULL
// rows) is compiled for ARMv8-A with the Crypto Extension
// (crypto/cpu/armv8_crypto_target.h); nothing in it runs
// unless a row is selected, and the rows require kCapSha1 / kCapSha2, which
// an ARMv7 CPU never reports.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/hash/sha_armv8_impl.h"

#if defined(__aarch64__)
#error "sha_armv8_arm.cc is the AArch32 build; AArch64 uses sha_armv8_aarch64.cc"
#endif

namespace ctcrypto::internal {

extern const ShaRow kSha1Armv8 = sha1_armv8_row();
extern const ShaRow kSha256Armv8 = sha256_armv8_row();

}  // namespace ctcrypto::internal
