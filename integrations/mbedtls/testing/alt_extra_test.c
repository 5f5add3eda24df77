/* alt_extra_test.c: what Mbed TLS's own suites leave out and the ALT
 * modules handle on their own paths, run on the stock build too (every
 * check but the ALT-only ones must hold for both):
 *   - input and output overlapping with the output below the input (Mbed
 *     TLS allows it) for CBC, CFB128, OFB, CTR, GCM and CCM, against
 *     separate buffers;
 *   - GCM and CCM in parts, in uneven pieces, against one-shot, in both
 *     directions, and every GCM tag length 4..16 (encryption truncates the
 *     16-byte tag; decryption runs the module's own GCM), with a wrong tag
 *     refused and the plaintext wiped;
 *   - CCM* without a tag past the 2-byte counter's wrap (a 13-byte nonce,
 *     over 1 MiB), against counter mode made from ECB;
 *   - contexts copied (struct assignment, other alignment) between and in
 *     the middle of operations.
 * ALT only: a GCM encryption copied mid-stream is refused (its stream
 * refers to the original context), XTS refuses partly overlapping buffers.
 * Exits 0 when every check holds; prints each failure. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/gcm.h"

static int failures = 0;

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      printf("FAILED: %s:%d: %s\n", __FILE__, __LINE__, #cond);           \
      ++failures;                                                         \
    }                                                                     \
  } while (0)

static void fill(uint8_t *p, size_t n, uint32_t seed) {
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (uint8_t) (seed >> 16);
  }
}

static const uint8_t kKey[32] = {
  0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
  0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
  0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4
};

/* --- AES modes with output below input ------------------------------- */

enum { kLen = 1000, kShift = 3 };

static void aes_modes_overlap(void) {
  mbedtls_aes_context ctx;
  mbedtls_aes_init(&ctx);
  CHECK(mbedtls_aes_setkey_enc(&ctx, kKey, 256) == 0);
  static uint8_t in[kLen], ref[kLen], buf[kLen + kShift];
  fill(in, kLen, 1);
  uint8_t iv0[16], iv[16], stream[16];
  fill(iv0, 16, 2);
  for (int mode = 0; mode < 4; ++mode) {
    size_t len = mode == 0 ? 992 : kLen; /* CBC: whole blocks */
    /* Reference: separate buffers. */
    size_t off = 5;
    memcpy(iv, iv0, 16);
    memset(stream, 0, 16);
    switch (mode) {
      case 0: CHECK(mbedtls_aes_crypt_cbc(&ctx, MBEDTLS_AES_ENCRYPT, len, iv, in, ref) == 0); break;
      case 1: CHECK(mbedtls_aes_crypt_cfb128(&ctx, MBEDTLS_AES_ENCRYPT, len, &off, iv, in, ref) == 0); break;
      case 2: CHECK(mbedtls_aes_crypt_ofb(&ctx, len, &off, iv, in, ref) == 0); break;
      case 3: CHECK(mbedtls_aes_crypt_ctr(&ctx, len, &off, iv, stream, in, ref) == 0); break;
    }
    /* Output kShift bytes below the input. */
    memcpy(buf + kShift, in, len);
    off = 5;
    memcpy(iv, iv0, 16);
    memset(stream, 0, 16);
    switch (mode) {
      case 0: CHECK(mbedtls_aes_crypt_cbc(&ctx, MBEDTLS_AES_ENCRYPT, len, iv, buf + kShift, buf) == 0); break;
      case 1: CHECK(mbedtls_aes_crypt_cfb128(&ctx, MBEDTLS_AES_ENCRYPT, len, &off, iv, buf + kShift, buf) == 0); break;
      case 2: CHECK(mbedtls_aes_crypt_ofb(&ctx, len, &off, iv, buf + kShift, buf) == 0); break;
      case 3: CHECK(mbedtls_aes_crypt_ctr(&ctx, len, &off, iv, stream, buf + kShift, buf) == 0); break;
    }
    if (memcmp(buf, ref, len) != 0) {
      printf("FAILED: AES mode %d with output below input\n", mode);
      ++failures;
    }
  }
  mbedtls_aes_free(&ctx);

#if defined(MBEDTLS_AES_ALT) && defined(MBEDTLS_CIPHER_MODE_XTS)
  mbedtls_aes_xts_context xts;
  mbedtls_aes_xts_init(&xts);
  CHECK(mbedtls_aes_xts_setkey_enc(&xts, kKey, 256) == 0);
  uint8_t unit[16] = { 0 };
  CHECK(mbedtls_aes_crypt_xts(&xts, MBEDTLS_AES_ENCRYPT, 64, unit, buf + kShift, buf) ==
        MBEDTLS_ERR_AES_BAD_INPUT_DATA);
  CHECK(mbedtls_aes_crypt_xts(&xts, MBEDTLS_AES_ENCRYPT, 64, unit, buf, buf) == 0);
  mbedtls_aes_xts_free(&xts);
#endif
}

