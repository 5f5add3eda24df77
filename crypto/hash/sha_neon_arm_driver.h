// sha_neon_arm_driver.h: what the two ARMv7 NEON rows of the SHA tables
// (sha1_neon_arm.cc, sha256_neon_arm.cc) share: the W + K ring that the
// vector schedule writes and the integer rounds read, and the block loop
// that interleaves the two.
//
// The technique (the rounds in general registers, the message schedule
// four words at a time in NEON registers, four groups ahead of its
// readers) and each hash's schedule and round are in the .cc files. Each
// defines a struct Alg with
//   static constexpr int kWords;   // chaining words: 5 (SHA-1), 8
//   static constexpr int kGroups;  // four-word groups a block: 20, 16
//   static constexpr int kVectors; // schedule vectors kept: 8, 4
//   template <int G> static void store_wk(Sched<kVectors>&);
//   template <int G> static void schedule(Sched<kVectors>&);  // G >= 4
//   template <int T> static void step(uint32_t (&)[kWords],
//                                     const Sched<kVectors>&);
// and its compress function is neon_compress<Alg>.
//
// Constant time: the ring index, the group and step counts are
// compile-time constants; the block count is public.
#ifndef CTCRYPTO_HASH_SHA_NEON_ARM_DRIVER_H_
#define CTCRYPTO_HASH_SHA_NEON_ARM_DRIVER_H_

#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "crypto/hash/sha_row.h"

#if defined(__aarch64__) || !defined(__ARM_NEON)
#error "sha_neon_arm_driver.h is for the 32-bit ARM NEON build (-mfpu=neon)"
#endif

namespace ctcrypto::internal::sha_neon {

// The message words W[4g..4g+3] of group g live in w[g mod N] (registers:
// every index is a compile-time constant); W + K of group g in ring[4g
// mod 32 ..] (four groups ahead of its readers, so a store never
// overwrites words still to be read). ring points to a stack array the
// compiler must keep in memory (neon_compress hides the pointer's
// origin): otherwise it would keep the words in vector registers and read
// each with a NEON-to-core move, which stalls the Cortex-A9's integer
// pipeline; a vector store and word loads are what the technique wants.
template <int N>
struct Sched {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  uint32x4_t w[static_cast<size_t>(N)];
  uint32_t* ring;
};

// load_word<I>: ring[I] by an integer load from the ring's base register
// and an immediate offset. The compiler sees that the ring is read (the
// "m" operand: the load stays after the stores and is otherwise scheduled
// freely) but not what is returned, so it can neither forward the stored
// vector through a NEON-to-core move nor keep one address register per
// word (which it spills).
template <int I>
[[gnu::always_inline]] inline uint32_t load_word(const uint32_t* ring) {
  uint32_t x;
  asm("ldr %0, [%1, %2]"
      : "=r"(x)
      : "r"(ring), "n"(4 * I),
        "m"(*reinterpret_cast<const uint32_t(*)[32]>(ring)));
  return x;
}

// store_ring<G>: W + K of group G into its four ring words.
template <int G, int N>
[[gnu::always_inline]] inline void store_ring(Sched<N>& s, uint32x4_t wk) {
  std::memcpy(s.ring + ((4 * G) & 31), &wk, sizeof(wk));
}

// group<G>: the schedule four groups ahead (while there is one), then the
// four steps of group G.
template <class Alg, int G>
[[gnu::always_inline]] inline void group(uint32_t (&v)[Alg::kWords],
                                         Sched<Alg::kVectors>& s) {
  if constexpr (G + 4 < Alg::kGroups) Alg::template schedule<G + 4>(s);
  Alg::template step<4 * G>(v, s);
  Alg::template step<4 * G + 1>(v, s);
  Alg::template step<4 * G + 2>(v, s);
  Alg::template step<4 * G + 3>(v, s);
}

template <class Alg, int... G>
[[gnu::always_inline]] inline void all_groups(
    uint32_t (&v)[Alg::kWords], Sched<Alg::kVectors>& s,
    std::integer_sequence<int, G...>) {
  (group<Alg, G>(v, s), ...);
}

template <class Alg, int... G>
[[gnu::always_inline]] inline void first_words(
    Sched<Alg::kVectors>& s, std::integer_sequence<int, G...>) {
  (Alg::template store_wk<G>(s), ...);
}

// The chaining words stay in scalars across the blocks (not in a vector: a
// NEON-to-core move stalls the Cortex-A9's integer pipeline); after
// kGroups groups the rounds' renaming of the words (a multiple of kWords
// steps) is back where it started.
template <class Alg, size_t... I>
[[gnu::always_inline]] inline void compress_blocks(
    HashState* st, const uint8_t* p, size_t blocks,
    std::index_sequence<I...>) {
  uint32_t h[Alg::kWords] = {static_cast<uint32_t>(st->w[I])...};
  alignas(16) uint32_t ring[32];
  Sched<Alg::kVectors> s;
  s.ring = ring;
  asm("" : "+r"(s.ring));
  for (; blocks > 0; --blocks, p += 64) {
    // W[0..15]: big-endian words, a byte reversal within each word.
    s.w[0] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
    s.w[1] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
    s.w[2] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
    s.w[3] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
    first_words<Alg>(s, std::make_integer_sequence<int, 4>{});
    uint32_t v[Alg::kWords] = {h[I]...};
    all_groups<Alg>(v, s, std::make_integer_sequence<int, Alg::kGroups>{});
    ((h[I] += v[I]), ...);
  }
  ((st->w[I] = h[I]), ...);
}

template <class Alg>
void neon_compress(HashState* st, const uint8_t* p, size_t blocks) {
  compress_blocks<Alg>(st, p, blocks,
                       std::make_index_sequence<Alg::kWords>{});
}

}  // namespace ctcrypto::internal::sha_neon

#endif  // CTCRYPTO_HASH_SHA_NEON_ARM_DRIVER_H_
