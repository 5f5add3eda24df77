// mcu_trace_harness.cc: the operations with secrets, run on a bare-metal
// Cortex-M build for util/ct-mcu.sh, which compares execution traces.
//
//   mcu_trace_harness KEY DATA    (KEY: 64 hex digits, DATA: 32 hex digits)
//
// KEY is the secret key material (AES-128 and the CMAC/CCM keys use its
// first 16 bytes, AES-256 all 32, GHASH's H its last 16); DATA seeds every
// other secret: plaintexts, ciphertexts, AD and the corruption of a
// received tag. Everything public is fixed here: lengths, nonces, IVs,
// counters, and the verdict of each open (good tag or bad tag). Two runs
// with different arguments therefore differ only in secrets, and a
// constant-time implementation executes the same instructions and touches
// the same addresses in both.
//
// Each operation runs between calls of ct_mcu_trace_begin() and
// ct_mcu_trace_end(), whose addresses util/ct-mcu.sh hands to the QEMU
// plugin (tests/ct/mcu_trace_plugin.c): the plugin traces only there, so
// argument parsing, the correctness checks and semihosting output stay out
// of the traces. After each region the harness prints "REGION i NAME", which
// names the trace's region i.
//
// Coverage: every AES row and every GHASH row of this build's tables
// (portable nohw on Cortex-M), forced explicitly; AES-128 and AES-256 key
// setup, block encrypt and decrypt, CTR (32-bit and 128-bit counters),
// CBC both ways; GHASH; AES-GCM seal and open with a good and a bad tag,
// 96-bit and 60-byte nonces (J0 from GHASH: a secret counter), short and
// long AD; CCM seal and open; CMAC mac and verify; GMAC; AES-GCM-SIV; key
// wrap and unwrap (KW, KWP); XTS with and without ciphertext stealing; the
// streaming forms: AesGcmStream and AesCcmStream seal and open, and
// AesGmacContext, each fed in pieces with partial-block seams.
// Every open, verify and unwrap runs with a good and a bad tag from one
// call site, so that their traces may differ only after the verdict.
// Lengths cover each path of the nohw rows and the modes: one block, a
// full 4-block batch, a batch and a partial batch with a byte tail, GCM's
// head-only, head + final and 1 KiB-chunk paths (more than 48 + 256 bytes).
//
// Negative controls, in regions named negative_control.*: a branch on a
// secret byte, a table lookup indexed by secret bytes and a division of a
// secret. util/ct-mcu.sh fails unless it finds the first in the
// instruction addresses, the second in the data addresses only and the
// third among the variable-time instructions.
//
// The program also checks that what it computed is right (round trips,
// verdicts, nothing released on a bad tag) and exits non-zero otherwise;
// known-answer tests are the ordinary suites' job.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/xts.h"

// The region markers. noipa: never inlined, cloned or merged with each
// other (identical code folding would give both one address); used: kept
// at a symbol the script can look up.
extern "C" __attribute__((noipa, used)) void ct_mcu_trace_begin() {
  __asm__ volatile("" ::: "memory");
}
extern "C" __attribute__((noipa, used)) void ct_mcu_trace_end() {
  __asm__ volatile("nop" ::: "memory");
}

namespace {

using ctcrypto::Status;
namespace internal = ctcrypto::internal;

unsigned g_regions = 0;
unsigned g_checks = 0;
unsigned g_failures = 0;

// measure: runs body as one traced region.
template <typename F>
void measure(const char* name, F&& body) {
  ct_mcu_trace_begin();
  body();
  ct_mcu_trace_end();
  std::printf("REGION %u %s\n", g_regions++, name);
}

void expect(bool ok, const char* what) {
  ++g_checks;
  if (!ok) {
    ++g_failures;
    std::printf("FAIL %s\n", what);
  }
}

bool parse_hex(const char* s, uint8_t* out, size_t n) {
  if (std::strlen(s) != 2 * n) return false;
  for (size_t i = 0; i < 2 * n; ++i) {
    const char c = s[i];
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    else return false;
    out[i / 2] = static_cast<uint8_t>(i % 2 ? (out[i / 2] | v) : (v << 4));
  }
  return true;
}

// Expands the 16-byte DATA seed into n secret bytes (xorshift64* steps
// seeded from the seed bytes; outside the traced regions, so its own
// timing does not matter).
void expand(const uint8_t seed[16], uint32_t label, uint8_t* out, size_t n) {
  uint64_t x = 0x9e3779b97f4a7c15ull * (label + 1);
  for (int i = 0; i < 16; ++i) x = (x ^ seed[i]) * 0x100000001b3ull;
  for (size_t i = 0; i < n; ++i) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    out[i] = static_cast<uint8_t>((x * 0x2545f4914f6cdd1dull) >> 56);
  }
}

