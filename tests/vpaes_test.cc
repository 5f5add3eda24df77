// vpaes_test.cc: seam tests for the vpaes row (crypto/aes/vpaes_core.h).
//
// The shared suites run every vector set against every row; this file covers
// what is particular to vpaes: its two-block interleave (ctr32 and
// cbc_decrypt run pairs plus a lone tail block, so odd counts, 1/2/3 blocks
// and a 32-bit counter wrap falling between the two blocks of a pair), all
// key sizes and the deferred-ShiftRows round keys (every round count mod 4),
// in place and unaligned buffers, randomized comparison with nohw, and the
// key export used by the armv7 hybrid (FIPS-197 Appendix A expansions).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/cpu/cpu.h"

namespace {

using ctcrypto::internal::AesBackend;
using ctcrypto::internal::AesKeyState;
using ctcrypto::internal::kAesNohw;
using ctcrypto::internal::kAesVpaes;

bool VpaesUsable() {
  return (ctcrypto::internal::cpu_caps() & kAesVpaes.required_caps) ==
         kAesVpaes.required_caps;
}

#define SKIP_IF_UNUSABLE() \
  if (!VpaesUsable()) GTEST_SKIP() << "CPU lacks vpaes capabilities"

void SetKey(const AesBackend& b, AesKeyState* s, const uint8_t* key,
            size_t len) {
  std::memset(s, 0, sizeof(*s));
  s->key_len = static_cast<uint32_t>(len);
  s->rounds = static_cast<uint32_t>(len / 4 + 6);
  s->backend = &b;
  b.set_key(s, key, len);
}

std::vector<uint8_t> Hex(const char* h) {
  std::vector<uint8_t> out;
  for (size_t i = 0; h[i] && h[i + 1]; i += 2) {
    auto nib = [](char c) {
      return static_cast<uint8_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    };
    out.push_back(static_cast<uint8_t>(nib(h[i]) << 4 | nib(h[i + 1])));
  }
  return out;
}

struct Rng {  // splitmix64: deterministic test data
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  void fill(uint8_t* p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = static_cast<uint8_t>(next());
  }
};

// FIPS-197 Appendix C: the example vectors for the three key sizes.
TEST(Vpaes, Fips197AppendixC) {
  SKIP_IF_UNUSABLE();
  const char* keys[] = {
      "000102030405060708090a0b0c0d0e0f",
      "000102030405060708090a0b0c0d0e0f1011121314151617",
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"};
  const char* cts[] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                       "dda97ca4864cdfe06eaf70a0ec0d7191",
                       "8ea2b7ca516745bfeafc49904b496089"};
  const auto pt = Hex("00112233445566778899aabbccddeeff");
  for (int i = 0; i < 3; i++) {
    const auto key = Hex(keys[i]), want = Hex(cts[i]);
    AesKeyState s;
    SetKey(kAesVpaes, &s, key.data(), key.size());
    uint8_t ct[16], back[16];
    kAesVpaes.encrypt_block(&s, pt.data(), ct);
    EXPECT_EQ(0, std::memcmp(ct, want.data(), 16)) << "key size " << key.size();
    kAesVpaes.decrypt_block(&s, ct, back);
    EXPECT_EQ(0, std::memcmp(back, pt.data(), 16)) << "key size " << key.size();
    // In place.
    uint8_t buf[16];
    std::memcpy(buf, pt.data(), 16);
    kAesVpaes.encrypt_block(&s, buf, buf);
    EXPECT_EQ(0, std::memcmp(buf, want.data(), 16));
    kAesVpaes.decrypt_block(&s, buf, buf);
    EXPECT_EQ(0, std::memcmp(buf, pt.data(), 16));
  }
}

// A plain reference key expansion (test only: table S-box, not constant
// time) to compare every exported round key with.
uint8_t RefSbox(uint8_t x) {
  auto mul = [](uint8_t a, uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 8; i++) {
      if (b & 1) r ^= a;
      a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
      b >>= 1;
    }
    return r;
  };
  uint8_t inv = 0;
  for (int c = 1; c < 256 && x; c++)
    if (mul(x, static_cast<uint8_t>(c)) == 1) inv = static_cast<uint8_t>(c);
  uint8_t r = 0x63;
  for (int k = 0; k < 5; k++)
    r ^= static_cast<uint8_t>((inv << k) | (inv >> ((8 - k) & 7)));
  return r;
}

