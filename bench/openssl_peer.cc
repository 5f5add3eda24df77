// openssl_peer.cc: //bench:speed_vs_openssl, the same workloads as
// //bench:speed through ctcrypto's public API and through the system OpenSSL 3
// (libcrypto, EVP interface), measured back to back in one process run, with
// the ratio ours/OpenSSL per line (timing, options and output:
// bench/harness.h):
//
//   Did 2418000 AES-128-GCM (16 bytes) seal operations in 100012us (...): 386.8
//   MB/s OpenSSL: Did 3100000 AES-128-GCM (16 bytes) seal operations in ...:
//   495.9 MB/s Ratio AES-128-GCM (16 bytes) seal: ours/OpenSSL 0.78
//
// Host only (x86_64_aesni): the cross targets have no libcrypto.
//
// CTCRYPTO_DISABLE is mirrored into OpenSSL's capability mask: when it is set
// and OPENSSL_ia32cap is not, the program sets OPENSSL_ia32cap to clear the
// matching CPUID bits and re-executes itself (OpenSSL reads the variable once,
// before main). The mapping (bit numbers from OpenSSL's OPENSSL_ia32cap(3):
// word 0 = CPUID.1:EDX | CPUID.1:ECX << 32, word 1 = CPUID.7:EBX |
// CPUID.7:ECX << 32):
//   aesni  -> word 0 bit 57 (AES)       pclmul -> word 0 bit 33 (PCLMULQDQ)
//   ssse3  -> word 0 bit 41 (SSSE3)     avx    -> word 0 bit 60 (AVX)
//   avx2   -> word 1 bit 5              avx512 -> word 1 bits 16,17,30,31
//   vaes   -> word 1 bits 41 (VAES), 42 (VPCLMULQDQ)
//   shani  -> word 1 bit 29 (SHA)
// With everything disabled OpenSSL falls back to its table-based AES, which
// is not constant time; ctcrypto's fallback is bitsliced.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/harness.h"
#include "crypto/cpu/cpu.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace {

using ctcrypto::Status;
using ctcrypto::bench::kAdLen;
using ctcrypto::bench::kKey;
using ctcrypto::bench::kNonceLen;
using ctcrypto::bench::kSectorChunks;
using ctcrypto::bench::kTlsCbcKey;
using ctcrypto::bench::kXtsKey;
namespace ci = ctcrypto::internal;

constexpr size_t kTagLen = 16;
constexpr size_t kWrapOverhead = ctcrypto::kKeyWrapOverhead;

// The workloads, as in //bench:speed:
//   GCM, CCM: seal/open with a 12-byte nonce, 16-byte tag, 13-byte AD;
//   CMAC, GMAC: the 16-byte tag over `len` bytes (GMAC: all of it AD, no
//     plaintext; OpenSSL's side is EVP AES-GCM fed that way);
//   XTS: one `len`-byte data unit under a fixed tweak (`iv`); key_len is the
//     whole XTS key (32 or 64 bytes of kXtsKey);
//   KW, KWP: wrap a `len`-byte key / unwrap its wrapping (OpenSSL:
//     id-aes*-wrap and id-aes*-wrap-pad with the default IV);
//   TLS-CBC: seal / open one TLS 1.2 CBC record of `len` plaintext bytes
//     (OursTls / TheirsTls below).
// (AES-GCM-SIV has no line here: OpenSSL 3.0 has no GCM-SIV.)
enum class Kind {
  kGcmSeal,
  kGcmOpen,
  kCtr,
  kCbcDecrypt,
  kCcmSeal,
  kCcmOpen,
  kCmac,
  kGmac,
  kXtsEncrypt,
  kXtsDecrypt,
  kKwWrap,
  kKwUnwrap,
  kKwpWrap,
  kKwpUnwrap,
  kTlsCbcSeal,
  kTlsCbcOpen,
};

bool is_tls(Kind k) { return k == Kind::kTlsCbcSeal || k == Kind::kTlsCbcOpen; }

bool is_wrap(Kind k) {
  return k == Kind::kKwWrap || k == Kind::kKwUnwrap || k == Kind::kKwpWrap ||
         k == Kind::kKwpUnwrap;
}
bool is_unwrap(Kind k) { return k == Kind::kKwUnwrap || k == Kind::kKwpUnwrap; }
bool is_padded_wrap(Kind k) {
  return k == Kind::kKwpWrap || k == Kind::kKwpUnwrap;
}

struct Buffers {
  explicit Buffers(size_t len)
      : in(len + kTagLen, 0x5a), out(len + kTagLen), nonce(kNonceLen, 7),
        ad(kAdLen, 9), iv(16, 3) {}
  std::vector<uint8_t> in, out, nonce, ad, iv;
};

// Side: one side's workload: what to run, with which key length, on which
// buffers; output() is `out`. For unwrap, `in` holds a wrapped key of
// `in_len` bytes (setup() makes it).
class Side : public ctcrypto::bench::Op {
 public:
  Side(Kind kind, size_t key_len, size_t len)
      : kind_(kind), key_len_(key_len), len_(len), in_len_(len), b_(len) {}
  const void* output() const override { return b_.out.data(); }

 protected:
  Kind kind_;
  size_t key_len_, len_, in_len_;
  Buffers b_;
};

// --- ctcrypto ----------------------------------------------------------------

