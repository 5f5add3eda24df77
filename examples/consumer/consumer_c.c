/* consumer_c.c: AES-128-GCM seal and open through ctcrypto's C API. */
#include <string.h>

#include "ctcrypto/ctcrypto.h"

/* Returns 0 when sealing `msg` gives `want` (ciphertext || tag) and opening
 * it gives `msg` back; a failing ctcrypto status otherwise (or -1). */
int c_api_round_trip(const uint8_t key[16], const uint8_t nonce[12],
                     const uint8_t* msg, size_t len, const uint8_t* want) {
  ctcrypto_aes_gcm gcm;
  uint8_t ct[64 + 16], pt[64];
  size_t ct_len = 0, pt_len = 0;
  int rc;
  if (len > 64) return -1;
  rc = ctcrypto_aes_gcm_init(&gcm, key, 16, 16);
  if (rc != CTCRYPTO_OK) return rc;
  rc = ctcrypto_aes_gcm_seal(&gcm, ct, &ct_len, sizeof(ct), nonce, 12, msg,
                             len, NULL, 0);
  if (rc != CTCRYPTO_OK) return rc;
  if (ct_len != len + 16 || memcmp(ct, want, ct_len) != 0) return -1;
  rc = ctcrypto_aes_gcm_open(&gcm, pt, &pt_len, sizeof(pt), nonce, 12, ct,
                             ct_len, NULL, 0);
  if (rc != CTCRYPTO_OK) return rc;
  if (pt_len != len || memcmp(pt, msg, len) != 0) return -1;
  ct[0] ^= 1; /* a forgery must be refused */
  rc = ctcrypto_aes_gcm_open(&gcm, pt, &pt_len, sizeof(pt), nonce, 12, ct,
                             ct_len, NULL, 0);
  return rc == CTCRYPTO_AUTHENTICATION_FAILED ? 0 : -1;
}
