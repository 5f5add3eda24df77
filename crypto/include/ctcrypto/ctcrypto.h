/* ctcrypto.h: the C API, a thin layer over the C++ classes for C and FFI
 * callers. Every function returns a ctcrypto status code (0 = success, the
 * values of ctcrypto::Status); nothing allocates.
 *
 * Objects: every C object (ctcrypto_aes_key, _aes_gcm, _tls_cbc, _aes_ccm,
 * _aes_cmac, _aes_cmac_ctx, _aes_gcm_siv, _aes_gmac, _aes_gmac_ctx, _aes_xts,
 * _aes_gcm_stream, _aes_ccm_stream) is opaque
 * storage: the C++ object at its start and a 4-byte state word in its LAST
 * 4 bytes. Its CTCRYPTO_*_SIZE is a fixed, published constant, at least the
 * C++ object's size + 4 on every supported target (the library
 * static_asserts this); what each is made of is said beside it.
 *
 * State word and life cycle, the same for every object: *_init may be
 * called on any memory of the right type (fresh from the stack, memset, a
 * live object to re-key). It wipes the storage, sets the object up and
 * writes the type's state word only on success; a failed init (bad
 * argument or parameter) leaves the object wiped and uninitialised.
 * *_cleanup destroys the object, wipes every byte (state word included) and
 * returns CTCRYPTO_OK (on any bytes; a null pointer is an invalid
 * argument). Every other function checks its pointer/length arguments, then
 * reads the state word and refuses an object that was never initialised,
 * failed to initialise or was cleaned up with CTCRYPTO_NOT_INITIALIZED,
 * without using its contents or writing any output. Objects may be copied
 * with memcpy; each copy must be cleaned up on its own. */
#ifndef CTCRYPTO_CTCRYPTO_H_
#define CTCRYPTO_CTCRYPTO_H_

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/key_sizes.h"

#ifdef __cplusplus
extern "C" {
#define CTCRYPTO_ALIGNAS(n) alignas(n)
#else
#define CTCRYPTO_ALIGNAS(n) _Alignas(n)
#endif

/* The status codes: ctcrypto::Status's values (ctcrypto/status.h), which
 * never change; ctcrypto_status_string gives each a short reason. */
#define CTCRYPTO_OK 0
#define CTCRYPTO_INVALID_KEY_LENGTH 1
#define CTCRYPTO_INVALID_NONCE_LENGTH 2
#define CTCRYPTO_INVALID_TAG_LENGTH 3
#define CTCRYPTO_OUTPUT_TOO_SMALL 4
#define CTCRYPTO_INVALID_LENGTH 5
#define CTCRYPTO_OVERLAPPING_BUFFERS 6
#define CTCRYPTO_MESSAGE_TOO_LONG 7
#define CTCRYPTO_AUTHENTICATION_FAILED 8
/* A C object used before a successful init, or after its cleanup. */
#define CTCRYPTO_NOT_INITIALIZED 9
#define CTCRYPTO_INVALID_ARGUMENT 10
#define CTCRYPTO_UNSUPPORTED 11
/* A streaming call out of order (AD after data, finish on an open stream). */
#define CTCRYPTO_BAD_STATE 12

/* --- AES keys and AES-GCM ------------------------------------------------ */
/* Sizes follow the CPU family (ctcrypto/key_sizes.h): CTCRYPTO_ROUND_UP_(n)
 * rounds n up to a multiple of CTCRYPTO_KEY_STATE_ALIGN, the alignment of
 * every object holding a key. */
#define CTCRYPTO_ROUND_UP_(n)                                    \
  (((n) + CTCRYPTO_KEY_STATE_ALIGN - 1) / CTCRYPTO_KEY_STATE_ALIGN * \
   CTCRYPTO_KEY_STATE_ALIGN)
/* An AES key: the expanded round keys of the family's largest row (both
 * directions) plus the row pointers and round/key lengths
 * (CTCRYPTO_AES_KEY_STATE_SIZE); + the state word, rounded up. */
#define CTCRYPTO_AES_KEY_SIZE CTCRYPTO_ROUND_UP_(CTCRYPTO_AES_KEY_STATE_SIZE + 4)
/* AES-GCM: an AES key plus the GHASH key (H powers or tables for the
 * family's largest row, and its row pointer: CTCRYPTO_GHASH_KEY_STATE_SIZE)
 * and the tag length, padded to the alignment; + the state word, rounded
 * up. */
#define CTCRYPTO_AES_GCM_SIZE                                       \
  CTCRYPTO_ROUND_UP_(CTCRYPTO_AES_KEY_STATE_SIZE +                  \
                     CTCRYPTO_GHASH_KEY_STATE_SIZE +                \
                     CTCRYPTO_KEY_STATE_ALIGN + 4)

typedef struct ctcrypto_aes_key {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_KEY_SIZE];
} ctcrypto_aes_key;

