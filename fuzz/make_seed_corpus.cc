// make_seed_corpus.cc: writes the fuzzers' seed corpora from the GCM vector
// files (BoringSSL's "KEY: / NONCE: / IN: / AD: / CT: / TAG:" records, as in
// tests/testdata/aes_*_gcm_tests.txt), in the input layout of
// fuzz_common.h:
//   <out>/differential_fuzzer/<file>_<n>: key, nonce, AD, plaintext (every
//       other seed with flag bit 7: CTR counters start at the 32-bit wrap);
//   <out>/gcm_open_fuzzer/<file>_<n>: key, nonce, AD, ciphertext || tag,
//       so that open() starts from inputs whose tag verifies.
// Records with an AD or nonce over 255 bytes or a tag outside 12..16 are
// skipped. Regenerate with
//   bazel run //fuzz:make_seed_corpus -- $PWD/fuzz/corpus $PWD/tests/testdata/aes_*_gcm_tests.txt
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

std::vector<uint8_t> unhex(const std::string& s) {
  std::vector<uint8_t> v;
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (size_t i = 0; i + 1 < s.size(); i += 2) {
    int hi = nib(s[i]), lo = nib(s[i + 1]);
    if (hi < 0 || lo < 0) break;
    v.push_back(static_cast<uint8_t>(hi << 4 | lo));
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
  for (int i = 2; i < argc; ++i) {
    std::ifstream f(argv[i]);
    if (!f) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 1;
    }
    std::string stem = std::filesystem::path(argv[i]).stem().string();
    std::map<std::string, std::string> rec;
    size_t index = 0;
    std::string line;
    auto flush = [&] {
      if (!rec.empty()) emit(rec, out, stem, index++);
      rec.clear();
    };
    while (std::getline(f, line)) {
      line = trim(line);
      if (line.empty()) {
        flush();
        continue;
      }
      if (line[0] == '#') continue;
      size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      rec[trim(line.substr(0, colon))] = trim(line.substr(colon + 1));
    }
    flush();
  }
  std::printf("wrote %zu seed files under %s\n", g_written, out.c_str());
  return 0;
}
