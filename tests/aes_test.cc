// aes_test.cc: single-block AES (FIPS-197) on every usable row.
#include "ctcrypto/aes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/testing/explicit_rows.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesKey;
using ctcrypto::Status;
using ctcrypto::internal::AesKeyState;

class AesTest : public testing::TestWithParam<const AesRow*> {};

struct BlockVector {
  const char* key;
  const char* pt;
  const char* ct;
};

// FIPS-197 Appendix C.1-C.3 (and Appendix B for AES-128).
const BlockVector kFips197[] = {
    {"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
    {"2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"},
};

TEST_P(AesTest, Fips197AppendixC) {
  for (const auto& v : kFips197) {
    SCOPED_TRACE(v.key);
    Bytes key = Hex(v.key), pt = Hex(v.pt), ct = Hex(v.ct);
    AesKey k;
    ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
    EXPECT_EQ(ctcrypto::internal::key_state(k).key_len, key.size());
    EXPECT_EQ(ctcrypto::internal::key_state(k).rounds, key.size() / 4 + 6);
    uint8_t out[16];
    std::memset(out, 0xee, sizeof(out));
    k.encrypt_block(pt.data(), out);
    EXPECT_EQ(ToHex(out), v.ct);
    std::memset(out, 0xee, sizeof(out));
    k.decrypt_block(ct.data(), out);
    EXPECT_EQ(ToHex(out), v.pt);
    // In place.
    uint8_t buf[16];
    std::memcpy(buf, pt.data(), 16);
    k.encrypt_block(buf, buf);
    EXPECT_EQ(ToHex(buf), v.ct);
    k.decrypt_block(buf, buf);
    EXPECT_EQ(ToHex(buf), v.pt);
  }
}

// aes_tests.txt: the Raw records; the key-wrap records are counted here and
// run in key_wrap_test.cc.
TEST_P(AesTest, BoringSslAesTestsRaw) {
  size_t raw = 0, skipped_key_wrap = 0;
  size_t n = RunFileTest(
      "tests/testdata/aes_tests.txt", {"Mode", "Key", "Plaintext", "Ciphertext"},
      [&](FileTestRecord& r) {
        std::string mode = r.GetString("Mode");
        if (mode == "KeyWrap" || mode == "KeyWrapWithPadding") {
          ++skipped_key_wrap;
          r.MarkAllUsed();
          return;
        }
        ASSERT_EQ(mode, "Raw");
        ++raw;
        Bytes key = r.GetBytes("Key"), pt = r.GetBytes("Plaintext"),
              ct = r.GetBytes("Ciphertext");
        ASSERT_EQ(pt.size(), 16u);
        ASSERT_EQ(ct.size(), 16u);
        AesKey k;
        ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
        uint8_t out[16];
        k.encrypt_block(pt.data(), out);
        EXPECT_EQ(ToHex(out), ToHex(ct));
        k.decrypt_block(ct.data(), out);
        EXPECT_EQ(ToHex(out), ToHex(pt));
      });
  EXPECT_EQ(n, 11u);
  EXPECT_EQ(raw, 3u);
  EXPECT_EQ(skipped_key_wrap, 8u);
}

// Randomised comparison with the naive FIPS-197 model of reference.h (every
// row) and with the reference row (every other row), for all key sizes,
// plus decrypt(encrypt(x)) == x.
TEST_P(AesTest, RandomBlocksMatchReference) {
  const AesRow* ref = ReferenceAesRow();
  ASSERT_NE(ref, nullptr);
  const bool self = GetParam() == ref;
  std::mt19937 rng(TestSeed());
  const size_t kKeyLens[] = {16, 24, 32};
  for (int iter = 0; iter < 120; ++iter) {
    Bytes key = RandomBytes(rng, kKeyLens[iter % 3]);
    AesKey k, r;
    ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
    ASSERT_TRUE(InitAesKey(&r, key, ref));
    for (int b = 0; b < 4; ++b) {
      Bytes pt = RandomBytes(rng, 16);
      uint8_t c1[16], c2[16], back[16], d1[16], d2[16];
      k.encrypt_block(pt.data(), c1);
      ASSERT_EQ(ToHex(c1), ToHex(RefAesEncryptBlock(key, ToBlock(pt))))
          << "key " << ToHex(key);
      k.decrypt_block(c1, back);
      ASSERT_EQ(ToHex(back), ToHex(pt)) << "key " << ToHex(key);
      // Decrypting random data must agree too (decryption key schedule).
      k.decrypt_block(pt.data(), d1);
      ASSERT_EQ(ToHex(d1), ToHex(RefAesDecryptBlock(key, ToBlock(pt))))
          << "key " << ToHex(key);
      if (self) continue;
      r.encrypt_block(pt.data(), c2);
      ASSERT_EQ(ToHex(c1), ToHex(c2)) << "key " << ToHex(key);
      r.decrypt_block(pt.data(), d2);
      ASSERT_EQ(ToHex(d1), ToHex(d2)) << "key " << ToHex(key);
    }
  }
}

// One key object re-initialised with keys of every size.
TEST_P(AesTest, ReinitWithOtherKeySizes) {
  AesKey k;
  for (const auto& v : {kFips197[2], kFips197[0], kFips197[1], kFips197[3]}) {
    SCOPED_TRACE(v.key);
    Bytes key = Hex(v.key), pt = Hex(v.pt);
    ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
    uint8_t out[16];
    k.encrypt_block(pt.data(), out);
    EXPECT_EQ(ToHex(out), v.ct);
  }
}

TEST_P(AesTest, WrongKeyLengths) {
  const Bytes big(64, 0x42);
  for (size_t len : {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64}) {
    SCOPED_TRACE(len);
    AesKey k;
    EXPECT_EQ(ctcrypto::internal::init_with_rows(
                  k, std::span<const uint8_t>(big.data(), len), GetParam()),
              Status::kInvalidKeyLength);
    EXPECT_FALSE(k.initialized());
    EXPECT_STREQ(k.row_name(), "none");
  }
  // A null pointer with length 0 is just an empty key.
  AesKey k;
  EXPECT_EQ(ctcrypto::internal::init_with_rows(k, std::span<const uint8_t>(),
                                               GetParam()),
            Status::kInvalidKeyLength);
  EXPECT_FALSE(k.initialized());
}

// AesRow::set_encrypt_key: the encryption schedule only. Into storage
// poisoned with 0xa5, it must write only the prefix it reports, equal to
// set_key's, and every encryption entry must give set_key's results (so none
// reads the decryption schedule). Decryption with such a key is not allowed;
// the last check shows it really has no decryption schedule. Rows whose
// decryption schedule costs must have the entry; losing it fails here.
TEST_P(AesTest, EncryptOnlyKeySetUp) {
  const AesRow* row = GetParam();
  const std::string name = row->name;
  const bool expected = name == "aesni" || name == "vaes" ||
                        name == "armv8" || name == "vpaes" ||
                        name == "vpaes+bsaes";
  ASSERT_EQ(row->set_encrypt_key != nullptr, expected) << name;
  if (!expected) return;
  std::mt19937 rng(TestSeed() + 7);
  const size_t kKeyLens[] = {16, 24, 32};
  int checked = 0;
  for (int iter = 0; iter < 30; ++iter) {
    const size_t key_len = kKeyLens[iter % 3];
    Bytes key = RandomBytes(rng, key_len);
    alignas(64) AesKeyState full, enc;
    for (AesKeyState* st : {&full, &enc}) {
      std::memset(st->storage, 0xa5, sizeof(st->storage));
      st->key_len = static_cast<uint32_t>(key_len);
      st->rounds = static_cast<uint32_t>(key_len / 4 + 6);
      st->row = row;
    }
    row->set_key(&full, key.data(), key_len);
    const size_t n = row->set_encrypt_key(&enc, key.data(), key_len);
    ASSERT_GT(n, 0u);
    ASSERT_LT(n, sizeof(enc.storage));
    ASSERT_EQ(std::memcmp(enc.storage, full.storage, n), 0) << name;
    for (size_t i = n; i < sizeof(enc.storage); ++i)
      ASSERT_EQ(enc.storage[i], 0xa5) << "byte " << i;

    Bytes pt = RandomBytes(rng, 16 * 37);
    Block ctr = ToBlock(RandomBytes(rng, 16));
    uint8_t c1[16];
    row->encrypt_block(&enc, pt.data(), c1);
    ASSERT_EQ(ToHex(c1), ToHex(RefAesEncryptBlock(key, ToBlock(pt))));
    Bytes a(pt.size()), b(pt.size());
    row->ctr32(&enc, pt.data(), a.data(), 37, ctr.data());
    row->ctr32(&full, pt.data(), b.data(), 37, ctr.data());
    ASSERT_EQ(ToHex(a), ToHex(b));
    Block iv1 = ctr, iv2 = ctr;
    row->cbc_encrypt(&enc, pt.data(), a.data(), 37, iv1.data());
    row->cbc_encrypt(&full, pt.data(), b.data(), 37, iv2.data());
    ASSERT_EQ(ToHex(a), ToHex(b));
    if (row->ecb_encrypt) {
      row->ecb_encrypt(&enc, pt.data(), a.data(), 37);
      row->ecb_encrypt(&full, pt.data(), b.data(), 37);
      ASSERT_EQ(ToHex(a), ToHex(b));
    }
    uint8_t d[16];
    ctcrypto::internal::aes_decrypt_row_of(row)->decrypt_block(&enc, c1, d);
    EXPECT_NE(ToHex(d), ToHex(Bytes(pt.begin(), pt.begin() + 16)));
    ++checked;
  }
  EXPECT_EQ(checked, 30);
}

CTCRYPTO_INSTANTIATE_AES_ROWS(AesTest);

// Row-independent behaviour.

// The naive model the randomised tests trust: FIPS-197 Appendix C, and the
// last round keys of the Appendix A expansions.
TEST(AesReferenceModelTest, Fips197) {
  for (const auto& v : kFips197) {
    SCOPED_TRACE(v.key);
    const Bytes key = Hex(v.key);
    EXPECT_EQ(ToHex(RefAesEncryptBlock(key, ToBlock(Hex(v.pt)))), v.ct);
    EXPECT_EQ(ToHex(RefAesDecryptBlock(key, ToBlock(Hex(v.ct)))), v.pt);
  }
  struct {
    const char* key;
    const char* last;
  } kAppendixA[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "e98ba06f448c773c8ecc720401002202"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "fe4890d1e6188d0b046df344706c631e"},
  };
  for (const auto& c : kAppendixA) {
    const Bytes w = RefAesExpandKey(Hex(c.key));
    ASSERT_GE(w.size(), 16u);
    EXPECT_EQ(ToHex(std::span<const uint8_t>(w.data() + w.size() - 16, 16)),
              c.last);
  }
}

