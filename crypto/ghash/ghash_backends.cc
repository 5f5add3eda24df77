// ghash_backends.cc: the GHASH backend table, best first (see
// aes_backends.cc for how rows are compiled in).
#include <cstring>

#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal {

const GhashBackend* const kGhashBackends[] = {
#if defined(CTCRYPTO_GHASH_VPCLMUL)
    &kGhashVpclmul,
#endif
#if defined(CTCRYPTO_GHASH_CLMUL)
    &kGhashClmul,
#endif
#if defined(CTCRYPTO_GHASH_PMULL)
    &kGhashPmull,
#endif
#if defined(CTCRYPTO_GHASH_NEON)
    &kGhashNeon,
#endif
#if defined(CTCRYPTO_GHASH_SSSE3)
    &kGhashSsse3,
#endif
#if defined(CTCRYPTO_GHASH_NOHW)
    &kGhashNohw,
#endif
};
const size_t kNumGhashBackends =
    sizeof(kGhashBackends) / sizeof(kGhashBackends[0]);

const GhashBackend* select_ghash_backend(uint32_t caps) {
  for (const GhashBackend* b : kGhashBackends) {
    if ((b->required_caps & caps) == b->required_caps) return b;
  }
  return kGhashBackends[kNumGhashBackends - 1];
}

const GhashBackend* find_ghash_backend(const char* name) {
  for (const GhashBackend* b : kGhashBackends) {
    if (std::strcmp(b->name, name) == 0) return b;
  }
  return nullptr;
}

}  // namespace ctcrypto::internal
