/* c_api_c_test.c: compiled as C (not C++), proving ctcrypto.h is valid C
 * and usable from C: key set-up, a block, CBC, GCM seal/open and a tag
 * failure; then one table-driven life-cycle test run on every C object
 * (key, key as KEK, GCM, TLS-CBC, CCM, CMAC, CMAC context, GCM-SIV, GMAC,
 * GMAC context, XTS, GCM stream, CCM stream): garbage refused with
 * CTCRYPTO_NOT_INITIALIZED, failed init leaves it refused, cleanup wipes
 * every byte and leaves it refused. (The streams' start and the contexts'
 * init are their init.) */
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
_Static_assert(sizeof(ctcrypto_aes_gcm) == CTCRYPTO_AES_GCM_SIZE,
               "ctcrypto_aes_gcm size");
_Static_assert(sizeof(ctcrypto_tls_cbc) == CTCRYPTO_TLS_CBC_SIZE,
               "ctcrypto_tls_cbc size");
_Static_assert(sizeof(ctcrypto_aes_ccm) == CTCRYPTO_AES_CCM_SIZE,
               "ctcrypto_aes_ccm size");
_Static_assert(sizeof(ctcrypto_aes_cmac) == CTCRYPTO_AES_CMAC_SIZE,
               "ctcrypto_aes_cmac size");
_Static_assert(sizeof(ctcrypto_aes_cmac_ctx) == CTCRYPTO_AES_CMAC_CTX_SIZE,
               "ctcrypto_aes_cmac_ctx size");
_Static_assert(sizeof(ctcrypto_aes_gcm_siv) == CTCRYPTO_AES_GCM_SIV_SIZE,
               "ctcrypto_aes_gcm_siv size");
_Static_assert(sizeof(ctcrypto_aes_gmac) == CTCRYPTO_AES_GMAC_SIZE,
               "ctcrypto_aes_gmac size");
_Static_assert(sizeof(ctcrypto_aes_xts) == CTCRYPTO_AES_XTS_SIZE,
               "ctcrypto_aes_xts size");
_Static_assert(sizeof(ctcrypto_aes_gmac_ctx) == CTCRYPTO_AES_GMAC_CTX_SIZE,
               "ctcrypto_aes_gmac_ctx size");
_Static_assert(sizeof(ctcrypto_aes_gcm_stream) == CTCRYPTO_AES_GCM_STREAM_SIZE,
               "ctcrypto_aes_gcm_stream size");
_Static_assert(sizeof(ctcrypto_aes_ccm_stream) == CTCRYPTO_AES_CCM_STREAM_SIZE,
               "ctcrypto_aes_ccm_stream size");
_Static_assert(_Alignof(ctcrypto_aes_gcm) == CTCRYPTO_KEY_STATE_ALIGN,
               "ctcrypto_aes_gcm alignment");

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

/* --- Life cycle of every C object, one table ------------------------------
 * Each row is one C object type: its size, an init that succeeds, an init
 * that fails (a bad parameter), its cleanup, and `use`, which calls every
 * other entry point of the object with valid arguments (a round trip, so
 * that on a live object all of them return CTCRYPTO_OK) and returns their
 * common status, or kMixed if they disagree. The same checks run on every
 * row, so no object type is tested differently from another. */
enum { kMixed = -1000 };

static uint8_t g_in[64], g_iv[16], g_ad[11];
static ctcrypto_aes_cmac g_ctx_key; /* the key object of the CMAC context row */
/* The key objects of the GMAC context and stream rows. */
static ctcrypto_aes_gmac g_gmac_key;
static ctcrypto_aes_gcm g_gcm_key;
static ctcrypto_aes_ccm g_ccm_key;

/* both: the common status of two calls on one object (each use function
 * makes its calls in separate statements: a round trip needs the order). */
static int both(int a, int b) { return a == b ? a : kMixed; }

