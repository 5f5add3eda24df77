/* gcm_alt.h: Mbed TLS 3.6's GCM context under MBEDTLS_GCM_ALT, on ctcrypto
 * (integrations/mbedtls/src/gcm_alt.cc). Included by mbedtls/gcm.h, after
 * mbedtls/cipher.h. */
#ifndef CTCRYPTO_MBEDTLS_GCM_ALT_H_
#define CTCRYPTO_MBEDTLS_GCM_ALT_H_

#include "ctcrypto_mbedtls_alt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An AES key: a ctcrypto::AesGcm, the AesGcmStream of an encryption in
 * progress and the state of the integration's own GCM (decryption in
 * parts, whose computed tag Mbed TLS hands back). Another 128-bit block
 * cipher (Camellia, ARIA, which Mbed TLS's GCM also accepts): the block
 * cipher in ctcrypto_cipher (Mbed TLS's cipher layer) and a
 * ctcrypto::GhashKey for H. */
#define CTCRYPTO_MBEDTLS_GCM_OBJECTS_SIZE \
  (CTCRYPTO_AES_GCM_SIZE + CTCRYPTO_AES_GCM_STREAM_SIZE + 256)

typedef struct mbedtls_gcm_context {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  mbedtls_cipher_context_t ctcrypto_cipher;
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(CTCRYPTO_MBEDTLS_GCM_OBJECTS_SIZE)];
} mbedtls_gcm_context;

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_MBEDTLS_GCM_ALT_H_ */
