/* c_api_ccm_cmac_c_test.c: the CCM and CMAC C API from C: known answers
 * (SP 800-38C C.1, RFC 4493 example 2, a BoringSSL Bluetooth record),
 * state-word refusal of never-initialised and cleaned-up objects, failed
 * opens zeroing their output, and the incremental CMAC. */
#include "tests/c_api_ccm_cmac_c_test.h"

#include <string.h>

#include "ctcrypto/ctcrypto.h"

#define CHECK(cond) \
  do {              \
    if (!(cond)) return __LINE__; \
  } while (0)

static int all_zero(const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i]) return 0;
  return 1;
}

static int ccm_checks(void) {
  static const uint8_t key[16] = {0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
                                  0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f};
  static const uint8_t nonce7[7] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16};
  static const uint8_t nonce13[13] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16,
                                      0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c};
  static const uint8_t ad[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  static const uint8_t pt[4] = {0x20, 0x21, 0x22, 0x23};
  /* SP 800-38C C.1: 4-byte tag. */
  static const uint8_t want1[8] = {0x71, 0x62, 0x01, 0x5b, 0x4d, 0xac, 0x25, 0x5d};
  /* BoringSSL aes_128_ccm_bluetooth_tests.txt, first record. */
  static const uint8_t want_bt[8] = {0x69, 0x91, 0x5d, 0xad, 0x06, 0x46, 0x17, 0xca};
  ctcrypto_aes_ccm ccm;
  uint8_t out[32], back[32];
  size_t n = 0;

  /* Never initialised: refused by the state word, whatever the bytes. */
  memset(&ccm, 0xff, sizeof(ccm));
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce7, 7, pt, 4, ad,
                              8) == CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_ccm_init(&ccm, key, 16, 4, 0) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce7, 7, pt, 4, ad,
                              8) == CTCRYPTO_OK);
  CHECK(n == 8 && memcmp(out, want1, 8) == 0);
  CHECK(ctcrypto_aes_ccm_open(&ccm, back, &n, sizeof(back), nonce7, 7, out, 8,
                              ad, 8) == CTCRYPTO_OK);
  CHECK(n == 4 && memcmp(back, pt, 4) == 0);
  out[7] ^= 1;
  CHECK(ctcrypto_aes_ccm_open(&ccm, back, &n, sizeof(back), nonce7, 7, out, 8,
                              ad, 8) == CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(back, 4));
  /* Bad tag length at init leaves the object refused. */
  CHECK(ctcrypto_aes_ccm_init(&ccm, key, 16, 5, 0) != CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce7, 7, pt, 4, ad,
                              8) == CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_ccm_init_profile(&ccm, "aes-128-ccm-bluetooth", key, 16) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce13, 13, pt, 4,
                              ad, 8) == CTCRYPTO_OK);
  CHECK(n == 8 && memcmp(out, want_bt, 8) == 0);
  /* The profile fixes 13-byte nonces. */
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce7, 7, pt, 4, ad,
                              8) != CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_init_profile(&ccm, "aes-128-ccm-nope", key, 16) !=
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_init_profile(&ccm, "aes-128-ccm-matter", key, 16) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_cleanup(&ccm) == CTCRYPTO_OK);
  CHECK(all_zero(ccm.opaque, sizeof(ccm.opaque)));
  CHECK(ctcrypto_aes_ccm_seal(&ccm, out, &n, sizeof(out), nonce13, 13, pt, 4,
                              ad, 8) == CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_ccm_cleanup(NULL) != CTCRYPTO_OK);
  return 0;
}

static int cmac_checks(void) {
  static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
  static const uint8_t msg[16] = {0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                  0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a};
  /* RFC 4493 example 2. */
  static const uint8_t want[16] = {0x07, 0x0a, 0x16, 0xb4, 0x6b, 0x4d, 0x41, 0x44,
                                   0xf7, 0x9b, 0xdd, 0x9d, 0xd0, 0x4a, 0x28, 0x7c};
  ctcrypto_aes_cmac cmac;
  ctcrypto_aes_cmac_ctx ctx;
  uint8_t tag[16];

  memset(&cmac, 0x5a, sizeof(cmac));
  CHECK(ctcrypto_aes_cmac_mac(&cmac, msg, 16, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_cmac_ctx_init(&ctx, &cmac) == CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_cmac_ctx_update(&ctx, msg, 16) ==
        CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_cmac_init(&cmac, key, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_mac(&cmac, msg, 16, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(tag, want, 16) == 0);
  CHECK(ctcrypto_aes_cmac_verify(&cmac, msg, 16, want, 8) == CTCRYPTO_OK);
  tag[0] ^= 1;
  CHECK(ctcrypto_aes_cmac_verify(&cmac, msg, 16, tag, 16) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(ctcrypto_aes_cmac_mac(&cmac, msg, 16, tag, 3) != CTCRYPTO_OK);

  CHECK(ctcrypto_aes_cmac_ctx_init(&ctx, &cmac) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_update(&ctx, msg, 5) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_update(&ctx, msg + 5, 11) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_finish(&ctx, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(tag, want, 16) == 0);
  /* Finished: refused until initialised again. */
  CHECK(ctcrypto_aes_cmac_ctx_update(&ctx, msg, 1) == CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_cmac_ctx_init(&ctx, &cmac) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_update(&ctx, msg, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_finish_verify(&ctx, want, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_init(&ctx, &cmac) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_cmac_ctx_cleanup(&ctx) == CTCRYPTO_OK);
  CHECK(all_zero(ctx.opaque, sizeof(ctx.opaque)));
  CHECK(ctcrypto_aes_cmac_ctx_finish(&ctx, tag, 16) == CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_cmac_cleanup(&cmac) == CTCRYPTO_OK);
  CHECK(all_zero(cmac.opaque, sizeof(cmac.opaque)));
  CHECK(ctcrypto_aes_cmac_mac(&cmac, msg, 16, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  return 0;
}

int ctcrypto_ccm_cmac_c_selftest(void) {
  int line = ccm_checks();
  if (line) return line;
  return cmac_checks();
}
