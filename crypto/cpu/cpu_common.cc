// cpu_common.cc: CTCRYPTO_DISABLE parsing and the dependency closure, shared
// by every architecture. The architecture files only say what the CPU has.
#include <cstring>

#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {

const CapName kCapNames[] = {
#define CTCRYPTO_CAP(constant, bit, name, target_has, needs) {name, constant},
#include "crypto/cpu/caps.inc"
#undef CTCRYPTO_CAP
};
const size_t kNumCapNames = sizeof(kCapNames) / sizeof(kCapNames[0]);

namespace {

// kNeeds: capability -> the capabilities it cannot be used without
// (crypto/cpu/caps.bzl says why for each).
struct Dependency {
  uint32_t cap;
  uint32_t needs;
};
constexpr Dependency kNeeds[] = {
#define CTCRYPTO_CAP(constant, bit, name, target_has, needs) {constant, needs},
#include "crypto/cpu/caps.inc"
#undef CTCRYPTO_CAP
};

}  // namespace

uint32_t caps_remove(uint32_t caps, uint32_t removed) {
  // Iterate to a fixed point so chains (avx -> avx2 -> avx512) close.
  for (;;) {
    uint32_t before = removed;
    for (const Dependency& d : kNeeds) {
      if (removed & d.needs) removed |= d.cap;
    }
    if (removed == before) break;
  }
  return caps & ~removed;
}

uint32_t parse_disable_list(const char* list, size_t* unknown) {
  uint32_t bits = 0;
  size_t bad = 0;
  if (list != nullptr) {
    const char* p = list;
    while (*p != '\0') {
      const char* end = std::strchr(p, ',');
      size_t len = end ? static_cast<size_t>(end - p) : std::strlen(p);
      // Tolerate spaces around names ("aesni, pclmul").
      const char* s = p;
      size_t n = len;
      while (n > 0 && *s == ' ') { ++s; --n; }
      while (n > 0 && s[n - 1] == ' ') --n;
      if (n > 0) {
        bool found = false;
        for (size_t i = 0; i < kNumCapNames; ++i) {
          if (std::strlen(kCapNames[i].name) == n &&
              std::strncmp(kCapNames[i].name, s, n) == 0) {
            bits |= kCapNames[i].bit;
            found = true;
          }
        }
        if (!found) ++bad;
      }
      if (!end) break;
      p = end + 1;
    }
  }
  if (unknown) *unknown = bad;
  return bits;
}

const char* caps_to_string(uint32_t caps, char* buf, size_t buf_len) {
  if (buf_len == 0) return buf;
  size_t pos = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < kNumCapNames; ++i) {
    if (!(caps & kCapNames[i].bit)) continue;
    const char* name = kCapNames[i].name;
    size_t n = std::strlen(name) + (pos ? 1 : 0);
    if (n + 1 > buf_len - pos) break;  // pos < buf_len: no wrap
    if (pos) buf[pos++] = ',';
    std::memcpy(buf + pos, name, std::strlen(name));
    pos += std::strlen(name);
    buf[pos] = '\0';
  }
  if (pos == 0 && buf_len > 4) std::memcpy(buf, "none", 5);
  return buf;
}

}  // namespace ctcrypto::internal
