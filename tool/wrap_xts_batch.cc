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
#include "tool/line_protocol.h"

namespace ctcrypto::tool {
namespace {

using Bytes = std::vector<uint8_t>;

// split: exactly `n` fields, none empty (line_protocol.h).
bool split(std::string_view line, size_t n, std::vector<std::string_view>* f) {
  *f = split_fields(line);
  return f->size() == n && !has_empty_field(*f);
}

}  // namespace

std::string keywrap_process_line(std::string_view line) {
  std::vector<std::string_view> f;
  if (!split(line, 4, &f)) return error("expected 'OP MODE KEK INPUT'");
  const bool wrap = f[0] == "wrap";
  if (!wrap && f[0] != "unwrap") return error("unknown op");
  const bool padded = f[1] == "kwp";
  if (!padded && f[1] != "kw") return error("unknown mode");
  Bytes kek, in;
  if (!decode_hex(f[2], &kek) || !decode_hex(f[3], &in)) return error("bad hex");
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
  return encode_hex(std::span<const uint8_t>(out.data(), n));
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
  if (!decode_hex(f[2], &key) || !decode_hex(f[3], &tweak) || !decode_hex(f[4], &in))
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
  return encode_hex(std::span<const uint8_t>(out.data(), in.size()));
}

}  // namespace ctcrypto::tool
