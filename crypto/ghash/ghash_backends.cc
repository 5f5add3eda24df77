// ghash_backends.cc: the GHASH backend table, best first (see
// aes_backends.cc for how rows are compiled in).
#include "crypto/backend_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.h"
#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal {

#define CTCRYPTO_ROW(row, uses) &row,
const GhashBackend* const kGhashBackends[] = {
#include "crypto/ghash_rows.inc"
};
#undef CTCRYPTO_ROW

#define CTCRYPTO_ROW(row, uses) uint32_t{uses},
const uint32_t kGhashRowUses[] = {
#include "crypto/ghash_rows.inc"
};
#undef CTCRYPTO_ROW
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
