#include "tests/rows.h"

#include <cstdlib>
#include <cstring>

#include "crypto/testing/ghash_nohw32_rows.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"

namespace ctcrypto::internal {
void PrintTo(const AesRow* b, std::ostream* os) {
  *os << "aes:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
void PrintTo(const GhashRow* b, std::ostream* os) {
  *os << "ghash:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
void PrintTo(const ShaRow* b, std::ostream* os) {
  *os << "sha:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
}  // namespace ctcrypto::internal

namespace ctcrypto_test {

void PrintTo(const GcmRows& b, std::ostream* os) {
  *os << "{";
  ctcrypto::internal::PrintTo(b.aes, os);
  *os << ", ";
  ctcrypto::internal::PrintTo(b.ghash, os);
  *os << "}";
}

std::vector<const AesRow*> AllAesRows() {
  std::vector<const AesRow*> out;
  for (const AesRow* b : ctcrypto::internal::all_aes_rows()) {
    out.push_back(b);
  }
  return out;
}

std::vector<const GhashRow*> AllGhashRows() {
  std::vector<const GhashRow*> out;
  for (const GhashRow* b : ctcrypto::internal::all_ghash_rows()) {
    out.push_back(b);
  }
  return out;
}

std::vector<const AesRow*> UsableAesRows() {
  std::vector<const AesRow*> out;
  for (const AesRow* b : AllAesRows()) {
    if (ctcrypto::internal::aes_row_usable(b)) out.push_back(b);
  }
  return out;
}

std::vector<const GhashRow*> UsableGhashRows() {
  std::vector<const GhashRow*> out;
  for (const GhashRow* b : AllGhashRows()) {
    if (ctcrypto::internal::ghash_row_usable(b)) out.push_back(b);
  }
  for (const GhashRow* b : GhashVariantRows()) out.push_back(b);
  return out;
}

// Linked from //crypto:ghash_nohw32_test_rows: a build without them fails
// to link, so the suites cannot silently lose them.
std::vector<const GhashRow*> GhashVariantRows() {
  return {&ctcrypto::internal::kGhashNohw32Mul64,
          &ctcrypto::internal::kGhashNohw32Mul32};
}

std::vector<GcmRows> UsableGcmRows() {
  std::vector<GcmRows> out;
  for (const AesRow* a : UsableAesRows()) {
    for (const GhashRow* g : UsableGhashRows()) {
      out.push_back({a, g});
    }
  }
  return out;
}

// The portable rows are linked into every test (//crypto:aes_nohw,
// //crypto:ghash_nohw) whether or not the library's tables list them: on
// aarch64 they are left out of the library (NEON is architectural) but stay
// the tests' reference.
const AesRow* ReferenceAesRow() { return &ctcrypto::internal::kAesNohw; }

const GhashRow* ReferenceGhashRow() {
  return &ctcrypto::internal::kGhashNohw;
}

std::string SanitizeName(const char* name) {
  std::string out;
  for (const char* p = name; p != nullptr && *p != '\0'; ++p) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9');
    out.push_back(ok ? c : '_');
  }
  if (out.empty()) out = "unnamed";
  return out;
}

std::string AesRowParamName::operator()(
    const testing::TestParamInfo<const AesRow*>& info) const {
  return SanitizeName(info.param->name);
}

std::string GhashRowParamName::operator()(
    const testing::TestParamInfo<const GhashRow*>& info) const {
  return SanitizeName(info.param->name);
}

std::string GcmRowsParamName::operator()(
    const testing::TestParamInfo<GcmRows>& info) const {
  return SanitizeName(info.param.aes->name) + "_with_" +
         SanitizeName(info.param.ghash->name);
}

namespace {
testing::AssertionResult CheckStatus(ctcrypto::Status s) {
  if (s == ctcrypto::Status::kOk) return testing::AssertionSuccess();
  return testing::AssertionFailure()
         << "init returned " << static_cast<int>(s) << " ("
         << ctcrypto::status_string(s) << ")";
}
testing::AssertionResult CheckName(const char* what, const char* got,
                                   const char* want) {
  if (got != nullptr && want != nullptr && std::strcmp(got, want) == 0) {
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure()
         << what << " row_name() is \"" << (got ? got : "(null)")
         << "\", expected \"" << (want ? want : "(null)") << "\"";
}
}  // namespace

testing::AssertionResult InitAesKey(ctcrypto::AesKey* key,
                                    std::span<const uint8_t> raw,
                                    const AesRow* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*key, raw, row));
  if (!r) return r;
  if (!key->initialized()) {
    return testing::AssertionFailure() << "initialized() false after kOk";
  }
  if (ctcrypto::internal::key_state(*key).row != row) {
    return testing::AssertionFailure() << "state().row is not the row";
  }
  return CheckName("AesKey", key->row_name(), row->name);
}

testing::AssertionResult InitGhashKey(ctcrypto::GhashKey* key,
                                      std::span<const uint8_t, 16> h,
                                      const GhashRow* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*key, h, row));
  if (!r) return r;
  if (!key->initialized()) {
    return testing::AssertionFailure() << "initialized() false after kOk";
  }
  if (ctcrypto::internal::key_state(*key).row != row) {
    return testing::AssertionFailure() << "state().row is not the row";
  }
  return CheckName("GhashKey", key->row_name(), row->name);
}