void RefExpand(const uint8_t* key, size_t len, uint8_t w[240]) {
  const size_t nk = len / 4, total = 4 * (len / 4 + 7);
  std::memcpy(w, key, len);
  uint8_t rcon = 1;
  for (size_t i = nk; i < total; i++) {
    uint8_t t[4];
    std::memcpy(t, w + 4 * (i - 1), 4);
    if (i % nk == 0) {
      const uint8_t t0 = t[0];
      t[0] = static_cast<uint8_t>(RefSbox(t[1]) ^ rcon);
      t[1] = RefSbox(t[2]);
      t[2] = RefSbox(t[3]);
      t[3] = RefSbox(t0);
      rcon = static_cast<uint8_t>((rcon << 1) ^ ((rcon & 0x80) ? 0x1b : 0));
    } else if (nk > 6 && i % nk == 4) {
      for (int b = 0; b < 4; b++) t[b] = RefSbox(t[b]);
    }
    for (int b = 0; b < 4; b++) w[4 * i + b] = w[4 * (i - nk) + b] ^ t[b];
  }
}

// FIPS-197 Appendix A: the expansion examples, checked on their last words
// and, through the reference expansion, on every round key.
TEST(Vpaes, ExportRoundKeysAppendixA) {
  SKIP_IF_UNUSABLE();
  struct {
    const char* key;
    const char* last;  // the last four words of the expansion
  } cases[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "e98ba06f448c773c8ecc720401002202"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "fe4890d1e6188d0b046df344706c631e"},
  };
  for (const auto& c : cases) {
    const auto key = Hex(c.key), last = Hex(c.last);
    AesKeyState s;
    SetKey(kAesVpaes, &s, key.data(), key.size());
    uint8_t rk[15][16];
    std::memset(rk, 0xAA, sizeof(rk));
    ctcrypto::internal::vpaes_export_enc_round_keys(&s, rk);
    EXPECT_EQ(0, std::memcmp(rk[s.rounds], last.data(), 16)) << c.key;
    uint8_t w[240];
    RefExpand(key.data(), key.size(), w);
    for (uint32_t r = 0; r <= s.rounds; r++)
      EXPECT_EQ(0, std::memcmp(rk[r], w + 16 * r, 16)) << c.key << " round " << r;
    for (uint32_t r = s.rounds + 1; r < 15; r++)
      EXPECT_EQ(0xAA, rk[r][0]) << "row past the last round written";
  }
}

TEST(Vpaes, ExportRandomKeys) {
  SKIP_IF_UNUSABLE();
  Rng rng{1};
  for (int it = 0; it < 60; it++) {
    const size_t len = 16 + 8 * (it % 3);
    uint8_t key[32], w[240], rk[15][16];
    rng.fill(key, len);
    AesKeyState s;
    SetKey(kAesVpaes, &s, key, len);
    ctcrypto::internal::vpaes_export_enc_round_keys(&s, rk);
    RefExpand(key, len, w);
    for (uint32_t r = 0; r <= s.rounds; r++)
      ASSERT_EQ(0, std::memcmp(rk[r], w + 16 * r, 16)) << "round " << r;
  }
}

// Single blocks against nohw, every key size, random keys and data.
TEST(Vpaes, BlocksVsNohw) {
  SKIP_IF_UNUSABLE();
  Rng rng{2};
  for (int it = 0; it < 300; it++) {
    const size_t len = 16 + 8 * (it % 3);
    uint8_t key[32], in[16], a[16], b[16];
    rng.fill(key, len);
    rng.fill(in, 16);
    AesKeyState sv, sn;
    SetKey(kAesVpaes, &sv, key, len);
    SetKey(kAesNohw, &sn, key, len);
    kAesVpaes.encrypt_block(&sv, in, a);
    kAesNohw.encrypt_block(&sn, in, b);
    ASSERT_EQ(0, std::memcmp(a, b, 16));
    kAesVpaes.decrypt_block(&sv, in, a);
    kAesNohw.decrypt_block(&sn, in, b);
    ASSERT_EQ(0, std::memcmp(a, b, 16));
  }
}

