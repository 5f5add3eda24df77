// vpaes_test.cc: seam tests for the vpaes row (crypto/aes/vpaes_core.h).
//
// The shared suites run every vector set against every row; this file covers
// what is particular to vpaes: its two-block interleave (ctr32 and
// cbc_decrypt run pairs plus a lone tail block, so odd counts, 1/2/3 blocks
// and a 32-bit counter wrap falling between the two blocks of a pair), all
// key sizes and the deferred-ShiftRows round keys (every round count mod 4),
// in place and unaligned buffers (through the seam harness, seam.h),
// randomised comparison with the reference row, and the
// key export used by the vpaes+bsaes hybrid (FIPS-197 Appendix A expansions).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/cpu/cpu.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aes.h"
#include "tests/rows.h"
#include "tests/reference.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesKey;
using ctcrypto::internal::kAesVpaes;

bool VpaesUsable() {
  return (ctcrypto::internal::cpu_caps() & kAesVpaes.required_caps) ==
         kAesVpaes.required_caps;
}

#define SKIP_IF_UNUSABLE() \
  if (!VpaesUsable()) GTEST_SKIP() << "CPU lacks vpaes capabilities"

// Fill: `n` bytes from `rng` into p.
void Fill(std::mt19937& rng, uint8_t* p, size_t n) {
  const Bytes b = RandomBytes(rng, n);
  copy_bytes(p, b.data(), n);
}

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
    AesKey k;
    ASSERT_TRUE(InitAesKey(&k, key, &kAesVpaes));
    uint8_t ct[16], back[16];
    k.encrypt_block(pt.data(), ct);
    EXPECT_EQ(0, std::memcmp(ct, want.data(), 16)) << "key size " << key.size();
    k.decrypt_block(ct, back);
    EXPECT_EQ(0, std::memcmp(back, pt.data(), 16)) << "key size " << key.size();
    // In place.
    uint8_t buf[16];
    std::memcpy(buf, pt.data(), 16);
    k.encrypt_block(buf, buf);
    EXPECT_EQ(0, std::memcmp(buf, want.data(), 16));
    k.decrypt_block(buf, buf);
    EXPECT_EQ(0, std::memcmp(buf, pt.data(), 16));
  }
}

// FIPS-197 Appendix A: the expansion examples, checked on their last words
// and, through the naive expansion of reference.h, on every round key.
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
    AesKey k;
    ASSERT_TRUE(InitAesKey(&k, key, &kAesVpaes));
    const uint32_t rounds = ctcrypto::internal::key_state(k).rounds;
    uint8_t rk[15][16];
    std::memset(rk, 0xAA, sizeof(rk));
    ctcrypto::internal::vpaes_export_enc_round_keys(
        &ctcrypto::internal::key_state(k), rk);
    EXPECT_EQ(0, std::memcmp(rk[rounds], last.data(), 16)) << c.key;
    const Bytes w = RefAesExpandKey(key);
    ASSERT_EQ(w.size(), 16u * (rounds + 1));
    for (uint32_t r = 0; r <= rounds; r++)
      EXPECT_EQ(0, std::memcmp(rk[r], w.data() + 16 * r, 16)) << c.key << " round " << r;
    for (uint32_t r = rounds + 1; r < 15; r++)
      EXPECT_EQ(0xAA, rk[r][0]) << "row past the last round written";
  }
}

TEST(Vpaes, ExportRandomKeys) {
  SKIP_IF_UNUSABLE();
  std::mt19937 rng(TestSeed() + 1);
  for (int it = 0; it < 60; it++) {
    const size_t len = 16 + 8 * (it % 3);
    const Bytes key = RandomBytes(rng, len);
    uint8_t rk[15][16];
    AesKey k;
    ASSERT_TRUE(InitAesKey(&k, key, &kAesVpaes));
    ctcrypto::internal::vpaes_export_enc_round_keys(
        &ctcrypto::internal::key_state(k), rk);
    const Bytes w = RefAesExpandKey(key);
    for (uint32_t r = 0; r <= ctcrypto::internal::key_state(k).rounds; r++)
      ASSERT_EQ(0, std::memcmp(rk[r], w.data() + 16 * r, 16)) << "round " << r;
  }
}

