// aes_armv8_core.h: the block primitives of the ARMv8 AES row (round keys
// as the loops hold them, N blocks in flight, counter blocks), shared by
// the row's functions (aes_armv8_impl.h) and the mode kernels over its key
// (crypto/modes/gcm_armv8_impl.h, xts_armv8_impl.h). Inline templates only:
// any file may include it. See aes_armv8_aarch64.cc for the essay.
#ifndef CTCRYPTO_AES_AES_ARMV8_CORE_H_
#define CTCRYPTO_AES_AES_ARMV8_CORE_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/internal.h"

// clang: the row's flags set the macros (isa_copts); gcc: the file includes
// crypto/cpu/armv8_crypto_target.h first, whose target pragma gcc 12 does
// not reflect in the macros in C++ (it checks each intrinsic's use instead).
#if defined(__clang__)
#if !defined(__ARM_FEATURE_AES) && !defined(__ARM_FEATURE_CRYPTO)
#error "aes_armv8_core.h needs the crypto extensions (AESE/AESD)"
#endif
#elif !defined(CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_)
#error "aes_armv8_core.h: include crypto/cpu/armv8_crypto_target.h first"
#endif

namespace ctcrypto::internal {

// kWide: blocks in flight in CTR, CBC decryption and the GCM loops.
#if defined(__aarch64__)
inline constexpr int kWide = 8;
#else
inline constexpr int kWide = 4;
#endif

namespace {

// kDecOffset: where the decryption schedule (the equivalent inverse
// cipher's round keys, aes_armv8_impl.h) starts in AesKeyState::storage,
// after the 15 encryption round keys of 16 bytes.
constexpr size_t kDecOffset = 240;
static_assert(2 * kDecOffset <= kAesKeyStorageBytes);

// The batch helpers are forced inline so that each bulk loop is one basic
// block with its round keys in registers (no call, no key reloads).
#define CTCRYPTO_INLINE inline __attribute__((always_inline))

// --- block primitives ------------------------------------------------------

// RoundKeys: the Nr + 1 round keys as the loops use them, key(i).
//  * AArch64: loaded once per call into registers (32 Q registers hold them
//    next to the blocks in flight, so none is spilled; the stack-residue
//    test finds no copy).
//  * AArch32: 16 Q registers cannot hold them next to the blocks, GHASH
//    and counter state. So each use loads the key from the key object
//    through a pointer made opaque by a volatile asm (it can be neither
//    hoisted out of the loops nor merged with another use). That does not
//    stop a compiler from scheduling a batch's loads ahead of their
//    rounds: clang 14 does in ctr32's tail batches and spills two AES-256
//    round keys (gcc 12 spills none). So the row's bulk functions and the
//    GCM kernel run under run_scrubbed (crypto/internal.h), which wipes
//    the frames after them. The loads hit L1.
template <int Nr>
struct RoundKeys {
#if defined(__arm__)
  const uint8_t* p;
  explicit RoundKeys(const uint8_t* keys) : p(keys) {}
  CTCRYPTO_INLINE uint8x16_t key(int i) const {
    const uint8_t* q = p;
    __asm__ __volatile__("" : "+r"(q));
    return vld1q_u8(q + 16 * i);
  }
#else
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  uint8x16_t k[static_cast<size_t>(Nr) + 1];
  explicit RoundKeys(const uint8_t* keys) {
#pragma GCC unroll 15
    for (int i = 0; i <= Nr; ++i) k[i] = vld1q_u8(keys + 16 * i);
  }
  CTCRYPTO_INLINE uint8x16_t key(int i) const { return k[i]; }
#endif
};

// encN / decN: N independent blocks, round-major so that N AESE/AESMC pairs
// are in flight between dependent ones.
template <int Nr, int N>
CTCRYPTO_INLINE void encN(const RoundKeys<Nr>& rk, uint8x16_t* b) {
#pragma GCC unroll 14
  for (int r = 0; r < Nr - 1; ++r) {
    const uint8x16_t k = rk.key(r);
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j) b[j] = vaesmcq_u8(vaeseq_u8(b[j], k));
  }
  const uint8x16_t kp = rk.key(Nr - 1), kl = rk.key(Nr);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) b[j] = veorq_u8(vaeseq_u8(b[j], kp), kl);
}

template <int Nr, int N>
CTCRYPTO_INLINE void decN(const RoundKeys<Nr>& rk, uint8x16_t* b) {
#pragma GCC unroll 14
  for (int r = 0; r < Nr - 1; ++r) {
    const uint8x16_t k = rk.key(r);
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j) b[j] = vaesimcq_u8(vaesdq_u8(b[j], k));
  }
  const uint8x16_t kp = rk.key(Nr - 1), kl = rk.key(Nr);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) b[j] = veorq_u8(vaesdq_u8(b[j], kp), kl);
}

// counter_block: `iv` with its last 32 bits replaced by big-endian c.
CTCRYPTO_INLINE uint8x16_t counter_block(uint8x16_t iv, uint32_t c) {
  return vreinterpretq_u8_u32(
      vsetq_lane_u32(be32_lane(c), vreinterpretq_u32_u8(iv), 3));
}

// ctr_batch: N keystream blocks from counter c, XORed into n <= N blocks.
template <int Nr, int N>
CTCRYPTO_INLINE void ctr_batch(const RoundKeys<Nr>& rk, uint8x16_t iv,
                               uint32_t c, const uint8_t* in, uint8_t* out,
                               size_t n) {
  uint8x16_t b[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j)
    b[j] = counter_block(iv, c + static_cast<uint32_t>(j));
  encN<Nr, N>(rk, b);
  if (n == N) {
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j)
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), b[j]));
  } else {
    for (size_t j = 0; j < n; ++j)
      vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), b[j]));
  }
}

// Rounds are public: dispatch once per call to the unrolled instance.
#define CTCRYPTO_ARMV8_DISPATCH(s, fn, ...) \
  do {                                      \
    switch ((s)->rounds) {                  \
      case 10:                              \
        return fn<10>(__VA_ARGS__);         \
      case 12:                              \
        return fn<12>(__VA_ARGS__);         \
      default:                              \
        return fn<14>(__VA_ARGS__);         \
    }                                       \
  } while (0)

}  // namespace

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_AES_ARMV8_CORE_H_
