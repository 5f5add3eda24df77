/* mbedtls_trace_driver.c: Mbed TLS's AES, GCM, CCM and CMAC calls with
 * secrets, in marked regions, on a bare-metal Cortex-M build; the program
 * of run-mcu.sh's trace check and of bench-mcu.sh's instruction counts.
 *
 *   mbedtls_trace_driver KEY DATA   (KEY: 64 hex digits, DATA: 32 hex digits)
 *
 * The same contract as //tests/ct:mcu_trace_harness (util/ct-mcu.sh), so
 * the same QEMU plugin (tests/ct/mcu_trace_plugin.c) and the same analysis
 * (util/mcu_trace_check.py) apply: each operation runs between
 * ct_mcu_trace_begin() and ct_mcu_trace_end(), and "REGION i NAME" after it
 * names the trace's region i. KEY is the key material (AES-128 uses its
 * first 16 bytes); DATA seeds the other secrets (plaintexts, AD, the
 * corruption of a received tag). Lengths, IVs, nonces and each open's
 * verdict are fixed here, so two runs differ only in secrets: on the ALT
 * build (ctcrypto under the seams) every region must trace the same; stock
 * Mbed TLS (table AES, 4-bit-table GHASH) must be reported.
 *
 * The regions go through Mbed TLS's public API only: key set-up, ECB, CBC
 * both ways, CTR (mbedtls_aes_*); GCM one-shot seal, auth_decrypt with a
 * good and a bad tag (the "open_good_tag" / "open_bad_tag" pairs the
 * analysis compares), seal and open in parts (odd chunks, so partial
 * blocks carry across calls); CCM encrypt_and_tag with a 16- and an 8-byte
 * tag, auth_decrypt good and bad; CMAC one-shot (mbedtls_cipher_cmac: set-up,
 * key, MAC) and reset + update + finish on a keyed context. Lengths 16
 * and 1024 bytes (bench-mcu.sh's columns), AD 16 bytes.
 *
 * Three negative controls (branch on a secret, secret-indexed lookup,
 * division of a secret), as in the harness: the analysis fails unless it
 * reports all three, so a blind checker cannot pass either build.
 *
 * The program checks its results (round trips, verdicts) and prints
 * "DIGEST <hex>", a hash of every output, which run-mcu.sh compares
 * between the stock and the ALT build run on the same secrets. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/cipher.h"
#include "mbedtls/cmac.h"
#include "mbedtls/gcm.h"

/* The region markers (see mcu_trace_harness.cc): never inlined, cloned or
 * folded, kept at symbols the script looks up. */
__attribute__((noipa, used)) void ct_mcu_trace_begin(void) {
  __asm__ volatile("" ::: "memory");
}
__attribute__((noipa, used)) void ct_mcu_trace_end(void) {
  __asm__ volatile("nop" ::: "memory");
}

static unsigned g_regions;
static unsigned g_checks;
static unsigned g_failures;
static uint64_t g_digest = 0xcbf29ce484222325ull;

/* The body is variadic: a block's commas would split a plain argument. */
#define REGION(name, ...)                           \
  do {                                              \
    ct_mcu_trace_begin();                           \
    __VA_ARGS__;                                    \
    ct_mcu_trace_end();                             \
    printf("REGION %u %s\n", g_regions++, (name));  \
  } while (0)

static void expect(int ok, const char *what) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    printf("FAIL %s\n", what);
  }
}

/* FNV-1a over the outputs (outside the regions). */
static void digest(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    g_digest = (g_digest ^ p[i]) * 0x100000001b3ull;
  }
}

static int parse_hex(const char *s, uint8_t *out, size_t n) {
  if (strlen(s) != 2 * n) return 0;
  for (size_t i = 0; i < 2 * n; ++i) {
    const char c = s[i];
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    else return 0;
    out[i / 2] = (uint8_t) (i % 2 ? (out[i / 2] | v) : (v << 4));
  }
  return 1;
}

