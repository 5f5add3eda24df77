// ghash_test.cc: GHASH on every usable GHASH row: GCM-spec values, the
// row contract, streaming in odd splits, pad(), and randomised
// comparison with the bitwise reference and the reference row.
#include "ctcrypto/ghash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "crypto/cpu/cpu.h"
#include "crypto/testing/explicit_rows.h"
#include "tests/rows.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::Ghash;
using ctcrypto::GhashKey;
using ctcrypto::Status;
using ctcrypto::internal::GhashKeyExtent;
using ctcrypto::internal::GhashKeyState;

class GhashTest : public testing::TestWithParam<const GhashRow*> {
 protected:
  void MakeKey(GhashKey* k, const Block& h) {
    ASSERT_TRUE(InitGhashKey(k, std::span<const uint8_t, 16>(h), GetParam()));
  }
};

Block Finish(Ghash& g) {
  Block out;
  out.fill(0xee);
  g.finish(std::span<uint8_t, 16>(out));
  return out;
}

Bytes LengthBlock(uint64_t ad_bytes, uint64_t ct_bytes) {
  Bytes b(16);
  for (int i = 0; i < 8; ++i) {
    b[7 - i] = static_cast<uint8_t>((ad_bytes * 8) >> (8 * i));
    b[15 - i] = static_cast<uint8_t>((ct_bytes * 8) >> (8 * i));
  }
  return b;
}

// McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 2 and 4:
// GHASH(H, A, C) with H = E_K(0^128).
TEST_P(GhashTest, GcmSpecTestCase2) {
  GhashKey k;
  MakeKey(&k, ToBlock(Hex("66e94bd4ef8a2c3b884cfa59ca342b2e")));
  Ghash g(k);
  g.update(Hex("0388dace60b6a392f328c2b971b2fe78"));
  g.update(LengthBlock(0, 16));
  EXPECT_EQ(ToHex(Finish(g)), "f38cbb1ad69223dcc3457ae5b6b0f885");
}

TEST_P(GhashTest, GcmSpecTestCase4) {
  GhashKey k;
  MakeKey(&k, ToBlock(Hex("b83b533708bf535d0aa6e52980d53b78")));
  const Bytes a = Hex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
  const Bytes c = Hex(
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
      "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091");
  Ghash g(k);
  g.update(a);
  g.pad();
  g.update(c);
  g.pad();
  g.update(LengthBlock(a.size(), c.size()));
  EXPECT_EQ(ToHex(Finish(g)), "698e57f70e6ecc7fd9463b7260a9ae5f");
  // The bitwise reference agrees (so it can be trusted below).
  Block h = ToBlock(Hex("b83b533708bf535d0aa6e52980d53b78"));
  Block x = RefGhash(h, a);
  x = RefGhash(h, c, x);
  x = RefGhash(h, LengthBlock(a.size(), c.size()), x);
  EXPECT_EQ(ToHex(x), "698e57f70e6ecc7fd9463b7260a9ae5f");
}

TEST_P(GhashTest, EmptyInputGivesZero) {
  GhashKey k;
  MakeKey(&k, ToBlock(Hex("66e94bd4ef8a2c3b884cfa59ca342b2e")));
  Ghash g(k);
  EXPECT_EQ(ToHex(Finish(g)), std::string(32, '0'));
  Ghash g2(k);
  g2.update({});
  g2.pad();
  g2.pad();
  EXPECT_EQ(ToHex(Finish(g2)), std::string(32, '0'));
}

// The row's update() directly: xi = (xi ^ X) * H per block, for
// block counts 0..20 (covering any aggregated 2/4/8-block path and its
// remainder) and a non-zero starting xi.
TEST_P(GhashTest, RowUpdateContract) {
  std::mt19937 rng(TestSeed() + 10);
  for (int iter = 0; iter < 8; ++iter) {
    Block h = ToBlock(RandomBytes(rng, 16));
    if (iter == 0) h = Block{};         // H = 0
    if (iter == 1) h.fill(0xff);        // H = all ones
    if (iter == 2) { h = Block{}; h[0] = 0x80; }  // H = 1 (the identity)
    GhashKey k;
    MakeKey(&k, h);
    for (size_t blocks = 0; blocks <= 20; ++blocks) {
      Bytes data = RandomBytes(rng, blocks * 16);
      Block xi0 = ToBlock(RandomBytes(rng, 16));
      Block xi = xi0;
      GetParam()->update(&ctcrypto::internal::key_state(k), xi.data(),
                         data.data(), blocks);
      ASSERT_EQ(ToHex(xi), ToHex(RefGhash(h, data, xi0)))
          << "blocks " << blocks << " iter " << iter;
    }
  }
}

