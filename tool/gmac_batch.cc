// gmac_batch.cc: the line protocol of `ctcrypto gmac` (see gmac_batch.h).
#include "tool/gmac_batch.h"

#include <cstdint>
#include <vector>

#include "ctcrypto/gmac.h"
#include "ctcrypto/status.h"

namespace ctcrypto::tool {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// decode_hex: "-" is empty; otherwise an even number of hex digits.
bool decode_hex(std::string_view text, std::vector<uint8_t>* out) {
  out->clear();
  if (text == "-") return true;
  if (text.empty() || text.size() % 2 != 0) return false;
  for (size_t i = 0; i < text.size(); i += 2) {
    int hi = hex_value(text[i]), lo = hex_value(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

std::string error(const char* reason) { return std::string("ERROR ") + reason; }

}  // namespace

std::string gmac_process_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> f;
  size_t pos = 0;
  for (;;) {
    size_t sp = line.find(' ', pos);
    f.push_back(line.substr(pos, sp == std::string_view::npos
                                     ? std::string_view::npos
                                     : sp - pos));
    if (sp == std::string_view::npos || f.size() > 5) break;
    pos = sp + 1;
  }
  for (std::string_view field : f)
    if (field.empty()) return error("empty field");
  bool verify;
  if (f[0] == "mac" && f.size() == 4) {
    verify = false;
  } else if (f[0] == "verify" && f.size() == 5) {
    verify = true;
  } else if (f[0] == "mac" || f[0] == "verify") {
    return error("wrong field count");
  } else {
    return error("unknown op");
  }
  std::vector<uint8_t> key, nonce, data, tag;
  if (!decode_hex(f[1], &key)) return error("bad hex in key");
  if (!decode_hex(f[2], &nonce)) return error("bad hex in nonce");
  if (!decode_hex(f[3], &data)) return error("bad hex in data");
  if (verify && !decode_hex(f[4], &tag)) return error("bad hex in tag");

  AesGmac mac;
  Status s = mac.init(key, verify ? tag.size() : kGmacTagLen);
  if (s != Status::kOk) return error(status_string(s));
  if (verify) {
    s = mac.verify(nonce, data, tag);
    return s == Status::kOk ? std::string("OK") : error(status_string(s));
  }
  uint8_t out[kGmacTagLen];
  s = mac.compute(out, nonce, data);
  if (s != Status::kOk) return error(status_string(s));
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (uint8_t b : out) {
    hex.push_back(kDigits[b >> 4]);
    hex.push_back(kDigits[b & 15]);
  }
  return hex;
}

}  // namespace ctcrypto::tool