typedef struct ctcrypto_aes_gcm {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_GCM_SIZE];
} ctcrypto_aes_gcm;

/* ctcrypto_status_string: a short reason for a status code. */
const char* ctcrypto_status_string(int status);

int ctcrypto_aes_key_init(ctcrypto_aes_key* key, const uint8_t* raw,
                          size_t raw_len);
/* cleanup: wipes the key; the object is uninitialised afterwards. */
int ctcrypto_aes_key_cleanup(ctcrypto_aes_key* key);
int ctcrypto_aes_encrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]);
int ctcrypto_aes_decrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]);
int ctcrypto_aes_ctr32(const ctcrypto_aes_key* key, const uint8_t counter[16],
                       const uint8_t* in, uint8_t* out, size_t len);
int ctcrypto_aes_cbc_encrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len);
int ctcrypto_aes_cbc_decrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len);

/* tag_len: 12..16 (16 is the usual choice). */
int ctcrypto_aes_gcm_init(ctcrypto_aes_gcm* gcm, const uint8_t* key,
                          size_t key_len, size_t tag_len);
/* cleanup: wipes the AES and GHASH keys; uninitialised afterwards. */
int ctcrypto_aes_gcm_cleanup(ctcrypto_aes_gcm* gcm);
/* seal: writes in_len + tag_len bytes (ciphertext || tag) to out, whose
 * capacity is max_out_len; *out_len receives the length written. */
int ctcrypto_aes_gcm_seal(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);
/* open: in = ciphertext || tag. On CTCRYPTO_AUTHENTICATION_FAILED the
 * plaintext area of out is zeroed. */
int ctcrypto_aes_gcm_open(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);

/* --- Streaming AES-GCM (AesGcmStream, ctcrypto/aead.h) ---------------------
 * One message in chunks: start, update_ad (zero or more, all AD first),
 * update (zero or more), then finish (seal) or verify (open). update writes
 * exactly in_len bytes to out at once (nothing is held back; out == in
 * allowed). Same ciphertext and tag as ctcrypto_aes_gcm_seal for every
 * chunking. A stream refers to its ctcrypto_aes_gcm, which must stay
 * initialised and in place until the stream ends.
 *
 * DECRYPTION RELEASES UNAUTHENTICATED PLAINTEXT (as PSA Crypto's
 * psa_aead_update): nothing update wrote may be used before verify returns
 * CTCRYPTO_OK, and all of it must be discarded when verify returns
 * CTCRYPTO_AUTHENTICATION_FAILED.
 *
 * start acts as the stream's init (state word, top of this file). finish
 * and verify end the stream once they give a verdict (CTCRYPTO_OK or
 * CTCRYPTO_AUTHENTICATION_FAILED): it is cleaned up, and any later call but
 * start gives CTCRYPTO_NOT_INITIALIZED. update_ad after update, finish on an
 * open stream and verify on a seal stream give CTCRYPTO_BAD_STATE;
 * more than 2^36 - 32 bytes of data gives CTCRYPTO_MESSAGE_TOO_LONG; each refusal writes nothing and leaves the stream as it was. */
