// sha1.cc: SHA-1 compression function (FIPS 180-4, 6.1), portable C++: the
// "portable" row of the SHA-1 table (sha_backend.h), and the reference the
// hardware rows are tested against.
//
// Technique: the textbook 80-step loop over a 16-word circular message
// schedule (FIPS 180-4 6.1.3, "alternate method"), so the working set is 16
// words rather than 80. Words are big-endian loads; the state lives in the
// low 32 bits of the shared HashState slots.
//
// Constant time: only additions, rotations and the boolean functions
// Ch/Parity/Maj run on the data; the step count is fixed, there are no
// table lookups and no branches on the data.
//
// SHA-1 is here only for the legacy TLS CBC suites' HMAC-SHA1, which is
// still sound as a MAC; it must not be used for collision resistance.
#include <cstring>

#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_backend.h"
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
    for (int t = 0; t < 80; ++t) {
      uint32_t wt;
      if (t < 16) {
        wt = w[t];
      } else {
        wt = rotl(w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^
                      w[t & 15],
                  1);
        w[t & 15] = wt;
      }
      uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = kSha1K[0];
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = kSha1K[1];
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = kSha1K[2];
      } else {
        f = b ^ c ^ d;
        k = kSha1K[3];
      }
      uint32_t tmp = rotl(a, 5) + f + e + k + wt;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = tmp;
    }
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
const ShaBackend kSha1Portable = {"portable", 0, ShaFamily::kSha1,
                                  sha1_compress};

}  // namespace ctcrypto::internal
