// ghash_neon_aarch64.cc: the NEON GHASH row for AArch64 (PMULL.8B; the
// 64-bit PMULL is not used, so the row serves cores without +crypto).
//
// The algorithm, its layout and its constant-time argument are in
// ghash_neon_core.h, written once over the intrinsics that AArch64 and ARMv7
// share; this file only instantiates the backend row.
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"
#include "crypto/ghash/ghash_neon_core.h"

// llvm-mca cost model (bench/mca.sh): neon_ghash::update's loop hashes two
// blocks (32 bytes, one reduction) per iteration.
// mca-loop: ghash=neon neon_ghash::update( 32

namespace ctcrypto::internal {

namespace {

void neon_init(GhashKeyState* g, const uint8_t h[16]) {
  neon_ghash::init_key(g, h);
}

void neon_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                 size_t blocks) {
  neon_ghash::update(g, xi, in, blocks);
}

}  // namespace

const GhashBackend kGhashNeon = {
    .name = "neon",
    .required_caps = 0,  // Advanced SIMD is architectural on ARMv8-A
    .init = neon_init,
    .update = neon_update,
};

}  // namespace ctcrypto::internal
