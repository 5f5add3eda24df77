// ccm.h: AES-CCM (SP 800-38C, RFC 3610) seal/open.
//
// CCM authenticates with a CBC-MAC over B0 (flags, nonce, message length),
// the length-prefixed associated data and the message, and encrypts with CTR
// from counter block 1; counter block 0 masks the tag. Parameters:
//   - key: 16, 24 or 32 bytes;
//   - tag: 4, 6, 8, 10, 12, 14 or 16 bytes (SP 800-38C A.1);
//   - nonce: 7..13 bytes; the message length field then has q = 15 - nonce
//     bytes, so a message is shorter than 2^(8q) bytes (65535 bytes for a
//     13-byte nonce, 2^64 - 1 for 7 bytes and beyond);
//   - associated data: any length (RFC 3610's 2-, 6- and 10-byte length
//     encodings).
// A key object may fix the nonce length (the named profiles do: 13 bytes)
// or accept any of 7..13 per call (nonce_len 0 at init).
//
// seal/open take spans and follow AesGcm (aead.h): every argument is
// checked before anything is written, out may equal in (in place) but not
// otherwise overlap, open() compares the whole tag in constant time and on
// failure zeroes the plaintext it wrote. The key object wipes itself.
#ifndef CTCRYPTO_CCM_H_
#define CTCRYPTO_CCM_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kCcmTagLen = 16;
inline constexpr size_t kCcmMinTagLen = 4;
inline constexpr size_t kCcmMinNonceLen = 7;
inline constexpr size_t kCcmMaxNonceLen = 13;

// CcmProfile: the fixed-parameter AES-128-CCM instances protocols use, named
// as BoringSSL names its AEADs.
enum class CcmProfile {
  kBluetooth,   // aes-128-ccm-bluetooth: 4-byte tag, 13-byte nonce (BLE)
  kBluetooth8,  // aes-128-ccm-bluetooth-8: 8-byte tag, 13-byte nonce (Mesh)
  kMatter,      // aes-128-ccm-matter: 16-byte tag, 13-byte nonce
};

// ccm_max_message_len: the longest message a `nonce_len`-byte nonce allows
// (2^(8q) - 1 with q = 15 - nonce_len, capped at SIZE_MAX), 0 for a nonce
// length outside 7..13.
uint64_t ccm_max_message_len(size_t nonce_len);

// The library reaches the object's private members through CcmAccess alone
// (crypto/modes/ccm_access.h).
namespace internal {
struct CcmAccess;
}  // namespace internal

class AesCcm {
 public:
  AesCcm() = default;
  AesCcm(const AesCcm&) = default;
  AesCcm& operator=(const AesCcm&) = default;
  ~AesCcm() { clear(); }

  // init: key of 16/24/32 bytes; tag_len 4..16 and even; nonce_len 7..13,
  // or 0 to accept any of 7..13 on each call.
  Status init(std::span<const uint8_t> key, size_t tag_len = kCcmTagLen,
              size_t nonce_len = 0);
  // init for a named profile: 16-byte key.
  Status init(std::span<const uint8_t> key, CcmProfile profile);

  // clear: wipes the key; the object is uninitialised afterwards.
  void clear();

  bool initialized() const { return aes_.initialized() && tag_len_ != 0; }
  size_t tag_len() const { return tag_len_; }
  // nonce_len: the fixed nonce length, or 0 when any of 7..13 is accepted.
  size_t nonce_len() const { return nonce_len_; }
  const AesKey& aes_key() const { return aes_; }

  // seal, open, seal_detached, open_detached: the AEAD contract stated in
  // ctcrypto/aead.h (AesGcm), with this object's tag_len().
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
  Status check(std::span<const uint8_t> nonce, std::span<const uint8_t> in,
               std::span<const uint8_t> ad) const;

  friend struct internal::CcmAccess;
  AesKey aes_;
  size_t tag_len_ = 0;
  size_t nonce_len_ = 0;
  // The one-pass CBC-MAC+CTR kernel of the key's AES row (an
  // internal::CcmKernel, chosen once by init()); null when it has none.
  const void* kernel_ = nullptr;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_CCM_H_