static int key_init_ok(void* o) {
  return ctcrypto_aes_key_init((ctcrypto_aes_key*)o, kKey, 16);
}
static int key_init_bad(void* o) {
  return ctcrypto_aes_key_init((ctcrypto_aes_key*)o, kKey, 15);
}
static int key_cleanup(void* o) {
  return ctcrypto_aes_key_cleanup((ctcrypto_aes_key*)o);
}
static int key_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_key* k = (const ctcrypto_aes_key*)o;
  uint8_t iv[16];
  int rc;
  (void)out_len;
  memcpy(iv, g_iv, 16);
  rc = ctcrypto_aes_encrypt_block(k, g_in, out);
  rc = both(rc, ctcrypto_aes_decrypt_block(k, g_in, out));
  rc = both(rc, ctcrypto_aes_ctr32(k, g_iv, g_in, out, 32));
  rc = both(rc, ctcrypto_aes_cbc_encrypt(k, iv, g_in, out, 32));
  rc = both(rc, ctcrypto_aes_cbc_decrypt(k, iv, g_in, out, 32));
  return rc;
}
/* The key wrap functions take a ctcrypto_aes_key as their KEK. */
static int kek_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_key* k = (const ctcrypto_aes_key*)o;
  uint8_t back[64];
  size_t back_len = 0;
  int rc = ctcrypto_aes_key_wrap(k, out, out_len, 64, g_in, 16);
  rc = both(rc, ctcrypto_aes_key_unwrap(k, back, &back_len, 64, out, 24));
  rc = both(rc, ctcrypto_aes_key_wrap_padded(k, out, out_len, 64, g_in, 5));
  return both(rc,
              ctcrypto_aes_key_unwrap_padded(k, back, &back_len, 64, out, 16));
}

static int gcm_init_ok(void* o) {
  return ctcrypto_aes_gcm_init((ctcrypto_aes_gcm*)o, kKey, 16, 16);
}
static int gcm_init_bad(void* o) {
  return ctcrypto_aes_gcm_init((ctcrypto_aes_gcm*)o, kKey, 16, 11);
}
static int gcm_cleanup(void* o) {
  return ctcrypto_aes_gcm_cleanup((ctcrypto_aes_gcm*)o);
}
static int gcm_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_gcm* g = (const ctcrypto_aes_gcm*)o;
  uint8_t back[64];
  size_t back_len = 0;
  int rc =
      ctcrypto_aes_gcm_seal(g, out, out_len, 64, g_iv, 12, g_in, 16, g_ad, 11);
  return both(rc, ctcrypto_aes_gcm_open(g, back, &back_len, 64, g_iv, 12, out,
                                        32, g_ad, 11));
}

static int tls_init_ok(void* o) {
  uint8_t key[36];
  memset(key, 7, sizeof(key));
  return ctcrypto_tls_cbc_init((ctcrypto_tls_cbc*)o, "aes-128-cbc-sha1-tls",
                               key, sizeof(key), 0);
}
static int tls_init_bad(void* o) {
  uint8_t key[36];
  memset(key, 7, sizeof(key));
  return ctcrypto_tls_cbc_init((ctcrypto_tls_cbc*)o, "no-such-suite", key,
                               sizeof(key), 0);
}
static int tls_cleanup(void* o) {
  return ctcrypto_tls_cbc_cleanup((ctcrypto_tls_cbc*)o);
}
static int tls_use(void* o, uint8_t out[64], size_t* out_len) {
  ctcrypto_tls_cbc* t = (ctcrypto_tls_cbc*)o;
  uint8_t back[64];
  size_t back_len = 0;
  int rc =
      ctcrypto_tls_cbc_seal(t, out, out_len, 64, g_iv, 16, g_in, 16, g_ad, 11);
  return both(rc, ctcrypto_tls_cbc_open(t, back, &back_len, 64, g_iv, 16, out,
                                        rc == CTCRYPTO_OK ? *out_len : 48,
                                        g_ad, 11));
}

static int ccm_init_ok(void* o) {
  return ctcrypto_aes_ccm_init((ctcrypto_aes_ccm*)o, kKey, 16, 16, 12);
}
static int ccm_init_bad(void* o) {
  return ctcrypto_aes_ccm_init((ctcrypto_aes_ccm*)o, kKey, 16, 5, 12);
}
static int ccm_cleanup(void* o) {
  return ctcrypto_aes_ccm_cleanup((ctcrypto_aes_ccm*)o);
}
static int ccm_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_ccm* c = (const ctcrypto_aes_ccm*)o;
  uint8_t back[64];
  size_t back_len = 0;
  int rc =
      ctcrypto_aes_ccm_seal(c, out, out_len, 64, g_iv, 12, g_in, 16, g_ad, 11);
  return both(rc, ctcrypto_aes_ccm_open(c, back, &back_len, 64, g_iv, 12, out,
                                        32, g_ad, 11));
}

