// gcm_armv8_arm.cc: the GCM kernel "armv8+pmull" on AArch32 (ARMv8 cores
// running 32-bit code): the loops of gcm_armv8_impl.h with 4 blocks in
// flight (16 Q registers; the round keys are loaded per use, see
// crypto/aes/aes_armv8_core.h). As the armv8 AES row on AArch32
// (crypto/aes/aes_armv8_arm.cc), only this library is built for ARMv8, and
// it runs only when the armv8 and pmull rows are selected.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/modes/gcm_armv8_impl.h"

#if defined(__aarch64__)
#error "gcm_armv8_arm.cc is the AArch32 build; AArch64 uses gcm_armv8_aarch64.cc"
#endif

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md):
// AES-CTR and PMULL GHASH of 4 blocks per iteration, 64 bytes: 40 AESE for
// AES-128, 56 for AES-256. Each loop is in its own function
// (gcm_{seal,open}_t<NR>, which run_scrubbed keeps out of line); the
// selectors pick the 4-block loop among the function's loops.
// mca-loop: aes=armv8 gcm_seal_t<10> 64 aese.8=40
// mca-loop: aes=armv8 gcm_open_t<10> 64 aese.8=40
// mca-loop: aes=armv8 gcm_seal_t<14> 64 aese.8=56
// mca-loop: aes=armv8 gcm_open_t<14> 64 aese.8=56

namespace ctcrypto::internal {

extern const GcmKernel kGcmArmv8 = armv8_gcm_kernel();

}  // namespace ctcrypto::internal
