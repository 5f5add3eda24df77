// ghash_neon_arm.cc: the NEON GHASH row for ARMv7-A NEON (VMULL.P8).
//
// The algorithm, its layout and its constant-time argument are in
// ghash_neon_core.h, written once over the intrinsics that AArch64 and ARMv7
// share; this file only defines the row.
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_neon_arm_core.h"

// llvm-mca cost model (bench/mca.sh): neon_ghash_arm::update's loop (its
// inline assembly, ghash_neon_arm_core.h) hashes two blocks (32 bytes, one
// reduction) per iteration.
// mca-loop: ghash=neon neon_ghash_arm::update( 32

namespace ctcrypto::internal {

extern const GhashRow kGhashNeon = neon_ghash_arm::row(kCapNeon);

}  // namespace ctcrypto::internal
