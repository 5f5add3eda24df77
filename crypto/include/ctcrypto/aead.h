// aead.h: AES-GCM (SP 800-38D) seal/open.
//
// The GCM key holds the expanded AES key and the GHASH key material, both
// computed once by init(); seal/open keep their per-message state (counter,
// running hash, lengths) on the stack and copy nothing key-sized.
//
// Nonces of any length >= 1 byte are accepted (96 bits is the fast path;
// others are hashed into J0 as SP 800-38D prescribes). Tags are 16 bytes by
// default, 12..16 on request. open() checks the whole tag in constant time
// and, when it fails, zeroes everything it wrote to `out`: no plaintext is
// released on a failed check.
//
// AesGcmStream (below) is the multipart form: the same message fed as AD
// chunks and then data chunks of any sizes, with the same ciphertext and tag
// as one-shot seal/open, byte for byte.
#ifndef CTCRYPTO_AEAD_H_
#define CTCRYPTO_AEAD_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/key_sizes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kGcmTagLen = 16;
inline constexpr size_t kGcmMinTagLen = 12;
inline constexpr size_t kGcmNonceLen = 12;
// kGcmMaxPlaintextLen: SP 800-38D's limit, 2^39 - 256 bits.
inline constexpr uint64_t kGcmMaxPlaintextLen = (uint64_t{1} << 36) - 32;

// The library reaches the object's private members through GcmAccess alone
// (crypto/modes/gcm_access.h).
namespace internal {
struct GcmAccess;
}  // namespace internal

// AesGcm wipes its key material (AES round keys, GHASH key) on clear() and
// destruction. Copies are independent objects that wipe themselves in turn.
class AesGcm {
 public:
  AesGcm() = default;
  AesGcm(const AesGcm&) = default;
  AesGcm& operator=(const AesGcm&) = default;
  ~AesGcm() { clear(); }
  // clear: wipes the AES and GHASH keys; uninitialised afterwards.
  void clear();

  // init: key of 16/24/32 bytes; tag_len 12..16.
  Status init(std::span<const uint8_t> key, size_t tag_len = kGcmTagLen);

  bool initialized() const { return aes_.initialized(); }
  size_t tag_len() const { return tag_len_; }
  const AesKey& aes_key() const { return aes_; }
  const GhashKey& ghash_key() const { return ghash_; }

  // The AEAD contract, stated here once; AesCcm (ccm.h) and AesGcmSiv
  // (gcm_siv.h) declare the same four functions and follow it.
  //
  // seal: writes ciphertext || tag (in.size() + tag_len() bytes) to out and
  // sets *out_len. out may equal in (in place).
  Status seal(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad) const;
  // open: in = ciphertext || tag; writes the plaintext (in.size() -
  // tag_len() bytes) and sets *out_len, or returns kAuthenticationFailed
  // with that part of out zeroed.
  Status open(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad) const;

  // Detached forms: the tag travels separately (tag.size() == tag_len()).
  Status seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                       std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> ad) const;
  Status open_detached(std::span<uint8_t> out, std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> tag,
                       std::span<const uint8_t> ad) const;

 private:
  friend struct internal::GcmAccess;
  AesKey aes_;
  GhashKey ghash_;
  size_t tag_len_ = 0;
  // The stitched AES+GHASH kernel of the key's pair of rows (an
  // internal::GcmKernel, chosen once by init()); null when the pair has
  // none.
  const void* kernel_ = nullptr;
};

