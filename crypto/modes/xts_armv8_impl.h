// xts_armv8_impl.h: XTS's kernel of the armv8 AES row (xts_kernel.h),
// shared by the AArch64 (xts_armv8_aarch64.cc) and AArch32
// (xts_armv8_arm.cc) builds, which differ in the blocks in flight (kWide,
// crypto/aes/aes_armv8_core.h: 8 and 4, as the row's CTR and ECB loops).
// Include from exactly one file per build.
//
// Technique. A batch of kWide blocks runs AESE/AESMC (AESD/AESIMC over the
// decryption schedule) round-major over the row's round keys, as the row's
// ECB loop. The whitening rides on the first and last round keys: AESE adds
// its key operand before SubBytes, so block j enters as AESE(in_j ^ T_j,
// rk[0]), and leaves as AESE(b, rk[Nr-1]) ^ (rk[Nr] ^ T_j): three EORs a
// block besides the rounds. The last 1..kWide-1 blocks run as as many
// chains (one instance per count).
//
// Tweaks. The kWide tweaks of a batch stay in vector registers, each
// stepped by alpha^kWide once its block is done, so the sequence has no
// chain from tweak to tweak inside the loop (only the first kWide are
// doublings of each other, once per call):
//  * alpha^8 (AArch64) is a byte rotation: T * x^8 = (T << 8) ^ t15 *
//    0x87, with t15 the byte shifted out of x^127; rotating puts t15 at
//    the bottom once, and the rest of its product with x^7 + x^2 + x + 1,
//    t15 * 0x86, is a 15-bit carry-less product: VMULL.P8 (base NEON,
//    fixed latency) of byte lane 0. EXT, PMULL.8 and EOR a tweak.
//  * alpha^4 (AArch32) is the same with a nibble: per 64-bit lane shifts,
//    the bits out of each lane crossed by VEXT, the upper lane's times 0x86
//    by VMULL.P8.
//  * alpha (the first tweaks of a call): a 64-bit lane doubling, the bits
//    out of each lane as sign masks (VSHR.S64 #63), crossed by VEXT and
//    masked with (0x87, 1).
// No tweak is stored: the 32 AArch64 registers hold up to 15 round keys,
// 8 blocks and 8 tweaks (gcc 12 spills nothing for any key size; clang 14
// spills a few in the AES-256 loop); AArch32 loads each round key per use,
// as the row does (aes_armv8_core.h). What a compiler spills the caller
// wipes: xts_t marks its frame for run_scrubbed (xts_kernel.h).
//
// Measured (llvm-mca 14, cycles per 128-byte batch of AES-128, gcc 12):
// this loop 170 on Cortex-A76 (LLVM's A57 model), 446 on Cortex-A55,
// against the row's ECB loop's 152 and 407. Tweaks made in general
// registers and stored a batch ahead (as xts_aesni_x86_64.cc) ran 161 and
// 480, and 599 against 581 on Cortex-A53: the in-order cores favour this
// one, and it keeps no tweak buffer. Under QEMU (//bench:speed), whose
// AESE and PMULL.8 are helper calls, the general-register form ran as
// fast as the three-pass path and this one 5-8% slower (AArch32: 2-4%):
// an artefact of the emulation, a helper call where a core issues one op.
//
// Constant time. AESE/AESMC/AESD/AESIMC, EXT, shifts, EOR and the 8-bit
// polynomial multiply have fixed latency; branches and indices depend on
// the block count and the number of rounds only.
#ifndef CTCRYPTO_MODES_XTS_ARMV8_IMPL_H_
#define CTCRYPTO_MODES_XTS_ARMV8_IMPL_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_armv8_core.h"
#include "crypto/aes/aes_row.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_kernel.h"

namespace ctcrypto::internal {

namespace {

// mul_x: T * alpha (IEEE 1619 5.2; T in little-endian byte order, which
// is the lane order of a Q register). The bit out of each 64-bit lane
// becomes a mask (arithmetic shift), the lanes' masks swap, and the lower
// lane's carry enters the upper lane as 1, the upper lane's the lower as
// 0x87.
CTCRYPTO_INLINE uint8x16_t xts_mul_x(uint8x16_t t) {
  const uint64x2_t v = vreinterpretq_u64_u8(t);
  const uint64x2_t m =
      vreinterpretq_u64_s64(vshrq_n_s64(vreinterpretq_s64_u64(v), 63));
  const uint64x2_t poly = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
  const uint64x2_t c = vandq_u64(vextq_u64(m, m, 1), poly);
  return vreinterpretq_u8_u64(veorq_u64(vaddq_u64(v, v), c));
}

// mul_xk: T * alpha^K for K = kWide (4 or 8): T shifted left by K bits
// (x^128 and up wrapped to the bottom), with the K bits that left x^127
// then times x^7 + x^2 + x + 1 instead of 1: the wrapped copy already adds
// them once, so what remains is their carry-less product with 0x86 (at
// most 8 + 7 bits, VMULL.P8 of byte lane 0 by (0x86, 0, .., 0): the
// other lanes multiply by zero).
template <int K>
CTCRYPTO_INLINE uint8x16_t xts_mul_xk(uint8x16_t t) {
  static_assert(K == 4 || K == 8);
  const uint8x8_t m86 = vcreate_u8(0x86);
  if constexpr (K == 8) {
    const uint8x16_t rot = vextq_u8(t, t, 15);  // (t15, t0, .., t14)
    const poly16x8_t r = vmull_p8(vreinterpret_p8_u8(vget_low_u8(rot)),
                                  vreinterpret_p8_u8(m86));
    return veorq_u8(rot, vreinterpretq_u8_p16(r));
  } else {
    const uint64x2_t v = vreinterpretq_u64_u8(t);
    const uint64x2_t out = vshrq_n_u64(v, 64 - K);  // (lo, hi) >> (64 - K)
    const uint64x2_t wrap = vextq_u64(out, out, 1);  // (hi, lo) >> (64 - K)
    const poly16x8_t r = vmull_p8(vreinterpret_p8_u64(vget_low_u64(wrap)),
                                  vreinterpret_p8_u8(m86));
    const uint64x2_t x = veorq_u64(vshlq_n_u64(v, K), wrap);
    return vreinterpretq_u8_u64(veorq_u64(x, vreinterpretq_u64_p16(r)));
  }
}

// xts_batch: N blocks with the tweaks tw[0..N-1]: out_j = E(in_j ^ T_j) ^
// T_j (D with kDec), the tweaks folded into the first and last round key
// operands. Block j is read before it is written (in place).
template <int Nr, int N, bool kDec>
CTCRYPTO_INLINE void xts_batch(const RoundKeys<Nr>& rk, const uint8x16_t* tw,
                               const uint8_t* in, uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  uint8x16_t b[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) b[j] = veorq_u8(vld1q_u8(in + 16 * j), tw[j]);
#pragma GCC unroll 14
  for (int r = 0; r < Nr - 1; ++r) {
    const uint8x16_t k = rk.key(r);
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j) {
      b[j] = kDec ? vaesimcq_u8(vaesdq_u8(b[j], k))
                  : vaesmcq_u8(vaeseq_u8(b[j], k));
    }
  }
  const uint8x16_t kp = rk.key(Nr - 1), kl = rk.key(Nr);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) {
    const uint8x16_t x = kDec ? vaesdq_u8(b[j], kp) : vaeseq_u8(b[j], kp);
    vst1q_u8(out + 16 * j, veorq_u8(x, veorq_u8(kl, tw[j])));
  }
}

