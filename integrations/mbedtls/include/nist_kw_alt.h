/* nist_kw_alt.h: Mbed TLS 3.6's key-wrap context under MBEDTLS_NIST_KW_ALT,
 * on ctcrypto (integrations/mbedtls/src/nist_kw_alt.cc). Included by
 * mbedtls/nist_kw.h. */
#ifndef CTCRYPTO_MBEDTLS_NIST_KW_ALT_H_
#define CTCRYPTO_MBEDTLS_NIST_KW_ALT_H_

#include "ctcrypto_mbedtls_alt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The KEK: one ctcrypto::AesKey (KW and KWP, wrap and unwrap). */
typedef struct {
  CTCRYPTO_MBEDTLS_CONTEXT_HEADER
  unsigned char ctcrypto_storage[CTCRYPTO_MBEDTLS_STORAGE(CTCRYPTO_AES_KEY_STATE_SIZE)];
} mbedtls_nist_kw_context;

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_MBEDTLS_NIST_KW_ALT_H_ */
