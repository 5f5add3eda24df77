// gmac_batch.h: the line protocol of `ctcrypto gmac`.
//
// One request per line:  OP KEY NONCE DATA [TAG]
//   OP     mac | verify
//   KEY    hex, 16/24/32 bytes (AES-128/192/256)
//   NONCE  hex, at least 1 byte (12 is GCM's fast path)
//   DATA   hex, or "-" for empty (authenticated, not encrypted)
//   TAG    verify only: hex, 12..16 bytes (the tag length to check)
// Fields are separated by exactly one space; a trailing '\r' is ignored.
//
// One answer per request (without the newline):
//   mac    -> hex of the 16-byte tag
//   verify -> "ok"
//   any failure (including a tag that does not verify) -> "ERROR <reason>"
#ifndef CTCRYPTO_TOOL_GMAC_BATCH_H_
#define CTCRYPTO_TOOL_GMAC_BATCH_H_

#include <string>
#include <string_view>

namespace ctcrypto::tool {

// gmac_process_line: the answer line (without '\n') for one request line.
std::string gmac_process_line(std::string_view line);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_GMAC_BATCH_H_
