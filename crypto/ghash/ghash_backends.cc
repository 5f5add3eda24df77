// ghash_backends.cc: the GHASH backend table, best first (see
// aes_backends.cc for how rows are compiled in).
#include "crypto/backend_table.h"
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

std::span<const GhashBackend* const> ghash_table() {
  return {kGhashBackends, kNumGhashBackends};
}

const GhashBackend* select_ghash_backend(uint32_t caps) {
  return table_select(ghash_table(), caps);
}

const GhashBackend* find_ghash_backend(const char* name) {
  return table_find(ghash_table(), name);
}

}  // namespace ctcrypto::internal