/* n secret bytes from the DATA seed (xorshift64*; outside the regions). */
static void expand(const uint8_t seed[16], uint32_t label, uint8_t *out,
                   size_t n) {
  uint64_t x = 0x9e3779b97f4a7c15ull * (label + 1);
  for (int i = 0; i < 16; ++i) x = (x ^ seed[i]) * 0x100000001b3ull;
  for (size_t i = 0; i < n; ++i) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    out[i] = (uint8_t) ((x * 0x2545f4914f6cdd1dull) >> 56);
  }
}

#define MAX_LEN 1024
static const size_t kLens[] = {16, 1024};
/* The pieces of the multipart calls: partial blocks on both sides of each
 * seam, then the rest. */
static const size_t kChunks[] = {1, 15, 17, 3, 293};

static uint8_t g_key[32];
static uint8_t g_seed[16];
static uint8_t g_in[MAX_LEN], g_out[MAX_LEN], g_back[MAX_LEN];
static uint8_t g_ad[16];
/* The received tag, good or bad, at one address for both opens. */
static uint8_t g_rx[16];

static void region_name(char *buf, size_t n, const char *op, size_t len) {
  snprintf(buf, n, "%s.len%u", op, (unsigned) len);
}

static void aes_regions(void) {
  mbedtls_aes_context enc, dec;
  mbedtls_aes_init(&enc);
  mbedtls_aes_init(&dec);
  int rc = 0;
  REGION("aes128.setkey_enc", rc = mbedtls_aes_setkey_enc(&enc, g_key, 128));
  expect(rc == 0, "aes128.setkey_enc");
  REGION("aes128.setkey_dec", rc = mbedtls_aes_setkey_dec(&dec, g_key, 128));
  expect(rc == 0, "aes128.setkey_dec");
  {
    mbedtls_aes_context k256;
    mbedtls_aes_init(&k256);
    REGION("aes256.setkey_enc", rc = mbedtls_aes_setkey_enc(&k256, g_key, 256));
    expect(rc == 0, "aes256.setkey_enc");
    REGION("aes256.ecb_encrypt",
           rc = mbedtls_aes_crypt_ecb(&k256, MBEDTLS_AES_ENCRYPT, g_in, g_out));
    digest(g_out, 16);
    mbedtls_aes_free(&k256);
  }
  REGION("aes128.ecb_encrypt",
         rc = mbedtls_aes_crypt_ecb(&enc, MBEDTLS_AES_ENCRYPT, g_in, g_out));
  REGION("aes128.ecb_decrypt",
         rc |= mbedtls_aes_crypt_ecb(&dec, MBEDTLS_AES_DECRYPT, g_out, g_back));
  expect(rc == 0 && memcmp(g_in, g_back, 16) == 0, "aes128.ecb");
  digest(g_out, 16);

  char name[64];
  for (size_t k = 0; k < sizeof(kLens) / sizeof(kLens[0]); ++k) {
    const size_t len = kLens[k];
    uint8_t iv[16];
    memset(iv, 0x42, sizeof(iv));
    region_name(name, sizeof(name), "aes128.cbc_encrypt", len);
    REGION(name, rc = mbedtls_aes_crypt_cbc(&enc, MBEDTLS_AES_ENCRYPT, len,
                                            iv, g_in, g_out));
    memset(iv, 0x42, sizeof(iv));
    region_name(name, sizeof(name), "aes128.cbc_decrypt", len);
    REGION(name, rc |= mbedtls_aes_crypt_cbc(&dec, MBEDTLS_AES_DECRYPT, len,
                                             iv, g_out, g_back));
    expect(rc == 0 && memcmp(g_in, g_back, len) == 0, name);
    digest(g_out, len);

    /* A public counter whose low 32 bits wrap inside the message. */
    uint8_t nc[16], block[16];
    size_t off = 0;
    memset(nc, 0x5a, 12);
    nc[12] = nc[13] = nc[14] = 0xff;
    nc[15] = 0xfd;
    region_name(name, sizeof(name), "aes128.ctr", len);
    REGION(name, rc = mbedtls_aes_crypt_ctr(&enc, len, &off, nc, block, g_in,
                                            g_out));
    expect(rc == 0, name);
    digest(g_out, len);
  }
  mbedtls_aes_free(&enc);
  mbedtls_aes_free(&dec);
}

