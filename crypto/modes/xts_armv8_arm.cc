// xts_armv8_arm.cc: XTS's kernel of the armv8 AES row on AArch32 (ARMv8
// cores running 32-bit code): the loops of xts_armv8_impl.h with 4 blocks
// in flight (16 Q registers; the round keys are loaded per use, see
// crypto/aes/aes_armv8_core.h). As the armv8 AES row on AArch32
// (crypto/aes/aes_armv8_arm.cc), only this library is built for ARMv8, and
// it runs only when the armv8 row is selected.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/modes/xts_armv8_impl.h"

#if defined(__aarch64__)
#error "xts_armv8_arm.cc is the AArch32 build; AArch64 uses xts_armv8_aarch64.cc"
#endif

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md):
// 4 blocks, 64 bytes, per iteration (40 AESE for AES-128, 56 for AES-256);
// gcc inlines the loops into the entries, hence the selectors.
// mca-loop: xts=armv8 armv8_xts_encrypt_bulk 64 aese.8=40
// mca-loop: xts=armv8 armv8_xts_decrypt_bulk 64 aesd.8=40
// mca-loop: xts=armv8 armv8_xts_encrypt_bulk 64 aese.8=56

namespace ctcrypto::internal {

extern const XtsKernel kXtsArmv8 = armv8_xts_kernel();

}  // namespace ctcrypto::internal
