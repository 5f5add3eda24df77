// sha2_compress.h: the SHA-2 compression function (FIPS 180-4, 6.2 and
// 6.4) written once for both word sizes. SHA-224/256 and SHA-384/512 differ
// only in the word type, the round count, the rotation and shift amounts of
// the four sigma functions (FIPS 180-4 4.1.2, 4.1.3) and the constants K;
// a parameter struct supplies them (sha256.cc, sha512.cc).
//
// Technique: the 16-word circular message schedule (W[t] for t >= 16
// overwrites W[t-16], no longer needed), rounds unrolled by sixteen with
// the working variables' roles rotated instead of the variables moved (so
// the schedule indices are constants and no round copies eight words).
//
// Constant time: additions, rotations and boolean functions on the data, a
// fixed round count; K is indexed only by the public round number.
#ifndef CTCRYPTO_HASH_SHA2_COMPRESS_H_
#define CTCRYPTO_HASH_SHA2_COMPRESS_H_

#include <cstddef>
#include <cstdint>

#include "crypto/hash/hash_internal.h"

namespace ctcrypto::internal {

template <typename Word>
inline Word sha2_rotr(Word x, int n) {
  constexpr int kBits = static_cast<int>(8 * sizeof(Word));
  return static_cast<Word>((x >> n) | (x << (kBits - n)));
}

// P provides: Word, kRounds, kK[kRounds], load(const uint8_t*), and the
// amounts kBigSigma0[3], kBigSigma1[3] (rotations), kSmallSigma0[3],
// kSmallSigma1[3] (two rotations and a shift).
template <typename P>
struct Sha2 {
  using Word = typename P::Word;

  static Word big_sigma0(Word x) {
    return sha2_rotr(x, P::kBigSigma0[0]) ^ sha2_rotr(x, P::kBigSigma0[1]) ^
           sha2_rotr(x, P::kBigSigma0[2]);
  }
  static Word big_sigma1(Word x) {
    return sha2_rotr(x, P::kBigSigma1[0]) ^ sha2_rotr(x, P::kBigSigma1[1]) ^
           sha2_rotr(x, P::kBigSigma1[2]);
  }
  static Word small_sigma0(Word x) {
    return sha2_rotr(x, P::kSmallSigma0[0]) ^ sha2_rotr(x, P::kSmallSigma0[1]) ^
           (x >> P::kSmallSigma0[2]);
  }
  static Word small_sigma1(Word x) {
    return sha2_rotr(x, P::kSmallSigma1[0]) ^ sha2_rotr(x, P::kSmallSigma1[1]) ^
           (x >> P::kSmallSigma1[2]);
  }

  // round: one round with the working variables in the roles a..h, where
  // the caller rotates the roles instead of moving eight values: only d
  // (d + T1) and h (T1 + T2, the next a) change. Ch(e, f, g) =
  // g ^ (e & (f ^ g)) and Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)): the
  // FIPS 180-4 4.1.2 functions in three and four operations.
  static inline __attribute__((always_inline)) void round(
      Word a, Word b, Word c, Word& d, Word e, Word f, Word g, Word& h,
      Word kw) {
    const Word t1 = h + big_sigma1(e) + (g ^ (e & (f ^ g))) + kw;
    d += t1;
    h = t1 + big_sigma0(a) + (b ^ ((a ^ b) & (b ^ c)));
  }

  // schedule: W[t] for t >= 16 in the 16-word circular buffer, i = t mod
  // 16 (FIPS 180-4 6.2.2 step 1 / 6.4.2).
  static inline __attribute__((always_inline)) Word schedule(Word (&w)[16],
                                                             int i) {
    w[i] += small_sigma1(w[(i + 14) & 15]) + w[(i + 9) & 15] +
            small_sigma0(w[(i + 1) & 15]);
    return w[i];
  }

  // sixteen: rounds t0 .. t0 + 15 (t0 a multiple of 16), the roles
  // rotating by one per round and so back in place after eight. The
  // schedule indices are constants once the 16 rounds are unrolled.
  template <bool kSchedule>
  static inline __attribute__((always_inline)) void sixteen(Word (&v)[8],
                                                            Word (&w)[16],
                                                            const Word* k) {
    Word a = v[0], b = v[1], c = v[2], d = v[3];
    Word e = v[4], f = v[5], g = v[6], h = v[7];
#pragma GCC unroll 2
    for (int j = 0; j < 16; j += 8) {
      const auto kw = [&](int i) {
        return k[j + i] + (kSchedule ? schedule(w, j + i) : w[j + i]);
      };
      round(a, b, c, d, e, f, g, h, kw(0));
      round(h, a, b, c, d, e, f, g, kw(1));
      round(g, h, a, b, c, d, e, f, kw(2));
      round(f, g, h, a, b, c, d, e, kw(3));
      round(e, f, g, h, a, b, c, d, kw(4));
      round(d, e, f, g, h, a, b, c, kw(5));
      round(c, d, e, f, g, h, a, b, kw(6));
      round(b, c, d, e, f, g, h, a, kw(7));
    }
    v[0] = a, v[1] = b, v[2] = c, v[3] = d;
    v[4] = e, v[5] = f, v[6] = g, v[7] = h;
  }
};

template <typename P>
inline void sha2_compress(HashState* s, const uint8_t* p, size_t blocks) {
  using Word = typename P::Word;
  using S = Sha2<P>;
  constexpr size_t kWordBytes = sizeof(Word);
  static_assert(P::kRounds % 16 == 0, "rounds in groups of sixteen");
  Word h[8];
  for (int i = 0; i < 8; ++i) h[i] = static_cast<Word>(s->w[i]);
  for (; blocks > 0; --blocks, p += 16 * kWordBytes) {
    Word w[16];
    for (size_t i = 0; i < 16; ++i) w[i] = P::load(p + kWordBytes * i);
    Word v[8];
    for (int i = 0; i < 8; ++i) v[i] = h[i];
    S::template sixteen<false>(v, w, P::kK);
    for (int t = 16; t < P::kRounds; t += 16)
      S::template sixteen<true>(v, w, P::kK + t);
    for (int i = 0; i < 8; ++i) h[i] += v[i];
  }
  for (int i = 0; i < 8; ++i) s->w[i] = h[i];
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_SHA2_COMPRESS_H_
