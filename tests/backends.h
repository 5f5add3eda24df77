// backends.h: enumerate the AES, GHASH and SHA backend rows this CPU can run, for
// value-parameterised GoogleTest suites. Suites instantiate over these lists
// (named by row name): every row compiled in (crypto/testing's all-rows
// lists, the rows the library's tables leave out included), so a row added
// later is covered without touching the tests.
#ifndef CTCRYPTO_TESTS_BACKENDS_H_
#define CTCRYPTO_TESTS_BACKENDS_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/ghash/ghash_backend.h"
#include "crypto/hash/sha_backend.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/hash.h"

namespace ctcrypto::internal {
// Printers so that failures name the backend row instead of an address.
void PrintTo(const AesBackend* b, std::ostream* os);
void PrintTo(const GhashBackend* b, std::ostream* os);
void PrintTo(const ShaBackend* b, std::ostream* os);
}  // namespace ctcrypto::internal

namespace ctcrypto_test {

using ctcrypto::internal::AesBackend;
using ctcrypto::internal::GhashBackend;
using ctcrypto::internal::ShaBackend;

// Every compiled-in row, usable on this CPU or not.
std::vector<const AesBackend*> AllAesBackends();
std::vector<const GhashBackend*> AllGhashBackends();

// The compiled-in rows this CPU (after CTCRYPTO_DISABLE) can run, in table
// order; for GHASH followed by GhashVariantRows().
std::vector<const AesBackend*> UsableAesBackends();
std::vector<const GhashBackend*> UsableGhashBackends();
// The rows that are no table's but run the variants a table row compiles to
// on other cores: the 32-bit portable GHASH with 32x32->64 and with
// 32x32->32 multiplies (crypto/testing/ghash_nohw32_rows.h). Portable, so
// usable on every CPU.
std::vector<const GhashBackend*> GhashVariantRows();

// GcmBackends: one (AES row, GHASH row) combination for
// internal::init_with_rows(AesGcm&, ...).
struct GcmBackends {
  const AesBackend* aes;
  const GhashBackend* ghash;
};
void PrintTo(const GcmBackends& b, std::ostream* os);
// Every usable AES row crossed with every usable GHASH row.
std::vector<GcmBackends> UsableGcmBackends();

// The SHA compression-function rows of `alg`'s table (SHA-384 shares
// SHA-512's): every compiled-in one, and those this CPU can run (table
// order; the portable row is always among them).
std::vector<const ShaBackend*> AllShaBackends(ctcrypto::HashAlgorithm alg);
std::vector<const ShaBackend*> UsableShaBackends(ctcrypto::HashAlgorithm alg);

// ShaRow: one (hash, compression-function row) pair; UsableShaRows: every
// hash with every usable row of its table.
struct ShaRow {
  ctcrypto::HashAlgorithm alg;
  const ShaBackend* sha;
};
void PrintTo(const ShaRow& r, std::ostream* os);
std::vector<ShaRow> UsableShaRows();
// The usable rows of SHA-1, SHA-256 and SHA-384 (the TLS CBC suites' MACs).
std::vector<ShaRow> UsableTlsShaRows();
// The portable row of alg's table, the reference of the hardware rows.
const ShaBackend* ReferenceShaBackend(ctcrypto::HashAlgorithm alg);
// The name of a HashAlgorithm ("sha1", "sha256", "sha384", "sha512").
const char* HashName(ctcrypto::HashAlgorithm alg);

// Reference rows for randomised comparisons: the portable nohw rows
// (kAesNohw, kGhashNohw), linked into the tests directly - also on aarch64,
// where the library's tables do not list them.
const AesBackend* ReferenceAesBackend();
const GhashBackend* ReferenceGhashBackend();

// Test-name generators for INSTANTIATE_TEST_SUITE_P.
std::string SanitizeName(const char* name);
struct AesBackendParamName {
  std::string operator()(
      const testing::TestParamInfo<const AesBackend*>& info) const;
};
struct GhashBackendParamName {
  std::string operator()(
      const testing::TestParamInfo<const GhashBackend*>& info) const;
};
struct GcmBackendsParamName {
  std::string operator()(const testing::TestParamInfo<GcmBackends>& info) const;
};
struct ShaRowParamName {
  std::string operator()(const testing::TestParamInfo<ShaRow>& info) const;
};

// Key set-up helpers: succeed only when init returns kOk and the key
// reports the requested row(s) as the backend that set it up, so every test
// asserts which backend actually ran.
testing::AssertionResult InitAesKey(ctcrypto::AesKey* key,
                                    std::span<const uint8_t> raw,
                                    const AesBackend* row);
testing::AssertionResult InitGhashKey(ctcrypto::GhashKey* key,
                                      std::span<const uint8_t, 16> h,
                                      const GhashBackend* row);
testing::AssertionResult InitGcm(ctcrypto::AesGcm* gcm,
                                 std::span<const uint8_t> raw, size_t tag_len,
                                 const GcmBackends& rows);

// InitHash / InitHmac: as InitAesKey, for a hash or HMAC object on `row`.
testing::AssertionResult InitHash(ctcrypto::Hash* h, ctcrypto::HashAlgorithm alg,
                                  const ShaBackend* row);
testing::AssertionResult InitHmac(ctcrypto::Hmac* h, ctcrypto::HashAlgorithm alg,
                                  std::span<const uint8_t> key,
                                  const ShaBackend* row);

// The fixed seed of the randomised tests (CTCRYPTO_TEST_SEED overrides it).
uint32_t TestSeed();

}  // namespace ctcrypto_test

// Instantiation shorthands.
#define CTCRYPTO_INSTANTIATE_AES_BACKENDS(suite)                          \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Backends, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableAesBackends()),            \
      ::ctcrypto_test::AesBackendParamName())
#define CTCRYPTO_INSTANTIATE_GHASH_BACKENDS(suite)                        \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Backends, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableGhashBackends()),          \
      ::ctcrypto_test::GhashBackendParamName())
#define CTCRYPTO_INSTANTIATE_GCM_BACKENDS(suite)                          \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Backends, suite,                                                    \
      testing::ValuesIn(::ctcrypto_test::UsableGcmBackends()),            \
      ::ctcrypto_test::GcmBackendsParamName())

#define CTCRYPTO_INSTANTIATE_SHA_ROWS(suite)                              \
  INSTANTIATE_TEST_SUITE_P(                                               \
      Backends, suite, testing::ValuesIn(::ctcrypto_test::UsableShaRows()), \
      ::ctcrypto_test::ShaRowParamName())

#endif  // CTCRYPTO_TESTS_BACKENDS_H_
