// sha1.cc: SHA-1 compression function (FIPS 180-4, 6.1), portable C++: the
// "portable" row of the SHA-1 table (sha_row.h), and the reference the
// hardware rows are tested against.
//
// Technique: the 80 steps over a 16-word circular message schedule (FIPS
// 180-4 6.1.3, "alternate method"), so the working set is 16 words rather
// than 80; unrolled, with the working variables' roles rotated instead of
// the variables moved (step, below). Words are big-endian loads; the state lives in the
// low 32 bits of the shared HashState slots.
//
// Constant time: only additions, rotations and the boolean functions
// Ch/Parity/Maj run on the data; the step count is fixed, there are no
// table lookups and no branches on the data.
//
// SHA-1 is here only for the legacy TLS CBC suites' HMAC-SHA1, which is
// still sound as a MAC; it must not be used for collision resistance.
#include <cstring>
#include <utility>

#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_constants.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {
namespace {

inline uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void sha1_init(HashState* s) {
  static constexpr uint32_t kIv[5] = {0x67452301, 0xefcdab89, 0x98badcfe,
                                      0x10325476, 0xc3d2e1f0};
  for (int i = 0; i < 8; ++i) s->w[i] = i < 5 ? kIv[i] : 0;
}

// step<T>: step T with the working variables in the roles a..e, the
// caller rotating the roles (by one per step, so the five variables are
// back in place every five steps) instead of moving five values: only e
// (the next a) and b (ROTL30) change. The step function and constant by
// FIPS 180-4 4.1.1 and 4.2.1, Ch(b, c, d) = d ^ (b & (c ^ d)) and
// Maj(b, c, d) = (b & c) | (d & (b | c)) in three and four operations; W[T]
// for T >= 16 from the 16-word circular buffer at constant indices.
template <int T>
inline __attribute__((always_inline)) void step(uint32_t a, uint32_t& b,
                                                uint32_t c, uint32_t d,
                                                uint32_t& e, uint32_t (&w)[16]) {
  uint32_t wt;
  if constexpr (T < 16) {
    wt = w[T];
  } else {
    wt = rotl(w[(T + 13) & 15] ^ w[(T + 8) & 15] ^ w[(T + 2) & 15] ^ w[T & 15],
              1);
    w[T & 15] = wt;
  }
  uint32_t f;
  if constexpr (T < 20) {
    f = d ^ (b & (c ^ d));
  } else if constexpr (T < 40 || T >= 60) {
    f = b ^ c ^ d;
  } else {
    f = (b & c) | (d & (b | c));
  }
  e += rotl(a, 5) + f + kSha1K[T / 20] + wt;
  b = rotl(b, 30);
}

// steps: T .. T + 4, the roles rotated by one per step.
template <int T>
inline __attribute__((always_inline)) void five_steps(uint32_t& a, uint32_t& b,
                                                      uint32_t& c, uint32_t& d,
                                                      uint32_t& e,
                                                      uint32_t (&w)[16]) {
  step<T>(a, b, c, d, e, w);
  step<T + 1>(e, a, b, c, d, w);
  step<T + 2>(d, e, a, b, c, w);
  step<T + 3>(c, d, e, a, b, w);
  step<T + 4>(b, c, d, e, a, w);
}

void sha1_compress(HashState* s, const uint8_t* p, size_t blocks) {
  uint32_t h0 = static_cast<uint32_t>(s->w[0]);
  uint32_t h1 = static_cast<uint32_t>(s->w[1]);
  uint32_t h2 = static_cast<uint32_t>(s->w[2]);
  uint32_t h3 = static_cast<uint32_t>(s->w[3]);
  uint32_t h4 = static_cast<uint32_t>(s->w[4]);
  for (; blocks > 0; --blocks, p += 64) {
    uint32_t w[16];
    for (int i = 0; i < 16; ++i) w[i] = load_be32(p + 4 * i);
    uint32_t a = h0, b = h1, c = h2, d = h3, e = h4;
    [&]<int... G>(std::integer_sequence<int, G...>) {
      (five_steps<5 * G>(a, b, c, d, e, w), ...);
    }(std::make_integer_sequence<int, 16>{});
    h0 += a;
    h1 += b;
    h2 += c;
    h3 += d;
    h4 += e;
  }
  s->w[0] = h0;
  s->w[1] = h1;
  s->w[2] = h2;
  s->w[3] = h3;
  s->w[4] = h4;
}

}  // namespace

const HashAlg kSha1 = {"SHA-1", 64, 20, 8, 4, sha1_init, ShaFamily::kSha1};
const ShaRow kSha1Portable = {"portable", 0, ShaFamily::kSha1,
                                  sha1_compress};

}  // namespace ctcrypto::internal
