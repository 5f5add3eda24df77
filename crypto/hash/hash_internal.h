// hash_internal.h: the SHA-1 / SHA-2 compression functions behind one
// descriptor, plus the Merkle-Damgard framing and HMAC key states shared by
// the public Hash/Hmac classes and the TLS CBC code.
//
// The TLS record MAC (crypto/tls/) must hash a message whose length is
// secret, so it cannot use the streaming interface: it drives `compress`
// directly on blocks it builds with masks. Everything it needs for that
// (block size, length-field size, the raw chaining state) is therefore
// visible here, uniformly for all four hashes.
//
// The compression function itself is a row (sha_row.h), chosen
// when a context or HMAC key is set up and recorded in it. Every row
// touches its input only as data (never as a branch condition or an
// index), so hashing secret bytes is constant time; only the *number* of
// bytes hashed is observable.
#ifndef CTCRYPTO_HASH_HASH_INTERNAL_H_
#define CTCRYPTO_HASH_HASH_INTERNAL_H_

#include <cstddef>
#include <cstdint>

namespace ctcrypto {
enum class HashAlgorithm;  // ctcrypto/hash.h
}  // namespace ctcrypto

namespace ctcrypto::internal {

struct ShaRow;  // sha_row.h

inline constexpr size_t kHashMaxBlockLen = 128;
inline constexpr size_t kHashMaxDigestLen = 64;

// ShaFamily: the compression functions, one row table each. SHA-384
// is SHA-512's compression function with another initial value.
enum class ShaFamily { kSha1, kSha256, kSha512 };

// HashState: the chaining value. SHA-1 and SHA-256 keep one 32-bit word in
// the low half of each slot, SHA-384/512 a 64-bit word; one layout for all
// lets the TLS code select whole states with masks without knowing which
// hash it runs.
struct HashState {
  uint64_t w[8];
};

struct HashAlg {
  const char* name;      // "SHA-1", "SHA-256", "SHA-384", "SHA-512"
  size_t block_len;      // 64 or 128
  size_t digest_len;     // 20, 32, 48, 64
  size_t length_len;     // bytes of the big-endian bit length: 8 or 16
  size_t word_len;       // 4 or 8: how the state serialises
  void (*init)(HashState* s);
  ShaFamily family;      // whose compression-function rows serve it
};

extern const HashAlg kSha1;
extern const HashAlg kSha256;
extern const HashAlg kSha384;
extern const HashAlg kSha512;

// alg_of: the descriptor of a public HashAlgorithm value.
const HashAlg& alg_of(HashAlgorithm a);

// hash_output: the first alg.digest_len bytes of the state, big-endian words.
void hash_output(const HashAlg& alg, const HashState& s, uint8_t* out);

// HashCtx: a streaming hash. `total` counts bytes already in `state` plus
// those in `buf`, so a context may start from a pre-absorbed state (HMAC's
// ipad/opad blocks).
struct HashCtx {
  const HashAlg* alg;
  const ShaRow* sha;  // the compression-function row; null: not set up
  HashState state;
  uint64_t total;
  size_t buf_len;
  uint8_t buf[kHashMaxBlockLen];
};

// sha_row_usable: whether `row` computes alg's compression function and
// this CPU (after CTCRYPTO_DISABLE) can run it.
bool sha_row_usable(const HashAlg& alg, const ShaRow* row);

// hash_ctx_init: a fresh context on the best row for this CPU, or on `row`,
// which must satisfy sha_row_usable (callers check).
void hash_ctx_init(HashCtx* c, const HashAlg& alg);
void hash_ctx_init(HashCtx* c, const HashAlg& alg, const ShaRow* row);
void hash_ctx_update(HashCtx* c, const uint8_t* data, size_t len);
// hash_ctx_final: pads, writes alg.digest_len bytes, wipes the context.
void hash_ctx_final(HashCtx* c, uint8_t* out);

// HmacKeyState: the states after absorbing key^ipad and key^opad (one
// block each), so per-message HMAC costs no key processing.
struct HmacKeyState {
  const HashAlg* alg;
  const ShaRow* sha;  // the row the key was set up with; used throughout
  HashState inner;
  HashState outer;
};

// hmac_key_setup: RFC 2104 key processing (keys longer than a block are
// hashed first) on compression-function row `row`, which must satisfy
// sha_row_usable (callers check).
void hmac_key_setup(HmacKeyState* k, const HashAlg& alg, const ShaRow* row,
                    const uint8_t* key, size_t key_len);
// hmac_ctx_start: a HashCtx continuing from k->inner (one block absorbed).
void hmac_ctx_start(const HmacKeyState& k, HashCtx* c);
// hmac_ctx_finish: finishes the inner hash in `c`, runs the outer one and
// writes alg.digest_len bytes.
void hmac_ctx_finish(const HmacKeyState& k, HashCtx* c, uint8_t* out);
// hmac_outer: the outer hash over an inner digest.
void hmac_outer(const HmacKeyState& k, const uint8_t* inner_digest,
                uint8_t* out);

// Stack hygiene of keyed hashing. A compression function holds its chaining
// value in registers, and the compiler spills what it cannot keep there:
// clang 14 keeps the portable SHA-512's feed-forward words in its frame for
// the whole block. Under HMAC that value starts as the ipad or opad state,
// which is as good as the key (anyone holding both computes every MAC). No
// wipe inside the compression function can name those slots, so each public
// operation on a keyed state scrubs its callees' frames once before it
// returns (scrub_stack, crypto/internal.h), deeper than the call chain that
// runs a compression (-fstack-usage: gcc 12 and clang 14 on x86-64 and
// ARMv7, gcc 12 on AArch64 and Cortex-M4; the largest compression frame is
// the portable SHA-512's on 32-bit ARM, 568 bytes):
//   kHashScrubBytes  Hmac::update: hash_ctx_update (at most 64 bytes), then
//                    the compression function.
//   kMacScrubBytes   Hmac::finish, TlsCbcAead::seal and open: down to
//                    tls_hmac_ct (at most 800) -> hmac_outer (272) ->
//                    hash_ctx_final (64) -> compression function.
inline constexpr size_t kHashScrubBytes = 1024;
inline constexpr size_t kMacScrubBytes = 2048;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_HASH_INTERNAL_H_
