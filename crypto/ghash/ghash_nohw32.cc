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
//  - MulV7m (below: Mul64's arithmetic as Thumb-2 assembly) on the other
//    M-profile cores with Thumb-2, ARMv7E-M (Cortex-M4/M7, which have
//    __ARM_FEATURE_DSP and a one-cycle UMULL) and ARMv8-M Mainline
//    (Cortex-M33/M35P/M55, with or without DSP), in builds that optimise
//    for speed; -Os (and -O0) builds there keep the C Mul64.
//  - Mul64 (32x32->64) everywhere else: ARMv7-A/R (Cortex-A9 and later
//    application cores) and 32-bit targets of other architectures.
//
// The 32-bit/64-bit split is the compiler's unsigned __int128, as in
// ghash_nohw.cc (on the ARM targets the same as UINTPTR_MAX == 0xffffffff).
// ghash_nohw32.h's header comment says why the key is H alone (no powers:
// key size and set-up code).
//
// mca-loop: ghash=nohw ghash_nohw32::update< 16
#if !defined(__SIZEOF_INT128__)

#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_nohw32.h"

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    (__ARM_ARCH_ISA_THUMB == 1 ||                               \
     (__ARM_ARCH == 7 && !defined(__ARM_FEATURE_DSP)))
#define CTCRYPTO_GHASH_NOHW32_MUL Mul32
#elif defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && \
    __ARM_ARCH_ISA_THUMB == 2 && defined(__OPTIMIZE__) &&         \
    !defined(__OPTIMIZE_SIZE__)
#define CTCRYPTO_GHASH_NOHW32_MUL MulV7m
#define CTCRYPTO_GHASH_NOHW32_V7M 1
#else
#define CTCRYPTO_GHASH_NOHW32_MUL Mul64
#endif