/* --- GCM ---------------------------------------------------------------- */

static int gcm_parts(mbedtls_gcm_context *ctx, int mode, const uint8_t *iv,
                     size_t iv_len, const uint8_t *ad, size_t ad_len,
                     const uint8_t *in, uint8_t *out, size_t len,
                     uint8_t *tag, size_t tag_len, size_t piece) {
  size_t olen;
  if (mbedtls_gcm_starts(ctx, mode, iv, iv_len) != 0) return -1;
  for (size_t i = 0; i < ad_len; i += piece) {
    size_t n = ad_len - i < piece ? ad_len - i : piece;
    if (mbedtls_gcm_update_ad(ctx, ad + i, n) != 0) return -2;
  }
  for (size_t i = 0; i < len; i += piece) {
    size_t n = len - i < piece ? len - i : piece;
    if (mbedtls_gcm_update(ctx, in + i, n, out + i, n, &olen) != 0 || olen != n) {
      return -3;
    }
  }
  return mbedtls_gcm_finish(ctx, NULL, 0, &olen, tag, tag_len);
}

static void gcm_checks(void) {
  enum { kMsg = 777, kAd = 45 };
  static uint8_t pt[kMsg], ct[kMsg], out[kMsg], buf[kMsg + kShift], ad[kAd];
  uint8_t iv[60], tag[16], tag2[16];
  fill(pt, kMsg, 3);
  fill(ad, kAd, 4);
  fill(iv, sizeof(iv), 5);
  mbedtls_gcm_context ctx;
  mbedtls_gcm_init(&ctx);
  CHECK(mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, kKey, 128) == 0);
  const size_t iv_lens[2] = { 12, 60 };
  for (int v = 0; v < 2; ++v) {
    size_t iv_len = iv_lens[v];
    CHECK(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, iv, iv_len, ad, kAd,
                                    pt, ct, 16, tag) == 0);
    /* In parts, both directions, several piece sizes. */
    const size_t pieces[4] = { 1, 7, 16, 100 };
    for (int p = 0; p < 4; ++p) {
      CHECK(gcm_parts(&ctx, MBEDTLS_GCM_ENCRYPT, iv, iv_len, ad, kAd, pt, out, kMsg,
                      tag2, 16, pieces[p]) == 0);
      CHECK(memcmp(out, ct, kMsg) == 0 && memcmp(tag2, tag, 16) == 0);
      CHECK(gcm_parts(&ctx, MBEDTLS_GCM_DECRYPT, iv, iv_len, ad, kAd, ct, out, kMsg,
                      tag2, 16, pieces[p]) == 0);
      CHECK(memcmp(out, pt, kMsg) == 0 && memcmp(tag2, tag, 16) == 0);
    }
    /* Every tag length: a prefix of the 16-byte tag; auth_decrypt accepts
     * it, refuses a changed one and wipes the output. */
    for (size_t t = 4; t <= 16; ++t) {
      CHECK(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, iv, iv_len, ad, kAd,
                                      pt, out, t, tag2) == 0);
      CHECK(memcmp(tag2, tag, t) == 0);
      CHECK(mbedtls_gcm_auth_decrypt(&ctx, kMsg, iv, iv_len, ad, kAd, tag, t, ct, out) == 0);
      CHECK(memcmp(out, pt, kMsg) == 0);
      memcpy(tag2, tag, 16);
      tag2[t - 1] ^= 1;
      CHECK(mbedtls_gcm_auth_decrypt(&ctx, kMsg, iv, iv_len, ad, kAd, tag2, t, ct, out) ==
            MBEDTLS_ERR_GCM_AUTH_FAILED);
      uint8_t any = 0;
      for (size_t i = 0; i < kMsg; ++i) any |= out[i];
      CHECK(any == 0);
    }
    /* Output below input, one-shot both ways. */
    memcpy(buf + kShift, pt, kMsg);
    CHECK(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, iv, iv_len, ad, kAd,
                                    buf + kShift, buf, 16, tag2) == 0);
    CHECK(memcmp(buf, ct, kMsg) == 0 && memcmp(tag2, tag, 16) == 0);
    memcpy(buf + kShift, ct, kMsg);
    CHECK(mbedtls_gcm_auth_decrypt(&ctx, kMsg, iv, iv_len, ad, kAd, tag, 16, buf + kShift,
                                   buf) == 0);
    CHECK(memcmp(buf, pt, kMsg) == 0);
  }

  /* A keyed context copied elsewhere (another alignment) works as the
   * original. */
  struct {
    char bump;
    mbedtls_gcm_context c;
  } *moved = calloc(1, sizeof(*moved));
  moved->c = ctx;
  CHECK(mbedtls_gcm_crypt_and_tag(&moved->c, MBEDTLS_GCM_ENCRYPT, kMsg, iv, 12, ad, kAd, pt,
                                  out, 16, tag2) == 0);
  CHECK(mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, iv, 12, ad, kAd, pt, ct,
                                  16, tag) == 0);
  CHECK(memcmp(out, ct, kMsg) == 0 && memcmp(tag2, tag, 16) == 0);
  /* A decryption in progress (the module's own, pointer-free state) may be
   * copied; an encryption in progress is refused in the copy on ALT (its
   * AesGcmStream refers to the original context). */
  size_t olen;
  CHECK(mbedtls_gcm_starts(&ctx, MBEDTLS_GCM_DECRYPT, iv, 12) == 0);
  CHECK(mbedtls_gcm_update_ad(&ctx, ad, kAd) == 0);
  CHECK(mbedtls_gcm_update(&ctx, ct, 100, out, 100, &olen) == 0);
  moved->c = ctx;
  CHECK(mbedtls_gcm_update(&moved->c, ct + 100, kMsg - 100, out + 100, kMsg - 100, &olen) == 0);
  CHECK(mbedtls_gcm_finish(&moved->c, NULL, 0, &olen, tag2, 16) == 0);
  CHECK(memcmp(out, pt, kMsg) == 0 && memcmp(tag2, tag, 16) == 0);