constexpr size_t kMaxLen = 16 * 24;
// Block-cipher mode lengths: one block, one 4-block batch, a batch plus a
// partial batch and a byte tail.
constexpr size_t kCtrLens[] = {16, 64, 16 * 5 + 7};
constexpr size_t kCbcBlocks[] = {1, 5};
// GCM: empty, head only (<= 48 bytes), head + final with a tail, and head +
// one chunk + final (> 48 + 256 bytes).
constexpr size_t kGcmLens[] = {0, 16, 48 + 7, 48 + 256 + 16 * 2 + 5};

uint8_t g_key[32];
uint8_t g_seed[16];

void name_of(char* buf, size_t n, const char* a, const char* b,
             const char* c, size_t len) {
  std::snprintf(buf, n, "%s%s%s.len%u", a, b, c,
                static_cast<unsigned>(len));
}

void aes_regions(const internal::AesRow* row) {
  for (size_t key_len : {size_t{16}, size_t{32}}) {
    char p[64];
    std::snprintf(p, sizeof(p), "%s.aes%u.", row->name,
                  static_cast<unsigned>(key_len * 8));
    char name[128];
    ctcrypto::AesKey key;
    Status st = Status::kOk;
    std::snprintf(name, sizeof(name), "%sset_key", p);
    measure(name, [&] {
      st = internal::init_with_rows(key, std::span(g_key, key_len), row);
    });
    expect(st == Status::kOk && key.initialized(), name);
    if (!key.initialized()) continue;

    uint8_t in[kMaxLen], out[kMaxLen], back[kMaxLen];
    expand(g_seed, 1, in, sizeof(in));
    std::snprintf(name, sizeof(name), "%sencrypt_block", p);
    measure(name, [&] { key.encrypt_block(in, out); });
    std::snprintf(name, sizeof(name), "%sdecrypt_block", p);
    measure(name, [&] { key.decrypt_block(out, back); });
    expect(std::memcmp(in, back, 16) == 0, name);

    // A public counter whose low 32 bits wrap inside the longest message.
    uint8_t ctr[16];
    std::memset(ctr, 0x5a, 12);
    ctr[12] = ctr[13] = ctr[14] = 0xff;
    ctr[15] = 0xfd;
    const std::span<const uint8_t, 16> counter(ctr, 16);
    for (size_t len : kCtrLens) {
      name_of(name, sizeof(name), p, "ctr32", "", len);
      measure(name, [&] {
        st = ctcrypto::aes_ctr32(key, counter, std::span(in, len),
                                 std::span(out, len));
      });
      expect(st == Status::kOk &&
                 ctcrypto::aes_ctr32(key, counter, std::span(out, len),
                                     std::span(back, len)) == Status::kOk &&
                 std::memcmp(in, back, len) == 0,
             name);
    }
    {
      const size_t len = kCtrLens[2];
      name_of(name, sizeof(name), p, "ctr128", "", len);
      measure(name, [&] {
        st = ctcrypto::aes_ctr128(key, counter, std::span(in, len),
                                  std::span(out, len));
      });
      expect(st == Status::kOk &&
                 ctcrypto::aes_ctr128(key, counter, std::span(out, len),
                                      std::span(back, len)) == Status::kOk &&
                 std::memcmp(in, back, len) == 0,
             name);
    }
    for (size_t blocks : kCbcBlocks) {
      const size_t len = 16 * blocks;
      uint8_t iv[16], iv2[16];
      std::memset(iv, 0x3c, 16);
      name_of(name, sizeof(name), p, "cbc_encrypt", "", len);
      measure(name, [&] {
        st = ctcrypto::aes_cbc_encrypt(key, std::span<uint8_t, 16>(iv, 16),
                                       std::span(in, len),
                                       std::span(out, len));
      });
      expect(st == Status::kOk, name);
      std::memset(iv2, 0x3c, 16);
      name_of(name, sizeof(name), p, "cbc_decrypt", "", len);
      measure(name, [&] {
        st = ctcrypto::aes_cbc_decrypt(key, std::span<uint8_t, 16>(iv2, 16),
                                       std::span(out, len),
                                       std::span(back, len));
      });
      expect(st == Status::kOk && std::memcmp(in, back, len) == 0 &&
                 std::memcmp(iv, iv2, 16) == 0,
             name);
    }
  }
}

