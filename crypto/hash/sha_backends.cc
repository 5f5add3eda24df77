// sha_backends.cc: the SHA compression-function tables, best first.
//
// As in aes_backends.cc, the hardware rows this configuration links are
// generated from their ctcrypto_row() declarations (crypto/BUILD.bazel,
// crypto/rows.bzl). The portable rows are part of the library on every
// platform and end every table: no SHA instruction is architectural on any
// CPU (and SHA-512 has no instructions at all before ARMv8.2).
#include "crypto/backend_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.h"
#include "crypto/hash/sha_backend.h"

namespace ctcrypto::internal {
namespace {

#define CTCRYPTO_ROW(row, uses) &row,
const ShaBackend* const kSha1Backends[] = {
#include "crypto/sha1_rows.inc"
    &kSha1Portable,
};

const ShaBackend* const kSha256Backends[] = {
#include "crypto/sha256_rows.inc"
    &kSha256Portable,
};

const ShaBackend* const kSha512Backends[] = {
#include "crypto/sha512_rows.inc"
    &kSha512Portable,
};
#undef CTCRYPTO_ROW

}  // namespace

std::span<const ShaBackend* const> sha_table(ShaFamily family) {
  switch (family) {
    case ShaFamily::kSha1: return kSha1Backends;
    case ShaFamily::kSha256: return kSha256Backends;
    case ShaFamily::kSha512: return kSha512Backends;
  }
  return kSha256Backends;
}

const ShaBackend* select_sha_backend(ShaFamily family, uint32_t caps) {
  return table_select(sha_table(family), caps);
}

const ShaBackend* find_sha_backend(ShaFamily family, const char* name) {
  return table_find(sha_table(family), name);
}

}  // namespace ctcrypto::internal
