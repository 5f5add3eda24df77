// cmac_alt.cc: Mbed TLS 3.6's CMAC module (MBEDTLS_CMAC_ALT) on ctcrypto,
// written from the interface documented in mbedtls/cmac.h.
//
// Mbed TLS's CMAC runs on a cipher context (mbedtls_cipher_context_t) keyed
// by mbedtls_cipher_cmac_starts, with the CMAC state behind its cmac_ctx
// pointer: allocated here with mbedtls_calloc as Mbed TLS's own CMAC does
// (mbedtls_cipher_free wipes and frees it), once per cipher context.
//   - AES (the 128/192/256-bit ECB cipher types): ctcrypto::AesCmac and
//     AesCmacContext (the key's AES row, subkeys derived once per key).
//     mbedtls_cipher_cmac and mbedtls_aes_cmac_prf_128 use an AesCmac on
//     the stack and allocate nothing.
//   - DES-EDE3 (the other cipher Mbed TLS's CMAC accepts; ctcrypto has no
//     DES): CMAC computed here over Mbed TLS's cipher layer, 64-bit blocks;
//     only the subkey doubling and padding are this module's, with no branch
//     on secret data.
// Any other cipher type is refused with MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA,
// as Mbed TLS's CMAC refuses it.
#include "alt_common.h"

#include "mbedtls/cmac.h"

#if defined(MBEDTLS_CMAC_ALT)

#include "ctcrypto/aes.h"
#include "ctcrypto/cmac.h"
#include "mbedtls/platform.h"

namespace {

using ctcrypto::AesCmac;
using ctcrypto::AesCmacContext;
using ctcrypto::Status;
using namespace ctcrypto_mbedtls;

constexpr size_t kDesBlock = 8;

// CMAC over 64-bit blocks through the cipher layer.
struct Des3 {
  uint8_t x[kDesBlock];    // chain value
  uint8_t buf[kDesBlock];  // the last 1..8 bytes, held back for K1/K2
  uint8_t n;
};

struct Objects {
  AesCmac key;
  AesCmacContext mac;  // refers to `key`: both stay in the heap block
  Des3 des = {};
  uint8_t is_aes = 0;
};

bool is_aes_type(mbedtls_cipher_type_t t) {
  return t == MBEDTLS_CIPHER_AES_128_ECB || t == MBEDTLS_CIPHER_AES_192_ECB ||
         t == MBEDTLS_CIPHER_AES_256_ECB;
}

int des_block(mbedtls_cipher_context_t* ctx, uint8_t b[kDesBlock]) {
  size_t olen = 0;
  return mbedtls_cipher_update(ctx, b, kDesBlock, b, &olen);
}

// dbl64: b * x in GF(2^64) (R = 0x1B), no branch on b.
void dbl64(uint8_t out[kDesBlock], const uint8_t in[kDesBlock]) {
  const uint8_t carry = static_cast<uint8_t>(in[0] >> 7);
  for (size_t i = 0; i + 1 < kDesBlock; ++i) {
    out[i] = static_cast<uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  }
  out[kDesBlock - 1] =
      static_cast<uint8_t>((static_cast<unsigned>(in[kDesBlock - 1]) << 1) ^
                           (0x1Bu & (0u - carry)));
}

int des_update(mbedtls_cipher_context_t* ctx, Des3& d, const uint8_t* p,
               size_t n) {
  while (n > 0) {
    if (d.n == kDesBlock) {
      // More data follows: the held block is not the last.
      xor_into(d.x, d.buf, kDesBlock);
      if (int ret = des_block(ctx, d.x)) return ret;
      d.n = 0;
    }
    const size_t take = n < kDesBlock - d.n ? n : kDesBlock - d.n;
    std::memcpy(d.buf + d.n, p, take);
    d.n = static_cast<uint8_t>(d.n + take);
    p += take;
    n -= take;
  }
  return 0;
}

int des_finish(mbedtls_cipher_context_t* ctx, Des3& d, uint8_t* out) {
  uint8_t k1[kDesBlock] = {};
  uint8_t k2[kDesBlock];
  int ret = des_block(ctx, k1);  // L = E(0)
  if (ret == 0) {
    uint8_t l[kDesBlock];
    std::memcpy(l, k1, kDesBlock);
    dbl64(k1, l);
    dbl64(k2, k1);
    wipe(l, sizeof(l));
    uint8_t last[kDesBlock] = {};
    std::memcpy(last, d.buf, d.n);
    if (d.n == kDesBlock) {
      xor_into(last, k1, kDesBlock);
    } else {
      last[d.n] = 0x80;
      xor_into(last, k2, kDesBlock);
    }
    xor_into(d.x, last, kDesBlock);
    wipe(last, sizeof(last));
    ret = des_block(ctx, d.x);
    if (ret == 0) std::memcpy(out, d.x, kDesBlock);
  }
  wipe(k1, sizeof(k1));
  wipe(k2, sizeof(k2));
  wipe(&d, sizeof(d));
  return ret;
}

// restart: a new message under the same key.
void restart(Objects& o) {
  if (o.is_aes) {
    o.mac.clear();
    (void)o.mac.init(o.key);
  }
  wipe(&o.des, sizeof(o.des));
}

Objects* objects_of(mbedtls_cipher_context_t* ctx) {
  if (ctx == nullptr || ctx->cipher_info == nullptr || ctx->cmac_ctx == nullptr) {
    return nullptr;
  }
  return objects<Objects>(ctx->cmac_ctx);
}

// aes_cmac: one-shot AES-CMAC with a key object on the stack.
int aes_cmac(const unsigned char* key, size_t key_len,
             const unsigned char* input, size_t ilen, unsigned char out[16]) {
  AesCmac k;
  if (k.init({key, key_len}) != Status::kOk) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  return k.mac({input, ilen}, {out, 16}) == Status::kOk
             ? 0
             : MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
}

}  // namespace

