// ccm_alt.cc: Mbed TLS 3.6's CCM and CCM* module (MBEDTLS_CCM_ALT) on
// ctcrypto, written from the interface documented in mbedtls/ccm.h.
//
// AES keys live in a ctcrypto::AesCcm set up for 16-byte tags and any nonce
// length (7..13). Paths:
//   - one-shot encryption and authenticated decryption with a 16-byte tag:
//     AesCcm::seal_detached / open_detached (the key's one-pass CBC-MAC+CTR
//     kernel; constant-time check; plaintext wiped on failure);
//   - everything else (other tag lengths, which CCM binds into B0 so that a
//     key object cannot serve them all; CCM* with no tag; messages in
//     parts, whose state machine and error codes follow Mbed TLS's): CCM
//     computed here from ctcrypto's parts: the CBC-MAC with aes_cbc_encrypt
//     and the counter mode with aes_ctr128, both on the key's AES row.
//     No branch or index depends on data or key.
// Other 128-bit block ciphers Mbed TLS's CCM accepts (Camellia, ARIA) run
// the same computation with the block cipher from Mbed TLS's cipher layer.
//
// The multipart state holds no pointer, so a context may be copied at any
// time. Mbed TLS's state machine is kept: mbedtls_ccm_starts and
// mbedtls_ccm_set_lengths in either order, a failure in B0 (tag length 0
// without CCM*, a message too long for the nonce) latching an error that
// mbedtls_ccm_finish reports as MBEDTLS_ERR_ERROR_CORRUPTION_DETECTED.
// Stricter than Mbed TLS's own CCM: data or AD before both calls, data
// before all declared AD, and an unknown mode are refused
// (MBEDTLS_ERR_CCM_BAD_INPUT) instead of giving a wrong result; a one-shot
// call starts from a clean state (Mbed TLS's keeps a latched error).
#include "alt_common.h"

#include "mbedtls/ccm.h"

#if defined(MBEDTLS_CCM_ALT)

#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/modes.h"
#include "mbedtls/error.h"

