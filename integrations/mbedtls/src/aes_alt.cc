// aes_alt.cc: Mbed TLS 3.6's AES module (MBEDTLS_AES_ALT) on ctcrypto: key
// set-up, ECB, CBC, CFB128, CFB8, OFB, CTR and XTS, written from the
// interface documented in mbedtls/aes.h.
//
// Every block goes through a ctcrypto::AesKey (the row chosen when the key
// was set up); CBC and CTR bulk data through ctcrypto's aes_cbc_* and
// aes_ctr128, XTS through ctcrypto::AesXts. CFB128, CFB8 and OFB, which
// ctcrypto does not offer, are built here on AesKey::encrypt_block; they
// branch and index only on lengths and offsets, never on data.
//
// Arguments are checked in Mbed TLS's order (mode, then lengths and offsets,
// then the key), so that a bad call is refused before the context is read,
// as Mbed TLS's tests expect of a context that was never set up.
#include "alt_common.h"

#include "mbedtls/aes.h"

#if defined(MBEDTLS_AES_ALT)

#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/xts.h"

namespace {

using ctcrypto::AesKey;
using ctcrypto::AesXts;
using ctcrypto::Status;
using namespace ctcrypto_mbedtls;

bool key_bits_allowed(unsigned int keybits) {
#if defined(MBEDTLS_AES_ONLY_128_BIT_KEY_LENGTH)
  return keybits == 128;
#else
  return keybits == 128 || keybits == 192 || keybits == 256;
#endif
}

bool mode_valid(int mode) {
  return mode == MBEDTLS_AES_ENCRYPT || mode == MBEDTLS_AES_DECRYPT;
}

int set_key(mbedtls_aes_context* ctx, const unsigned char* key,
            unsigned int keybits) {
  if (ctx == nullptr || key == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  if (!key_bits_allowed(keybits)) return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  release<AesKey>(ctx);
  AesKey* k = construct<AesKey>(ctx);
  if (k->init({key, keybits / 8}) != Status::kOk) {
    release<AesKey>(ctx);
    return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  }
  ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
}

// run_bounced: f(in, out, n) over the data, through a stack buffer in
// chunks of `unit`-multiple sizes when input and output overlap other than
// exactly (Mbed TLS allows output below input).
template <class F>
Status run_bounced(const uint8_t* in, uint8_t* out, size_t len, size_t unit,
                   F f) {
  if (!partial_overlap(in, out, len)) return f(in, out, len);
  uint8_t buf[kBounce];
  Status st = Status::kOk;
  const size_t chunk = kBounce / unit * unit;
  while (len > 0 && st == Status::kOk) {
    const size_t n = len < chunk ? len : chunk;
    std::memcpy(buf, in, n);
    st = f(buf, out, n);
    in += n;
    out += n;
    len -= n;
  }
  wipe(buf, sizeof(buf));
  return st;
}

// --- XTS ---------------------------------------------------------------------

// The key of an XTS context whose two halves are equal: ctcrypto's AesXts
// refuses it (SP 800-38E's independence requirement), Mbed TLS accepts it
// (IEEE 1619's first test vectors use it). Its XTS is computed here.
struct XtsPair {
  AesKey data;
  AesKey tweak;
};
static_assert(sizeof(XtsPair) == sizeof(AesXts));

// xts_double: T <- T * x in GF(2^128), little-endian (IEEE 1619 5.2), with
// no branch on T.
void xts_double(uint8_t t[16]) {
  const uint8_t carry = static_cast<uint8_t>(t[15] >> 7);
  for (int i = 15; i > 0; --i) {
    t[i] = static_cast<uint8_t>((t[i] << 1) | (t[i - 1] >> 7));
  }
  t[0] = static_cast<uint8_t>((static_cast<unsigned>(t[0]) << 1) ^
                              (0x87u & (0u - carry)));
}

void xts_block(const AesKey& k, bool decrypt, const uint8_t t[16],
               const uint8_t* in, uint8_t* out) {
  uint8_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = in[i] ^ t[i];
  if (decrypt) {
    k.decrypt_block(x, x);
  } else {
    k.encrypt_block(x, x);
  }
  for (int i = 0; i < 16; ++i) out[i] = x[i] ^ t[i];
  wipe(x, sizeof(x));
}

void xts_pair_crypt(const XtsPair& key, bool decrypt,
                    const uint8_t data_unit[16], const uint8_t* in,
                    uint8_t* out, size_t len) {
  uint8_t t[16];
  key.tweak.encrypt_block(data_unit, t);
  const size_t tail = len % 16;
  const size_t full = len / 16 - (tail != 0 ? 1 : 0);
  for (size_t j = 0; j < full; ++j) {
    xts_block(key.data, decrypt, t, in + 16 * j, out + 16 * j);
    xts_double(t);
  }
  if (tail != 0) {
    // Ciphertext stealing over the last full block (index `full`) and the
    // tail: encryption uses T_m-1 then T_m, decryption the reverse.
    const uint8_t* last_in = in + 16 * full;
    uint8_t* last_out = out + 16 * full;
    uint8_t t_next[16];
    std::memcpy(t_next, t, 16);
    xts_double(t_next);
    const uint8_t* first_t = decrypt ? t_next : t;
    const uint8_t* second_t = decrypt ? t : t_next;
    uint8_t cc[16];
    xts_block(key.data, decrypt, first_t, last_in, cc);
    uint8_t pp[16];
    std::memcpy(pp, last_in + 16, tail);  // read the tail before writing it
    std::memcpy(pp + tail, cc + tail, 16 - tail);
    std::memcpy(last_out + 16, cc, tail);
    xts_block(key.data, decrypt, second_t, pp, last_out);
    wipe(cc, sizeof(cc));
    wipe(pp, sizeof(pp));
    wipe(t_next, sizeof(t_next));
  }
  wipe(t, sizeof(t));
}

void xts_release(mbedtls_aes_xts_context* ctx) {
  if (ctx->ctcrypto_mode == 1) {
    release<XtsPair>(ctx);
  } else {
    release<AesXts>(ctx);
  }
}

int xts_set_key(mbedtls_aes_xts_context* ctx, const unsigned char* key,
                unsigned int keybits) {
  if (ctx == nullptr || key == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  if (keybits != 256 && keybits != 512) {
    return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  }
  if (!key_bits_allowed(keybits / 2)) return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  xts_release(ctx);
  const size_t len = keybits / 8;
  AesXts* xts = construct<AesXts>(ctx);
  const Status st = xts->init({key, len});
  if (st == Status::kOk) {
    ctx->ctcrypto_mode = 0;
    ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
    return 0;
  }
  xts->~AesXts();
  if (st != Status::kInvalidArgument) {
    wipe(ctx, sizeof(*ctx));
    return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  }
  // Equal halves.
  XtsPair* pair = construct<XtsPair>(ctx);
  if (pair->data.init({key, len / 2}) != Status::kOk ||
      pair->tweak.init({key + len / 2, len / 2}) != Status::kOk) {
    pair->~XtsPair();
    wipe(ctx, sizeof(*ctx));
    return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
  }
  ctx->ctcrypto_mode = 1;
  ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
}

}  // namespace

extern "C" {

void mbedtls_aes_init(mbedtls_aes_context* ctx) {
  std::memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_aes_free(mbedtls_aes_context* ctx) {
  if (ctx == nullptr) return;
  release<AesKey>(ctx);
}

int mbedtls_aes_setkey_enc(mbedtls_aes_context* ctx, const unsigned char* key,
                           unsigned int keybits) {
  return set_key(ctx, key, keybits);
}

#if !defined(MBEDTLS_BLOCK_CIPHER_NO_DECRYPT)
int mbedtls_aes_setkey_dec(mbedtls_aes_context* ctx, const unsigned char* key,
                           unsigned int keybits) {
  return set_key(ctx, key, keybits);
}
#endif

int mbedtls_internal_aes_encrypt(mbedtls_aes_context* ctx,
                                 const unsigned char input[16],
                                 unsigned char output[16]) {
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  k->encrypt_block(input, output);
  return 0;
}

#if !defined(MBEDTLS_BLOCK_CIPHER_NO_DECRYPT)
int mbedtls_internal_aes_decrypt(mbedtls_aes_context* ctx,
                                 const unsigned char input[16],
                                 unsigned char output[16]) {
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  k->decrypt_block(input, output);
  return 0;
}
#endif

int mbedtls_aes_crypt_ecb(mbedtls_aes_context* ctx, int mode,
                          const unsigned char input[16],
                          unsigned char output[16]) {
  if (!mode_valid(mode)) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
#if defined(MBEDTLS_BLOCK_CIPHER_NO_DECRYPT)
  if (mode == MBEDTLS_AES_DECRYPT) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  return mbedtls_internal_aes_encrypt(ctx, input, output);
#else
  return mode == MBEDTLS_AES_ENCRYPT
             ? mbedtls_internal_aes_encrypt(ctx, input, output)
             : mbedtls_internal_aes_decrypt(ctx, input, output);
#endif
}

#if defined(MBEDTLS_CIPHER_MODE_CBC)
int mbedtls_aes_crypt_cbc(mbedtls_aes_context* ctx, int mode, size_t length,
                          unsigned char iv[16], const unsigned char* input,
                          unsigned char* output) {
  if (!mode_valid(mode)) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  if (length == 0) return 0;
  if (length % 16 != 0) return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  std::span<uint8_t, 16> ivs(iv, 16);
  const bool decrypt = mode == MBEDTLS_AES_DECRYPT;
  const Status st = run_bounced(
      input, output, length, 16,
      [&](const uint8_t* in, uint8_t* out, size_t n) {
        return decrypt ? ctcrypto::aes_cbc_decrypt(*k, ivs, {in, n}, {out, n})
                       : ctcrypto::aes_cbc_encrypt(*k, ivs, {in, n}, {out, n});
      });
  return st == Status::kOk ? 0 : MBEDTLS_ERR_AES_BAD_INPUT_DATA;
}
#endif  // MBEDTLS_CIPHER_MODE_CBC

#if defined(MBEDTLS_CIPHER_MODE_XTS)
void mbedtls_aes_xts_init(mbedtls_aes_xts_context* ctx) {
  std::memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_aes_xts_free(mbedtls_aes_xts_context* ctx) {
  if (ctx == nullptr) return;
  xts_release(ctx);
}

int mbedtls_aes_xts_setkey_enc(mbedtls_aes_xts_context* ctx,
                               const unsigned char* key,
                               unsigned int keybits) {
  return xts_set_key(ctx, key, keybits);
}

int mbedtls_aes_xts_setkey_dec(mbedtls_aes_xts_context* ctx,
                               const unsigned char* key,
                               unsigned int keybits) {
  return xts_set_key(ctx, key, keybits);
}

int mbedtls_aes_crypt_xts(mbedtls_aes_xts_context* ctx, int mode,
                          size_t length, const unsigned char data_unit[16],
                          const unsigned char* input, unsigned char* output) {
  if (!mode_valid(mode)) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  // IEEE 1619: 16 bytes to 2^20 blocks.
  if (length < 16 || length > ctcrypto::kXtsMaxDataUnit) {
    return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
  }
  // A data unit is one computation (ciphertext stealing reaches back a
  // block): its input and output must be the same buffer or apart.
  if (partial_overlap(input, output, length)) {
    return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  }
  const bool decrypt = mode == MBEDTLS_AES_DECRYPT;
  if (ctx->ctcrypto_mode == 1) {
    const XtsPair* pair = objects<XtsPair>(ctx);
    if (pair == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    xts_pair_crypt(*pair, decrypt, data_unit, input, output, length);
    return 0;
  }
  const AesXts* xts = objects<AesXts>(ctx);
  if (xts == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  std::span<const uint8_t, 16> tweak(data_unit, 16);
  const Status st = decrypt ? xts->decrypt(tweak, {input, length}, {output, length})
                            : xts->encrypt(tweak, {input, length}, {output, length});
  return st == Status::kOk ? 0 : MBEDTLS_ERR_AES_BAD_INPUT_DATA;
}
#endif  // MBEDTLS_CIPHER_MODE_XTS

#if defined(MBEDTLS_CIPHER_MODE_CFB)
int mbedtls_aes_crypt_cfb128(mbedtls_aes_context* ctx, int mode, size_t length,
                             size_t* iv_off, unsigned char iv[16],
                             const unsigned char* input,
                             unsigned char* output) {
  if (!mode_valid(mode)) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  size_t n = *iv_off;
  if (n > 15) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const bool decrypt = mode == MBEDTLS_AES_DECRYPT;
  size_t i = 0;
  uint8_t block[16];
  while (i < length) {
    if (n == 0 && length - i >= 16) {
      // A whole block: the register becomes this block's ciphertext.
      std::memcpy(block, input + i, 16);
      k->encrypt_block(iv, iv);
      if (decrypt) {
        for (size_t j = 0; j < 16; ++j) {
          output[i + j] = block[j] ^ iv[j];
        }
        std::memcpy(iv, block, 16);
      } else {
        for (int j = 0; j < 16; ++j) iv[j] ^= block[j];
        std::memcpy(output + i, iv, 16);
      }
      i += 16;
      continue;
    }
    if (n == 0) k->encrypt_block(iv, iv);
    const uint8_t c = input[i];
    const uint8_t o = static_cast<uint8_t>(c ^ iv[n]);
    output[i] = o;
    iv[n] = decrypt ? c : o;
    n = (n + 1) & 15;
    ++i;
  }
  wipe(block, sizeof(block));
  *iv_off = n;
  return 0;
}

int mbedtls_aes_crypt_cfb8(mbedtls_aes_context* ctx, int mode, size_t length,
                           unsigned char iv[16], const unsigned char* input,
                           unsigned char* output) {
  if (!mode_valid(mode)) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const bool decrypt = mode == MBEDTLS_AES_DECRYPT;
  uint8_t ks[16];
  for (size_t i = 0; i < length; ++i) {
    k->encrypt_block(iv, ks);
    const uint8_t in = input[i];
    const uint8_t out = static_cast<uint8_t>(in ^ ks[0]);
    output[i] = out;
    // The register shifts in the ciphertext byte.
    std::memmove(iv, iv + 1, 15);
    iv[15] = decrypt ? in : out;
  }
  wipe(ks, sizeof(ks));
  return 0;
}
#endif  // MBEDTLS_CIPHER_MODE_CFB

#if defined(MBEDTLS_CIPHER_MODE_OFB)
int mbedtls_aes_crypt_ofb(mbedtls_aes_context* ctx, size_t length,
                          size_t* iv_off, unsigned char iv[16],
                          const unsigned char* input, unsigned char* output) {
  size_t n = *iv_off;
  if (n > 15) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  size_t i = 0;
  while (i < length) {
    if (n == 0 && length - i >= 16) {
      k->encrypt_block(iv, iv);
      uint8_t block[16];
      std::memcpy(block, input + i, 16);
      for (size_t j = 0; j < 16; ++j) output[i + j] = block[j] ^ iv[j];
      wipe(block, sizeof(block));
      i += 16;
      continue;
    }
    if (n == 0) k->encrypt_block(iv, iv);
    output[i] = static_cast<uint8_t>(input[i] ^ iv[n]);
    n = (n + 1) & 15;
    ++i;
  }
  *iv_off = n;
  return 0;
}
#endif  // MBEDTLS_CIPHER_MODE_OFB

#if defined(MBEDTLS_CIPHER_MODE_CTR)
int mbedtls_aes_crypt_ctr(mbedtls_aes_context* ctx, size_t length,
                          size_t* nc_off, unsigned char nonce_counter[16],
                          unsigned char stream_block[16],
                          const unsigned char* input, unsigned char* output) {
  size_t n = *nc_off;
  if (n > 15) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  const AesKey* k = objects<AesKey>(ctx);
  if (k == nullptr) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
  size_t i = 0;
  // The rest of the current keystream block.
  while (i < length && n != 0) {
    output[i] = static_cast<uint8_t>(input[i] ^ stream_block[n]);
    n = (n + 1) & 15;
    ++i;
  }
  // Whole blocks in bulk, all but the last: Mbed TLS leaves the keystream
  // of the last block used in stream_block, so that block is done below.
  const size_t blocks = (length - i) / 16;
  if (blocks > 1) {
    const size_t bulk = (blocks - 1) * 16;
    const Status st = run_bounced(
        input + i, output + i, bulk, 16,
        [&](const uint8_t* in, uint8_t* out, size_t len) {
          const Status s = ctcrypto::aes_ctr128(
              *k, std::span<const uint8_t, 16>(nonce_counter, 16), {in, len},
              {out, len});
          inc128_by(nonce_counter, len / 16);
          return s;
        });
    if (st != Status::kOk) return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    i += bulk;
  }
  while (i < length) {
    if (n == 0) {
      k->encrypt_block(nonce_counter, stream_block);
      inc128_by(nonce_counter, 1);
    }
    output[i] = static_cast<uint8_t>(input[i] ^ stream_block[n]);
    n = (n + 1) & 15;
    ++i;
  }
  *nc_off = n;
  return 0;
}
#endif  // MBEDTLS_CIPHER_MODE_CTR

}  // extern "C"

#endif  // MBEDTLS_AES_ALT
