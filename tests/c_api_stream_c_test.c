/* c_api_stream_c_test.c: the streaming C API from C (ctcrypto_aes_gcm_stream,
 * ctcrypto_aes_ccm_stream, ctcrypto_aes_gmac_ctx):
 *   - a stream fed in random chunks (empty ones included, out == in or
 *     apart, out capacities above the chunk) gives exactly the one-shot
 *     seal/open answer, both directions, for GCM keys, tag lengths and
 *     nonce lengths, and for CCM keys, profiles, tag and nonce lengths; the
 *     GMAC context gives ctcrypto_aes_gmac_compute's tag;
 *   - every misuse the header (ctcrypto.h) documents returns its code,
 *     writes nothing and leaves the stream as it was (the message then
 *     still gives the one-shot answer): calls on a stream never started,
 *     cleaned up or ended, a bad direction, a key object not initialised,
 *     null pointers with lengths, AD after data (CTCRYPTO_BAD_STATE), finish
 *     on an open stream and verify on a seal stream, a second finish,
 *     a failed verify (then CTCRYPTO_NOT_INITIALIZED), CCM input past or
 *     short of the declared lengths (CTCRYPTO_INVALID_LENGTH), wrong tag
 *     lengths, a short output, overlapping buffers;
 *   - a verdict cleans the object up (every byte zero), and a memcpy copy of
 *     a stream forks the message (also while a GCM seal kernel's carry is
 *     held, after long chunks).
 * The life cycle on garbage bytes (never initialised, failed start,
 * cleanup) is c_api_c_test.c's table, which has a row for each of these
 * objects. */
#if defined(__cplusplus)
#error "this file must be compiled as C"
#endif

#include "tests/c_api_stream_c_test.h"

#include <string.h>

#include "ctcrypto/ctcrypto.h"

#define CHECK(cond)      \
  do {                   \
    if (!(cond)) {       \
      return __LINE__;   \
    }                    \
  } while (0)
/* RUN: a helper returning 0 or a failed line. */
#define RUN(call)              \
  do {                         \
    int line_ = (call);        \
    if (line_ != 0) return line_; \
  } while (0)

/* ctcrypto::Status values that ctcrypto.h names only in its comments. */
enum {
  kInvalidNonceLength = 2,
  kInvalidTagLength = 3,
  kOutputTooSmall = 4,
  kInvalidLength = 5,
  kOverlappingBuffers = 6,
  kMessageTooLong = 7,
  kInvalidArgument = 10
};

_Static_assert(CTCRYPTO_BAD_STATE == 12, "CTCRYPTO_BAD_STATE");
_Static_assert(CTCRYPTO_SEAL != CTCRYPTO_OPEN, "directions");
_Static_assert(_Alignof(ctcrypto_aes_gcm_stream) == 8, "stream alignment");
_Static_assert(_Alignof(ctcrypto_aes_ccm_stream) == 8, "stream alignment");
_Static_assert(_Alignof(ctcrypto_aes_gmac_ctx) == 8, "context alignment");

enum { kMaxMsg = 4200, kMaxAd = 80, kCanary = 0x5c };

static uint32_t g_rng;
static uint32_t rnd(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 17;
  g_rng ^= g_rng << 5;
  return g_rng;
}

/* chunk: the next chunk size out of `left` bytes: empty, short, medium,
 * long (past the widest GCM kernel batch, whose seal carries its last batch
 * over to the next call) or all that is left. */
static size_t chunk(size_t left) {
  uint32_t r = rnd();
  size_t n;
  switch (r % 5) {
    case 0: n = 0; break;
    case 1: n = 1 + (r >> 8) % 16; break;
    case 2: n = 1 + (r >> 8) % 70; break;
    case 3: n = 1 + (r >> 8) % 1100; break;
    default: n = left; break;
  }
  return n > left ? left : n;
}

static int all_zero(const void* p, size_t n) {
  const unsigned char* b = (const unsigned char*)p;
  size_t i;
  for (i = 0; i < n; ++i)
    if (b[i] != 0) return 0;
  return 1;
}

static int all_canary(const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i] != kCanary) return 0;
  return 1;
}

static void fill(uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) p[i] = (uint8_t)rnd();
}

/* The fill patterns of memory that never held an object. */
static void garbage(void* p, size_t n, int pattern) {
  unsigned char* b = (unsigned char*)p;
  size_t i;
  for (i = 0; i < n; ++i)
    b[i] = (unsigned char)(pattern >= 0 ? pattern : (int)(i * 131 + 7));
}
static const int kPatterns[] = {0x00, 0xa5, 0xff, -1};

/* The message every equivalence check uses: random plaintext and AD. */
static uint8_t g_pt[kMaxMsg], g_ad[kMaxAd];
/* The one-shot answer (ciphertext || tag) and the stream's output. */
static uint8_t g_sealed[kMaxMsg + 16], g_buf[kMaxMsg + 16];