/* A pointer to the GCM object, five 16-byte blocks (counter, GHASH
 * accumulator, tag mask, partial keystream, partial block), the seal
 * kernel's carry (CTCRYPTO_GCM_STREAM_CARRY_SIZE, ctcrypto/key_sizes.h: 512
 * bytes on x86_64, 128 on aarch64, 64 on 32-bit ARM A-profile, none
 * elsewhere: one byte), two 64-bit lengths and five bytes, padded to 8-byte
 * alignment: 112 bytes + the carry (624 on x86_64, 240 on aarch64, 176 on
 * ARMv7-A), 112 on other 32-bit targets (Cortex-M), 120 on other 64-bit
 * ones; + the state word, with room to spare. */
#define CTCRYPTO_AES_GCM_STREAM_SIZE (160 + CTCRYPTO_GCM_STREAM_CARRY_SIZE)
/* direction for start */
#define CTCRYPTO_SEAL 0
#define CTCRYPTO_OPEN 1

typedef struct ctcrypto_aes_gcm_stream {
  CTCRYPTO_ALIGNAS(8) unsigned char opaque[CTCRYPTO_AES_GCM_STREAM_SIZE];
} ctcrypto_aes_gcm_stream;

/* start: direction CTCRYPTO_SEAL or CTCRYPTO_OPEN; nonce_len >= 1. */
int ctcrypto_aes_gcm_stream_start(ctcrypto_aes_gcm_stream* s,
                                  const ctcrypto_aes_gcm* gcm, int direction,
                                  const uint8_t* nonce, size_t nonce_len);
int ctcrypto_aes_gcm_stream_update_ad(ctcrypto_aes_gcm_stream* s,
                                      const uint8_t* ad, size_t ad_len);
/* update: writes in_len bytes to out (capacity max_out_len >= in_len). */
int ctcrypto_aes_gcm_stream_update(ctcrypto_aes_gcm_stream* s, uint8_t* out,
                                   size_t max_out_len, const uint8_t* in,
                                   size_t in_len);
/* finish (seal): writes the tag; tag_len must be the GCM object's. */
int ctcrypto_aes_gcm_stream_finish(ctcrypto_aes_gcm_stream* s, uint8_t* tag,
                                   size_t tag_len);
/* verify (open): CTCRYPTO_OK or CTCRYPTO_AUTHENTICATION_FAILED. */
int ctcrypto_aes_gcm_stream_verify(ctcrypto_aes_gcm_stream* s,
                                   const uint8_t* tag, size_t tag_len);
/* cleanup: wipes the stream (abandoning its message). */
int ctcrypto_aes_gcm_stream_cleanup(ctcrypto_aes_gcm_stream* s);

/* --- TLS 1.0-1.2 CBC record AEADs (ctcrypto/tls_cbc.h) --------------------
 * name: "aes-128-cbc-sha1-tls", "aes-128-cbc-sha256-tls",
 * "aes-256-cbc-sha1-tls", "aes-256-cbc-sha256-tls", "aes-256-cbc-sha384-tls",
 * "aes-128-cbc-sha1-tls-implicit-iv", "aes-256-cbc-sha1-tls-implicit-iv".
 * key = MAC key || AES key (|| 16-byte fixed IV for implicit IV); nonce = the
 * 16-byte explicit IV (none for implicit IV); ad = 11 bytes. tag_len: 0 or
 * the MAC length. Implicit-IV contexts chain the IV from call to call. */
/* An AES key (CTCRYPTO_AES_KEY_STATE_SIZE) plus the HMAC key states (ipad/opad), suite and
 * chaining IV, + the state word. */
#define CTCRYPTO_TLS_CBC_SIZE (CTCRYPTO_AES_KEY_SIZE + 256)

typedef struct ctcrypto_tls_cbc {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_TLS_CBC_SIZE];
} ctcrypto_tls_cbc;

int ctcrypto_tls_cbc_init(ctcrypto_tls_cbc* ctx, const char* name,
                          const uint8_t* key, size_t key_len, size_t tag_len);
