// gmac_batch.cc: the line protocol of `ctcrypto gmac` (see gmac_batch.h).
#include "tool/gmac_batch.h"

#include <cstdint>
#include <vector>

#include "ctcrypto/gmac.h"
#include "ctcrypto/status.h"
#include "tool/line_protocol.h"

namespace ctcrypto::tool {

std::string gmac_process_line(std::string_view line) {
  const std::vector<std::string_view> f = split_fields(line);
  if (has_empty_field(f)) return error("empty field");
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
    return s == Status::kOk ? std::string("ok") : error(status_string(s));
  }
  uint8_t out[kGmacTagLen];
  s = mac.compute(out, nonce, data);
  if (s != Status::kOk) return error(status_string(s));
  return encode_hex(out);
}

}  // namespace ctcrypto::tool
