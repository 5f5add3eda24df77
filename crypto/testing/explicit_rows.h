// explicit_rows.h: set up the public key objects with chosen rows,
// and look at the state a row produced. For the tests, benchmarks, fuzzers
// and the ctcrypto tool, which must reach every row compiled in, not only
// the one the CPU would select; not part of the public API (ctcrypto/*.h).
//
// Each init_with_rows is the object's public init() with the given rows in
// place of the best usable ones (the first runnable rows of the AES,
// GHASH and SHA tables, after CTCRYPTO_DISABLE). A row only has to be runnable on this CPU, not listed
// in the table (the tests pass the portable reference rows, which aarch64
// builds leave out of the tables but the tests link themselves); null or a
// row the CPU cannot run gives kUnsupported, after the object is cleared.
#ifndef CTCRYPTO_TESTING_EXPLICIT_ROWS_H_
#define CTCRYPTO_TESTING_EXPLICIT_ROWS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/sha_row.h"
#include "crypto/modes/ccm_kernel.h"
#include "crypto/modes/gcm_kernel.h"
#include "crypto/tls/tls_cbc_kernel.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace ctcrypto::internal {

// all_aes_rows / all_ghash_rows: every row compiled into this program,
// best first (crypto/rows.bzl's all-rows lists): the library's tables, the
// rows they leave out because an earlier row shadows them (a row that
// uses what an earlier one uses and more is never selected) or because the
// capabilities are static and the target promises an earlier row, and the
// portable rows (the tests' reference) even where the tables drop them.
std::span<const AesRow* const> all_aes_rows();
std::span<const GhashRow* const> all_ghash_rows();
// find_any_aes_row / find_any_ghash_row: the row of the all-rows list
// called `name`, or null.
const AesRow* find_any_aes_row(const char* name);
const GhashRow* find_any_ghash_row(const char* name);

// aes_row_usable / ghash_row_usable: whether `row` is a row of
// the all-rows list and this CPU (after CTCRYPTO_DISABLE) can run it.
bool aes_row_usable(const AesRow* row);
bool ghash_row_usable(const GhashRow* row);
// hash_row_usable: whether `row` is a row of this build's table for
// alg's compression function and this CPU (after CTCRYPTO_DISABLE) can
// run it.
bool hash_row_usable(HashAlgorithm alg, const ShaRow* row);

// The AES set-ups attach the row's inverse cipher (AesDecryptRow) from the
// all-rows list (crypto/rows.bzl), so a key of any row compiled in
// decrypts, whether or not the library's decrypt table lists the row.
Status init_with_rows(AesKey& k, std::span<const uint8_t> key,
                      const AesRow* aes);
Status init_with_rows(GhashKey& k, std::span<const uint8_t, 16> h,
                      const GhashRow* ghash);
Status init_with_rows(AesGcm& gcm, std::span<const uint8_t> key,
                      size_t tag_len, const AesRow* aes,
                      const GhashRow* ghash);
Status init_with_rows(AesGmac& gmac, std::span<const uint8_t> key,
                      size_t tag_len, const AesRow* aes,
                      const GhashRow* ghash);
Status init_with_rows(AesGcmSiv& siv, std::span<const uint8_t> key,
                      const AesRow* aes, const GhashRow* ghash);
Status init_with_rows(AesCcm& ccm, std::span<const uint8_t> key,
                      size_t tag_len, size_t nonce_len, const AesRow* aes);
Status init_with_rows(AesCcm& ccm, std::span<const uint8_t> key,
                      CcmProfile profile, const AesRow* aes);
Status init_with_rows(AesCmac& cmac, std::span<const uint8_t> key,
                      const AesRow* aes);
// AesXts: the row sets up both halves (Key1 and Key2).
Status init_with_rows(AesXts& xts, std::span<const uint8_t> key,
                      const AesRow* aes);
// AesXts with the inverse cipher given (its `row` must be `aes`), for a
// benchmark that runs a modified copy of a row.
Status init_with_rows(AesXts& xts, std::span<const uint8_t> key,
                      const AesRow* aes, const AesDecryptRow* decrypt);
// TlsCbcAead: the MAC on the best SHA row, or on `sha` (kUnsupported when
// it is null, of another hash than the suite's, or not runnable).
Status init_with_rows(TlsCbcAead& tls, TlsCbcSuite suite,
                      std::span<const uint8_t> key, size_t tag_len,
                      const AesRow* aes);
Status init_with_rows(TlsCbcAead& tls, TlsCbcSuite suite,
                      std::span<const uint8_t> key, size_t tag_len,
                      const AesRow* aes, const ShaRow* sha);
// Hash: on a refused row the object is unusable (finish() gives
// kNotInitialized) until the next init().
Status init_with_rows(Hash& h, HashAlgorithm alg, const ShaRow* row);
Status init_with_rows(Hmac& h, HashAlgorithm alg,
                      std::span<const uint8_t> key, const ShaRow* row);

// aes_decrypt_row_of: the inverse cipher of `aes` among every AES row
// compiled into this program (the all-rows list), or null.
const AesDecryptRow* aes_decrypt_row_of(const AesRow* aes);

// key_state: the expanded key / H powers in their row's form, with the row
// that set them up (all zero for an uninitialised key).
const AesKeyState& key_state(const AesKey& k);
const GhashKeyState& key_state(const GhashKey& k);
// ghash_row: the GHASH row of an AES-GCM-SIV key (null when uninitialised).
const GhashRow* ghash_row(const AesGcmSiv& siv);

// all_gcm_kernels / all_ccm_kernels / all_tls_cbc_kernels: every mode
// kernel compiled into this program (the kernel tables' all-rows lists).
// The set-ups above attach the kernel of their rows from these lists (as
// the public init() does from the library's tables), so a pair of rows the
// library would not select still runs its kernel here.
std::span<const GcmKernel* const> all_gcm_kernels();
std::span<const CcmKernel* const> all_ccm_kernels();
std::span<const TlsCbcKernel* const> all_tls_cbc_kernels();
// The kernel a key runs (null when none, or uninitialised).
const GcmKernel* gcm_kernel(const AesGcm& gcm);
const CcmKernel* ccm_kernel(const AesCcm& ccm);
const TlsCbcKernel* tls_cbc_kernel(const TlsCbcAead& tls);

// set_stream_data_len: pretends `len` bytes of data have gone through a
// started GCM stream, so a test reaches kGcmMaxPlaintextLen without 64 GiB
// (the stream's tag is meaningless afterwards).
void set_stream_data_len(AesGcmStream& s, uint64_t len);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TESTING_EXPLICIT_ROWS_H_
