// aead_batch.h: the line protocol of `ctcrypto aead`.
//
// One request per line:  OP AEAD KEY NONCE AD INPUT [ADCHUNKS INCHUNKS]
//   OP     seal | open | sealstream | openstream
//   AEAD   a name from the AEAD table (aead_batch.cc)
//   KEY, NONCE, AD, INPUT   hex (either case accepted), or "-" for empty
//   ADCHUNKS, INCHUNKS      sealstream / openstream only (and required
//          there): comma-separated decimal byte counts ("-" for none)
//          cutting AD and the data into chunks; what they leave over goes
//          in one last chunk. The data is INPUT for sealstream and INPUT
//          less its trailing tag (the ciphertext) for openstream. Chunk
//          counts may be 0 (an empty update).
// Fields are separated by exactly one space; a trailing '\r' is ignored.
//
// sealstream / openstream feed the message through the streaming API
// (AesGcmStream, AesCcmStream: start, update_ad per AD chunk, update per
// data chunk, then finish or verify) and answer exactly what seal / open
// answer for the same line without the chunk fields. Only the GCM and CCM
// names stream; the others answer "ERROR unsupported" to them.
//
// One answer per request (without the newline):
//   seal, sealstream -> hex of ciphertext || tag
//   open, openstream -> hex of plaintext, "-" if empty
//   any failure -> "ERROR <reason>" (a malformed chunk list, or chunks
//                  adding up to more than their field, included)
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

// AeadChunks: the chunk sizes of a sealstream / openstream request, for its
// AD and for its data (INPUT, less the tag when opening); what they leave
// over is one more chunk.
struct AeadChunks {
  std::vector<size_t> ad;
  std::vector<size_t> data;
};

// AeadStreamHandler: performs one sealstream (op kSeal) or openstream (op
// kOpen) request through a streaming object, with the answer and failures
// of the entry's AeadHandler for the same request (a chunk list adding up
// to more than its field is a failure of its own).
using AeadStreamHandler = const char* (*)(AeadOp op,
                                          std::span<const uint8_t> key,
                                          std::span<const uint8_t> nonce,
                                          std::span<const uint8_t> ad,
                                          std::span<const uint8_t> input,
                                          const AeadChunks& chunks,
                                          std::vector<uint8_t>* out);

struct AeadEntry {
  const char* name;     // e.g. "aes-128-gcm"
  size_t key_len;       // the exact key length the name implies
  AeadHandler handler;  // null = recognised but not available ("unsupported")
  AeadStreamHandler stream;  // sealstream/openstream; null = "unsupported"
};

// The AEAD table; add a row (or fill in a handler) to support a new AEAD.
std::span<const AeadEntry> aead_table();

// aead_process_line: the answer line (without '\n') for one request line
// (without '\n'). Never throws for any input except std::bad_alloc.
std::string aead_process_line(std::string_view line);

}  // namespace ctcrypto::tool

#endif  // CTCRYPTO_TOOL_AEAD_BATCH_H_
