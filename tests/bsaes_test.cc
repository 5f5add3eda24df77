// bsaes_test.cc: seam tests of the bitsliced SIMD AES rows ("bsaes") and the
// vpaes+bsaes hybrid against the portable reference row through the seam
// harness (seam.h): every length around the 8-block batch (1..17, 23..25,
// 31..33, 63..65 blocks) and around the hybrid's threshold, counters
// wrapping inside a batch, unaligned buffers, in place; plus the key
// expansion and bitsliced key conversion against FIPS-197 Appendix A and
// the cipher against Appendix C.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "ctcrypto/aes.h"
#include "tests/rows.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto::internal {
namespace {

using ctcrypto_test::Bytes;
using ctcrypto_test::Hex;

std::vector<const AesRow*> rows_under_test() {
  std::vector<const AesRow*> rows;
  for (const char* name : {"bsaes", "vpaes+bsaes"}) {
    if (const AesRow* b = ctcrypto_test::UsableAesRow(name)) {
      rows.push_back(b);
    }
  }
  return rows;
}

std::vector<size_t> lengths() {
  std::vector<size_t> v;
  for (size_t n = 0; n <= 17; n++) v.push_back(n);
  for (size_t n : {23, 24, 25, 31, 32, 33, 63, 64, 65}) v.push_back(n);
  const size_t t = vpaes_bsaes_threshold_blocks();
  for (size_t n = t > 1 ? t - 1 : 0; n <= t + 1; n++) v.push_back(n);
  v.push_back(t + 7);
  v.push_back(t + 8);
  v.push_back(t + 9);
  return v;
}

// Which rows each build has is //tests:row_set_test's; here both must be.
TEST(Bsaes, RowsPresent) {
  // bsaes is shadowed by vpaes+bsaes (same capabilities): compiled in and
  // tested, but only vpaes+bsaes is in the library's table.
  EXPECT_NE(ctcrypto::internal::find_any_aes_row("bsaes"), nullptr);
  EXPECT_NE(find_aes_row("vpaes+bsaes"), nullptr);
  EXPECT_EQ(find_aes_row("bsaes"), nullptr);
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
    const Bytes key = Hex(c.key);
    uint8_t rk[kBsaesMaxRounds + 1][16];
    bsaes_expand_key(key.data(), key.size(), c.rounds, rk);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[0], key.data(), 16));
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[1], Hex(c.rk1).data(), 16)) << c.key;
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(rk[c.rounds], Hex(c.last).data(), 16)) << c.key;

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
  }
}

// FIPS-197 Appendix C through every row under test.
TEST(Bsaes, Fips197AppendixC) {
  const Bytes pt = Hex("00112233445566778899aabbccddeeff");
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
  for (const AesRow* b : rows_under_test()) {
    for (const Case& c : cases) {
      const Bytes key = Hex(c.key), ct = Hex(c.ct);
      ctcrypto::AesKey k;
      ASSERT_TRUE(ctcrypto_test::InitAesKey(&k, key, b));
      uint8_t out[16], back[16];
      k.encrypt_block(pt.data(), out);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, ct.data(), 16)) << b->name << " " << c.key;
      k.decrypt_block(out, back);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(back, pt.data(), 16)) << b->name << " " << c.key;
    }
  }
}

// Every mode, every length, against the reference row; cbc_encrypt (one
// block at a time anyway) up to 17 blocks.
TEST(Bsaes, AgainstReference) {
  const std::vector<const AesRow*> rows = rows_under_test();
  if (rows.empty()) GTEST_SKIP() << "no bsaes row usable here";
  const ctcrypto_test::SeamPlacement kPlacements[] = {
      {0, 3, false, 0x00000001u},
      {1, 4, false, 0xFFFFFFFBu},  // wraps in batch 1
      {5, 8, true, 0xFFFFFFF3u},   // wraps in batch 2
      {0, 3, true, 0xFFFFFFFFu},   // wraps after block 0
  };
  ctcrypto_test::AesSeamRun base;
  base.cbc_encrypt_max_blocks = 17;
  for (const AesRow* b : rows) {
    ctcrypto_test::CheckAesSeamsForKeySizes(b, base, kPlacements, lengths());
  }
}

}  // namespace
}  // namespace ctcrypto::internal
