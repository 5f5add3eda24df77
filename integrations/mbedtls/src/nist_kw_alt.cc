// nist_kw_alt.cc: Mbed TLS 3.6's NIST key wrap (MBEDTLS_NIST_KW_ALT), KW
// and KWP (SP 800-38F), on ctcrypto's aes_key_wrap / aes_key_unwrap and
// their padded forms (ctcrypto/key_wrap.h), written from the interface
// documented in mbedtls/nist_kw.h.
//
// The KEK is one ctcrypto::AesKey, which wraps and unwraps: Mbed TLS's
// is_wrap (the direction its own cipher context is keyed for) is accepted
// and not needed. Unwrapping checks the integrity value in constant time and
// wipes what it wrote when the check fails (ctcrypto's contract); *out_len
// is 0 after any failure, as Mbed TLS documents.
#include "alt_common.h"

#include "mbedtls/nist_kw.h"

#if defined(MBEDTLS_NIST_KW_ALT)

#include "ctcrypto/aes.h"
#include "ctcrypto/key_wrap.h"
#include "mbedtls/cipher.h"

namespace {

using ctcrypto::AesKey;
using ctcrypto::Status;
using namespace ctcrypto_mbedtls;

constexpr size_t kSemiblock = 8;

int to_mbedtls(Status st) {
  switch (st) {
    case Status::kOk:
      return 0;
    case Status::kAuthenticationFailed:
      return MBEDTLS_ERR_CIPHER_AUTH_FAILED;
    default:
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
}

}  // namespace

extern "C" {

void mbedtls_nist_kw_init(mbedtls_nist_kw_context* ctx) {
  std::memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_nist_kw_free(mbedtls_nist_kw_context* ctx) {
  if (ctx == nullptr) return;
  release<AesKey>(ctx);
}

int mbedtls_nist_kw_setkey(mbedtls_nist_kw_context* ctx,
                           mbedtls_cipher_id_t cipher,
                           const unsigned char* key, unsigned int keybits,
                           const int is_wrap) {
  (void)is_wrap;
  if (cipher != MBEDTLS_CIPHER_ID_AES) {
    // Mbed TLS's answers: no such cipher/key size or not a 128-bit block:
    // bad input; another 128-bit block cipher: SP 800-38F allows only AES.
    const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_values(
        cipher, static_cast<int>(keybits), MBEDTLS_MODE_ECB);
    if (info == nullptr || mbedtls_cipher_info_get_block_size(info) != 16) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    return MBEDTLS_ERR_CIPHER_FEATURE_UNAVAILABLE;
  }
  if (keybits != 128 && keybits != 192 && keybits != 256) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
#if defined(MBEDTLS_AES_ONLY_128_BIT_KEY_LENGTH)
  if (keybits != 128) return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
#endif
  release<AesKey>(ctx);
  AesKey* k = construct<AesKey>(ctx);
  if (k->init({key, keybits / 8}) != Status::kOk) {
    release<AesKey>(ctx);
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
}

int mbedtls_nist_kw_wrap(mbedtls_nist_kw_context* ctx,
                         mbedtls_nist_kw_mode_t mode,
                         const unsigned char* input, size_t in_len,
                         unsigned char* output, size_t* out_len,
                         size_t out_size) {
  *out_len = 0;
  const AesKey* k = objects<AesKey>(ctx);
  if (mode == MBEDTLS_KW_MODE_KW) {
    // 2 .. 2^54 - 1 semiblocks.
    if (out_size < in_len + kSemiblock || in_len < 16 ||
        in_len % kSemiblock != 0 ||
#if SIZE_MAX > 0x1FFFFFFFFFFFFF8
        in_len > 0x1FFFFFFFFFFFFF8 ||
#endif
        k == nullptr) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    return to_mbedtls(ctcrypto::aes_key_wrap(*k, {input, in_len},
                                             {output, out_size}, out_len));
  }
  if (mode == MBEDTLS_KW_MODE_KWP) {
    // 1 .. 2^32 - 1 bytes, padded to whole semiblocks.
    const size_t padlen = (kSemiblock - in_len % kSemiblock) % kSemiblock;
    if (in_len < 1 ||
        static_cast<uint64_t>(in_len) > ctcrypto::kKeyWrapPaddedMaxInput ||
        out_size < in_len + kSemiblock + padlen || k == nullptr) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    return to_mbedtls(ctcrypto::aes_key_wrap_padded(
        *k, {input, in_len}, {output, out_size}, out_len));
  }
  return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
}

int mbedtls_nist_kw_unwrap(mbedtls_nist_kw_context* ctx,
                           mbedtls_nist_kw_mode_t mode,
                           const unsigned char* input, size_t in_len,
                           unsigned char* output, size_t* out_len,
                           size_t out_size) {
  *out_len = 0;
  if (in_len < kSemiblock || out_size < in_len - kSemiblock) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  const AesKey* k = objects<AesKey>(ctx);
  Status st;
  if (mode == MBEDTLS_KW_MODE_KW) {
    // 3 .. 2^54 semiblocks.
    if (in_len < 24 || in_len % kSemiblock != 0 ||
#if SIZE_MAX > 0x200000000000000
        in_len > 0x200000000000000 ||
#endif
        k == nullptr) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    st = ctcrypto::aes_key_unwrap(*k, {input, in_len},
                                  {output, in_len - kSemiblock}, out_len);
  } else if (mode == MBEDTLS_KW_MODE_KWP) {
    // 2 .. 2^29 semiblocks.
    if (in_len < 2 * kSemiblock || in_len % kSemiblock != 0 ||
        static_cast<uint64_t>(in_len) > (uint64_t{1} << 32) || k == nullptr) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    st = ctcrypto::aes_key_unwrap_padded(*k, {input, in_len},
                                         {output, in_len - kSemiblock}, out_len);
  } else {
    return MBEDTLS_ERR_CIPHER_FEATURE_UNAVAILABLE;
  }
  if (st != Status::kOk) *out_len = 0;
  return to_mbedtls(st);
}

}  // extern "C"

#endif  // MBEDTLS_NIST_KW_ALT