/* cleanup: wipes the AES key, the HMAC key states and the chaining IV. */
int ctcrypto_tls_cbc_cleanup(ctcrypto_tls_cbc* ctx);
/* seal: writes plaintext || MAC || minimal padding, CBC-encrypted (at most
 * in_len + MAC length + 16 bytes). */
int ctcrypto_tls_cbc_seal(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);
/* open: max_out_len must be >= in_len - MAC length - 1. Padding and MAC
 * failures both give CTCRYPTO_AUTHENTICATION_FAILED, with that area of out
 * zeroed. Constant time in the record's contents. */
int ctcrypto_tls_cbc_open(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);

/* --- AES-CCM (ctcrypto/ccm.h) ---------------------------------------------
 * SP 800-38C / RFC 3610. State word and cleanup as at the top of this file
 * (both init functions). */
/* An AES key (CTCRYPTO_AES_KEY_STATE_SIZE) plus the tag and nonce lengths, padded to the alignment; + the state word, with room to spare. */
#define CTCRYPTO_AES_CCM_SIZE (CTCRYPTO_AES_KEY_SIZE + 128)

typedef struct ctcrypto_aes_ccm {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_CCM_SIZE];
} ctcrypto_aes_ccm;

/* init: key of 16/24/32 bytes; tag_len 4, 6, ..., 16; nonce_len 7..13, or
 * 0 to accept any of 7..13 on each call. */
int ctcrypto_aes_ccm_init(ctcrypto_aes_ccm* ccm, const uint8_t* key,
                          size_t key_len, size_t tag_len, size_t nonce_len);
/* init_profile: name "aes-128-ccm-bluetooth" (4-byte tag),
 * "aes-128-ccm-bluetooth-8" (8-byte tag) or "aes-128-ccm-matter" (16-byte
 * tag); 16-byte key, 13-byte nonce. */
int ctcrypto_aes_ccm_init_profile(ctcrypto_aes_ccm* ccm, const char* name,
                                  const uint8_t* key, size_t key_len);
/* seal / open: as ctcrypto_aes_gcm_seal / _open (out = ciphertext || tag;
 * on CTCRYPTO_AUTHENTICATION_FAILED the plaintext area of out is zeroed). */
int ctcrypto_aes_ccm_seal(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);
int ctcrypto_aes_ccm_open(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len);
/* cleanup: wipes the AES key; uninitialised afterwards. */
int ctcrypto_aes_ccm_cleanup(ctcrypto_aes_ccm* ccm);

/* --- Streaming AES-CCM (AesCcmStream, ctcrypto/ccm.h) -----------------------
 * As the GCM stream above (same life cycle, same warning about decrypted
 * data, CTCRYPTO_SEAL / CTCRYPTO_OPEN), except that start declares the total
 * AD and message lengths (CCM's B0 encodes them): update_ad and update that
 * would pass them, update before all AD, and finish/verify before all of
 * both give CTCRYPTO_INVALID_LENGTH, writing nothing and leaving
 * the stream usable. */
/* A pointer to the CCM object, five 16-byte blocks (MAC chain, partial MAC
 * block, counter, tag mask, partial keystream), three 64-bit lengths and
 * three bytes, padded to 8-byte alignment: 120 bytes on 64-bit and on 32-bit
 * targets alike (x86-64, AArch64, ARMv7, Cortex-M); + the state word, with
 * room to spare. */
#define CTCRYPTO_AES_CCM_STREAM_SIZE 160

typedef struct ctcrypto_aes_ccm_stream {
  CTCRYPTO_ALIGNAS(8) unsigned char opaque[CTCRYPTO_AES_CCM_STREAM_SIZE];
} ctcrypto_aes_ccm_stream;

int ctcrypto_aes_ccm_stream_start(ctcrypto_aes_ccm_stream* s,
                                  const ctcrypto_aes_ccm* ccm, int direction,
                                  const uint8_t* nonce, size_t nonce_len,
                                  uint64_t ad_len, uint64_t msg_len);