void ghash_regions(const internal::GhashRow* row) {
  char name[128];
  ctcrypto::GhashKey key;
  Status st = Status::kOk;
  std::snprintf(name, sizeof(name), "ghash:%s.init", row->name);
  measure(name, [&] {
    st = internal::init_with_rows(
        key, std::span<const uint8_t, 16>(g_key + 16, 16), row);
  });
  expect(st == Status::kOk && key.initialized(), name);
  if (!key.initialized()) return;
  uint8_t data[kMaxLen];
  expand(g_seed, 2, data, sizeof(data));
  // One block, one 4-block run, and a run with a partial block fed in two
  // pieces that split a block.
  for (size_t len : {size_t{16}, size_t{64}, size_t{16 * 5 + 7}}) {
    uint8_t got[16], want[16];
    name_of(name, sizeof(name), "ghash:", row->name, ".update_finish", len);
    measure(name, [&] {
      ctcrypto::Ghash g(key);
      g.update(std::span(data, 5));
      g.update(std::span(data + 5, len - 5));
      g.finish(std::span<uint8_t, 16>(got, 16));
    });
    ctcrypto::Ghash g(key);
    g.update(std::span(data, len));
    g.finish(std::span<uint8_t, 16>(want, 16));
    expect(std::memcmp(got, want, 16) == 0, name);
  }
}

// One GCM seal, then open of the result with the received tag intact and
// with it corrupted by a secret non-zero mask (the verdict itself is
// public: it is open's result, declassified at internal::open_verdict).
void gcm_case(const ctcrypto::AesGcm& gcm, const char* prefix,
              std::span<const uint8_t> nonce, size_t len, size_t ad_len) {
  static uint8_t pt[kMaxLen], ad[96], sealed[kMaxLen + 16], got[kMaxLen];
  expand(g_seed, 3 + static_cast<uint32_t>(len), pt, len);
  expand(g_seed, 4, ad, ad_len);
  char name[160];
  Status st = Status::kOk;
  size_t out_len = 0;
  name_of(name, sizeof(name), prefix, "seal", "", len);
  measure(name, [&] {
    st = gcm.seal(std::span(sealed, len + 16), &out_len, nonce,
                  std::span(pt, len), std::span(ad, ad_len));
  });
  expect(st == Status::kOk && out_len == len + 16, name);
  // Good tag, then the received tag corrupted by a secret non-zero mask,
  // through the same call site: the two traces may differ only after the
  // verdict (util/ct-mcu.sh checks where they part).
  for (int bad = 0; bad < 2; ++bad) {
    if (bad) {
      uint8_t mask[16];
      expand(g_seed, 5, mask, 16);
      mask[static_cast<size_t>(g_seed[0] & 15)] |= 1;  // secret, never zero
      for (int i = 0; i < 16; ++i) sealed[len + i] ^= mask[i];
    }
    name_of(name, sizeof(name), prefix,
            bad ? "open_bad_tag" : "open_good_tag", "", len);
    measure(name, [&] {
      st = gcm.open(std::span(got, len), &out_len, nonce,
                    std::span(sealed, len + 16), std::span(ad, ad_len));
    });
    static const uint8_t zeros[kMaxLen] = {};
    expect(bad ? st == Status::kAuthenticationFailed &&
                     std::memcmp(got, zeros, len) == 0
               : st == Status::kOk && std::memcmp(got, pt, len) == 0,
           name);
  }
}

// The streaming forms (AesGcmStream, AesCcmStream, AesGmacContext): one
// message fed as AD pieces 5 + 8 and data pieces 1 + 15 (ending on a block
// boundary), 17, 3 (inside a block), 293 (completes the partial block,
// then 17 whole blocks through the row's kernel and a tail) and 7. Each
// region holds the whole stream: start, the updates, and finish or verify.
constexpr size_t kStreamAd[] = {5, 8};
constexpr size_t kStreamData[] = {1, 15, 17, 3, 16 * 18 + 5, 7};
constexpr size_t kStreamAdLen = 13;
constexpr size_t kStreamLen = 336;

