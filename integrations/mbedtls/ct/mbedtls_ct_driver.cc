// mbedtls_ct_driver.cc: Mbed TLS 3.6's AES, GCM, CCM/CCM*, CMAC and NIST
// key-wrap calls, through Mbed TLS's public API, with their secrets marked
// for valgrind memcheck the ctgrind way (doc/constant-time.md): keys,
// plaintexts, ciphertexts being decrypted, AD and received tags are made
// undefined before each call, so memcheck reports every branch and memory
// index the call computes from them. Each call's reports are counted with
// VALGRIND_COUNT_ERRORS, outputs and return codes are made defined again
// only after the count, then checked (round trips, tag verdicts), outside
// the counted window.
//
// Built twice from this one file (BUILD.bazel): on the ALT build (ctcrypto
// under the five seams), where every call must have 0 reports, and on stock
// Mbed TLS with its software AES (the negative control), where the checker
// must see Mbed TLS's table lookups: run-ct.sh fails the run if it does
// not. The program itself fails (exit 1) on a wrong result, or when not run
// under valgrind in a ctgrind build (a run that checked nothing).
//
// Output: "CALL <name> <n> reports" per call, then one summary line
// "mbedtls_ct: <ALT|STOCK> <calls> calls checked, <calls with reports>
// calls with reports, <errors> reports; <n> passed, <m> failed".
#include <sys/auxv.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/cipher.h"
#include "mbedtls/cmac.h"
#include "mbedtls/gcm.h"
#include "mbedtls/nist_kw.h"
#include "tests/ct/ct_valgrind.h"
#include "tests/ct/static_tls.h"

#if defined(MBEDTLS_AES_ALT)
#include <array>

#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#endif

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/memcheck.h>
#endif

