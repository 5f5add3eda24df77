// no_portable_test.cc: on aarch64 the portable nohw AES and GHASH code is not
// part of the library or the tool (Advanced SIMD is architectural on
// ARMv8-A, so the NEON rows end the tables); on every other target it is.
//
// The test reads the symbol tables of the built artefacts, passed as data:
// crypto/libctcrypto.a (the table objects: a reference to kAesNohw /
// kGhashNohw, undefined there, means the row is listed) and the statically
// linked tool/ctcrypto (definitions: kAesNohw, kGhashNohw and the nohw_*
// functions). It parses ar archives and ELF32/ELF64 little-endian objects
// itself, so it runs the same natively and under QEMU (a shell test calling
// the target's nm could not run under the --run_under QEMU wrappers). On
// non-aarch64 targets the same checks expect the symbols to be present, so
// a vacuous pass (e.g. a stripped binary) is caught there, and the tool must
// always show some ctcrypto symbols.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<uint8_t>;

Bytes ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
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
      out->emplace_back(reinterpret_cast<const char*>(e.data() + at),
                        strnlen(reinterpret_cast<const char*>(e.data() + at),
                                e.size() - at));
    }
  }
}

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

#if defined(__aarch64__)
constexpr bool kExpectPortable = false;
#else
constexpr bool kExpectPortable = true;
#endif

TEST(NoPortable, LibraryArchiveTables) {
  const auto syms = Symbols("crypto/libctcrypto.a");
  ASSERT_TRUE(Contains(syms, "kAesBackends")) << "no symbols read";
  EXPECT_EQ(Contains(syms, "kAesNohw"), kExpectPortable);
  EXPECT_EQ(Contains(syms, "kGhashNohw"), kExpectPortable);
}

TEST(NoPortable, ToolBinary) {
  const auto syms = Symbols("tool/ctcrypto");
  // The table every build has (a vpaes row is absent on CPUs without SIMD).
  ASSERT_TRUE(Contains(syms, "kAesBackends")) << "no symbols read (stripped?)";
  EXPECT_EQ(Contains(syms, "kAesNohw"), kExpectPortable);
  EXPECT_EQ(Contains(syms, "kGhashNohw"), kExpectPortable);
  // The nohw functions: nohw_set_key, nohw_ctr32, nohw_update, ... of the
  // 64-bit-word files; Nohw32::set_key, ... and ghash_nohw32::update of the
  // 32-bit-word ones (32-bit targets).
  EXPECT_EQ(Contains(syms, "nohw_") || Contains(syms, "Nohw32"),
            kExpectPortable);
}

}  // namespace