TEST(AesKeyTest, UninitialisedKeyDoesNothing) {
  AesKey k;
  EXPECT_FALSE(k.initialized());
  EXPECT_STREQ(k.row_name(), "none");
  uint8_t in[16] = {1, 2, 3};
  uint8_t out[16];
  std::memset(out, 0x5a, sizeof(out));
  k.encrypt_block(in, out);
  for (uint8_t b : out) ASSERT_EQ(b, 0x5a);
  k.decrypt_block(in, out);
  for (uint8_t b : out) ASSERT_EQ(b, 0x5a);
}

TEST(AesKeyTest, NullRowIsUnsupported) {
  Bytes key = Hex(kFips197[0].key);
  AesKey k;
  EXPECT_EQ(ctcrypto::internal::init_with_rows(k, key, nullptr),
            Status::kUnsupported);
  EXPECT_FALSE(k.initialized());
  EXPECT_FALSE(ctcrypto::internal::aes_row_usable(nullptr));
}

// Rows compiled in but not runnable here are refused, not run.
TEST(AesKeyTest, UnusableRowsAreRefused) {
  Bytes key = Hex(kFips197[0].key);
  size_t unusable = 0;
  for (const AesRow* b : AllAesRows()) {
    if (ctcrypto::internal::aes_row_usable(b)) continue;
    ++unusable;
    AesKey k;
    EXPECT_EQ(ctcrypto::internal::init_with_rows(k, key, b),
              Status::kUnsupported)
        << b->name;
    EXPECT_FALSE(k.initialized()) << b->name;
  }
  RecordProperty("unusable_rows", static_cast<int>(unusable));
}

TEST(AesKeyTest, DefaultInitUsesSelectedRow) {
  Bytes key = Hex(kFips197[0].key);
  AesKey k;
  ASSERT_EQ(k.init(key), Status::kOk);
  ASSERT_TRUE(k.initialized());
  const AesRow* sel = ctcrypto::internal::select_aes_row(
      ctcrypto::internal::cpu_caps());
  ASSERT_NE(sel, nullptr);
  EXPECT_STREQ(k.row_name(), sel->name);
  uint8_t out[16];
  k.encrypt_block(Hex(kFips197[0].pt).data(), out);
  EXPECT_EQ(ToHex(out), kFips197[0].ct);
  AesKey bad;
  EXPECT_EQ(bad.init(Bytes(17, 0)), Status::kInvalidKeyLength);
  EXPECT_FALSE(bad.initialized());
}

}  // namespace
}  // namespace ctcrypto_test