/* --- the chunk feeders, one per object type ---------------------------------
 * Each feeds `len` bytes in random chunks (pointers NULL for some empty
 * chunks). For data: `in_place` copies the input to g_buf first and
 * updates there; otherwise in -> g_buf. The out capacity is the chunk or,
 * at random, all of g_buf from there on. */

static int gcm_feed_ad(ctcrypto_aes_gcm_stream* s, const uint8_t* ad,
                       size_t len) {
  size_t pos = 0;
  do {
    size_t n = chunk(len - pos);
    const uint8_t* p = n == 0 && rnd() % 2 ? NULL : ad + pos;
    CHECK(ctcrypto_aes_gcm_stream_update_ad(s, p, n) == CTCRYPTO_OK);
    pos += n;
  } while (pos < len);
  return 0;
}

static int gcm_feed_data(ctcrypto_aes_gcm_stream* s, const uint8_t* in,
                         size_t len, int in_place) {
  size_t pos = 0;
  if (in_place) memcpy(g_buf, in, len);
  do {
    size_t n = chunk(len - pos);
    size_t cap = rnd() % 2 ? n : sizeof(g_buf) - pos;
    const uint8_t* src = in_place ? g_buf + pos : in + pos;
    if (n == 0 && rnd() % 2)
      CHECK(ctcrypto_aes_gcm_stream_update(s, NULL, 0, NULL, 0) ==
            CTCRYPTO_OK);
    else
      CHECK(ctcrypto_aes_gcm_stream_update(s, g_buf + pos, cap, src, n) ==
            CTCRYPTO_OK);
    pos += n;
  } while (pos < len);
  return 0;
}

static int ccm_feed_ad(ctcrypto_aes_ccm_stream* s, const uint8_t* ad,
                       size_t len) {
  size_t pos = 0;
  do {
    size_t n = chunk(len - pos);
    const uint8_t* p = n == 0 && rnd() % 2 ? NULL : ad + pos;
    CHECK(ctcrypto_aes_ccm_stream_update_ad(s, p, n) == CTCRYPTO_OK);
    pos += n;
  } while (pos < len);
  return 0;
}

static int ccm_feed_data(ctcrypto_aes_ccm_stream* s, const uint8_t* in,
                         size_t len, int in_place) {
  size_t pos = 0;
  if (in_place) memcpy(g_buf, in, len);
  do {
    size_t n = chunk(len - pos);
    size_t cap = rnd() % 2 ? n : sizeof(g_buf) - pos;
    const uint8_t* src = in_place ? g_buf + pos : in + pos;
    if (n == 0 && rnd() % 2)
      CHECK(ctcrypto_aes_ccm_stream_update(s, NULL, 0, NULL, 0) ==
            CTCRYPTO_OK);
    else
      CHECK(ctcrypto_aes_ccm_stream_update(s, g_buf + pos, cap, src, n) ==
            CTCRYPTO_OK);
    pos += n;
  } while (pos < len);
  return 0;
}

/* --- GCM: stream == one-shot --------------------------------------------- */

/* gcm_round: one message (pt_len bytes of g_pt, ad_len of g_ad) sealed and
 * opened one-shot and as streams, both directions, in place or not; a
 * tampered tag fails and ends the stream. */
static int gcm_round(const ctcrypto_aes_gcm* gcm, size_t tag_len,
                     const uint8_t* nonce, size_t nonce_len, size_t pt_len,
                     size_t ad_len, int in_place) {
  ctcrypto_aes_gcm_stream s;
  uint8_t tag[16], bad_tag[16];
  size_t n = 0;
  CHECK(ctcrypto_aes_gcm_seal(gcm, g_sealed, &n, sizeof(g_sealed), nonce,
                              nonce_len, g_pt, pt_len, g_ad, ad_len) ==
        CTCRYPTO_OK);
  CHECK(n == pt_len + tag_len);

  /* Seal. */
  garbage(&s, sizeof(s), 0xa5);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, gcm, CTCRYPTO_SEAL, nonce,
                                      nonce_len) == CTCRYPTO_OK);
  RUN(gcm_feed_ad(&s, g_ad, ad_len));
  RUN(gcm_feed_data(&s, g_pt, pt_len, in_place));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, tag_len) == CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_sealed, pt_len) == 0);
  CHECK(memcmp(tag, g_sealed + pt_len, tag_len) == 0);
  /* The verdict ended the stream: cleaned up, refused. */
  CHECK(all_zero(&s, sizeof(s)));
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(all_canary(tag, sizeof(tag)));

  /* Open. */
  CHECK(ctcrypto_aes_gcm_stream_start(&s, gcm, CTCRYPTO_OPEN, nonce,
                                      nonce_len) == CTCRYPTO_OK);
  RUN(gcm_feed_ad(&s, g_ad, ad_len));
  RUN(gcm_feed_data(&s, g_sealed, pt_len, in_place));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_pt, pt_len) == 0);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);

  /* Open with one tag bit flipped: fails, then the stream is over. */
  memcpy(bad_tag, g_sealed + pt_len, tag_len);
  bad_tag[rnd() % tag_len] ^= (uint8_t)(1u << (rnd() % 8));
  CHECK(ctcrypto_aes_gcm_stream_start(&s, gcm, CTCRYPTO_OPEN, nonce,
                                      nonce_len) == CTCRYPTO_OK);
  RUN(gcm_feed_ad(&s, g_ad, ad_len));
  RUN(gcm_feed_data(&s, g_sealed, pt_len, in_place));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, bad_tag, tag_len) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, g_buf, sizeof(g_buf), g_pt, 1) ==
        CTCRYPTO_NOT_INITIALIZED);
  return 0;
}

