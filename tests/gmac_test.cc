// gmac_test.cc: GMAC (AES-GCM with an empty plaintext) on every usable
// (AES row, GHASH row) pair: Wycheproof's aes_gmac_test.json with its
// record counts, random data and nonce lengths against the naive GCM
// reference, every tag byte flipped, truncated tags, and misuse.
#include "ctcrypto/gmac.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/ctcrypto.h"
#include "tests/rows.h"
#include "tests/json.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGmac;
using ctcrypto::Status;

testing::AssertionResult InitGmac(AesGmac* mac, std::span<const uint8_t> key,
                                  size_t tag_len, const GcmRows& rows) {
  Status s = ctcrypto::internal::init_with_rows(*mac, key, tag_len, rows.aes,
                                                rows.ghash);
  if (s != Status::kOk)
    return testing::AssertionFailure() << "init: " << ctcrypto::status_string(s);
  if (ctcrypto::internal::key_state(mac->gcm().aes_key()).row != rows.aes ||
      ctcrypto::internal::key_state(mac->gcm().ghash_key()).row !=
          rows.ghash)
    return testing::AssertionFailure() << "rows not recorded";
  return testing::AssertionSuccess();
}

class GmacTest : public testing::TestWithParam<GcmRows> {};

TEST_P(GmacTest, WycheproofAesGmacTestJson) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_gmac_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-GMAC");
  const int64_t number_of_tests = root.Get("numberOfTests")->as_int();
  ASSERT_EQ(number_of_tests, 414);
  size_t processed = 0, valid = 0, invalid = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("type")->as_string(), "MacWithIvTest");
    const size_t tag_len = static_cast<size_t>(group.Get("tagSize")->as_int()) / 8;
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  msg = HexField(t, "msg"), tag = HexField(t, "tag");
      AesGmac mac;
      ASSERT_TRUE(InitGmac(&mac, key, tag_len, GetParam()));
      const std::string result = t.Get("result")->as_string();
      if (result == "valid") {
        ++valid;
        Bytes got(tag_len, 0xd5);
        ASSERT_EQ(mac.compute(got, iv, msg), Status::kOk);
        EXPECT_EQ(ToHex(got), ToHex(tag));
        EXPECT_EQ(mac.verify(iv, msg, tag), Status::kOk);
        for (size_t i = 0; i < tag.size(); ++i) {
          Bytes bad = tag;
          bad[i] ^= static_cast<uint8_t>(1u << (i % 8));
          EXPECT_EQ(mac.verify(iv, msg, bad), Status::kAuthenticationFailed)
              << "tag byte " << i;
        }
      } else {
        ASSERT_EQ(result, "invalid");
        ++invalid;
        if (tag.size() != tag_len) {
          EXPECT_NE(mac.verify(iv, msg, tag), Status::kOk);
        } else {
          EXPECT_EQ(mac.verify(iv, msg, tag), Status::kAuthenticationFailed);
        }
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(number_of_tests));
  EXPECT_EQ(valid, 90u);
  EXPECT_EQ(invalid, 324u);
}

