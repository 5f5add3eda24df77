// sha256_neon_arm.cc: the "neon" row of the SHA-256 table for 32-bit ARM
// with NEON (ARMv7-A, e.g. Cortex-A9): the 64 rounds of FIPS 180-4 6.2.2
// in general registers, the message schedule (6.2.2 step 1) in NEON
// registers, as the SHA-1 row (sha1_neon_arm.cc) does and for the same
// reason: the integer pipeline then spends one load per round on the
// schedule (W[t] + K[t] from a stack ring).
//
// Schedule, four words at once: W[t] = sigma1(W[t-2]) + W[t-7] +
// sigma0(W[t-15]) + W[t-16] (FIPS 180-4 4.1.2). For W[t..t+3] every term
// but sigma1 is from earlier groups; sigma1's inputs for lanes 2 and 3 are
// W[t] and W[t+1], lanes 0 and 1 of the same vector, so the low half is
// finished first (sigma1 of W[t-2], W[t-1]) and the high half then adds
// sigma1 of it, on 64-bit halves.
//
// Constant time: additions, XOR, shifts, rotations and the boolean round
// functions, all fixed-time on ARMv7; the ring index and the round count
// are compile-time constants, the block count is public.
#include <arm_neon.h>

#include <cstdint>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_constants.h"
#include "crypto/hash/sha_neon_arm_driver.h"

#if defined(__aarch64__) || !defined(__ARM_NEON)
#error "sha256_neon_arm.cc is the 32-bit ARM NEON build (-mfpu=neon)"
#endif

namespace ctcrypto::internal {
namespace {

inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

template <int N>
[[gnu::always_inline]] inline uint32x4_t rotr_v(uint32x4_t x) {
  return vsriq_n_u32(vshlq_n_u32(x, 32 - N), x, N);
}
template <int N>
[[gnu::always_inline]] inline uint32x2_t rotr_d(uint32x2_t x) {
  return vsri_n_u32(vshl_n_u32(x, 32 - N), x, N);
}

// sigma0 (FIPS 180-4 4.1.2) on four words, sigma1 on two.
[[gnu::always_inline]] inline uint32x4_t small_sigma0(uint32x4_t x) {
  return veorq_u32(veorq_u32(rotr_v<7>(x), rotr_v<18>(x)), vshrq_n_u32(x, 3));
}
[[gnu::always_inline]] inline uint32x2_t small_sigma1(uint32x2_t x) {
  return veor_u32(veor_u32(rotr_d<17>(x), rotr_d<19>(x)), vshr_n_u32(x, 10));
}

using sha_neon::load_word;
using sha_neon::store_ring;

// The ring and the block loop: sha_neon_arm_driver.h, as for SHA-1. W[4g..
// 4g+3] lives in w[g & 3].
struct Sha256 {
  static constexpr int kWords = 8;
  static constexpr int kGroups = 16;
  static constexpr int kVectors = 4;
  using Sched = sha_neon::Sched<kVectors>;

  template <int G>
  [[gnu::always_inline]] static void store_wk(Sched& s) {
    store_ring<G>(s, vaddq_u32(s.w[G & 3], vld1q_u32(&kSha256K[4 * G])));
  }

  // schedule<G>: W[4G..4G+3] (G = 4..15) and its W + K into the ring.
  template <int G>
  [[gnu::always_inline]] static void schedule(Sched& s) {
    const uint32x4_t w16 = s.w[G & 3];  // W[t-16..t-13], t = 4G
    const uint32x4_t w15 = vextq_u32(w16, s.w[(G + 1) & 3], 1);
    const uint32x4_t w7 = vextq_u32(s.w[(G + 2) & 3], s.w[(G + 3) & 3], 1);
    const uint32x4_t x = vaddq_u32(vaddq_u32(w16, w7), small_sigma0(w15));
    const uint32x2_t lo = vadd_u32(
        vget_low_u32(x), small_sigma1(vget_high_u32(s.w[(G + 3) & 3])));
    const uint32x2_t hi = vadd_u32(vget_high_u32(x), small_sigma1(lo));
    s.w[G & 3] = vcombine_u32(lo, hi);
    store_wk<G>(s);
  }

  // step<T>: FIPS 180-4 6.2.2 step 3 (round) for t = T. v holds a..h with a =
  // v[-T mod 8], b = v[1-T mod 8], ..., h = v[7-T mod 8]; the new a is
  // written over h and the new e over d, so the renaming is a change of
  // index.
  template <int T>
  [[gnu::always_inline]] static void step(uint32_t (&v)[8], const Sched& s) {
    const uint32_t a = v[(8 - T % 8) % 8];
    const uint32_t b = v[(9 - T % 8) % 8];
    const uint32_t c = v[(10 - T % 8) % 8];
    uint32_t& d = v[(11 - T % 8) % 8];
    const uint32_t e = v[(12 - T % 8) % 8];
    const uint32_t f = v[(13 - T % 8) % 8];
    const uint32_t g = v[(14 - T % 8) % 8];
    uint32_t& h = v[(15 - T % 8) % 8];
    uint32_t t1 = h + load_word<T & 31>(s.ring);
    t1 += rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    t1 += (e & f) + (g & ~e);  // Ch: the two terms have no common bit
    const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
                        (((a ^ b) & (b ^ c)) ^ b);  // Maj
    d += t1;
    h = t1 + t2;
  }
};

}  // namespace

extern const ShaRow kSha256Neon = {"neon", kCapNeon, ShaFamily::kSha256,
                                       sha_neon::neon_compress<Sha256>};

}  // namespace ctcrypto::internal
