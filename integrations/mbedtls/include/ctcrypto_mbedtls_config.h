/* ctcrypto_mbedtls_config.h: the MBEDTLS_USER_CONFIG_FILE that puts
 * ctcrypto under Mbed TLS 3.6 (read after mbedtls_config.h).
 *
 * The five ALT seams: AES (key set-up, ECB, CBC, CFB128, CFB8, OFB, CTR,
 * XTS), GCM, CCM/CCM*, CMAC and NIST key wrap run on ctcrypto's
 * constant-time rows (integrations/mbedtls/src). Mbed TLS's own AES
 * accelerators read its AES context's fields, which the ALT context does
 * not have, and have nothing left to accelerate: they are turned off. */
#ifndef CTCRYPTO_MBEDTLS_CONFIG_H_
#define CTCRYPTO_MBEDTLS_CONFIG_H_

#define MBEDTLS_AES_ALT
#define MBEDTLS_GCM_ALT
#define MBEDTLS_CCM_ALT
#define MBEDTLS_CMAC_ALT
#define MBEDTLS_NIST_KW_ALT

#undef MBEDTLS_AESNI_C
#undef MBEDTLS_AESCE_C
#undef MBEDTLS_PADLOCK_C

#endif /* CTCRYPTO_MBEDTLS_CONFIG_H_ */