/* The good-tag and bad-tag opens run from one call site (one region's
 * code, called twice, the tag always in g_rx), so that their traces may
 * part only where the verdict is branched on (util/mcu_trace_check.py's
 * check (d)). */
__attribute__((noipa)) static int gcm_open_region(const char *name,
                                                  mbedtls_gcm_context *gcm,
                                                  size_t len,
                                                  const uint8_t iv[12],
                                                  const uint8_t tag[16]) {
  int rc = 0;
  REGION(name, rc = mbedtls_gcm_auth_decrypt(gcm, len, iv, 12, g_ad,
                                             sizeof(g_ad), tag, 16, g_out,
                                             g_back));
  return rc;
}

__attribute__((noipa)) static int ccm_open_region(const char *name,
                                                  mbedtls_ccm_context *ccm,
                                                  size_t len,
                                                  const uint8_t nonce[13],
                                                  const uint8_t tag[16]) {
  int rc = 0;
  REGION(name, rc = mbedtls_ccm_auth_decrypt(ccm, len, nonce, 13, g_ad,
                                             sizeof(g_ad), g_out, g_back, tag,
                                             16));
  return rc;
}

static void gcm_regions(void) {
  mbedtls_gcm_context gcm;
  mbedtls_gcm_init(&gcm);
  int rc = 0;
  REGION("gcm128.setkey",
         rc = mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, g_key, 128));
  expect(rc == 0, "gcm128.setkey");
  uint8_t iv[12];
  memset(iv, 0x24, sizeof(iv));
  char name[64];
  for (size_t k = 0; k < sizeof(kLens) / sizeof(kLens[0]); ++k) {
    const size_t len = kLens[k];
    uint8_t tag[16], bad[16];
    region_name(name, sizeof(name), "gcm128.seal", len);
    REGION(name, rc = mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, len,
                                                iv, sizeof(iv), g_ad,
                                                sizeof(g_ad), g_in, g_out,
                                                sizeof(tag), tag));
    expect(rc == 0, name);
    digest(g_out, len);
    digest(tag, sizeof(tag));
    /* The bad tag differs in a secret-chosen bit of a secret byte. */
    memcpy(bad, tag, sizeof(bad));
    bad[g_seed[0] & 15] ^= (uint8_t) (1u << (g_seed[1] & 7));
    region_name(name, sizeof(name), "gcm128.auth_decrypt.open_good_tag", len);
    memcpy(g_rx, tag, sizeof(g_rx));
    rc = gcm_open_region(name, &gcm, len, iv, g_rx);
    expect(rc == 0 && memcmp(g_in, g_back, len) == 0, name);
    region_name(name, sizeof(name), "gcm128.auth_decrypt.open_bad_tag", len);
    memcpy(g_rx, bad, sizeof(g_rx));
    rc = gcm_open_region(name, &gcm, len, iv, g_rx);
    expect(rc == MBEDTLS_ERR_GCM_AUTH_FAILED, name);
  }

  /* In parts: starts, AD, the message in odd chunks, finish. */
  const size_t len = MAX_LEN;
  uint8_t tag[16], tag2[16];
  size_t olen = 0;
  REGION("gcm128.seal_in_parts.len1024", {
    size_t done = 0, i = 0;
    rc = mbedtls_gcm_starts(&gcm, MBEDTLS_GCM_ENCRYPT, iv, sizeof(iv));
    rc |= mbedtls_gcm_update_ad(&gcm, g_ad, sizeof(g_ad));
    while (done < len) {
      size_t n = i < sizeof(kChunks) / sizeof(kChunks[0]) ? kChunks[i++]
                                                          : len - done;
      if (n > len - done) n = len - done;
      rc |= mbedtls_gcm_update(&gcm, g_in + done, n, g_out + done, n, &olen);
      done += n;
    }
    rc |= mbedtls_gcm_finish(&gcm, NULL, 0, &olen, tag, sizeof(tag));
  });
  expect(rc == 0, "gcm128.seal_in_parts");
  digest(g_out, len);
  digest(tag, sizeof(tag));
  REGION("gcm128.open_in_parts.len1024", {
    size_t done = 0, i = 0;
    rc = mbedtls_gcm_starts(&gcm, MBEDTLS_GCM_DECRYPT, iv, sizeof(iv));
    rc |= mbedtls_gcm_update_ad(&gcm, g_ad, sizeof(g_ad));
    while (done < len) {
      size_t n = i < sizeof(kChunks) / sizeof(kChunks[0]) ? kChunks[i++]
                                                          : len - done;
      if (n > len - done) n = len - done;
      rc |= mbedtls_gcm_update(&gcm, g_out + done, n, g_back + done, n, &olen);
      done += n;
    }
    rc |= mbedtls_gcm_finish(&gcm, NULL, 0, &olen, tag2, sizeof(tag2));
  });
  /* Mbed TLS's caller compares the computed tag itself. */
  expect(rc == 0 && memcmp(tag, tag2, 16) == 0 &&
             memcmp(g_in, g_back, len) == 0, "gcm128.open_in_parts");
  mbedtls_gcm_free(&gcm);
}

