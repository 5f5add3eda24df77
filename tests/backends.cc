#include "tests/backends.h"

#include <cstdlib>
#include <cstring>

#include "crypto/testing/ghash_nohw32_rows.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"

namespace ctcrypto::internal {
void PrintTo(const AesBackend* b, std::ostream* os) {
  *os << "aes:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
void PrintTo(const GhashBackend* b, std::ostream* os) {
  *os << "ghash:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
void PrintTo(const ShaBackend* b, std::ostream* os) {
  *os << "sha:" << (b != nullptr && b->name != nullptr ? b->name : "(null)");
}
}  // namespace ctcrypto::internal

namespace ctcrypto_test {

void PrintTo(const GcmBackends& b, std::ostream* os) {
  *os << "{";
  ctcrypto::internal::PrintTo(b.aes, os);
  *os << ", ";
  ctcrypto::internal::PrintTo(b.ghash, os);
  *os << "}";
}

std::vector<const AesBackend*> AllAesBackends() {
  std::vector<const AesBackend*> out;
  for (const AesBackend* b : ctcrypto::internal::all_aes_rows()) {
    out.push_back(b);
  }
  return out;
}

std::vector<const GhashBackend*> AllGhashBackends() {
  std::vector<const GhashBackend*> out;
  for (const GhashBackend* b : ctcrypto::internal::all_ghash_rows()) {
    out.push_back(b);
  }
  return out;
}

std::vector<const AesBackend*> UsableAesBackends() {
  std::vector<const AesBackend*> out;
  for (const AesBackend* b : AllAesBackends()) {
    if (ctcrypto::internal::aes_backend_usable(b)) out.push_back(b);
  }
  return out;
}

std::vector<const GhashBackend*> UsableGhashBackends() {
  std::vector<const GhashBackend*> out;
  for (const GhashBackend* b : AllGhashBackends()) {
    if (ctcrypto::internal::ghash_backend_usable(b)) out.push_back(b);
  }
  for (const GhashBackend* b : GhashVariantRows()) out.push_back(b);
  return out;
}

// Linked from //crypto:ghash_nohw32_test_rows: a build without them fails
// to link, so the suites cannot silently lose them.
std::vector<const GhashBackend*> GhashVariantRows() {
  return {&ctcrypto::internal::kGhashNohw32Mul64,
          &ctcrypto::internal::kGhashNohw32Mul32};
}

std::vector<GcmBackends> UsableGcmBackends() {
  std::vector<GcmBackends> out;
  for (const AesBackend* a : UsableAesBackends()) {
    for (const GhashBackend* g : UsableGhashBackends()) {
      out.push_back({a, g});
    }
  }
  return out;
}

// The portable rows are linked into every test (//crypto:aes_nohw,
// //crypto:ghash_nohw) whether or not the library's tables list them: on
// aarch64 they are left out of the library (NEON is architectural) but stay
// the tests' reference.
const AesBackend* ReferenceAesBackend() { return &ctcrypto::internal::kAesNohw; }

const GhashBackend* ReferenceGhashBackend() {
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

std::string AesBackendParamName::operator()(
    const testing::TestParamInfo<const AesBackend*>& info) const {
  return SanitizeName(info.param->name);
}

std::string GhashBackendParamName::operator()(
    const testing::TestParamInfo<const GhashBackend*>& info) const {
  return SanitizeName(info.param->name);
}

std::string GcmBackendsParamName::operator()(
    const testing::TestParamInfo<GcmBackends>& info) const {
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
         << what << " backend_name() is \"" << (got ? got : "(null)")
         << "\", expected \"" << (want ? want : "(null)") << "\"";
}
}  // namespace

testing::AssertionResult InitAesKey(ctcrypto::AesKey* key,
                                    std::span<const uint8_t> raw,
                                    const AesBackend* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*key, raw, row));
  if (!r) return r;
  if (!key->initialized()) {
    return testing::AssertionFailure() << "initialized() false after kOk";
  }
  if (ctcrypto::internal::key_state(*key).backend != row) {
    return testing::AssertionFailure() << "state().backend is not the row";
  }
  return CheckName("AesKey", key->backend_name(), row->name);
}

testing::AssertionResult InitGhashKey(ctcrypto::GhashKey* key,
                                      std::span<const uint8_t, 16> h,
                                      const GhashBackend* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*key, h, row));
  if (!r) return r;
  if (!key->initialized()) {
    return testing::AssertionFailure() << "initialized() false after kOk";
  }
  if (ctcrypto::internal::key_state(*key).backend != row) {
    return testing::AssertionFailure() << "state().backend is not the row";
  }
  return CheckName("GhashKey", key->backend_name(), row->name);
}