testing::AssertionResult InitGcm(ctcrypto::AesGcm* gcm,
                                 std::span<const uint8_t> raw, size_t tag_len,
                                 const GcmRows& rows) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(
      *gcm, raw, tag_len, rows.aes, rows.ghash));
  if (!r) return r;
  if (!gcm->initialized()) {
    return testing::AssertionFailure() << "initialized() false after kOk";
  }
  if (gcm->tag_len() != tag_len) {
    return testing::AssertionFailure()
           << "tag_len() " << gcm->tag_len() << " != " << tag_len;
  }
  r = CheckName("AesGcm aes_key()", gcm->aes_key().row_name(),
                rows.aes->name);
  if (!r) return r;
  return CheckName("AesGcm ghash_key()", gcm->ghash_key().row_name(),
                   rows.ghash->name);
}

std::vector<const ShaRow*> AllShaRows(ctcrypto::HashAlgorithm alg) {
  std::vector<const ShaRow*> out;
  for (const ShaRow* b :
       ctcrypto::internal::sha_table(ctcrypto::internal::alg_of(alg).family)) {
    out.push_back(b);
  }
  return out;
}

std::vector<const ShaRow*> UsableShaRows(ctcrypto::HashAlgorithm alg) {
  std::vector<const ShaRow*> out;
  for (const ShaRow* b : AllShaRows(alg)) {
    if (ctcrypto::internal::hash_row_usable(alg, b)) out.push_back(b);
  }
  return out;
}

const char* HashName(ctcrypto::HashAlgorithm alg) {
  switch (alg) {
    case ctcrypto::HashAlgorithm::kSha1: return "sha1";
    case ctcrypto::HashAlgorithm::kSha256: return "sha256";
    case ctcrypto::HashAlgorithm::kSha384: return "sha384";
    case ctcrypto::HashAlgorithm::kSha512: return "sha512";
  }
  return "unknown";
}

void PrintTo(const ShaAlgRow& r, std::ostream* os) {
  *os << "{" << HashName(r.alg) << ", ";
  ctcrypto::internal::PrintTo(r.sha, os);
  *os << "}";
}

namespace {
std::vector<ShaAlgRow> RowsOf(std::initializer_list<ctcrypto::HashAlgorithm> algs) {
  std::vector<ShaAlgRow> out;
  for (ctcrypto::HashAlgorithm a : algs) {
    for (const ShaRow* b : UsableShaRows(a)) out.push_back({a, b});
  }
  return out;
}
}  // namespace

std::vector<ShaAlgRow> UsableShaAlgRows() {
  using ctcrypto::HashAlgorithm;
  return RowsOf({HashAlgorithm::kSha1, HashAlgorithm::kSha256,
                 HashAlgorithm::kSha384, HashAlgorithm::kSha512});
}

std::vector<ShaAlgRow> UsableTlsShaAlgRows() {
  using ctcrypto::HashAlgorithm;
  return RowsOf(
      {HashAlgorithm::kSha1, HashAlgorithm::kSha256, HashAlgorithm::kSha384});
}

const ShaRow* ReferenceShaRow(ctcrypto::HashAlgorithm alg) {
  switch (ctcrypto::internal::alg_of(alg).family) {
    case ctcrypto::internal::ShaFamily::kSha1:
      return &ctcrypto::internal::kSha1Portable;
    case ctcrypto::internal::ShaFamily::kSha256:
      return &ctcrypto::internal::kSha256Portable;
    case ctcrypto::internal::ShaFamily::kSha512:
      return &ctcrypto::internal::kSha512Portable;
  }
  return nullptr;
}

std::string ShaAlgRowParamName::operator()(
    const testing::TestParamInfo<ShaAlgRow>& info) const {
  return std::string(HashName(info.param.alg)) + "_" +
         SanitizeName(info.param.sha->name);
}

testing::AssertionResult InitHash(ctcrypto::Hash* h, ctcrypto::HashAlgorithm alg,
                                  const ShaRow* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*h, alg, row));
  if (!r) return r;
  return CheckName("Hash", h->row_name(), row->name);
}

testing::AssertionResult InitHmac(ctcrypto::Hmac* h, ctcrypto::HashAlgorithm alg,
                                  std::span<const uint8_t> key,
                                  const ShaRow* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*h, alg, key, row));
  if (!r) return r;
  return CheckName("Hmac", h->row_name(), row->name);
}

uint32_t TestSeed() {
  if (const char* s = std::getenv("CTCRYPTO_TEST_SEED")) {
    return static_cast<uint32_t>(std::strtoul(s, nullptr, 0));
  }
  return 0x5eed2024u;
}

}  // namespace ctcrypto_test