namespace {

void secret(const void* p, size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#else
  (void)p;
  (void)n;
#endif
}

void declassify(const void* p, size_t n) {
#if defined(CTCRYPTO_CTGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
  (void)p;
  (void)n;
#endif
}

struct Tally {
  unsigned calls = 0;
  unsigned reported_calls = 0;
  unsigned reports = 0;
  unsigned passed = 0;
  unsigned failed = 0;
};
Tally g;

// counted: runs f (one Mbed TLS call) and prints the reports it caused.
// The return code is declassified after the count (the caller branches on
// it; a report inside the call has already been counted).
template <class F>
int counted(const char* name, F&& f) {
  const unsigned before = ctcrypto_ct::valgrind_errors();
  int ret = f();
  const unsigned n = ctcrypto_ct::valgrind_errors() - before;
  declassify(&ret, sizeof(ret));
  ++g.calls;
  g.reports += n;
  if (n != 0) ++g.reported_calls;
  std::printf("CALL %-44s %u reports\n", name, n);
  return ret;
}

void expect(bool ok, const char* what) {
  if (ok) {
    ++g.passed;
  } else {
    ++g.failed;
    std::printf("FAIL %s\n", what);
  }
}

bool same(const uint8_t* a, const uint8_t* b, size_t n) {
  declassify(a, n);
  declassify(b, n);
  return std::memcmp(a, b, n) == 0;
}

constexpr size_t kMsg = 69;  // four blocks and a tail
constexpr size_t kAd = 25;

// Public reference data; each call gets a fresh copy marked secret.
struct Data {
  uint8_t key[64];
  uint8_t pt[kMsg];
  uint8_t ad[kAd];
  uint8_t iv[16];
  Data() {
    for (size_t i = 0; i < sizeof(key); ++i) key[i] = static_cast<uint8_t>(0x11 * i + 3);
    for (size_t i = 0; i < kMsg; ++i) pt[i] = static_cast<uint8_t>(7 * i + 1);
    for (size_t i = 0; i < kAd; ++i) ad[i] = static_cast<uint8_t>(5 * i + 2);
    for (size_t i = 0; i < sizeof(iv); ++i) iv[i] = static_cast<uint8_t>(0xa0 + i);
  }
};
const Data d;

// A secret copy of public bytes.
struct Secret {
  uint8_t b[128];
  Secret(const uint8_t* p, size_t n) {
    std::memcpy(b, p, n);
    secret(b, n);
  }
};

void aes_modes(unsigned bits) {
  char name[64] = {};  // whole: static glibc's strlen reads past the NUL
  const size_t kb = bits / 8;
  // Key set-up, both directions.
  mbedtls_aes_context enc, dec;
  mbedtls_aes_init(&enc);
  mbedtls_aes_init(&dec);
  {
    Secret k(d.key, kb);
    std::snprintf(name, sizeof(name), "aes%u setkey_enc", bits);
    expect(counted(name, [&] { return mbedtls_aes_setkey_enc(&enc, k.b, bits); }) == 0, name);
    std::snprintf(name, sizeof(name), "aes%u setkey_dec", bits);
    expect(counted(name, [&] { return mbedtls_aes_setkey_dec(&dec, k.b, bits); }) == 0, name);
  }
  uint8_t ct[kMsg], out[kMsg];
  // ECB, one block each way.
  {
    Secret p(d.pt, 16);
    std::snprintf(name, sizeof(name), "aes%u ecb encrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_ecb(&enc, MBEDTLS_AES_ENCRYPT, p.b, ct); });
    declassify(ct, 16);
    Secret c(ct, 16);
    std::snprintf(name, sizeof(name), "aes%u ecb decrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_ecb(&dec, MBEDTLS_AES_DECRYPT, c.b, out); });
    expect(same(out, d.pt, 16), name);
  }
  // CBC, four blocks.
  {
    Secret p(d.pt, 64);
    uint8_t iv[16];
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cbc encrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_cbc(&enc, MBEDTLS_AES_ENCRYPT, 64, iv, p.b, ct); });
    declassify(ct, 64);
    Secret c(ct, 64);
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cbc decrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_cbc(&dec, MBEDTLS_AES_DECRYPT, 64, iv, c.b, out); });
    expect(same(out, d.pt, 64), name);
  }
  // CFB128 and OFB in two pieces (the second starts mid-block), CFB8.
  {
    Secret p(d.pt, kMsg);
    uint8_t iv[16];
    size_t off = 0;
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cfb128 encrypt 7+62", bits);
    counted(name, [&] {
      return mbedtls_aes_crypt_cfb128(&enc, MBEDTLS_AES_ENCRYPT, 7, &off, iv, p.b, ct) |
             mbedtls_aes_crypt_cfb128(&enc, MBEDTLS_AES_ENCRYPT, kMsg - 7, &off, iv, p.b + 7, ct + 7);
    });
    declassify(ct, kMsg);
    Secret c(ct, kMsg);
    off = 0;
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cfb128 decrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_cfb128(&enc, MBEDTLS_AES_DECRYPT, kMsg, &off, iv, c.b, out); });
    expect(same(out, d.pt, kMsg), name);

    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cfb8 encrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_cfb8(&enc, MBEDTLS_AES_ENCRYPT, 19, iv, p.b, ct); });
    declassify(ct, 19);
    Secret c8(ct, 19);
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u cfb8 decrypt", bits);
    counted(name, [&] { return mbedtls_aes_crypt_cfb8(&enc, MBEDTLS_AES_DECRYPT, 19, iv, c8.b, out); });
    expect(same(out, d.pt, 19), name);

    off = 0;
    std::memcpy(iv, d.iv, 16);
    std::snprintf(name, sizeof(name), "aes%u ofb 7+62", bits);
    counted(name, [&] {
      return mbedtls_aes_crypt_ofb(&enc, 7, &off, iv, p.b, ct) |
             mbedtls_aes_crypt_ofb(&enc, kMsg - 7, &off, iv, p.b + 7, ct + 7);
    });
    declassify(ct, kMsg);
    Secret co(ct, kMsg);
    off = 0;
    std::memcpy(iv, d.iv, 16);
    counted("  (ofb back)", [&] { return mbedtls_aes_crypt_ofb(&enc, kMsg, &off, iv, co.b, out); });
    expect(same(out, d.pt, kMsg), name);
  }
  // CTR in two pieces; the stream block holds keystream (secret).
  {
    Secret p(d.pt, kMsg);
    uint8_t nc[16], sb[16];
    size_t off = 0;
    std::memcpy(nc, d.iv, 16);
    nc[15] = 0xfe;  // the counter carries into the next byte
    std::snprintf(name, sizeof(name), "aes%u ctr 7+62", bits);
    counted(name, [&] {
      return mbedtls_aes_crypt_ctr(&enc, 7, &off, nc, sb, p.b, ct) |
             mbedtls_aes_crypt_ctr(&enc, kMsg - 7, &off, nc, sb, p.b + 7, ct + 7);
    });
    declassify(ct, kMsg);
    Secret c(ct, kMsg);
    off = 0;
    std::memcpy(nc, d.iv, 16);
    nc[15] = 0xfe;
    counted("  (ctr back)", [&] { return mbedtls_aes_crypt_ctr(&enc, kMsg, &off, nc, sb, c.b, out); });
    expect(same(out, d.pt, kMsg), name);
  }
  mbedtls_aes_free(&enc);
  mbedtls_aes_free(&dec);
}