// AesGcmStream: one GCM message in any number of chunks (SP 800-38D;
// the multipart shape of PSA Crypto's psa_aead_* and Mbed TLS's
// mbedtls_gcm_starts/update_ad/update/finish).
//
//   start_seal / start_open(key, nonce)   nonce of any length >= 1 byte
//   update_ad(chunk)...                   zero or more; all AD first
//   update(out, chunk)...                 zero or more data chunks
//   finish(tag)  (seal)  or  verify(tag)  (open)
//
// Output: update writes exactly in.size() bytes to out at once; nothing is
// held back (the keystream of a partial block is kept instead, so the next
// chunk continues it). out may equal in (in place, chunk by chunk) but not
// otherwise overlap it. Any chunking gives the one-shot answer: whole blocks
// go through the key's fused AES+GHASH kernel as in seal/open; only the
// partial-block seams between chunks cost extra. (A seal stream keeps up to
// CTCRYPTO_GCM_STREAM_CARRY_SIZE bytes of ciphertext it has already output
// for its kernel's pipeline: a copy, hashed with the next chunk.)
//
// Decryption releases plaintext before the tag is checked. As in PSA
// Crypto (psa_aead_update / psa_aead_verify): until verify() returns kOk,
// what update() wrote is unauthenticated and must not be used; when verify
// returns kAuthenticationFailed the caller must discard all of it. (The
// stream cannot wipe chunks it has already handed back.) Use one-shot
// open() when the message fits in memory.
//
// Misuse is refused without writing any output:
//   - any call before start_*, or after finish/verify/clear: kNotInitialized
//     (finish and verify end the stream and wipe it, whatever the verdict);
//   - update_ad after update: kBadState; finish on an open stream or verify
//     on a seal stream: kBadState;
//   - data past kGcmMaxPlaintextLen, or AD reaching 2^61 bytes, in total:
//     kMessageTooLong (the stream stays usable up to the limit);
//   - a tag whose size is not the key's tag_len(): kInvalidTagLength;
//   - out shorter than in, null pointers with nonzero lengths:
//     kOutputTooSmall / kInvalidArgument; out overlapping in other than
//     exactly: kOverlappingBuffers.
// The key is held by pointer: it must stay initialised and in place until
// the stream ends. The stream is a small copyable value (a copy forks the
// message) that wipes itself on clear() and destruction.
class AesGcmStream {
 public:
  AesGcmStream() = default;
  AesGcmStream(const AesGcmStream&) = default;
  AesGcmStream& operator=(const AesGcmStream&) = default;
  ~AesGcmStream() { clear(); }

  Status start_seal(const AesGcm& key, std::span<const uint8_t> nonce);
  Status start_open(const AesGcm& key, std::span<const uint8_t> nonce);
  Status update_ad(std::span<const uint8_t> ad);
  Status update(std::span<uint8_t> out, std::span<const uint8_t> in);
  // finish: writes the tag (tag.size() == the key's tag_len()); ends the
  // stream.
  Status finish(std::span<uint8_t> tag);
  // verify: kOk when `tag` (the key's tag_len()) authenticates everything
  // fed, else kAuthenticationFailed; constant time; ends the stream.
  Status verify(std::span<const uint8_t> tag);

  // clear: wipes the stream; uninitialised afterwards.
  void clear();
  bool initialized() const { return key_ != nullptr; }

 private:
  friend struct internal::GcmAccess;
  friend class AesGmacContext;  // an AD-only stream (ctcrypto/gmac.h)
  Status start(const AesGcm& key, std::span<const uint8_t> nonce,
               bool opening);
  Status finish_full(uint8_t full[16]);
  void flush_carry();

  const AesGcm* key_ = nullptr;
  uint8_t ctr_[16] = {};   // the next counter block
  uint8_t xi_[16] = {};    // GHASH accumulator over the whole blocks done
  uint8_t mask_[16] = {};  // E_K(J0), the tag mask
  uint8_t ks_[16] = {};    // keystream of the partial data block
  uint8_t buf_[16] = {};   // the partial block's GHASH input (AD or ciphertext)
  // carry_: the last batch of ciphertext a seal stream's kernel left
  // unhashed (carry_len_ bytes), hashed stitched with the next call's first
  // batch, so a chunk boundary costs no pipeline start-up
  // (GcmKernel::seal_bulk_carry); before any other GHASH input it is hashed
  // on its own.
  uint8_t carry_[CTCRYPTO_GCM_STREAM_CARRY_SIZE > 0
                     ? CTCRYPTO_GCM_STREAM_CARRY_SIZE
                     : 1] = {};
  uint64_t ad_len_ = 0;    // bytes of AD fed
  uint64_t len_ = 0;       // bytes of data fed
  uint16_t carry_len_ = 0;
  uint8_t n_ = 0;          // bytes in buf_ (0..15)
  uint8_t phase_ = 0;      // 0 none, 1 AD, 2 data
  bool opening_ = false;
  // ctr_public_: a 96-bit nonce (J0 = IV || 1, public); the stitched
  // kernels may then branch on the counter (GcmKernel::seal_bulk).
  bool ctr_public_ = false;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_AEAD_H_
