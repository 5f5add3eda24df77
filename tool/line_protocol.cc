// line_protocol.cc: see line_protocol.h.
#include "tool/line_protocol.h"

namespace ctcrypto::tool {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::vector<std::string_view> split_fields(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> f;
  size_t pos = 0;
  for (;;) {
    const size_t sp = line.find(' ', pos);
    f.push_back(line.substr(
        pos, sp == std::string_view::npos ? std::string_view::npos : sp - pos));
    if (sp == std::string_view::npos) break;
    pos = sp + 1;
  }
  return f;
}

bool has_empty_field(const std::vector<std::string_view>& fields) {
  for (std::string_view field : fields)
    if (field.empty()) return true;
  return false;
}

bool decode_hex(std::string_view text, std::vector<uint8_t>* out) {
  out->clear();
  if (text == "-") return true;
  if (text.empty() || text.size() % 2 != 0) return false;
  out->reserve(text.size() / 2);
  for (size_t i = 0; i < text.size(); i += 2) {
    const int hi = hex_value(text[i]);
    const int lo = hex_value(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

std::string encode_hex(std::span<const uint8_t> data) {
  static constexpr char kDigits[] = "0123456789abcdef";
  if (data.empty()) return "-";
  std::string s;
  s.reserve(data.size() * 2);
  for (uint8_t b : data) {
    s.push_back(kDigits[b >> 4]);
    s.push_back(kDigits[b & 15]);
  }
  return s;
}

std::string error(const char* reason) { return std::string("ERROR ") + reason; }

}  // namespace ctcrypto::tool