void aes_xts(unsigned bits, bool equal_halves) {
  char name[80] = {};  // whole: static glibc's strlen reads past the NUL
  const size_t kb = bits / 8;
  uint8_t key[64];
  std::memcpy(key, d.key, kb);
  if (equal_halves) std::memcpy(key + kb / 2, key, kb / 2);
  mbedtls_aes_xts_context enc, dec;
  mbedtls_aes_xts_init(&enc);
  mbedtls_aes_xts_init(&dec);
  const char* kind = equal_halves ? " (equal halves)" : "";
  {
    Secret k(key, kb);
    std::snprintf(name, sizeof(name), "xts%u setkey_enc%s", bits, kind);
    expect(counted(name, [&] { return mbedtls_aes_xts_setkey_enc(&enc, k.b, bits); }) == 0, name);
    std::snprintf(name, sizeof(name), "xts%u setkey_dec%s", bits, kind);
    expect(counted(name, [&] { return mbedtls_aes_xts_setkey_dec(&dec, k.b, bits); }) == 0, name);
  }
  const uint8_t unit[16] = {5};  // the data unit number: public
  uint8_t ct[kMsg], out[kMsg];
  Secret p(d.pt, 37);  // two blocks and ciphertext stealing
  std::snprintf(name, sizeof(name), "xts%u encrypt 37%s", bits, kind);
  counted(name, [&] { return mbedtls_aes_crypt_xts(&enc, MBEDTLS_AES_ENCRYPT, 37, unit, p.b, ct); });
  declassify(ct, 37);
  Secret c(ct, 37);
  std::snprintf(name, sizeof(name), "xts%u decrypt 37%s", bits, kind);
  counted(name, [&] { return mbedtls_aes_crypt_xts(&dec, MBEDTLS_AES_DECRYPT, 37, unit, c.b, out); });
  expect(same(out, d.pt, 37), name);
  mbedtls_aes_xts_free(&enc);
  mbedtls_aes_xts_free(&dec);
}