class Ours : public Side {
 public:
  using Side::Side;
  bool setup() override {
    std::span<const uint8_t> key(kKey, key_len_);
    std::vector<uint8_t> pt(len_, 0x5a);
    size_t n;
    switch (kind_) {
      case Kind::kCtr:
      case Kind::kCbcDecrypt:
        return key_.init(key) == Status::kOk;
      case Kind::kGcmSeal:
      case Kind::kGcmOpen:
        if (gcm_.init(key) != Status::kOk) return false;
        // open: make `in` a valid ciphertext || tag
        return kind_ == Kind::kGcmSeal ||
               gcm_.seal(b_.in, &n, b_.nonce, pt, b_.ad) == Status::kOk;
      case Kind::kCcmSeal:
      case Kind::kCcmOpen:
        if (ccm_.init(key) != Status::kOk) return false;
        return kind_ == Kind::kCcmSeal ||
               ccm_.seal(b_.in, &n, b_.nonce, pt, b_.ad) == Status::kOk;
      case Kind::kCmac:
        return cmac_.init(key) == Status::kOk;
      case Kind::kGmac:
        return gmac_.init(key) == Status::kOk;
      case Kind::kXtsEncrypt:
      case Kind::kXtsDecrypt:
        return xts_.init(std::span<const uint8_t>(kXtsKey, key_len_)) ==
               Status::kOk;
      case Kind::kKwWrap:
      case Kind::kKwUnwrap:
      case Kind::kKwpWrap:
      case Kind::kKwpUnwrap:
        if (key_.init(key) != Status::kOk) return false;
        // unwrap: make `in` the wrapping of a `len`-byte key
        return !is_unwrap(kind_) ||
               wrap(is_padded_wrap(kind_), pt, b_.in, &in_len_) ==
                   Status::kOk;
      case Kind::kTlsCbcSeal:  // OursTls
      case Kind::kTlsCbcOpen:
        return false;
    }
    return false;
  }
  bool run() override {
    size_t n;
    const std::span<const uint8_t> in(b_.in.data(), len_);
    const std::span<const uint8_t> in_tag(b_.in.data(), len_ + kTagLen);
    const std::span<uint8_t> out(b_.out.data(), len_);
    const std::span<uint8_t> tag(b_.out.data(), kTagLen);
    const std::span<const uint8_t, 16> tweak(b_.iv.data(), 16);
    switch (kind_) {
      case Kind::kGcmSeal:
        return gcm_.seal(b_.out, &n, b_.nonce, in, b_.ad) == Status::kOk;
      case Kind::kGcmOpen:
        return gcm_.open(out, &n, b_.nonce, in_tag, b_.ad) == Status::kOk;
      case Kind::kCtr: {
        uint8_t counter[16] = {};
        return ctcrypto::aes_ctr32(key_, counter, in, out) == Status::kOk;
      }
      case Kind::kCbcDecrypt: {
        uint8_t iv[16] = {};
        return ctcrypto::aes_cbc_decrypt(key_, iv, in, out) == Status::kOk;
      }
      case Kind::kCcmSeal:
        return ccm_.seal(b_.out, &n, b_.nonce, in, b_.ad) == Status::kOk;
      case Kind::kCcmOpen:
        return ccm_.open(out, &n, b_.nonce, in_tag, b_.ad) == Status::kOk;
      case Kind::kCmac:
        return cmac_.mac(in, tag) == Status::kOk;
      case Kind::kGmac:
        return gmac_.compute(tag, b_.nonce, in) == Status::kOk;
      case Kind::kXtsEncrypt:
        return xts_.encrypt(tweak, in, out) == Status::kOk;
      case Kind::kXtsDecrypt:
        return xts_.decrypt(tweak, in, out) == Status::kOk;
      case Kind::kKwWrap:
      case Kind::kKwpWrap:
        return wrap(is_padded_wrap(kind_), in, b_.out, &n) == Status::kOk;
      case Kind::kKwUnwrap:
      case Kind::kKwpUnwrap: {
        const std::span<const uint8_t> wrapped(b_.in.data(), in_len_);
        return (is_padded_wrap(kind_)
                    ? ctcrypto::aes_key_unwrap_padded(key_, wrapped, b_.out, &n)
                    : ctcrypto::aes_key_unwrap(key_, wrapped, b_.out, &n)) ==
                   Status::kOk &&
               n == len_;
      }
      case Kind::kTlsCbcSeal:  // OursTls
      case Kind::kTlsCbcOpen:
        return false;
    }
    return false;
  }

 private:
  Status wrap(bool padded, std::span<const uint8_t> in, std::span<uint8_t> out,
              size_t* n) const {
    return padded ? ctcrypto::aes_key_wrap_padded(key_, in, out, n)
                  : ctcrypto::aes_key_wrap(key_, in, out, n);
  }

  ctcrypto::AesKey key_;
  ctcrypto::AesGcm gcm_;
  ctcrypto::AesCcm ccm_;
  ctcrypto::AesCmac cmac_;
  ctcrypto::AesGmac gmac_;
  ctcrypto::AesXts xts_;
};

// --- OpenSSL EVP -------------------------------------------------------------

