// gcm_alt.cc: Mbed TLS 3.6's GCM module (MBEDTLS_GCM_ALT) on ctcrypto,
// written from the interface documented in mbedtls/gcm.h.
//
// AES keys live in a ctcrypto::AesGcm (AES round keys and the GHASH key of
// its row). Paths:
//   - encryption, one-shot or in parts: ctcrypto::AesGcmStream (the key's
//     fused AES+GHASH kernel), started with 16-byte tags; Mbed TLS's shorter
//     tags (4..16 bytes, chosen at mbedtls_gcm_finish) are its prefix;
//   - mbedtls_gcm_auth_decrypt with a 16-byte tag: AesGcm::open_detached
//     (fused kernel, constant-time check, plaintext wiped on failure);
//   - decryption in parts, mbedtls_gcm_crypt_and_tag(DECRYPT) and
//     auth_decrypt with a shorter tag: Mbed TLS hands back the computed tag,
//     which ctcrypto's streams never release (AesGcmStream::verify only
//     compares), so GCM is computed here from ctcrypto's parts: aes_ctr32
//     with the key's AES row and ctcrypto::Ghash with its GHASH row
//     (`Generic` below). No branch or index depends on data or key.
// Other 128-bit block ciphers Mbed TLS's GCM accepts (Camellia, ARIA) run
// the same generic GCM with the block cipher from Mbed TLS's cipher layer
// and ctcrypto's GHASH keyed with its H.
//
// The generic state holds no pointer (Ghash objects live for one call and
// resume from the stored accumulator, GHASH being linear), so a context
// may be copied between calls. An AesGcmStream refers to its AesGcm: a
// context copied while an encryption is in progress abandons it
// (MBEDTLS_ERR_GCM_BAD_INPUT) rather than follow the old copy.
#include "alt_common.h"

#include "mbedtls/gcm.h"

#if defined(MBEDTLS_GCM_ALT)

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/modes.h"

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesGcmStream;
using ctcrypto::Ghash;
using ctcrypto::GhashKey;
using ctcrypto::Status;
using namespace ctcrypto_mbedtls;

constexpr uint64_t kMaxDataLen = (uint64_t{1} << 36) - 32;  // SP 800-38D
constexpr uint64_t kMaxAdLen = uint64_t{1} << 61;           // exclusive

// The integration's own GCM state (no pointers).
struct Generic {
  uint8_t y[16];     // GHASH accumulator over the whole blocks absorbed
  uint8_t buf[16];   // the pending partial GHASH input block
  uint8_t ctr[16];   // the next counter block
  uint8_t ks[16];    // the keystream block in use
  uint8_t mask[16];  // E(J0)
  uint8_t buf_n;     // bytes in buf
  uint8_t ks_used;   // keystream bytes used (16: none left)
};

enum Op : uint8_t { kNone = 0, kStream = 1, kGeneric = 2 };

struct Objects {
  union Key {
    Key() {}
    ~Key() {}
    AesGcm aes;       // cipher is AES
    GhashKey other;   // another cipher: H = E_K(0)
  } key;
  AesGcmStream stream;
  Generic gen = {};
  uint64_t ad_len = 0;
  uint64_t len = 0;
  uint8_t is_aes = 0;  // which member of `key` lives (set-up constructs it)
  uint8_t op = kNone;
  uint8_t decrypt = 0;
  uint8_t data_started = 0;

  Objects() {}
  ~Objects() { clear_key(); }
  void clear_key() {
    if (is_aes) {
      key.aes.~AesGcm();
    } else {
      key.other.~GhashKey();
    }
    wipe(&key, sizeof(key));
  }
  const GhashKey& hkey() const { return is_aes ? key.aes.ghash_key() : key.other; }
};

int block_encrypt(mbedtls_gcm_context* ctx, const Objects& o,
                  const uint8_t in[16], uint8_t out[16]) {
  if (o.is_aes) {
    o.key.aes.aes_key().encrypt_block(in, out);
    return 0;
  }
#if defined(MBEDTLS_CIPHER_C)
  size_t olen = 0;
  return mbedtls_cipher_update(&ctx->ctcrypto_cipher, in, 16, out, &olen);
#else
  (void)ctx;
  return MBEDTLS_ERR_GCM_BAD_INPUT;
#endif
}