testing::AssertionResult InitGcm(ctcrypto::AesGcm* gcm,
                                 std::span<const uint8_t> raw, size_t tag_len,
                                 const GcmBackends& rows) {
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
  r = CheckName("AesGcm aes_key()", gcm->aes_key().backend_name(),
                rows.aes->name);
  if (!r) return r;
  return CheckName("AesGcm ghash_key()", gcm->ghash_key().backend_name(),
                   rows.ghash->name);
}

std::vector<const ShaBackend*> AllShaBackends(ctcrypto::HashAlgorithm alg) {
  std::vector<const ShaBackend*> out;
  for (const ShaBackend* b :
       ctcrypto::internal::sha_table(ctcrypto::internal::alg_of(alg).family)) {
    out.push_back(b);
  }
  return out;
}

std::vector<const ShaBackend*> UsableShaBackends(ctcrypto::HashAlgorithm alg) {
  std::vector<const ShaBackend*> out;
  for (const ShaBackend* b : AllShaBackends(alg)) {
    if (ctcrypto::internal::hash_backend_usable(alg, b)) out.push_back(b);
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

void PrintTo(const ShaRow& r, std::ostream* os) {
  *os << "{" << HashName(r.alg) << ", ";
  ctcrypto::internal::PrintTo(r.sha, os);
  *os << "}";
}

namespace {
std::vector<ShaRow> RowsOf(std::initializer_list<ctcrypto::HashAlgorithm> algs) {
  std::vector<ShaRow> out;
  for (ctcrypto::HashAlgorithm a : algs) {
    for (const ShaBackend* b : UsableShaBackends(a)) out.push_back({a, b});
  }
  return out;
}
}  // namespace

std::vector<ShaRow> UsableShaRows() {
  using ctcrypto::HashAlgorithm;
  return RowsOf({HashAlgorithm::kSha1, HashAlgorithm::kSha256,
                 HashAlgorithm::kSha384, HashAlgorithm::kSha512});
}

std::vector<ShaRow> UsableTlsShaRows() {
  using ctcrypto::HashAlgorithm;
  return RowsOf(
      {HashAlgorithm::kSha1, HashAlgorithm::kSha256, HashAlgorithm::kSha384});
}

const ShaBackend* ReferenceShaBackend(ctcrypto::HashAlgorithm alg) {
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

std::string ShaRowParamName::operator()(
    const testing::TestParamInfo<ShaRow>& info) const {
  return std::string(HashName(info.param.alg)) + "_" +
         SanitizeName(info.param.sha->name);
}

testing::AssertionResult InitHash(ctcrypto::Hash* h, ctcrypto::HashAlgorithm alg,
                                  const ShaBackend* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*h, alg, row));
  if (!r) return r;
  return CheckName("Hash", h->backend_name(), row->name);
}

testing::AssertionResult InitHmac(ctcrypto::Hmac* h, ctcrypto::HashAlgorithm alg,
                                  std::span<const uint8_t> key,
                                  const ShaBackend* row) {
  auto r = CheckStatus(ctcrypto::internal::init_with_rows(*h, alg, key, row));
  if (!r) return r;
  return CheckName("Hmac", h->backend_name(), row->name);
}

uint32_t TestSeed() {
  if (const char* s = std::getenv("CTCRYPTO_TEST_SEED")) {
    return static_cast<uint32_t>(std::strtoul(s, nullptr, 0));
  }
  return 0x5eed2024u;
}

}  // namespace ctcrypto_test
