// sha1_neon_arm.cc: the "neon" row of the SHA-1 table for 32-bit ARM with
// NEON (ARMv7-A, e.g. Cortex-A9): the 80 steps of FIPS 180-4 6.1.2 in
// general registers, the message schedule (6.1.2 step 1) in NEON registers.
//
// Technique. ARMv7 cores issue NEON instructions to a pipeline of their
// own, so the schedule costs the integer pipeline only one load per step
// (W[t] + K[t], read from a small stack ring) instead of the portable
// row's four loads, three XORs, a rotation and a store. Four schedule
// words are computed at once (the vectorization of Locktyukhin, "Improving
// the performance of the Secure Hash Algorithm (SHA-1)", Intel, 2010):
//
//  t = 16..31: W[t..t+3] = ROTL1(W[t-3..t] ^ W[t-8..] ^ W[t-14..] ^
//  W[t-16..]), where lane 3 needs W[t], the lane-0 result of the same
//  vector. Lane 3 is computed with 0 in place of W[t] and then fixed up:
//  ROTL1(x ^ W[t]) = ROTL1(x) ^ ROTL2(x0), x0 being lane 0 before its
//  rotation.
//
//  t = 32..79: the recurrence applied to itself gives W[t] = ROTL2(W[t-6] ^
//  W[t-16] ^ W[t-28] ^ W[t-32]) (XOR and rotation commute, and the
//  duplicated terms cancel), whose nearest term is 6 back: four lanes at
//  once with no fix-up.
//
// K is added in the vector unit too. The schedule runs four groups (16
// steps) ahead of the steps that read it, in source order interleaved with
// them, so that the two pipelines overlap and a step never waits for a
// vector store. The state words rotate roles by renaming (template indices),
// not by moves.
//
// Constant time: XOR, shifts, additions, rotations and the boolean step
// functions, all fixed-time on ARMv7; the ring index and the step count are
// compile-time constants, the block count is public.
#include <arm_neon.h>

#include <cstdint>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_constants.h"
#include "crypto/hash/sha_neon_arm_driver.h"

#if defined(__aarch64__) || !defined(__ARM_NEON)
#error "sha1_neon_arm.cc is the 32-bit ARM NEON build (-mfpu=neon)"
#endif

namespace ctcrypto::internal {
namespace {

inline uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

template <int N>
[[gnu::always_inline]] inline uint32x4_t rotl_v(uint32x4_t x) {
  return vsriq_n_u32(vshlq_n_u32(x, N), x, 32 - N);
}

using sha_neon::load_word;
using sha_neon::store_ring;

// The ring and the block loop: sha_neon_arm_driver.h. The message words
// W[4g..4g+3] of group g live in w[g & 7].
struct Sha1 {
  static constexpr int kWords = 5;
  static constexpr int kGroups = 20;
  static constexpr int kVectors = 8;
  using Sched = sha_neon::Sched<kVectors>;

  template <int G>
  [[gnu::always_inline]] static void store_wk(Sched& s) {
    store_ring<G>(s, vaddq_u32(s.w[G & 7], vdupq_n_u32(kSha1K[G / 5])));
  }

  // schedule<G>: W[4G..4G+3] (G = 4..19) from the earlier groups, and its
  // W + K into the ring.
  template <int G>
  [[gnu::always_inline]] static void schedule(Sched& s) {
    uint32x4_t* w = s.w;
    if constexpr (G < 8) {
      const uint32x4_t zero = vdupq_n_u32(0);
      // (W[t-3], W[t-2], W[t-1], 0), (W[t-14..t-11]), t = 4G.
      uint32x4_t x = vextq_u32(w[(G - 1) & 7], zero, 1);
      x = veorq_u32(x, w[(G - 2) & 7]);
      x = veorq_u32(x, vextq_u32(w[(G - 4) & 7], w[(G - 3) & 7], 2));
      x = veorq_u32(x, w[(G - 4) & 7]);
      // Lane 3 fix-up: ROTL2 of lane 0 (before rotation) moved to lane 3.
      const uint32x4_t fix = rotl_v<2>(vextq_u32(zero, x, 1));
      w[G & 7] = veorq_u32(rotl_v<1>(x), fix);
    } else {
      // W[t-6..t-3] ^ W[t-16..] ^ W[t-28..] ^ W[t-32..], t = 4G >= 32.
      uint32x4_t x = vextq_u32(w[(G - 2) & 7], w[(G - 1) & 7], 2);
      x = veorq_u32(x, w[(G - 4) & 7]);
      x = veorq_u32(x, w[(G - 7) & 7]);
      x = veorq_u32(x, w[(G - 8) & 7]);
      w[G & 7] = rotl_v<2>(x);
    }
    store_wk<G>(s);
  }

  // step<T>: FIPS 180-4 6.1.2 step 3 for t = T. v holds a..e with a =
  // v[-T mod 5], b = v[1-T mod 5], ...; the new a is written over e, which
  // makes the renaming of step 3 a change of index.
  template <int T>
  [[gnu::always_inline]] static void step(uint32_t (&v)[5], const Sched& s) {
    const uint32_t a = v[(5 - T % 5) % 5];
    uint32_t& b = v[(6 - T % 5) % 5];
    const uint32_t c = v[(7 - T % 5) % 5];
    const uint32_t d = v[(8 - T % 5) % 5];
    uint32_t& e = v[(9 - T % 5) % 5];
    e += load_word<T & 31>(s.ring);
    e += rotl(a, 5);
    if constexpr (T < 20) {
      // Ch(b, c, d): the two terms have no common bit, so + is |.
      e += b & c;
      e += d & ~b;
    } else if constexpr (T >= 40 && T < 60) {
      // Maj(b, c, d) = (b & c) | (d & (b ^ c)), again disjoint terms.
      e += b & c;
      e += d & (b ^ c);
    } else {
      e += b ^ c ^ d;
    }
    b = rotl(b, 30);
  }
};

}  // namespace

extern const ShaRow kSha1Neon = {"neon", kCapNeon, ShaFamily::kSha1,
                                     sha_neon::neon_compress<Sha1>};

}  // namespace ctcrypto::internal
