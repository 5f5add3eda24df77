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
//
// AesCcmStream (below) is the multipart form: the lengths declared first
// (B0 encodes the message length and the AD's length comes first in the
// MAC), then AD and data chunks of any sizes.
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

// AesCcmStream: one CCM message in any number of chunks (the multipart shape
// of PSA Crypto's psa_aead_set_lengths/update_ad/update/finish and Mbed
// TLS's mbedtls_ccm_starts/set_lengths/update_ad/update/finish).
//
//   start_seal / start_open(key, nonce, ad_len, msg_len)
//   update_ad(chunk)...        exactly ad_len bytes in all
//   update(out, chunk)...      exactly msg_len bytes in all
//   finish(tag)  (seal)  or  verify(tag)  (open)
//
// The nonce follows the key (7..13 bytes, or the key's fixed length);
// msg_len must fit the nonce's length field (ccm_max_message_len; a stream
// is not bound by this machine's size_t, so 2^(8q) - 1 bytes with
// q = 15 - nonce length). Output as AesGcmStream: update writes exactly
// in.size() bytes at once (nothing held back), in place allowed; whole
// blocks go through the key's CCM kernel as in seal/open.
//
// Decryption releases plaintext before the tag is checked, exactly as
// AesGcmStream documents (ctcrypto/aead.h): none of it may be used until
// verify() returns kOk, and all of it must be discarded when it returns
// kAuthenticationFailed.
//
// Misuse is refused without writing output: calls before start_* or after
// finish/verify/clear: kNotInitialized; update_ad or update that would pass
// the declared length, update before all declared AD has come, finish or
// verify before all declared AD and data have come: kInvalidLength (the
// stream stays usable: the caller may still feed what is missing); finish
// on an open stream or verify on a seal stream: kBadState; other argument
// errors as AesGcmStream.
class AesCcmStream {
 public:
  AesCcmStream() = default;
  AesCcmStream(const AesCcmStream&) = default;
  AesCcmStream& operator=(const AesCcmStream&) = default;
  ~AesCcmStream() { clear(); }

  Status start_seal(const AesCcm& key, std::span<const uint8_t> nonce,
                    uint64_t ad_len, uint64_t msg_len);
  Status start_open(const AesCcm& key, std::span<const uint8_t> nonce,
                    uint64_t ad_len, uint64_t msg_len);
  Status update_ad(std::span<const uint8_t> ad);
  Status update(std::span<uint8_t> out, std::span<const uint8_t> in);
  // finish: writes the tag (tag.size() == the key's tag_len()); ends the
  // stream.
  Status finish(std::span<uint8_t> tag);
  // verify: kOk or kAuthenticationFailed (constant time); ends the stream.
  Status verify(std::span<const uint8_t> tag);

  void clear();
  bool initialized() const { return key_ != nullptr; }

 private:
  friend struct internal::CcmAccess;
  Status start(const AesCcm& key, std::span<const uint8_t> nonce,
               uint64_t ad_len, uint64_t msg_len, bool opening);
  Status finish_full(uint8_t full[16]);
  void mac_absorb(const uint8_t* p, size_t len);

  const AesCcm* key_ = nullptr;
  uint8_t x_[16] = {};     // the CBC-MAC chain value over the blocks done
  uint8_t buf_[16] = {};   // the partial MAC input block
  uint8_t ctr_[16] = {};   // the next counter block
  uint8_t s0_[16] = {};    // E_K(Ctr_0), the tag mask
  uint8_t ks_[16] = {};    // keystream of the partial data block
  uint64_t ad_left_ = 0;   // declared AD bytes still to come
  uint64_t len_left_ = 0;  // declared data bytes still to come
  uint64_t len_done_ = 0;  // data bytes fed
  uint8_t n_ = 0;          // bytes in buf_ (0..15)
  uint8_t q_ = 0;          // the length field's size, 15 - nonce length
  bool opening_ = false;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_CCM_H_
