// target_caps.h: what the compile-time target promises, from the compiler's
// predefined macros (the flags of the consumer's toolchain, not a row's own
// -m flags: include this only from code compiled with the library's base
// flags). Used when capabilities are static (//config:caps_static, the
// default on @platforms//os:none): cpu_static.cc reports exactly these, and
// the generated row tables (crypto/rows.bzl) list a row only when
// CTCRYPTO_TARGET_HAS_<CAP> holds for every capability it uses, so a row
// whose instructions the target does not promise is never linked.
#ifndef CTCRYPTO_CPU_TARGET_CAPS_H_
#define CTCRYPTO_CPU_TARGET_CAPS_H_

#include <cstdint>

#include "crypto/cpu/cpu.h"

#if defined(__AES__)
#define CTCRYPTO_TARGET_HAS_AESNI 1
#else
#define CTCRYPTO_TARGET_HAS_AESNI 0
#endif

#if defined(__PCLMUL__)
#define CTCRYPTO_TARGET_HAS_PCLMUL 1
#else
#define CTCRYPTO_TARGET_HAS_PCLMUL 0
#endif

#if defined(__SSSE3__)
#define CTCRYPTO_TARGET_HAS_SSSE3 1
#else
#define CTCRYPTO_TARGET_HAS_SSSE3 0
#endif

#if defined(__AVX__)
#define CTCRYPTO_TARGET_HAS_AVX 1
#else
#define CTCRYPTO_TARGET_HAS_AVX 0
#endif

#if defined(__AVX2__)
#define CTCRYPTO_TARGET_HAS_AVX2 1
#else
#define CTCRYPTO_TARGET_HAS_AVX2 0
#endif

// kCapAvx512 is F + BW + VL (what the VAES rows use).
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#define CTCRYPTO_TARGET_HAS_AVX512 1
#else
#define CTCRYPTO_TARGET_HAS_AVX512 0
#endif

// kCapVaes is VAES + VPCLMULQDQ together.
#if defined(__VAES__) && defined(__VPCLMULQDQ__)
#define CTCRYPTO_TARGET_HAS_VAES 1
#else
#define CTCRYPTO_TARGET_HAS_VAES 0
#endif

#if defined(__ARM_NEON)
#define CTCRYPTO_TARGET_HAS_NEON 1
#else
#define CTCRYPTO_TARGET_HAS_NEON 0
#endif

// ACLE: __ARM_FEATURE_AES covers AESE/AESD/AESMC/AESIMC and the 64-bit
// polynomial multiply (VMULL.P64 / PMULL); older compilers say
// __ARM_FEATURE_CRYPTO for the same set.
#if defined(__ARM_FEATURE_AES) || defined(__ARM_FEATURE_CRYPTO)
#define CTCRYPTO_TARGET_HAS_AES 1
#define CTCRYPTO_TARGET_HAS_PMULL 1
#else
#define CTCRYPTO_TARGET_HAS_AES 0
#define CTCRYPTO_TARGET_HAS_PMULL 0
#endif

namespace ctcrypto::internal {

// kTargetCaps: the Cap bits the compile-time target promises.
inline constexpr uint32_t kTargetCaps =
    (CTCRYPTO_TARGET_HAS_AESNI ? kCapAesni : 0u) |
    (CTCRYPTO_TARGET_HAS_PCLMUL ? kCapPclmul : 0u) |
    (CTCRYPTO_TARGET_HAS_SSSE3 ? kCapSsse3 : 0u) |
    (CTCRYPTO_TARGET_HAS_AVX ? kCapAvx : 0u) |
    (CTCRYPTO_TARGET_HAS_AVX2 ? kCapAvx2 : 0u) |
    (CTCRYPTO_TARGET_HAS_AVX512 ? kCapAvx512 : 0u) |
    (CTCRYPTO_TARGET_HAS_VAES ? kCapVaes : 0u) |
    (CTCRYPTO_TARGET_HAS_NEON ? kCapNeon : 0u) |
    (CTCRYPTO_TARGET_HAS_AES ? kCapAes : 0u) |
    (CTCRYPTO_TARGET_HAS_PMULL ? kCapPmull : 0u);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_CPU_TARGET_CAPS_H_
