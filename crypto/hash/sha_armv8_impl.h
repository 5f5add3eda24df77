// sha_armv8_impl.h: the "armv8" rows of the SHA-1 and SHA-256 tables on the
// ARMv8 Cryptographic Extension (SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1,
// SHA256H/SHA256H2/SHA256SU0/SHA256SU1), shared by the AArch64
// (sha_armv8_aarch64.cc) and AArch32 (sha_armv8_arm.cc) builds: the ACLE
// intrinsics are the same in both states. Include from exactly one file
// per build.
//
// Technique. The instructions compute FIPS 180-4's rounds and message
// schedule four words at a time; vectors hold words in order (lane 0 = the
// first word; a per-word byte reversal of 16 input bytes gives W[t..t+3]).
//
//  SHA-1: SHA1C/SHA1P/SHA1M run four steps with Ch, Parity or Maj (FIPS
//  180-4 4.1.1) on A..D in one vector and E in a scalar; after four steps E
//  is the old A rotated by 30, which SHA1H computes. K (4.2.1) is added to
//  the message words first. Schedule: W[t] = ROL1(W[t-3] ^ W[t-8] ^
//  W[t-14] ^ W[t-16]) for four words as SHA1SU1(SHA1SU0(W[t-16..],
//  W[t-12..], W[t-8..]), W[t-4..]).
//
//  SHA-256: SHA256H gives the new A..D after four rounds from A..D, E..H
//  and W+K; SHA256H2 the new E..H from E..H and the *old* A..D. Schedule:
//  SHA256SU1(SHA256SU0(W[t-16..], W[t-12..]), W[t-8..], W[t-4..]) (sigma0
//  in SU0, sigma1 and W[t-7] in SU1).
//
// The groups are unrolled at compile time (template over the group index)
// so that the four message vectors keep fixed registers.
//
// Constant time: the SHA instructions, vector adds and byte reversals; no
// branch or memory index depends on the state or the data (the group loops
// and the block count are public). The state is passed through HashState's
// layout (one word per 64-bit slot), shared with the portable row.
#ifndef CTCRYPTO_HASH_SHA_ARMV8_IMPL_H_
#define CTCRYPTO_HASH_SHA_ARMV8_IMPL_H_

#include <arm_neon.h>

#include <cstdint>
#include <utility>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_constants.h"

// clang: the row's flags set the macros (isa_copts); gcc: the file includes
// crypto/cpu/armv8_crypto_target.h first, whose target pragma gcc 12 does
// not reflect in the macros in C++ (it checks each intrinsic's use instead).
#if defined(__clang__)
#if !defined(__ARM_FEATURE_SHA2) && !defined(__ARM_FEATURE_CRYPTO)
#error "sha_armv8_impl.h needs the SHA1/SHA256 instructions"
#endif
#elif !defined(CTCRYPTO_CPU_ARMV8_CRYPTO_TARGET_H_)
#error "sha_armv8_impl.h: include crypto/cpu/armv8_crypto_target.h first"
#endif

