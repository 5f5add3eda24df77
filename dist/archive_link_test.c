/* archive_link_test.c: a C program linked against libctcrypto.a alone (the
 * merged archive a CMake product takes), not against Bazel's per-library
 * archives: if any member the C API needs were missing from the archive,
 * this would not link. Known answers: AES-128-GCM, McGrew-Viega test case 2
 * (zero key, zero 96-bit nonce, one zero block); AES-128-CMAC, RFC 4493
 * example 1 (empty message). */
#include <stdio.h>
#include <string.h>

#include "ctcrypto/ctcrypto.h"

static int check(const char* what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}

int main(void) {
  static const uint8_t kZero[16] = {0};
  static const uint8_t kGcmWant[32] = {
      0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2,
      0xb9, 0x71, 0xb2, 0xfe, 0x78, 0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec,
      0x13, 0xbd, 0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};
  static const uint8_t kCmacKey[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae,
                                       0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88,
                                       0x09, 0xcf, 0x4f, 0x3c};
  static const uint8_t kCmacWant[16] = {0xbb, 0x1d, 0x69, 0x29, 0xe9, 0x59,
                                        0x37, 0x28, 0x7f, 0xa3, 0x7d, 0x12,
                                        0x9b, 0x75, 0x67, 0x46};
  ctcrypto_aes_gcm gcm;
  ctcrypto_aes_cmac cmac;
  uint8_t ct[32], pt[16], tag[16];
  size_t n = 0;
  int failed = 0;

  failed |= check("gcm init",
                  ctcrypto_aes_gcm_init(&gcm, kZero, 16, 16) == CTCRYPTO_OK);
  failed |= check("gcm seal",
                  ctcrypto_aes_gcm_seal(&gcm, ct, &n, sizeof(ct), kZero, 12,
                                        kZero, 16, NULL, 0) == CTCRYPTO_OK &&
                      n == 32 && memcmp(ct, kGcmWant, 32) == 0);
  failed |= check("gcm open",
                  ctcrypto_aes_gcm_open(&gcm, pt, &n, sizeof(pt), kZero, 12,
                                        ct, 32, NULL, 0) == CTCRYPTO_OK &&
                      n == 16 && memcmp(pt, kZero, 16) == 0);
  ct[31] ^= 1;
  failed |= check("gcm forgery refused",
                  ctcrypto_aes_gcm_open(&gcm, pt, &n, sizeof(pt), kZero, 12,
                                        ct, 32, NULL, 0) ==
                      CTCRYPTO_AUTHENTICATION_FAILED);
  failed |= check("gcm cleanup", ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
  failed |= check("cmac",
                  ctcrypto_aes_cmac_init(&cmac, kCmacKey, 16) == CTCRYPTO_OK &&
                      ctcrypto_aes_cmac_mac(&cmac, NULL, 0, tag, 16) ==
                          CTCRYPTO_OK &&
                      memcmp(tag, kCmacWant, 16) == 0);
  failed |= check("cmac cleanup",
                  ctcrypto_aes_cmac_cleanup(&cmac) == CTCRYPTO_OK);
  return failed;
}
