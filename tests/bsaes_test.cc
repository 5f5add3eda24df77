// bsaes_test.cc: seam tests of the bitsliced SIMD AES rows ("bsaes") and the
// vpaes+bsaes hybrid against the portable nohw row: every length around the
// 8-block batch (1..17, 31/32/33, 63/64/65 blocks) and around the hybrid's
// threshold, counters wrapping inside a batch, unaligned buffers, in place;
// plus the key expansion and bitsliced key conversion against FIPS-197
// Appendix A and the cipher against Appendix C.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"
#include "tests/test_util.h"

namespace ctcrypto::internal {
namespace {

std::vector<uint8_t> hex(const char* s) {
  std::vector<uint8_t> v;
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
  };
  for (; s[0] && s[1]; s += 2) v.push_back(static_cast<uint8_t>(nib(s[0]) << 4 | nib(s[1])));
  return v;
}

void set_key(AesKeyState* s, const AesBackend* b, const uint8_t* key,
             size_t len) {
  std::memset(s, 0, sizeof(*s));
  s->backend = b;
  s->key_len = static_cast<uint32_t>(len);
  s->rounds = static_cast<uint32_t>(6 + len / 4);
  b->set_key(s, key, len);
}

// Deterministic filler (xorshift), so failures reproduce.
void fill(uint8_t* p, size_t n, uint32_t seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = static_cast<uint8_t>(x >> 7);
  }
}

std::vector<const AesBackend*> rows_under_test() {
  std::vector<const AesBackend*> rows;
  for (const char* name : {"bsaes", "vpaes+bsaes"}) {
    const AesBackend* b = find_aes_backend(name);
    if (b != nullptr && (b->required_caps & cpu_caps()) == b->required_caps)
      rows.push_back(b);
  }
  return rows;
}

std::vector<size_t> lengths() {
  std::vector<size_t> v;
  for (size_t n = 0; n <= 17; n++) v.push_back(n);
  for (size_t n : {23, 24, 25, 31, 32, 33, 63, 64, 65}) v.push_back(n);
#if defined(CTCRYPTO_AES_VPAES_BSAES)
  const size_t t = vpaes_bsaes_threshold_blocks();
  for (size_t n = t > 1 ? t - 1 : 0; n <= t + 1; n++) v.push_back(n);
  v.push_back(t + 7);
  v.push_back(t + 8);
  v.push_back(t + 9);
#endif
  return v;
}

TEST(Bsaes, RowsPresent) {
#if defined(CTCRYPTO_AES_BSAES)
  EXPECT_NE(find_aes_backend("bsaes"), nullptr);
#endif
#if defined(CTCRYPTO_AES_VPAES_BSAES)
  EXPECT_NE(find_aes_backend("vpaes+bsaes"), nullptr);
#endif
  if (rows_under_test().empty()) GTEST_SKIP() << "no bsaes row usable here";
}

// FIPS-197 Appendix A: first and last round keys of the three expansions.
TEST(Bsaes, KeyExpansionFips197AppendixA) {
  struct Case {
    const char* key;
    unsigned rounds;
    const char* rk1;   // round key 1 (w[4..7])
    const char* last;  // round key Nr
  } cases[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c", 10,
       "a0fafe1788542cb123a339392a6c7605", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", 12,
       "62f8ead2522c6b7bfe0c91f72402f5a5", "e98ba06f448c773c8ecc720401002202"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", 14,
       "1f352c073b6108d72d9810a30914dff4", "fe4890d1e6188d0b046df344706c631e"},
  };
  for (const Case& c : cases) {
    const std::vector<uint8_t> key = hex(c.key);
    uint8_t rk[kBsaesMaxRounds + 1][16];
    bsaes_expand_key(key.data(), key.size(), c.rounds, rk);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[0], key.data(), 16));
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[1], hex(c.rk1).data(), 16)) << c.key;
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[c.rounds], hex(c.last).data(), 16)) << c.key;

#if defined(CTCRYPTO_AES_BSAES)
    // Bitsliced form: plane j, lane 4r + col is 0xFF iff bit j of round-key
    // byte r + 4 col is set.
    alignas(16) uint8_t bs[kBsaesScheduleBytes];
    bsaes_convert_key(bs, rk, c.rounds);
    for (unsigned r = 0; r <= c.rounds; r++) {
      for (int j = 0; j < 8; j++) {
        for (int row = 0; row < 4; row++) {
          for (int col = 0; col < 4; col++) {
            const uint8_t want = ((rk[r][row + 4 * col] >> j) & 1) ? 0xFF : 0x00;
            ASSERT_EQ(want, bs[r * kBsaesRoundKeyBytes + 16 * j + 4 * row + col])
                << "round " << r << " plane " << j;
          }
        }
      }
    }
#endif
  }
}

