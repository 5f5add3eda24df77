// cmac_test.cc: AES-CMAC (AesCmac, AesCmacContext) on every usable AES row:
// Wycheproof aes_cmac_test.json in full, the NIST CAVP CMAC files (as
// BoringSSL ships them), the RFC 4493 examples, randomised comparison with
// the naive reference on random lengths and random update splits, tag
// truncation and tampering, and argument misuse. Record counts asserted.
#include "ctcrypto/cmac.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "crypto/testing/explicit_rows.h"
#include "tests/rows.h"
#include "tests/ccm_cmac_reference.h"
#include "tests/file_test.h"
#include "tests/json.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesCmac;
using ctcrypto::AesCmacContext;
using ctcrypto::Status;

class CmacTest : public testing::TestWithParam<const AesRow*> {
 protected:
  void MakeCmac(AesCmac* m, const Bytes& key) {
    ASSERT_EQ(ctcrypto::internal::init_with_rows(*m, key, GetParam()),
              Status::kOk);
    ASSERT_STREQ(m->aes_key().row_name(), GetParam()->name);
  }
};

Bytes Mac(const AesCmac& m, const Bytes& msg, size_t tag_len = 16) {
  Bytes tag(tag_len);
  EXPECT_EQ(m.mac(msg, tag), Status::kOk);
  return tag;
}

TEST_P(CmacTest, WycheproofAesCmacTestJson) {
  std::string text;
  ASSERT_TRUE(ReadWholeFile(TestDataPath("tests/testdata/aes_cmac_test.json"),
                            &text));
  JsonValue root;
  std::string err;
  ASSERT_TRUE(ParseJson(text, &root, &err)) << err;
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-CMAC");
  size_t processed = 0, valid = 0, modified = 0, bad_key = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("type")->as_string(), "MacTest");
    const size_t tag_bits = static_cast<size_t>(group.Get("tagSize")->as_int());
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      Bytes key, msg, tag;
      ASSERT_TRUE(HexToBytes(t.Get("key")->as_string(), &key));
      ASSERT_TRUE(HexToBytes(t.Get("msg")->as_string(), &msg));
      ASSERT_TRUE(HexToBytes(t.Get("tag")->as_string(), &tag));
      const std::string result = t.Get("result")->as_string();
      bool invalid_key = false;
      for (const auto& f : t.Get("flags")->array())
        if (f.as_string() == "InvalidKeySize") invalid_key = true;
      AesCmac m;
      if (invalid_key) {
        ASSERT_EQ(result, "invalid");
        ++bad_key;
        EXPECT_EQ(ctcrypto::internal::init_with_rows(m, key, GetParam()),
                  Status::kInvalidKeyLength);
        EXPECT_FALSE(m.initialized());
        continue;
      }
      MakeCmac(&m, key);
      ASSERT_EQ(tag.size() * 8, tag_bits);
      if (result == "valid") {
        ++valid;
        EXPECT_EQ(ToHex(Mac(m, msg, tag.size())), ToHex(tag));
        EXPECT_EQ(m.verify(msg, tag), Status::kOk);
      } else {
        ASSERT_EQ(result, "invalid");
        ++modified;
        EXPECT_EQ(m.verify(msg, tag), Status::kAuthenticationFailed);
        EXPECT_NE(ToHex(Mac(m, msg, tag.size())), ToHex(tag));
      }
    }
  }
  EXPECT_EQ(processed,
            static_cast<size_t>(root.Get("numberOfTests")->as_int()));
  EXPECT_EQ(processed, 311u);
  EXPECT_EQ(valid, 63u);
  EXPECT_EQ(modified, 243u);
  EXPECT_EQ(bad_key, 5u);
}

TEST_P(CmacTest, NistCavpFiles) {
  struct File {
    const char* path;
    size_t key_len, records, pass;
  };
  const File kFiles[] = {
      {"tests/testdata/cavp_aes128_cmac_tests.txt", 16, 240, 48},
      {"tests/testdata/cavp_aes192_cmac_tests.txt", 24, 300, 60},
      {"tests/testdata/cavp_aes256_cmac_tests.txt", 32, 240, 48},
  };
  for (const auto& f : kFiles) {
    SCOPED_TRACE(f.path);
    size_t pass = 0;
    size_t n = RunFileTest(
        f.path, {"Count", "Klen", "Mlen", "Tlen", "Key", "Msg", "Mac", "Result"},
        [&](FileTestRecord& r) {
          r.GetString("Count");
          const size_t klen = std::stoul(r.GetString("Klen"));
          const size_t mlen = std::stoul(r.GetString("Mlen"));
          const size_t tlen = std::stoul(r.GetString("Tlen"));
          const Bytes key = r.GetBytes("Key"), mac = r.GetBytes("Mac");
          Bytes msg = r.GetBytes("Msg");
          // CAVP writes the empty message as "00" with Mlen = 0.
          ASSERT_TRUE(msg.size() == mlen || (mlen == 0 && msg.size() == 1));
          msg.resize(mlen);
          ASSERT_EQ(klen, f.key_len);
          ASSERT_EQ(key.size(), klen);
          ASSERT_EQ(mac.size(), tlen);
          const std::string result = r.GetString("Result");
          AesCmac m;
          MakeCmac(&m, key);
          if (result[0] == 'P') {
            ++pass;
            EXPECT_EQ(m.verify(msg, mac), Status::kOk);
            EXPECT_EQ(ToHex(Mac(m, msg, tlen)), ToHex(mac));
          } else {
            ASSERT_EQ(result[0], 'F');
            EXPECT_EQ(m.verify(msg, mac), Status::kAuthenticationFailed);
          }
        });
    EXPECT_EQ(n, f.records);
    EXPECT_EQ(pass, f.pass);
  }
}

