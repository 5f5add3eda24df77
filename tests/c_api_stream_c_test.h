/* c_api_stream_c_test.h: entry point of c_api_stream_c_test.c, a C
 * translation unit exercising the streaming part of the C API (GCM and CCM
 * streams, the incremental GMAC context). */
#ifndef CTCRYPTO_TESTS_C_API_STREAM_C_TEST_H_
#define CTCRYPTO_TESTS_C_API_STREAM_C_TEST_H_

#ifdef __cplusplus
extern "C" {
#endif

/* ctcrypto_stream_c_selftest: 0 on success, else the source line of the
 * first failed check. */
int ctcrypto_stream_c_selftest(void);

#ifdef __cplusplus
}
#endif

#endif /* CTCRYPTO_TESTS_C_API_STREAM_C_TEST_H_ */
