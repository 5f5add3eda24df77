// ghash_nohw32.cc: the portable GHASH row `nohw` on 32-bit targets (those
// without unsigned __int128; the 64-bit targets compile ghash_nohw.cc). The
// code is ghash_nohw32.h; this file picks its multiplier per core at compile
// time, from the ACLE macros:
//
//  - Mul32 (32x32->32 multiplies only) on M-profile cores
//    (__ARM_ARCH_PROFILE == 'M') that are
//      * Thumb-1 only (__ARM_ARCH_ISA_THUMB == 1): ARMv6-M (Cortex-M0/M0+/M1)
//        and ARMv8-M Baseline (Cortex-M23). They have no UMULL; a 64-bit
//        product would be a libgcc __aeabi_lmul call, which is slow and whose
//        timing is the library's, not ours.
//      * ARMv7-M without the DSP extension (__ARM_ARCH == 7, no
//        __ARM_FEATURE_DSP): Cortex-M3, whose UMULL/SMULL/UMLAL terminate
//        early depending on the operand values (3 to 5 cycles in the
//        Cortex-M3 Technical Reference Manual's instruction timings):
//        variable time on secret data. MUL (32x32->32) takes one cycle on
//        every value there.
//  - Mul64 (32x32->64) everywhere else: ARMv7E-M (Cortex-M4/M7, which have
//    __ARM_FEATURE_DSP and a one-cycle UMULL), ARMv8-M Mainline
//    (Cortex-M33/M35P/M55, with or without DSP), ARMv7-A/R (Cortex-A9 and
//    later application cores), and 32-bit targets of other architectures.
//
// The 32-bit/64-bit split is the compiler's unsigned __int128, as in
// ghash_nohw.cc (on the ARM targets the same as UINTPTR_MAX == 0xffffffff).
// ghash_nohw32.h's header comment says why the key is H alone (no powers:
// register pressure and code size).
//
// mca-loop: ghash=nohw ghash_nohw32::update< 16
#if !defined(__SIZEOF_INT128__)

#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_nohw32.h"

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    (__ARM_ARCH_ISA_THUMB == 1 ||                               \
     (__ARM_ARCH == 7 && !defined(__ARM_FEATURE_DSP)))
#define CTCRYPTO_GHASH_NOHW32_MUL Mul32
#else
#define CTCRYPTO_GHASH_NOHW32_MUL Mul64
#endif

namespace ctcrypto::internal {

const GhashRow kGhashNohw = {
    .name = "nohw",
    .required_caps = 0,
    .init = ghash_nohw32::init,
    .update = ghash_nohw32::scrubbed_update<ghash_nohw32::CTCRYPTO_GHASH_NOHW32_MUL>,
    .init_powers = ghash_nohw32::init_powers,
};

}  // namespace ctcrypto::internal

#undef CTCRYPTO_GHASH_NOHW32_MUL

#endif  // !defined(__SIZEOF_INT128__)
