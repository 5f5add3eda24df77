// sha2_compress.h: the SHA-2 compression function (FIPS 180-4, 6.2 and
// 6.4) written once for both word sizes. SHA-224/256 and SHA-384/512 differ
// only in the word type, the round count, the rotation and shift amounts of
// the four sigma functions (FIPS 180-4 4.1.2, 4.1.3) and the constants K;
// a parameter struct supplies them (sha256.cc, sha512.cc).
//
// Technique: the 16-word circular message schedule (W[t] for t >= 16
// overwrites W[t-16], no longer needed).
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
  return static_cast<Word>((x >> n) | (x << (8 * sizeof(Word) - n)));
}

// P provides: Word, kRounds, kK[kRounds], load(const uint8_t*), and the
// amounts kBigSigma0[3], kBigSigma1[3] (rotations), kSmallSigma0[3],
// kSmallSigma1[3] (two rotations and a shift).
template <typename P>
inline void sha2_compress(HashState* s, const uint8_t* p, size_t blocks) {
  using Word = typename P::Word;
  constexpr size_t kWordBytes = sizeof(Word);
  Word h[8];
  for (int i = 0; i < 8; ++i) h[i] = static_cast<Word>(s->w[i]);
  for (; blocks > 0; --blocks, p += 16 * kWordBytes) {
    Word w[16];
    for (int i = 0; i < 16; ++i) w[i] = P::load(p + kWordBytes * i);
    Word a = h[0], b = h[1], c = h[2], d = h[3];
    Word e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < P::kRounds; ++t) {
      Word wt;
      if (t < 16) {
        wt = w[t];
      } else {
        Word w15 = w[(t + 1) & 15], w2 = w[(t + 14) & 15];
        Word s0 = sha2_rotr(w15, P::kSmallSigma0[0]) ^
                  sha2_rotr(w15, P::kSmallSigma0[1]) ^
                  (w15 >> P::kSmallSigma0[2]);
        Word s1 = sha2_rotr(w2, P::kSmallSigma1[0]) ^
                  sha2_rotr(w2, P::kSmallSigma1[1]) ^
                  (w2 >> P::kSmallSigma1[2]);
        wt = w[t & 15] + s0 + w[(t + 9) & 15] + s1;
        w[t & 15] = wt;
      }
      Word t1 = hh +
                (sha2_rotr(e, P::kBigSigma1[0]) ^ sha2_rotr(e, P::kBigSigma1[1]) ^
                 sha2_rotr(e, P::kBigSigma1[2])) +
                ((e & f) ^ (~e & g)) + P::kK[t] + wt;
      Word t2 = (sha2_rotr(a, P::kBigSigma0[0]) ^ sha2_rotr(a, P::kBigSigma0[1]) ^
                 sha2_rotr(a, P::kBigSigma0[2])) +
                ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  for (int i = 0; i < 8; ++i) s->w[i] = h[i];
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_SHA2_COMPRESS_H_
