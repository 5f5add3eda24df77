// gcm_siv.h: AES-GCM-SIV (RFC 8452), nonce-misuse-resistant AEAD.
//
// The key object holds only the key-generating key, expanded once by init()
// with the chosen AES row, and the GHASH row that will compute POLYVAL. Each
// message derives its own message-authentication key and message-encryption
// key from the nonce (RFC 8452, section 4); the encryption key is expanded
// on the stack with the same AES row as the key-generating key and wiped
// when the call returns. POLYVAL runs on the GHASH rows through the
// relation of RFC 8452 appendix A, so every GHASH row serves it.
//
// Keys are 16 or 32 bytes (AEAD_AES_128_GCM_SIV / AEAD_AES_256_GCM_SIV),
// nonces exactly 12 bytes, tags exactly 16 bytes. Plaintext and AD are each
// limited to 2^36 bytes (RFC 8452, section 6). open() checks the tag in
// constant time and zeroes everything it wrote to `out` when it fails.
//
// One-shot only, by design: the synthetic IV (the tag) is computed over the
// whole plaintext before the first byte can be encrypted, and decryption
// must finish before the tag can be checked, so there is no streaming form
// (unlike AesGcmStream and AesCcmStream). A caller with a message larger
// than memory splits it into separately sealed records.
#ifndef CTCRYPTO_GCM_SIV_H_
#define CTCRYPTO_GCM_SIV_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kGcmSivNonceLen = 12;
inline constexpr size_t kGcmSivTagLen = 16;
// RFC 8452, section 6: P_MAX = A_MAX = 2^36 bytes.
inline constexpr uint64_t kGcmSivMaxPlaintextLen = uint64_t{1} << 36;
inline constexpr uint64_t kGcmSivMaxAdLen = uint64_t{1} << 36;

// The library reaches the object's private members through GcmSivAccess alone
// (crypto/modes/gcm_siv_access.h).
namespace internal {
struct GcmSivAccess;
}  // namespace internal

class AesGcmSiv {
 public:
  AesGcmSiv() = default;
  AesGcmSiv(const AesGcmSiv&) = default;
  AesGcmSiv& operator=(const AesGcmSiv&) = default;
  ~AesGcmSiv() { clear(); }

  // init: a 16- or 32-byte key-generating key, the rows chosen as for
  // AesGcm (best usable, minus CTCRYPTO_DISABLE).
  Status init(std::span<const uint8_t> key);
  // clear: wipes the key; the object is uninitialised afterwards.
  void clear();

  bool initialized() const {
    return kgk_.initialized() && ghash_row_ != nullptr;
  }
  // key_len: 16 or 32 (0 when uninitialised).
  size_t key_len() const;
  const AesKey& aes_key() const { return kgk_; }

  // seal, open, seal_detached, open_detached: the AEAD contract stated in
  // ctcrypto/aead.h (AesGcm), with a 16-byte tag (kGcmSivTagLen).
  Status seal(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad) const;
  Status open(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad) const;
  Status seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                       std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> ad) const;
  Status open_detached(std::span<uint8_t> out, std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> tag,
                       std::span<const uint8_t> ad) const;

 private:
  friend struct internal::GcmSivAccess;
  AesKey kgk_;  // the key-generating key
  // The GHASH row (an internal::GhashRow) the per-nonce POLYVAL keys are
  // set up with; null when uninitialised.
  const void* ghash_row_ = nullptr;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_GCM_SIV_H_