int ctcrypto_aes_ccm_stream_update_ad(ctcrypto_aes_ccm_stream* s,
                                      const uint8_t* ad, size_t ad_len);
int ctcrypto_aes_ccm_stream_update(ctcrypto_aes_ccm_stream* s, uint8_t* out,
                                   size_t max_out_len, const uint8_t* in,
                                   size_t in_len);
int ctcrypto_aes_ccm_stream_finish(ctcrypto_aes_ccm_stream* s, uint8_t* tag,
                                   size_t tag_len);
int ctcrypto_aes_ccm_stream_verify(ctcrypto_aes_ccm_stream* s,
                                   const uint8_t* tag, size_t tag_len);
int ctcrypto_aes_ccm_stream_cleanup(ctcrypto_aes_ccm_stream* s);

/* --- AES-CMAC (ctcrypto/cmac.h) ------------------------------------------
 * SP 800-38B / RFC 4493. Tags are the leading 4..16 bytes of the MAC. The
 * key object and the incremental context each have their own state word
 * (top of this file). A context refers to its key object, which must stay
 * initialised and in place until the context is finished or cleaned up. */
/* An AES key (CTCRYPTO_AES_KEY_STATE_SIZE) plus the subkeys K1 and K2, padded to the alignment;
 * + the state word, with room to spare. */
#define CTCRYPTO_AES_CMAC_SIZE (CTCRYPTO_AES_KEY_SIZE + 128)
/* A pointer to the key object, the 16-byte chaining value, the 16-byte
 * held-back block and its byte count (48 bytes on 64-bit targets, 40 on
 * 32-bit); + the state word, with room to spare. */
#define CTCRYPTO_AES_CMAC_CTX_SIZE 64

typedef struct ctcrypto_aes_cmac {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_CMAC_SIZE];
} ctcrypto_aes_cmac;

typedef struct ctcrypto_aes_cmac_ctx {
  CTCRYPTO_ALIGNAS(8) unsigned char opaque[CTCRYPTO_AES_CMAC_CTX_SIZE];
} ctcrypto_aes_cmac_ctx;

int ctcrypto_aes_cmac_init(ctcrypto_aes_cmac* cmac, const uint8_t* key,
                           size_t key_len);
/* mac: writes the first tag_len (4..16) bytes of CMAC(msg) to tag. */
int ctcrypto_aes_cmac_mac(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                          size_t msg_len, uint8_t* tag, size_t tag_len);
/* verify: CTCRYPTO_OK or CTCRYPTO_AUTHENTICATION_FAILED; constant time. */
int ctcrypto_aes_cmac_verify(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                             size_t msg_len, const uint8_t* tag,
                             size_t tag_len);
/* cleanup: wipes the AES key and subkeys; uninitialised afterwards. */
int ctcrypto_aes_cmac_cleanup(ctcrypto_aes_cmac* cmac);

int ctcrypto_aes_cmac_ctx_init(ctcrypto_aes_cmac_ctx* ctx,
                               const ctcrypto_aes_cmac* cmac);
int ctcrypto_aes_cmac_ctx_update(ctcrypto_aes_cmac_ctx* ctx,
                                 const uint8_t* data, size_t len);
/* finish / finish_verify end the message: once they give a verdict
 * (CTCRYPTO_OK, or CTCRYPTO_AUTHENTICATION_FAILED from finish_verify) the
 * context is cleaned up (ctcrypto_aes_cmac_ctx_init starts another). */
int ctcrypto_aes_cmac_ctx_finish(ctcrypto_aes_cmac_ctx* ctx, uint8_t* tag,
                                 size_t tag_len);
int ctcrypto_aes_cmac_ctx_finish_verify(ctcrypto_aes_cmac_ctx* ctx,
                                        const uint8_t* tag, size_t tag_len);
/* cleanup: wipes the chaining value and held-back bytes. */
int ctcrypto_aes_cmac_ctx_cleanup(ctcrypto_aes_cmac_ctx* ctx);

