// explicit_rows.cc: explicit_rows.h over KeyAccess (crypto/key_state.h),
// which holds the set-ups next to each object's public init().
#include "crypto/testing/explicit_rows.h"

#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/key_state.h"

namespace ctcrypto::internal {

namespace {

// Every AES row's inverse cipher compiled into this program, the rows left
// out of the library's tables included (crypto/rows.bzl, all-rows lists).
#define CTCRYPTO_ROW(row, uses) &row,
const AesRow* const kAllAesRows[] = {
#include "crypto/aes_rows_all.inc"
};
const AesDecryptRow* const kAllAesDecryptRows[] = {
#include "crypto/aes_decrypt_rows_all.inc"
};
const GhashRow* const kAllGhashRows[] = {
#include "crypto/ghash_rows_all.inc"
};
// The kernel lists end with a null entry: a build may have no kernels.
const GcmKernel* const kAllGcmKernels[] = {
#include "crypto/gcm_kernels_all.inc"
    nullptr};
const CcmKernel* const kAllCcmKernels[] = {
#include "crypto/ccm_kernels_all.inc"
    nullptr};
const TlsCbcKernel* const kAllTlsCbcKernels[] = {
#include "crypto/tls_cbc_kernels_all.inc"
    nullptr};
#undef CTCRYPTO_ROW

// with_kernel: the set-up's status, with `kernel` (null: none) attached to
// `obj` on success.
template <class Obj, class Kernel>
Status with_kernel(Obj& obj, const Kernel* kernel, Status st) {
  if (st == Status::kOk) KeyAccess::attach_kernel(obj, kernel);
  return st;
}

// with_decrypt_row: the set-up's status, with the inverse cipher of `aes`
// attached to `obj` on success (kUnsupported, object cleared, for a row
// whose inverse cipher this program lacks: a row missing from the
// all-rows lists must fail, not decrypt nothing).
template <class Obj>
Status with_decrypt_row(Obj& obj, const AesDecryptRow* d, Status st) {
  if (st != Status::kOk) return st;
  if (d == nullptr) {
    obj.clear();
    return Status::kUnsupported;
  }
  KeyAccess::attach_decrypt_row(obj, d);
  return st;
}

// tls_with_kernel: with_kernel for a TLS-CBC key, whose SHA row the set-up
// may have chosen itself.
Status tls_with_kernel(TlsCbcAead& tls, const AesRow* aes, Status st) {
  if (st != Status::kOk) return st;
  return with_kernel(tls,
                     find_tls_cbc_kernel(all_tls_cbc_kernels(), aes,
                                         KeyAccess::mac(tls).sha),
                     st);
}

}  // namespace

const AesDecryptRow* aes_decrypt_row_of(const AesRow* aes) {
  for (const AesDecryptRow* d : kAllAesDecryptRows) {
    if (d->row == aes) return d;
  }
  return nullptr;
}

std::span<const AesRow* const> all_aes_rows() { return kAllAesRows; }
std::span<const GcmKernel* const> all_gcm_kernels() {
  return std::span(kAllGcmKernels).first(std::size(kAllGcmKernels) - 1);
}
std::span<const CcmKernel* const> all_ccm_kernels() {
  return std::span(kAllCcmKernels).first(std::size(kAllCcmKernels) - 1);
}
std::span<const TlsCbcKernel* const> all_tls_cbc_kernels() {
  return std::span(kAllTlsCbcKernels).first(std::size(kAllTlsCbcKernels) - 1);
}

std::span<const GhashRow* const> all_ghash_rows() { return kAllGhashRows; }

const AesRow* find_any_aes_row(const char* name) {
  return table_find(all_aes_rows(), name);
}

const GhashRow* find_any_ghash_row(const char* name) {
  return table_find(all_ghash_rows(), name);
}

bool aes_row_usable(const AesRow* row) {
  return table_usable(all_aes_rows(), row, cpu_caps());
}

bool ghash_row_usable(const GhashRow* row) {
  return table_usable(all_ghash_rows(), row, cpu_caps());
}

bool hash_row_usable(HashAlgorithm alg, const ShaRow* row) {
  const HashAlg& a = alg_of(alg);
  return table_usable(sha_table(a.family), row, cpu_caps()) &&
         sha_row_usable(a, row);
}

Status init_with_rows(AesKey& k, std::span<const uint8_t> key,
                      const AesRow* aes) {
  return with_decrypt_row(k, aes_decrypt_row_of(aes), KeyAccess::init_with_rows(k, key, aes));
}

Status init_with_rows(GhashKey& k, std::span<const uint8_t, 16> h,
                      const GhashRow* ghash) {
  return KeyAccess::init_with_rows(k, h, ghash);
}

Status init_with_rows(AesGcm& gcm, std::span<const uint8_t> key,
                      size_t tag_len, const AesRow* aes,
                      const GhashRow* ghash) {
  return with_kernel(gcm, find_gcm_kernel(all_gcm_kernels(), aes, ghash),
                     KeyAccess::init_with_rows(gcm, key, tag_len, aes, ghash));
}

Status init_with_rows(AesGmac& gmac, std::span<const uint8_t> key,
                      size_t tag_len, const AesRow* aes,
                      const GhashRow* ghash) {
  return with_kernel(gmac, find_gcm_kernel(all_gcm_kernels(), aes, ghash),
                     KeyAccess::init_with_rows(gmac, key, tag_len, aes, ghash));
}

Status init_with_rows(AesGcmSiv& siv, std::span<const uint8_t> key,
                      const AesRow* aes, const GhashRow* ghash) {
  return KeyAccess::init_with_rows(siv, key, aes, ghash);
}

Status init_with_rows(AesCcm& ccm, std::span<const uint8_t> key,
                      size_t tag_len, size_t nonce_len, const AesRow* aes) {
  return with_kernel(
      ccm, find_ccm_kernel(all_ccm_kernels(), aes),
      KeyAccess::init_with_rows(ccm, key, tag_len, nonce_len, aes));
}

Status init_with_rows(AesCcm& ccm, std::span<const uint8_t> key,
                      CcmProfile profile, const AesRow* aes) {
  return with_kernel(ccm, find_ccm_kernel(all_ccm_kernels(), aes),
                     KeyAccess::init_with_rows(ccm, key, profile, aes));
}

Status init_with_rows(AesCmac& cmac, std::span<const uint8_t> key,
                      const AesRow* aes) {
  return KeyAccess::init_with_rows(cmac, key, aes);
}

Status init_with_rows(AesXts& xts, std::span<const uint8_t> key,
                      const AesRow* aes) {
  return with_decrypt_row(xts, aes_decrypt_row_of(aes),
                          KeyAccess::init_with_rows(xts, key, aes));
}

Status init_with_rows(AesXts& xts, std::span<const uint8_t> key,
                      const AesRow* aes, const AesDecryptRow* decrypt) {
  if (decrypt != nullptr && decrypt->row != aes) decrypt = nullptr;
  return with_decrypt_row(xts, decrypt,
                          KeyAccess::init_with_rows(xts, key, aes));
}

Status init_with_rows(TlsCbcAead& tls, TlsCbcSuite suite,
                      std::span<const uint8_t> key, size_t tag_len,
                      const AesRow* aes) {
  return tls_with_kernel(
      tls, aes,
      with_decrypt_row(
          tls, aes_decrypt_row_of(aes),
          KeyAccess::init_with_rows(tls, suite, key, tag_len, aes)));
}

Status init_with_rows(TlsCbcAead& tls, TlsCbcSuite suite,
                      std::span<const uint8_t> key, size_t tag_len,
                      const AesRow* aes, const ShaRow* sha) {
  return tls_with_kernel(
      tls, aes,
      with_decrypt_row(
          tls, aes_decrypt_row_of(aes),
          KeyAccess::init_with_rows(tls, suite, key, tag_len, aes, sha)));
}

Status init_with_rows(Hash& h, HashAlgorithm alg, const ShaRow* row) {
  return KeyAccess::init_with_rows(h, alg, row);
}

Status init_with_rows(Hmac& h, HashAlgorithm alg,
                      std::span<const uint8_t> key, const ShaRow* row) {
  return KeyAccess::init_with_rows(h, alg, key, row);
}

const AesKeyState& key_state(const AesKey& k) { return KeyAccess::state(k); }

const GhashKeyState& key_state(const GhashKey& k) {
  return KeyAccess::state(k);
}

const GhashRow* ghash_row(const AesGcmSiv& siv) {
  return KeyAccess::ghash_row(siv);
}
const GcmKernel* gcm_kernel(const AesGcm& gcm) {
  return KeyAccess::gcm_kernel(gcm);
}
const CcmKernel* ccm_kernel(const AesCcm& ccm) {
  return KeyAccess::ccm_kernel(ccm);
}
const TlsCbcKernel* tls_cbc_kernel(const TlsCbcAead& tls) {
  return KeyAccess::tls_cbc_kernel(tls);
}

}  // namespace ctcrypto::internal