// GMAC is GCM's tag over an empty plaintext: compared with the naive
// reference for random data lengths, nonce lengths and truncated tags.
TEST_P(GmacTest, RandomAgainstReference) {
  std::mt19937 rng(TestSeed() + 920);
  const size_t kKeyLens[] = {16, 24, 32};
  for (size_t len : {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 1000, 4099}) {
    for (size_t nonce_len : {1, 8, 12, 16, 60}) {
      SCOPED_TRACE(testing::Message() << len << " " << nonce_len);
      const Bytes key = RandomBytes(rng, kKeyLens[(len + nonce_len) % 3]);
      const Bytes nonce = RandomBytes(rng, nonce_len);
      const Bytes data = RandomBytes(rng, len);
      const size_t tag_len = 12 + (len + nonce_len) % 5;
      AesGmac mac;
      ASSERT_TRUE(InitGmac(&mac, key, tag_len, GetParam()));
      const Bytes want =
          RefGcmSeal(mac.gcm().aes_key(), nonce, {}, data, tag_len);
      AlignedBuffer db(len, len % 4), tag(tag_len, nonce_len % 4);
      copy_bytes(db.data(), data.data(), len);
      ASSERT_EQ(mac.compute(tag.span(), nonce, db.cspan()), Status::kOk);
      EXPECT_EQ(ToHex(tag.ToBytes()), ToHex(want));
      EXPECT_EQ(mac.verify(nonce, db.cspan(), tag.cspan()), Status::kOk);
      EXPECT_TRUE(tag.GuardsIntact());
      if (len) {
        Bytes changed = data;
        changed[len / 2] ^= 1;
        EXPECT_EQ(mac.verify(nonce, changed, tag.cspan()),
                  Status::kAuthenticationFailed);
      }
    }
  }
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(GmacTest);

TEST(AesGmacMisuse, Arguments) {
  AesGmac mac;
  Bytes tag(16), nonce(12, 1), data(10, 2);
  EXPECT_EQ(mac.compute(tag, nonce, data), Status::kNotInitialized);
  EXPECT_EQ(mac.verify(nonce, data, tag), Status::kNotInitialized);
  for (size_t n : {0, 15, 17, 33}) {
    EXPECT_EQ(mac.init(Bytes(n, 1)), Status::kInvalidKeyLength) << n;
    EXPECT_FALSE(mac.initialized());
  }
  EXPECT_EQ(mac.init(Bytes(16, 1), 11), Status::kInvalidTagLength);
  EXPECT_EQ(mac.init(Bytes(16, 1), 17), Status::kInvalidTagLength);
  ASSERT_EQ(mac.init(Bytes(16, 1)), Status::kOk);
  EXPECT_EQ(mac.tag_len(), 16u);
  EXPECT_EQ(mac.compute(tag, {}, data), Status::kInvalidNonceLength);
  Bytes short_tag(12);
  EXPECT_EQ(mac.compute(short_tag, nonce, data), Status::kInvalidTagLength);
  EXPECT_EQ(mac.verify(nonce, data, short_tag), Status::kInvalidTagLength);
  EXPECT_EQ(mac.compute(tag, nonce,
                        std::span<const uint8_t>(
                            static_cast<const uint8_t*>(nullptr), 3)),
            Status::kInvalidArgument);
  ASSERT_EQ(mac.compute(tag, nonce, data), Status::kOk);
  EXPECT_EQ(mac.verify(nonce, data, tag), Status::kOk);
  mac.clear();
  EXPECT_FALSE(mac.initialized());
  EXPECT_EQ(mac.verify(nonce, data, tag), Status::kNotInitialized);
}

// The default rows: McGrew/Viega test case 1's key (all zero), empty data,
// 12-byte zero nonce - the GCM tag of the empty message.
TEST(AesGmacDefault, EmptyMessageTag) {
  AesGmac mac;
  ASSERT_EQ(mac.init(Bytes(16, 0)), Status::kOk);
  Bytes tag(16);
  ASSERT_EQ(mac.compute(tag, Bytes(12, 0), {}), Status::kOk);
  EXPECT_EQ(ToHex(tag), "58e2fccefa7e3061367f1d57a4e7455a");
}

// The C API: state word, compute/verify, cleanup.
TEST(AesGmacCApi, StateWordComputeVerifyCleanup) {
  ctcrypto_aes_gmac mac;
  std::memset(&mac, 0xa5, sizeof(mac));
  const Bytes key(16, 0), nonce(12, 0);
  uint8_t tag[16];
  EXPECT_EQ(ctcrypto_aes_gmac_compute(&mac, tag, 16, nonce.data(), 12, nullptr, 0),
            static_cast<int>(Status::kNotInitialized));
  EXPECT_EQ(ctcrypto_aes_gmac_init(&mac, key.data(), 16, 11),
            static_cast<int>(Status::kInvalidTagLength));
  EXPECT_EQ(ctcrypto_aes_gmac_verify(&mac, nonce.data(), 12, nullptr, 0, tag, 16),
            static_cast<int>(Status::kNotInitialized));
  ASSERT_EQ(ctcrypto_aes_gmac_init(&mac, key.data(), 16, 16), CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_aes_gmac_compute(&mac, tag, 16, nonce.data(), 12, nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(tag, 16)),
            "58e2fccefa7e3061367f1d57a4e7455a");
  EXPECT_EQ(ctcrypto_aes_gmac_verify(&mac, nonce.data(), 12, nullptr, 0, tag, 16),
            CTCRYPTO_OK);
  tag[15] ^= 0x80;
  EXPECT_EQ(ctcrypto_aes_gmac_verify(&mac, nonce.data(), 12, nullptr, 0, tag, 16),
            CTCRYPTO_AUTHENTICATION_FAILED);
  EXPECT_EQ(ctcrypto_aes_gmac_compute(&mac, nullptr, 16, nonce.data(), 12, nullptr, 0),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gmac_cleanup(&mac), CTCRYPTO_OK);
  EXPECT_EQ(Bytes(mac.opaque, mac.opaque + sizeof(mac.opaque)),
            Bytes(sizeof(mac.opaque), 0));
  EXPECT_EQ(ctcrypto_aes_gmac_compute(&mac, tag, 16, nonce.data(), 12, nullptr, 0),
            static_cast<int>(Status::kNotInitialized));
  EXPECT_EQ(ctcrypto_aes_gmac_cleanup(nullptr),
            static_cast<int>(Status::kInvalidArgument));
}

}  // namespace
}  // namespace ctcrypto_test
