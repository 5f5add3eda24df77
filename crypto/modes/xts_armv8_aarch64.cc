// xts_armv8_aarch64.cc: XTS's kernel of the armv8 AES row on AArch64: the
// loops of xts_armv8_impl.h with 8 blocks in flight (32 vector registers
// hold the round keys, the batch and its 8 tweaks).
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/modes/xts_armv8_impl.h"

#if !defined(__aarch64__)
#error "xts_armv8_aarch64.cc is the AArch64 build; AArch32 uses xts_armv8_arm.cc"
#endif

namespace ctcrypto::internal {

extern const XtsKernel kXtsArmv8 = armv8_xts_kernel();

}  // namespace ctcrypto::internal
