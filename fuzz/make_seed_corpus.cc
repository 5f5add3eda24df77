// make_seed_corpus.cc: writes the fuzzers' seed corpora from the GCM vector
// files (BoringSSL's "KEY: / NONCE: / IN: / AD: / CT: / TAG:" records, as in
// tests/testdata/aes_*_gcm_tests.txt), in the input layout of
// fuzz_common.h:
//   <out>/differential_fuzzer/<file>_<n>: key, nonce, AD, plaintext (every
//       other seed with flag bit 7: CTR counters start at the 32-bit wrap);
//   <out>/gcm_open_fuzzer/<file>_<n>: key, nonce, AD, ciphertext || tag,
//       so that open() starts from inputs whose tag verifies;
//   <out>/stream_fuzzer/<file>_<n>_gcm and _ccm: key, nonce, AD and
//       plaintext in the layout of stream_fuzzer.cc, as a GCM message with
//       the record's parameters and as a CCM message (nonce cut or padded to
//       7..13 bytes, tag 4..16), with chunk sizes, placements and fork
//       points varying with n; and, once, built_<sel>_gcm/_ccm: long
//       messages in kernel-batch-sized chunks for each selector 0..31.
// Records with an AD or nonce over 255 bytes or a tag outside 12..16 are
// skipped.
//
// TLS-CBC vector files (aes_*_cbc_*_tls*_tests.txt, the suite named by the
// file) give <out>/tls_cbc_open_fuzzer/<file>_<n> in the layout of
// tls_cbc_open_fuzzer.cc: key, nonce, AD, record (CT || TAG), with varied
// output layouts and double opens. The first record of each "# Test ..."
// group is kept (a quarter of the 64 "maximal padding" ones) and every 8th
// of the long sweeps. When any TLS file is
// given, "built" seeds for all seven suites are added too (flag bit 6: the
// fuzzer builds the record, with minimal and maximal padding, one of them
// corrupted), so the suites without a vector file start from records that
// verify.
//
// Regenerate with
//   bazel run //fuzz:make_seed_corpus -- $PWD/fuzz/corpus $PWD/tests/testdata/aes_*_gcm_tests.txt
//   bazel run //fuzz:make_seed_corpus -- $PWD/fuzz/corpus $PWD/tests/testdata/aes_*_tls*_tests.txt
//   bazel run //fuzz:make_seed_corpus -- $PWD/fuzz/corpus $PWD/tests/testdata/aes_*_gcm_siv_tests.txt
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "ctcrypto/tls_cbc.h"
#include "tests/test_util.h"