// ghash_blocks: y <- GHASH_H continued over n whole blocks (a fresh Ghash
// resumes from y: its first block is XORed with y).
void ghash_blocks(const GhashKey& h, uint8_t y[16], const uint8_t* p,
                  size_t nblocks) {
  if (nblocks == 0) return;
  Ghash g(h);
  uint8_t first[16];
  for (int i = 0; i < 16; ++i) first[i] = static_cast<uint8_t>(p[i] ^ y[i]);
  g.update(first);
  if (nblocks > 1) g.update({p + 16, (nblocks - 1) * 16});
  g.finish(std::span<uint8_t, 16>(y, 16));
  wipe(first, sizeof(first));
}

void absorb(const GhashKey& h, Generic& s, const uint8_t* p, size_t n) {
  if (s.buf_n != 0) {
    const size_t take = n < 16u - s.buf_n ? n : 16u - s.buf_n;
    std::memcpy(s.buf + s.buf_n, p, take);
    s.buf_n = static_cast<uint8_t>(s.buf_n + take);
    p += take;
    n -= take;
    if (s.buf_n < 16) return;
    ghash_blocks(h, s.y, s.buf, 1);
    s.buf_n = 0;
  }
  const size_t whole = n / 16;
  ghash_blocks(h, s.y, p, whole);
  p += whole * 16;
  n -= whole * 16;
  if (n != 0) {
    std::memcpy(s.buf, p, n);
    s.buf_n = static_cast<uint8_t>(n);
  }
}

void pad(const GhashKey& h, Generic& s) {
  if (s.buf_n == 0) return;
  std::memset(s.buf + s.buf_n, 0, 16u - s.buf_n);
  ghash_blocks(h, s.y, s.buf, 1);
  s.buf_n = 0;
}

// ctr: out = in XOR the keystream from s.ctr (GCM's inc32), carrying a
// partial keystream block across calls. in == out or apart.
int ctr(mbedtls_gcm_context* ctx, Objects& o, const uint8_t* in, uint8_t* out,
        size_t n) {
  Generic& s = o.gen;
  size_t i = 0;
  while (i < n && s.ks_used < 16) {
    out[i] = static_cast<uint8_t>(in[i] ^ s.ks[s.ks_used++]);
    ++i;
  }
  const size_t whole = (n - i) / 16;
  if (whole != 0) {
    if (o.is_aes) {
      if (ctcrypto::aes_ctr32(o.key.aes.aes_key(),
                              std::span<const uint8_t, 16>(s.ctr, 16),
                              {in + i, whole * 16},
                              {out + i, whole * 16}) != Status::kOk) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
      }
      inc32_by(s.ctr, whole);
      i += whole * 16;
    } else {
      for (size_t b = 0; b < whole; ++b, i += 16) {
        if (int ret = block_encrypt(ctx, o, s.ctr, s.ks)) return ret;
        inc32_by(s.ctr, 1);
        for (size_t j = 0; j < 16; ++j) out[i + j] = in[i + j] ^ s.ks[j];
      }
    }
  }
  if (i < n) {
    if (int ret = block_encrypt(ctx, o, s.ctr, s.ks)) return ret;
    inc32_by(s.ctr, 1);
    s.ks_used = 0;
    while (i < n) {
      out[i] = static_cast<uint8_t>(in[i] ^ s.ks[s.ks_used++]);
      ++i;
    }
  }
  return 0;
}

// generic_update: n bytes of data (in == out or apart).
int generic_update(mbedtls_gcm_context* ctx, Objects& o, const uint8_t* in,
                   uint8_t* out, size_t n) {
  const GhashKey& h = o.hkey();
  if (o.decrypt) {
    absorb(h, o.gen, in, n);  // the ciphertext, before it is overwritten
    return ctr(ctx, o, in, out, n);
  }
  if (int ret = ctr(ctx, o, in, out, n)) return ret;
  absorb(h, o.gen, out, n);
  return 0;
}

