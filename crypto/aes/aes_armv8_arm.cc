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
// -mfpu=neon (Cortex-A9). Only this library adds -march=armv8-a
// -mfpu=crypto-neon-fp-armv8; nothing in it runs unless the row is selected,
// and the row requires kCapAes (HWCAP2_AES), which an ARMv7 CPU never
// reports, so a Cortex-A9 never executes an ARMv8 instruction.
#include "crypto/aes/aes_armv8_impl.h"

#if defined(__aarch64__)
#error \
    "aes_armv8_arm.cc is the AArch32 build; AArch64 uses aes_armv8_aarch64.cc"
#endif

namespace ctcrypto::internal {

extern const AesBackend kAesArmv8 = {
    /*name=*/"armv8",
    /*required_caps=*/kCapAes | kCapNeon,
    /*set_key=*/armv8_set_key,
    /*encrypt_block=*/armv8_encrypt_block,
    /*decrypt_block=*/armv8_decrypt_block,
    /*ctr32=*/armv8_ctr32,
    /*cbc_encrypt=*/armv8_cbc_encrypt,
    /*cbc_decrypt=*/armv8_cbc_decrypt,
    /*gcm_ghash=*/&kGhashPmull,
    /*gcm_seal_bulk=*/armv8_gcm_seal_bulk,
    /*gcm_open_bulk=*/armv8_gcm_open_bulk,
};

}  // namespace ctcrypto::internal
