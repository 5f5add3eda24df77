/* c_api_c_test.h: entry point of c_api_c_test.c, a C translation unit that
 * uses the public C header. */
#ifndef CTCRYPTO_TESTS_C_API_C_TEST_H_
#define CTCRYPTO_TESTS_C_API_C_TEST_H_

#ifdef __cplusplus
extern "C" {
#endif

/* ctcrypto_c_selftest: runs the checks; returns 0 on success or the source
 * line of the first failed check. */
int ctcrypto_c_selftest(void);

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_TESTS_C_API_C_TEST_H_ */