/* gcm_fork_long: a memcpy copy of a seal stream taken after long chunks
 * (a kernel's carry held) finishes the message like the original. */
static int gcm_fork_long(const ctcrypto_aes_gcm* gcm, size_t tag_len) {
  ctcrypto_aes_gcm_stream s, fork;
  static uint8_t out2[kMaxMsg];
  uint8_t nonce[12], tag[16], tag2[16];
  const size_t len = 4100, cut = 1024 + rnd() % 1100;
  size_t n = 0;
  fill(nonce, sizeof(nonce));
  fill(g_pt, len);
  fill(g_ad, 33);
  CHECK(ctcrypto_aes_gcm_seal(gcm, g_sealed, &n, sizeof(g_sealed), nonce, 12,
                              g_pt, len, g_ad, 33) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, gcm, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 33) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, g_buf, 1024, g_pt, 1024) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, g_buf + 1024, cut - 1024,
                                       g_pt + 1024, cut - 1024) ==
        CTCRYPTO_OK);
  memcpy(&fork, &s, sizeof(s));
  memcpy(out2, g_buf, cut);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, g_buf + cut, len - cut, g_pt + cut,
                                       len - cut) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, tag_len) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&fork, out2 + cut, len - cut,
                                       g_pt + cut, 700) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&fork, out2 + cut + 700,
                                       len - cut - 700, g_pt + cut + 700,
                                       len - cut - 700) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_finish(&fork, tag2, tag_len) == CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_sealed, len) == 0 && memcmp(out2, g_sealed, len) == 0);
  CHECK(memcmp(tag, g_sealed + len, tag_len) == 0);
  CHECK(memcmp(tag2, g_sealed + len, tag_len) == 0);
  return 0;
}

static int gcm_matches_one_shot(void) {
  static const size_t kLens[] = {0,   1,   15,  16,  17,   31,   32,
                                 33,  47,  63,  64,  65,   100,  129,
                                 255, 256, 257, 300, 1000, 2049, 4100};
  static const size_t kAdLens[] = {0, 1, 13, 16, 17, 40, 80};
  static const size_t kNonceLens[] = {12, 12, 1, 8, 16, 60};
  static const struct {
    size_t key_len, tag_len;
  } kKeys[] = {{16, 16}, {24, 12}, {32, 16}, {32, 13}};
  uint8_t key[32], nonce[60];
  ctcrypto_aes_gcm gcm;
  size_t k, i;
  for (k = 0; k < sizeof(kKeys) / sizeof(kKeys[0]); ++k) {
    fill(key, sizeof(key));
    CHECK(ctcrypto_aes_gcm_init(&gcm, key, kKeys[k].key_len,
                                kKeys[k].tag_len) == CTCRYPTO_OK);
    for (i = 0; i < sizeof(kLens) / sizeof(kLens[0]); ++i) {
      size_t a = kAdLens[rnd() % (sizeof(kAdLens) / sizeof(kAdLens[0]))];
      size_t nl = kNonceLens[rnd() % (sizeof(kNonceLens) /
                                      sizeof(kNonceLens[0]))];
      fill(g_pt, sizeof(g_pt));
      fill(g_ad, sizeof(g_ad));
      fill(nonce, sizeof(nonce));
      RUN(gcm_round(&gcm, kKeys[k].tag_len, nonce, nl, kLens[i], a, 0));
      RUN(gcm_round(&gcm, kKeys[k].tag_len, nonce, nl, kLens[i], a, 1));
    }
    RUN(gcm_fork_long(&gcm, kKeys[k].tag_len));
    CHECK(ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
  }
  return 0;
}

/* --- CCM: stream == one-shot --------------------------------------------- */

static int ccm_round(const ctcrypto_aes_ccm* ccm, size_t tag_len,
                     const uint8_t* nonce, size_t nonce_len, size_t pt_len,
                     size_t ad_len, int in_place) {
  ctcrypto_aes_ccm_stream s;
  uint8_t tag[16], bad_tag[16];
  size_t n = 0;
  CHECK(ctcrypto_aes_ccm_seal(ccm, g_sealed, &n, sizeof(g_sealed), nonce,
                              nonce_len, g_pt, pt_len, g_ad, ad_len) ==
        CTCRYPTO_OK);
  CHECK(n == pt_len + tag_len);

  garbage(&s, sizeof(s), 0xff);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, ccm, CTCRYPTO_SEAL, nonce,
                                      nonce_len, ad_len, pt_len) ==
        CTCRYPTO_OK);
  RUN(ccm_feed_ad(&s, g_ad, ad_len));
  RUN(ccm_feed_data(&s, g_pt, pt_len, in_place));
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, tag_len) == CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_sealed, pt_len) == 0);
  CHECK(memcmp(tag, g_sealed + pt_len, tag_len) == 0);
  CHECK(all_zero(&s, sizeof(s)));
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(all_canary(tag, sizeof(tag)));

  CHECK(ctcrypto_aes_ccm_stream_start(&s, ccm, CTCRYPTO_OPEN, nonce,
                                      nonce_len, ad_len, pt_len) ==
        CTCRYPTO_OK);
  RUN(ccm_feed_ad(&s, g_ad, ad_len));
  RUN(ccm_feed_data(&s, g_sealed, pt_len, in_place));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_pt, pt_len) == 0);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);

  memcpy(bad_tag, g_sealed + pt_len, tag_len);
  bad_tag[rnd() % tag_len] ^= (uint8_t)(1u << (rnd() % 8));
  CHECK(ctcrypto_aes_ccm_stream_start(&s, ccm, CTCRYPTO_OPEN, nonce,
                                      nonce_len, ad_len, pt_len) ==
        CTCRYPTO_OK);
  RUN(ccm_feed_ad(&s, g_ad, ad_len));
  RUN(ccm_feed_data(&s, g_sealed, pt_len, in_place));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, bad_tag, tag_len) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + pt_len, tag_len) ==
        CTCRYPTO_NOT_INITIALIZED);
  return 0;
}