static void ccm_regions(void) {
  mbedtls_ccm_context ccm;
  mbedtls_ccm_init(&ccm);
  int rc = 0;
  REGION("ccm128.setkey",
         rc = mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, g_key, 128));
  expect(rc == 0, "ccm128.setkey");
  uint8_t nonce[13];
  memset(nonce, 0x33, sizeof(nonce));
  char name[64];
  for (size_t k = 0; k < sizeof(kLens) / sizeof(kLens[0]); ++k) {
    const size_t len = kLens[k];
    uint8_t tag[16], bad[16], tag8[8];
    region_name(name, sizeof(name), "ccm128.seal", len);
    REGION(name, rc = mbedtls_ccm_encrypt_and_tag(&ccm, len, nonce,
                                                  sizeof(nonce), g_ad,
                                                  sizeof(g_ad), g_in, g_out,
                                                  tag, sizeof(tag)));
    expect(rc == 0, name);
    digest(g_out, len);
    digest(tag, sizeof(tag));
    region_name(name, sizeof(name), "ccm128.seal_tag8", len);
    REGION(name, rc = mbedtls_ccm_encrypt_and_tag(&ccm, len, nonce,
                                                  sizeof(nonce), g_ad,
                                                  sizeof(g_ad), g_in, g_back,
                                                  tag8, sizeof(tag8)));
    expect(rc == 0, name);
    digest(tag8, sizeof(tag8));
    memcpy(bad, tag, sizeof(bad));
    bad[g_seed[2] & 15] ^= (uint8_t) (1u << (g_seed[3] & 7));
    region_name(name, sizeof(name), "ccm128.auth_decrypt.open_good_tag", len);
    memcpy(g_rx, tag, sizeof(g_rx));
    rc = ccm_open_region(name, &ccm, len, nonce, g_rx);
    expect(rc == 0 && memcmp(g_in, g_back, len) == 0, name);
    region_name(name, sizeof(name), "ccm128.auth_decrypt.open_bad_tag", len);
    memcpy(g_rx, bad, sizeof(g_rx));
    rc = ccm_open_region(name, &ccm, len, nonce, g_rx);
    expect(rc == MBEDTLS_ERR_CCM_AUTH_FAILED, name);
  }
  mbedtls_ccm_free(&ccm);
}

