// rows.h: enumerate the AES, GHASH and SHA rows this CPU can run, for
// value-parameterised GoogleTest suites. Suites instantiate over these lists
// (named by row name): every row compiled in (crypto/testing's all-rows
// lists, the rows the library's tables leave out included), so a row added
// later is covered without touching the tests.
#ifndef CTCRYPTO_TESTS_ROWS_H_
#define CTCRYPTO_TESTS_ROWS_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/sha_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/hash.h"

namespace ctcrypto::internal {
// Printers so that failures name the row instead of an address.
void PrintTo(const AesRow* b, std::ostream* os);
void PrintTo(const GhashRow* b, std::ostream* os);
void PrintTo(const ShaRow* b, std::ostream* os);
}  // namespace ctcrypto::internal

namespace ctcrypto_test {

using ctcrypto::internal::AesRow;
using ctcrypto::internal::GhashRow;
using ctcrypto::internal::ShaRow;

// Every compiled-in row, usable on this CPU or not.
std::vector<const AesRow*> AllAesRows();
std::vector<const GhashRow*> AllGhashRows();

// The compiled-in rows this CPU (after CTCRYPTO_DISABLE) can run, in table
// order; for GHASH followed by GhashVariantRows().
std::vector<const AesRow*> UsableAesRows();
std::vector<const GhashRow*> UsableGhashRows();
// The rows that are no table's but run the variants a table row compiles to
// on other cores: the 32-bit portable GHASH with 32x32->64 and with
// 32x32->32 multiplies (crypto/testing/ghash_nohw32_rows.h). Portable, so
// usable on every CPU.
std::vector<const GhashRow*> GhashVariantRows();

// GcmRows: one (AES row, GHASH row) combination for
// internal::init_with_rows(AesGcm&, ...).
struct GcmRows {
  const AesRow* aes;
  const GhashRow* ghash;
};
void PrintTo(const GcmRows& b, std::ostream* os);
// Every usable AES row crossed with every usable GHASH row.
std::vector<GcmRows> UsableGcmRows();

// The SHA compression-function rows of `alg`'s table (SHA-384 shares
// SHA-512's): every compiled-in one, and those this CPU can run (table
// order; the portable row is always among them).
std::vector<const ShaRow*> AllShaRows(ctcrypto::HashAlgorithm alg);
std::vector<const ShaRow*> UsableShaRows(ctcrypto::HashAlgorithm alg);

// ShaAlgRow: one (hash, compression-function row) pair; UsableShaAlgRows: every
// hash with every usable row of its table.
struct ShaAlgRow {
  ctcrypto::HashAlgorithm alg;
  const ShaRow* sha;
};
void PrintTo(const ShaAlgRow& r, std::ostream* os);
std::vector<ShaAlgRow> UsableShaAlgRows();
// The usable rows of SHA-1, SHA-256 and SHA-384 (the TLS CBC suites' MACs).
std::vector<ShaAlgRow> UsableTlsShaAlgRows();
// The portable row of alg's table, the reference of the hardware rows.
const ShaRow* ReferenceShaRow(ctcrypto::HashAlgorithm alg);
// The name of a HashAlgorithm ("sha1", "sha256", "sha384", "sha512").
const char* HashName(ctcrypto::HashAlgorithm alg);

// Reference rows for randomised comparisons: the portable nohw rows
// (kAesNohw, kGhashNohw), linked into the tests directly - also on aarch64,
// where the library's tables do not list them.
const AesRow* ReferenceAesRow();
const GhashRow* ReferenceGhashRow();

// Test-name generators for INSTANTIATE_TEST_SUITE_P.
std::string SanitizeName(const char* name);
struct AesRowParamName {
  std::string operator()(
      const testing::TestParamInfo<const AesRow*>& info) const;
};
struct GhashRowParamName {
  std::string operator()(
      const testing::TestParamInfo<const GhashRow*>& info) const;
};
struct GcmRowsParamName {
  std::string operator()(const testing::TestParamInfo<GcmRows>& info) const;
};
struct ShaAlgRowParamName {
  std::string operator()(const testing::TestParamInfo<ShaAlgRow>& info) const;
};

// Key set-up helpers: succeed only when init returns kOk and the key
// reports the requested row(s) as the row that set it up, so every test
// asserts which row actually ran.
testing::AssertionResult InitAesKey(ctcrypto::AesKey* key,
                                    std::span<const uint8_t> raw,
                                    const AesRow* row);
testing::AssertionResult InitGhashKey(ctcrypto::GhashKey* key,
                                      std::span<const uint8_t, 16> h,
                                      const GhashRow* row);
testing::AssertionResult InitGcm(ctcrypto::AesGcm* gcm,
                                 std::span<const uint8_t> raw, size_t tag_len,
                                 const GcmRows& rows);

// InitHash / InitHmac: as InitAesKey, for a hash or HMAC object on `row`.
testing::AssertionResult InitHash(ctcrypto::Hash* h, ctcrypto::HashAlgorithm alg,
                                  const ShaRow* row);
testing::AssertionResult InitHmac(ctcrypto::Hmac* h, ctcrypto::HashAlgorithm alg,
                                  std::span<const uint8_t> key,
                                  const ShaRow* row);

// The fixed seed of the randomised tests (CTCRYPTO_TEST_SEED overrides it).
uint32_t TestSeed();

}  // namespace ctcrypto_test

// Instantiation shorthands.
#define CTCRYPTO_INSTANTIATE_AES_ROWS(suite)                          \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Rows, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableAesRows()),            \
      ::ctcrypto_test::AesRowParamName())
#define CTCRYPTO_INSTANTIATE_GHASH_ROWS(suite)                        \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Rows, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableGhashRows()),          \
      ::ctcrypto_test::GhashRowParamName())
#define CTCRYPTO_INSTANTIATE_GCM_ROWS(suite)                          \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Rows, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableGcmRows()),            \
      ::ctcrypto_test::GcmRowsParamName())

#define CTCRYPTO_INSTANTIATE_SHA_ROWS(suite)                              \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Rows, suite, testing::ValuesIn(::ctcrypto_test::UsableShaAlgRows()), \
      ::ctcrypto_test::ShaAlgRowParamName())

#endif  // CTCRYPTO_TESTS_ROWS_H_
