// sha512_armv8_aarch64.cc: the "armv8" row of the SHA-512 table (SHA-384
// and SHA-512) on the ARMv8.2 SHA512 instructions (FEAT_SHA512:
// SHA512H, SHA512H2, SHA512SU0, SHA512SU1; HWCAP_SHA512), AArch64 only.
//
// Technique. The state a..h lives in four vectors of two words, ab, cd, ef,
// gh (lane 0 = the first letter). Two rounds t, t+1 (FIPS 180-4 6.4.2):
//   SHA512H(x, fg, de) with x = (g + K[t+1] + W[t+1], h + K[t] + W[t]),
//     fg = (f, g), de = (d, e): Sigma1/Ch of both rounds, giving
//     (T1[t+1], T1[t]) - the second round's e' = d + T1[t] is formed
//     inside the instruction;
//   the new (e, f) = (c + T1[t+1], d + T1[t]) = cd + that;
//   SHA512H2(that, cd, ab): Sigma0/Maj of both rounds, giving the new
//     (a, b) = (T1[t+1] + T2[t+1], T1[t] + T2[t]);
//   the new (c, d) is the old (a, b) and the new (g, h) the old (e, f).
// So the four vectors rotate roles every two rounds; with the role offset
// a compile-time function of the round pair, they keep fixed registers.
// Schedule, two words at a time: W[t..t+1] = SHA512SU1(SHA512SU0(
// W[t-16..], W[t-14..]), W[t-2..], W[t-7..t-6]) (sigma0 in SU0, sigma1
// and the W[t-7] term in SU1; W[t-7..t-6] straddles two vectors: EXT).
//
// Constant time: the SHA512 instructions, vector adds, EXT and byte
// reversals; no branch or memory index depends on the state or the data.
//
// Build: only this file uses the SHA512 instructions (+sha3 is gcc's and
// clang's name for the extension that holds them); the row requires
// kCapSha512, so a CPU without them (Cortex-A76) never runs it and the
// SHA-512 table falls back to the portable row. With gcc the file sets its
// own target with the pragma below, not with a -march flag: a product
// compiling for its own -mcpu (cortex-a53, say) gets "switch '-mcpu=...'
// conflicts with '-march=armv8.2-a+...'" from gcc for such a flag, an error
// under -Werror (crypto/cpu/armv8_crypto_target.h has the general case).
// The pragma names ARMv8.2-A and not just +sha3 because gcc 12's arm_neon.h
// declares the SHA512 intrinsics under target "arch=armv8.2-a+sha3", and a
// function may inline an intrinsic only if its own target includes all of
// that (FEAT_SHA512 exists from ARMv8.2 on, so a CPU running this row has
// ARMv8.2 anyway). clang 14 cannot do this in the source (its arm_neon.h
// declares vsha512* only when the command line defines
// __ARM_FEATURE_SHA512), and it reports no conflict between -march and
// -mcpu on AArch64, so with clang the row keeps its
// -march=armv8.2-a+crypto+sha3 (crypto/BUILD.bazel, isa_copts). The pragma
// comes before every include: every function of the file gets the target,
// so nothing compiled for the product's narrower target has to inline into
// it or the other way round.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("arch=armv8.2-a+crypto+sha3")
#endif

#include <arm_neon.h>

#include <cstdint>
#include <utility>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_constants.h"

#if !defined(__aarch64__)
#error "sha512_armv8_aarch64.cc is AArch64 only"
#endif
// gcc 12 does not update the __ARM_FEATURE_* macros after the pragma (C++);
// it checks each intrinsic's use against the function's target instead.
#if defined(__clang__) && !defined(__ARM_FEATURE_SHA512)
#error "sha512_armv8_aarch64.cc needs the SHA512 instructions (+sha3)"
#endif

namespace ctcrypto::internal {
namespace {

#define CTCRYPTO_INLINE inline __attribute__((always_inline))

// R: round pair (rounds 2R, 2R+1). msg[R % 8] holds W[2R..2R+1] once the
// schedule for this pair ran; v holds ab, cd, ef, gh starting at offset
// P = -R mod 4 (see the file comment).
template <int R>
CTCRYPTO_INLINE void sha512_pair(uint64x2_t (&v)[4], uint64x2_t (&msg)[8]) {
  if constexpr (R >= 8) {
    const uint64x2_t w7 =
        vextq_u64(msg[(R + 4) & 7], msg[(R + 5) & 7], 1);  // W[t-7], W[t-6]
    msg[R & 7] = vsha512su1q_u64(vsha512su0q_u64(msg[R & 7], msg[(R + 1) & 7]),
                                 msg[(R + 7) & 7], w7);
  }
  constexpr int P = (4 - (R & 3)) & 3;
  const uint64x2_t ab = v[P], cd = v[(P + 1) & 3], ef = v[(P + 2) & 3],
                   gh = v[(P + 3) & 3];
  const uint64x2_t wk = vaddq_u64(msg[R & 7], vld1q_u64(kSha512K + 2 * R));
  // (g + WK[t+1], h + WK[t]).
  const uint64x2_t x = vaddq_u64(vextq_u64(wk, wk, 1), gh);
  const uint64x2_t t1 = vsha512hq_u64(x, vextq_u64(ef, gh, 1),
                                      vextq_u64(cd, ef, 1));
  v[(P + 3) & 3] = vsha512h2q_u64(t1, cd, ab);  // new ab
  v[(P + 1) & 3] = vaddq_u64(cd, t1);           // new ef
}

void sha512_compress_armv8(HashState* s, const uint8_t* p, size_t blocks) {
  uint64x2_t v[4];
  for (int i = 0; i < 4; ++i) v[i] = vld1q_u64(s->w + 2 * i);
  for (; blocks > 0; --blocks, p += 128) {
    const uint64x2_t in0 = v[0], in1 = v[1], in2 = v[2], in3 = v[3];
    uint64x2_t msg[8];
    for (int i = 0; i < 8; ++i)
      msg[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * i)));
    // 40 pairs: a multiple of 4, so the roles end where they started.
    [&]<int... R>(std::integer_sequence<int, R...>) {
      (sha512_pair<R>(v, msg), ...);
    }(std::make_integer_sequence<int, 40>{});
    v[0] = vaddq_u64(v[0], in0);
    v[1] = vaddq_u64(v[1], in1);
    v[2] = vaddq_u64(v[2], in2);
    v[3] = vaddq_u64(v[3], in3);
  }
  for (int i = 0; i < 4; ++i) vst1q_u64(s->w + 2 * i, v[i]);
}

}  // namespace

extern const ShaRow kSha512Armv8 = {"armv8", kCapSha512,
                                        ShaFamily::kSha512,
                                        sha512_compress_armv8};

}  // namespace ctcrypto::internal