// stream_feed: the AD pieces from ad, then the data pieces from in to out.
template <typename Stream>
bool stream_feed(Stream& st, const uint8_t* ad, const uint8_t* in,
                 uint8_t* out) {
  bool ok = true;
  size_t off = 0;
  for (size_t c : kStreamAd) {
    ok &= st.update_ad(std::span(ad + off, c)) == Status::kOk;
    off += c;
  }
  off = 0;
  for (size_t c : kStreamData) {
    ok &= st.update(std::span(out + off, c), std::span(in + off, c)) ==
          Status::kOk;
    off += c;
  }
  return ok;
}

// One streamed GCM seal, then a streamed open of the result with the
// received tag intact and with it corrupted by a secret non-zero mask,
// from one call site (as gcm_case). Checked against one-shot open.
void gcm_stream_case(const ctcrypto::AesGcm& gcm, const char* prefix,
                     std::span<const uint8_t> nonce) {
  static_assert(kStreamLen <= kMaxLen);
  static uint8_t pt[kMaxLen], ad[16], sealed[kMaxLen + 16], got[kMaxLen];
  const size_t len = kStreamLen;
  expand(g_seed, 14, pt, len);
  expand(g_seed, 15, ad, kStreamAdLen);
  char name[160];
  bool ok = false;
  name_of(name, sizeof(name), prefix, "stream.seal", "", len);
  measure(name, [&] {
    ctcrypto::AesGcmStream st;
    ok = st.start_seal(gcm, nonce) == Status::kOk &&
         stream_feed(st, ad, pt, sealed) &&
         st.finish(std::span(sealed + len, 16)) == Status::kOk;
  });
  size_t out_len = 0;
  expect(ok &&
             gcm.open(std::span(got, len), &out_len, nonce,
                      std::span(sealed, len + 16),
                      std::span(ad, kStreamAdLen)) == Status::kOk &&
             std::memcmp(got, pt, len) == 0,
         name);
  for (int bad = 0; bad < 2; ++bad) {
    if (bad) {
      uint8_t mask[16];
      expand(g_seed, 16, mask, 16);
      mask[static_cast<size_t>(g_seed[11] & 15)] |= 1;  // secret, never zero
      for (int i = 0; i < 16; ++i) sealed[len + i] ^= mask[i];
    }
    name_of(name, sizeof(name), prefix,
            bad ? "stream.open_bad_tag" : "stream.open_good_tag", "", len);
    Status st_verify = Status::kOk;
    measure(name, [&] {
      ctcrypto::AesGcmStream st;
      ok = st.start_open(gcm, nonce) == Status::kOk &&
           stream_feed(st, ad, sealed, got);
      st_verify = st.verify(std::span<const uint8_t>(sealed + len, 16));
    });
    // The plaintext is released before the verdict, bad tag or good.
    expect(ok && std::memcmp(got, pt, len) == 0 &&
               st_verify == (bad ? Status::kAuthenticationFailed
                                 : Status::kOk),
           name);
  }
}

void gcm_regions(const internal::AesRow* arow,
                 const internal::GhashRow* grow) {
  static const uint8_t nonce[60] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce,
                                    0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
  for (size_t key_len : {size_t{16}, size_t{32}}) {
    char p[96], name[128];
    std::snprintf(p, sizeof(p), "%s+%s.gcm%u.", arow->name, grow->name,
                  static_cast<unsigned>(key_len * 8));
    ctcrypto::AesGcm gcm;
    Status st = Status::kOk;
    std::snprintf(name, sizeof(name), "%sinit", p);
    measure(name, [&] {
      st = internal::init_with_rows(gcm, std::span(g_key, key_len), 16, arow,
                                    grow);
    });
    expect(st == Status::kOk && gcm.initialized(), name);
    if (!gcm.initialized()) continue;
    for (size_t len : kGcmLens) gcm_case(gcm, p, std::span(nonce, 12), len, 13);
    gcm_stream_case(gcm, p, std::span(nonce, 12));
    if (key_len != 16) continue;
    // AES-128 only: a 60-byte nonce (J0 = GHASH_H(IV): the counter is
    // secret) and AD longer than the 64 bytes hashed with the head.
    std::snprintf(p, sizeof(p), "%s+%s.gcm128.nonce60.", arow->name,
                  grow->name);
    gcm_case(gcm, p, std::span(nonce, 60), 48 + 7, 13);
    std::snprintf(p, sizeof(p), "%s+%s.gcm128.ad80.", arow->name, grow->name);
    gcm_case(gcm, p, std::span(nonce, 12), 48 + 7, 80);
  }
}