static int ccm_matches_one_shot(void) {
  static const size_t kLens[] = {0,   1,   15,  16,  17,  32,   33,  64,
                                 65,  100, 255, 256, 257, 300, 1000, 2049};
  static const size_t kAdLens[] = {0, 1, 13, 14, 16, 17, 40, 80};
  /* key_len, tag_len, nonce_len (0: any of 7..13 per message), profile */
  static const struct {
    size_t key_len, tag_len, nonce_len;
    const char* profile;
  } kKeys[] = {{16, 16, 0, NULL},
               {24, 8, 13, NULL},
               {32, 4, 7, NULL},
               {32, 10, 0, NULL},
               {16, 4, 13, "aes-128-ccm-bluetooth"},
               {16, 8, 13, "aes-128-ccm-bluetooth-8"},
               {16, 16, 13, "aes-128-ccm-matter"}};
  uint8_t key[32], nonce[13];
  ctcrypto_aes_ccm ccm;
  size_t k, i;
  for (k = 0; k < sizeof(kKeys) / sizeof(kKeys[0]); ++k) {
    fill(key, sizeof(key));
    if (kKeys[k].profile != NULL)
      CHECK(ctcrypto_aes_ccm_init_profile(&ccm, kKeys[k].profile, key,
                                          kKeys[k].key_len) == CTCRYPTO_OK);
    else
      CHECK(ctcrypto_aes_ccm_init(&ccm, key, kKeys[k].key_len,
                                  kKeys[k].tag_len,
                                  kKeys[k].nonce_len) == CTCRYPTO_OK);
    for (i = 0; i < sizeof(kLens) / sizeof(kLens[0]); ++i) {
      size_t a = kAdLens[rnd() % (sizeof(kAdLens) / sizeof(kAdLens[0]))];
      size_t nl = kKeys[k].nonce_len ? kKeys[k].nonce_len : 7 + rnd() % 7;
      fill(g_pt, sizeof(g_pt));
      fill(g_ad, sizeof(g_ad));
      fill(nonce, sizeof(nonce));
      RUN(ccm_round(&ccm, kKeys[k].tag_len, nonce, nl, kLens[i], a, 0));
      RUN(ccm_round(&ccm, kKeys[k].tag_len, nonce, nl, kLens[i], a, 1));
    }
    CHECK(ctcrypto_aes_ccm_cleanup(&ccm) == CTCRYPTO_OK);
  }
  return 0;
}

/* --- GMAC context == ctcrypto_aes_gmac_compute ------------------------------ */