class Theirs : public Side {
 public:
  Theirs(Kind kind, size_t key_len, size_t len)
      : Side(kind, key_len, len), ctx_(EVP_CIPHER_CTX_new()) {}
  ~Theirs() override {
    EVP_MAC_CTX_free(mac_ctx_);
    EVP_MAC_free(mac_);
    EVP_CIPHER_CTX_free(ctx_);
  }
  bool setup() override {
    if (ctx_ == nullptr) return false;
    if (kind_ == Kind::kCmac) return cmac_setup();
    const bool k128 = key_len_ == 16;
    const EVP_CIPHER* c = nullptr;
    bool enc = true;
    switch (kind_) {
      case Kind::kGcmSeal:
      case Kind::kGcmOpen:
      case Kind::kGmac:
        c = k128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
        enc = kind_ != Kind::kGcmOpen;
        break;
      case Kind::kCtr:
        c = k128 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
        break;
      case Kind::kCbcDecrypt:
        c = k128 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
        enc = false;
        break;
      case Kind::kCcmSeal:
      case Kind::kCcmOpen:
        return ccm_setup(k128 ? EVP_aes_128_ccm() : EVP_aes_256_ccm());
      case Kind::kXtsEncrypt:
      case Kind::kXtsDecrypt:  // key_len_ is the whole XTS key
        c = key_len_ == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
        enc = kind_ == Kind::kXtsEncrypt;
        break;
      case Kind::kKwWrap:
      case Kind::kKwUnwrap:
        c = k128 ? EVP_aes_128_wrap() : EVP_aes_256_wrap();
        enc = kind_ == Kind::kKwWrap;
        break;
      case Kind::kKwpWrap:
      case Kind::kKwpUnwrap:
        c = k128 ? EVP_aes_128_wrap_pad() : EVP_aes_256_wrap_pad();
        enc = kind_ == Kind::kKwpWrap;
        break;
      case Kind::kCmac:
      case Kind::kTlsCbcSeal:  // TheirsTls
      case Kind::kTlsCbcOpen:
        return false;
    }
    if (is_wrap(kind_))
      EVP_CIPHER_CTX_set_flags(ctx_, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
    const bool xts = kind_ == Kind::kXtsEncrypt || kind_ == Kind::kXtsDecrypt;
    if (EVP_CipherInit_ex(ctx_, c, nullptr, xts ? kXtsKey : kKey, nullptr,
                          enc ? 1 : 0) != 1)
      return false;
    if (kind_ == Kind::kCbcDecrypt) EVP_CIPHER_CTX_set_padding(ctx_, 0);
    if (kind_ == Kind::kGcmOpen) return make_input(Kind::kGcmSeal);
    if (is_unwrap(kind_))
      return make_input(kind_ == Kind::kKwUnwrap ? Kind::kKwWrap
                                                 : Kind::kKwpWrap);
    return true;
  }
  bool run() override {
    int n = 0;
    const int len = static_cast<int>(len_);
    switch (kind_) {
      case Kind::kGcmSeal:
        return EVP_EncryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_EncryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_EncryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               EVP_EncryptFinal_ex(ctx_, b_.out.data() + n, &n) == 1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_GET_TAG, kTagLen,
                                   b_.out.data() + len_) == 1;
      case Kind::kGcmOpen:
        return EVP_DecryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_DecryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_DecryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_SET_TAG, kTagLen,
                                   b_.in.data() + len_) == 1 &&
               EVP_DecryptFinal_ex(ctx_, b_.out.data() + n, &n) == 1;
      case Kind::kGmac:  // all data as AD, no plaintext
        return EVP_EncryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_EncryptUpdate(ctx_, nullptr, &n, b_.in.data(), len) == 1 &&
               EVP_EncryptFinal_ex(ctx_, b_.out.data(), &n) == 1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_GET_TAG, kTagLen,
                                   b_.out.data()) == 1;
      // CCM: the total length goes in before the AD (CBC-MAC's first block
      // carries it); the open's Update checks the tag, there is no Final.
      case Kind::kCcmSeal:
        return EVP_EncryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_EncryptUpdate(ctx_, nullptr, &n, nullptr, len) == 1 &&
               EVP_EncryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_EncryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               EVP_EncryptFinal_ex(ctx_, b_.out.data() + n, &n) == 1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_GET_TAG,
                                   static_cast<int>(kTagLen),
                                   b_.out.data() + len_) == 1;
      case Kind::kCcmOpen:
        return EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_TAG,
                                   static_cast<int>(kTagLen),
                                   b_.in.data() + len_) == 1 &&
               EVP_DecryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_DecryptUpdate(ctx_, nullptr, &n, nullptr, len) == 1 &&
               EVP_DecryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_DecryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1;
      case Kind::kCmac: {  // re-initialised per message, the key kept
        size_t out_len = 0;
        return EVP_MAC_init(mac_ctx_, nullptr, 0, nullptr) == 1 &&
               EVP_MAC_update(mac_ctx_, b_.in.data(), len_) == 1 &&
               EVP_MAC_final(mac_ctx_, b_.out.data(), &out_len, kTagLen) == 1;
      }
      case Kind::kCtr:
      case Kind::kCbcDecrypt:
      case Kind::kXtsEncrypt:  // the IV is the tweak
      case Kind::kXtsDecrypt:
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr,
                                 b_.iv.data(), -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1;
      // Key wrap: one Update is one whole (un)wrap, under the default IV.
      case Kind::kKwWrap:
      case Kind::kKwpWrap:
      case Kind::kKwUnwrap:
      case Kind::kKwpUnwrap:
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr, nullptr,
                                 -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(),
                                static_cast<int>(in_len_)) == 1 &&
               (!is_unwrap(kind_) || n == len);
      case Kind::kTlsCbcSeal:  // TheirsTls
      case Kind::kTlsCbcOpen:
        return false;
    }
    return false;
  }

 private:
  // make_input: fills `in` with what a `sealer` run of this side's key
  // produces (a ciphertext || tag, a wrapped key), for open / unwrap.
  bool make_input(Kind sealer_kind) {
    Theirs sealer(sealer_kind, key_len_, len_);
    if (!sealer.setup() || !sealer.run()) return false;
    const size_t n = is_wrap(kind_)
                         ? (is_padded_wrap(kind_) ? (len_ + 7) / 8 * 8 : len_) +
                               kWrapOverhead
                         : len_ + kTagLen;
    std::memcpy(b_.in.data(), sealer.b_.out.data(), n);
    in_len_ = n;
    return true;
  }
  // CCM: nonce and tag lengths are set before the key.
  bool ccm_setup(const EVP_CIPHER* c) {
    const bool enc = kind_ == Kind::kCcmSeal;
    if (EVP_CipherInit_ex(ctx_, c, nullptr, nullptr, nullptr, enc ? 1 : 0) !=
            1 ||
        EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_IVLEN,
                            static_cast<int>(kNonceLen), nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_TAG,
                            static_cast<int>(kTagLen), nullptr) != 1 ||
        EVP_CipherInit_ex(ctx_, nullptr, nullptr, kKey, nullptr, -1) != 1)
      return false;
    return enc || make_input(Kind::kCcmSeal);
  }
  // CMAC: EVP_MAC "CMAC" over AES-<bits>-CBC.
  bool cmac_setup() {
    mac_ = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
    if (mac_ == nullptr) return false;
    mac_ctx_ = EVP_MAC_CTX_new(mac_);
    if (mac_ctx_ == nullptr) return false;
    char cipher[16];
    std::snprintf(cipher, sizeof(cipher), "AES-%zu-CBC", key_len_ * 8);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0),
        OSSL_PARAM_construct_end()};
    return EVP_MAC_init(mac_ctx_, kKey, key_len_, params) == 1;
  }

  EVP_CIPHER_CTX* ctx_;
  EVP_MAC* mac_ = nullptr;
  EVP_MAC_CTX* mac_ctx_ = nullptr;
};

