// test_util.h: small helpers shared by the ctcrypto test suites (hex,
// test-data paths, byte-vector printing, aligned scratch buffers,
// deterministic data). No GoogleTest dependency, so the fuzzers' tools and
// the constant-time suite use it too.
#ifndef CTCRYPTO_TESTS_TEST_UTIL_H_
#define CTCRYPTO_TESTS_TEST_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ctcrypto/status.h"

namespace ctcrypto {
// Lets GoogleTest print Status values by name ("kOk (0)").
void PrintTo(Status s, std::ostream* os);
}  // namespace ctcrypto

namespace ctcrypto_test {

using Bytes = std::vector<uint8_t>;

// HexToBytes: decodes hex (either case); returns false on odd length or a
// non-hex character.
bool HexToBytes(std::string_view hex, Bytes* out);
// Hex: decodes hex that the test itself wrote; aborts the process on bad input.
Bytes Hex(std::string_view hex);
std::string ToHex(std::span<const uint8_t> b);

// TestDataPath: the path of `rel` (e.g. "tests/testdata/aes_tests.txt")
// as seen by the running test: relative to the working directory (Bazel
// runs tests in the runfiles tree of the main repository), or below
// $TEST_SRCDIR/ctcrypto when that exists.
std::string TestDataPath(const std::string& rel);
bool ReadWholeFile(const std::string& path, std::string* out);

// AlignedBuffer: `size` bytes starting `offset` bytes past a 64-byte
// aligned address, with guard bytes on both sides (checked by GuardsIntact).
class AlignedBuffer {
 public:
  AlignedBuffer(size_t size, size_t offset, uint8_t fill = 0);
  uint8_t* data() { return storage_.data() + start_; }
  const uint8_t* data() const { return storage_.data() + start_; }
  size_t size() const { return size_; }
  std::span<uint8_t> span() { return {data(), size_}; }
  std::span<const uint8_t> cspan() const { return {data(), size_}; }
  Bytes ToBytes() const { return Bytes(data(), data() + size_); }
  bool GuardsIntact() const;

 private:
  static constexpr size_t kGuard = 64;
  static constexpr uint8_t kGuardByte = 0xA5;
  std::vector<uint8_t> storage_;
  size_t start_ = 0;
  size_t size_ = 0;
};

// RandomBytes: `n` bytes from a deterministic generator.
Bytes RandomBytes(std::mt19937& rng, size_t n);

// FillPattern / Pattern: `n` bytes that depend only on `seed` (xorshift32,
// Marsaglia 2003), for tests that derive each buffer from its block count
// or position so that a failure reproduces alone.
void FillPattern(uint8_t* p, size_t n, uint32_t seed);
Bytes Pattern(size_t n, uint32_t seed);

// Overlaps: whether two byte ranges share any byte.
bool Overlaps(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len);

// copy_bytes / compare_bytes: memcpy / memcmp that accept a null pointer
// when n is 0 (an empty std::vector's data()), which the C functions do not.
inline void copy_bytes(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}
inline int compare_bytes(const void* a, const void* b, size_t n) {
  return n ? std::memcmp(a, b, n) : 0;
}

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_TEST_UTIL_H_