static int gmac_matches_compute(void) {
  static const size_t kNonceLens[] = {12, 1, 16, 60};
  static const struct {
    size_t key_len, tag_len;
  } kKeys[] = {{16, 16}, {24, 12}, {32, 14}};
  uint8_t key[32], nonce[60], want[16], tag[16];
  ctcrypto_aes_gmac mac;
  ctcrypto_aes_gmac_ctx ctx;
  size_t k, len;
  for (k = 0; k < sizeof(kKeys) / sizeof(kKeys[0]); ++k) {
    const size_t tl = kKeys[k].tag_len;
    fill(key, sizeof(key));
    CHECK(ctcrypto_aes_gmac_init(&mac, key, kKeys[k].key_len, tl) ==
          CTCRYPTO_OK);
    for (len = 0; len <= kMaxMsg; len += 1 + len / 3) {
      size_t nl = kNonceLens[rnd() % (sizeof(kNonceLens) /
                                      sizeof(kNonceLens[0]))];
      size_t pos = 0;
      fill(g_pt, sizeof(g_pt));
      fill(nonce, sizeof(nonce));
      CHECK(ctcrypto_aes_gmac_compute(&mac, want, tl, nonce, nl, g_pt, len) ==
            CTCRYPTO_OK);
      garbage(&ctx, sizeof(ctx), -1);
      CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, nl) == CTCRYPTO_OK);
      do {
        size_t n = chunk(len - pos);
        CHECK(ctcrypto_aes_gmac_ctx_update(
                  &ctx, n == 0 && rnd() % 2 ? NULL : g_pt + pos, n) ==
              CTCRYPTO_OK);
        pos += n;
      } while (pos < len);
      CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, tl) == CTCRYPTO_OK);
      CHECK(memcmp(tag, want, tl) == 0);
      CHECK(all_zero(&ctx, sizeof(ctx)));
      /* finish_verify: the right tag, then a wrong one. */
      CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, nl) == CTCRYPTO_OK);
      CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, len) == CTCRYPTO_OK);
      CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, tl) ==
            CTCRYPTO_OK);
      CHECK(all_zero(&ctx, sizeof(ctx)));
      want[rnd() % tl] ^= 0x80;
      CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, nl) == CTCRYPTO_OK);
      CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, len) == CTCRYPTO_OK);
      CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, tl) ==
            CTCRYPTO_AUTHENTICATION_FAILED);
      CHECK(all_zero(&ctx, sizeof(ctx)));
      CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, tl) ==
            CTCRYPTO_NOT_INITIALIZED);
    }
    CHECK(ctcrypto_aes_gmac_cleanup(&mac) == CTCRYPTO_OK);
  }
  return 0;
}

/* --- GCM misuse ---------------------------------------------------------------
 * Fixed message: 12-byte nonce, 20 bytes of AD, 40 of data, 16-byte tag. */

