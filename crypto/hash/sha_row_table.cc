// sha_row_table.cc: the SHA compression-function tables, best first.
//
// As in aes_row_table.cc, the hardware rows this configuration links are
// generated from their ctcrypto_row() declarations (crypto/BUILD.bazel,
// crypto/rows.bzl). The portable rows are part of the library on every
// platform and end every table: no SHA instruction is architectural on any
// CPU (and SHA-512 has no instructions at all before ARMv8.2).
#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.h"
#include "crypto/hash/sha_row.h"

namespace ctcrypto::internal {
namespace {

#define CTCRYPTO_ROW(row, uses) &row,
const ShaRow* const kSha1Rows[] = {
#include "crypto/sha1_rows.inc"
    &kSha1Portable,
};

const ShaRow* const kSha256Rows[] = {
#include "crypto/sha256_rows.inc"
    &kSha256Portable,
};

const ShaRow* const kSha512Rows[] = {
#include "crypto/sha512_rows.inc"
    &kSha512Portable,
};
#undef CTCRYPTO_ROW

}  // namespace

std::span<const ShaRow* const> sha_table(ShaFamily family) {
  switch (family) {
    case ShaFamily::kSha1: return kSha1Rows;
    case ShaFamily::kSha256: return kSha256Rows;
    case ShaFamily::kSha512: return kSha512Rows;
  }
  return kSha256Rows;
}

const ShaRow* select_sha_row(ShaFamily family, uint32_t caps) {
  return table_select(sha_table(family), caps);
}

const ShaRow* find_sha_row(ShaFamily family, const char* name) {
  return table_find(sha_table(family), name);
}

}  // namespace ctcrypto::internal