TEST_P(GhashTest, IdentityKey) {
  // H = 1 (bit-reflected: 0x80 in byte 0): GHASH is the XOR of the blocks.
  Block h{};
  h[0] = 0x80;
  GhashKey k;
  MakeKey(&k, h);
  Bytes data = Hex(
      "0102030405060708090a0b0c0d0e0f10"
      "1111111111111111111111111111111f");
  Ghash g(k);
  g.update(data);
  EXPECT_EQ(ToHex(Finish(g)), "1013121514171619181b1a1d1c1f1e0f");
}

TEST_P(GhashTest, StreamingOddSplitsEqualsOneShot) {
  std::mt19937 rng(TestSeed() + 11);
  GhashKey k;
  Block h = ToBlock(RandomBytes(rng, 16));
  MakeKey(&k, h);
  const size_t kSplits[] = {1, 3, 5, 7, 15, 17, 31, 33, 2, 16, 0, 13, 64, 129};
  for (size_t len : {0, 1, 15, 16, 17, 100, 255, 256, 257, 1000}) {
    SCOPED_TRACE(len);
    Bytes data = RandomBytes(rng, len);
    Ghash one(k);
    one.update(data);
    Block want = Finish(one);
    ASSERT_EQ(ToHex(want), ToHex(RefGhash(h, data)));
    for (size_t s = 0; s < std::size(kSplits); ++s) {
      Ghash g(k);
      size_t off = 0, i = s;
      while (off < len) {
        size_t n = std::min(kSplits[i++ % std::size(kSplits)], len - off);
        g.update(std::span<const uint8_t>(data.data() + off, n));
        off += n;
      }
      ASSERT_EQ(ToHex(Finish(g)), ToHex(want)) << "split pattern " << s;
    }
    // Byte by byte.
    Ghash g(k);
    for (size_t i = 0; i < len; ++i) {
      g.update(std::span<const uint8_t>(data.data() + i, 1));
    }
    ASSERT_EQ(ToHex(Finish(g)), ToHex(want));
  }
}

// pad() zero-pads a pending partial block and is a no-op otherwise.
TEST_P(GhashTest, PadSemantics) {
  std::mt19937 rng(TestSeed() + 12);
  GhashKey k;
  Block h = ToBlock(RandomBytes(rng, 16));
  MakeKey(&k, h);
  for (size_t alen : {0, 1, 5, 15, 16, 17, 32, 40}) {
    for (size_t blen : {0, 1, 16, 23}) {
      SCOPED_TRACE(testing::Message() << alen << "," << blen);
      Bytes a = RandomBytes(rng, alen), b = RandomBytes(rng, blen);
      Ghash g(k);
      // Feed A in two pieces so that pad() has a partial block to handle.
      g.update(std::span<const uint8_t>(a.data(), alen / 2));
      g.update(std::span<const uint8_t>(a.data() + alen / 2, alen - alen / 2));
      g.pad();
      g.pad();  // a second pad adds nothing
      g.update(b);
      Block want = RefGhash(h, b, RefGhash(h, a));
      ASSERT_EQ(ToHex(Finish(g)), ToHex(want));
    }
  }
}

TEST_P(GhashTest, RandomMatchesReference) {
  const GhashRow* ref_row = ReferenceGhashRow();
  ASSERT_NE(ref_row, nullptr);
  std::mt19937 rng(TestSeed() + 13);
  for (int iter = 0; iter < 150; ++iter) {
    SCOPED_TRACE(iter);
    Block h = ToBlock(RandomBytes(rng, 16));
    GhashKey k, r;
    MakeKey(&k, h);
    ASSERT_TRUE(InitGhashKey(&r, std::span<const uint8_t, 16>(h), ref_row));
    Bytes data = RandomBytes(rng, rng() % 600);
    Ghash a(k), b(r);
    size_t cut = data.empty() ? 0 : rng() % data.size();
    a.update(std::span<const uint8_t>(data.data(), cut));
    a.update(std::span<const uint8_t>(data.data() + cut, data.size() - cut));
    b.update(data);
    Block got = Finish(a);
    ASSERT_EQ(ToHex(got), ToHex(Finish(b)));
    ASSERT_EQ(ToHex(got), ToHex(RefGhash(h, data)));
  }
}

