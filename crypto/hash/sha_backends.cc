// sha_backends.cc: the SHA compression-function tables, best first.
//
// As in aes_backends.cc, each hardware row's cc_library defines
// CTCRYPTO_SHA_<NAME> for its dependents and its row appears here only
// then. The portable rows are part of the library on every platform and end
// every table: no SHA instruction is architectural on any target (and
// SHA-512 has no instructions at all before ARMv8.2).
#include "crypto/backend_table.h"
#include "crypto/hash/sha_backend.h"

namespace ctcrypto::internal {
namespace {

const ShaBackend* const kSha1Backends[] = {
#if defined(CTCRYPTO_SHA_SHANI)
    &kSha1Shani,
#endif
#if defined(CTCRYPTO_SHA_ARMV8)
    &kSha1Armv8,
#endif
    &kSha1Portable,
};

const ShaBackend* const kSha256Backends[] = {
#if defined(CTCRYPTO_SHA_SHANI)
    &kSha256Shani,
#endif
#if defined(CTCRYPTO_SHA_ARMV8)
    &kSha256Armv8,
#endif
    &kSha256Portable,
};

const ShaBackend* const kSha512Backends[] = {
#if defined(CTCRYPTO_SHA512_ARMV8)
    &kSha512Armv8,
#endif
    &kSha512Portable,
};

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
