/* aes_alt.h: Mbed TLS 3.6's AES context under MBEDTLS_AES_ALT, on ctcrypto
 * (integrations/mbedtls/src/aes_alt.cc). Included by mbedtls/aes.h. */
#ifndef CTCRYPTO_MBEDTLS_AES_ALT_H_
#define CTCRYPTO_MBEDTLS_AES_ALT_H_

#include "ctcrypto_mbedtls_alt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One ctcrypto::AesKey (both directions: mbedtls_aes_setkey_enc and
 * mbedtls_aes_setkey_dec set up the same object). */
typedef struct mbedtls_aes_context {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(CTCRYPTO_AES_KEY_STATE_SIZE)];
} mbedtls_aes_context;

/* XTS: a ctcrypto::AesXts (data key, tweak key); or, for a key whose halves
 * are equal (which ctcrypto's AesXts refuses and Mbed TLS accepts), two
 * AesKeys and the integration's own XTS over them
 * (ctcrypto_mode == 1). */
typedef struct mbedtls_aes_xts_context {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  uint32_t ctcrypto_mode;
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(2 * CTCRYPTO_AES_KEY_STATE_SIZE)];
} mbedtls_aes_xts_context;

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_MBEDTLS_AES_ALT_H_ */
