// ghash_neon_aarch64.cc: the NEON GHASH row for AArch64 (PMULL.8B; the
// 64-bit PMULL is not used, so the row serves cores without +crypto).
//
// The algorithm, its layout and its constant-time argument are in
// ghash_neon_core.h, written once over the intrinsics that AArch64 and ARMv7
// share; this file only defines the row.
#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_neon_core.h"

// llvm-mca cost model (bench/mca.sh): neon_ghash::update's loop hashes two
// blocks (32 bytes, one reduction) per iteration.
// mca-loop: ghash=neon neon_ghash::update( 32

namespace ctcrypto::internal {

// Advanced SIMD is architectural on ARMv8-A: no capability bit needed.
extern const GhashRow kGhashNeon = neon_ghash::row(/*caps=*/0);

}  // namespace ctcrypto::internal
