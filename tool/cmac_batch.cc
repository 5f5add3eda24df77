// cmac_batch.cc: the line protocol of `ctcrypto cmac` (see cmac_batch.h).
#include "tool/cmac_batch.h"

#include <cstdint>
#include <vector>

#include "ctcrypto/cmac.h"
#include "ctcrypto/status.h"

namespace ctcrypto::tool {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

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

std::string cmac_process_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> f;
  size_t pos = 0;
  while (true) {
    size_t sp = line.find(' ', pos);
    f.push_back(line.substr(pos, sp == std::string_view::npos ? sp : sp - pos));
    if (sp == std::string_view::npos) break;
    pos = sp + 1;
  }
  const bool verify = !f.empty() && f[0] == "verify";
  if (f.empty() || (f[0] != "mac" && !verify))
    return error("unknown op (mac or verify)");
  if (f.size() != (verify ? 4u : 3u))
    return error(verify ? "expected: verify KEY MSG TAG"
                        : "expected: mac KEY MSG");
  std::vector<uint8_t> key, msg, tag;
  if (!decode_hex(f[1], &key) || !decode_hex(f[2], &msg) ||
      (verify && !decode_hex(f[3], &tag)))
    return error("bad hex");
  AesCmac cmac;
  Status s = cmac.init(key);
  if (s != Status::kOk) return error(status_string(s));
  if (verify) {
    s = cmac.verify(msg, tag);
    return s == Status::kOk ? "ok" : error(status_string(s));
  }
  uint8_t out[kCmacTagLen];
  s = cmac.mac(msg, out);
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
