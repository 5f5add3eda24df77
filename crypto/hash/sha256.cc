// sha256.cc: SHA-256 compression function (FIPS 180-4, 6.2), portable C++:
// the "portable" row of the SHA-256 table (sha_row.h).
//
// Technique (the loop is sha2_compress.h, shared with SHA-512): 64 rounds
// over a 16-word circular message schedule (the
// schedule word W[t] for t >= 16 overwrites W[t-16], which is no longer
// needed). The round constants are FIPS 180-4 4.2.2's K (the first 32 bits
// of the fractional parts of the cube roots of the first 64 primes): data,
// indexed only by the public round number.
//
// Constant time: additions, rotations and boolean functions on the data, a
// fixed round count, no data-dependent branches or indices.
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha2_compress.h"
#include "crypto/hash/sha_constants.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {
namespace {

void sha256_init(HashState* s) {
  static constexpr uint32_t kIv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                      0xa54ff53a, 0x510e527f, 0x9b05688c,
                                      0x1f83d9ab, 0x5be0cd19};
  for (int i = 0; i < 8; ++i) s->w[i] = kIv[i];
}

// The FIPS 180-4 sigma amounts of this word size (4.1.2) and its K.
struct Sha256Params {
  using Word = uint32_t;
  static constexpr int kRounds = 64;
  static constexpr int kBigSigma0[3] = {2, 13, 22};
  static constexpr int kBigSigma1[3] = {6, 11, 25};
  static constexpr int kSmallSigma0[3] = {7, 18, 3};
  static constexpr int kSmallSigma1[3] = {17, 19, 10};
  static constexpr const Word* kK = kSha256K;
  static Word load(const uint8_t* p) { return load_be32(p); }
};

void sha256_compress(HashState* s, const uint8_t* p, size_t blocks) {
  sha2_compress<Sha256Params>(s, p, blocks);
}

}  // namespace

const HashAlg kSha256 = {"SHA-256", 64, 32, 8, 4, sha256_init,
                         ShaFamily::kSha256};
const ShaRow kSha256Portable = {"portable", 0, ShaFamily::kSha256,
                                    sha256_compress};

}  // namespace ctcrypto::internal
