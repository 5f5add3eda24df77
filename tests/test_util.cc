#include "tests/test_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>

namespace ctcrypto {
void PrintTo(Status s, std::ostream* os) {
  static const char* const kNames[] = {
      "kOk",
      "kInvalidKeyLength",
      "kInvalidNonceLength",
      "kInvalidTagLength",
      "kOutputTooSmall",
      "kInvalidLength",
      "kOverlappingBuffers",
      "kMessageTooLong",
      "kAuthenticationFailed",
      "kNotInitialized",
      "kInvalidArgument",
      "kUnsupported",
  };
  int v = static_cast<int>(s);
  if (v >= 0 && v < static_cast<int>(sizeof(kNames) / sizeof(kNames[0]))) {
    *os << kNames[v] << " (" << v << ")";
  } else {
    *os << "Status(" << v << ")";
  }
}
}  // namespace ctcrypto

namespace ctcrypto_test {
namespace {
int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

bool HexToBytes(std::string_view hex, Bytes* out) {
  out->clear();
  if (hex.size() % 2 != 0) return false;
  out->reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = HexDigit(hex[i]);
    int lo = HexDigit(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

Bytes Hex(std::string_view hex) {
  Bytes out;
  if (!HexToBytes(hex, &out)) {
    std::fprintf(stderr, "bad hex literal in test: %.*s\n",
                 static_cast<int>(hex.size()), hex.data());
    std::abort();
  }
  return out;
}

std::string ToHex(std::span<const uint8_t> b) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(b.size() * 2);
  for (uint8_t v : b) {
    s.push_back(kDigits[v >> 4]);
    s.push_back(kDigits[v & 15]);
  }
  return s;
}

bool ReadWholeFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  *out = ss.str();
  return static_cast<bool>(f) || f.eof();
}

std::string TestDataPath(const std::string& rel) {
  if (std::ifstream(rel).good()) return rel;
  if (const char* srcdir = std::getenv("TEST_SRCDIR")) {
    std::string p = std::string(srcdir) + "/ctcrypto/" + rel;
    if (std::ifstream(p).good()) return p;
    p = std::string(srcdir) + "/_main/" + rel;
    if (std::ifstream(p).good()) return p;
  }
  return rel;  // the caller reports the failure to open it
}

AlignedBuffer::AlignedBuffer(size_t size, size_t offset, uint8_t fill)
    : storage_(size + offset + 2 * kGuard + 64, kGuardByte), size_(size) {
  uintptr_t base = reinterpret_cast<uintptr_t>(storage_.data()) + kGuard;
  uintptr_t aligned = (base + 63) & ~uintptr_t{63};
  start_ = static_cast<size_t>(aligned - reinterpret_cast<uintptr_t>(
                                             storage_.data())) +
           offset;
  std::memset(storage_.data() + start_, fill, size_);
}

bool AlignedBuffer::GuardsIntact() const {
  for (size_t i = 0; i < start_; ++i) {
    if (storage_[i] != kGuardByte) return false;
  }
  for (size_t i = start_ + size_; i < storage_.size(); ++i) {
    if (storage_[i] != kGuardByte) return false;
  }
  return true;
}

Bytes RandomBytes(std::mt19937& rng, size_t n) {
  Bytes b(n);
  for (auto& v : b) v = static_cast<uint8_t>(rng() >> 24);
  return b;
}

void FillPattern(uint8_t* p, size_t n, uint32_t seed) {
  // Odd, so never the zero state, which xorshift cannot leave.
  uint32_t x = (seed * 2654435761u) | 1;
  for (size_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = static_cast<uint8_t>(x >> 24);
  }
}

Bytes Pattern(size_t n, uint32_t seed) {
  Bytes b(n);
  FillPattern(b.data(), n, seed);
  return b;
}

bool Overlaps(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
  if (a_len == 0 || b_len == 0) return false;
  uintptr_t pa = reinterpret_cast<uintptr_t>(a);
  uintptr_t pb = reinterpret_cast<uintptr_t>(b);
  return pa < pb + b_len && pb < pa + a_len;
}

}  // namespace ctcrypto_test