static int cmac_init_ok(void* o) {
  return ctcrypto_aes_cmac_init((ctcrypto_aes_cmac*)o, kKey, 16);
}
static int cmac_init_bad(void* o) {
  return ctcrypto_aes_cmac_init((ctcrypto_aes_cmac*)o, kKey, 15);
}
static int cmac_cleanup(void* o) {
  return ctcrypto_aes_cmac_cleanup((ctcrypto_aes_cmac*)o);
}
static int cmac_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_cmac* m = (const ctcrypto_aes_cmac*)o;
  int rc = ctcrypto_aes_cmac_mac(m, g_in, 40, out, 16);
  (void)out_len;
  return both(rc, ctcrypto_aes_cmac_verify(m, g_in, 40, out, 16));
}

static int cmac_ctx_init_ok(void* o) {
  return ctcrypto_aes_cmac_ctx_init((ctcrypto_aes_cmac_ctx*)o, &g_ctx_key);
}
/* A context's init fails when its key object is not initialised. */
static int cmac_ctx_init_bad(void* o) {
  ctcrypto_aes_cmac no_key;
  memset(&no_key, 0xa5, sizeof(no_key));
  return ctcrypto_aes_cmac_ctx_init((ctcrypto_aes_cmac_ctx*)o, &no_key);
}
static int cmac_ctx_cleanup(void* o) {
  return ctcrypto_aes_cmac_ctx_cleanup((ctcrypto_aes_cmac_ctx*)o);
}
/* update, then finish (which ends the message and cleans the context up);
 * finish_verify on the ended context is refused, so it is checked on its
 * own only when the object was refused from the start. */
static int cmac_ctx_use(void* o, uint8_t out[64], size_t* out_len) {
  ctcrypto_aes_cmac_ctx* c = (ctcrypto_aes_cmac_ctx*)o;
  int rc = ctcrypto_aes_cmac_ctx_update(c, g_in, 40);
  (void)out_len;
  if (rc == CTCRYPTO_NOT_INITIALIZED)
    rc = both(rc, ctcrypto_aes_cmac_ctx_finish_verify(c, out, 16));
  return both(rc, ctcrypto_aes_cmac_ctx_finish(c, out, 16));
}

static int siv_init_ok(void* o) {
  return ctcrypto_aes_gcm_siv_init((ctcrypto_aes_gcm_siv*)o, kKey, 16);
}
static int siv_init_bad(void* o) {
  uint8_t key[24];
  memset(key, 1, sizeof(key));
  return ctcrypto_aes_gcm_siv_init((ctcrypto_aes_gcm_siv*)o, key, 24);
}
static int siv_cleanup(void* o) {
  return ctcrypto_aes_gcm_siv_cleanup((ctcrypto_aes_gcm_siv*)o);
}
static int siv_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_gcm_siv* s = (const ctcrypto_aes_gcm_siv*)o;
  uint8_t back[64];
  size_t back_len = 0;
  int rc = ctcrypto_aes_gcm_siv_seal(s, out, out_len, 64, g_iv, 12, g_in, 16,
                                     g_ad, 11);
  return both(rc, ctcrypto_aes_gcm_siv_open(s, back, &back_len, 64, g_iv, 12,
                                            out, 32, g_ad, 11));
}

static int gmac_init_ok(void* o) {
  return ctcrypto_aes_gmac_init((ctcrypto_aes_gmac*)o, kKey, 16, 16);
}
static int gmac_init_bad(void* o) {
  return ctcrypto_aes_gmac_init((ctcrypto_aes_gmac*)o, kKey, 16, 11);
}
static int gmac_cleanup(void* o) {
  return ctcrypto_aes_gmac_cleanup((ctcrypto_aes_gmac*)o);
}
static int gmac_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_gmac* g = (const ctcrypto_aes_gmac*)o;
  int rc = ctcrypto_aes_gmac_compute(g, out, 16, g_iv, 12, g_in, 40);
  (void)out_len;
  return both(rc, ctcrypto_aes_gmac_verify(g, g_iv, 12, g_in, 40, out, 16));
}