namespace {

using ctcrypto::AesCcm;
using ctcrypto::Status;
using namespace ctcrypto_mbedtls;

enum : uint8_t {
  kStarted = 1,
  kLengthsSet = 2,
  kAdStarted = 4,
  kAdDone = 8,
  kError = 16,
};

constexpr size_t kMaxAdLen = 0xFF00;  // Mbed TLS's limit (2-byte encoding)

// One message in parts (no pointers).
struct Msg {
  uint8_t x[16];     // CBC-MAC chain value
  uint8_t buf[16];   // pending partial MAC input block
  uint8_t ctr[16];   // next counter block
  uint8_t ks[16];    // keystream block in use
  uint8_t nonce[13];
  uint64_t ad_len;
  uint64_t pt_len;
  uint64_t ad_done;
  uint64_t pt_done;
  uint8_t buf_n;
  uint8_t ks_used;   // 16: none left
  uint8_t nonce_len;
  uint8_t tag_len;
  uint8_t mode;
  uint8_t state;
  uint8_t mac;       // a tag is computed (not CCM* with no tag)
};

struct Objects {
  AesCcm aes;  // set up only when is_aes
  Msg m = {};
  uint8_t is_aes = 0;
};

bool star(int mode) {
  return mode == MBEDTLS_CCM_STAR_ENCRYPT || mode == MBEDTLS_CCM_STAR_DECRYPT;
}
bool decrypting(int mode) {
  return mode == MBEDTLS_CCM_DECRYPT || mode == MBEDTLS_CCM_STAR_DECRYPT;
}

int block_encrypt(mbedtls_ccm_context* ctx, const Objects& o,
                  const uint8_t in[16], uint8_t out[16]) {
  if (o.is_aes) {
    o.aes.aes_key().encrypt_block(in, out);
    return 0;
  }
#if defined(MBEDTLS_CIPHER_C)
  size_t olen = 0;
  return mbedtls_cipher_update(&ctx->ctcrypto_cipher, in, 16, out, &olen);
#else
  (void)ctx;
  return MBEDTLS_ERR_CCM_BAD_INPUT;
#endif
}

// mac_blocks: the CBC-MAC over n whole blocks.
int mac_blocks(mbedtls_ccm_context* ctx, Objects& o, const uint8_t* p,
               size_t n) {
  Msg& m = o.m;
  if (o.is_aes) {
    // CBC encryption's last ciphertext block is the chain value: the IV
    // argument carries it; the ciphertext itself is scratch.
    uint8_t scratch[kBounce];
    while (n > 0) {
      const size_t blocks = n < kBounce / 16 ? n : kBounce / 16;
      if (ctcrypto::aes_cbc_encrypt(o.aes.aes_key(),
                                    std::span<uint8_t, 16>(m.x, 16),
                                    {p, blocks * 16},
                                    {scratch, blocks * 16}) != Status::kOk) {
        wipe(scratch, sizeof(scratch));
        return MBEDTLS_ERR_CCM_BAD_INPUT;
      }
      p += blocks * 16;
      n -= blocks;
    }
    wipe(scratch, sizeof(scratch));
    return 0;
  }
  for (; n > 0; --n, p += 16) {
    xor_into(m.x, p, 16);
    if (int ret = block_encrypt(ctx, o, m.x, m.x)) return ret;
  }
  return 0;
}

int mac_absorb(mbedtls_ccm_context* ctx, Objects& o, const uint8_t* p,
               size_t n) {
  Msg& m = o.m;
  if (m.buf_n != 0) {
    const size_t take = n < 16u - m.buf_n ? n : 16u - m.buf_n;
    std::memcpy(m.buf + m.buf_n, p, take);
    m.buf_n = static_cast<uint8_t>(m.buf_n + take);
    p += take;
    n -= take;
    if (m.buf_n < 16) return 0;
    m.buf_n = 0;
    if (int ret = mac_blocks(ctx, o, m.buf, 1)) return ret;
  }
  const size_t whole = n / 16;
  if (int ret = mac_blocks(ctx, o, p, whole)) return ret;
  p += whole * 16;
  n -= whole * 16;
  if (n != 0) {
    std::memcpy(m.buf, p, n);
    m.buf_n = static_cast<uint8_t>(n);
  }
  return 0;
}

int mac_pad(mbedtls_ccm_context* ctx, Objects& o) {
  Msg& m = o.m;
  if (m.buf_n == 0) return 0;
  std::memset(m.buf + m.buf_n, 0, 16u - m.buf_n);
  m.buf_n = 0;
  return mac_blocks(ctx, o, m.buf, 1);
}

// The counter is the last q = 15 - nonce_len bytes of the counter block,
// incremented modulo 2^(8q).
unsigned q_of(const Msg& m) { return 15u - m.nonce_len; }

uint64_t counter_value(const Msg& m) {
  uint64_t c = 0;
  for (unsigned i = 16 - q_of(m); i < 16; ++i) c = (c << 8) | m.ctr[i];
  return c;
}

void counter_add(Msg& m, uint64_t n) {
  for (int i = 15; i >= 16 - static_cast<int>(q_of(m)) && n != 0; --i) {
    const uint64_t s = m.ctr[i] + (n & 0xff);
    m.ctr[i] = static_cast<uint8_t>(s);
    n = (n >> 8) + (s >> 8);
  }
}

// ctr: out = in XOR the keystream (in == out or apart).
int ctr(mbedtls_ccm_context* ctx, Objects& o, const uint8_t* in, uint8_t* out,
        size_t n) {
  Msg& m = o.m;
  size_t i = 0;
  while (i < n && m.ks_used < 16) {
    out[i] = static_cast<uint8_t>(in[i] ^ m.ks[m.ks_used++]);
    ++i;
  }
  size_t whole = (n - i) / 16;
  while (whole > 0) {
    size_t seg = whole;
    if (o.is_aes) {
      // Up to the counter's wrap: aes_ctr128 would carry into the nonce.
      if (q_of(m) < 8) {
        const uint64_t left = (uint64_t{1} << (8 * q_of(m))) - counter_value(m);
        if (seg > left) seg = static_cast<size_t>(left);
      }
      if (ctcrypto::aes_ctr128(o.aes.aes_key(),
                               std::span<const uint8_t, 16>(m.ctr, 16),
                               {in + i, seg * 16},
                               {out + i, seg * 16}) != Status::kOk) {
        return MBEDTLS_ERR_CCM_BAD_INPUT;
      }
    } else {
      seg = 1;
      if (int ret = block_encrypt(ctx, o, m.ctr, m.ks)) return ret;
      for (size_t j = 0; j < 16; ++j) out[i + j] = in[i + j] ^ m.ks[j];
    }
    counter_add(m, seg);
    i += seg * 16;
    whole -= seg;
  }
  if (i < n) {
    if (int ret = block_encrypt(ctx, o, m.ctr, m.ks)) return ret;
    counter_add(m, 1);
    m.ks_used = 0;
    while (i < n) {
      out[i] = static_cast<uint8_t>(in[i] ^ m.ks[m.ks_used++]);
      ++i;
    }
  }
  return 0;
}

// B0 and the start of the CBC-MAC, once both the nonce and the lengths are
// known.
int first_block_if_ready(mbedtls_ccm_context* ctx, Objects& o) {
  Msg& m = o.m;
  if ((m.state & kStarted) == 0 || (m.state & kLengthsSet) == 0) return 0;
  if (m.tag_len == 0) {
    // CCM* without a tag is counter mode only; CCM needs a tag.
    if (star(m.mode)) {
      m.mac = 0;
      return 0;
    }
    m.state |= kError;
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  const unsigned q = q_of(m);
  if (q < 8 && (m.pt_len >> (8 * q)) != 0) {
    m.state |= kError;
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  uint8_t b0[16];
  b0[0] = static_cast<uint8_t>(
      (m.ad_len > 0 ? 0x40u : 0u) |
      (static_cast<unsigned>((m.tag_len - 2) / 2) << 3) | (q - 1));
  std::memcpy(b0 + 1, m.nonce, m.nonce_len);
  uint64_t len = m.pt_len;
  for (unsigned i = 0; i < q; ++i, len >>= 8) {
    b0[15 - i] = static_cast<uint8_t>(len);
  }
  std::memset(m.x, 0, 16);
  m.buf_n = 0;
  m.mac = 1;
  const int ret = mac_blocks(ctx, o, b0, 1);
  wipe(b0, sizeof(b0));
  if (ret != 0) m.state |= kError;
  return ret;
}

// reset_progress: a new message: no AD or data fed, fresh MAC and counter.
void reset_progress(Msg& m) {
  m.state &= static_cast<uint8_t>(~(kAdStarted | kAdDone));
  m.ad_done = 0;
  m.pt_done = 0;
  m.buf_n = 0;
  m.ks_used = 16;
  m.mac = 0;
  std::memset(m.x, 0, 16);
}

void clear_message(Msg& m) { wipe(&m, sizeof(m)); }

void free_objects(mbedtls_ccm_context* ctx) {
#if defined(MBEDTLS_CIPHER_C)
  mbedtls_cipher_free(&ctx->ctcrypto_cipher);
#endif
  release<Objects>(ctx);
}

bool fits_nonce(size_t length, size_t iv_len) {
  return static_cast<uint64_t>(length) <= ctcrypto::ccm_max_message_len(iv_len);
}

// one_shot_fast: whether AesCcm's one-shot calls take this message.
bool one_shot_fast(const Objects* o, size_t length, size_t iv_len,
                   size_t ad_len, size_t tag_len, const void* in,
                   const void* out) {
  return o != nullptr && o->is_aes && tag_len == ctcrypto::kCcmTagLen &&
         iv_len >= 7 && iv_len <= 13 && ad_len < kMaxAdLen &&
         fits_nonce(length, iv_len) && !partial_overlap(in, out, length);
}

int status_to_mbedtls(Status st) {
  switch (st) {
    case Status::kOk:
      return 0;
    case Status::kAuthenticationFailed:
      return MBEDTLS_ERR_CCM_AUTH_FAILED;
    default:
      return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
}

}  // namespace

namespace {

int auth_crypt(mbedtls_ccm_context* ctx, int mode, size_t length,
               const unsigned char* iv, size_t iv_len, const unsigned char* add,
               size_t add_len, const unsigned char* input,
               unsigned char* output, unsigned char* tag, size_t tag_len) {
  if (Objects* o = objects<Objects>(ctx)) clear_message(o->m);
  size_t olen = 0;
  if (int ret = mbedtls_ccm_starts(ctx, mode, iv, iv_len)) return ret;
  if (int ret = mbedtls_ccm_set_lengths(ctx, add_len, length, tag_len)) {
    return ret;
  }
  if (int ret = mbedtls_ccm_update_ad(ctx, add, add_len)) return ret;
  if (int ret = mbedtls_ccm_update(ctx, input, length, output, length, &olen)) {
    return ret;
  }
  return mbedtls_ccm_finish(ctx, tag, tag_len);
}

int encrypt(mbedtls_ccm_context* ctx, int mode, size_t length,
            const unsigned char* iv, size_t iv_len, const unsigned char* add,
            size_t add_len, const unsigned char* input, unsigned char* output,
            unsigned char* tag, size_t tag_len) {
  Objects* o = objects<Objects>(ctx);
  if (one_shot_fast(o, length, iv_len, add_len, tag_len, input, output)) {
    clear_message(o->m);
    return status_to_mbedtls(o->aes.seal_detached(
        {output, length}, {tag, tag_len}, {iv, iv_len}, {input, length},
        {add, add_len}));
  }
  return auth_crypt(ctx, mode, length, iv, iv_len, add, add_len, input,
                    output, tag, tag_len);
}

int decrypt(mbedtls_ccm_context* ctx, int mode, size_t length,
            const unsigned char* iv, size_t iv_len, const unsigned char* add,
            size_t add_len, const unsigned char* input, unsigned char* output,
            const unsigned char* tag, size_t tag_len) {
  Objects* o = objects<Objects>(ctx);
  if (one_shot_fast(o, length, iv_len, add_len, tag_len, input, output)) {
    clear_message(o->m);
    // On failure open_detached has wiped the plaintext.
    return status_to_mbedtls(o->aes.open_detached(
        {output, length}, {iv, iv_len}, {input, length}, {tag, tag_len},
        {add, add_len}));
  }
  uint8_t check[16];
  int ret = auth_crypt(ctx, mode, length, iv, iv_len, add, add_len, input,
                       output, check, tag_len);
  if (ret == 0 && ct_diff(tag, check, tag_len) != 0) {
    wipe(output, length);
    ret = MBEDTLS_ERR_CCM_AUTH_FAILED;
  }
  wipe(check, sizeof(check));
  return ret;
}

}  // namespace

extern "C" {

void mbedtls_ccm_init(mbedtls_ccm_context* ctx) {
  std::memset(ctx, 0, sizeof(*ctx));
#if defined(MBEDTLS_CIPHER_C)
  mbedtls_cipher_init(&ctx->ctcrypto_cipher);
#endif
}

void mbedtls_ccm_free(mbedtls_ccm_context* ctx) {
  if (ctx == nullptr) return;
  free_objects(ctx);
}

int mbedtls_ccm_setkey(mbedtls_ccm_context* ctx, mbedtls_cipher_id_t cipher,
                       const unsigned char* key, unsigned int keybits) {
  free_objects(ctx);
  mbedtls_ccm_init(ctx);
  Objects* o = construct<Objects>(ctx);
  int ret = MBEDTLS_ERR_CCM_BAD_INPUT;
  if (cipher == MBEDTLS_CIPHER_ID_AES) {
    o->is_aes = 1;
    if ((keybits == 128 || keybits == 192 || keybits == 256) && key != nullptr &&
        o->aes.init({key, keybits / 8}, ctcrypto::kCcmTagLen, 0) == Status::kOk) {
      ret = 0;
    }
  } else {
#if defined(MBEDTLS_CIPHER_C)
    const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_values(
        cipher, static_cast<int>(keybits), MBEDTLS_MODE_ECB);
    if (info != nullptr && mbedtls_cipher_info_get_block_size(info) == 16 &&
        mbedtls_cipher_setup(&ctx->ctcrypto_cipher, info) == 0 &&
        mbedtls_cipher_setkey(&ctx->ctcrypto_cipher, key,
                              static_cast<int>(keybits), MBEDTLS_ENCRYPT) == 0) {
      ret = 0;
    }
#endif
  }
  if (ret != 0) {
    free_objects(ctx);
    mbedtls_ccm_init(ctx);
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  ctx->ctcrypto_state = CTCRYPTO_MBEDTLS_KEYED;
  return 0;
}

int mbedtls_ccm_starts(mbedtls_ccm_context* ctx, int mode,
                       const unsigned char* iv, size_t iv_len) {
  if (iv_len < 7 || iv_len > 13) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if (mode != MBEDTLS_CCM_ENCRYPT && mode != MBEDTLS_CCM_DECRYPT &&
      !star(mode)) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  Objects* o = objects<Objects>(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Msg& m = o->m;
  m.mode = static_cast<uint8_t>(mode);
  m.nonce_len = static_cast<uint8_t>(iv_len);
  std::memcpy(m.nonce, iv, iv_len);
  // Counter block 1: flags q - 1, the nonce, the counter.
  std::memset(m.ctr, 0, 16);
  m.ctr[0] = static_cast<uint8_t>(q_of(m) - 1);
  std::memcpy(m.ctr + 1, iv, iv_len);
  m.ctr[15] = 1;
  reset_progress(m);
  m.state |= kStarted;
  return first_block_if_ready(ctx, *o);
}

int mbedtls_ccm_set_lengths(mbedtls_ccm_context* ctx, size_t total_ad_len,
                            size_t plaintext_len, size_t tag_len) {
  // SP 800-38C A.1 tag lengths, 0 too for CCM* (checked with the mode).
  if (tag_len == 2 || tag_len > 16 || tag_len % 2 != 0) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  if (total_ad_len >= kMaxAdLen) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Objects* o = objects<Objects>(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Msg& m = o->m;
  m.ad_len = total_ad_len;
  m.pt_len = plaintext_len;
  m.tag_len = static_cast<uint8_t>(tag_len);
  if (m.state & kStarted) {
    // Restart the counter for the new message.
    std::memset(m.ctr + 1 + m.nonce_len, 0, q_of(m));
    m.ctr[15] = 1;
  }
  reset_progress(m);
  m.state |= kLengthsSet;
  return first_block_if_ready(ctx, *o);
}

int mbedtls_ccm_update_ad(mbedtls_ccm_context* ctx, const unsigned char* add,
                          size_t add_len) {
  Objects* o = objects<Objects>(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Msg& m = o->m;
  if (m.state & kError) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if (add_len == 0) return 0;
  if ((m.state & kStarted) == 0 || (m.state & kLengthsSet) == 0 ||
      (m.state & kAdDone) != 0) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  if (add_len > m.ad_len - m.ad_done) return MBEDTLS_ERR_CCM_BAD_INPUT;
  int ret = 0;
  if ((m.state & kAdStarted) == 0) {
    // The AD's 2-byte length (a < 2^16 - 2^8) comes first.
    m.state |= kAdStarted;
    if (m.mac) {
      const uint8_t enc[2] = {static_cast<uint8_t>(m.ad_len >> 8),
                              static_cast<uint8_t>(m.ad_len)};
      ret = mac_absorb(ctx, *o, enc, 2);
    }
  }
  if (ret == 0 && m.mac) ret = mac_absorb(ctx, *o, add, add_len);
  m.ad_done += add_len;
  if (ret == 0 && m.ad_done == m.ad_len) {
    m.state |= kAdDone;
    if (m.mac) ret = mac_pad(ctx, *o);
  }
  if (ret != 0) m.state |= kError;
  return ret;
}

int mbedtls_ccm_update(mbedtls_ccm_context* ctx, const unsigned char* input,
                       size_t input_len, unsigned char* output,
                       size_t output_size, size_t* output_len) {
  Objects* o = objects<Objects>(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Msg& m = o->m;
  if (m.state & kError) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if ((m.state & kStarted) == 0 || (m.state & kLengthsSet) == 0) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  if (m.mac && input_len > m.pt_len - m.pt_done) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  if (output_size < input_len) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if (m.ad_len > 0 && (m.state & kAdDone) == 0 && input_len > 0) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  *output_len = input_len;
  // Piece by piece through a local buffer: the MAC reads the plaintext
  // from memory only this module writes (the output may be shared), and
  // any overlap of input and output is safe.
  uint8_t buf[kBounce];
  const bool decrypt = decrypting(m.mode);
  int ret = 0;
  size_t done = 0;
  while (done < input_len && ret == 0) {
    size_t n = input_len - done;
    if (n > sizeof(buf)) n = sizeof(buf);
    std::memcpy(buf, input + done, n);
    if (!decrypt && m.mac) ret = mac_absorb(ctx, *o, buf, n);
    if (ret == 0) ret = ctr(ctx, *o, buf, buf, n);
    if (ret == 0 && decrypt && m.mac) ret = mac_absorb(ctx, *o, buf, n);
    if (ret == 0) std::memcpy(output + done, buf, n);
    done += n;
  }
  wipe(buf, sizeof(buf));
  if (ret != 0) {
    m.state |= kError;
    return ret;
  }
  m.pt_done += input_len;
  return 0;
}

int mbedtls_ccm_finish(mbedtls_ccm_context* ctx, unsigned char* tag,
                       size_t tag_len) {
  Objects* o = objects<Objects>(ctx);
  if (o == nullptr) return MBEDTLS_ERR_CCM_BAD_INPUT;
  Msg& m = o->m;
  if (m.state & kError) return MBEDTLS_ERR_ERROR_CORRUPTION_DETECTED;
  if ((m.state & kStarted) == 0 || (m.state & kLengthsSet) == 0) {
    return MBEDTLS_ERR_CCM_BAD_INPUT;
  }
  if (m.ad_len > 0 && (m.state & kAdDone) == 0) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if (m.mac && m.pt_done != m.pt_len) return MBEDTLS_ERR_CCM_BAD_INPUT;
  if (tag_len != m.tag_len) return MBEDTLS_ERR_CCM_BAD_INPUT;
  int ret = 0;
  if (m.mac) {
    ret = mac_pad(ctx, *o);
    // Tag = MAC XOR E(counter block 0).
    uint8_t s0[16];
    std::memcpy(s0, m.ctr, 16);
    std::memset(s0 + 16 - q_of(m), 0, q_of(m));
    if (ret == 0) ret = block_encrypt(ctx, *o, s0, s0);
    if (ret == 0 && tag != nullptr) {
      for (size_t i = 0; i < tag_len; ++i) tag[i] = m.x[i] ^ s0[i];
    }
    wipe(s0, sizeof(s0));
  }
  clear_message(m);
  return ret;
}

int mbedtls_ccm_encrypt_and_tag(mbedtls_ccm_context* ctx, size_t length,
                                const unsigned char* iv, size_t iv_len,
                                const unsigned char* add, size_t add_len,
                                const unsigned char* input,
                                unsigned char* output, unsigned char* tag,
                                size_t tag_len) {
  return encrypt(ctx, MBEDTLS_CCM_ENCRYPT, length, iv, iv_len, add, add_len,
                 input, output, tag, tag_len);
}

int mbedtls_ccm_star_encrypt_and_tag(mbedtls_ccm_context* ctx, size_t length,
                                     const unsigned char* iv, size_t iv_len,
                                     const unsigned char* add, size_t add_len,
                                     const unsigned char* input,
                                     unsigned char* output, unsigned char* tag,
                                     size_t tag_len) {
  return encrypt(ctx, MBEDTLS_CCM_STAR_ENCRYPT, length, iv, iv_len, add,
                 add_len, input, output, tag, tag_len);
}

int mbedtls_ccm_auth_decrypt(mbedtls_ccm_context* ctx, size_t length,
                             const unsigned char* iv, size_t iv_len,
                             const unsigned char* add, size_t add_len,
                             const unsigned char* input, unsigned char* output,
                             const unsigned char* tag, size_t tag_len) {
  return decrypt(ctx, MBEDTLS_CCM_DECRYPT, length, iv, iv_len, add, add_len,
                 input, output, tag, tag_len);
}

int mbedtls_ccm_star_auth_decrypt(mbedtls_ccm_context* ctx, size_t length,
                                  const unsigned char* iv, size_t iv_len,
                                  const unsigned char* add, size_t add_len,
                                  const unsigned char* input,
                                  unsigned char* output,
                                  const unsigned char* tag, size_t tag_len) {
  return decrypt(ctx, MBEDTLS_CCM_STAR_DECRYPT, length, iv, iv_len, add,
                 add_len, input, output, tag, tag_len);
}

}  // extern "C"

#endif  // MBEDTLS_CCM_ALT