// --- TLS-CBC records ---------------------------------------------------------
//
// The TLS 1.2 CBC suites of //bench:speed, one record per call; the chunk is
// the plaintext length. seal: HMAC (key of the MAC length) over the 13-byte
// header - the 11-byte AD below || the 2-byte plaintext length - and the
// plaintext, minimal TLS padding (1..16 bytes, each equal to the count minus
// one), AES-CBC of plaintext || MAC || padding under the record's explicit
// IV. open: the reverse, on the record ctcrypto seals (so each OpenSSL open
// line decrypts ours).
//
// OpenSSL's side takes one of two paths; the program prints which, per
// suite, before the lines:
//  - stitched: OpenSSL's "AES-{128,256}-CBC-HMAC-SHA{1,256}" EVP ciphers,
//    its fastest TLS-CBC path (on seal the CBC encryption is interleaved
//    with the SHA rounds), driven as its TLS record layer drives them:
//    EVP_CTRL_AEAD_SET_MAC_KEY once, then per record
//    EVP_CTRL_AEAD_TLS1_AAD with the 13-byte header and one EVP_Cipher over
//    the record. The default provider offers them only when OPENSSL_ia32cap
//    reports AES-NI (the SHA-256 one also needs an extension its stitched
//    assembly uses, such as AVX or SHA-NI); otherwise the fetch fails and
//    the suite takes the composed path. For TLS 1.1+ these
//    ciphers take the explicit IV as a block in front of the payload: seal
//    CBC-encrypts that block with the rest (the record layer fills it with
//    random bytes; its encryption is the IV on the wire), so OpenSSL does one
//    AES block more per sealed record than ours; open takes IV || ciphertext
//    (the SHA-1 cipher starts the chain from that block, the SHA-256 one
//    decrypts it too and skips the result: one more block per open).
//  - composed (SHA-384 always: there is no stitched SHA-384 cipher): EVP_MAC
//    "HMAC" with the suite's digest and EVP_CIPHER AES-CBC with padding off,
//    the record steps written out below.
//
// Constant time: ours opens in time independent of the padding and the MAC
// position (Lucky Thirteen; ctcrypto/tls_cbc.h). The composed open is NOT
// constant time: it reads the padding byte, checks that many bytes and
// hashes only the plaintext the padding implies, as a plain record layer
// would, so on composed lines the open ratio compares a constant-time open
// with a variable-time one (OpenSSL's own constant-time CBC record handling
// is in libssl, which EVP does not reach). The stitched ciphers' open checks
// padding and MAC with masks over the largest padding, OpenSSL's own Lucky
// Thirteen countermeasure, so there both opens are built to be constant
// time.

// The record's AD (sequence number 1, application_data, TLS 1.2) and
// explicit IV. Both sides use these bytes; the version matters to the
// stitched ciphers (1.1 and later: explicit IV).
constexpr uint8_t kTlsAd[ctcrypto::kTlsCbcAdLen] = {0, 0, 0, 0, 0, 0, 0, 1,
                                                    0x17, 0x03, 0x03};
constexpr uint8_t kTlsIv[ctcrypto::kTlsCbcIvLen] = {
    0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
    0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf};
constexpr size_t kTlsHeaderLen = ctcrypto::kTlsCbcAdLen + 2;
static_assert(kTlsHeaderLen == EVP_AEAD_TLS1_AAD_LEN);
constexpr size_t kBlock = 16;
constexpr size_t kMaxMac = 48;  // SHA-384

const ctcrypto::TlsCbcSuiteInfo& info_of(ctcrypto::TlsCbcSuite suite) {
  return ctcrypto::tls_cbc_suite_info(suite);
}

// stitched_cipher: OpenSSL's stitched cipher for `suite`, nullptr if none.
const char* stitched_cipher(ctcrypto::TlsCbcSuite suite) {
  const ctcrypto::TlsCbcSuiteInfo& info = info_of(suite);
  const bool k128 = info.enc_key_len == 16;
  switch (info.hash) {
    case ctcrypto::HashAlgorithm::kSha1:
      return k128 ? "AES-128-CBC-HMAC-SHA1" : "AES-256-CBC-HMAC-SHA1";
    case ctcrypto::HashAlgorithm::kSha256:
      return k128 ? "AES-128-CBC-HMAC-SHA256" : "AES-256-CBC-HMAC-SHA256";
    case ctcrypto::HashAlgorithm::kSha384:
    case ctcrypto::HashAlgorithm::kSha512:
      return nullptr;
  }
  return nullptr;
}