// Special bytes: all-zero and all-one states and keys reach the
// "infinity" cases of the nibble inversion in every position.
TEST(Vpaes, EdgeBytesVsNohw) {
  SKIP_IF_UNUSABLE();
  const uint8_t fills[] = {0x00, 0xff, 0x01, 0x10, 0x11, 0x63, 0x52};
  for (size_t len : {16, 24, 32}) {
    for (uint8_t kf : fills) {
      uint8_t key[32];
      std::memset(key, kf, sizeof(key));
      AesKeyState sv, sn;
      SetKey(kAesVpaes, &sv, key, len);
      SetKey(kAesNohw, &sn, key, len);
      for (int v = 0; v < 256; v++) {
        uint8_t in[16], a[16], b[16];
        std::memset(in, v, 16);
        kAesVpaes.encrypt_block(&sv, in, a);
        kAesNohw.encrypt_block(&sn, in, b);
        ASSERT_EQ(0, std::memcmp(a, b, 16)) << len << " " << int(kf) << " " << v;
        kAesVpaes.decrypt_block(&sv, in, a);
        kAesNohw.decrypt_block(&sn, in, b);
        ASSERT_EQ(0, std::memcmp(a, b, 16)) << len << " " << int(kf) << " " << v;
      }
    }
  }
}

const size_t kCounts[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,  15,
                          16, 17, 31, 32, 33, 63, 64, 65, 100};

// ctr32 across block counts, counter wraps (also between the two blocks of
// a pair), unaligned and in place, vs nohw.
TEST(Vpaes, Ctr32VsNohw) {
  SKIP_IF_UNUSABLE();
  Rng rng{3};
  const uint32_t starts[] = {0, 1, 0x7fffffff, 0xfffffffe, 0xffffffff,
                             0xfffffffd, 0xfffffff0};
  std::vector<uint8_t> in_buf(16 * 100 + 8), a_buf(16 * 100 + 8),
      b_buf(16 * 100 + 8);
  for (size_t len : {16, 24, 32}) {
    uint8_t key[32];
    rng.fill(key, len);
    AesKeyState sv, sn;
    SetKey(kAesVpaes, &sv, key, len);
    SetKey(kAesNohw, &sn, key, len);
    for (uint32_t start : starts) {
      for (size_t n : kCounts) {
        for (size_t off : {0, 1, 3}) {
          uint8_t ctr[16];
          rng.fill(ctr, 12);
          ctr[12] = static_cast<uint8_t>(start >> 24);
          ctr[13] = static_cast<uint8_t>(start >> 16);
          ctr[14] = static_cast<uint8_t>(start >> 8);
          ctr[15] = static_cast<uint8_t>(start);
          uint8_t* in = in_buf.data() + off;
          uint8_t* a = a_buf.data() + off;
          uint8_t* b = b_buf.data() + (off ? 8 - off : 0);
          rng.fill(in, 16 * n);
          uint8_t ctr_copy[16];
          std::memcpy(ctr_copy, ctr, 16);
          kAesVpaes.ctr32(&sv, in, a, n, ctr);
          kAesNohw.ctr32(&sn, in, b, n, ctr);
          ASSERT_EQ(0, std::memcmp(a, b, 16 * n))
              << "len " << len << " start " << start << " n " << n;
          ASSERT_EQ(0, std::memcmp(ctr, ctr_copy, 16)) << "counter modified";
          // In place.
          std::memcpy(a, in, 16 * n);
          kAesVpaes.ctr32(&sv, a, a, n, ctr);
          ASSERT_EQ(0, std::memcmp(a, b, 16 * n)) << "in place, n " << n;
        }
      }
    }
  }
}

