// elf_symbols.cc: see elf_symbols.h.
#include "tests/elf_symbols.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace ctcrypto_test {
namespace {

using Bytes = std::vector<uint8_t>;

// `path` as it is in ctcrypto's runfiles: relative to the working directory
// (ctcrypto's own runs), or else under $TEST_SRCDIR/ctcrypto (ctcrypto is an
// external repository of the workspace running the test) or
// $TEST_SRCDIR/_main (bzlmod), as tests/test_util.cc's TestDataPath.
Bytes ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    if (const char* srcdir = std::getenv("TEST_SRCDIR")) {
      for (const char* repo : {"/ctcrypto/", "/_main/"}) {
        f = std::ifstream(std::string(srcdir) + repo + path, std::ios::binary);
        if (f) break;
      }
    }
  }
  return Bytes(std::istreambuf_iterator<char>(f), {});
}

uint64_t Get(const Bytes& b, size_t off, size_t n) {
  uint64_t v = 0;
  if (off + n > b.size()) return 0;
  for (size_t i = 0; i < n; i++) v |= uint64_t{b[off + i]} << (8 * i);  // LE
  return v;
}

// Symbol names of every SHT_SYMTAB of one ELF image (little-endian).
void ElfSymbols(const Bytes& e, std::vector<std::string>* out) {
  if (e.size() < 64 || std::memcmp(e.data(), "\x7f" "ELF", 4) != 0) return;
  const bool is64 = e[4] == 2;
  const uint64_t shoff = is64 ? Get(e, 0x28, 8) : Get(e, 0x20, 4);
  const uint64_t shentsize = Get(e, is64 ? 0x3A : 0x2E, 2);
  const uint64_t shnum = Get(e, is64 ? 0x3C : 0x30, 2);
  struct Sh {
    uint64_t type, offset, size, link, entsize;
  };
  auto sh = [&](uint64_t i) {
    const size_t o = shoff + i * shentsize;
    if (is64)
      return Sh{Get(e, o + 4, 4), Get(e, o + 0x18, 8), Get(e, o + 0x20, 8),
                Get(e, o + 0x28, 4), Get(e, o + 0x38, 8)};
    return Sh{Get(e, o + 4, 4), Get(e, o + 0x10, 4), Get(e, o + 0x14, 4),
              Get(e, o + 0x18, 4), Get(e, o + 0x24, 4)};
  };
  for (uint64_t i = 0; i < shnum; i++) {
    const Sh s = sh(i);
    if (s.type != 2 /* SHT_SYMTAB */ || s.entsize == 0) continue;
    const Sh str = sh(s.link);
    for (uint64_t k = 0; k < s.size / s.entsize; k++) {
      const uint64_t name = Get(e, s.offset + k * s.entsize, 4);
      const size_t at = str.offset + name;
      if (name == 0 || at >= e.size()) continue;
      // The name runs to its NUL or the end of the file (memchr: newlib's
      // strict C++ mode declares no strnlen).
      const void* nul = std::memchr(e.data() + at, 0, e.size() - at);
      const size_t len = nul ? static_cast<const uint8_t*>(nul) - (e.data() + at)
                             : e.size() - at;
      out->emplace_back(reinterpret_cast<const char*>(e.data() + at), len);
    }
  }
}

}  // namespace

// Symbol names of an ELF file or of every ELF member of an ar archive.
std::vector<std::string> Symbols(const std::string& path) {
  const Bytes b = ReadFile(path);
  std::vector<std::string> out;
  if (b.size() >= 8 && std::memcmp(b.data(), "!<arch>\n", 8) == 0) {
    size_t p = 8;
    while (p + 60 <= b.size()) {
      const std::string size_field(reinterpret_cast<const char*>(&b[p + 48]),
                                   10);
      const size_t size = std::stoul(size_field);
      const size_t data = p + 60;
      if (data + size > b.size()) break;
      ElfSymbols(Bytes(b.begin() + data, b.begin() + data + size), &out);
      p = data + size + (size & 1);
    }
  } else {
    ElfSymbols(b, &out);
  }
  return out;
}

bool Contains(const std::vector<std::string>& syms, const char* needle) {
  for (const std::string& s : syms)
    if (s.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace ctcrypto_test
