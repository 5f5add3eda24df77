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
#ifndef CTCRYPTO_AEAD_H_
#define CTCRYPTO_AEAD_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
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

}  // namespace ctcrypto

#endif  // CTCRYPTO_AEAD_H_
