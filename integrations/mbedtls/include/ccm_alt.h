/* ccm_alt.h: Mbed TLS 3.6's CCM context under MBEDTLS_CCM_ALT, on ctcrypto
 * (integrations/mbedtls/src/ccm_alt.cc). Included by mbedtls/ccm.h, after
 * mbedtls/cipher.h. */
#ifndef CTCRYPTO_MBEDTLS_CCM_ALT_H_
#define CTCRYPTO_MBEDTLS_CCM_ALT_H_

#include "ctcrypto_mbedtls_alt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An AES key: a ctcrypto::AesCcm (16-byte tags, any nonce length) and the
 * state of a message in parts (CBC-MAC chain, counter, partial blocks,
 * declared lengths). Another 128-bit block cipher (Camellia, ARIA): the
 * block cipher in ctcrypto_cipher (Mbed TLS's cipher layer). */
#define CTCRYPTO_MBEDTLS_CCM_OBJECTS_SIZE (CTCRYPTO_AES_CCM_SIZE + 192)

typedef struct mbedtls_ccm_context {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  mbedtls_cipher_context_t ctcrypto_cipher;
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(CTCRYPTO_MBEDTLS_CCM_OBJECTS_SIZE)];
} mbedtls_ccm_context;

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_MBEDTLS_CCM_ALT_H_ */
