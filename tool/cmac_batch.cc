// cmac_batch.cc: the line protocol of `ctcrypto cmac` (see cmac_batch.h).
#include "tool/cmac_batch.h"

#include <cstdint>
#include <vector>

#include "ctcrypto/cmac.h"
#include "ctcrypto/status.h"
#include "tool/line_protocol.h"

namespace ctcrypto::tool {

std::string cmac_process_line(std::string_view line) {
  const std::vector<std::string_view> f = split_fields(line);
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
  return encode_hex(out);
}

}  // namespace ctcrypto::tool
