/* cmac_alt.h: Mbed TLS 3.6's CMAC context under MBEDTLS_CMAC_ALT, on
 * ctcrypto (integrations/mbedtls/src/cmac_alt.cc). Included by
 * mbedtls/cmac.h.
 *
 * Mbed TLS keeps it behind mbedtls_cipher_context_t's cmac_ctx pointer:
 * mbedtls_cipher_cmac_starts allocates it (mbedtls_calloc, as Mbed TLS's
 * own CMAC does) and mbedtls_cipher_free wipes and frees it; the integration
 * allocates nothing else. */
#ifndef CTCRYPTO_MBEDTLS_CMAC_ALT_H_
#define CTCRYPTO_MBEDTLS_CMAC_ALT_H_

#include "ctcrypto_mbedtls_alt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* AES: a ctcrypto::AesCmac and AesCmacContext. DES-EDE3 (the other cipher
 * Mbed TLS's CMAC accepts): the chain value and pending block of the
 * integration's own CMAC over Mbed TLS's cipher layer. */
#define CTCRYPTO_MBEDTLS_CMAC_OBJECTS_SIZE \
  (CTCRYPTO_AES_CMAC_SIZE + CTCRYPTO_AES_CMAC_CTX_SIZE + 64)

struct mbedtls_cmac_context_t {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(CTCRYPTO_MBEDTLS_CMAC_OBJECTS_SIZE)];
};

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_MBEDTLS_CMAC_ALT_H_ */
