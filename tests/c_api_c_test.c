/* c_api_c_test.c: compiled as C (not C++), proving ctcrypto.h is valid C
 * and usable from C: key set-up, a block, CBC, GCM seal/open and a tag
 * failure. */
#if defined(__cplusplus)
#error "this file must be compiled as C"
#endif

#include <string.h>

#include "ctcrypto/ctcrypto.h"
#include "tests/c_api_c_test.h"

#define CHECK(cond)      \
  do {                   \
    if (!(cond)) {       \
      return __LINE__;   \
    }                    \
  } while (0)

_Static_assert(sizeof(ctcrypto_aes_key) == CTCRYPTO_AES_KEY_SIZE,
               "ctcrypto_aes_key size");
_Static_assert(_Alignof(ctcrypto_aes_gcm) == 64, "ctcrypto_aes_gcm alignment");

static const uint8_t kKey[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
                                 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
                                 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t kPt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55,
                                0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb,
                                0xcc, 0xdd, 0xee, 0xff};
/* FIPS-197 C.1 */
static const uint8_t kCt[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b,
                                0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80,
                                0x70, 0xb4, 0xc5, 0x5a};
/* McGrew/Viega test case 2: K = 0, IV = 0, P = 0^16. */
static const uint8_t kTc2Sealed[32] = {
    0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2,
    0xb9, 0x71, 0xb2, 0xfe, 0x78, 0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec,
    0x13, 0xbd, 0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};

int ctcrypto_c_selftest(void) {
  ctcrypto_aes_key key;
  ctcrypto_aes_gcm gcm;
  uint8_t out[64], back[64], iv[16], zero[16];
  size_t out_len = 0;
  int i;

  CHECK(ctcrypto_aes_key_init(&key, kKey, sizeof(kKey)) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_encrypt_block(&key, kPt, out) == CTCRYPTO_OK);
  CHECK(memcmp(out, kCt, 16) == 0);
  CHECK(ctcrypto_aes_decrypt_block(&key, kCt, back) == CTCRYPTO_OK);
  CHECK(memcmp(back, kPt, 16) == 0);
  CHECK(ctcrypto_aes_key_init(&key, kKey, 15) != CTCRYPTO_OK);

  /* CBC with a zero IV over one block equals the single-block cipher. */
  CHECK(ctcrypto_aes_key_init(&key, kKey, sizeof(kKey)) == CTCRYPTO_OK);
  memset(iv, 0, sizeof(iv));
  CHECK(ctcrypto_aes_cbc_encrypt(&key, iv, kPt, out, 16) == CTCRYPTO_OK);
  CHECK(memcmp(out, kCt, 16) == 0);
  CHECK(memcmp(iv, kCt, 16) == 0);
  CHECK(ctcrypto_aes_cbc_encrypt(&key, iv, kPt, out, 15) != CTCRYPTO_OK);

  memset(zero, 0, sizeof(zero));
  CHECK(ctcrypto_aes_gcm_init(&gcm, zero, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_seal(&gcm, out, &out_len, sizeof(out), zero, 12, zero,
                              16, NULL, 0) == CTCRYPTO_OK);
  CHECK(out_len == 32);
  CHECK(memcmp(out, kTc2Sealed, 32) == 0);
  CHECK(ctcrypto_aes_gcm_open(&gcm, back, &out_len, sizeof(back), zero, 12,
                              out, 32, NULL, 0) == CTCRYPTO_OK);
  CHECK(out_len == 16);
  CHECK(memcmp(back, zero, 16) == 0);
  out[31] ^= 0x01;
  memset(back, 0x55, sizeof(back));
  CHECK(ctcrypto_aes_gcm_open(&gcm, back, &out_len, sizeof(back), zero, 12,
                              out, 32, NULL, 0) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  for (i = 0; i < 16; ++i) CHECK(back[i] == 0);
  CHECK(ctcrypto_status_string(CTCRYPTO_AUTHENTICATION_FAILED) != NULL);
  return 0;
}
