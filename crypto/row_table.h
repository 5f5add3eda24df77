// row_table.h: what the AES and GHASH row tables (aes_row_table.cc,
// ghash_row_table.cc) offer, written once over the row type. A row is any
// struct with `name` and `required_caps`; a table lists, best first, the
// rows selection can reach in this configuration (crypto/rows.bzl: the rows
// of the CPU family the platform does not opt out of, less those an earlier
// row shadows; with static capabilities only the first the target
// promises), and its last row needs nothing beyond what the platform's
// build guarantees. Every row compiled for the family, shadowed ones
// included, is in crypto/testing's all-rows lists instead.
#ifndef CTCRYPTO_ROW_TABLE_H_
#define CTCRYPTO_ROW_TABLE_H_

#include <cstdint>
#include <cstring>
#include <span>

namespace ctcrypto::internal {

// row_runnable: whether `caps` holds every capability `row` requires.
template <class Row>
constexpr bool row_runnable(const Row* row, uint32_t caps) {
  return (row->required_caps & caps) == row->required_caps;
}

// table_select: the first row runnable with `caps`; the last row when none
// is (it needs nothing the platform lacks, so it is runnable anyway).
template <class Row>
const Row* table_select(std::span<const Row* const> table, uint32_t caps) {
  for (const Row* r : table) {
    if (row_runnable(r, caps)) return r;
  }
  return table.back();
}

// table_find: the row called `name`, or null.
template <class Row>
const Row* table_find(std::span<const Row* const> table, const char* name) {
  for (const Row* r : table) {
    if (std::strcmp(r->name, name) == 0) return r;
  }
  return nullptr;
}

// table_usable: whether `row` is in the table and runnable with `caps`.
template <class Row>
bool table_usable(std::span<const Row* const> table, const Row* row,
                  uint32_t caps) {
  if (row == nullptr) return false;
  bool listed = false;
  for (const Row* r : table) {
    if (r == row) listed = true;
  }
  return listed && row_runnable(row, caps);
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_ROW_TABLE_H_