namespace {

// unhex: a record's hex value; the vector files are ours, so bad hex is a
// broken file and stops the run.
std::vector<uint8_t> unhex(const std::string& s) {
  std::vector<uint8_t> v;
  // A quoted value is the string itself (BoringSSL's file format; the GCM
  // files write empty values as "").
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"')
    return std::vector<uint8_t>(s.begin() + 1, s.end() - 1);
  if (!ctcrypto_test::HexToBytes(s, &v)) {
    std::fprintf(stderr, "make_seed_corpus: bad hex value: %s\n", s.c_str());
    std::exit(1);
  }
  return v;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r");
  size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

void write(const std::filesystem::path& p, const std::vector<uint8_t>& v) {
  std::ofstream f(p, std::ios::binary);
  f.write(reinterpret_cast<const char*>(v.data()),
          static_cast<std::streamsize>(v.size()));
}

size_t g_written = 0;

// --- Streaming AEAD ----------------------------------------------------------
constexpr const char* kStreamDir = "stream_fuzzer";

// emit_stream: one GCM record as two stream_fuzzer seeds (GCM, CCM).
void emit_stream(const std::filesystem::path& out, const std::string& name,
                 size_t index, uint8_t key_bits,
                 const std::vector<uint8_t>& key,
                 const std::vector<uint8_t>& nonce,
                 const std::vector<uint8_t>& ad,
                 const std::vector<uint8_t>& pt, size_t tag_len) {
  // Chunk-size bytes (stream_fuzzer.cc: v < 0xc0 is v % 72 bytes, else
  // 16 * (v - 0xc0)): 0, 1, 15, 17, 31, 33, 16, 64, 5, 0 bytes in turn.
  static const uint8_t kChunks[] = {0, 1, 15, 17, 31, 33, 0xc1, 0xc4, 5, 0xc0};
  const size_t k = index % 8;  // 0: each feed in one chunk
  auto seed = [&](bool ccm) {
    const uint8_t in_place = static_cast<uint8_t>((index & 3) << 6);
    uint8_t flags, nonce_byte;
    size_t nonce_len;
    if (ccm) {
      flags = static_cast<uint8_t>(key_bits | 4 | (index % 7) << 3 | in_place);
      nonce_len = 7 + index % 7;
      nonce_byte = static_cast<uint8_t>(index % 7 | (index & 4) << 5);
    } else {
      flags = static_cast<uint8_t>(key_bits | (tag_len - 12) << 3 | in_place);
      nonce_len = nonce.size();
      nonce_byte = static_cast<uint8_t>(nonce.size() == 12 ? 0 : nonce.size());
    }
    std::vector<uint8_t> v = {
        flags,
        static_cast<uint8_t>(index * 37),
        nonce_byte,
        static_cast<uint8_t>(k | (index % 5) << 4),
        static_cast<uint8_t>(index * 29),
        static_cast<uint8_t>(ad.size()),
        static_cast<uint8_t>(ad.size() >> 8)};
    v.insert(v.end(), key.begin(), key.end());
    std::vector<uint8_t> n = nonce;
    n.resize(nonce_len, 0);
    v.insert(v.end(), n.begin(), n.end());
    v.insert(v.end(), ad.begin(), ad.end());
    for (size_t i = 0; i < k; ++i)
      v.push_back(kChunks[(index + i) % sizeof(kChunks)]);
    v.insert(v.end(), pt.begin(), pt.end());
    write(out / kStreamDir / (name + (ccm ? "_ccm" : "_gcm")), v);
  };
  seed(false);
  seed(true);
  g_written += 2;
}

// emit_stream_built: long messages in batch-sized chunks (128, 512, 256, 17,
// 1008 bytes), one per selector 0..31 as GCM (every pair of a build with up
// to 32) and every fourth as CCM, so that the replayed corpus reaches the
// kernels' bulk loops and a seal stream's carried batch.
void emit_stream_built(const std::filesystem::path& out) {
  static const uint8_t kChunks[] = {0xc8, 0xe0, 0xd0, 17, 0xff};
  for (uint32_t sel = 0; sel < 32; ++sel) {
    for (bool ccm : {false, true}) {
      if (ccm && sel % 4) continue;
      const size_t key_len = 16 + 8 * (sel % 3), ad_len = sel * 5 % 64;
      const std::vector<uint8_t> key = ctcrypto_test::Pattern(key_len, sel),
                                 ad = ctcrypto_test::Pattern(ad_len, sel + 100),
                                 msg = ctcrypto_test::Pattern(
                                     1500 + 37 * sel, sel + 200);
      const uint8_t flags = static_cast<uint8_t>(
          sel % 3 | (ccm ? 4 : 0) | (sel % 5) << 3 | (sel & 3) << 6);
      std::vector<uint8_t> v = {flags,
                                static_cast<uint8_t>(sel),
                                static_cast<uint8_t>(ccm ? sel % 7 : 0),
                                static_cast<uint8_t>(5 | (sel % 16) << 4),
                                static_cast<uint8_t>(sel * 29),
                                static_cast<uint8_t>(ad_len),
                                0};
      v.insert(v.end(), key.begin(), key.end());
      const std::vector<uint8_t> nonce =
          ctcrypto_test::Pattern(ccm ? 7 + sel % 7 : 12, sel + 300);
      v.insert(v.end(), nonce.begin(), nonce.end());
      v.insert(v.end(), ad.begin(), ad.end());
      v.insert(v.end(), kChunks, kChunks + 5);
      v.insert(v.end(), msg.begin(), msg.end());
      write(out / kStreamDir /
                ("built_" + std::to_string(sel) + (ccm ? "_ccm" : "_gcm")),
            v);
      ++g_written;
    }
  }
}
// --- end Streaming AEAD ------------------------------------------------------

void emit(const std::map<std::string, std::string>& rec,
          const std::filesystem::path& out, const std::string& stem,
          size_t index) {
  auto get = [&](const char* k) {
    auto it = rec.find(k);
    return it == rec.end() ? std::vector<uint8_t>() : unhex(it->second);
  };
  if (!rec.count("KEY") || !rec.count("TAG")) return;
  std::vector<uint8_t> key = get("KEY"), nonce = get("NONCE"), pt = get("IN"),
                       ad = get("AD"), ct = get("CT"), tag = get("TAG");
  uint8_t key_bits;
  switch (key.size()) {
    case 16: key_bits = 0; break;
    case 24: key_bits = 1; break;
    case 32: key_bits = 2; break;
    default: return;
  }
  if (tag.size() < 12 || tag.size() > 16 || ad.size() > 255 ||
      nonce.empty() || nonce.size() > 255)
    return;
  uint8_t flags = static_cast<uint8_t>(key_bits | (tag.size() - 12) << 2);
  if (nonce.size() != 12) flags |= 0x20;
  auto head = [&](uint8_t f) {
    std::vector<uint8_t> v = {f, static_cast<uint8_t>(index * 37)};
    v.insert(v.end(), key.begin(), key.end());
    if (f & 0x20) v.push_back(static_cast<uint8_t>(nonce.size()));
    v.insert(v.end(), nonce.begin(), nonce.end());
    v.push_back(static_cast<uint8_t>(ad.size()));
    v.insert(v.end(), ad.begin(), ad.end());
    return v;
  };
  std::string name = stem + "_" + std::to_string(index);
  std::vector<uint8_t> d = head(static_cast<uint8_t>(flags | (index & 1) << 7));
  d.insert(d.end(), pt.begin(), pt.end());
  write(out / "differential_fuzzer" / name, d);
  std::vector<uint8_t> o = head(flags);
  o.insert(o.end(), ct.begin(), ct.end());
  o.insert(o.end(), tag.begin(), tag.end());
  write(out / "gcm_open_fuzzer" / name, o);
  g_written += 2;
  emit_stream(out, name, index, key_bits, key, nonce, ad, pt, tag.size());
}

// --- AES-GCM-SIV -------------------------------------------------------------
// aes_{128,256}_gcm_siv_tests.txt give <out>/gcm_siv_open_fuzzer/<file>_<n>
// in the layout above (12-byte nonce, tag-length bits for 16) with
// ciphertext || tag; every fourth seed in place.
constexpr const char* kGcmSivDir = "gcm_siv_open_fuzzer";

void emit_gcm_siv(const std::map<std::string, std::string>& rec,
                  const std::filesystem::path& out, const std::string& stem,
                  size_t index) {
  auto get = [&](const char* k) {
    auto it = rec.find(k);
    return it == rec.end() ? std::vector<uint8_t>() : unhex(it->second);
  };
  if (!rec.count("KEY") || !rec.count("TAG")) return;
  std::vector<uint8_t> key = get("KEY"), nonce = get("NONCE"), ad = get("AD"),
                       ct = get("CT"), tag = get("TAG");
  if ((key.size() != 16 && key.size() != 32) || nonce.size() != 12 ||
      ad.size() > 255 || tag.size() != 16)
    return;
  uint8_t flags = static_cast<uint8_t>((key.size() == 32 ? 2 : 0) | 4 << 2 |
                                       (index % 4 == 3 ? 0x40 : 0));
  std::vector<uint8_t> v = {flags, static_cast<uint8_t>(index * 37)};
  v.insert(v.end(), key.begin(), key.end());
  v.insert(v.end(), nonce.begin(), nonce.end());
  v.push_back(static_cast<uint8_t>(ad.size()));
  v.insert(v.end(), ad.begin(), ad.end());
  v.insert(v.end(), ct.begin(), ct.end());
  v.insert(v.end(), tag.begin(), tag.end());
  write(out / kGcmSivDir / (stem + "_" + std::to_string(index)), v);
  g_written += 1;
}
// --- end AES-GCM-SIV ---

// --- TLS-CBC ---------------------------------------------------------------

constexpr const char* kTlsDir = "tls_cbc_open_fuzzer";

// The output-layout bits (3-4) of tls_cbc_open_fuzzer for seed i: exact,
// larger, in place (not "one short", which only tests a refusal).
uint8_t tls_layout(size_t i) {
  static constexpr uint8_t kLayouts[3] = {0, 1, 3};
  return static_cast<uint8_t>(kLayouts[i % 3] << 3);
}

void emit_tls(const std::map<std::string, std::string>& rec,
              const std::filesystem::path& out, const std::string& stem,
              ctcrypto::TlsCbcSuite suite, size_t index) {
  auto get = [&](const char* k) {
    auto it = rec.find(k);
    return it == rec.end() ? std::vector<uint8_t>() : unhex(it->second);
  };
  if (!rec.count("KEY") || !rec.count("CT")) return;
  // Every special case; a quarter of the "maximal padding (k mod 64)"
  // series; an eighth of the long sweeps.
  auto head = rec.find("_HEAD");
  const bool keep =
      head != rec.end()
          ? head->second.find("maximal padding") == std::string::npos ||
                index % 4 == 0
          : index % 8 == 0;
  if (!keep) return;
  const ctcrypto::TlsCbcSuiteInfo& info = ctcrypto::tls_cbc_suite_info(suite);
  std::vector<uint8_t> key = get("KEY"), nonce = get("NONCE"), ad = get("AD"),
                       ct = get("CT"), tag = get("TAG");
  if (key.size() != info.key_len() || nonce.size() != info.nonce_len() ||
      ad.size() != ctcrypto::kTlsCbcAdLen)
    return;
  const uint8_t flags = static_cast<uint8_t>(
      static_cast<uint8_t>(suite) | tls_layout(index) | (index & 1) << 7);
  std::vector<uint8_t> v = {flags, static_cast<uint8_t>(index * 37)};
  v.insert(v.end(), key.begin(), key.end());
  v.insert(v.end(), nonce.begin(), nonce.end());
  v.insert(v.end(), ad.begin(), ad.end());
  v.insert(v.end(), ct.begin(), ct.end());
  v.insert(v.end(), tag.begin(), tag.end());
  write(out / kTlsDir / (stem + "_" + std::to_string(index)), v);
  ++g_written;
}

// emit_tls_built: for every suite, records the fuzzer builds itself.
void emit_tls_built(const std::filesystem::path& out) {
  static constexpr size_t kPtLens[] = {0, 1, 55, 64, 255, 300};
  for (uint8_t s = 0; s < 7; ++s) {
    const auto suite = static_cast<ctcrypto::TlsCbcSuite>(s);
    const ctcrypto::TlsCbcSuiteInfo& info = ctcrypto::tls_cbc_suite_info(suite);
    for (size_t j = 0; j < sizeof(kPtLens) / sizeof(kPtLens[0]); ++j) {
      const uint8_t flags = static_cast<uint8_t>(
          s | tls_layout(j) | 0x40 | (j == 2 ? 0x80 : 0));
      std::vector<uint8_t> v = {flags, static_cast<uint8_t>(j * 37 + s)};
      for (size_t i = 0; i < info.key_len(); ++i)
        v.push_back(static_cast<uint8_t>(i * 29 + s * 7 + 1));
      for (size_t i = 0; i < info.nonce_len(); ++i)
        v.push_back(static_cast<uint8_t>(i * 13 + j));
      for (size_t i = 0; i < ctcrypto::kTlsCbcAdLen; ++i)
        v.push_back(static_cast<uint8_t>(i == 8 ? 23 : i * 3));
      // Padding selector (odd j: maximal), corruption (last seed only).
      v.push_back(static_cast<uint8_t>(j % 2 ? 255 : 0));
      v.push_back(0);
      v.push_back(static_cast<uint8_t>(kPtLens[j] / 2));
      v.push_back(static_cast<uint8_t>(j == 5 ? 0x40 : 0));
      for (size_t i = 0; i < kPtLens[j]; ++i)
        v.push_back(static_cast<uint8_t>(i * 7 + j));
      write(out / kTlsDir / ("built_" + std::string(info.name) + "_" +
                             std::to_string(j)),
            v);
      ++g_written;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s OUT_DIR VECTOR_FILE...\n", argv[0]);
    return 2;
  }
  std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out / "differential_fuzzer");
  std::filesystem::create_directories(out / "gcm_open_fuzzer");
  std::filesystem::create_directories(out / kStreamDir);
  bool any_tls = false;
  bool any_gcm = false;  // a GCM record given: stream_fuzzer's built seeds
  for (int i = 2; i < argc; ++i) {
    std::ifstream f(argv[i]);
    if (!f) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 1;
    }
    std::string stem = std::filesystem::path(argv[i]).stem().string();
    // "aes_128_cbc_sha1_tls_implicit_iv_tests" -> "aes-128-cbc-sha1-tls-implicit-iv"
    bool tls = false;
    ctcrypto::TlsCbcSuite suite{};
    if (stem.size() > 6 && stem.compare(stem.size() - 6, 6, "_tests") == 0) {
      std::string name = stem.substr(0, stem.size() - 6);
      for (char& c : name)
        if (c == '_') c = '-';
      tls = ctcrypto::tls_cbc_suite_from_name(name.c_str(), &suite);
    }
    // --- AES-GCM-SIV ---
    const bool gcm_siv = stem.find("gcm_siv") != std::string::npos;
    if (gcm_siv) std::filesystem::create_directories(out / kGcmSivDir);
    // --- end AES-GCM-SIV ---
    if (tls && !any_tls) {
      std::filesystem::create_directories(out / kTlsDir);
      any_tls = true;
    }
    std::map<std::string, std::string> rec;
    size_t index = 0;
    std::string line;
    auto flush = [&] {
      if (!rec.empty()) {
        if (tls)
          emit_tls(rec, out, stem, suite, index++);
        else if (gcm_siv)  // AES-GCM-SIV
          emit_gcm_siv(rec, out, stem, index++);
        else {
          emit(rec, out, stem, index++);
          any_gcm = true;
        }
      }
      rec.clear();
    };
    while (std::getline(f, line)) {
      line = trim(line);
      if (line.empty()) {
        flush();
        continue;
      }
      if (line[0] == '#') {
        if (line.compare(0, 6, "# Test") == 0) rec["_HEAD"] = line;
        continue;
      }
      size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      rec[trim(line.substr(0, colon))] = trim(line.substr(colon + 1));
    }
    flush();
  }
  if (any_tls) emit_tls_built(out);
  if (any_gcm) emit_stream_built(out);
  std::printf("wrote %zu seed files under %s\n", g_written, out.c_str());
  return 0;
}
