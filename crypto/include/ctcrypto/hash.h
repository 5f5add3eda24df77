// hash.h: SHA-1, SHA-256, SHA-384, SHA-512 (FIPS 180-4) and HMAC over them
// (RFC 2104). The compression function runs on the best row of its row
// table for this CPU (portable C++, x86 SHA-NI, ARMv8 SHA instructions;
// crypto/hash/sha_row.h), chosen at init().
//
// They are here for the TLS 1.0-1.2 CBC record MACs (tls_cbc.h) and exposed
// because they are useful on their own. SHA-1 is for legacy MACs only.
// Streaming objects hold no heap memory and wipe themselves on finish().
#ifndef CTCRYPTO_HASH_H_
#define CTCRYPTO_HASH_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/status.h"

namespace ctcrypto {

enum class HashAlgorithm { kSha1, kSha256, kSha384, kSha512 };

// The library reaches the objects' private members through HashAccess alone
// (crypto/hash/hash_access.h).
namespace internal {
struct HashAccess;
}  // namespace internal

// kHashCtxSize, kHmacKeyStateSize, kHashStateAlign: the bytes of a running
// hash (the chaining value of the largest hash, its block buffer, byte
// count and compression-function row) and of an HMAC key (the states after
// the ipad and opad blocks, and the row), and their alignment; the same on
// every target (sized for 64-bit pointers). hash.cc and hmac.cc check that
// the internal state fits.
inline constexpr size_t kHashCtxSize = 224;
inline constexpr size_t kHmacKeyStateSize = 144;
inline constexpr size_t kHashStateAlign = 8;

// hash_digest_len: 20, 32, 48 or 64.
size_t hash_digest_len(HashAlgorithm alg);

// Hash and Hmac wipe their state (the chaining value, buffered input, and
// for Hmac the ipad/opad key states) on clear() and destruction. Copies
// are independent and wipe themselves in turn.
class Hash {
 public:
  explicit Hash(HashAlgorithm alg) { init(alg); }
  Hash(const Hash&) = default;
  Hash& operator=(const Hash&) = default;
  ~Hash() { clear(); }
  // clear: wipes the whole state (digest_len() is 0 after it); init()
  // before further use.
  void clear();
  void init(HashAlgorithm alg);
  // row_name: the row's name, "none" before init or after clear().
  const char* row_name() const;
  // backend_name: the former name of row_name() ("backend" and "row" were two
  // words for one thing; "row" stayed).
  const char* backend_name() const { return row_name(); }
  // update: appends data. kNotInitialized before init() (or after clear()
  // or finish()), kInvalidArgument for a null pointer with a length or a
  // span that cannot be memory (its end past the address space): nothing
  // is absorbed then.
  Status update(std::span<const uint8_t> data);
  // finish: writes digest_len() bytes; out.size() must be >= digest_len()
  // (kOutputTooSmall otherwise, nothing written). The object must be
  // init()ed again before reuse (kNotInitialized until then).
  Status finish(std::span<uint8_t> out);
  size_t digest_len() const;

 private:
  friend struct internal::HashAccess;
  // The running hash (internal::HashCtx); init() sets it up.
  alignas(kHashStateAlign) unsigned char ctx_[kHashCtxSize];
};

// hash: one-shot.
Status hash(HashAlgorithm alg, std::span<const uint8_t> in,
            std::span<uint8_t> out);

class Hmac {
 public:
  Hmac() = default;
  Hmac(const Hmac&) = default;
  Hmac& operator=(const Hmac&) = default;
  ~Hmac() { clear(); }
  // clear: wipes the key states and the running hash; uninitialised
  // afterwards (finish() gives kNotInitialized).
  void clear();
  // init: any key length (longer than a block: hashed first, RFC 2104).
  Status init(HashAlgorithm alg, std::span<const uint8_t> key);
  // row_name: the key's row, "none" when uninitialised.
  const char* row_name() const;
  // backend_name: the former name of row_name() ("backend" and "row" were two
  // words for one thing; "row" stayed).
  const char* backend_name() const { return row_name(); }
  // update: as Hash::update (kNotInitialized without a key).
  Status update(std::span<const uint8_t> data);
  // finish: as Hash::finish; the key stays set, so init() is not needed to
  // MAC the next message with the same key (call reset() first).
  Status finish(std::span<uint8_t> out);
  void reset();
  // digest_len: the MAC length, 0 when uninitialised.
  size_t digest_len() const;

 private:
  friend struct internal::HashAccess;
  // The key states (internal::HmacKeyState) and the running inner hash
  // (internal::HashCtx); all zero is an uninitialised object.
  alignas(kHashStateAlign) unsigned char key_[kHmacKeyStateSize] = {};
  alignas(kHashStateAlign) unsigned char ctx_[kHashCtxSize] = {};
};

// hmac: one-shot.
Status hmac(HashAlgorithm alg, std::span<const uint8_t> key,
            std::span<const uint8_t> in, std::span<uint8_t> out);

}  // namespace ctcrypto

#endif  // CTCRYPTO_HASH_H_