void gcm(unsigned bits) {
  char name[80] = {};  // whole: static glibc's strlen reads past the NUL
  mbedtls_gcm_context ctx;
  mbedtls_gcm_init(&ctx);
  {
    Secret k(d.key, bits / 8);
    std::snprintf(name, sizeof(name), "gcm%u setkey", bits);
    expect(counted(name, [&] { return mbedtls_gcm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, k.b, bits); }) == 0, name);
  }
  uint8_t ct[kMsg], out[kMsg], tag[16], tag2[16];
  Secret p(d.pt, kMsg), a(d.ad, kAd);
  for (size_t tag_len : {size_t{16}, size_t{12}, size_t{4}}) {
    std::snprintf(name, sizeof(name), "gcm%u crypt_and_tag encrypt tag %zu", bits, tag_len);
    expect(counted(name, [&] {
             return mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, d.iv, 12, a.b, kAd,
                                              p.b, ct, tag_len, tag);
           }) == 0, name);
    declassify(ct, kMsg);
    declassify(tag, tag_len);
    for (int bad = 0; bad < 2; ++bad) {
      uint8_t t[16];
      std::memcpy(t, tag, tag_len);
      t[0] = static_cast<uint8_t>(t[0] ^ bad);
      Secret c(ct, kMsg), st(t, tag_len);
      std::snprintf(name, sizeof(name), "gcm%u auth_decrypt tag %zu %s", bits, tag_len,
                    bad ? "bad" : "good");
      const int ret = counted(name, [&] {
        return mbedtls_gcm_auth_decrypt(&ctx, kMsg, d.iv, 12, a.b, kAd, st.b, tag_len, c.b, out);
      });
      if (bad) {
        expect(ret == MBEDTLS_ERR_GCM_AUTH_FAILED, name);
      } else {
        expect(ret == 0 && same(out, d.pt, kMsg), name);
      }
    }
  }
  // A 64-byte IV (GHASHed into J0), one-shot.
  {
    uint8_t iv[64];
    for (size_t i = 0; i < sizeof(iv); ++i) iv[i] = static_cast<uint8_t>(i);
    std::snprintf(name, sizeof(name), "gcm%u crypt_and_tag 64-byte iv", bits);
    counted(name, [&] {
      return mbedtls_gcm_crypt_and_tag(&ctx, MBEDTLS_GCM_ENCRYPT, kMsg, iv, sizeof(iv), a.b, kAd,
                                       p.b, ct, 16, tag);
    });
  }
  // In parts: AD 5 + 20, data 1 + 15 + 17 + 36, both directions.
  const size_t parts[] = {1, 15, 17, kMsg - 33};
  for (int mode : {MBEDTLS_GCM_ENCRYPT, MBEDTLS_GCM_DECRYPT}) {
    const bool e = mode == MBEDTLS_GCM_ENCRYPT;
    if (!e) declassify(ct, kMsg);
    Secret in(e ? d.pt : ct, kMsg);
    uint8_t* o = e ? ct : out;
    uint8_t* t = e ? tag : tag2;
    std::snprintf(name, sizeof(name), "gcm%u multipart %s", bits, e ? "encrypt" : "decrypt");
    const int ret = counted(name, [&] {
      int r = mbedtls_gcm_starts(&ctx, mode, d.iv, 12);
      r |= mbedtls_gcm_update_ad(&ctx, a.b, 5);
      r |= mbedtls_gcm_update_ad(&ctx, a.b + 5, kAd - 5);
      size_t pos = 0, olen = 0, total = 0;
      for (size_t n : parts) {
        r |= mbedtls_gcm_update(&ctx, in.b + pos, n, o + total, kMsg - total, &olen);
        pos += n;
        total += olen;
      }
      r |= mbedtls_gcm_finish(&ctx, o + total, kMsg - total, &olen, t, 16);
      return r;
    });
    expect(ret == 0, name);
    if (!e) {
      // The caller's own compare of the returned tag, outside the count.
      expect(same(tag2, tag, 16) && same(out, d.pt, kMsg), name);
    }
  }
  mbedtls_gcm_free(&ctx);
}

void ccm(unsigned bits) {
  char name[80] = {};  // whole: static glibc's strlen reads past the NUL
  mbedtls_ccm_context ctx;
  mbedtls_ccm_init(&ctx);
  {
    Secret k(d.key, bits / 8);
    std::snprintf(name, sizeof(name), "ccm%u setkey", bits);
    expect(counted(name, [&] { return mbedtls_ccm_setkey(&ctx, MBEDTLS_CIPHER_ID_AES, k.b, bits); }) == 0, name);
  }
  uint8_t ct[kMsg], out[kMsg], tag[16], tag2[16];
  Secret p(d.pt, kMsg), a(d.ad, kAd);
  // CCM with tags 16 and 8, and CCM* with no tag (0).
  for (size_t tag_len : {size_t{16}, size_t{8}, size_t{0}}) {
    const bool star = tag_len == 0;
    std::snprintf(name, sizeof(name), "ccm%u %sencrypt_and_tag tag %zu", bits, star ? "star_" : "", tag_len);
    expect(counted(name, [&] {
             return star ? mbedtls_ccm_star_encrypt_and_tag(&ctx, kMsg, d.iv, 13, a.b, kAd, p.b, ct, tag, 0)
                         : mbedtls_ccm_encrypt_and_tag(&ctx, kMsg, d.iv, 13, a.b, kAd, p.b, ct, tag, tag_len);
           }) == 0, name);
    declassify(ct, kMsg);
    declassify(tag, sizeof(tag));
    for (int bad = 0; bad < (star ? 1 : 2); ++bad) {
      uint8_t t[16];
      std::memcpy(t, tag, 16);
      t[0] = static_cast<uint8_t>(t[0] ^ bad);
      Secret c(ct, kMsg), st(t, 16);
      std::snprintf(name, sizeof(name), "ccm%u %sauth_decrypt tag %zu %s", bits, star ? "star_" : "",
                    tag_len, bad ? "bad" : "good");
      const int ret = counted(name, [&] {
        return star ? mbedtls_ccm_star_auth_decrypt(&ctx, kMsg, d.iv, 13, a.b, kAd, c.b, out, st.b, 0)
                    : mbedtls_ccm_auth_decrypt(&ctx, kMsg, d.iv, 13, a.b, kAd, c.b, out, st.b, tag_len);
      });
      if (bad) {
        expect(ret == MBEDTLS_ERR_CCM_AUTH_FAILED, name);
      } else {
        expect(ret == 0 && same(out, d.pt, kMsg), name);
      }
    }
  }
  // In parts: AD 5 + 20, data 1 + 15 + 17 + 36, both directions, tag 16.
  const size_t parts[] = {1, 15, 17, kMsg - 33};
  (void)mbedtls_ccm_encrypt_and_tag(&ctx, kMsg, d.iv, 13, a.b, kAd, p.b, ct, tag, 16);
  declassify(ct, kMsg);
  declassify(tag, 16);
  for (int mode : {MBEDTLS_CCM_ENCRYPT, MBEDTLS_CCM_DECRYPT}) {
    const bool e = mode == MBEDTLS_CCM_ENCRYPT;
    Secret in(e ? d.pt : ct, kMsg);
    uint8_t o[kMsg];
    std::snprintf(name, sizeof(name), "ccm%u multipart %s", bits, e ? "encrypt" : "decrypt");
    const int ret = counted(name, [&] {
      int r = mbedtls_ccm_starts(&ctx, mode, d.iv, 13);
      r |= mbedtls_ccm_set_lengths(&ctx, kAd, kMsg, 16);
      r |= mbedtls_ccm_update_ad(&ctx, a.b, 5);
      r |= mbedtls_ccm_update_ad(&ctx, a.b + 5, kAd - 5);
      size_t pos = 0, olen = 0;
      for (size_t n : parts) {
        r |= mbedtls_ccm_update(&ctx, in.b + pos, n, o + pos, kMsg - pos, &olen);
        pos += n;
      }
      r |= mbedtls_ccm_finish(&ctx, tag2, 16);
      return r;
    });
    expect(ret == 0 && same(tag2, tag, 16) && same(o, e ? ct : d.pt, kMsg), name);
  }
  mbedtls_ccm_free(&ctx);
}

