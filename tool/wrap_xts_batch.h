// wrap_xts_batch.h: the line protocols of `ctcrypto keywrap` and
// `ctcrypto xts`, in the style of `ctcrypto aead` (aead_batch.h): one
// request per line, fields separated by exactly one space, hex in either
// case ("-" for empty), a trailing '\r' ignored; one answer per request,
// lowercase hex ("-" if empty) or "ERROR <reason>".
//
// keywrap:  OP MODE KEK INPUT
//   OP    wrap | unwrap
//   MODE  kw (RFC 3394 / SP 800-38F KW) | kwp (RFC 5649 / KWP)
//   KEK   16, 24 or 32 bytes
// xts:      OP CIPHER KEY TWEAK INPUT
//   OP      encrypt | decrypt
//   CIPHER  aes-128-xts (32-byte key) | aes-256-xts (64-byte key)
//   TWEAK   16 bytes (IEEE 1619: the little-endian data unit number)
#ifndef CTCRYPTO_TOOL_WRAP_XTS_BATCH_H_
#define CTCRYPTO_TOOL_WRAP_XTS_BATCH_H_

#include <string>
#include <string_view>

namespace ctcrypto::tool {

std::string keywrap_process_line(std::string_view line);
std::string xts_process_line(std::string_view line);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_WRAP_XTS_BATCH_H_