const char* digest_name(ctcrypto::HashAlgorithm h) {
  switch (h) {
    case ctcrypto::HashAlgorithm::kSha1:
      return "SHA1";
    case ctcrypto::HashAlgorithm::kSha256:
      return "SHA256";
    case ctcrypto::HashAlgorithm::kSha384:
      return "SHA384";
    case ctcrypto::HashAlgorithm::kSha512:
      return "SHA512";
  }
  return "";
}

std::span<const uint8_t> tls_key(ctcrypto::TlsCbcSuite suite) {
  return {kTlsCbcKey, info_of(suite).key_len()};
}

// OursTls: ctcrypto::TlsCbcAead. out() is what the last run() wrote: the
// record (seal) or the plaintext, then zeros (open).
class OursTls : public ctcrypto::bench::Op {
 public:
  OursTls(bool open, ctcrypto::TlsCbcSuite suite, size_t len)
      : open_(open), suite_(suite), len_(len), pt_(len, 0x5a) {}
  bool setup() override {
    if (aead_.init(suite_, tls_key(suite_)) != Status::kOk) return false;
    record_.assign(aead_.seal_len(len_), 0);
    out_.assign(record_.size(), 0);
    size_t n;
    return !open_ ||
           (aead_.seal(record_, &n, kTlsIv, pt_, kTlsAd) == Status::kOk &&
            n == record_.size());
  }
  bool run() override {
    size_t n;
    if (open_)
      return aead_.open(out_, &n, kTlsIv, record_, kTlsAd) == Status::kOk &&
             n == len_;
    return aead_.seal(out_, &n, kTlsIv, pt_, kTlsAd) == Status::kOk;
  }
  const void* output() const override { return out_.data(); }
  std::span<const uint8_t> out() const { return out_; }
  std::span<const uint8_t> plaintext() const { return pt_; }

 private:
  bool open_;
  ctcrypto::TlsCbcSuite suite_;
  size_t len_;
  ctcrypto::TlsCbcAead aead_;
  std::vector<uint8_t> pt_, record_, out_;
};