static int gmac_ctx_init_ok(void* o) {
  return ctcrypto_aes_gmac_ctx_init((ctcrypto_aes_gmac_ctx*)o, &g_gmac_key,
                                    g_iv, 12);
}
/* An empty nonce is refused (GMAC takes nonces of >= 1 byte). */
static int gmac_ctx_init_bad(void* o) {
  return ctcrypto_aes_gmac_ctx_init((ctcrypto_aes_gmac_ctx*)o, &g_gmac_key,
                                    g_iv, 0);
}
static int gmac_ctx_cleanup(void* o) {
  return ctcrypto_aes_gmac_ctx_cleanup((ctcrypto_aes_gmac_ctx*)o);
}
/* As the CMAC context: update, then finish (which ends the context). */
static int gmac_ctx_use(void* o, uint8_t out[64], size_t* out_len) {
  ctcrypto_aes_gmac_ctx* c = (ctcrypto_aes_gmac_ctx*)o;
  int rc = ctcrypto_aes_gmac_ctx_update(c, g_in, 40);
  (void)out_len;
  if (rc == CTCRYPTO_NOT_INITIALIZED)
    rc = both(rc, ctcrypto_aes_gmac_ctx_finish_verify(c, out, 16));
  return both(rc, ctcrypto_aes_gmac_ctx_finish(c, out, 16));
}

static int xts_init_ok(void* o) {
  uint8_t key[32];
  size_t i;
  for (i = 0; i < sizeof(key); ++i) key[i] = (uint8_t)i;
  return ctcrypto_aes_xts_init((ctcrypto_aes_xts*)o, key, sizeof(key));
}
/* Key1 == Key2 is refused (ctcrypto/xts.h). */
static int xts_init_bad(void* o) {
  uint8_t key[32];
  memset(key, 3, sizeof(key));
  return ctcrypto_aes_xts_init((ctcrypto_aes_xts*)o, key, sizeof(key));
}
static int xts_cleanup(void* o) {
  return ctcrypto_aes_xts_cleanup((ctcrypto_aes_xts*)o);
}
static int xts_use(void* o, uint8_t out[64], size_t* out_len) {
  const ctcrypto_aes_xts* x = (const ctcrypto_aes_xts*)o;
  uint8_t back[64];
  int rc = ctcrypto_aes_xts_encrypt(x, g_iv, g_in, out, 40);
  (void)out_len;
  return both(rc, ctcrypto_aes_xts_decrypt(x, g_iv, out, back, 40));
}

static int gcm_stream_init_ok(void* o) {
  return ctcrypto_aes_gcm_stream_start((ctcrypto_aes_gcm_stream*)o,
                                       &g_gcm_key, CTCRYPTO_SEAL, g_iv, 12);
}
/* A direction other than CTCRYPTO_SEAL / CTCRYPTO_OPEN is refused. */
static int gcm_stream_init_bad(void* o) {
  return ctcrypto_aes_gcm_stream_start((ctcrypto_aes_gcm_stream*)o,
                                       &g_gcm_key, 2, g_iv, 12);
}
static int gcm_stream_cleanup(void* o) {
  return ctcrypto_aes_gcm_stream_cleanup((ctcrypto_aes_gcm_stream*)o);
}
/* AD, data, then finish (which ends the stream); verify on the ended
 * stream is refused, so it is checked on its own only when the object was
 * refused from the start. */
static int gcm_stream_use(void* o, uint8_t out[64], size_t* out_len) {
  ctcrypto_aes_gcm_stream* s = (ctcrypto_aes_gcm_stream*)o;
  int rc = ctcrypto_aes_gcm_stream_update_ad(s, g_ad, 11);
  (void)out_len;
  rc = both(rc, ctcrypto_aes_gcm_stream_update(s, out, 64, g_in, 40));
  if (rc == CTCRYPTO_NOT_INITIALIZED)
    rc = both(rc, ctcrypto_aes_gcm_stream_verify(s, g_in, 16));
  return both(rc, ctcrypto_aes_gcm_stream_finish(s, out + 40, 16));
}

