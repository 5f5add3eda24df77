// status.h: the one error type of the C++ API. No exceptions anywhere.
#ifndef CTCRYPTO_STATUS_H_
#define CTCRYPTO_STATUS_H_

namespace ctcrypto {

// Status: the result of every fallible call. The numeric values are the C
// API's return codes (0 = success) and never change.
enum class Status : int {
  kOk = 0,
  kInvalidKeyLength = 1,      // key is not 16, 24 or 32 bytes (or the AEAD's size)
  kInvalidNonceLength = 2,    // empty GCM nonce, wrong IV size
  kInvalidTagLength = 3,      // GCM tag outside 12..16 bytes, or not the key's
  kOutputTooSmall = 4,        // output buffer cannot hold the result
  kInvalidLength = 5,         // input length not allowed (e.g. CBC partial block)
  kOverlappingBuffers = 6,    // in and out overlap without being equal
  kMessageTooLong = 7,        // beyond the mode's limit (GCM: 2^36 - 32 bytes)
  kAuthenticationFailed = 8,  // tag, MAC or padding check failed
  kNotInitialized = 9,        // the key object was never set up successfully
  kInvalidArgument = 10,      // null pointer with non-zero length, bad name
  kUnsupported = 11,          // not available in this build
  kBadState = 12,             // a streaming call out of order (AD after data)
};

// status_string: a short lowercase reason, e.g. "authentication failure".
const char* status_string(Status s);

}  // namespace ctcrypto

#endif  // CTCRYPTO_STATUS_H_
