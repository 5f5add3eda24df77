// aes_backends.cc: the AES backend table, best first.
//
// This is one of the two places where build conditionals live (the other is
// the Bazel select() that decides which backend files are compiled): each
// backend's cc_library defines CTCRYPTO_AES_<NAME> for its dependents, and
// its row appears here only then. Adding a backend means adding its file,
// its cc_library and one line below; no caller changes.
#include "crypto/backend_table.h"
#include "crypto/aes/aes_backend.h"

namespace ctcrypto::internal {

const AesBackend* const kAesBackends[] = {
#if defined(CTCRYPTO_AES_VAES)
    &kAesVaes,
#endif
#if defined(CTCRYPTO_AES_AESNI)
    &kAesAesni,
#endif
#if defined(CTCRYPTO_AES_ARMV8)
    &kAesArmv8,
#endif
#if defined(CTCRYPTO_AES_VPAES_BSAES)
    &kAesVpaesBsaes,
#endif
#if defined(CTCRYPTO_AES_BSAES)
    &kAesBsaes,
#endif
#if defined(CTCRYPTO_AES_VPAES)
    &kAesVpaes,
#endif
#if defined(CTCRYPTO_AES_NOHW)
    &kAesNohw,
#endif
};
const size_t kNumAesBackends = sizeof(kAesBackends) / sizeof(kAesBackends[0]);

std::span<const AesBackend* const> aes_table() {
  return {kAesBackends, kNumAesBackends};
}

const AesBackend* select_aes_backend(uint32_t caps) {
  return table_select(aes_table(), caps);
}

const AesBackend* find_aes_backend(const char* name) {
  return table_find(aes_table(), name);
}

}  // namespace ctcrypto::internal