#if defined(MBEDTLS_GCM_ALT)
  CHECK(mbedtls_gcm_starts(&ctx, MBEDTLS_GCM_ENCRYPT, iv, 12) == 0);
  CHECK(mbedtls_gcm_update(&ctx, pt, 100, out, 100, &olen) == 0);
  moved->c = ctx;
  CHECK(mbedtls_gcm_update(&moved->c, pt + 100, 16, out + 100, 16, &olen) ==
        MBEDTLS_ERR_GCM_BAD_INPUT);
#endif
  free(moved);
  mbedtls_gcm_free(&ctx);
}

/* --- CCM ---------------------------------------------------------------- */

static void ccm_checks(void) {
  enum { kMsg = 300, kAd = 40 };
  static uint8_t pt[kMsg], ct[kMsg], out[kMsg], buf[kMsg + kShift], ad[kAd];
  uint8_t nonce[13], tag[16], tag2[16];
  fill(pt, kMsg, 6);
  fill(ad, kAd, 7);
  fill(nonce, sizeof(nonce), 8);
  mbedtls_ccm_context ctx;
  mbedtls_ccm_init(&ctx);
  CHECK(mbedtls_ccm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, kKey, 192) == 0);
  for (size_t t = 4; t <= 16; t += 2) {
    CHECK(mbedtls_ccm_encrypt_and_tag(&ctx, kMsg, nonce, 13, ad, kAd, pt, ct, tag, t) == 0);
    /* In parts, uneven pieces, both directions. */
    size_t olen;
    for (int dir = 0; dir < 2; ++dir) {
      const uint8_t *in = dir ? ct : pt;
      CHECK(mbedtls_ccm_starts(&ctx, dir ? MBEDTLS_CCM_DECRYPT : MBEDTLS_CCM_ENCRYPT, nonce, 13) == 0);
      CHECK(mbedtls_ccm_set_lengths(&ctx, kAd, kMsg, t) == 0);
      CHECK(mbedtls_ccm_update_ad(&ctx, ad, 17) == 0);
      CHECK(mbedtls_ccm_update_ad(&ctx, ad + 17, kAd - 17) == 0);
      for (size_t i = 0; i < kMsg; i += 23) {
        size_t n = kMsg - i < 23 ? kMsg - i : 23;
        CHECK(mbedtls_ccm_update(&ctx, in + i, n, out + i, n, &olen) == 0 && olen == n);
      }
      CHECK(mbedtls_ccm_finish(&ctx, tag2, t) == 0);
      CHECK(memcmp(out, dir ? pt : ct, kMsg) == 0 && memcmp(tag2, tag, t) == 0);
    }
    /* Output below input. */
    memcpy(buf + kShift, ct, kMsg);
    CHECK(mbedtls_ccm_auth_decrypt(&ctx, kMsg, nonce, 13, ad, kAd, buf + kShift, buf, tag, t) == 0);
    CHECK(memcmp(buf, pt, kMsg) == 0);
    tag[0] ^= 1;
    CHECK(mbedtls_ccm_auth_decrypt(&ctx, kMsg, nonce, 13, ad, kAd, ct, out, tag, t) ==
          MBEDTLS_ERR_CCM_AUTH_FAILED);
  }

  /* A message in parts survives a copy of the context (pointer-free). */
  struct {
    char bump;
    mbedtls_ccm_context c;
  } *moved = calloc(1, sizeof(*moved));
  size_t olen;
  CHECK(mbedtls_ccm_encrypt_and_tag(&ctx, kMsg, nonce, 13, ad, kAd, pt, ct, tag, 8) == 0);
  CHECK(mbedtls_ccm_starts(&ctx, MBEDTLS_CCM_ENCRYPT, nonce, 13) == 0);
  CHECK(mbedtls_ccm_set_lengths(&ctx, kAd, kMsg, 8) == 0);
  CHECK(mbedtls_ccm_update_ad(&ctx, ad, kAd) == 0);
  CHECK(mbedtls_ccm_update(&ctx, pt, 50, out, 50, &olen) == 0);
  moved->c = ctx;
  CHECK(mbedtls_ccm_update(&moved->c, pt + 50, kMsg - 50, out + 50, kMsg - 50, &olen) == 0);
  CHECK(mbedtls_ccm_finish(&moved->c, tag2, 8) == 0);
  CHECK(memcmp(out, ct, kMsg) == 0 && memcmp(tag2, tag, 8) == 0);
  free(moved);

  /* CCM* without a tag past the counter's wrap: q = 2 wraps after 65536
   * blocks. Reference: counter mode from ECB, counter in the last 2 bytes. */
  enum { kBig = 65536 * 16 + 40 };
  uint8_t *big = malloc(kBig), *enc = malloc(kBig), *ref = malloc(kBig);
  fill(big, kBig, 9);
  mbedtls_aes_context aes;
  mbedtls_aes_init(&aes);
  CHECK(mbedtls_aes_setkey_enc(&aes, kKey, 192) == 0);
  uint8_t ctr[16] = { 0 }, ks[16];
  ctr[0] = 2 - 1;
  memcpy(ctr + 1, nonce, 13);
  for (size_t i = 0, c = 1; i < kBig; i += 16, ++c) {
    ctr[14] = (uint8_t) (c >> 8);
    ctr[15] = (uint8_t) c;
    CHECK(mbedtls_aes_crypt_ecb(&aes, MBEDTLS_AES_ENCRYPT, ctr, ks) == 0);
    for (size_t j = 0; j < 16 && i + j < kBig; ++j) ref[i + j] = big[i + j] ^ ks[j];
  }
  mbedtls_aes_free(&aes);
  CHECK(mbedtls_ccm_star_encrypt_and_tag(&ctx, kBig, nonce, 13, NULL, 0, big, enc, NULL, 0) == 0);
  CHECK(memcmp(enc, ref, kBig) == 0);
  CHECK(mbedtls_ccm_starts(&ctx, MBEDTLS_CCM_STAR_DECRYPT, nonce, 13) == 0);
  CHECK(mbedtls_ccm_set_lengths(&ctx, 0, kBig, 0) == 0);
  for (size_t i = 0; i < kBig; i += 65537) {
    size_t n = kBig - i < 65537 ? kBig - i : 65537;
    CHECK(mbedtls_ccm_update(&ctx, ref + i, n, enc + i, n, &olen) == 0);
  }
  CHECK(mbedtls_ccm_finish(&ctx, NULL, 0) == 0);
  CHECK(memcmp(enc, big, kBig) == 0);
  free(big);
  free(enc);
  free(ref);
  mbedtls_ccm_free(&ctx);
}

int main(void) {
  aes_modes_overlap();
  gcm_checks();
  ccm_checks();
#if defined(MBEDTLS_AES_ALT)
  const char *build = "ALT (ctcrypto)";
#else
  const char *build = "stock";
#endif
  printf("alt_extra_test (%s): %s (%d failure%s)\n", build, failures ? "FAILED" : "PASSED",
         failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