int generic_start(mbedtls_gcm_context* ctx, Objects& o, const uint8_t* iv,
                  size_t iv_len) {
  Generic& s = o.gen;
  std::memset(&s, 0, sizeof(s));
  uint8_t j0[16] = {};
  if (iv_len == 12) {
    std::memcpy(j0, iv, 12);
    j0[15] = 1;
  } else {
    // J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]64).
    absorb(o.hkey(), s, iv, iv_len);
    pad(o.hkey(), s);
    uint8_t lens[16] = {};
    put_be64(lens + 8, static_cast<uint64_t>(iv_len) * 8);
    ghash_blocks(o.hkey(), s.y, lens, 1);
    std::memcpy(j0, s.y, 16);
    std::memset(s.y, 0, 16);
  }
  const int ret = block_encrypt(ctx, o, j0, s.mask);
  inc32_by(j0, 1);
  std::memcpy(s.ctr, j0, 16);
  s.ks_used = 16;
  wipe(j0, sizeof(j0));
  return ret;
}

void generic_tag(Objects& o, uint8_t full[16]) {
  const GhashKey& h = o.hkey();
  pad(h, o.gen);
  uint8_t lens[16];
  put_be64(lens, o.ad_len * 8);
  put_be64(lens + 8, o.len * 8);
  ghash_blocks(h, o.gen.y, lens, 1);
  for (int i = 0; i < 16; ++i) full[i] = o.gen.y[i] ^ o.gen.mask[i];
}

void end_operation(Objects& o) {
  o.stream.clear();
  wipe(&o.gen, sizeof(o.gen));
  o.op = kNone;
}

// objects_for_call: the context's objects, with an encryption in progress
// abandoned if the context was copied since it started.
Objects* objects_for_call(mbedtls_gcm_context* ctx) {
  bool moved = false;
  Objects* o = objects<Objects>(ctx, &moved);
  if (o != nullptr && moved && o->op == kStream) {
    // The stream refers to the AesGcm of the context it was started in.
    wipe(&o->stream, sizeof(o->stream));
    new (&o->stream) AesGcmStream();
    o->op = kNone;
  }
  return o;
}

void free_objects(mbedtls_gcm_context* ctx) {
#if defined(MBEDTLS_CIPHER_C)
  mbedtls_cipher_free(&ctx->ctcrypto_cipher);
#endif
  release<Objects>(ctx);
}

}  // namespace

