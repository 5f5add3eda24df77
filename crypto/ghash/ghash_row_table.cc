// ghash_row_table.cc: the GHASH row table, best first (see
// aes_row_table.cc for how rows are compiled in).
#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/cpu/target_caps.h"
#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {

#define CTCRYPTO_ROW(row, uses) &row,
const GhashRow* const kGhashRows[] = {
#include "crypto/ghash_rows.inc"
};
#undef CTCRYPTO_ROW

#define CTCRYPTO_ROW(row, uses) uint32_t{uses},
const uint32_t kGhashRowUses[] = {
#include "crypto/ghash_rows.inc"
};
#undef CTCRYPTO_ROW
const size_t kNumGhashRows =
    sizeof(kGhashRows) / sizeof(kGhashRows[0]);

std::span<const GhashRow* const> ghash_table() {
  return {kGhashRows, kNumGhashRows};
}

const GhashRow* select_ghash_row(uint32_t caps) {
  return table_select(ghash_table(), caps);
}

const GhashRow* find_ghash_row(const char* name) {
  return table_find(ghash_table(), name);
}

}  // namespace ctcrypto::internal
