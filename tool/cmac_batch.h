// cmac_batch.h: the line protocol of `ctcrypto cmac`.
//
// One request per line:  OP KEY MSG [TAG]
//   OP    mac | verify
//   KEY   16, 24 or 32 bytes of hex
//   MSG   hex, or "-" for empty
//   TAG   (verify only) 4..16 bytes of hex
// Fields are separated by exactly one space; a trailing '\r' is ignored.
//
// One answer per request (without the newline):
//   mac    -> hex of the 16-byte AES-CMAC
//   verify -> "ok"
//   any failure (including a tag that does not match) -> "ERROR <reason>"
#ifndef CTCRYPTO_TOOL_CMAC_BATCH_H_
#define CTCRYPTO_TOOL_CMAC_BATCH_H_

#include <string>
#include <string_view>

namespace ctcrypto::tool {

// cmac_process_line: the answer line (without '\n') for one request line.
std::string cmac_process_line(std::string_view line);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_CMAC_BATCH_H_
