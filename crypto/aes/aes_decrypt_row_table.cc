// aes_decrypt_row_table.cc: the inverse ciphers of the AES rows.
//
// A table of its own, in the order of kAesRows (generated from the same
// row list, crypto/BUILD.bazel), in a file of its own: only the decrypting
// entry points reach it (through aes_decrypt_row), so a program that only
// encrypts - GCM, CTR, CCM, CMAC, GMAC - links no inverse cipher under
// --gc-sections (//bench/size:gcm_consumer_no_decrypt_test).
#include "crypto/aes/aes_row.h"
#include "crypto/cpu/target_caps.h"

namespace ctcrypto::internal {

#define CTCRYPTO_ROW(row, uses) &row,
const AesDecryptRow* const kAesDecryptRows[] = {
#include "crypto/aes_decrypt_rows.inc"
};
#undef CTCRYPTO_ROW
const size_t kNumAesDecryptRows =
    sizeof(kAesDecryptRows) / sizeof(kAesDecryptRows[0]);

const AesDecryptRow* aes_decrypt_row(const AesKeyState& s) {
  if (s.row == nullptr) return nullptr;
  if (s.decrypt != nullptr) return s.decrypt;
  for (const AesDecryptRow* d : kAesDecryptRows) {
    if (d->row == s.row) return d;
  }
  return nullptr;  // unreachable: the public set-ups take rows of the table
}

}  // namespace ctcrypto::internal
