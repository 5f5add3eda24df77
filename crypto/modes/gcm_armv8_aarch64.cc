// gcm_armv8_aarch64.cc: the GCM kernel "armv8+pmull" on AArch64: the loops
// of gcm_armv8_impl.h with 8 blocks in flight (32 vector registers hold the
// round keys, the batch, the GHASH key powers and the accumulator).
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/modes/gcm_armv8_impl.h"

#if !defined(__aarch64__)
#error "gcm_armv8_aarch64.cc is the AArch64 build; AArch32 uses gcm_armv8_arm.cc"
#endif

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md).
// AES-CTR of 8 blocks and the PMULL GHASH of 8 blocks (sealing: the
// previous batch's ciphertext) in one iteration: 128 bytes sealed or
// opened, so its c/B is the whole AES-GCM bulk cost; the selector names the
// loop by its AESE count (10 rounds x 8 blocks = 80 for AES-128, 14 x 8 =
// 112 for AES-256).
// mca-loop: aes=armv8 gcm_seal_t<10> 128 aese=80
// mca-loop: aes=armv8 gcm_open_t<10> 128 aese=80
// mca-loop: aes=armv8 gcm_seal_t<14> 128 aese=112
// mca-loop: aes=armv8 gcm_open_t<14> 128 aese=112

namespace ctcrypto::internal {

extern const GcmKernel kGcmArmv8 = armv8_gcm_kernel();

}  // namespace ctcrypto::internal
