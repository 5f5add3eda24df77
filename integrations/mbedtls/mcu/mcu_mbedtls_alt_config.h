/* mcu_mbedtls_alt_config.h: mcu_mbedtls_config.h with ctcrypto under the
 * five ALT seams (ctcrypto_mbedtls_config.h), the ALT build of the Cortex-M
 * checks. */
#ifndef CTCRYPTO_MCU_MBEDTLS_ALT_CONFIG_H_
#define CTCRYPTO_MCU_MBEDTLS_ALT_CONFIG_H_
#include "mcu_mbedtls_config.h"
#include "ctcrypto_mbedtls_config.h"
#endif /* CTCRYPTO_MCU_MBEDTLS_ALT_CONFIG_H_ */