#if defined(CTCRYPTO_GHASH_NOHW32_V7M)
namespace ctcrypto::internal::ghash_nohw32 {
namespace {

// MulV7m (ARMv7E-M, ARMv8-M Mainline; -O2): Mul64's nine products as
// register-allocated Thumb-2. gcc spills Mul64::clmul, whose split
// operands, accumulators and result want all 14 registers; here each
// product keeps x's four holey words in r0-r3 (x3 in r0), H's in r8-r11,
// the class accumulator in r4:r5, the second product in r6:r7 and the
// result in r12:lr. With every register taken, the operand words, the
// products and the key pointer are memory operands (gcc has no register
// left for a base, so they are sp-relative), the key pointer reloaded per
// product. The sums are Mul64::clmul's (UMLAL for the paired products).
// Straight-line code on registers and fixed addresses, the multiplies those
// of Mul64: constant time as Mul64 on these cores (above).
// Trace count (bench/mcu/trace_cycles.sh cortex_m4, c/B bulk): GHASH 59.4
// (C Mul64, H split per block) -> 41.5.
#define CTC_GH_PROD(k, lo, hi)                                    \
  "ldr r12, %[hp]\n\t"                                            \
  "ldr r0, %" #lo "\n\t"                                          \
  "ldr r8, [r12, #16*" #k "]\n\t"                                 \
  "ldr r9, [r12, #16*" #k "+4]\n\t"                               \
  "ldr r10, [r12, #16*" #k "+8]\n\t"                              \
  "ldr r11, [r12, #16*" #k "+12]\n\t"                             \
  "and r1, r0, #0x11111111\n\t"                                   \
  "and r2, r0, #0x22222222\n\t"                                   \
  "and r3, r0, #0x44444444\n\t"                                   \
  "and r0, r0, #0x88888888\n\t"                                   \
  /* class 0: x0 h0 + x1 h3, x2 h2, x3 h1 */                      \
  "umull r4, r5, r1, r8\n\t"                                      \
  "umull r6, r7, r3, r10\n\t"                                     \
  "umlal r4, r5, r2, r11\n\t"                                     \
  "eor r6, r6, r4\n\t"                                            \
  "eor r7, r7, r5\n\t"                                            \
  "umull r4, r5, r0, r9\n\t"                                      \
  "eor r4, r4, r6\n\t"                                            \
  "eor r5, r5, r7\n\t"                                            \
  "and r12, r4, #0x11111111\n\t"                                  \
  "and lr, r5, #0x11111111\n\t"                                   \
  /* class 1: x0 h1 + x2 h3, x1 h0 + x3 h2 */                     \
  "umull r4, r5, r1, r9\n\t"                                      \
  "umull r6, r7, r2, r8\n\t"                                      \
  "umlal r4, r5, r3, r11\n\t"                                     \
  "umlal r6, r7, r0, r10\n\t"                                     \
  "eor r4, r4, r6\n\t"                                            \
  "eor r5, r5, r7\n\t"                                            \
  "and r4, r4, #0x22222222\n\t"                                   \
  "and r5, r5, #0x22222222\n\t"                                   \
  "orr r12, r12, r4\n\t"                                          \
  "orr lr, lr, r5\n\t"                                            \
  /* class 2: x0 h2 + x3 h3, x1 h1, x2 h0 */                      \
  "umull r4, r5, r1, r10\n\t"                                     \
  "umull r6, r7, r2, r9\n\t"                                      \
  "umlal r4, r5, r0, r11\n\t"                                     \
  "eor r6, r6, r4\n\t"                                            \
  "eor r7, r7, r5\n\t"                                            \
  "umull r4, r5, r3, r8\n\t"                                      \
  "eor r4, r4, r6\n\t"                                            \
  "eor r5, r5, r7\n\t"                                            \
  "and r4, r4, #0x44444444\n\t"                                   \
  "and r5, r5, #0x44444444\n\t"                                   \
  "orr r12, r12, r4\n\t"                                          \
  "orr lr, lr, r5\n\t"                                            \
  /* class 3: x0 h3, x1 h2, x2 h1, x3 h0 */                       \
  "umull r4, r5, r1, r11\n\t"                                     \
  "umull r6, r7, r2, r10\n\t"                                     \
  "eor r4, r4, r6\n\t"                                            \
  "eor r5, r5, r7\n\t"                                            \
  "umull r6, r7, r3, r9\n\t"                                      \
  "umull r8, r9, r0, r8\n\t"                                      \
  "eor r4, r4, r6\n\t"                                            \
  "eor r5, r5, r7\n\t"                                            \
  "eor r4, r4, r8\n\t"                                            \
  "eor r5, r5, r9\n\t"                                            \
  "and r4, r4, #0x88888888\n\t"                                   \
  "and r5, r5, #0x88888888\n\t"                                   \
  "orr r12, r12, r4\n\t"                                          \
  "orr lr, lr, r5\n\t"                                            \
  "str r12, %" #lo "\n\t"                                          \
  "str lr, %" #hi "\n\t"

struct MulV7m {
  [[gnu::always_inline]] static inline void products(u32 io[18],
                                                     const Key* k) {
    const u32* hp = &k->hp[0][0];
    __asm__ volatile(
        CTC_GH_PROD(0, 0, 1) CTC_GH_PROD(1, 2, 3) CTC_GH_PROD(2, 4, 5)
        CTC_GH_PROD(3, 6, 7) CTC_GH_PROD(4, 8, 9) CTC_GH_PROD(5, 10, 11)
        CTC_GH_PROD(6, 12, 13) CTC_GH_PROD(7, 14, 15) CTC_GH_PROD(8, 16, 17)
        // io[2i]: operand word in, low word out; io[2i + 1]: high word.
        : "+m"(io[0]), "=m"(io[1]), "+m"(io[2]), "=m"(io[3]), "+m"(io[4]),
          "=m"(io[5]), "+m"(io[6]), "=m"(io[7]), "+m"(io[8]), "=m"(io[9]),
          "+m"(io[10]), "=m"(io[11]), "+m"(io[12]), "=m"(io[13]),
          "+m"(io[14]), "=m"(io[15]), "+m"(io[16]), "=m"(io[17])
        : [hp] "m"(hp)
        // "memory": the key words, read through hp.
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
          "r11", "r12", "lr", "cc", "memory");
  }
};
#undef CTC_GH_PROD

}  // namespace
}  // namespace ctcrypto::internal::ghash_nohw32
#endif  // CTCRYPTO_GHASH_NOHW32_V7M

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
#undef CTCRYPTO_GHASH_NOHW32_V7M

#endif  // !defined(__SIZEOF_INT128__)
