// sha512.cc: SHA-512 compression function and the SHA-384 / SHA-512
// parameter sets (FIPS 180-4, 6.4 and 6.5), portable C++: the "portable"
// row of the SHA-512 table (sha_row.h).
//
// Technique (the loop is sha2_compress.h, shared with SHA-256): 80 rounds
// over a 16-word circular message schedule of 64-bit
// words. SHA-384 is SHA-512 with its own initial value (FIPS 180-4 5.3.4)
// and the output truncated to six words. The constants K are FIPS 180-4
// 4.2.3's (first 64 bits of the fractional parts of the cube roots of the
// first 80 primes), indexed only by the public round number.
//
// Constant time: 64-bit additions, rotations and boolean functions, fixed
// round count; no data-dependent branches or indices. On 32-bit ARM the
// compiler lowers the 64-bit operations to fixed instruction sequences.
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha2_compress.h"
#include "crypto/hash/sha_constants.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {
namespace {

void sha384_init(HashState* s) {
  static constexpr uint64_t kIv[8] = {
      0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,
      0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
      0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
  for (int i = 0; i < 8; ++i) s->w[i] = kIv[i];
}

void sha512_init(HashState* s) {
  static constexpr uint64_t kIv[8] = {
      0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
      0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
      0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
  for (int i = 0; i < 8; ++i) s->w[i] = kIv[i];
}

// The FIPS 180-4 sigma amounts of this word size (4.1.3) and its K.
struct Sha512Params {
  using Word = uint64_t;
  static constexpr int kRounds = 80;
  static constexpr int kBigSigma0[3] = {28, 34, 39};
  static constexpr int kBigSigma1[3] = {14, 18, 41};
  static constexpr int kSmallSigma0[3] = {1, 8, 7};
  static constexpr int kSmallSigma1[3] = {19, 61, 6};
  static constexpr const Word* kK = kSha512K;
  static Word load(const uint8_t* p) { return load_be64(p); }
};

void sha512_compress(HashState* s, const uint8_t* p, size_t blocks) {
  sha2_compress<Sha512Params>(s, p, blocks);
}

}  // namespace

const HashAlg kSha384 = {"SHA-384", 128, 48, 16, 8, sha384_init,
                         ShaFamily::kSha512};
const HashAlg kSha512 = {"SHA-512", 128, 64, 16, 8, sha512_init,
                         ShaFamily::kSha512};
const ShaRow kSha512Portable = {"portable", 0, ShaFamily::kSha512,
                                    sha512_compress};

}  // namespace ctcrypto::internal