static int ccm_stream_init_ok(void* o) {
  return ctcrypto_aes_ccm_stream_start((ctcrypto_aes_ccm_stream*)o,
                                       &g_ccm_key, CTCRYPTO_SEAL, g_iv, 12,
                                       11, 40);
}
/* The key object fixes 12-byte nonces. */
static int ccm_stream_init_bad(void* o) {
  return ctcrypto_aes_ccm_stream_start((ctcrypto_aes_ccm_stream*)o,
                                       &g_ccm_key, CTCRYPTO_SEAL, g_iv, 13,
                                       11, 40);
}
static int ccm_stream_cleanup(void* o) {
  return ctcrypto_aes_ccm_stream_cleanup((ctcrypto_aes_ccm_stream*)o);
}
static int ccm_stream_use(void* o, uint8_t out[64], size_t* out_len) {
  ctcrypto_aes_ccm_stream* s = (ctcrypto_aes_ccm_stream*)o;
  int rc = ctcrypto_aes_ccm_stream_update_ad(s, g_ad, 11);
  (void)out_len;
  rc = both(rc, ctcrypto_aes_ccm_stream_update(s, out, 64, g_in, 40));
  if (rc == CTCRYPTO_NOT_INITIALIZED)
    rc = both(rc, ctcrypto_aes_ccm_stream_verify(s, g_in, 16));
  return both(rc, ctcrypto_aes_ccm_stream_finish(s, out + 40, 16));
}

struct object_row {
  const char* name;
  size_t size;
  int (*init_ok)(void*);
  int (*init_bad)(void*);
  int (*cleanup)(void*);
  int (*use)(void*, uint8_t out[64], size_t* out_len);
};

static const struct object_row kObjects[] = {
    {"aes_key", sizeof(ctcrypto_aes_key), key_init_ok, key_init_bad,
     key_cleanup, key_use},
    {"aes_key as KEK", sizeof(ctcrypto_aes_key), key_init_ok, key_init_bad,
     key_cleanup, kek_use},
    {"aes_gcm", sizeof(ctcrypto_aes_gcm), gcm_init_ok, gcm_init_bad,
     gcm_cleanup, gcm_use},
    {"tls_cbc", sizeof(ctcrypto_tls_cbc), tls_init_ok, tls_init_bad,
     tls_cleanup, tls_use},
    {"aes_ccm", sizeof(ctcrypto_aes_ccm), ccm_init_ok, ccm_init_bad,
     ccm_cleanup, ccm_use},
    {"aes_cmac", sizeof(ctcrypto_aes_cmac), cmac_init_ok, cmac_init_bad,
     cmac_cleanup, cmac_use},
    {"aes_cmac_ctx", sizeof(ctcrypto_aes_cmac_ctx), cmac_ctx_init_ok,
     cmac_ctx_init_bad, cmac_ctx_cleanup, cmac_ctx_use},
    {"aes_gcm_siv", sizeof(ctcrypto_aes_gcm_siv), siv_init_ok, siv_init_bad,
     siv_cleanup, siv_use},
    {"aes_gmac", sizeof(ctcrypto_aes_gmac), gmac_init_ok, gmac_init_bad,
     gmac_cleanup, gmac_use},
    {"aes_gmac_ctx", sizeof(ctcrypto_aes_gmac_ctx), gmac_ctx_init_ok,
     gmac_ctx_init_bad, gmac_ctx_cleanup, gmac_ctx_use},
    {"aes_xts", sizeof(ctcrypto_aes_xts), xts_init_ok, xts_init_bad,
     xts_cleanup, xts_use},
    {"aes_gcm_stream", sizeof(ctcrypto_aes_gcm_stream), gcm_stream_init_ok,
     gcm_stream_init_bad, gcm_stream_cleanup, gcm_stream_use},
    {"aes_ccm_stream", sizeof(ctcrypto_aes_ccm_stream), ccm_stream_init_ok,
     ccm_stream_init_bad, ccm_stream_cleanup, ccm_stream_use},
};

/* The largest object; every row's object lives in one aligned buffer. */
static union {
  ctcrypto_aes_key key;
  ctcrypto_aes_gcm gcm;
  ctcrypto_tls_cbc tls;
  ctcrypto_aes_ccm ccm;
  ctcrypto_aes_cmac cmac;
  ctcrypto_aes_cmac_ctx cmac_ctx;
  ctcrypto_aes_gcm_siv siv;
  ctcrypto_aes_gmac gmac;
  ctcrypto_aes_xts xts;
  ctcrypto_aes_gmac_ctx gmac_ctx;
  ctcrypto_aes_gcm_stream gcm_stream;
  ctcrypto_aes_ccm_stream ccm_stream;
} g_obj;

/* refused: every entry point answers CTCRYPTO_NOT_INITIALIZED and writes
 * no output. */
