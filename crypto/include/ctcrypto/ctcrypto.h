/* ctcrypto.h: the C API, a thin layer over the C++ classes for C and FFI
 * callers. Every function returns a ctcrypto status code (0 = success, the
 * values of ctcrypto::Status); nothing allocates.
 *
 * Object life cycle: *_init sets an object up (it may be called on any
 * memory of the right type, e.g. fresh from the stack, and again to re-key);
 * *_cleanup wipes the key material and returns the object to the
 * uninitialised state. Each object carries a state word set only by a
 * successful init: every other function refuses an object that was never
 * initialised, failed to initialise or was cleaned up, with
 * CTCRYPTO_NOT_INITIALIZED (no use of its contents). Objects may be copied
 * with memcpy; each copy must be cleaned up on its own. */
#ifndef CTCRYPTO_CTCRYPTO_H_
#define CTCRYPTO_CTCRYPTO_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#define CTCRYPTO_ALIGNAS(n) alignas(n)
#else
#define CTCRYPTO_ALIGNAS(n) _Alignas(n)
#endif

#define CTCRYPTO_OK 0
#define CTCRYPTO_AUTHENTICATION_FAILED 8
#define CTCRYPTO_NOT_INITIALIZED 9

/* Sizes of the opaque objects; the C++ side static_asserts they suffice. */
#define CTCRYPTO_AES_KEY_SIZE 2176
#define CTCRYPTO_AES_GCM_SIZE 3328

typedef struct ctcrypto_aes_key {
  CTCRYPTO_ALIGNAS(64) unsigned char opaque[CTCRYPTO_AES_KEY_SIZE];
} ctcrypto_aes_key;

typedef struct ctcrypto_aes_gcm {
  CTCRYPTO_ALIGNAS(64) unsigned char opaque[CTCRYPTO_AES_GCM_SIZE];
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

/* --- TLS 1.0-1.2 CBC record AEADs (ctcrypto/tls_cbc.h) --------------------
 * name: "aes-128-cbc-sha1-tls", "aes-128-cbc-sha256-tls",
 * "aes-256-cbc-sha1-tls", "aes-256-cbc-sha256-tls", "aes-256-cbc-sha384-tls",
 * "aes-128-cbc-sha1-tls-implicit-iv", "aes-256-cbc-sha1-tls-implicit-iv".
 * key = MAC key || AES key (|| 16-byte fixed IV for implicit IV); nonce = the
 * 16-byte explicit IV (none for implicit IV); ad = 11 bytes. tag_len: 0 or
 * the MAC length. Implicit-IV contexts chain the IV from call to call. */
/* The AES key plus the HMAC key states (ipad/opad), suite and chaining IV. */
#define CTCRYPTO_TLS_CBC_SIZE (CTCRYPTO_AES_KEY_SIZE + 256)

typedef struct ctcrypto_tls_cbc {
  CTCRYPTO_ALIGNAS(64) unsigned char opaque[CTCRYPTO_TLS_CBC_SIZE];
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

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif  /* CTCRYPTO_CTCRYPTO_H_ */