void cmac(unsigned bits) {
  char name[80] = {};  // whole: static glibc's strlen reads past the NUL
  const mbedtls_cipher_info_t* info = mbedtls_cipher_info_from_type(
      bits == 128 ? MBEDTLS_CIPHER_AES_128_ECB : MBEDTLS_CIPHER_AES_256_ECB);
  Secret k(d.key, bits / 8), m(d.pt, kMsg);
  uint8_t mac[16], mac2[16];
  std::snprintf(name, sizeof(name), "cmac%u one-shot", bits);
  expect(counted(name, [&] { return mbedtls_cipher_cmac(info, k.b, bits, m.b, kMsg, mac); }) == 0, name);
  mbedtls_cipher_context_t ctx;
  mbedtls_cipher_init(&ctx);
  expect(mbedtls_cipher_setup(&ctx, info) == 0, "cipher_setup");
  std::snprintf(name, sizeof(name), "cmac%u starts/update 1+15+17+36/finish", bits);
  expect(counted(name, [&] {
           int r = mbedtls_cipher_cmac_starts(&ctx, k.b, bits);
           r |= mbedtls_cipher_cmac_update(&ctx, m.b, 1);
           r |= mbedtls_cipher_cmac_update(&ctx, m.b + 1, 15);
           r |= mbedtls_cipher_cmac_update(&ctx, m.b + 16, 17);
           r |= mbedtls_cipher_cmac_update(&ctx, m.b + 33, kMsg - 33);
           r |= mbedtls_cipher_cmac_finish(&ctx, mac2);
           return r;
         }) == 0 && same(mac, mac2, 16), name);
  std::snprintf(name, sizeof(name), "cmac%u reset/update 32 (whole blocks)/finish", bits);
  counted(name, [&] {
    int r = mbedtls_cipher_cmac_reset(&ctx);
    r |= mbedtls_cipher_cmac_update(&ctx, m.b, 32);
    r |= mbedtls_cipher_cmac_finish(&ctx, mac2);
    return r;
  });
  mbedtls_cipher_free(&ctx);
  if (bits == 128) {
    // AES-CMAC-PRF-128 (RFC 4615) with a 20-byte key (CMACed to 16 first).
    Secret pk(d.key, 20);
    expect(counted("cmac aes_cmac_prf_128 key 20", [&] {
             return mbedtls_aes_cmac_prf_128(pk.b, 20, m.b, kMsg, mac);
           }) == 0, "cmac prf");
  }
}