static void cmac_regions(void) {
  const mbedtls_cipher_info_t *info =
      mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB);
  mbedtls_cipher_context_t ctx;
  mbedtls_cipher_init(&ctx);
  int rc = mbedtls_cipher_setup(&ctx, info);
  expect(rc == 0, "cmac128.setup");
  REGION("cmac128.starts", rc = mbedtls_cipher_cmac_starts(&ctx, g_key, 128));
  expect(rc == 0, "cmac128.starts");
  char name[64];
  for (size_t k = 0; k < sizeof(kLens) / sizeof(kLens[0]); ++k) {
    const size_t len = kLens[k];
    uint8_t mac[16], mac2[16];
    region_name(name, sizeof(name), "cmac128.oneshot", len);
    REGION(name, rc = mbedtls_cipher_cmac(info, g_key, 128, g_in, len, mac));
    expect(rc == 0, name);
    digest(mac, sizeof(mac));
    region_name(name, sizeof(name), "cmac128.reset_update_finish", len);
    REGION(name, {
      rc = mbedtls_cipher_cmac_reset(&ctx);
      rc |= mbedtls_cipher_cmac_update(&ctx, g_in, len);
      rc |= mbedtls_cipher_cmac_finish(&ctx, mac2);
    });
    expect(rc == 0 && memcmp(mac, mac2, 16) == 0, name);
  }
  mbedtls_cipher_free(&ctx);
}

/* --- negative controls: deliberately leaky, never library code --------- */

__attribute__((noipa)) static uint32_t leak_side_a(const uint8_t *s) {
  return s[1] * 3u + 1;
}
__attribute__((noipa)) static uint32_t leak_side_b(const uint8_t *s) {
  return s[2] ^ 0x55u;
}
__attribute__((noipa)) static uint32_t branch_on_secret(const uint8_t *s) {
  return (s[0] & 0x80) ? leak_side_a(s) : leak_side_b(s); /* LEAK */
}
__attribute__((noipa)) static uint32_t table_lookup(const uint8_t table[256],
                                                    const uint8_t *s) {
  uint32_t acc = 0;
  for (int i = 0; i < 16; ++i) acc = (acc << 1) ^ table[s[i]]; /* LEAK */
  return acc;
}
__attribute__((noipa)) static uint32_t divide_secret(const uint8_t *s,
                                                     uint32_t d) {
  return (((uint32_t) s[0] << 8) | s[1]) / d; /* LEAK */
}

static void negative_controls(void) {
  static uint8_t table[256];
  for (int i = 0; i < 256; ++i) table[i] = (uint8_t) (i * 7 + 3);
  volatile uint32_t sink = 0;
  volatile uint32_t divisor = 7;
  REGION("negative_control.branch_on_secret", sink = branch_on_secret(g_key));
  REGION("negative_control.table_lookup", sink = table_lookup(table, g_key));
  REGION("negative_control.divide_secret",
         sink = divide_secret(g_key, divisor));
  (void) sink;
}

int main(int argc, char **argv) {
  if (argc != 3 || !parse_hex(argv[1], g_key, sizeof(g_key)) ||
      !parse_hex(argv[2], g_seed, sizeof(g_seed))) {
    printf("usage: mbedtls_trace_driver KEY(64 hex) DATA(32 hex)\n");
    return 2;
  }
  expand(g_seed, 1, g_in, sizeof(g_in));
  expand(g_seed, 2, g_ad, sizeof(g_ad));
  aes_regions();
  gcm_regions();
  ccm_regions();
  cmac_regions();
  negative_controls();
  /* The context sizes (bench-mcu.sh's table): what a caller's stack or
   * heap holds per object. */
  printf("SIZEOF mbedtls_aes_context %u\n", (unsigned) sizeof(mbedtls_aes_context));
  printf("SIZEOF mbedtls_gcm_context %u\n", (unsigned) sizeof(mbedtls_gcm_context));
  printf("SIZEOF mbedtls_ccm_context %u\n", (unsigned) sizeof(mbedtls_ccm_context));
  printf("SIZEOF mbedtls_cmac_context_t %u\n", (unsigned) sizeof(mbedtls_cmac_context_t));
  printf("DIGEST %08lx%08lx\n", (unsigned long) (g_digest >> 32),
         (unsigned long) (g_digest & 0xffffffffu));
  printf("mbedtls_trace_driver: %u regions, %u checks, %u failed\n",
         g_regions, g_checks, g_failures);
  return g_failures == 0 && g_regions > 0 ? 0 : 1;
}