extern "C" {

int mbedtls_cipher_cmac_starts(mbedtls_cipher_context_t* ctx,
                               const unsigned char* key, size_t keybits) {
  if (ctx == nullptr || ctx->cipher_info == nullptr || key == nullptr) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  // The cipher context gets the key too, as with Mbed TLS's own CMAC.
  if (int ret = mbedtls_cipher_setkey(ctx, key, static_cast<int>(keybits),
                                      MBEDTLS_ENCRYPT)) {
    return ret;
  }
  const mbedtls_cipher_type_t type = mbedtls_cipher_info_get_type(ctx->cipher_info);
  const bool aes = is_aes_type(type);
  if (!aes && type != MBEDTLS_CIPHER_DES_EDE3_ECB) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  if (ctx->cmac_ctx == nullptr) {
    ctx->cmac_ctx = static_cast<mbedtls_cmac_context_t*>(
        mbedtls_calloc(1, sizeof(mbedtls_cmac_context_t)));
    if (ctx->cmac_ctx == nullptr) return MBEDTLS_ERR_CIPHER_ALLOC_FAILED;
  } else {
    release<Objects>(ctx->cmac_ctx);
  }
  mbedtls_cmac_context_t* c = ctx->cmac_ctx;
  Objects* o = construct<Objects>(c);
  o->is_aes = aes;
  if (aes) {
    if (o->key.init({key, keybits / 8}) != Status::kOk ||
        o->mac.init(o->key) != Status::kOk) {
      release<Objects>(c);
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
  }
  c->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
}

int mbedtls_cipher_cmac_update(mbedtls_cipher_context_t* ctx,
                               const unsigned char* input, size_t ilen) {
  Objects* o = objects_of(ctx);
  if (o == nullptr || input == nullptr) return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  if (o->is_aes) {
    return o->mac.update({input, ilen}) == Status::kOk
               ? 0
               : MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  return des_update(ctx, o->des, input, ilen);
}

int mbedtls_cipher_cmac_finish(mbedtls_cipher_context_t* ctx,
                               unsigned char* output) {
  Objects* o = objects_of(ctx);
  if (o == nullptr || output == nullptr) return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  int ret = 0;
  if (o->is_aes) {
    if (o->mac.finish({output, 16}) != Status::kOk) {
      ret = MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
  } else {
    ret = des_finish(ctx, o->des, output);
  }
  restart(*o);
  return ret;
}

int mbedtls_cipher_cmac_reset(mbedtls_cipher_context_t* ctx) {
  Objects* o = objects_of(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  restart(*o);
  return 0;
}

int mbedtls_cipher_cmac(const mbedtls_cipher_info_t* cipher_info,
                        const unsigned char* key, size_t keylen,
                        const unsigned char* input, size_t ilen,
                        unsigned char* output) {
  if (cipher_info == nullptr || key == nullptr || input == nullptr ||
      output == nullptr) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  if (is_aes_type(mbedtls_cipher_info_get_type(cipher_info))) {
    // The key must be the cipher type's size (mbedtls_cipher_setkey's rule).
    if (keylen != mbedtls_cipher_info_get_key_bitlen(cipher_info)) {
      return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
    }
    return aes_cmac(key, keylen / 8, input, ilen, output);
  }
  mbedtls_cipher_context_t ctx;
  mbedtls_cipher_init(&ctx);
  int ret = mbedtls_cipher_setup(&ctx, cipher_info);
  if (ret == 0) ret = mbedtls_cipher_cmac_starts(&ctx, key, keylen);
  if (ret == 0) ret = mbedtls_cipher_cmac_update(&ctx, input, ilen);
  if (ret == 0) ret = mbedtls_cipher_cmac_finish(&ctx, output);
  mbedtls_cipher_free(&ctx);
  return ret;
}

#if defined(MBEDTLS_AES_C)
int mbedtls_aes_cmac_prf_128(const unsigned char* key, size_t key_length,
                             const unsigned char* input, size_t in_len,
                             unsigned char output[16]) {
  if (key == nullptr || input == nullptr || output == nullptr) {
    return MBEDTLS_ERR_CIPHER_BAD_INPUT_DATA;
  }
  // RFC 4615: a 16-byte key is used as is, any other is first CMACed
  // under the zero key.
  uint8_t k[16];
  int ret = 0;
  if (key_length == 16) {
    std::memcpy(k, key, 16);
  } else {
    const uint8_t zero[16] = {};
    ret = aes_cmac(zero, 16, key, key_length, k);
  }
  if (ret == 0) ret = aes_cmac(k, 16, input, in_len, output);
  wipe(k, sizeof(k));
  return ret;
}
#endif  // MBEDTLS_AES_C

}  // extern "C"

#endif  // MBEDTLS_CMAC_ALT