// FIPS-197 Appendix C through every row under test.
TEST(Bsaes, Fips197AppendixC) {
  const std::vector<uint8_t> pt = hex("00112233445566778899aabbccddeeff");
  struct Case {
    const char* key;
    const char* ct;
  } cases[] = {
      {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
      {"000102030405060708090a0b0c0d0e0f1011121314151617",
       "dda97ca4864cdfe06eaf70a0ec0d7191"},
      {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
       "8ea2b7ca516745bfeafc49904b496089"},
  };
  for (const AesBackend* b : rows_under_test()) {
    for (const Case& c : cases) {
      const std::vector<uint8_t> key = hex(c.key), ct = hex(c.ct);
      AesKeyState s;
      set_key(&s, b, key.data(), key.size());
      uint8_t out[16], back[16];
      b->encrypt_block(&s, pt.data(), out);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, ct.data(), 16)) << b->name << " " << c.key;
      b->decrypt_block(&s, out, back);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(back, pt.data(), 16)) << b->name << " " << c.key;
    }
  }
}

// Every mode, every length, against nohw; offset = misalignment of the
// buffers, in_place = out aliases in.
void compare_with_nohw(const AesBackend* b, size_t key_len, size_t offset,
                       bool in_place, uint32_t ctr_tail) {
  const AesBackend* ref = &kAesNohw;  // linked directly (not in every table)
  ASSERT_NE(ref, nullptr);
  uint8_t key[32];
  fill(key, sizeof(key), static_cast<uint32_t>(key_len * 7 + offset));
  AesKeyState ks, kr;
  set_key(&ks, b, key, key_len);
  set_key(&kr, ref, key, key_len);

  for (size_t n : lengths()) {
    SCOPED_TRACE(testing::Message() << b->name << " key_len " << key_len
                                    << " blocks " << n << " offset " << offset
                                    << (in_place ? " in place" : ""));
    const size_t len = 16 * n;
    std::vector<uint8_t> in_buf(len + 64), out_buf(len + 64), want(len + 16);
    uint8_t* in = in_buf.data() + offset;
    uint8_t* out = in_place ? in : out_buf.data() + offset + 3;
    fill(in, len, static_cast<uint32_t>(n + 1000 * key_len));
    const std::vector<uint8_t> src(in, in + len);

    // ctr32, counter tail chosen to wrap inside the first batches.
    uint8_t ctr[16];
    fill(ctr, 12, static_cast<uint32_t>(n));
    ctr[12] = static_cast<uint8_t>(ctr_tail >> 24);
    ctr[13] = static_cast<uint8_t>(ctr_tail >> 16);
    ctr[14] = static_cast<uint8_t>(ctr_tail >> 8);
    ctr[15] = static_cast<uint8_t>(ctr_tail);
    const std::vector<uint8_t> ctr_copy(ctr, ctr + 16);
    ref->ctr32(&kr, src.data(), want.data(), n, ctr);
    b->ctr32(&ks, in, out, n, ctr);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "ctr32";
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(ctr, ctr_copy.data(), 16)) << "ctr32 counter";

    // cbc_decrypt.
    ctcrypto_test::copy_bytes(in, src.data(), len);
    uint8_t iv_r[16], iv_b[16];
    fill(iv_r, 16, static_cast<uint32_t>(n + 5));
    ctcrypto_test::copy_bytes(iv_b, iv_r, 16);
    ref->cbc_decrypt(&kr, src.data(), want.data(), n, iv_r);
    b->cbc_decrypt(&ks, in, out, n, iv_b);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "cbc_decrypt";
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(iv_b, iv_r, 16)) << "cbc_decrypt iv";

    // cbc_encrypt (fewer lengths: it is one block at a time anyway).
    if (n <= 17) {
      ctcrypto_test::copy_bytes(in, src.data(), len);
      fill(iv_r, 16, static_cast<uint32_t>(n + 9));
      ctcrypto_test::copy_bytes(iv_b, iv_r, 16);
      ref->cbc_encrypt(&kr, src.data(), want.data(), n, iv_r);
      b->cbc_encrypt(&ks, in, out, n, iv_b);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "cbc_encrypt";
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(iv_b, iv_r, 16)) << "cbc_encrypt iv";
    }
  }

  // Single blocks, unaligned and in place.
  uint8_t buf[40], w[16];
  fill(buf, sizeof(buf), 77);
  uint8_t* p = buf + offset % 16;
  ref->encrypt_block(&kr, p, w);
  b->encrypt_block(&ks, p, in_place ? p : buf + 20);
  EXPECT_EQ(0, ctcrypto_test::compare_bytes(in_place ? p : buf + 20, w, 16)) << "encrypt_block";
  fill(buf, sizeof(buf), 78);
  ref->decrypt_block(&kr, p, w);
  b->decrypt_block(&ks, p, in_place ? p : buf + 20);
  EXPECT_EQ(0, ctcrypto_test::compare_bytes(in_place ? p : buf + 20, w, 16)) << "decrypt_block";
}

TEST(Bsaes, AgainstNohw) {
  const std::vector<const AesBackend*> rows = rows_under_test();
  if (rows.empty()) GTEST_SKIP() << "no bsaes row usable here";
  for (const AesBackend* b : rows) {
    for (size_t key_len : {16, 24, 32}) {
      compare_with_nohw(b, key_len, 0, false, 0x00000001u);
      compare_with_nohw(b, key_len, 1, false, 0xFFFFFFFBu);  // wraps in batch 1
      compare_with_nohw(b, key_len, 5, true, 0xFFFFFFF3u);   // wraps in batch 2
      compare_with_nohw(b, key_len, 0, true, 0xFFFFFFFFu);
    }
  }
}

}  // namespace
}  // namespace ctcrypto::internal
