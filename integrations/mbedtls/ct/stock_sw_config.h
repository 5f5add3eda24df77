/* stock_sw_config.h: the negative control's Mbed TLS configuration for
 * mbedtls_ct_stock (BUILD.bazel): Mbed TLS 3.6's mbedtls_config.h as
 * shipped, no ALT, with its AES-instruction code (AES-NI, AESCE, PadLock)
 * left out, so that AES and GHASH run on Mbed TLS's software tables: the
 * code stock Mbed TLS runs on every core without AES instructions
 * (armv7-a, Cortex-A53 without the crypto extension, older x86). The
 * checker must report its table lookups. */
#ifndef CTCRYPTO_MBEDTLS_STOCK_SW_CONFIG_H_
#define CTCRYPTO_MBEDTLS_STOCK_SW_CONFIG_H_

#undef MBEDTLS_AESNI_C
#undef MBEDTLS_AESCE_C
#undef MBEDTLS_PADLOCK_C

#endif /* CTCRYPTO_MBEDTLS_STOCK_SW_CONFIG_H_ */