// xts_tail: the last N < kWide blocks, and the tweak after them (tw[N]).
template <int Nr, int N, bool kDec>
CTCRYPTO_INLINE void xts_tail(const RoundKeys<Nr>& rk, const uint8x16_t* tw,
                              const uint8_t* in, uint8_t* out,
                              uint8_t* tweak) {
  if constexpr (N > 0) xts_batch<Nr, N, kDec>(rk, tw, in, out);
  vst1q_u8(tweak, tw[N]);
}

template <int Nr, bool kDec>
void xts_t(StackMark* mark, const AesKeyState* s, const uint8_t* in,
           uint8_t* out, size_t blocks, uint8_t* tweak) {
  mark_frame(mark);
  const RoundKeys<Nr> rk(s->storage + (kDec ? kDecOffset : 0));
  uint8x16_t tw[kWide];
  tw[0] = vld1q_u8(tweak);
#pragma GCC unroll 8
  for (int j = 1; j < kWide; ++j) tw[j] = xts_mul_x(tw[j - 1]);
  for (; blocks >= kWide;
       blocks -= kWide, in += 16 * kWide, out += 16 * kWide) {
    xts_batch<Nr, kWide, kDec>(rk, tw, in, out);
#pragma GCC unroll 8
    for (int j = 0; j < kWide; ++j) tw[j] = xts_mul_xk<kWide>(tw[j]);
  }
  // tw[j] is now T_(done + j): the tail's tweaks and the one after them.
  static_assert(kWide == 4 || kWide == 8);
  switch (blocks) {  // public
    case 0: return xts_tail<Nr, 0, kDec>(rk, tw, in, out, tweak);
    case 1: return xts_tail<Nr, 1, kDec>(rk, tw, in, out, tweak);
    case 2: return xts_tail<Nr, 2, kDec>(rk, tw, in, out, tweak);
    case 3: return xts_tail<Nr, 3, kDec>(rk, tw, in, out, tweak);
    default: break;
  }
  if constexpr (kWide == 8) {
    switch (blocks) {
      case 4: return xts_tail<Nr, 4, kDec>(rk, tw, in, out, tweak);
      case 5: return xts_tail<Nr, 5, kDec>(rk, tw, in, out, tweak);
      case 6: return xts_tail<Nr, 6, kDec>(rk, tw, in, out, tweak);
      default: return xts_tail<Nr, 7, kDec>(rk, tw, in, out, tweak);
    }
  }
}

template <int Nr>
void xts_encrypt_t(StackMark* mark, const AesKeyState* s, const uint8_t* in,
                   uint8_t* out, size_t blocks, uint8_t* tweak) {
  xts_t<Nr, false>(mark, s, in, out, blocks, tweak);
}

template <int Nr>
void xts_decrypt_t(StackMark* mark, const AesKeyState* s, const uint8_t* in,
                   uint8_t* out, size_t blocks, uint8_t* tweak) {
  xts_t<Nr, true>(mark, s, in, out, blocks, tweak);
}

void armv8_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16],
                            StackMark* mark) {
  CTCRYPTO_ARMV8_DISPATCH(s, xts_encrypt_t, mark, s, in, out, blocks, tweak);
}

void armv8_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16],
                            StackMark* mark) {
  CTCRYPTO_ARMV8_DISPATCH(s, xts_decrypt_t, mark, s, in, out, blocks, tweak);
}

constexpr XtsKernel armv8_xts_kernel() {
  return XtsKernel{.name = "armv8",
                   .aes = &kAesArmv8,
                   .encrypt_bulk = armv8_xts_encrypt_bulk,
                   .decrypt_bulk = armv8_xts_decrypt_bulk};
}

}  // namespace

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_XTS_ARMV8_IMPL_H_