namespace ctcrypto::internal {
namespace {

#define CTCRYPTO_INLINE inline __attribute__((always_inline))

CTCRYPTO_INLINE uint32x4_t load_words_be(const uint8_t* p) {
  return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

// --- SHA-1 -------------------------------------------------------------------

// G: group index (steps 4G..4G+3); msg[G % 4] holds W[4G..4G+3] once the
// schedule for this group ran.
template <int G>
CTCRYPTO_INLINE void sha1_group(uint32x4_t& abcd, uint32_t& e,
                                uint32x4_t (&msg)[4]) {
  if constexpr (G >= 4) {
    msg[G & 3] = vsha1su1q_u32(
        vsha1su0q_u32(msg[G & 3], msg[(G + 1) & 3], msg[(G + 2) & 3]),
        msg[(G + 3) & 3]);
  }
  const uint32x4_t wk = vaddq_u32(msg[G & 3], vdupq_n_u32(kSha1K[G / 5]));
  const uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));
  if constexpr (G / 5 == 0) {
    abcd = vsha1cq_u32(abcd, e, wk);
  } else if constexpr (G / 5 == 2) {
    abcd = vsha1mq_u32(abcd, e, wk);
  } else {
    abcd = vsha1pq_u32(abcd, e, wk);
  }
  e = e_next;
}

void sha1_compress_armv8(HashState* s, const uint8_t* p, size_t blocks) {
  const uint32_t in[4] = {
      static_cast<uint32_t>(s->w[0]), static_cast<uint32_t>(s->w[1]),
      static_cast<uint32_t>(s->w[2]), static_cast<uint32_t>(s->w[3])};
  uint32x4_t abcd = vld1q_u32(in);
  uint32_t e = static_cast<uint32_t>(s->w[4]);
  for (; blocks > 0; --blocks, p += 64) {
    const uint32x4_t abcd_in = abcd;
    const uint32_t e_in = e;
    uint32x4_t msg[4];
    for (int i = 0; i < 4; ++i) msg[i] = load_words_be(p + 16 * i);
    [&]<int... G>(std::integer_sequence<int, G...>) {
      (sha1_group<G>(abcd, e, msg), ...);
    }(std::make_integer_sequence<int, 20>{});
    abcd = vaddq_u32(abcd, abcd_in);
    e += e_in;
  }
  s->w[0] = vgetq_lane_u32(abcd, 0);
  s->w[1] = vgetq_lane_u32(abcd, 1);
  s->w[2] = vgetq_lane_u32(abcd, 2);
  s->w[3] = vgetq_lane_u32(abcd, 3);
  s->w[4] = e;
}

// --- SHA-256 -----------------------------------------------------------------

// G: group index (rounds 4G..4G+3).
template <int G>
CTCRYPTO_INLINE void sha256_group(uint32x4_t& abcd, uint32x4_t& efgh,
                                  uint32x4_t (&msg)[4]) {
  if constexpr (G >= 4) {
    msg[G & 3] = vsha256su1q_u32(vsha256su0q_u32(msg[G & 3], msg[(G + 1) & 3]),
                                 msg[(G + 2) & 3], msg[(G + 3) & 3]);
  }
  const uint32x4_t wk = vaddq_u32(msg[G & 3], vld1q_u32(kSha256K + 4 * G));
  const uint32x4_t abcd_old = abcd;
  abcd = vsha256hq_u32(abcd, efgh, wk);
  efgh = vsha256h2q_u32(efgh, abcd_old, wk);
}

void sha256_compress_armv8(HashState* s, const uint8_t* p, size_t blocks) {
  uint32_t in[8];
  for (int i = 0; i < 8; ++i) in[i] = static_cast<uint32_t>(s->w[i]);
  uint32x4_t abcd = vld1q_u32(in);
  uint32x4_t efgh = vld1q_u32(in + 4);
  for (; blocks > 0; --blocks, p += 64) {
    const uint32x4_t abcd_in = abcd, efgh_in = efgh;
    uint32x4_t msg[4];
    for (int i = 0; i < 4; ++i) msg[i] = load_words_be(p + 16 * i);
    [&]<int... G>(std::integer_sequence<int, G...>) {
      (sha256_group<G>(abcd, efgh, msg), ...);
    }(std::make_integer_sequence<int, 16>{});
    abcd = vaddq_u32(abcd, abcd_in);
    efgh = vaddq_u32(efgh, efgh_in);
  }
  vst1q_u32(in, abcd);
  vst1q_u32(in + 4, efgh);
  for (int i = 0; i < 8; ++i) s->w[i] = in[i];
}

// armv8 rows: both need NEON registers (closure in cpu_common.cc).
constexpr ShaRow sha1_armv8_row() {
  return {"armv8", kCapSha1, ShaFamily::kSha1, sha1_compress_armv8};
}
constexpr ShaRow sha256_armv8_row() {
  return {"armv8", kCapSha2, ShaFamily::kSha256, sha256_compress_armv8};
}

}  // namespace
}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_SHA_ARMV8_IMPL_H_