// Splitting a ctr32 stream at odd points gives the same keystream.
TEST(Vpaes, Ctr32Splits) {
  SKIP_IF_UNUSABLE();
  Rng rng{4};
  uint8_t key[16], ctr[16], in[16 * 9], whole[16 * 9], parts[16 * 9];
  rng.fill(key, 16);
  rng.fill(ctr, 12);
  ctr[12] = ctr[13] = ctr[14] = 0xff;
  ctr[15] = 0xfc;
  rng.fill(in, sizeof(in));
  AesKeyState s;
  SetKey(kAesVpaes, &s, key, 16);
  kAesVpaes.ctr32(&s, in, whole, 9, ctr);
  for (size_t first = 0; first <= 9; first++) {
    kAesVpaes.ctr32(&s, in, parts, first, ctr);
    uint8_t c2[16];
    std::memcpy(c2, ctr, 16);
    const uint32_t next = 0xfffffffcu + static_cast<uint32_t>(first);
    c2[12] = static_cast<uint8_t>(next >> 24);
    c2[13] = static_cast<uint8_t>(next >> 16);
    c2[14] = static_cast<uint8_t>(next >> 8);
    c2[15] = static_cast<uint8_t>(next);
    kAesVpaes.ctr32(&s, in + 16 * first, parts + 16 * first, 9 - first, c2);
    ASSERT_EQ(0, std::memcmp(whole, parts, sizeof(whole))) << first;
  }
}

// CBC both ways across block counts (pairs plus a lone block), unaligned
// and in place, vs nohw, including the IV update.
TEST(Vpaes, CbcVsNohw) {
  SKIP_IF_UNUSABLE();
  Rng rng{5};
  std::vector<uint8_t> in_buf(16 * 100 + 8), a_buf(16 * 100 + 8),
      b_buf(16 * 100 + 8);
  for (size_t len : {16, 24, 32}) {
    uint8_t key[32];
    rng.fill(key, len);
    AesKeyState sv, sn;
    SetKey(kAesVpaes, &sv, key, len);
    SetKey(kAesNohw, &sn, key, len);
    for (size_t n : kCounts) {
      for (size_t off : {0, 5}) {
        uint8_t* in = in_buf.data() + off;
        uint8_t* a = a_buf.data() + off;
        uint8_t* b = b_buf.data();
        rng.fill(in, 16 * n);
        uint8_t iv[16], iva[16], ivb[16];
        rng.fill(iv, 16);
        // Encrypt.
        std::memcpy(iva, iv, 16);
        std::memcpy(ivb, iv, 16);
        kAesVpaes.cbc_encrypt(&sv, in, a, n, iva);
        kAesNohw.cbc_encrypt(&sn, in, b, n, ivb);
        ASSERT_EQ(0, std::memcmp(a, b, 16 * n)) << "enc n " << n;
        ASSERT_EQ(0, std::memcmp(iva, ivb, 16)) << "enc iv n " << n;
        std::memcpy(a, in, 16 * n);
        std::memcpy(iva, iv, 16);
        kAesVpaes.cbc_encrypt(&sv, a, a, n, iva);
        ASSERT_EQ(0, std::memcmp(a, b, 16 * n)) << "enc in place n " << n;
        // Decrypt.
        std::memcpy(iva, iv, 16);
        std::memcpy(ivb, iv, 16);
        kAesVpaes.cbc_decrypt(&sv, in, a, n, iva);
        kAesNohw.cbc_decrypt(&sn, in, b, n, ivb);
        ASSERT_EQ(0, std::memcmp(a, b, 16 * n)) << "dec n " << n;
        ASSERT_EQ(0, std::memcmp(iva, ivb, 16)) << "dec iv n " << n;
        std::memcpy(a, in, 16 * n);
        std::memcpy(iva, iv, 16);
        kAesVpaes.cbc_decrypt(&sv, a, a, n, iva);
        ASSERT_EQ(0, std::memcmp(a, b, 16 * n)) << "dec in place n " << n;
        ASSERT_EQ(0, std::memcmp(iva, ivb, 16)) << "dec in place iv n " << n;
      }
    }
  }
}

}  // namespace