// TheirsTls: the same record through OpenSSL 3 EVP, stitched or composed
// (above). `in_` holds what one call reads: seal - [IV block] || plaintext;
// open - [explicit IV] || ours' record (the bracketed block on the stitched
// path only).
class TheirsTls : public ctcrypto::bench::Op {
 public:
  TheirsTls(bool open, ctcrypto::TlsCbcSuite suite, size_t len)
      : open_(open),
        suite_(suite),
        mac_len_(info_of(suite).mac_key_len),
        len_(len),
        ctx_(EVP_CIPHER_CTX_new()) {}
  ~TheirsTls() override {
    EVP_MAC_CTX_free(mac_ctx_);
    EVP_MAC_free(mac_);
    EVP_CIPHER_CTX_free(ctx_);
    EVP_CIPHER_free(cipher_);
  }
  bool setup() override {
    if (ctx_ == nullptr) return false;
    const ctcrypto::TlsCbcSuiteInfo& info = info_of(suite_);
    const uint8_t* mac_key = kTlsCbcKey;
    const uint8_t* aes_key = kTlsCbcKey + mac_len_;
    ctcrypto::TlsCbcAead ours;
    if (ours.init(suite_, tls_key(suite_)) != Status::kOk) return false;
    record_len_ = ours.seal_len(len_);
    const char* stitched = stitched_cipher(suite_);
    if (stitched != nullptr) {
      cipher_ = EVP_CIPHER_fetch(nullptr, stitched, nullptr);
      ERR_clear_error();  // an unavailable cipher leaves the reason queued
    }
    stitched_ = cipher_ != nullptr;
    if (!stitched_)
      cipher_ = EVP_CIPHER_fetch(
          nullptr, info.enc_key_len == 16 ? "AES-128-CBC" : "AES-256-CBC",
          nullptr);
    if (cipher_ == nullptr) return false;
    path_ = stitched_ ? std::string(stitched) + " (stitched EVP cipher)"
                      : std::string("EVP_MAC HMAC-") + digest_name(info.hash) +
                            " + " + EVP_CIPHER_get0_name(cipher_) +
                            " (composed, open not constant time)";
    const size_t iv_block = stitched_ ? kBlock : 0;
    in_.assign(iv_block + record_len_, 0);
    out_.assign(iv_block + record_len_, 0);
    // Stitched: the object starts from a zero IV and, on seal, chains from
    // one record to the next, as in the record layer.
    static constexpr uint8_t kZeroIv[kBlock] = {};
    if (EVP_CipherInit_ex(ctx_, cipher_, nullptr, aes_key,
                          stitched_ ? kZeroIv : kTlsIv, open_ ? 0 : 1) != 1)
      return false;
    if (stitched_) {
      if (EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_AEAD_SET_MAC_KEY,
                              static_cast<int>(mac_len_),
                              const_cast<uint8_t*>(mac_key)) <= 0)
        return false;
    } else {
      EVP_CIPHER_CTX_set_padding(ctx_, 0);
      if (!hmac_setup(mac_key, digest_name(info.hash))) return false;
    }
    if (open_) {
      std::vector<uint8_t> pt(len_, 0x5a);
      size_t n;
      std::memcpy(in_.data(), kTlsIv, iv_block);
      return ours.seal(std::span<uint8_t>(in_).subspan(iv_block), &n, kTlsIv,
                       pt, kTlsAd) == Status::kOk &&
             n == record_len_;
    }
    std::memset(in_.data() + iv_block, 0x5a, len_);
    // The IV block: AES^-1(explicit IV), so that the first seal from the
    // zero IV puts the explicit IV first and then exactly ours' record.
    return !stitched_ || decrypt_block(aes_key, info.enc_key_len, kTlsIv,
                                       in_.data());
  }
  bool run() override {
    if (stitched_) return run_stitched();
    return open_ ? open_composed() : seal_composed();
  }
  const void* output() const override { return out_.data(); }

  bool stitched() const { return stitched_; }
  const std::string& path() const { return path_; }
  // After a seal run(): the explicit IV the stitched cipher wrote in front
  // (empty on the composed path) and the record.
  std::span<const uint8_t> explicit_iv() const {
    return {out_.data(), stitched_ ? kBlock : 0};
  }
  std::span<const uint8_t> record() const {
    return {out_.data() + (stitched_ ? kBlock : 0), record_len_};
  }
  // After an open run(): the plaintext.
  std::span<const uint8_t> plaintext() const {
    return {out_.data() + (stitched_ ? kBlock : 0), len_};
  }

 private:
  bool hmac_setup(const uint8_t* key, const char* digest) {
    mac_ = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
    if (mac_ == nullptr) return false;
    mac_ctx_ = EVP_MAC_CTX_new(mac_);
    if (mac_ctx_ == nullptr) return false;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                         const_cast<char*>(digest), 0),
        OSSL_PARAM_construct_end()};
    return EVP_MAC_init(mac_ctx_, key, mac_len_, params) == 1;
  }
  static bool decrypt_block(const uint8_t* key, size_t key_len,
                            const uint8_t* in, uint8_t* out) {
    EVP_CIPHER_CTX* c = EVP_CIPHER_CTX_new();
    int n = 0;
    const EVP_CIPHER* ecb =
        key_len == 16 ? EVP_aes_128_ecb() : EVP_aes_256_ecb();
    const bool ok =
        c != nullptr &&
        EVP_DecryptInit_ex(c, ecb, nullptr, key, nullptr) == 1 &&
        EVP_CIPHER_CTX_set_padding(c, 0) == 1 &&
        EVP_DecryptUpdate(c, out, &n, in, static_cast<int>(kBlock)) == 1 &&
        n == static_cast<int>(kBlock);
    EVP_CIPHER_CTX_free(c);
    return ok;
  }
  void set_header_length(size_t len) {
    std::memcpy(header_, kTlsAd, sizeof(kTlsAd));
    header_[kTlsHeaderLen - 2] = static_cast<uint8_t>(len >> 8);
    header_[kTlsHeaderLen - 1] = static_cast<uint8_t>(len);
  }
  // hmac: the record MAC of `len` bytes at `data` into `mac`.
  bool hmac(const uint8_t* data, size_t len, uint8_t* mac) {
    set_header_length(len);
    size_t n = 0;
    return EVP_MAC_init(mac_ctx_, nullptr, 0, nullptr) == 1 &&
           EVP_MAC_update(mac_ctx_, header_, kTlsHeaderLen) == 1 &&
           EVP_MAC_update(mac_ctx_, data, len) == 1 &&
           EVP_MAC_final(mac_ctx_, mac, &n, mac_len_) == 1 && n == mac_len_;
  }
  // The stitched cipher does the whole record in EVP_Cipher. The header's
  // length is the payload's, explicit IV block included, on seal (the
  // cipher subtracts the block and returns what it appends: MAC and
  // padding); open ignores it and checks padding and MAC itself.
  bool run_stitched() {
    set_header_length(open_ ? record_len_ : kBlock + len_);
    const int added = EVP_CIPHER_CTX_ctrl(
        ctx_, EVP_CTRL_AEAD_TLS1_AAD, static_cast<int>(kTlsHeaderLen), header_);
    if (added <= 0 || (!open_ && len_ + static_cast<size_t>(added) !=
                                     record_len_))
      return false;
    return EVP_Cipher(ctx_, out_.data(), in_.data(),
                      static_cast<unsigned>(kBlock + record_len_)) > 0;
  }
  // Composed seal: the plaintext's whole blocks are encrypted from `in_`,
  // its last partial block, the MAC and the padding from `tail_`.
  bool seal_composed() {
    const size_t whole = len_ / kBlock * kBlock;
    const size_t rest = len_ - whole;
    std::memcpy(tail_, in_.data() + whole, rest);
    if (!hmac(in_.data(), len_, tail_ + rest)) return false;
    const size_t pad = kBlock - (len_ + mac_len_) % kBlock;
    std::memset(tail_ + rest + mac_len_, static_cast<int>(pad - 1), pad);
    int n1 = 0, n2 = 0;
    return EVP_EncryptInit_ex(ctx_, nullptr, nullptr, nullptr, kTlsIv) == 1 &&
           EVP_EncryptUpdate(ctx_, out_.data(), &n1, in_.data(),
                             static_cast<int>(whole)) == 1 &&
           EVP_EncryptUpdate(ctx_, out_.data() + whole, &n2, tail_,
                             static_cast<int>(rest + mac_len_ + pad)) == 1 &&
           static_cast<size_t>(n1) + static_cast<size_t>(n2) == record_len_;
  }
  // Composed open, variable time (above): decrypt, read the padding byte,
  // check the padding, MAC the plaintext it leaves, compare.
  bool open_composed() {
    int n = 0;
    if (EVP_DecryptInit_ex(ctx_, nullptr, nullptr, nullptr, kTlsIv) != 1 ||
        EVP_DecryptUpdate(ctx_, out_.data(), &n, in_.data(),
                          static_cast<int>(record_len_)) != 1 ||
        static_cast<size_t>(n) != record_len_)
      return false;
    const uint8_t* rec = out_.data();
    const size_t pad = rec[record_len_ - 1];
    if (pad + 1 + mac_len_ > record_len_) return false;
    for (size_t i = record_len_ - 1 - pad; i < record_len_ - 1; i++)
      if (rec[i] != pad) return false;
    const size_t pt_len = record_len_ - 1 - pad - mac_len_;
    uint8_t mac[kMaxMac];
    return hmac(rec, pt_len, mac) &&
           CRYPTO_memcmp(mac, rec + pt_len, mac_len_) == 0 && pt_len == len_;
  }

  bool open_;
  ctcrypto::TlsCbcSuite suite_;
  size_t mac_len_, len_, record_len_ = 0;
  bool stitched_ = false;
  std::string path_;
  EVP_CIPHER_CTX* ctx_;
  EVP_CIPHER* cipher_ = nullptr;
  EVP_MAC* mac_ = nullptr;
  EVP_MAC_CTX* mac_ctx_ = nullptr;
  std::vector<uint8_t> in_, out_;
  // One byte more than the header: OpenSSL's SHA-256 stitched cipher, in
  // some versions, stores the adjusted length's high byte one past it.
  uint8_t header_[kTlsHeaderLen + 1] = {};
  uint8_t tail_[kBlock - 1 + kMaxMac + kBlock] = {};
};

