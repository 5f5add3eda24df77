// gmac.cc: GMAC as AES-GCM with an empty plaintext (SP 800-38D, section 3).
// Everything - key set-up, nonce handling, tag computation and the
// constant-time check with its single declassification - is AesGcm's.
#include "ctcrypto/gmac.h"

#include "crypto/internal.h"
#include "crypto/modes/gcm_access.h"
#include "crypto/modes/gmac_access.h"

namespace ctcrypto {

Status AesGmac::init(std::span<const uint8_t> key, size_t tag_len) {
  return gcm_.init(key, tag_len);
}

Status internal::GmacAccess::init_with_rows(AesGmac& g,
                                            std::span<const uint8_t> key,
                                            size_t tag_len,
                                            const AesRow* aes,
                                            const GhashRow* ghash) {
  return GcmAccess::init_with_rows(g.gcm_, key, tag_len, aes, ghash);
}

void AesGmac::clear() {
  // AesGcm is trivially copyable key material: wiping its bytes leaves null
  // row pointers, i.e. an uninitialised object.
  internal::secure_zero(&gcm_, sizeof(gcm_));
}

Status AesGmac::compute(std::span<uint8_t> tag, std::span<const uint8_t> nonce,
                        std::span<const uint8_t> data) const {
  return gcm_.seal_detached({}, tag, nonce, {}, data);
}

Status AesGmac::verify(std::span<const uint8_t> nonce,
                       std::span<const uint8_t> data,
                       std::span<const uint8_t> tag) const {
  return gcm_.open_detached({}, nonce, {}, tag, data);
}

// AesGmacContext: a seal stream fed AD only. finish_verify turns it into the
// verifying side (nothing was decrypted, so the direction only picks which
// of finish/verify the stream accepts).
Status AesGmacContext::init(const AesGmac& key,
                            std::span<const uint8_t> nonce) {
  return s_.start_seal(key.gcm(), nonce);
}

Status AesGmacContext::update(std::span<const uint8_t> data) {
  return s_.update_ad(data);
}

Status AesGmacContext::finish(std::span<uint8_t> tag) {
  return s_.finish(tag);
}

Status AesGmacContext::finish_verify(std::span<const uint8_t> tag) {
  if (!s_.initialized()) return Status::kNotInitialized;
  s_.opening_ = true;
  const Status st = s_.verify(tag);
  // A refusal (a tag of the wrong size, a null tag) leaves the context as
  // it was, the sealing side, so finish() still works; a verdict has
  // already wiped it.
  if (s_.initialized()) s_.opening_ = false;
  return st;
}

}  // namespace ctcrypto
