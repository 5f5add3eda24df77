/* c_api_c_test.c: compiled as C (not C++), proving ctcrypto.h is valid C
 * and usable from C: key set-up, a block, CBC, GCM seal/open and a tag
 * failure; objects never initialised (garbage bytes) and cleaned-up
 * objects refused with CTCRYPTO_NOT_INITIALIZED; cleanup wipes. */
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

static int all_zero(const void* p, size_t n) {
  const unsigned char* b = (const unsigned char*)p;
  size_t i;
  for (i = 0; i < n; ++i)
    if (b[i] != 0) return 0;
  return 1;
}

/* Objects that were never initialised, filled with several garbage
 * patterns (uniform bytes and a byte counter): every entry point refuses
 * them with CTCRYPTO_NOT_INITIALIZED and writes nothing. */
static int uninitialised_objects_refused(void) {
  static const int kFill[] = {0x00, 0xa5, 0xff, -1 /* counter */};
  ctcrypto_aes_key key;
  ctcrypto_aes_gcm gcm;
  ctcrypto_tls_cbc tls;
  uint8_t in[64], out[64], iv[16], ad[11];
  size_t out_len = 77, f, i;
  memset(in, 1, sizeof(in));
  memset(iv, 2, sizeof(iv));
  memset(ad, 3, sizeof(ad));
  for (f = 0; f < sizeof(kFill) / sizeof(kFill[0]); ++f) {
    unsigned char* objs[3];
    size_t sizes[3];
    objs[0] = (unsigned char*)&key;
    sizes[0] = sizeof(key);
    objs[1] = (unsigned char*)&gcm;
    sizes[1] = sizeof(gcm);
    objs[2] = (unsigned char*)&tls;
    sizes[2] = sizeof(tls);
    for (i = 0; i < 3; ++i) {
      size_t j;
      for (j = 0; j < sizes[i]; ++j)
        objs[i][j] = (unsigned char)(kFill[f] >= 0 ? kFill[f] : (int)(j * 37 + 11));
    }
    memset(out, 0x5a, sizeof(out));
    CHECK(ctcrypto_aes_encrypt_block(&key, in, out) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_decrypt_block(&key, in, out) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_ctr32(&key, iv, in, out, 32) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_cbc_encrypt(&key, iv, in, out, 32) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_cbc_decrypt(&key, iv, in, out, 32) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gcm_seal(&gcm, out, &out_len, sizeof(out), iv, 12, in,
                                16, ad, 11) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gcm_open(&gcm, out, &out_len, sizeof(out), iv, 12, in,
                                32, ad, 11) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_tls_cbc_seal(&tls, out, &out_len, sizeof(out), iv, 16, in,
                                16, ad, 11) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_tls_cbc_open(&tls, out, &out_len, sizeof(out), iv, 16, in,
                                64, ad, 11) == CTCRYPTO_NOT_INITIALIZED);
    for (i = 0; i < sizeof(out); ++i) CHECK(out[i] == 0x5a);
    CHECK(out_len == 77);
    for (i = 0; i < sizeof(iv); ++i) CHECK(iv[i] == 2);
    /* Cleanup of a garbage object is safe and leaves it wiped. */
    CHECK(ctcrypto_aes_key_cleanup(&key) == CTCRYPTO_OK);
    CHECK(ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
    CHECK(ctcrypto_tls_cbc_cleanup(&tls) == CTCRYPTO_OK);
    CHECK(all_zero(&key, sizeof(key)) && all_zero(&gcm, sizeof(gcm)) &&
          all_zero(&tls, sizeof(tls)));
  }
  return 0;
}

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

  /* cleanup wipes the whole object and leaves it refused. */
  CHECK(ctcrypto_aes_key_cleanup(&key) == CTCRYPTO_OK);
  CHECK(all_zero(&key, sizeof(key)));
  CHECK(ctcrypto_aes_encrypt_block(&key, kPt, out) == CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
  CHECK(all_zero(&gcm, sizeof(gcm)));
  CHECK(ctcrypto_aes_gcm_seal(&gcm, out, &out_len, sizeof(out), zero, 12, zero,
                              16, NULL, 0) == CTCRYPTO_NOT_INITIALIZED);
  /* ... and can be initialised again. */
  CHECK(ctcrypto_aes_gcm_init(&gcm, zero, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_seal(&gcm, out, &out_len, sizeof(out), zero, 12, zero,
                              16, NULL, 0) == CTCRYPTO_OK);
  CHECK(memcmp(out, kTc2Sealed, 32) == 0);
  CHECK(ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_key_cleanup(NULL) != CTCRYPTO_OK);

  /* A failed init leaves the object refused (and wiped). */
  CHECK(ctcrypto_aes_key_init(&key, kKey, sizeof(kKey)) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_key_init(&key, kKey, 15) != CTCRYPTO_OK);
  CHECK(all_zero(&key, sizeof(key)));
  CHECK(ctcrypto_aes_encrypt_block(&key, kPt, out) == CTCRYPTO_NOT_INITIALIZED);

  return uninitialised_objects_refused();
}
