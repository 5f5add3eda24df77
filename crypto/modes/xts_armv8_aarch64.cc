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

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md):
// one batch of 8 blocks, 128 bytes, per iteration, with its tweaks' step by
// alpha^8; the selector names the loop by its AESE/AESD count (10 rounds x
// 8 blocks for AES-128, 14 x 8 for AES-256).
// mca-loop: xts=armv8 xts_t<10,false> 128 aese=80
// mca-loop: xts=armv8 xts_t<10,true> 128 aesd=80
// mca-loop: xts=armv8 xts_t<14,false> 128 aese=112

namespace ctcrypto::internal {

extern const XtsKernel kXtsArmv8 = armv8_xts_kernel();

}  // namespace ctcrypto::internal