// --- the table (the names and verbs of //bench:speed) ------------------------

struct Measurement {
  ctcrypto::bench::Measurement m;  // name, verb, granularity, chunks
  Kind kind;
  size_t key_len;  // TLS-CBC lines: the suite's AES key length
  ctcrypto::TlsCbcSuite suite = ctcrypto::TlsCbcSuite::kAes128CbcSha1;  // TLS
};

constexpr Measurement kMeasurements[] = {
    {{"AES-128-GCM", "seal", 1}, Kind::kGcmSeal, 16},
    {{"AES-128-GCM", "open", 1}, Kind::kGcmOpen, 16},
    {{"AES-256-GCM", "seal", 1}, Kind::kGcmSeal, 32},
    {{"AES-256-GCM", "open", 1}, Kind::kGcmOpen, 32},
    {{"AES-128-CTR", "encrypt", 1}, Kind::kCtr, 16},
    {{"AES-128-CBC", "decrypt", 16}, Kind::kCbcDecrypt, 16},
    {{"AES-128-CBC-SHA1", "seal", 1}, Kind::kTlsCbcSeal, 16,
     ctcrypto::TlsCbcSuite::kAes128CbcSha1},
    {{"AES-128-CBC-SHA1", "open", 1}, Kind::kTlsCbcOpen, 16,
     ctcrypto::TlsCbcSuite::kAes128CbcSha1},
    {{"AES-128-CBC-SHA256", "seal", 1}, Kind::kTlsCbcSeal, 16,
     ctcrypto::TlsCbcSuite::kAes128CbcSha256},
    {{"AES-128-CBC-SHA256", "open", 1}, Kind::kTlsCbcOpen, 16,
     ctcrypto::TlsCbcSuite::kAes128CbcSha256},
    {{"AES-256-CBC-SHA384", "seal", 1}, Kind::kTlsCbcSeal, 32,
     ctcrypto::TlsCbcSuite::kAes256CbcSha384},
    {{"AES-256-CBC-SHA384", "open", 1}, Kind::kTlsCbcOpen, 32,
     ctcrypto::TlsCbcSuite::kAes256CbcSha384},
    {{"AES-128-CCM", "seal", 1}, Kind::kCcmSeal, 16},
    {{"AES-128-CCM", "open", 1}, Kind::kCcmOpen, 16},
    {{"AES-128-CMAC", "mac", 1}, Kind::kCmac, 16},
    {{"AES-128-GMAC", "mac", 1}, Kind::kGmac, 16},
    {{"AES-128-XTS", "encrypt", 16, kSectorChunks}, Kind::kXtsEncrypt, 32},
    {{"AES-128-XTS", "decrypt", 16, kSectorChunks}, Kind::kXtsDecrypt, 32},
    {{"AES-256-XTS", "encrypt", 16, kSectorChunks}, Kind::kXtsEncrypt, 64},
    {{"AES-256-XTS", "decrypt", 16, kSectorChunks}, Kind::kXtsDecrypt, 64},
    {{"AES-128-KW", "wrap", 8}, Kind::kKwWrap, 16},
    {{"AES-128-KW", "unwrap", 8}, Kind::kKwUnwrap, 16},
    {{"AES-256-KW", "wrap", 8}, Kind::kKwWrap, 32},
    {{"AES-256-KW", "unwrap", 8}, Kind::kKwUnwrap, 32},
    {{"AES-128-KWP", "wrap", 1}, Kind::kKwpWrap, 16},
    {{"AES-128-KWP", "unwrap", 1}, Kind::kKwpUnwrap, 16},
};

std::unique_ptr<ctcrypto::bench::Op> make_ours(const Measurement& m,
                                               size_t len) {
  if (is_tls(m.kind))
    return std::make_unique<OursTls>(m.kind == Kind::kTlsCbcOpen, m.suite, len);
  return std::make_unique<Ours>(m.kind, m.key_len, len);
}

std::unique_ptr<ctcrypto::bench::Op> make_theirs(const Measurement& m,
                                                 size_t len) {
  if (is_tls(m.kind))
    return std::make_unique<TheirsTls>(m.kind == Kind::kTlsCbcOpen, m.suite,
                                       len);
  return std::make_unique<Theirs>(m.kind, m.key_len, len);
}

bool same(std::span<const uint8_t> a, std::span<const uint8_t> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0;
}