static int gcm_misuse(void) {
  ctcrypto_aes_gcm gcm, dead;
  ctcrypto_aes_gcm_stream s, fork;
  uint8_t key[16], nonce[12], tag[16], out[64];
  size_t n = 0, f;
  fill(key, sizeof(key));
  fill(nonce, sizeof(nonce));
  fill(g_pt, 40);
  fill(g_ad, 20);
  CHECK(ctcrypto_aes_gcm_init(&gcm, key, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_seal(&gcm, g_sealed, &n, sizeof(g_sealed), nonce, 12,
                              g_pt, 40, g_ad, 20) == CTCRYPTO_OK);

  /* Never started: every call refused, nothing written; cleanup wipes. */
  for (f = 0; f < sizeof(kPatterns) / sizeof(kPatterns[0]); ++f) {
    garbage(&s, sizeof(s), kPatterns[f]);
    memset(out, kCanary, sizeof(out));
    memset(tag, kCanary, sizeof(tag));
    CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 20) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gcm_stream_update(&s, out, sizeof(out), g_pt, 40) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_canary(out, sizeof(out)) && all_canary(tag, sizeof(tag)));
    CHECK(ctcrypto_aes_gcm_stream_cleanup(&s) == CTCRYPTO_OK);
    CHECK(all_zero(&s, sizeof(s)));
  }

  /* Null objects and pointers. */
  CHECK(ctcrypto_aes_gcm_stream_start(NULL, &gcm, CTCRYPTO_SEAL, nonce, 12) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, NULL, CTCRYPTO_SEAL, nonce, 12) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, NULL, 12) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(NULL, g_ad, 1) == kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update(NULL, out, 1, g_pt, 1) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_finish(NULL, tag, 16) == kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_verify(NULL, tag, 16) == kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_cleanup(NULL) == kInvalidArgument);

  /* A failed start (bad direction, key object not live, bad nonce) leaves
   * even a live stream wiped and refused. */
  {
    static const int kBadDirections[] = {2, -1, 0x100};
    for (f = 0; f < 3; ++f) {
      CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce,
                                          12) == CTCRYPTO_OK);
      CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, kBadDirections[f], nonce,
                                          12) == kInvalidArgument);
      CHECK(all_zero(&s, sizeof(s)));
      CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) ==
            CTCRYPTO_NOT_INITIALIZED);
    }
  }
  for (f = 0; f < sizeof(kPatterns) / sizeof(kPatterns[0]); ++f) {
    garbage(&dead, sizeof(dead), kPatterns[f]);
    CHECK(ctcrypto_aes_gcm_stream_start(&s, &dead, CTCRYPTO_OPEN, nonce, 12) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_zero(&s, sizeof(s)));
  }
  CHECK(ctcrypto_aes_gcm_init(&dead, key, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_cleanup(&dead) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &dead, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce, 0) ==
        kInvalidNonceLength);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) ==
        CTCRYPTO_NOT_INITIALIZED);

  /* Seal with every refusal on the way; each leaves the stream as it was,
   * so the message still gives the one-shot answer. */
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 7) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, NULL, 5) == kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad + 7, 13) == CTCRYPTO_OK);
  memset(out, kCanary, sizeof(out));
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, sizeof(out), NULL, 5) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, NULL, 5, g_pt, 5) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, 4, g_pt, 5) ==
        kOutputTooSmall);
  CHECK(all_canary(out, sizeof(out)));
  /* Overlapping other than exactly: refused, nothing written. */
  memcpy(out, g_pt, 40);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out + 1, 40, out, 5) ==
        kOverlappingBuffers);
  CHECK(memcmp(out, g_pt, 40) == 0);
  memset(out, kCanary, sizeof(out));
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, 64, g_pt, 9) == CTCRYPTO_OK);
  /* AD after data. */
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) == CTCRYPTO_BAD_STATE);
  /* verify on a seal stream; wrong tag lengths; a null tag. */
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) ==
        CTCRYPTO_BAD_STATE);
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 15) == kInvalidTagLength);
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 12) == kInvalidTagLength);
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, NULL, 16) == kInvalidArgument);
  CHECK(all_canary(tag, sizeof(tag)));
  /* A memcpy copy forks the message: both ends give the one-shot answer. */
  memcpy(&fork, &s, sizeof(s));
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out + 9, 55, g_pt + 9, 31) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(out, g_sealed, 40) == 0);
  CHECK(memcmp(tag, g_sealed + 40, 16) == 0);
  /* finish twice: refused, nothing written. */
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) ==
        CTCRYPTO_NOT_INITIALIZED);
  memset(out, kCanary, sizeof(out));
  CHECK(ctcrypto_aes_gcm_stream_update(&fork, out + 9, 31, g_pt + 9, 31) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_finish(&fork, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(out + 9, g_sealed + 9, 31) == 0);
  CHECK(memcmp(tag, g_sealed + 40, 16) == 0);
  CHECK(all_zero(&fork, sizeof(fork)));

  /* Open: finish refused, a wrong tag length refused, then the verdict. */
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_OPEN, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 20) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, 64, g_sealed, 40) ==
        CTCRYPTO_OK);
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) == CTCRYPTO_BAD_STATE);
  CHECK(all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 15) ==
        kInvalidTagLength);
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, NULL, 16) == kInvalidArgument);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) == CTCRYPTO_BAD_STATE);
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) == CTCRYPTO_OK);
  CHECK(memcmp(out, g_pt, 40) == 0);
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  /* A failed verify ends the stream too. */
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_OPEN, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 19) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, 64, g_sealed, 40) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_gcm_stream_verify(&s, g_sealed + 40, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 1) ==
        CTCRYPTO_NOT_INITIALIZED);

  /* Restarting a live stream abandons its message; cleanup mid-message
   * wipes it. */
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad + 3, 11) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, out, 64, g_pt + 1, 17) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 20) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update(&s, g_buf, 40, g_pt, 40) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(g_buf, g_sealed, 40) == 0 &&
        memcmp(tag, g_sealed + 40, 16) == 0);
  CHECK(ctcrypto_aes_gcm_stream_start(&s, &gcm, CTCRYPTO_SEAL, nonce, 12) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_update_ad(&s, g_ad, 20) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_stream_cleanup(&s) == CTCRYPTO_OK);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_gcm_stream_finish(&s, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_gcm_stream_cleanup(&s) == CTCRYPTO_OK);

  CHECK(ctcrypto_aes_gcm_cleanup(&gcm) == CTCRYPTO_OK);
  return 0;
}

/* --- CCM misuse ---------------------------------------------------------------
 * Fixed message: 12-byte nonce (any length allowed by the key), 20 bytes of
 * AD, 40 of data, 8-byte tag. */

