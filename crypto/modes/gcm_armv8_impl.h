// gcm_armv8_impl.h: the GCM kernel of the armv8 AES row with the pmull
// GHASH row ("armv8+pmull", gcm_kernel.h), shared by the AArch64
// (gcm_armv8_aarch64.cc) and AArch32 (gcm_armv8_arm.cc) builds, which
// differ only in the blocks in flight (kWide: 8 and 4). Include from
// exactly one file per build.
//
// Technique. Each iteration runs the AES rounds of a batch (AESE/AESMC over
// the armv8 row's round keys, crypto/aes/aes_armv8_core.h) and the 64-bit
// PMULL GHASH of a batch (sealing: the previous batch's ciphertext,
// opening: this batch's; the pmull row's key and arithmetic,
// crypto/ghash/ghash_pmull.h) in one basic block, so in-order and
// out-of-order cores alike can overlap the AES and PMULL pipelines; one
// aggregated reduction per batch.
//
// Constant time. AESE/AESMC and PMULL have fixed latency; no branch or
// address depends on key, counter or data; block counts are public.
#ifndef CTCRYPTO_MODES_GCM_ARMV8_IMPL_H_
#define CTCRYPTO_MODES_GCM_ARMV8_IMPL_H_

#include <arm_neon.h>

#include <cstring>

#include "crypto/aes/aes_armv8_core.h"
#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/ghash/ghash_pmull.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"
#include "crypto/modes/gcm_kernel.h"

