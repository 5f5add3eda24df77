// no_portable_test.cc: on aarch64 the portable nohw AES and GHASH code is not
// part of the library or the tool (Advanced SIMD is architectural on
// ARMv8-A, so the NEON rows end the tables); on every other target it is.
//
// The test reads the symbol tables of the built artefacts, passed as data:
// crypto/libaes.a and crypto/libghash.a (the libraries of the AES and GHASH
// layers, which hold the table objects: a reference to kAesNohw /
// kGhashNohw, undefined there, means the row is listed) and the statically
// linked tool/ctcrypto (definitions: kAesNohw, kGhashNohw and the nohw_*
// functions). It parses ar archives and ELF32/ELF64 little-endian objects
// itself, so it runs the same natively and under QEMU (a shell test calling
// the target's nm could not run under the --run_under QEMU wrappers). On
// non-aarch64 targets the same checks expect the symbols to be present, so
// a vacuous pass (e.g. a stripped binary) is caught there, and the tool must
// always show some ctcrypto symbols.
#include <gtest/gtest.h>

#include "tests/elf_symbols.h"

namespace {

using ctcrypto_test::Contains;
using ctcrypto_test::Symbols;

#if defined(__aarch64__)
constexpr bool kExpectPortable = false;
#else
constexpr bool kExpectPortable = true;
#endif

TEST(NoPortable, LibraryArchiveTables) {
  const auto aes = Symbols("crypto/libaes.a");
  ASSERT_TRUE(Contains(aes, "kAesRows")) << "no symbols read";
  EXPECT_EQ(Contains(aes, "kAesNohw"), kExpectPortable);
  const auto ghash = Symbols("crypto/libghash.a");
  ASSERT_TRUE(Contains(ghash, "kGhashRows")) << "no symbols read";
  EXPECT_EQ(Contains(ghash, "kGhashNohw"), kExpectPortable);
}

TEST(NoPortable, ToolBinary) {
  const auto syms = Symbols("tool/ctcrypto");
  // The table every build has (a vpaes row is absent on CPUs without SIMD).
  ASSERT_TRUE(Contains(syms, "kAesRows")) << "no symbols read (stripped?)";
  EXPECT_EQ(Contains(syms, "kAesNohw"), kExpectPortable);
  EXPECT_EQ(Contains(syms, "kGhashNohw"), kExpectPortable);
  // The nohw functions: nohw_set_key, nohw_ctr32, nohw_update, ... of the
  // 64-bit-word files; Nohw32::set_key, ... and ghash_nohw32::update of the
  // 32-bit-word ones (32-bit targets).
  EXPECT_EQ(Contains(syms, "nohw_") || Contains(syms, "Nohw32"),
            kExpectPortable);
}

}  // namespace