static int ccm_misuse(void) {
  ctcrypto_aes_ccm ccm, dead;
  ctcrypto_aes_ccm_stream s;
  uint8_t key[16], nonce[14], tag[16], out[64];
  size_t n = 0, f;
  fill(key, sizeof(key));
  fill(nonce, sizeof(nonce));
  fill(g_pt, 40);
  fill(g_ad, 20);
  CHECK(ctcrypto_aes_ccm_init(&ccm, key, 16, 8, 0) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_seal(&ccm, g_sealed, &n, sizeof(g_sealed), nonce, 12,
                              g_pt, 40, g_ad, 20) == CTCRYPTO_OK);

  for (f = 0; f < sizeof(kPatterns) / sizeof(kPatterns[0]); ++f) {
    garbage(&s, sizeof(s), kPatterns[f]);
    memset(out, kCanary, sizeof(out));
    memset(tag, kCanary, sizeof(tag));
    CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 20) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_ccm_stream_update(&s, out, sizeof(out), g_pt, 40) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_canary(out, sizeof(out)) && all_canary(tag, sizeof(tag)));
    CHECK(ctcrypto_aes_ccm_stream_cleanup(&s) == CTCRYPTO_OK);
    CHECK(all_zero(&s, sizeof(s)));
  }

  CHECK(ctcrypto_aes_ccm_stream_start(NULL, &ccm, CTCRYPTO_SEAL, nonce, 12, 20,
                                      40) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, NULL, CTCRYPTO_SEAL, nonce, 12, 20,
                                      40) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, NULL, 12, 20,
                                      40) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(NULL, g_ad, 1) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_update(NULL, out, 1, g_pt, 1) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_finish(NULL, tag, 8) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_verify(NULL, tag, 8) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_cleanup(NULL) == kInvalidArgument);

  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 12, 20,
                                      40) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, 7, nonce, 12, 20, 40) ==
        kInvalidArgument);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 1) ==
        CTCRYPTO_NOT_INITIALIZED);
  for (f = 0; f < sizeof(kPatterns) / sizeof(kPatterns[0]); ++f) {
    garbage(&dead, sizeof(dead), kPatterns[f]);
    CHECK(ctcrypto_aes_ccm_stream_start(&s, &dead, CTCRYPTO_OPEN, nonce, 12,
                                        20, 40) == CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_zero(&s, sizeof(s)));
  }
  CHECK(ctcrypto_aes_ccm_init(&dead, key, 16, 8, 0) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_cleanup(&dead) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &dead, CTCRYPTO_SEAL, nonce, 12, 20,
                                      40) == CTCRYPTO_NOT_INITIALIZED);
  /* Nonces of 6 and 14 bytes; a message past a 13-byte nonce's 2-byte
   * length field (65535 bytes fit). */
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 6, 20,
                                      40) == kInvalidNonceLength);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 14, 20,
                                      40) == kInvalidNonceLength);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 13, 0,
                                      65536) == kMessageTooLong);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 13, 0,
                                      65535) == CTCRYPTO_OK);
  /* A declared length past what a 32-bit size_t holds is the stream's
   * business, not this machine's: 7-byte nonces allow 2^64 - 1. */
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_OPEN, nonce, 7,
                                      UINT64_MAX, UINT64_MAX) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_cleanup(&s) == CTCRYPTO_OK);

  /* Seal: the declared lengths are enforced, nothing written on refusal,
   * and the message still gives the one-shot answer. */
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_SEAL, nonce, 12, 20,
                                      40) == CTCRYPTO_OK);
  memset(out, kCanary, sizeof(out));
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_pt, 1) ==
        kInvalidLength); /* before the AD */
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_pt, 0) ==
        kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 21) == kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 10) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, NULL, 3) == kInvalidArgument);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad + 10, 11) ==
        kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_pt, 5) ==
        kInvalidLength); /* AD not all in */
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) == kInvalidLength);
  CHECK(all_canary(out, sizeof(out)) && all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad + 10, 10) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_pt, 41) ==
        kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 4, g_pt, 5) ==
        kOutputTooSmall);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, NULL, 5) ==
        kInvalidArgument);
  CHECK(all_canary(out, sizeof(out)));
  memcpy(out, g_pt, 40);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 40, out + 3, 5) ==
        kOverlappingBuffers);
  CHECK(memcmp(out, g_pt, 40) == 0);
  memset(out, kCanary, sizeof(out));
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_pt, 29) == CTCRYPTO_OK);
  /* AD after data passes the declared AD length. */
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 1) == kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) == kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
        CTCRYPTO_BAD_STATE);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out + 29, 35, g_pt + 29, 12) ==
        kInvalidLength);
  CHECK(all_canary(out + 29, 35) && all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out + 29, 35, g_pt + 29, 11) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out + 40, 24, g_pt, 1) ==
        kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 16) == kInvalidTagLength);
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, NULL, 8) == kInvalidArgument);
  CHECK(all_canary(out + 40, 24) && all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) == CTCRYPTO_OK);
  CHECK(memcmp(out, g_sealed, 40) == 0 && memcmp(tag, g_sealed + 40, 8) == 0);
  CHECK(all_zero(&s, sizeof(s)));
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(all_canary(tag, sizeof(tag)));

  /* Open: finish refused, verify before all data refused, then verdicts. */
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_OPEN, nonce, 12, 20,
                                      40) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 20) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_sealed, 39) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
        kInvalidLength);
  CHECK(ctcrypto_aes_ccm_stream_finish(&s, tag, 8) == CTCRYPTO_BAD_STATE);
  CHECK(all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out + 39, 25, g_sealed + 39, 1) ==
        CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 16) ==
        kInvalidTagLength);
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) == CTCRYPTO_OK);
  CHECK(memcmp(out, g_pt, 40) == 0);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_ccm_stream_start(&s, &ccm, CTCRYPTO_OPEN, nonce, 12, 20,
                                      40) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 20) == CTCRYPTO_OK);
  g_sealed[3] ^= 1;
  CHECK(ctcrypto_aes_ccm_stream_update(&s, out, 64, g_sealed, 40) ==
        CTCRYPTO_OK);
  g_sealed[3] ^= 1;
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(&s, sizeof(s)));
  CHECK(ctcrypto_aes_ccm_stream_verify(&s, g_sealed + 40, 8) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(ctcrypto_aes_ccm_stream_update_ad(&s, g_ad, 0) ==
        CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_ccm_cleanup(&ccm) == CTCRYPTO_OK);
  return 0;
}