void ccm_cmac_regions(const internal::AesRow* row) {
  char name[128];
  Status st = Status::kOk;
  static uint8_t pt[kMaxLen], ad[16], sealed[kMaxLen + 16], got[kMaxLen];
  const size_t len = 16 * 2 + 5;
  expand(g_seed, 6, pt, len);
  expand(g_seed, 7, ad, sizeof(ad));
  static const uint8_t nonce[13] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};

  ctcrypto::AesCcm ccm;
  std::snprintf(name, sizeof(name), "%s.ccm128.init", row->name);
  measure(name, [&] {
    st = internal::init_with_rows(ccm, std::span(g_key, 16), 16, 13, row);
  });
  expect(st == Status::kOk && ccm.initialized(), name);
  if (ccm.initialized()) {
    size_t out_len = 0;
    std::snprintf(name, sizeof(name), "%s.ccm128.seal.len%u", row->name,
                  static_cast<unsigned>(len));
    measure(name, [&] {
      st = ccm.seal(std::span(sealed, len + 16), &out_len, nonce,
                    std::span(pt, len), std::span(ad, sizeof(ad)));
    });
    expect(st == Status::kOk, name);
    for (int bad = 0; bad < 2; ++bad) {  // one call site, as for GCM
      if (bad)
        sealed[len + (g_seed[1] & 15)] ^= static_cast<uint8_t>(g_seed[2] | 1);
      std::snprintf(name, sizeof(name), "%s.ccm128.%s.len%u", row->name,
                    bad ? "open_bad_tag" : "open_good_tag",
                    static_cast<unsigned>(len));
      measure(name, [&] {
        st = ccm.open(std::span(got, len), &out_len, nonce,
                      std::span(sealed, len + 16), std::span(ad, sizeof(ad)));
      });
      expect(bad ? st == Status::kAuthenticationFailed
                 : st == Status::kOk && std::memcmp(got, pt, len) == 0,
             name);
    }
    // AesCcmStream: seal, then open with a good and a bad tag from one
    // call site; lengths declared at start.
    const size_t slen = kStreamLen;
    expand(g_seed, 17, pt, slen);
    bool ok = false;
    std::snprintf(name, sizeof(name), "%s.ccm128.stream.seal.len%u",
                  row->name, static_cast<unsigned>(slen));
    measure(name, [&] {
      ctcrypto::AesCcmStream s;
      ok = s.start_seal(ccm, nonce, kStreamAdLen, slen) == Status::kOk &&
           stream_feed(s, ad, pt, sealed) &&
           s.finish(std::span(sealed + slen, 16)) == Status::kOk;
    });
    expect(ok &&
               ccm.open(std::span(got, slen), &out_len, nonce,
                        std::span(sealed, slen + 16),
                        std::span(ad, kStreamAdLen)) == Status::kOk &&
               std::memcmp(got, pt, slen) == 0,
           name);
    for (int bad = 0; bad < 2; ++bad) {
      if (bad)
        sealed[slen + (g_seed[12] & 15)] ^=
            static_cast<uint8_t>(g_seed[13] | 1);
      std::snprintf(name, sizeof(name), "%s.ccm128.stream.%s.len%u",
                    row->name, bad ? "open_bad_tag" : "open_good_tag",
                    static_cast<unsigned>(slen));
      measure(name, [&] {
        ctcrypto::AesCcmStream s;
        ok = s.start_open(ccm, nonce, kStreamAdLen, slen) == Status::kOk &&
             stream_feed(s, ad, sealed, got);
        st = s.verify(std::span<const uint8_t>(sealed + slen, 16));
      });
      expect(ok && std::memcmp(got, pt, slen) == 0 &&
                 st == (bad ? Status::kAuthenticationFailed : Status::kOk),
             name);
    }
  }

  ctcrypto::AesCmac cmac;
  std::snprintf(name, sizeof(name), "%s.cmac128.init", row->name);
  measure(name, [&] {
    st = internal::init_with_rows(cmac, std::span(g_key, 16), row);
  });
  expect(st == Status::kOk && cmac.initialized(), name);
  if (!cmac.initialized()) return;
  // Empty (K2, padded), one whole block (K1), and a padded tail.
  for (size_t n : {size_t{0}, size_t{16}, len}) {
    uint8_t tag[16];
    std::snprintf(name, sizeof(name), "%s.cmac128.mac.len%u", row->name,
                  static_cast<unsigned>(n));
    measure(name, [&] { st = cmac.mac(std::span(pt, n), tag); });
    expect(st == Status::kOk, name);
    for (int bad = 0; bad < 2; ++bad) {  // one call site, as for GCM
      if (bad) tag[g_seed[3] & 15] ^= static_cast<uint8_t>(g_seed[4] | 1);
      std::snprintf(name, sizeof(name), "%s.cmac128.%s.len%u", row->name,
                    bad ? "verify_bad" : "verify_good",
                    static_cast<unsigned>(n));
      measure(name, [&] { st = cmac.verify(std::span(pt, n), tag); });
      expect(st == (bad ? Status::kAuthenticationFailed : Status::kOk), name);
    }
  }
}