// check_tls_agreement: before anything is timed, per TLS-CBC suite and at a
// few lengths (empty, under a block, a length whose high byte differs from
// that of the stitched ciphers' payload length with the IV block, 1350,
// several SHA blocks): OpenSSL's
// first seal must be ours byte for byte (stitched: after the explicit IV,
// which must be the record's) and OpenSSL's open of ours' record must
// succeed with our plaintext. Otherwise the two sides would not be doing the
// same work, and the program aborts. Prints the OpenSSL path per suite.
void check_tls_agreement(ctcrypto::bench::Printer& out) {
  for (const Measurement& m : kMeasurements) {
    if (m.kind != Kind::kTlsCbcSeal) continue;
    std::string path;
    for (const size_t len :
         {size_t{0}, size_t{15}, size_t{240}, size_t{1350}, size_t{8191}}) {
      OursTls ours(false, m.suite, len);
      TheirsTls seal(false, m.suite, len), open(true, m.suite, len);
      const bool ran = ours.setup() && ours.run() && seal.setup() &&
                       seal.run() && open.setup() && open.run();
      const bool agree =
          ran && same(seal.record(), ours.out()) &&
          (!seal.stitched() || same(seal.explicit_iv(), kTlsIv)) &&
          open.stitched() == seal.stitched() &&
          same(open.plaintext(), ours.plaintext());
      if (!agree) {
        std::fprintf(stderr,
                     "speed_vs_openssl: FATAL: %s, %zu-byte record: %s "
                     "(OpenSSL path: %s); the TLS-CBC lines would not "
                     "measure the same work\n",
                     m.m.name, len,
                     ran ? "OpenSSL's record or plaintext differs from ours"
                         : "a seal or open failed (OpenSSL's open refused "
                           "ours?)",
                     seal.path().c_str());
        std::abort();
      }
      path = seal.path();
    }
    out.note(std::string("OpenSSL path for ") + m.m.name + ": " + path);
  }
}

// --- CTCRYPTO_DISABLE -> OPENSSL_ia32cap ---------------------------------------

std::string ia32cap_for(uint32_t disabled) {
  uint64_t w0 = 0, w1 = 0;
  if (disabled & ci::kCapAesni) w0 |= uint64_t{1} << 57;
  if (disabled & ci::kCapPclmul) w0 |= uint64_t{1} << 33;
  if (disabled & ci::kCapSsse3) w0 |= uint64_t{1} << 41;
  if (disabled & ci::kCapAvx) w0 |= uint64_t{1} << 60;
  if (disabled & ci::kCapAvx2) w1 |= uint64_t{1} << 5;
  if (disabled & ci::kCapAvx512)
    w1 |= (uint64_t{1} << 16) | (uint64_t{1} << 17) | (uint64_t{1} << 30) |
          (uint64_t{1} << 31);
  if (disabled & ci::kCapVaes) w1 |= (uint64_t{3} << 41);
  if (disabled & ci::kCapShaNi) w1 |= uint64_t{1} << 29;
  if (w0 == 0 && w1 == 0) return "";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "~0x%" PRIx64 ":~0x%" PRIx64, w0, w1);
  return buf;
}

void mirror_disable_into_openssl(char** argv) {
  const char* list = std::getenv("CTCRYPTO_DISABLE");
  if (list == nullptr || std::getenv("OPENSSL_ia32cap") != nullptr) return;
  // The same closure the library applies ("no avx" also removes avx2, ...).
  const uint32_t all = ~uint32_t{0};
  const uint32_t disabled =
      all & ~ci::caps_remove(all, ci::parse_disable_list(list, nullptr));
  const std::string cap = ia32cap_for(disabled);
  if (cap.empty()) return;
  setenv("OPENSSL_ia32cap", cap.c_str(), 1);
  execv("/proc/self/exe", argv);
  std::perror("speed_vs_openssl: re-exec with OPENSSL_ia32cap");
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  mirror_disable_into_openssl(argv);

  std::vector<ctcrypto::bench::Measurement> names;
  for (const Measurement& m : kMeasurements) names.push_back(m.m);
  const ctcrypto::bench::Options opt = ctcrypto::bench::parse_options(
      argc, argv, "speed_vs_openssl",
      "CTCRYPTO_DISABLE is mirrored into OPENSSL_ia32cap unless that is set.",
      names);

  const char* cap = std::getenv("OPENSSL_ia32cap");
  ctcrypto::bench::Printer out(opt.json);
  out.begin(std::string("ctcrypto speed_vs_openssl: ") +
            ctcrypto::bench::active_rows() + "; " +
            OpenSSL_version(OPENSSL_VERSION) +
            "; OPENSSL_ia32cap=" + (cap != nullptr ? cap : "(unset)"));
  check_tls_agreement(out);
  int rc = 0;
  for (const Measurement& m : kMeasurements) {
    for (const ctcrypto::bench::Case& c : ctcrypto::bench::cases(opt, m.m)) {
      const std::unique_ptr<ctcrypto::bench::Op> ours = make_ours(m, c.len);
      const std::unique_ptr<ctcrypto::bench::Op> theirs = make_theirs(m, c.len);
      const uint64_t budget_us = opt.timeout_ms * 1000;
      ctcrypto::bench::Result r_ours, r_theirs;
      if (!ours->setup() ||
          !ctcrypto::bench::time_op(*ours, budget_us, &r_ours, opt.clock) ||
          !theirs->setup() ||
          !ctcrypto::bench::time_op(*theirs, budget_us, &r_theirs, opt.clock)) {
        std::fprintf(stderr, "speed_vs_openssl: %s failed\n",
                     c.description.c_str());
        rc = 1;
        continue;
      }
      out.result(c, r_ours);
      out.result(c, r_theirs, "OpenSSL: ");
      char ratio[32];
      std::snprintf(ratio, sizeof(ratio), "%.2f",
                    ctcrypto::bench::mbps(r_ours, c.len) /
                        ctcrypto::bench::mbps(r_theirs, c.len));
      out.note("Ratio " + c.description + ": ours/OpenSSL " + ratio);
    }
  }
  out.end();
  return rc;
}
