/* ctcrypto.h: the C API, a thin layer over the C++ classes for C and FFI
 * callers. Every function returns a ctcrypto status code (0 = success, the
 * values of ctcrypto::Status); nothing allocates. */
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

/* Sizes of the opaque objects; the C++ side static_asserts they suffice. */
#define CTCRYPTO_AES_KEY_SIZE 2176
#define CTCRYPTO_AES_GCM_SIZE 2816

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

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif  /* CTCRYPTO_CTCRYPTO_H_ */