// GMAC and AES-GCM-SIV on an (AES, GHASH) pair, AES-128: tag and open
// with a good and a bad tag from one call site each.
void gmac_siv_regions(const internal::AesRow* arow,
                      const internal::GhashRow* grow) {
  char name[128];
  Status st = Status::kOk;
  static uint8_t pt[kMaxLen], ad[16], sealed[kMaxLen + 16], got[kMaxLen];
  const size_t len = 16 * 2 + 5;
  expand(g_seed, 9, pt, len);
  expand(g_seed, 10, ad, sizeof(ad));
  static const uint8_t nonce[12] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2};

  ctcrypto::AesGmac gmac;
  std::snprintf(name, sizeof(name), "%s+%s.gmac128.init", arow->name,
                grow->name);
  measure(name, [&] {
    st = internal::init_with_rows(gmac, std::span(g_key, 16), 16, arow, grow);
  });
  expect(st == Status::kOk, name);
  if (st == Status::kOk) {
    uint8_t tag[16];
    std::snprintf(name, sizeof(name), "%s+%s.gmac128.compute.len%u",
                  arow->name, grow->name, static_cast<unsigned>(len));
    measure(name, [&] { st = gmac.compute(tag, nonce, std::span(pt, len)); });
    expect(st == Status::kOk, name);
    for (int bad = 0; bad < 2; ++bad) {
      if (bad) tag[g_seed[5] & 15] ^= static_cast<uint8_t>(g_seed[6] | 1);
      std::snprintf(name, sizeof(name), "%s+%s.gmac128.%s.len%u", arow->name,
                    grow->name, bad ? "verify_bad" : "verify_good",
                    static_cast<unsigned>(len));
      measure(name, [&] { st = gmac.verify(nonce, std::span(pt, len), tag); });
      expect(st == (bad ? Status::kAuthenticationFailed : Status::kOk), name);
    }
    // AesGmacContext over the same data in pieces 5, 11 and the rest:
    // finish, then finish_verify with a good and a bad tag.
    auto feed = [&](ctcrypto::AesGmacContext& c) {
      return c.init(gmac, nonce) == Status::kOk &&
             c.update(std::span(pt, 5)) == Status::kOk &&
             c.update(std::span(pt + 5, 11)) == Status::kOk &&
             c.update(std::span(pt + 16, len - 16)) == Status::kOk;
    };
    uint8_t ctag[16], want[16];
    bool ok = false;
    std::snprintf(name, sizeof(name), "%s+%s.gmac128.ctx.compute.len%u",
                  arow->name, grow->name, static_cast<unsigned>(len));
    measure(name, [&] {
      ctcrypto::AesGmacContext c;
      ok = feed(c) && c.finish(ctag) == Status::kOk;
    });
    expect(ok && gmac.compute(want, nonce, std::span(pt, len)) == Status::kOk &&
               std::memcmp(ctag, want, 16) == 0,
           name);
    for (int bad = 0; bad < 2; ++bad) {
      if (bad) ctag[g_seed[14] & 15] ^= static_cast<uint8_t>(g_seed[15] | 1);
      std::snprintf(name, sizeof(name), "%s+%s.gmac128.ctx.%s.len%u",
                    arow->name, grow->name,
                    bad ? "verify_bad" : "verify_good",
                    static_cast<unsigned>(len));
      measure(name, [&] {
        ctcrypto::AesGmacContext c;
        ok = feed(c);
        st = c.finish_verify(ctag);
      });
      expect(ok && st == (bad ? Status::kAuthenticationFailed : Status::kOk),
             name);
    }
  }

  ctcrypto::AesGcmSiv siv;
  std::snprintf(name, sizeof(name), "%s+%s.gcm_siv128.init", arow->name,
                grow->name);
  measure(name, [&] {
    st = internal::init_with_rows(siv, std::span(g_key, 16), arow, grow);
  });
  expect(st == Status::kOk, name);
  if (st != Status::kOk) return;
  size_t out_len = 0;
  std::snprintf(name, sizeof(name), "%s+%s.gcm_siv128.seal.len%u", arow->name,
                grow->name, static_cast<unsigned>(len));
  measure(name, [&] {
    st = siv.seal(std::span(sealed, len + 16), &out_len, nonce,
                  std::span(pt, len), std::span(ad, sizeof(ad)));
  });
  expect(st == Status::kOk, name);
  for (int bad = 0; bad < 2; ++bad) {
    if (bad) sealed[len + (g_seed[7] & 15)] ^= static_cast<uint8_t>(g_seed[8] | 1);
    std::snprintf(name, sizeof(name), "%s+%s.gcm_siv128.%s.len%u", arow->name,
                  grow->name, bad ? "open_bad_tag" : "open_good_tag",
                  static_cast<unsigned>(len));
    measure(name, [&] {
      st = siv.open(std::span(got, len), &out_len, nonce,
                    std::span(sealed, len + 16), std::span(ad, sizeof(ad)));
    });
    expect(bad ? st == Status::kAuthenticationFailed
               : st == Status::kOk && std::memcmp(got, pt, len) == 0,
           name);
  }
}