namespace ctcrypto::internal {

namespace {

// Both loops handle whole batches of kWide blocks and leave the rest to
// gcm.cc (ctr32 + GHASH, which are the armv8 and pmull rows' fast paths).

constexpr size_t kGcmBatch = kWide;

// gcm_batch: one iteration: AES-CTR of 8 blocks from counter c on `in` into
// `out`, and x = GHASH step over the 8 blocks at `hash_in` (which are read
// before any of `out` is written). The GHASH work is written between the
// AES rounds, one block per round, so the compiler's schedule and the
// core's pipelines see both at once.
template <int Nr>
CTCRYPTO_INLINE uint8x16_t gcm_batch(const RoundKeys<Nr>& rk,
                                     const uint8_t* hkey, uint8x16_t iv,
                                     uint32_t c, const uint8_t* in,
                                     uint8_t* out, uint8x16_t x,
                                     const uint8_t* hash_in) {
  static_assert(Nr - 1 >= static_cast<int>(kGcmBatch));
  uint8x16_t b[kGcmBatch];
#pragma GCC unroll 8
  for (size_t j = 0; j < kGcmBatch; ++j)
    b[j] = counter_block(iv, c + static_cast<uint32_t>(j));  // inc32: mod 2^32
  pmull::Acc acc = pmull::acc_zero();
#pragma GCC unroll 14
  for (int r = 0; r < Nr - 1; ++r) {
    const uint8x16_t k = rk.key(r);
#pragma GCC unroll 8
    for (size_t j = 0; j < kGcmBatch; ++j)
      b[j] = vaesmcq_u8(vaeseq_u8(b[j], k));
    if (r < static_cast<int>(kGcmBatch)) {
      uint8x16_t h = pmull::to_natural(vld1q_u8(hash_in + 16 * r));
      if (r == 0) h = veorq_u8(h, x);
      // r < kGcmBatch here: the power of H for hash block r.
      const size_t power = kGcmBatch - 1 - static_cast<size_t>(r);
      pmull::acc_mul(acc, h, pmull::load_power(hkey, power),
                     pmull::load_hk(hkey, power));
    }
  }
  x = pmull::reduce(acc);
  const uint8x16_t kp = rk.key(Nr - 1), kl = rk.key(Nr);
#pragma GCC unroll 8
  for (size_t j = 0; j < kGcmBatch; ++j) {
    uint8x16_t k = veorq_u8(vaeseq_u8(b[j], kp), kl);
    vst1q_u8(out + 16 * j, veorq_u8(vld1q_u8(in + 16 * j), k));
  }
  return x;
}

// gcm_seal_t: the seal bulk. With `carry` (seal_bulk_carry, a stream):
// the carried batch (*carry_len 0 or one batch) is hashed with the first
// batch's AES, and the last batch is left unhashed, copied to carry.
template <int Nr>
[[gnu::noinline]] size_t gcm_seal_t(StackMark* m, const AesKeyState* s,
                                    const GhashKeyState* g, const uint8_t* in,
                                    uint8_t* out, size_t len, uint8_t* ctr,
                                    uint8_t* xi, uint8_t* carry = nullptr,
                                    size_t* carry_len = nullptr) {
  mark_frame(m);
  size_t batches = len / (16 * kGcmBatch);
  if (batches == 0) return 0;
  RoundKeys<Nr> rk(s->storage);
  const uint8_t* hkey = g->storage;
  uint8x16_t iv = vld1q_u8(ctr);
  uint32_t c = load_be32(ctr + 12);
  uint8x16_t x = pmull::to_natural(vld1q_u8(xi));
  // First batch: AES only (or with the carried batch's GHASH). Then each
  // iteration encrypts batch i while hashing the ciphertext batch i-1 just
  // written.
  if (carry != nullptr && *carry_len != 0)
    x = gcm_batch<Nr>(rk, hkey, iv, c, in, out, x, carry);
  else
    ctr_batch<Nr, kGcmBatch>(rk, iv, c, in, out, kGcmBatch);
  for (size_t i = 1; i < batches; ++i) {
    const size_t off = 16 * kGcmBatch * i;
    // The opaque offset keeps `c + offset` (secret for a long nonce's J0)
    // from becoming the loop's induction variable and end test.
    const uint32_t step = ct_opaque(static_cast<uint32_t>(kGcmBatch * i));
    x = gcm_batch<Nr>(rk, hkey, iv, c + step, in + off, out + off, x,
                      out + off - 16 * kGcmBatch);
  }
  const uint8_t* last = out + 16 * kGcmBatch * (batches - 1);
  if (carry != nullptr) {
    std::memcpy(carry, last, 16 * kGcmBatch);
    *carry_len = 16 * kGcmBatch;
  } else {
    x = pmull::hash_blocks(hkey, x, last, kGcmBatch);
  }
  vst1q_u8(xi, pmull::from_natural(x));
  store_be32(ctr + 12, c + static_cast<uint32_t>(kGcmBatch * batches));
  return 16 * kGcmBatch * batches;
}

template <int Nr>
[[gnu::noinline]] size_t gcm_open_t(StackMark* m, const AesKeyState* s,
                                    const GhashKeyState* g, const uint8_t* in,
                                    uint8_t* out, size_t len, uint8_t* ctr,
                                    uint8_t* xi) {
  mark_frame(m);
  size_t batches = len / (16 * kGcmBatch);
  if (batches == 0) return 0;
  RoundKeys<Nr> rk(s->storage);
  const uint8_t* hkey = g->storage;
  uint8x16_t iv = vld1q_u8(ctr);
  uint32_t c = load_be32(ctr + 12);
  uint8x16_t x = pmull::to_natural(vld1q_u8(xi));
  for (size_t i = 0; i < batches; ++i) {
    const size_t off = 16 * kGcmBatch * i;
    // As in gcm_seal_t: the opaque offset keeps `c + offset` (secret for a
    // long nonce's J0) from becoming the loop's induction variable and end
    // test (gcc 12 did so on AArch32 once the loop was out of line: the
    // ctarm valgrind run reported its branches).
    const uint32_t step = ct_opaque(static_cast<uint32_t>(kGcmBatch * i));
    x = gcm_batch<Nr>(rk, hkey, iv, c + step, in + off, out + off, x,
                      in + off);
  }
  vst1q_u8(xi, pmull::from_natural(x));
  store_be32(ctr + 12, c + static_cast<uint32_t>(kGcmBatch * batches));
  return 16 * kGcmBatch * batches;
}

// The loops keep 11..15 round keys, a batch of blocks and the GHASH sums
// in vector registers; what does not fit (AArch32 has 16 Q registers,
// AArch64 32) is spilled to their frames, round keys included (gcc and
// clang alike, objdump: frames of 200..300 bytes on AArch64, up to about
// 560 on AArch32 with clang). So each entry point runs its loop under
// run_scrubbed (crypto/internal.h), which wipes the frames the loop marked
// (tests/stack_residue_test.cc finds the spilled AES-256 round keys
// otherwise).

size_t armv8_gcm_seal_bulk(const AesKeyState* s, const GhashKeyState* g,
                           const uint8_t* in, uint8_t* out, size_t len,
                           uint8_t ctr[16], bool /*ctr_public: unused*/,
                           uint8_t xi[16]) {
  if (len < 16 * kGcmBatch) return 0;
  return run_scrubbed([&](StackMark* m) -> size_t {
    CTCRYPTO_ARMV8_DISPATCH(s, gcm_seal_t, m, s, g, in, out, len, ctr, xi);
  });
}

size_t armv8_gcm_open_bulk(const AesKeyState* s, const GhashKeyState* g,
                           const uint8_t* in, uint8_t* out, size_t len,
                           uint8_t ctr[16], bool /*ctr_public: unused*/,
                           uint8_t xi[16]) {
  if (len < 16 * kGcmBatch) return 0;
  return run_scrubbed([&](StackMark* m) -> size_t {
    CTCRYPTO_ARMV8_DISPATCH(s, gcm_open_t, m, s, g, in, out, len, ctr, xi);
  });
}

size_t armv8_gcm_seal_carry(const AesKeyState* s, const GhashKeyState* g,
                            const uint8_t* in, uint8_t* out, size_t len,
                            uint8_t ctr[16], bool /*ctr_public: unused*/,
                            uint8_t xi[16], uint8_t* carry,
                            size_t* carry_len) {
  if (len < 16 * kGcmBatch) return 0;
  return run_scrubbed([&](StackMark* m) -> size_t {
    CTCRYPTO_ARMV8_DISPATCH(s, gcm_seal_t, m, s, g, in, out, len, ctr, xi,
                            carry, carry_len);
  });
}

static_assert(16 * kGcmBatch <= kGcmStreamCarryBytes);

// armv8_gcm_kernel: the "armv8+pmull" kernel, the same on AArch64 and
// AArch32 (the blocks in flight differ inside the loops above).
constexpr GcmKernel armv8_gcm_kernel() {
  return GcmKernel{.name = "armv8+pmull",
                   .aes = &kAesArmv8,
                   .ghash = &kGhashPmull,
                   .seal_bulk = armv8_gcm_seal_bulk,
                   .open_bulk = armv8_gcm_open_bulk,
                   .seal_bulk_carry = armv8_gcm_seal_carry,
                   .carry_bytes = 16 * kGcmBatch};
}

}  // namespace

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_GCM_ARMV8_IMPL_H_