/* --- AES-GCM-SIV (RFC 8452, ctcrypto/gcm_siv.h) ----------------------------
 * key_len 16 or 32, nonce exactly 12 bytes, 16-byte tag appended by seal;
 * plaintext and AD at most 2^36 bytes each. State word and cleanup as at
 * the top of this file. */
/* The key-generating AES key plus the GHASH row pointer, padded to the
 * alignment; + the state word, with room to spare. */
#define CTCRYPTO_AES_GCM_SIV_SIZE (CTCRYPTO_AES_KEY_SIZE + 128)

typedef struct ctcrypto_aes_gcm_siv {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_GCM_SIV_SIZE];
} ctcrypto_aes_gcm_siv;

int ctcrypto_aes_gcm_siv_init(ctcrypto_aes_gcm_siv* siv, const uint8_t* key,
                              size_t key_len);
/* seal: writes in_len + 16 bytes (ciphertext || tag). */
int ctcrypto_aes_gcm_siv_seal(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len);
/* open: in = ciphertext || tag. On CTCRYPTO_AUTHENTICATION_FAILED the
 * plaintext area of out is zeroed. */
int ctcrypto_aes_gcm_siv_open(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len);
/* cleanup: wipes the key-generating key; uninitialised afterwards. */
int ctcrypto_aes_gcm_siv_cleanup(ctcrypto_aes_gcm_siv* siv);

/* --- GMAC (AES-GCM with an empty plaintext, ctcrypto/gmac.h) ---------------
 * key_len 16, 24 or 32; tag_len 12..16; any nonce length >= 1 (12 usual);
 * never reuse a nonce under one key. State word and cleanup as at the top
 * of this file. */
/* An AES-GCM object, + the state word, with room to spare. */
#define CTCRYPTO_AES_GMAC_SIZE (CTCRYPTO_AES_GCM_SIZE + 64)

typedef struct ctcrypto_aes_gmac {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_GMAC_SIZE];
} ctcrypto_aes_gmac;

int ctcrypto_aes_gmac_init(ctcrypto_aes_gmac* mac, const uint8_t* key,
                           size_t key_len, size_t tag_len);
/* compute: writes the tag (tag_len must be the object's tag length). */
int ctcrypto_aes_gmac_compute(const ctcrypto_aes_gmac* mac, uint8_t* tag,
                              size_t tag_len, const uint8_t* nonce,
                              size_t nonce_len, const uint8_t* data,
                              size_t data_len);
/* verify: CTCRYPTO_OK or CTCRYPTO_AUTHENTICATION_FAILED (constant time). */
int ctcrypto_aes_gmac_verify(const ctcrypto_aes_gmac* mac,
                             const uint8_t* nonce, size_t nonce_len,
                             const uint8_t* data, size_t data_len,
                             const uint8_t* tag, size_t tag_len);
/* cleanup: wipes the AES and GHASH keys; uninitialised afterwards. */
int ctcrypto_aes_gmac_cleanup(ctcrypto_aes_gmac* mac);

/* Incremental GMAC (AesGmacContext, ctcrypto/gmac.h), the shape of the CMAC
 * context: init with the key object and the nonce, update, then finish or
 * finish_verify, which end (clean up) the context once they give a verdict.
 * The context refers to its ctcrypto_aes_gmac, which must stay initialised
 * and in place until then. */
/* A GCM stream (the size of ctcrypto_aes_gcm_stream's C++ object, above);
 * + the state word, with room to spare. */
#define CTCRYPTO_AES_GMAC_CTX_SIZE CTCRYPTO_AES_GCM_STREAM_SIZE

typedef struct ctcrypto_aes_gmac_ctx {
  CTCRYPTO_ALIGNAS(8) unsigned char opaque[CTCRYPTO_AES_GMAC_CTX_SIZE];
} ctcrypto_aes_gmac_ctx;

int ctcrypto_aes_gmac_ctx_init(ctcrypto_aes_gmac_ctx* ctx,
                               const ctcrypto_aes_gmac* mac,
                               const uint8_t* nonce, size_t nonce_len);
