/* mcu_mbedtls_config.h: the Mbed TLS 3.6 configuration of the Cortex-M
 * checks (MBEDTLS_CONFIG_FILE: it replaces mbedtls_config.h whole), what
 * a bare-metal product with AES, GCM, CCM, CMAC and key wrap under the
 * cipher layer, CTR_DRBG and PSA Crypto would build: no OS (no sockets,
 * timing, files or platform entropy), no public-key code. The stock build
 * (:mcu_stock_config) and the ALT build (:mcu_alt_config, which adds
 * ctcrypto_mbedtls_config.h) use exactly this, so their suites compare
 * case by case; cases for what is left out are skipped on both. */
#ifndef CTCRYPTO_MCU_MBEDTLS_CONFIG_H_
#define CTCRYPTO_MCU_MBEDTLS_CONFIG_H_

/* System: newlib on semihosting gives stdio, calloc/free and exit. */
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_HAVE_ASM

/* Block ciphers and modes (Camellia: test_suite_gcm.camellia). */
#define MBEDTLS_AES_C
#define MBEDTLS_CAMELLIA_C
#define MBEDTLS_CIPHER_C
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_CIPHER_MODE_CFB
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_CIPHER_MODE_OFB
#define MBEDTLS_CIPHER_MODE_XTS
#define MBEDTLS_CIPHER_PADDING_PKCS7
#define MBEDTLS_CIPHER_PADDING_ONE_AND_ZEROS
#define MBEDTLS_CIPHER_PADDING_ZEROS_AND_LEN
#define MBEDTLS_CIPHER_PADDING_ZEROS
#define MBEDTLS_GCM_C
#define MBEDTLS_CCM_C
#define MBEDTLS_CMAC_C
#define MBEDTLS_NIST_KW_C

/* Hashes for HMAC, the entropy pool and PSA's MAC cases. */
#define MBEDTLS_MD_C
#define MBEDTLS_SHA224_C
#define MBEDTLS_SHA256_C

/* Random numbers: CTR_DRBG over the entropy pool (no platform source:
 * a product adds its TRNG with mbedtls_entropy_add_source); PSA takes an
 * external RNG (the test framework's stands in for the product's TRNG). */
#define MBEDTLS_ENTROPY_C
#define MBEDTLS_CTR_DRBG_C
#define MBEDTLS_PSA_CRYPTO_C
#define MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG

#define MBEDTLS_ERROR_C
#define MBEDTLS_VERSION_C
#define MBEDTLS_SELF_TEST

#endif /* CTCRYPTO_MCU_MBEDTLS_CONFIG_H_ */
