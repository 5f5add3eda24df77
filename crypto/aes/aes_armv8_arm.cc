// aes_armv8_arm.cc: the "armv8" AES row on AArch32, for ARMv8 cores running
// 32-bit code (AArch32 Crypto Extension: AESE.8/AESMC.8/AESD.8/AESIMC.8,
// reported in AT_HWCAP2).
//
// Technique, layout and constant-time argument are those of the AArch64
// row (aes_armv8_aarch64.cc); the code is the same source
// (aes_armv8_impl.h) with 4 blocks in flight instead of 8, because AArch32
// has 16 Q registers instead of 32 and an AES-128 schedule alone takes 11.
//
// Build. The armv7_neon platform compiles everything for -march=armv7-a
// -mfpu=neon (Cortex-A9). Only this library is compiled for ARMv8-A with
// the Crypto Extension (crypto/cpu/armv8_crypto_target.h: a target pragma
// with gcc, -march=armv8-a -mfpu=crypto-neon-fp-armv8 with clang); nothing
// in it runs unless the row is selected, and the row requires kCapAes
// (HWCAP2_AES), which an ARMv7 CPU never reports, so a Cortex-A9 never
// executes an ARMv8 instruction.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/aes/aes_armv8_impl.h"

#if defined(__aarch64__)
#error \
    "aes_armv8_arm.cc is the AArch32 build; AArch64 uses aes_armv8_aarch64.cc"
#endif

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md); the loops live in aes_armv8_impl.h. AArch32 keeps 4 blocks in
// flight, so an iteration handles 64 bytes: 40 AESE/AESD for AES-128 (10
// rounds x 4 blocks), 56 for AES-256 (the GCM kernel's loops:
// crypto/modes/gcm_armv8_arm.cc). bench/mca.sh estimates these on the ARMv8 cores LLVM 14 has
// an AArch32 model for (Cortex-A57; A72 uses it), never on the Cortex-A9.
// mca-loop: aes=armv8 ctr32_t<10> 64 aese.8=40
// mca-loop: aes=armv8 cbc_decrypt_t<10> 64 aesd.8=40
// mca-loop: aes=armv8 cbc_encrypt_t<10> 16 aese.8=10

namespace ctcrypto::internal {

extern const AesRow kAesArmv8 = armv8_row();
extern const AesDecryptRow kAesArmv8Decrypt = armv8_decrypt_row(&kAesArmv8);

}  // namespace ctcrypto::internal