extern "C" {

void mbedtls_gcm_init(mbedtls_gcm_context* ctx) {
  std::memset(ctx, 0, sizeof(*ctx));
#if defined(MBEDTLS_CIPHER_C)
  mbedtls_cipher_init(&ctx->ctcrypto_cipher);
#endif
}

void mbedtls_gcm_free(mbedtls_gcm_context* ctx) {
  if (ctx == nullptr) return;
  free_objects(ctx);
}

int mbedtls_gcm_setkey(mbedtls_gcm_context* ctx, mbedtls_cipher_id_t cipher,
                       const unsigned char* key, unsigned int keybits) {
  if (keybits != 128 && keybits != 192 && keybits != 256) {
    return MBEDTLS_ERR_GCM_BAD_INPUT;
  }
  free_objects(ctx);
  mbedtls_gcm_init(ctx);
  Objects* o = construct<Objects>(ctx);
  if (cipher == MBEDTLS_CIPHER_ID_AES) {
    o->is_aes = 1;
    new (&o->key.aes) AesGcm();
    if (o->key.aes.init({key, keybits / 8}) != Status::kOk) {
      free_objects(ctx);
      mbedtls_gcm_init(ctx);
      return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
    return 0;
  }
  o->is_aes = 0;
  new (&o->key.other) GhashKey();
#if defined(MBEDTLS_CIPHER_C)
  int ret = MBEDTLS_ERR_GCM_BAD_INPUT;
  const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_values(
      cipher, static_cast<int>(keybits), MBEDTLS_MODE_ECB);
  if (info != nullptr && mbedtls_cipher_info_get_block_size(info) == 16) {
    ret = mbedtls_cipher_setup(&ctx->ctcrypto_cipher, info);
    if (ret == 0) {
      ret = mbedtls_cipher_setkey(&ctx->ctcrypto_cipher, key,
                                  static_cast<int>(keybits), MBEDTLS_ENCRYPT);
    }
    if (ret == 0) {
      uint8_t h[16] = {};
      ret = block_encrypt(ctx, *o, h, h);
      if (ret == 0 && o->key.other.init(h) != Status::kOk) {
        ret = MBEDTLS_ERR_GCM_BAD_INPUT;
      }
      wipe(h, sizeof(h));
    }
  }
  if (ret != 0) {
    free_objects(ctx);
    mbedtls_gcm_init(ctx);
    return ret;
  }
  ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
#else
  free_objects(ctx);
  mbedtls_gcm_init(ctx);
  return MBEDTLS_ERR_GCM_BAD_INPUT;
#endif
}

int mbedtls_gcm_starts(mbedtls_gcm_context* ctx, int mode,
                       const unsigned char* iv, size_t iv_len) {
  // IV: 1 .. 2^61 - 1 bytes (SP 800-38D: 1 <= len(IV) <= 2^64 - 1 bits).
  if (iv_len == 0 || static_cast<uint64_t>(iv_len) >> 61 != 0) {
    return MBEDTLS_ERR_GCM_BAD_INPUT;
  }
  Objects* o = objects_for_call(ctx);
  if (o == nullptr) return MBEDTLS_ERR_GCM_BAD_INPUT;
  end_operation(*o);
  o->decrypt = mode == MBEDTLS_GCM_DECRYPT;
  o->ad_len = 0;
  o->len = 0;
  o->data_started = 0;
  if (o->is_aes && !o->decrypt) {
    if (o->stream.start_seal(o->key.aes, {iv, iv_len}) != Status::kOk) {
      return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    o->op = kStream;
    return 0;
  }
  if (int ret = generic_start(ctx, *o, iv, iv_len)) {
    end_operation(*o);
    return ret;
  }
  o->op = kGeneric;
  return 0;
}

int mbedtls_gcm_update_ad(mbedtls_gcm_context* ctx, const unsigned char* add,
                          size_t add_len) {
  Objects* o = objects_for_call(ctx);
  if (o == nullptr || o->op == kNone) return MBEDTLS_ERR_GCM_BAD_INPUT;
  const uint64_t total = o->ad_len + static_cast<uint64_t>(add_len);
  if (total < o->ad_len || total >= kMaxAdLen) return MBEDTLS_ERR_GCM_BAD_INPUT;
  if (add_len == 0) return 0;
  // All AD comes before the data (Mbed TLS's own GCM does not check this
  // and computes a wrong tag).
  if (o->data_started) return MBEDTLS_ERR_GCM_BAD_INPUT;
  if (o->op == kStream) {
    if (o->stream.update_ad({add, add_len}) != Status::kOk) {
      return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
  } else {
    absorb(o->hkey(), o->gen, add, add_len);
  }
  o->ad_len = total;
  return 0;
}

int mbedtls_gcm_update(mbedtls_gcm_context* ctx, const unsigned char* input,
                       size_t input_length, unsigned char* output,
                       size_t output_size, size_t* output_length) {
  if (output_size < input_length) return MBEDTLS_ERR_GCM_BUFFER_TOO_SMALL;
  *output_length = input_length;
  if (input_length == 0) return 0;
  // Output may equal the input or lie below it, not above it within it.
  if (output > input && static_cast<size_t>(output - input) < input_length) {
    return MBEDTLS_ERR_GCM_BAD_INPUT;
  }
  Objects* o = objects_for_call(ctx);
  if (o == nullptr || o->op == kNone) return MBEDTLS_ERR_GCM_BAD_INPUT;
  const uint64_t total = o->len + static_cast<uint64_t>(input_length);
  if (total < o->len || total > kMaxDataLen) return MBEDTLS_ERR_GCM_BAD_INPUT;
  if (!o->data_started) {
    if (o->op == kGeneric) pad(o->hkey(), o->gen);
    o->data_started = 1;
  }
  const bool bounce = partial_overlap(input, output, input_length);
  uint8_t buf[kBounce];
  int ret = 0;
  size_t done = 0;
  while (done < input_length && ret == 0) {
    size_t n = input_length - done;
    const uint8_t* in = input + done;
    uint8_t* out = output + done;
    if (bounce) {
      // Output below input: copy each piece out of the way first.
      if (n > sizeof(buf)) n = sizeof(buf);
      std::memcpy(buf, in, n);
      in = buf;
    }
    if (o->op == kStream) {
      if (o->stream.update({out, n}, {in, n}) != Status::kOk) {
        ret = MBEDTLS_ERR_GCM_BAD_INPUT;
      }
    } else {
      ret = generic_update(ctx, *o, in, out, n);
    }
    done += n;
  }
  if (bounce) wipe(buf, sizeof(buf));
  if (ret != 0) {
    end_operation(*o);
    return ret;
  }
  o->len = total;
  return 0;
}

int mbedtls_gcm_finish(mbedtls_gcm_context* ctx, unsigned char* output,
                       size_t output_size, size_t* output_length,
                       unsigned char* tag, size_t tag_len) {
  // Nothing is ever held back: update's output is immediate.
  (void)output;
  (void)output_size;
  *output_length = 0;
  if (tag_len > 16 || tag_len < 4) return MBEDTLS_ERR_GCM_BAD_INPUT;
  Objects* o = objects_for_call(ctx);
  if (o == nullptr || o->op == kNone) return MBEDTLS_ERR_GCM_BAD_INPUT;
  uint8_t full[16];
  int ret = 0;
  if (o->op == kStream) {
    if (o->stream.finish(full) != Status::kOk) ret = MBEDTLS_ERR_GCM_BAD_INPUT;
  } else {
    generic_tag(*o, full);
  }
  if (ret == 0) std::memcpy(tag, full, tag_len);
  wipe(full, sizeof(full));
  end_operation(*o);
  return ret;
}

int mbedtls_gcm_crypt_and_tag(mbedtls_gcm_context* ctx, int mode,
                              size_t length, const unsigned char* iv,
                              size_t iv_len, const unsigned char* add,
                              size_t add_len, const unsigned char* input,
                              unsigned char* output, size_t tag_len,
                              unsigned char* tag) {
  size_t olen = 0;
  if (int ret = mbedtls_gcm_starts(ctx, mode, iv, iv_len)) return ret;
  if (int ret = mbedtls_gcm_update_ad(ctx, add, add_len)) return ret;
  if (int ret = mbedtls_gcm_update(ctx, input, length, output, length, &olen)) {
    return ret;
  }
  return mbedtls_gcm_finish(ctx, nullptr, 0, &olen, tag, tag_len);
}

int mbedtls_gcm_auth_decrypt(mbedtls_gcm_context* ctx, size_t length,
                             const unsigned char* iv, size_t iv_len,
                             const unsigned char* add, size_t add_len,
                             const unsigned char* tag, size_t tag_len,
                             const unsigned char* input,
                             unsigned char* output) {
  Objects* o = objects_for_call(ctx);
  if (o != nullptr && o->is_aes && tag_len == ctcrypto::kGcmTagLen &&
      iv_len != 0 && static_cast<uint64_t>(iv_len) >> 61 == 0 &&
      static_cast<uint64_t>(length) <= kMaxDataLen &&
      !partial_overlap(input, output, length)) {
    end_operation(*o);
    switch (o->key.aes.open_detached({output, length}, {iv, iv_len},
                                     {input, length}, {tag, tag_len},
                                     {add, add_len})) {
      case Status::kOk:
        return 0;
      case Status::kAuthenticationFailed:
        return MBEDTLS_ERR_GCM_AUTH_FAILED;  // output wiped by open_detached
      default:
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
  }
  uint8_t check[16];
  int ret = mbedtls_gcm_crypt_and_tag(ctx, MBEDTLS_GCM_DECRYPT, length, iv,
                                      iv_len, add, add_len, input, output,
                                      tag_len, check);
  if (ret == 0 && ct_diff(tag, check, tag_len) != 0) {
    wipe(output, length);
    ret = MBEDTLS_ERR_GCM_AUTH_FAILED;
  }
  wipe(check, sizeof(check));
  return ret;
}

}  // extern "C"

#endif  // MBEDTLS_GCM_ALT
