// encrypt_only_link_test.cc: a program that only seals and opens AES-GCM
// (bench/size:gcm_consumer) links no AES inverse cipher.
//
// The inverse ciphers are not members of the AES rows (AesRow) but of
// their own objects (AesDecryptRow, crypto/aes/aes_row.h), reached only
// from the code that decrypts; GCM's open() runs the forward cipher. Under
// --gc-sections none of them may survive into the consumer, on any target.
// The test reads the consumer's own symbol table (tests/elf_symbols.h), so
// it runs natively and under QEMU alike; every decrypting function and
// object of the library has "decrypt" in its name (the rows' decrypt_block,
// cbc_decrypt, ecb_decrypt, nohw's decrypt_batch, the k*Decrypt objects, the
// kAesDecryptRows table).
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "tests/elf_symbols.h"

namespace {

// MentionsDecrypt: a function or object about decryption. Source file names
// (STT_FILE symbols, which stay when --gc-sections drops all of a file's
// sections, e.g. aes_decrypt_row_table.cc) are not code.
bool MentionsDecrypt(const std::string& name) {
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".cc") == 0)
    return false;
  std::string lower;
  for (char c : name)
    lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return lower.find("decrypt") != std::string::npos;
}

TEST(EncryptOnlyLink, GcmConsumerHasNoInverseCipher) {
  const auto syms = ctcrypto_test::Symbols("bench/size/gcm_consumer");
  // Not vacuous: the consumer's GCM code is there (the AES table itself may
  // be folded away where the capabilities are static and one row remains).
  ASSERT_TRUE(ctcrypto_test::Contains(syms, "AesGcm"))
      << "no symbols read (stripped?)";
  for (const std::string& s : syms) {
    EXPECT_FALSE(MentionsDecrypt(s)) << "linked into the GCM consumer: " << s;
  }
}

// The check can fail: a program that decrypts has the symbols it looks for.
TEST(EncryptOnlyLink, ToolHasInverseCipher) {
  const auto syms = ctcrypto_test::Symbols("tool/ctcrypto");
  ASSERT_TRUE(ctcrypto_test::Contains(syms, "AesGcm"))
      << "no symbols read (stripped?)";
  bool any = false;
  for (const std::string& s : syms) any = any || MentionsDecrypt(s);
  EXPECT_TRUE(any);
}

}  // namespace
