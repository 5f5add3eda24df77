// elf_symbols.h: the symbol names of a built ELF file or ar archive, read
// by the test itself (ELF32/ELF64 little-endian), so that tests about what a
// program links run the same natively and under QEMU (a shell test calling
// the target's nm could not run under the --run_under QEMU wrappers).
#ifndef CTCRYPTO_TESTS_ELF_SYMBOLS_H_
#define CTCRYPTO_TESTS_ELF_SYMBOLS_H_

#include <string>
#include <vector>

namespace ctcrypto_test {

// Symbols: the names of every SHT_SYMTAB of the ELF file at `path`, or of
// every ELF member of the ar archive there (empty if unreadable). `path` is
// relative to ctcrypto's root ("crypto/libaes.a"), in its own workspace or
// run from a product's (found under $TEST_SRCDIR/ctcrypto).
std::vector<std::string> Symbols(const std::string& path);

// Contains: whether some name in `syms` contains `needle`.
bool Contains(const std::vector<std::string>& syms, const char* needle);

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_ELF_SYMBOLS_H_
