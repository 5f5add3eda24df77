#include "ctcrypto/status.h"

namespace ctcrypto {

const char* status_string(Status s) {
  switch (s) {
    case Status::kOk: return "ok";
    case Status::kInvalidKeyLength: return "wrong key length";
    case Status::kInvalidNonceLength: return "invalid nonce length";
    case Status::kInvalidTagLength: return "invalid tag length";
    case Status::kOutputTooSmall: return "output buffer too small";
    case Status::kInvalidLength: return "invalid input length";
    case Status::kOverlappingBuffers: return "overlapping buffers";
    case Status::kMessageTooLong: return "message too long";
    case Status::kAuthenticationFailed: return "authentication failure";
    case Status::kNotInitialized: return "key not initialized";
    case Status::kInvalidArgument: return "invalid argument";
    case Status::kUnsupported: return "unsupported";
    case Status::kBadState: return "call out of order";
  }
  return "unknown status";
}

}  // namespace ctcrypto
