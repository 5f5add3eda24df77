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

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_backend.h"
#include "crypto/hash/sha_constants.h"

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

// W[4g..4g+3] in w[g & 3] (registers: compile-time indices); W + K of
// group g in ring[4g mod 32 ..], four groups ahead of its readers. As in
// the SHA-1 row, ring points to memory the compiler cannot see through,
// and the rounds read it with integer loads (load_word), never with
// NEON-to-core moves, which stall the Cortex-A9's integer pipeline.
struct Sched {
  uint32x4_t w[4];
  uint32_t* ring;
};

// load_word<I>: ring[I], as in sha1_neon_arm.cc.
template <int I>
[[gnu::always_inline]] inline uint32_t load_word(const uint32_t* ring) {
  uint32_t x;
  asm("ldr %0, [%1, %2]"
      : "=r"(x)
      : "r"(ring), "n"(4 * I),
        "m"(*reinterpret_cast<const uint32_t(*)[32]>(ring)));
  return x;
}

template <int G>
[[gnu::always_inline]] inline void store_wk(Sched& s) {
  const uint32x4_t wk = vaddq_u32(s.w[G & 3], vld1q_u32(&kSha256K[4 * G]));
  std::memcpy(s.ring + ((4 * G) & 31), &wk, sizeof(wk));
}

// schedule<G>: W[4G..4G+3] (G = 4..15) and its W + K into the ring.
template <int G>
[[gnu::always_inline]] inline void schedule(Sched& s) {
  const uint32x4_t w16 = s.w[G & 3];  // W[t-16..t-13], t = 4G
  const uint32x4_t w15 = vextq_u32(w16, s.w[(G + 1) & 3], 1);
  const uint32x4_t w7 = vextq_u32(s.w[(G + 2) & 3], s.w[(G + 3) & 3], 1);
  const uint32x4_t x = vaddq_u32(vaddq_u32(w16, w7), small_sigma0(w15));
  const uint32x2_t lo =
      vadd_u32(vget_low_u32(x), small_sigma1(vget_high_u32(s.w[(G + 3) & 3])));
  const uint32x2_t hi = vadd_u32(vget_high_u32(x), small_sigma1(lo));
  s.w[G & 3] = vcombine_u32(lo, hi);
  store_wk<G>(s);
}

// round<T>: FIPS 180-4 6.2.2 step 3 for t = T. v holds a..h with a =
// v[-T mod 8], b = v[1-T mod 8], ..., h = v[7-T mod 8]; the new a is
// written over h and the new e over d, so the renaming is a change of
// index.
template <int T>
[[gnu::always_inline]] inline void round(uint32_t (&v)[8], const Sched& s) {
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

template <int G>
[[gnu::always_inline]] inline void group(uint32_t (&v)[8], Sched& s) {
  if constexpr (G + 4 < 16) schedule<G + 4>(s);
  round<4 * G>(v, s);
  round<4 * G + 1>(v, s);
  round<4 * G + 2>(v, s);
  round<4 * G + 3>(v, s);
}

template <int... G>
[[gnu::always_inline]] inline void all_groups(uint32_t (&v)[8], Sched& s,
                                              std::integer_sequence<int, G...>) {
  (group<G>(v, s), ...);
}

template <int... G>
[[gnu::always_inline]] inline void first_words(Sched& s,
                                               std::integer_sequence<int, G...>) {
  (store_wk<G>(s), ...);
}

void sha256_neon_compress(HashState* st, const uint8_t* p, size_t blocks) {
  // The chaining words stay in scalars across the blocks, as in SHA-1.
  uint32_t h0 = static_cast<uint32_t>(st->w[0]);
  uint32_t h1 = static_cast<uint32_t>(st->w[1]);
  uint32_t h2 = static_cast<uint32_t>(st->w[2]);
  uint32_t h3 = static_cast<uint32_t>(st->w[3]);
  uint32_t h4 = static_cast<uint32_t>(st->w[4]);
  uint32_t h5 = static_cast<uint32_t>(st->w[5]);
  uint32_t h6 = static_cast<uint32_t>(st->w[6]);
  uint32_t h7 = static_cast<uint32_t>(st->w[7]);
  alignas(16) uint32_t ring[32];
  Sched s;
  s.ring = ring;
  asm("" : "+r"(s.ring));
  for (; blocks > 0; --blocks, p += 64) {
    // W[0..15]: big-endian words, a byte reversal within each word.
    s.w[0] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
    s.w[1] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
    s.w[2] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
    s.w[3] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
    first_words(s, std::make_integer_sequence<int, 4>{});
    uint32_t v[8] = {h0, h1, h2, h3, h4, h5, h6, h7};
    all_groups(v, s, std::make_integer_sequence<int, 16>{});
    // After 64 rounds (a multiple of 8) the roles are back in place.
    h0 += v[0];
    h1 += v[1];
    h2 += v[2];
    h3 += v[3];
    h4 += v[4];
    h5 += v[5];
    h6 += v[6];
    h7 += v[7];
  }
  st->w[0] = h0;
  st->w[1] = h1;
  st->w[2] = h2;
  st->w[3] = h3;
  st->w[4] = h4;
  st->w[5] = h5;
  st->w[6] = h6;
  st->w[7] = h7;
}

}  // namespace

extern const ShaBackend kSha256Neon = {"neon", kCapNeon, ShaFamily::kSha256,
                                       sha256_neon_compress};

}  // namespace ctcrypto::internal
