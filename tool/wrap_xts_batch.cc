// wrap_xts_batch.cc: `ctcrypto keywrap` and `ctcrypto xts` (see
// wrap_xts_batch.h).
#include "tool/wrap_xts_batch.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "ctcrypto/aes.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/status.h"
#include "ctcrypto/xts.h"

namespace ctcrypto::tool {
namespace {

using Bytes = std::vector<uint8_t>;

// split: exactly `n` fields separated by single spaces (after dropping a
// trailing '\r'); false otherwise.
bool split(std::string_view line, size_t n, std::vector<std::string_view>* f) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  f->clear();
  size_t pos = 0;
  while (true) {
    size_t sp = line.find(' ', pos);
    f->push_back(line.substr(pos, sp == std::string_view::npos ? sp : sp - pos));
    if (sp == std::string_view::npos) break;
    pos = sp + 1;
  }
  if (f->size() != n) return false;
  for (auto s : *f)
    if (s.empty()) return false;
  return true;
}

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool from_hex(std::string_view s, Bytes* out) {
  out->clear();
  if (s == "-") return true;
  if (s.size() % 2) return false;
  for (size_t i = 0; i < s.size(); i += 2) {
    int hi = nibble(s[i]), lo = nibble(s[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

std::string to_hex(std::span<const uint8_t> b) {
  if (b.empty()) return "-";
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) {
    s += kDigits[x >> 4];
    s += kDigits[x & 15];
  }
  return s;
}

std::string error(const char* reason) { return std::string("ERROR ") + reason; }

}  // namespace

std::string keywrap_process_line(std::string_view line) {
  std::vector<std::string_view> f;
  if (!split(line, 4, &f)) return error("expected 'OP MODE KEK INPUT'");
  const bool wrap = f[0] == "wrap";
  if (!wrap && f[0] != "unwrap") return error("unknown op");
  const bool padded = f[1] == "kwp";
  if (!padded && f[1] != "kw") return error("unknown mode");
  Bytes kek, in;
  if (!from_hex(f[2], &kek) || !from_hex(f[3], &in)) return error("bad hex");
  AesKey k;
  Status s = k.init(kek);
  if (s != Status::kOk) return error(status_string(s));
  // Room for the longest answer; at least one byte so data() is not null.
  Bytes out(std::max<size_t>(in.size() + 16, 1));
  size_t n = 0;
  if (wrap) {
    s = padded ? aes_key_wrap_padded(k, in, out, &n) : aes_key_wrap(k, in, out, &n);
  } else {
    s = padded ? aes_key_unwrap_padded(k, in, out, &n)
               : aes_key_unwrap(k, in, out, &n);
  }
  if (s != Status::kOk) return error(status_string(s));
  return to_hex(std::span<const uint8_t>(out.data(), n));
}

std::string xts_process_line(std::string_view line) {
  std::vector<std::string_view> f;
  if (!split(line, 5, &f)) return error("expected 'OP CIPHER KEY TWEAK INPUT'");
  const bool dec = f[0] == "decrypt";
  if (!dec && f[0] != "encrypt") return error("unknown op");
  size_t key_len;
  if (f[1] == "aes-128-xts") {
    key_len = 32;
  } else if (f[1] == "aes-256-xts") {
    key_len = 64;
  } else {
    return error("unknown cipher");
  }
  Bytes key, tweak, in;
  if (!from_hex(f[2], &key) || !from_hex(f[3], &tweak) || !from_hex(f[4], &in))
    return error("bad hex");
  if (key.size() != key_len) return error(status_string(Status::kInvalidKeyLength));
  if (tweak.size() != kXtsTweakLen) return error("tweak must be 16 bytes");
  AesXts x;
  Status s = x.init(key);
  if (s != Status::kOk) return error(status_string(s));
  Bytes out(std::max<size_t>(in.size(), 1));
  const std::span<const uint8_t, kXtsTweakLen> t(tweak.data(), kXtsTweakLen);
  s = dec ? x.decrypt(t, in, std::span<uint8_t>(out.data(), in.size()))
          : x.encrypt(t, in, std::span<uint8_t>(out.data(), in.size()));
  if (s != Status::kOk) return error(status_string(s));
  return to_hex(std::span<const uint8_t>(out.data(), in.size()));
}

}  // namespace ctcrypto::tool
