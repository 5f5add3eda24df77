// tls_cbc.h: the TLS 1.0-1.2 CBC cipher suites' record protection as an
// AEAD (MAC-then-encode-then-encrypt: HMAC, TLS padding, AES-CBC), with
// BoringSSL's conventions for the "legacy" TLS AEADs:
//
//   key   = MAC key || AES key             (|| 16-byte fixed IV: implicit IV)
//   nonce = the record's 16-byte explicit IV (TLS 1.1+), empty for the
//           implicit-IV (TLS 1.0) suites
//   ad    = 11 bytes: seq_num(8) || type(1) || version(2); the 2-byte
//           big-endian plaintext length is appended internally
//   seal  = AES-CBC(iv, plaintext || HMAC(ad || len || plaintext) || pad),
//           minimal padding (1..16 bytes, each equal to its count minus 1)
//   open  accepts any valid padding of up to 256 bytes.
//
// open() runs in time independent of the plaintext, its length, the padding
// and the MAC (Lucky Thirteen): the padding is checked with masks over the
// largest possible padding, the MAC of the secret-length record is computed
// with a fixed number of compression-function calls, and the received MAC
// is extracted from its secret position by a rotation built from
// power-of-two steps. A bad padding and a bad MAC give the same error,
// kAuthenticationFailed, after the same work, and the output is zeroed.
//
// Implicit-IV suites chain the IV like TLS 1.0: each seal/open continues
// from the last ciphertext block of the previous one on the same object
// (use one object per direction). Explicit-IV suites keep no state.
//
// The CBC work goes through the AES key's row (AES-NI, ARMv8, vpaes,
// bitsliced ...), the MAC through the HMAC key's compression-function row
// (portable, SHA-NI, ARMv8 SHA; crypto/hash/sha_row.h).
#ifndef CTCRYPTO_TLS_CBC_H_
#define CTCRYPTO_TLS_CBC_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

enum class TlsCbcSuite {
  kAes128CbcSha1,            // aes-128-cbc-sha1-tls
  kAes128CbcSha256,          // aes-128-cbc-sha256-tls
  kAes256CbcSha1,            // aes-256-cbc-sha1-tls
  kAes256CbcSha256,          // aes-256-cbc-sha256-tls
  kAes256CbcSha384,          // aes-256-cbc-sha384-tls
  kAes128CbcSha1ImplicitIv,  // aes-128-cbc-sha1-tls-implicit-iv
  kAes256CbcSha1ImplicitIv,  // aes-256-cbc-sha1-tls-implicit-iv
};

inline constexpr size_t kTlsCbcAdLen = 11;
inline constexpr size_t kTlsCbcIvLen = 16;

struct TlsCbcSuiteInfo {
  const char* name;     // e.g. "aes-128-cbc-sha1-tls"
  HashAlgorithm hash;
  size_t mac_key_len;   // = MAC length
  size_t enc_key_len;   // 16 or 32
  bool implicit_iv;
  size_t key_len() const { return mac_key_len + enc_key_len + (implicit_iv ? 16 : 0); }
  size_t nonce_len() const { return implicit_iv ? 0 : kTlsCbcIvLen; }
};

const TlsCbcSuiteInfo& tls_cbc_suite_info(TlsCbcSuite suite);
// tls_cbc_suite_from_name: false if `name` is not one of the names above.
bool tls_cbc_suite_from_name(const char* name, TlsCbcSuite* suite);

// The library reaches the object's private members through TlsCbcAccess alone
// (crypto/tls/tls_cbc_access.h).
namespace internal {
struct TlsCbcAccess;
}  // namespace internal

// TlsCbcAead wipes its key material (AES key, HMAC key states, chaining
// IV) on clear() and destruction. Copies are independent objects (an
// implicit-IV copy chains on its own) that wipe themselves in turn.
class TlsCbcAead {
 public:
  TlsCbcAead() = default;
  TlsCbcAead(const TlsCbcAead&) = default;
  TlsCbcAead& operator=(const TlsCbcAead&) = default;
  ~TlsCbcAead() { clear(); }
  // clear: wipes everything; uninitialised afterwards.
  void clear();

  // init: key of suite_info.key_len() bytes. tag_len is 0 (the default) or
  // the MAC length, as BoringSSL's legacy AEADs accept.
  Status init(TlsCbcSuite suite, std::span<const uint8_t> key,
              size_t tag_len = 0);

  bool initialized() const { return aes_.initialized(); }
  const TlsCbcSuiteInfo& info() const { return *info_; }
  // mac_len: the suite's MAC length, 0 when uninitialised.
  size_t mac_len() const;
  const AesKey& aes_key() const { return aes_; }
  // sha_row_name: the MAC's compression-function row, "none" when
  // uninitialised.
  const char* sha_row_name() const;
  // sha_backend_name: the former name of sha_row_name() ("backend" and "row" were two
  // words for one thing; "row" stayed).
  const char* sha_backend_name() const { return sha_row_name(); }

  // seal_len: the exact output length of seal() for `in_len` bytes; 0 for
  // in_len >= 2^16, which seal() refuses.
  size_t seal_len(size_t in_len) const;
  // seal: writes seal_len(in.size()) bytes. in.size() < 2^16
  // (kMessageTooLong otherwise). out may equal in (in place) when
  // out.size() is large enough.
  Status seal(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad);
  // open: in is the whole record (a multiple of 16 bytes, at least
  // mac_len() + 1). out must hold in.size() - mac_len() - 1 bytes (the
  // longest possible plaintext); open may write all of them, zeros past the
  // plaintext. On kAuthenticationFailed that whole area is zero. Argument
  // errors are reported before anything is written.
  Status open(std::span<uint8_t> out, size_t* out_len,
              std::span<const uint8_t> nonce, std::span<const uint8_t> in,
              std::span<const uint8_t> ad);

 private:
  // check_common: the argument checks seal and open share.
  Status check_common(std::span<const uint8_t> nonce,
                      std::span<const uint8_t> ad,
                      std::span<const uint8_t> in,
                      std::span<const uint8_t> out,
                      const size_t* out_len) const;

  friend struct internal::TlsCbcAccess;
  AesKey aes_;
  // The MAC key's ipad/opad states (internal::HmacKeyState).
  alignas(kHashStateAlign) unsigned char mac_[kHmacKeyStateSize] = {};
  const TlsCbcSuiteInfo* info_ = nullptr;
  // The stitched CBC+SHA seal kernel of the key's pair of rows (an
  // internal::TlsCbcKernel, chosen once by init()); null when it has none.
  const void* kernel_ = nullptr;
  uint8_t iv_[16] = {};  // implicit-IV suites: the chaining value
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_TLS_CBC_H_