// Single blocks against the reference row, every key size, random keys
// and data.
TEST(Vpaes, BlocksVsReference) {
  SKIP_IF_UNUSABLE();
  std::mt19937 rng(TestSeed() + 2);
  for (int it = 0; it < 300; it++) {
    const size_t len = 16 + 8 * (it % 3);
    const Bytes key = RandomBytes(rng, len);
    uint8_t in[16], a[16], b[16];
    Fill(rng, in, 16);
    AesKey kv, kr;
    ASSERT_TRUE(InitAesKey(&kv, key, &kAesVpaes));
    ASSERT_TRUE(InitAesKey(&kr, key, ReferenceAesRow()));
    kv.encrypt_block(in, a);
    kr.encrypt_block(in, b);
    ASSERT_EQ(0, std::memcmp(a, b, 16));
    kv.decrypt_block(in, a);
    kr.decrypt_block(in, b);
    ASSERT_EQ(0, std::memcmp(a, b, 16));
  }
}

// Special bytes: all-zero and all-one states and keys reach the
// "infinity" cases of the nibble inversion in every position.
TEST(Vpaes, EdgeBytesVsReference) {
  SKIP_IF_UNUSABLE();
  const uint8_t fills[] = {0x00, 0xff, 0x01, 0x10, 0x11, 0x63, 0x52};
  for (size_t len : {16, 24, 32}) {
    for (uint8_t kf : fills) {
      const Bytes key(len, kf);
      AesKey kv, kr;
      ASSERT_TRUE(InitAesKey(&kv, key, &kAesVpaes));
      ASSERT_TRUE(InitAesKey(&kr, key, ReferenceAesRow()));
      for (int v = 0; v < 256; v++) {
        uint8_t in[16], a[16], b[16];
        std::memset(in, v, 16);
        kv.encrypt_block(in, a);
        kr.encrypt_block(in, b);
        ASSERT_EQ(0, std::memcmp(a, b, 16)) << len << " " << int(kf) << " " << v;
        kv.decrypt_block(in, a);
        kr.decrypt_block(in, b);
        ASSERT_EQ(0, std::memcmp(a, b, 16)) << len << " " << int(kf) << " " << v;
      }
    }
  }
}

const size_t kCounts[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,  15,
                          16, 17, 31, 32, 33, 63, 64, 65, 100};

// ctr32 across block counts, counter wraps (also between the two blocks of
// a pair), unaligned and in place, against the reference row.
TEST(Vpaes, Ctr32VsReference) {
  SKIP_IF_UNUSABLE();
  std::vector<SeamPlacement> placements;
  for (uint32_t start : {0u, 1u, 0x7fffffffu, 0xfffffffeu, 0xffffffffu,
                         0xfffffffdu, 0xfffffff0u}) {
    for (size_t off : {0, 1, 3}) {
      for (bool in_place : {false, true}) {
        placements.push_back({off, off ? 8 - off : 0, in_place, start});
      }
    }
  }
  AesSeamRun base;
  base.cbc_decrypt = false;
  base.cbc_encrypt_max_blocks = 0;
  base.seed = 3;
  CheckAesSeamsForKeySizes(&kAesVpaes, base, placements, kCounts);
}

// Splitting a ctr32 stream at odd points gives the same keystream.
TEST(Vpaes, Ctr32Splits) {
  SKIP_IF_UNUSABLE();
  std::mt19937 rng(TestSeed() + 4);
  uint8_t ctr[16], in[16 * 9], whole[16 * 9], parts[16 * 9];
  const Bytes key = RandomBytes(rng, 16);
  Fill(rng, ctr, 12);
  SetCounterTail(ctr, 0xfffffffcu);
  Fill(rng, in, sizeof(in));
  AesKey k;
  ASSERT_TRUE(InitAesKey(&k, key, &kAesVpaes));
  const ctcrypto::internal::AesKeyState* s = &ctcrypto::internal::key_state(k);
  kAesVpaes.ctr32(s, in, whole, 9, ctr);
  for (size_t first = 0; first <= 9; first++) {
    kAesVpaes.ctr32(s, in, parts, first, ctr);
    uint8_t c2[16];
    std::memcpy(c2, ctr, 16);
    SetCounterTail(c2, 0xfffffffcu + static_cast<uint32_t>(first));
    kAesVpaes.ctr32(s, in + 16 * first, parts + 16 * first, 9 - first, c2);
    ASSERT_EQ(0, std::memcmp(whole, parts, sizeof(whole))) << first;
  }
}

// CBC both ways across block counts (pairs plus a lone block), unaligned
// and in place, against the reference row, including the IV update.
TEST(Vpaes, CbcVsReference) {
  SKIP_IF_UNUSABLE();
  const SeamPlacement kPlacements[] = {
      {0, 0, false, 1}, {0, 0, true, 1}, {5, 0, false, 1}, {5, 0, true, 1}};
  AesSeamRun base;
  base.ctr32 = false;
  base.seed = 5;
  CheckAesSeamsForKeySizes(&kAesVpaes, base, kPlacements, kCounts);
}

}  // namespace
}  // namespace ctcrypto_test
