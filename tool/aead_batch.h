// aead_batch.h: the line protocol of `ctcrypto aead`.
//
// One request per line:  OP AEAD KEY NONCE AD INPUT
//   OP     seal | open
//   AEAD   a name from the AEAD table (aead_batch.cc)
//   KEY, NONCE, AD, INPUT   hex (either case accepted), or "-" for empty
// Fields are separated by exactly one space; a trailing '\r' is ignored.
//
// One answer per request (without the newline):
//   seal -> hex of ciphertext || tag
//   open -> hex of plaintext, "-" if empty
//   any failure -> "ERROR <reason>"
// Output hex is always lowercase.
#ifndef CTCRYPTO_TOOL_AEAD_BATCH_H_
#define CTCRYPTO_TOOL_AEAD_BATCH_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ctcrypto::tool {

enum class AeadOp { kSeal, kOpen };

// AeadHandler: performs one request. Returns nullptr on success with the
// result in *out, or a short lowercase reason (static storage) on failure.
// key_len is the entry's required key length, already checked.
using AeadHandler = const char* (*)(AeadOp op, size_t key_len,
                                    std::span<const uint8_t> key,
                                    std::span<const uint8_t> nonce,
                                    std::span<const uint8_t> ad,
                                    std::span<const uint8_t> input,
                                    std::vector<uint8_t>* out);

struct AeadEntry {
  const char* name;     // e.g. "aes-128-gcm"
  size_t key_len;       // the exact key length the name implies
  AeadHandler handler;  // null = recognised but not available ("unsupported")
};

// The AEAD table; add a row (or fill in a handler) to support a new AEAD.
std::span<const AeadEntry> aead_table();

// aead_process_line: the answer line (without '\n') for one request line
// (without '\n'). Never throws for any input except std::bad_alloc.
std::string aead_process_line(std::string_view line);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_AEAD_BATCH_H_