int ctcrypto_aes_gmac_ctx_update(ctcrypto_aes_gmac_ctx* ctx,
                                 const uint8_t* data, size_t len);
int ctcrypto_aes_gmac_ctx_finish(ctcrypto_aes_gmac_ctx* ctx, uint8_t* tag,
                                 size_t tag_len);
int ctcrypto_aes_gmac_ctx_finish_verify(ctcrypto_aes_gmac_ctx* ctx,
                                        const uint8_t* tag, size_t tag_len);
int ctcrypto_aes_gmac_ctx_cleanup(ctcrypto_aes_gmac_ctx* ctx);

/* --- AES key wrap, KW and KWP (ctcrypto/key_wrap.h) -------------------------
 * SP 800-38F / RFC 3394 / RFC 5649 under the KEK `kek` (ctcrypto_aes_key).
 * out has capacity max_out_len; *out_len receives the length written.
 *   wrap:          in_len a multiple of 8, >= 16; writes in_len + 8.
 *   unwrap:        in_len a multiple of 8, >= 24; writes in_len - 8.
 *   wrap_padded:   1 <= in_len <= 2^32 - 1; writes 8 * ceil(in_len / 8) + 8.
 *   unwrap_padded: in_len a multiple of 8, >= 16; needs in_len - 8 bytes of
 *                  out and sets *out_len to the unwrapped key's length.
 * Unwrapping checks integrity in constant time; on
 * CTCRYPTO_AUTHENTICATION_FAILED the in_len - 8 bytes of out are zeroed. in
 * and out may be equal (in place), not otherwise overlapping. A KEK that is
 * not initialised is refused with CTCRYPTO_NOT_INITIALIZED (its state word,
 * top of this file); there is no object of its own to clean up. */
int ctcrypto_aes_key_wrap(const ctcrypto_aes_key* kek, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* in, size_t in_len);
int ctcrypto_aes_key_unwrap(const ctcrypto_aes_key* kek, uint8_t* out,
                            size_t* out_len, size_t max_out_len,
                            const uint8_t* in, size_t in_len);
int ctcrypto_aes_key_wrap_padded(const ctcrypto_aes_key* kek, uint8_t* out,
                                 size_t* out_len, size_t max_out_len,
                                 const uint8_t* in, size_t in_len);
int ctcrypto_aes_key_unwrap_padded(const ctcrypto_aes_key* kek, uint8_t* out,
                                   size_t* out_len, size_t max_out_len,
                                   const uint8_t* in, size_t in_len);

/* --- AES-XTS (ctcrypto/xts.h) ------------------------------------------------
 * IEEE 1619 / SP 800-38E. key: 32 bytes (XTS-AES-128) or 64 (XTS-AES-256),
 * Key1 || Key2, Key1 != Key2. A data unit is 16 .. 2^24 bytes (ciphertext
 * stealing for a partial last block), encrypted under a 16-byte tweak
 * (usually the little-endian sector number); out receives len bytes, in
 * place allowed. State word and cleanup as at the top of this file. */
/* Two AES keys, Key1 and Key2 (2 x CTCRYPTO_AES_KEY_STATE_SIZE), + the state word, with
 * room to spare. */
#define CTCRYPTO_AES_XTS_SIZE (2 * CTCRYPTO_AES_KEY_SIZE)

typedef struct ctcrypto_aes_xts {
  CTCRYPTO_ALIGNAS(CTCRYPTO_KEY_STATE_ALIGN) unsigned char opaque[CTCRYPTO_AES_XTS_SIZE];
} ctcrypto_aes_xts;

int ctcrypto_aes_xts_init(ctcrypto_aes_xts* xts, const uint8_t* key,
                          size_t key_len);
int ctcrypto_aes_xts_encrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len);
int ctcrypto_aes_xts_decrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len);
/* cleanup: wipes both AES keys; uninitialised afterwards. */
int ctcrypto_aes_xts_cleanup(ctcrypto_aes_xts* xts);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif  /* CTCRYPTO_CTCRYPTO_H_ */
