// line_protocol.h: what the `ctcrypto` line protocols (aead, cmac, gmac,
// keywrap, xts) share: one request per line, fields separated by single
// spaces, binary fields in hex ("-" for empty), one answer line per request
// ("ERROR <reason>" on any failure).
#ifndef CTCRYPTO_TOOL_LINE_PROTOCOL_H_
#define CTCRYPTO_TOOL_LINE_PROTOCOL_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ctcrypto::tool {

// split_fields: the fields of `line` (a trailing '\r' dropped) between
// single spaces. An empty line gives one empty field and doubled spaces give
// empty fields: callers count the fields and refuse empty ones
// (has_empty_field).
std::vector<std::string_view> split_fields(std::string_view line);
bool has_empty_field(const std::vector<std::string_view>& fields);

// decode_hex: "-" is empty; otherwise a non-empty, even number of hex digits
// of either case. false (and *out unspecified) for anything else.
bool decode_hex(std::string_view text, std::vector<uint8_t>* out);

// encode_hex: lowercase hex, "-" for no bytes.
std::string encode_hex(std::span<const uint8_t> data);

// error: the answer line for a refused request.
std::string error(const char* reason);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_LINE_PROTOCOL_H_