// Key wrap (KW, KWP) and XTS on an AES row, AES-128 keys.
void wrap_xts_regions(const internal::AesRow* row) {
  char name[128];
  Status st = Status::kOk;
  ctcrypto::AesKey kek;
  expect(internal::init_with_rows(kek, std::span(g_key, 16), row) ==
             Status::kOk,
         "kek");
  if (!kek.initialized()) return;
  // KW: a 32-byte key; KWP: 20 bytes (padded to 24).
  for (int padded = 0; padded < 2; ++padded) {
    const size_t len = padded ? 20 : 32;
    uint8_t key_data[32], wrapped[48], out[48];
    expand(g_seed, 11, key_data, len);
    size_t wlen = 0, olen = 0;
    const char* mode = padded ? "kwp" : "kw";
    std::snprintf(name, sizeof(name), "%s.%s.wrap.len%u", row->name, mode,
                  static_cast<unsigned>(len));
    measure(name, [&] {
      st = padded ? ctcrypto::aes_key_wrap_padded(kek, std::span(key_data, len),
                                                  wrapped, &wlen)
                  : ctcrypto::aes_key_wrap(kek, std::span(key_data, len),
                                           wrapped, &wlen);
    });
    expect(st == Status::kOk, name);
    for (int bad = 0; bad < 2; ++bad) {
      if (bad) wrapped[g_seed[9] & 15] ^= static_cast<uint8_t>(g_seed[10] | 1);
      std::snprintf(name, sizeof(name), "%s.%s.%s.len%u", row->name, mode,
                    bad ? "unwrap_bad" : "unwrap_good",
                    static_cast<unsigned>(len));
      measure(name, [&] {
        st = padded ? ctcrypto::aes_key_unwrap_padded(
                          kek, std::span(wrapped, wlen), out, &olen)
                    : ctcrypto::aes_key_unwrap(kek, std::span(wrapped, wlen),
                                               out, &olen);
      });
      expect(bad ? st == Status::kAuthenticationFailed
                 : st == Status::kOk && std::memcmp(out, key_data, len) == 0,
             name);
    }
  }

  // XTS: Key1 from KEY, Key2 from DATA (so that they differ in every run:
  // Key1 == Key2 is refused, and that verdict is public).
  uint8_t xts_key[32];
  std::memcpy(xts_key, g_key, 16);
  expand(g_seed, 12, xts_key + 16, 16);
  ctcrypto::AesXts xts;
  std::snprintf(name, sizeof(name), "%s.xts128.init", row->name);
  measure(name, [&] {
    st = internal::init_with_rows(xts, std::span(xts_key, 32), row);
  });
  expect(st == Status::kOk, name);
  if (st != Status::kOk) return;
  static const uint8_t tweak[16] = {0x42};
  // Whole blocks, and a partial last block (ciphertext stealing).
  for (size_t len : {size_t{64}, size_t{16 * 2 + 5}}) {
    uint8_t in[80], out[80], back[80];
    expand(g_seed, 13, in, len);
    std::snprintf(name, sizeof(name), "%s.xts128.encrypt.len%u", row->name,
                  static_cast<unsigned>(len));
    measure(name, [&] {
      st = xts.encrypt(tweak, std::span(in, len), std::span(out, len));
    });
    expect(st == Status::kOk, name);
    std::snprintf(name, sizeof(name), "%s.xts128.decrypt.len%u", row->name,
                  static_cast<unsigned>(len));
    measure(name, [&] {
      st = xts.decrypt(tweak, std::span(out, len), std::span(back, len));
    });
    expect(st == Status::kOk && std::memcmp(in, back, len) == 0, name);
  }
}