TEST_P(CmacTest, Rfc4493Examples) {
  AesCmac m;
  MakeCmac(&m, Hex("2b7e151628aed2a6abf7158809cf4f3c"));
  const Bytes msg = Hex(
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  EXPECT_EQ(ToHex(Mac(m, {})), "bb1d6929e95937287fa37d129b756746");
  EXPECT_EQ(ToHex(Mac(m, Bytes(msg.begin(), msg.begin() + 16))),
            "070a16b46b4d4144f79bdd9dd04a287c");
  EXPECT_EQ(ToHex(Mac(m, Bytes(msg.begin(), msg.begin() + 40))),
            "dfa66747de9ae63030ca32611497c827");
  EXPECT_EQ(ToHex(Mac(m, msg)), "51f0bebf7e3b9d92fc49741779363cfe");
}

TEST_P(CmacTest, RandomSplitsMatchReference) {
  std::mt19937 rng(TestSeed() + 70);
  for (int iter = 0; iter < 300; ++iter) {
    SCOPED_TRACE(iter);
    const Bytes key = RandomBytes(rng, 16 + 8 * (rng() % 3));
    AesCmac m;
    MakeCmac(&m, key);
    const size_t len = iter < 80 ? static_cast<size_t>(iter) : rng() % 1200;
    const Bytes msg = RandomBytes(rng, len);
    const Bytes want = RefCmac(m.aes_key(), msg);
    ASSERT_EQ(ToHex(Mac(m, msg)), ToHex(want));
    // Incremental with random pieces, including empty ones.
    AesCmacContext c;
    ASSERT_EQ(c.init(m), Status::kOk);
    size_t pos = 0;
    while (pos < len) {
      size_t k = rng() % 4 == 0 ? 0 : 1 + rng() % (iter % 3 ? 40 : 400);
      if (k > len - pos) k = len - pos;
      ASSERT_EQ(c.update(std::span<const uint8_t>(msg.data() + pos, k)),
                Status::kOk);
      pos += k;
    }
    // A copy of the context finishes to the same MAC.
    AesCmacContext copy = c;
    Bytes tag(16), tag2(16);
    ASSERT_EQ(c.finish(tag), Status::kOk);
    ASSERT_EQ(ToHex(tag), ToHex(want));
    ASSERT_FALSE(c.initialized());
    ASSERT_EQ(copy.finish_verify(want), Status::kOk);
    // Truncated tags and tampering.
    const size_t tlen = 4 + rng() % 13;
    Bytes t(want.begin(), want.begin() + tlen);
    ASSERT_EQ(m.verify(msg, t), Status::kOk);
    for (size_t i = 0; i < tlen; ++i) {
      Bytes bad = t;
      bad[i] ^= static_cast<uint8_t>(1u << (rng() % 8));
      ASSERT_EQ(m.verify(msg, bad), Status::kAuthenticationFailed);
    }
  }
}

TEST_P(CmacTest, Misuse) {
  AesCmac m;
  Bytes tag(16), msg(20, 1);
  EXPECT_EQ(m.mac(msg, tag), Status::kNotInitialized);
  EXPECT_EQ(m.verify(msg, tag), Status::kNotInitialized);
  AesCmacContext c;
  EXPECT_EQ(c.init(m), Status::kNotInitialized);
  EXPECT_EQ(c.update(msg), Status::kNotInitialized);
  EXPECT_EQ(c.finish(tag), Status::kNotInitialized);
  for (size_t k : {0, 8, 15, 33}) {
    EXPECT_EQ(ctcrypto::internal::init_with_rows(m, Bytes(k, 1), GetParam()),
              Status::kInvalidKeyLength);
  }
  MakeCmac(&m, Bytes(16, 1));
  for (size_t t : {0, 1, 3, 17, 32}) {
    Bytes bad(t, 0xcc);
    EXPECT_EQ(m.mac(msg, bad), Status::kInvalidTagLength) << t;
    EXPECT_EQ(m.verify(msg, bad), Status::kInvalidTagLength) << t;
    for (uint8_t b : bad) EXPECT_EQ(b, 0xcc);
  }
  EXPECT_EQ(m.mac(std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 3), tag),
            Status::kInvalidArgument);
  ASSERT_EQ(c.init(m), Status::kOk);
  EXPECT_EQ(c.update(std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 3)),
            Status::kInvalidArgument);
  Bytes short_tag(2);
  EXPECT_EQ(c.finish(short_tag), Status::kInvalidTagLength);
  EXPECT_TRUE(c.initialized());  // a refused finish keeps the state
  m.clear();
  EXPECT_FALSE(m.initialized());
  EXPECT_EQ(c.update(msg), Status::kNotInitialized);
}

CTCRYPTO_INSTANTIATE_AES_ROWS(CmacTest);

}  // namespace
}  // namespace ctcrypto_test
