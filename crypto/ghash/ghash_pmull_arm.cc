// ghash_pmull_arm.cc: the "pmull" GHASH row on AArch32 (VMULL.P64 of the
// AArch32 Crypto Extension, AT_HWCAP2 PMULL).
//
// Same technique and code as the AArch64 row (ghash_pmull_aarch64.cc,
// ghash_pmull.h): Karatsuba over 64-bit carry-less products, eight blocks
// per reduction, powers of H in natural bit order. AArch32 lacks the vector
// RBIT, so entering and leaving natural order costs four VTBL nibble
// lookups per block (table in registers, constant time).
//
// Build: only this library is compiled for ARMv8-A with the Crypto
// Extension (crypto/cpu/armv8_crypto_target.h); the row requires
// kCapPmull, which a Cortex-A9 never reports.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/ghash/ghash_pmull.h"

#if defined(__aarch64__)
#error "ghash_pmull_arm.cc is the AArch32 build"
#endif

// llvm-mca cost model (bench/mca.sh): pmull_update's loop hashes one batch
// of 8 blocks (128 bytes, one aggregated reduction) per iteration; AArch32
// code for ARMv8 cores, estimated on the Cortex-A57 model.
// mca-loop: ghash=pmull pmull_update_blocks 128

namespace ctcrypto::internal {

extern const GhashRow kGhashPmull = pmull::row();

}  // namespace ctcrypto::internal
