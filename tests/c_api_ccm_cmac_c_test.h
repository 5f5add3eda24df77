/* c_api_ccm_cmac_c_test.h: entry point of c_api_ccm_cmac_c_test.c, a C
 * translation unit exercising the CCM and CMAC part of the C API. */
#ifndef CTCRYPTO_TESTS_C_API_CCM_CMAC_C_TEST_H_
#define CTCRYPTO_TESTS_C_API_CCM_CMAC_C_TEST_H_

#ifdef __cplusplus
extern "C" {
#endif

/* ctcrypto_ccm_cmac_c_selftest: 0 on success, else the source line of the
 * first failed check. */
int ctcrypto_ccm_cmac_c_selftest(void);

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_TESTS_C_API_CCM_CMAC_C_TEST_H_ */