static int refused(const struct object_row* row) {
  uint8_t out[64];
  size_t out_len = 77, i;
  memset(out, 0x5a, sizeof(out));
  if (row->use(&g_obj, out, &out_len) != CTCRYPTO_NOT_INITIALIZED) return 0;
  for (i = 0; i < sizeof(out); ++i)
    if (out[i] != 0x5a) return 0;
  return out_len == 77;
}

static int works(const struct object_row* row) {
  uint8_t out[64];
  size_t out_len = 0;
  return row->use(&g_obj, out, &out_len) == CTCRYPTO_OK;
}

/* object_life_cycle: the checks every C object passes. */
static int object_life_cycle(const struct object_row* row) {
  static const int kFill[] = {0x00, 0xa5, 0xff, -1 /* counter bytes */};
  unsigned char* bytes = (unsigned char*)&g_obj;
  size_t f, j;
  for (f = 0; f < sizeof(kFill) / sizeof(kFill[0]); ++f) {
    /* Never initialised: garbage is refused, without a crash. */
    for (j = 0; j < row->size; ++j)
      bytes[j] = (unsigned char)(kFill[f] >= 0 ? kFill[f] : (int)(j & 0xff));
    CHECK(refused(row));
    /* A failed init on garbage leaves it refused (and wiped). */
    CHECK(row->init_bad(&g_obj) != CTCRYPTO_OK);
    CHECK(all_zero(bytes, row->size));
    CHECK(refused(row));
    /* Cleanup of garbage is safe and wipes. */
    for (j = 0; j < row->size; ++j)
      bytes[j] = (unsigned char)(kFill[f] >= 0 ? kFill[f] : (int)(j * 37 + 11));
    CHECK(row->cleanup(&g_obj) == CTCRYPTO_OK);
    CHECK(all_zero(bytes, row->size));
    CHECK(refused(row));
    /* Init over garbage works. */
    for (j = 0; j < row->size; ++j)
      bytes[j] = (unsigned char)(kFill[f] >= 0 ? kFill[f] : (int)(j & 0xff));
    CHECK(row->init_ok(&g_obj) == CTCRYPTO_OK);
    CHECK(works(row));
    /* A failed re-init of a live object leaves it refused (and wiped). */
    CHECK(row->init_ok(&g_obj) == CTCRYPTO_OK);
    CHECK(row->init_bad(&g_obj) != CTCRYPTO_OK);
    CHECK(all_zero(bytes, row->size));
    CHECK(refused(row));
    /* Cleanup of a live object wipes every byte and leaves it refused;
     * a second cleanup is harmless. */
    CHECK(row->init_ok(&g_obj) == CTCRYPTO_OK);
    CHECK(row->cleanup(&g_obj) == CTCRYPTO_OK);
    CHECK(all_zero(bytes, row->size));
    CHECK(refused(row));
    CHECK(row->cleanup(&g_obj) == CTCRYPTO_OK);
    CHECK(all_zero(bytes, row->size));
  }
  CHECK(row->cleanup(NULL) != CTCRYPTO_OK);
  return 0;
}

/* objects_life_cycles: object_life_cycle on every row; 0 or the failing
 * line + 100000 * (row index + 1). */
static int objects_life_cycles(void) {
  size_t r;
  memset(g_in, 1, sizeof(g_in));
  memset(g_iv, 2, sizeof(g_iv));
  memset(g_ad, 3, sizeof(g_ad));
  CHECK(ctcrypto_aes_cmac_init(&g_ctx_key, kKey, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_init(&g_gmac_key, kKey, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_init(&g_gcm_key, kKey, 16, 16) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_init(&g_ccm_key, kKey, 16, 16, 12) == CTCRYPTO_OK);
  for (r = 0; r < sizeof(kObjects) / sizeof(kObjects[0]); ++r) {
    int line;
    CHECK(kObjects[r].size <= sizeof(g_obj));
    line = object_life_cycle(&kObjects[r]);
    if (line != 0) return line + 100000 * (int)(r + 1);
  }
  CHECK(ctcrypto_aes_cmac_cleanup(&g_ctx_key) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gmac_cleanup(&g_gmac_key) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_gcm_cleanup(&g_gcm_key) == CTCRYPTO_OK);
  CHECK(ctcrypto_aes_ccm_cleanup(&g_ccm_key) == CTCRYPTO_OK);
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

  return objects_life_cycles();
}