/* --- GMAC context misuse ------------------------------------------------------ */

static int gmac_misuse(void) {
  ctcrypto_aes_gmac mac, dead;
  ctcrypto_aes_gmac_ctx ctx;
  uint8_t key[16], nonce[12], want[16], tag[16];
  size_t f;
  fill(key, sizeof(key));
  fill(nonce, sizeof(nonce));
  fill(g_pt, 40);
  CHECK(ctcrypto_aes_gmac_init(&mac, key, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_compute(&mac, want, 16, nonce, 12, g_pt, 40) ==
        CTCRYPTO_OK);

  for (f = 0; f < sizeof(kPatterns) / sizeof(kPatterns[0]); ++f) {
    garbage(&ctx, sizeof(ctx), kPatterns[f]);
    memset(tag, kCanary, sizeof(tag));
    CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, 40) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, 16) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, 16) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_canary(tag, sizeof(tag)));
    CHECK(ctcrypto_aes_gmac_ctx_cleanup(&ctx) == CTCRYPTO_OK);
    CHECK(all_zero(&ctx, sizeof(ctx)));
    /* The key object never initialised. */
    garbage(&dead, sizeof(dead), kPatterns[f]);
    CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &dead, nonce, 12) ==
          CTCRYPTO_NOT_INITIALIZED);
    CHECK(all_zero(&ctx, sizeof(ctx)));
  }
  CHECK(ctcrypto_aes_gmac_ctx_init(NULL, &mac, nonce, 12) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, NULL, nonce, 12) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, NULL, 12) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, 0) ==
        kInvalidNonceLength);
  CHECK(ctcrypto_aes_gmac_ctx_update(NULL, g_pt, 1) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_finish(NULL, tag, 16) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_finish_verify(NULL, want, 16) ==
        kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_cleanup(NULL) == kInvalidArgument);

  /* Refusals leave the context as it was. */
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, 12) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, 17) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, NULL, 3) == kInvalidArgument);
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, 15) == kInvalidTagLength);
  CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, NULL, 16) == kInvalidArgument);
  CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, 12) ==
        kInvalidTagLength);
  CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, NULL, 16) ==
        kInvalidArgument);
  CHECK(all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt + 17, 23) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, 16) == CTCRYPTO_OK);
  CHECK(memcmp(tag, want, 16) == 0);
  CHECK(all_zero(&ctx, sizeof(ctx)));
  /* finish twice. */
  memset(tag, kCanary, sizeof(tag));
  CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  CHECK(all_canary(tag, sizeof(tag)));
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, 1) ==
        CTCRYPTO_NOT_INITIALIZED);
  /* A failed finish_verify ends the context. */
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, 12) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, 39) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, 16) ==
        CTCRYPTO_AUTHENTICATION_FAILED);
  CHECK(all_zero(&ctx, sizeof(ctx)));
  CHECK(ctcrypto_aes_gmac_ctx_finish_verify(&ctx, want, 16) ==
        CTCRYPTO_NOT_INITIALIZED);
  /* Cleanup mid-message. */
  CHECK(ctcrypto_aes_gmac_ctx_init(&ctx, &mac, nonce, 12) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_update(&ctx, g_pt, 39) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_ctx_cleanup(&ctx) == CTCRYPTO_OK);
  CHECK(all_zero(&ctx, sizeof(ctx)));
  CHECK(ctcrypto_aes_gmac_ctx_finish(&ctx, tag, 16) ==
        CTCRYPTO_NOT_INITIALIZED);

  CHECK(ctcrypto_aes_gmac_cleanup(&mac) == CTCRYPTO_OK);
  return 0;
}

int ctcrypto_stream_c_selftest(void) {
  g_rng = 0x9e3779b9u;
  RUN(gcm_matches_one_shot());
  RUN(ccm_matches_one_shot());
  RUN(gmac_matches_compute());
  RUN(gcm_misuse());
  RUN(ccm_misuse());
  RUN(gmac_misuse());
  return 0;
}
