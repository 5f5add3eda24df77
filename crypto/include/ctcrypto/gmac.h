// gmac.h: GMAC, the authentication-only use of AES-GCM (SP 800-38D,
// section 3: GCM with an empty plaintext, all data passed as AD).
//
// AesGmac is a thin face over AesGcm: the tag is AesGcm's tag for an empty
// plaintext with `data` as the additional data, so every AES row and GHASH
// row, the nonce handling (any length >= 1 byte, 12 the fast path) and the
// constant-time tag check are GCM's own. Like GCM, a nonce must never be
// reused under one key.
#ifndef CTCRYPTO_GMAC_H_
#define CTCRYPTO_GMAC_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aead.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kGmacTagLen = kGcmTagLen;
inline constexpr size_t kGmacMinTagLen = kGcmMinTagLen;

// The library reaches the object's private members through GmacAccess alone
// (crypto/modes/gmac_access.h).
namespace internal {
struct GmacAccess;
}  // namespace internal

class AesGmac {
 public:
  AesGmac() = default;
  AesGmac(const AesGmac&) = default;
  AesGmac& operator=(const AesGmac&) = default;
  ~AesGmac() { clear(); }

  // init: key of 16/24/32 bytes; tag_len 12..16.
  Status init(std::span<const uint8_t> key, size_t tag_len = kGmacTagLen);
  // clear: wipes the key; the object is uninitialised afterwards.
  void clear();

  bool initialized() const { return gcm_.initialized(); }
  size_t tag_len() const { return gcm_.tag_len(); }
  const AesGcm& gcm() const { return gcm_; }

  // compute: tag (tag.size() == tag_len()) over `data` with `nonce`.
  Status compute(std::span<uint8_t> tag, std::span<const uint8_t> nonce,
                 std::span<const uint8_t> data) const;
  // verify: kOk when `tag` is the tag of `data` under `nonce`, else
  // kAuthenticationFailed; the comparison is constant time. A tag whose
  // size is not tag_len() is refused with kInvalidTagLength.
  Status verify(std::span<const uint8_t> nonce, std::span<const uint8_t> data,
                std::span<const uint8_t> tag) const;

 private:
  friend struct internal::GmacAccess;
  AesGcm gcm_;
};

// AesGmacContext: GMAC over data fed in any number of chunks, the shape of
// AesCmacContext (ctcrypto/cmac.h): init(key, nonce), update..., then
// finish(tag) or finish_verify(tag), either of which ends and wipes the
// context. Any split of the data gives AesGmac::compute's tag. It is an
// AesGcmStream fed AD only (ctcrypto/aead.h), so misuse gives the same
// answers: kNotInitialized before init or after the end, kMessageTooLong
// for 2^61 bytes of data, kInvalidTagLength for a tag whose size is not
// the key's tag_len(). The key is held by pointer and must outlive the
// context.
class AesGmacContext {
 public:
  Status init(const AesGmac& key, std::span<const uint8_t> nonce);
  Status update(std::span<const uint8_t> data);
  Status finish(std::span<uint8_t> tag);
  Status finish_verify(std::span<const uint8_t> tag);

  void clear() { s_.clear(); }
  bool initialized() const { return s_.initialized(); }

 private:
  AesGcmStream s_;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_GMAC_H_
