// ghash_pmull_arm.cc: the "pmull" GHASH row on AArch32 (VMULL.P64 of the
// AArch32 Crypto Extension, AT_HWCAP2 PMULL).
//
// Same technique and code as the AArch64 row (ghash_pmull_aarch64.cc,
// ghash_pmull.h): Karatsuba over 64-bit carry-less products, eight blocks
// per reduction, powers of H in natural bit order. AArch32 lacks the vector
// RBIT, so entering and leaving natural order costs four VTBL nibble
// lookups per block (table in registers, constant time).
//
// Build: only this library gets -march=armv8-a -mfpu=crypto-neon-fp-armv8;
// the row requires kCapPmull, which a Cortex-A9 never reports.
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_pmull.h"

#if defined(__aarch64__)
#error "ghash_pmull_arm.cc is the AArch32 build"
#endif

namespace ctcrypto::internal {

extern const GhashBackend kGhashPmull = {
    /*name=*/"pmull",
    /*required_caps=*/kCapPmull | kCapNeon,
    /*init=*/pmull::pmull_init,
    /*update=*/pmull::pmull_update,
};

}  // namespace ctcrypto::internal
