// armv8_crypto_target.h: turns on the ARMv8 Crypto Extension (AESE/AESD,
// PMULL, SHA1/SHA256) for the rest of the including file, when the compiler
// is gcc. Included first (before any header that defines a function using
// those instructions) by the ARM rows that execute them: the armv8 AES, pmull
// GHASH and armv8 SHA rows and the armv8+pmull GCM kernel, on AArch64 and
// AArch32.
//
// Why a pragma and not a flag. A product builds the library with its own
// -mcpu (e.g. -mcpu=cortex-a55, or -mcpu=cortex-a9 for a 32-bit image), and
// gcc 12 reports a -march that names another architecture than that -mcpu
// ("switch '-mcpu=...' conflicts with '-march=...' switch", an error under
// -Werror). gcc has no flag that adds an extension alone, so with gcc these
// rows get no instruction-set flag (crypto/BUILD.bazel: isa_copts_gcc) and
// the file adds the extension to whatever the product's target is:
//   AArch64: "+crypto" (AES and SHA-1/SHA-256; PMULL is part of AES);
//   AArch32: the Crypto Extension FPU, and ARMv8-A only where the product's
//     target is older (an ARMv7 -mcpu, or this repository's -march=armv7-a);
//     an ARMv8 target (-mcpu=cortex-a53 in AArch32 state, ...) keeps its own
//     architecture, which a pragma naming armv8-a would narrow, and then
//     the intrinsics of arm_neon.h (built for the full target) could not be
//     inlined into these functions.
// gcc's arm_neon.h declares every intrinsic whatever the target (each with
// its own target attribute), so the pragma may come before or after it; only
// functions defined after the pragma may use the extension, which gcc checks
// ("inlining failed ... target specific option mismatch").
//
// clang 14 needs the flags instead (its arm_neon.h declares the crypto
// intrinsics only under the __ARM_FEATURE_* macros of the command line), and
// the rows keep them there (isa_copts); it ignores this file. gcc 12 does not
// update the __ARM_FEATURE_* macros after a target pragma in C++, so the
// rows' headers check those macros with clang only.
//
// Nothing here changes what runs: these rows run only when the CPU reports
// the capabilities their `uses` name (crypto/BUILD.bazel), as before.
#ifndef CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_
#define CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_

#if defined(__GNUC__) && !defined(__clang__)
#if defined(__aarch64__)
#pragma GCC target("+crypto")
#elif defined(__arm__)
#if __ARM_ARCH < 8
#pragma GCC target("arch=armv8-a,fpu=crypto-neon-fp-armv8")
#else
#pragma GCC target("fpu=crypto-neon-fp-armv8")
#endif
#else
#error "armv8_crypto_target.h is for the ARM rows"
#endif
#endif

#endif  // CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_