// --- negative controls: deliberately leaky, never library code ----------

// A branch on a secret bit, each side a different call.
__attribute__((noipa)) uint32_t leak_side_a(const uint8_t* s) {
  return s[1] * 3u + 1;
}
__attribute__((noipa)) uint32_t leak_side_b(const uint8_t* s) {
  return s[2] ^ 0x55u;
}
__attribute__((noipa)) uint32_t branch_on_secret(const uint8_t* s) {
  return (s[0] & 0x80) ? leak_side_a(s) : leak_side_b(s);  // LEAK
}

// A table lookup indexed by secret bytes (the textbook S-box lookup):
// straight-line control flow, secret-dependent load addresses.
__attribute__((noipa)) uint32_t table_lookup(const uint8_t table[256],
                                             const uint8_t* s) {
  uint32_t acc = 0;
  for (int i = 0; i < 16; ++i) acc = (acc << 1) ^ table[s[i]];  // LEAK
  return acc;
}

// A division of secret bytes: UDIV's time on Cortex-M3/M4/M33 depends on
// its operands (libgcc's software division on cores without UDIV). The
// divisor comes through an argument, so the compiler cannot turn the
// division into a multiplication.
__attribute__((noipa)) uint32_t divide_secret(const uint8_t* s, uint32_t d) {
  return ((static_cast<uint32_t>(s[0]) << 8) | s[1]) / d;  // LEAK
}

void negative_controls() {
  static uint8_t table[256];
  for (int i = 0; i < 256; ++i) table[i] = static_cast<uint8_t>(i * 7 + 3);
  volatile uint32_t sink = 0;
  measure("negative_control.branch_on_secret",
          [&] { sink = branch_on_secret(g_key); });
  measure("negative_control.table_lookup",
          [&] { sink = table_lookup(table, g_key); });
  volatile uint32_t divisor = 7;
  measure("negative_control.divide_secret",
          [&] { sink = divide_secret(g_key, divisor); });
  (void)sink;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || !parse_hex(argv[1], g_key, sizeof(g_key)) ||
      !parse_hex(argv[2], g_seed, sizeof(g_seed))) {
    std::printf("usage: mcu_trace_harness KEY(64 hex) DATA(32 hex)\n");
    return 2;
  }
  for (size_t i = 0; i < internal::kNumAesRows; ++i) {
    const internal::AesRow* a = internal::kAesRows[i];
    if (!internal::aes_row_usable(a)) continue;
    aes_regions(a);
    ccm_cmac_regions(a);
    wrap_xts_regions(a);
    for (size_t j = 0; j < internal::kNumGhashRows; ++j) {
      const internal::GhashRow* g = internal::kGhashRows[j];
      if (!internal::ghash_row_usable(g)) continue;
      gcm_regions(a, g);
      gmac_siv_regions(a, g);
    }
  }
  for (size_t j = 0; j < internal::kNumGhashRows; ++j) {
    const internal::GhashRow* g = internal::kGhashRows[j];
    if (internal::ghash_row_usable(g)) ghash_regions(g);
  }
  negative_controls();
  std::printf("mcu_trace_harness: %u regions, %u checks, %u failed\n",
              g_regions, g_checks, g_failures);
  return g_failures == 0 && g_regions > 0 ? 0 : 1;
}
