// ghash_simd_test.cc: seam tests for the constant-time GHASH rows built
// without a 64-bit carry-less multiplier: "ssse3" (transposed Shoup tables
// looked up with PSHUFB) and "neon" (64x64 products from PMULL.8B /
// VMULL.P8). Each usable row other than nohw is compared with nohw on random
// keys and data (1..40 blocks, i.e. both sides of the NEON row's two-block
// step), split updates, degenerate keys (zero, all-ones, every single bit),
// and the GHASH of the GCM specification's test case 2.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/ghash.h"
#include "tests/test_util.h"

namespace {

using ctcrypto::internal::GhashRow;

std::vector<const GhashRow*> SimdRows() {
  std::vector<const GhashRow*> rows;
  const uint32_t caps = ctcrypto::internal::cpu_caps();
  for (size_t i = 0; i < ctcrypto::internal::kNumGhashRows; ++i) {
    const GhashRow* b = ctcrypto::internal::kGhashRows[i];
    if (std::strcmp(b->name, "ssse3") != 0 && std::strcmp(b->name, "neon") != 0)
      continue;
    if ((b->required_caps & caps) == b->required_caps) rows.push_back(b);
  }
  return rows;
}

// The portable row, linked directly (not in the aarch64 table).
const GhashRow* Nohw() { return &ctcrypto::internal::kGhashNohw; }

// Key: H set up for row `b` through internal::init_with_rows.
ctcrypto::GhashKey Key(const GhashRow* b, const uint8_t h[16]) {
  ctcrypto::GhashKey k;
  EXPECT_EQ(ctcrypto::internal::init_with_rows(
                k, std::span<const uint8_t, 16>(h, 16), b),
            ctcrypto::Status::kOk)
      << b->name;
  return k;
}

// Ghash: xi after hashing `blocks` blocks of `in` from `xi0` with row `b`.
std::vector<uint8_t> Ghash(const GhashRow* b, const uint8_t h[16],
                           const uint8_t xi0[16], const uint8_t* in,
                           size_t blocks) {
  const ctcrypto::GhashKey k = Key(b, h);
  std::vector<uint8_t> xi(xi0, xi0 + 16);
  b->update(&ctcrypto::internal::key_state(k), xi.data(), in, blocks);
  return xi;
}

using ctcrypto_test::Hex;

class GhashSimdTest : public testing::TestWithParam<const GhashRow*> {};

TEST_P(GhashSimdTest, RandomVsNohw) {
  std::mt19937 rng(1234);
  std::vector<uint8_t> data(16 * 40);
  for (int trial = 0; trial < 200; ++trial) {
    uint8_t h[16], xi0[16];
    for (auto& c : h) c = static_cast<uint8_t>(rng());
    for (auto& c : xi0) c = static_cast<uint8_t>(rng());
    for (auto& c : data) c = static_cast<uint8_t>(rng());
    size_t blocks = 1 + trial % 40;
    EXPECT_EQ(Ghash(GetParam(), h, xi0, data.data(), blocks),
              Ghash(Nohw(), h, xi0, data.data(), blocks))
        << "trial " << trial << ", " << blocks << " blocks";
  }
}

TEST_P(GhashSimdTest, SplitUpdates) {
  std::mt19937 rng(99);
  uint8_t h[16], xi0[16] = {0};
  for (auto& c : h) c = static_cast<uint8_t>(rng());
  std::vector<uint8_t> data(16 * 40);
  for (auto& c : data) c = static_cast<uint8_t>(rng());
  const std::vector<uint8_t> whole = Ghash(Nohw(), h, xi0, data.data(), 40);
  const size_t splits[][4] = {{1, 39, 0, 0},   {2, 38, 0, 0}, {3, 5, 7, 25},
                              {16, 1, 16, 7},  {39, 1, 0, 0}, {17, 17, 5, 1},
                              {1, 1, 1, 37}};
  for (const auto& split : splits) {
    const ctcrypto::GhashKey k = Key(GetParam(), h);
    uint8_t xi[16] = {0};
    size_t off = 0;
    for (size_t n : split) {
      GetParam()->update(&ctcrypto::internal::key_state(k), xi,
                         data.data() + 16 * off, n);
      off += n;
    }
    ASSERT_EQ(off, 40u);
    EXPECT_EQ(std::vector<uint8_t>(xi, xi + 16), whole)
        << split[0] << "+" << split[1] << "+" << split[2] << "+" << split[3];
  }
  // Unaligned input.
  std::vector<uint8_t> shifted(data.size() + 1);
  std::memcpy(shifted.data() + 1, data.data(), data.size());
  EXPECT_EQ(Ghash(GetParam(), h, xi0, shifted.data() + 1, 40), whole);
}

TEST_P(GhashSimdTest, EdgeKeys) {
  std::mt19937 rng(7);
  std::vector<uint8_t> data(16 * 9);
  for (auto& c : data) c = static_cast<uint8_t>(rng());
  uint8_t xi0[16];
  for (auto& c : xi0) c = static_cast<uint8_t>(rng());
  std::vector<std::vector<uint8_t>> keys;
  keys.push_back(std::vector<uint8_t>(16, 0x00));
  keys.push_back(std::vector<uint8_t>(16, 0xff));
  for (int bit = 0; bit < 128; ++bit) {
    std::vector<uint8_t> k(16, 0);
    k[bit / 8] = static_cast<uint8_t>(0x80 >> (bit % 8));
    keys.push_back(k);
  }
  for (const auto& k : keys) {
    for (size_t blocks : {1, 2, 3, 8, 9}) {
      EXPECT_EQ(Ghash(GetParam(), k.data(), xi0, data.data(), blocks),
                Ghash(Nohw(), k.data(), xi0, data.data(), blocks))
          << "key byte pattern " << int(k[0]) << "..., " << blocks
          << " blocks";
    }
  }
  // Data all-ones with H all-ones: every partial product is populated.
  std::vector<uint8_t> ones(16 * 3, 0xff);
  EXPECT_EQ(Ghash(GetParam(), keys[1].data(), xi0, ones.data(), 3),
            Ghash(Nohw(), keys[1].data(), xi0, ones.data(), 3));
}

// McGrew-Viega GCM test case 2 (AES-128, key 0, IV 0, one zero block):
// H = E(0, 0^128); GHASH(H, {}, C) is the tag XOR E(K, Y0).
TEST_P(GhashSimdTest, GcmTestCase2) {
  const auto h = Hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
  auto in = Hex("0388dace60b6a392f328c2b971b2fe78");
  const auto lens = Hex("00000000000000000000000000000080");
  in.insert(in.end(), lens.begin(), lens.end());
  const uint8_t zero[16] = {0};
  EXPECT_EQ(Ghash(GetParam(), h.data(), zero, in.data(), 1),
            Hex("5e2ec746917062882c85b0685353deb7"));
  EXPECT_EQ(Ghash(GetParam(), h.data(), zero, in.data(), 2),
            Hex("f38cbb1ad69223dcc3457ae5b6b0f885"));
}

std::string RowName(const testing::TestParamInfo<const GhashRow*>& p) {
  return p.param->name;
}

INSTANTIATE_TEST_SUITE_P(Rows, GhashSimdTest, testing::ValuesIn(SimdRows()),
                         RowName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GhashSimdTest);

}  // namespace