void nist_kw(unsigned bits) {
  char name[80] = {};  // whole: static glibc's strlen reads past the NUL
  for (mbedtls_nist_kw_mode_t mode : {MBEDTLS_KW_MODE_KW, MBEDTLS_KW_MODE_KWP}) {
    const bool kwp = mode == MBEDTLS_KW_MODE_KWP;
    const size_t in_len = kwp ? 20 : 32;
    const char* mname = kwp ? "kwp" : "kw";
    mbedtls_nist_kw_context w, u;
    mbedtls_nist_kw_init(&w);
    mbedtls_nist_kw_init(&u);
    Secret k(d.key, bits / 8);
    std::snprintf(name, sizeof(name), "%s%u setkey wrap+unwrap", mname, bits);
    expect(counted(name, [&] {
             return mbedtls_nist_kw_setkey(&w, MBEDTLS_CIPHER_ID_AES, k.b, bits, 1) |
                    mbedtls_nist_kw_setkey(&u, MBEDTLS_CIPHER_ID_AES, k.b, bits, 0);
           }) == 0, name);
    Secret p(d.pt, in_len);
    uint8_t wrapped[48], out[48];
    size_t wlen = 0, olen = 0;
    std::snprintf(name, sizeof(name), "%s%u wrap %zu", mname, bits, in_len);
    expect(counted(name, [&] {
             return mbedtls_nist_kw_wrap(&w, mode, p.b, in_len, wrapped, &wlen, sizeof(wrapped));
           }) == 0, name);
    declassify(&wlen, sizeof(wlen));
    declassify(wrapped, wlen);
    for (int bad = 0; bad < 2; ++bad) {
      uint8_t c[48];
      std::memcpy(c, wrapped, wlen);
      c[wlen - 1] = static_cast<uint8_t>(c[wlen - 1] ^ bad);
      Secret sc(c, wlen);
      std::snprintf(name, sizeof(name), "%s%u unwrap %s", mname, bits, bad ? "bad" : "good");
      const int ret = counted(name, [&] {
        return mbedtls_nist_kw_unwrap(&u, mode, sc.b, wlen, out, &olen, sizeof(out));
      });
      declassify(&olen, sizeof(olen));
      if (bad) {
        expect(ret == MBEDTLS_ERR_CIPHER_AUTH_FAILED, name);
      } else {
        expect(ret == 0 && olen == in_len && same(out, d.pt, in_len), name);
      }
    }
    mbedtls_nist_kw_free(&w);
    mbedtls_nist_kw_free(&u);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--print-hwcap2") == 0) {
    // For run-ct.sh on 32-bit ARM (static_tls.h's restore_hwcap2).
    std::printf("%#lx\n", getauxval(AT_HWCAP2));
    return 0;
  }
  ctcrypto_test::mark_static_thread_block_defined();
  ctcrypto_test::restore_hwcap2();
#if defined(MBEDTLS_AES_ALT)
  const char* build = "ALT";
  {
    // The ctcrypto rows the modules run on here (CTCRYPTO_DISABLE applies).
    ctcrypto::AesKey k;
    ctcrypto::GhashKey h;
    const std::array<uint8_t, 16> z{};
    (void)k.init(z);
    (void)h.init(z);
    std::printf("mbedtls_ct: ALT build, ctcrypto rows aes:%s ghash:%s\n", k.row_name(), h.row_name());
  }
#else
  const char* build = "STOCK";
  std::printf("mbedtls_ct: stock Mbed TLS build (software AES%s)\n",
#if defined(MBEDTLS_AESNI_C) || defined(MBEDTLS_AESCE_C)
              " and its AES-instruction code"
#else
              ""
#endif
  );
#endif
  for (unsigned bits : {128u, 256u}) {
    aes_modes(bits);
    aes_xts(bits * 2, false);
    gcm(bits);
    ccm(bits);
    cmac(bits);
    nist_kw(bits);
  }
  aes_xts(256, true);
  const bool checked = ctcrypto_ct::under_valgrind();
  std::printf("mbedtls_ct: %s %u calls checked, %u calls with reports, %u reports%s; %u passed, %u failed\n",
              build, g.calls, g.reported_calls, g.reports,
              checked ? "" : " (NOT under valgrind: nothing checked)", g.passed, g.failed);
  return g.failed == 0 && checked ? 0 : 1;
}