TEST_P(GhashTest, LargeInput) {
  std::mt19937 rng(TestSeed() + 14);
  GhashKey k;
  Block h = ToBlock(RandomBytes(rng, 16));
  MakeKey(&k, h);
  Bytes data = RandomBytes(rng, 16384 + 15);
  Ghash g(k);
  g.update(data);
  EXPECT_EQ(ToHex(Finish(g)), ToHex(RefGhash(h, data)));
}

// GhashRow::init_powers: a key set up for calls of at most m blocks
// hashes like the full key in every such call, and writes only the bytes it
// reports. Every row has the entry (GCM-SIV's per-message cost and exact
// wipe depend on it); a row that loses it fails here.
TEST_P(GhashTest, InitPowersForShortCalls) {
  const GhashRow* row = GetParam();
  const std::string name = row->name;
  ASSERT_NE(row->init_powers, nullptr) << name;
  std::mt19937 rng(TestSeed() + 20);
  const size_t kMax[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 40};
  size_t checked = 0;
  for (size_t m : kMax) {
    Block h = ToBlock(RandomBytes(rng, 16));
    alignas(64) GhashKeyState st;
    std::memset(st.storage, 0x5a, sizeof(st.storage));
    const GhashKeyExtent ext = row->init_powers(&st, h.data(), m);
    st.row = row;
    std::vector<bool> written(sizeof(st.storage), false);
    for (int r = 0; r < 2; ++r) {
      ASSERT_LE(ext.offset[r] + ext.len[r], sizeof(st.storage)) << m;
      for (size_t i = 0; i < ext.len[r]; ++i) written[ext.offset[r] + i] = true;
    }
    for (size_t i = 0; i < sizeof(st.storage); ++i) {
      if (!written[i]) {
        ASSERT_EQ(st.storage[i], 0x5a) << "m " << m << " byte " << i;
      }
    }
    // 23 totals: 0..8 one by one, then growing steps up to 70 blocks.
    for (size_t total = 0; total <= 70; total += 1 + total / 8) {
      Bytes data = RandomBytes(rng, 16 * total);
      Block xi0 = ToBlock(RandomBytes(rng, 16));
      Block xi = xi0;
      for (size_t pos = 0; pos < total;) {
        size_t n = std::uniform_int_distribution<size_t>(1, m)(rng);
        if (rng() % 2) n = m;  // the largest call, as GCM-SIV makes
        n = std::min(n, total - pos);
        row->update(&st, xi.data(), data.data() + 16 * pos, n);
        pos += n;
      }
      ASSERT_EQ(ToHex(xi), ToHex(RefGhash(h, data, xi0)))
          << "m " << m << " blocks " << total;
      ++checked;
    }
  }
  EXPECT_EQ(checked, std::size(kMax) * 23u);
}

CTCRYPTO_INSTANTIATE_GHASH_ROWS(GhashTest);

TEST(GhashKeyTest, NullAndUninitialised) {
  GhashKey k;
  EXPECT_FALSE(k.initialized());
  Block h{};
  EXPECT_NE(ctcrypto::internal::init_with_rows(
                k, std::span<const uint8_t, 16>(h), nullptr),
            Status::kOk);
  EXPECT_FALSE(k.initialized());
  EXPECT_FALSE(ctcrypto::internal::ghash_row_usable(nullptr));
}

TEST(GhashKeyTest, DefaultInitUsesSelectedRow) {
  GhashKey k;
  Block h = ToBlock(Hex("66e94bd4ef8a2c3b884cfa59ca342b2e"));
  ASSERT_EQ(k.init(std::span<const uint8_t, 16>(h)), Status::kOk);
  const GhashRow* sel = ctcrypto::internal::select_ghash_row(
      ctcrypto::internal::cpu_caps());
  ASSERT_NE(sel, nullptr);
  EXPECT_STREQ(k.row_name(), sel->name);
  Ghash g(k);
  g.update(Hex("0388dace60b6a392f328c2b971b2fe78"));
  g.update(LengthBlock(0, 16));
  EXPECT_EQ(ToHex(Finish(g)), "f38cbb1ad69223dcc3457ae5b6b0f885");
}

}  // namespace
}  // namespace ctcrypto_test
