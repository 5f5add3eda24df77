// wycheproof_test.cc: Wycheproof aes_gcm_test.json in full on every usable
// (AES row, GHASH row) pair, and the CBC transform of aes_cbc_pkcs5_test.json
// on every usable AES row. Every test case is accounted for: the number
// processed must equal the file's numberOfTests.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>
#include <string>

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "tests/rows.h"
#include "tests/json.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

std::set<std::string> Flags(const JsonValue& test) {
  std::set<std::string> out;
  if (const JsonValue* f = test.Get("flags")) {
    for (const auto& v : f->array()) out.insert(v.as_string());
  }
  return out;
}

class WycheproofGcmTest : public testing::TestWithParam<GcmRows> {};

TEST_P(WycheproofGcmTest, AesGcmTestJson) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_gcm_test.json", &root));
  ASSERT_TRUE(root.is_object());
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-GCM");
  const int64_t number_of_tests = root.Get("numberOfTests")->as_int();
  ASSERT_GT(number_of_tests, 0);
  size_t processed = 0, valid = 0, invalid = 0, acceptable = 0;
  std::map<std::string, size_t> by_flag;
  std::set<int64_t> ids;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("type")->as_string(), "AeadTest");
    const size_t key_bits = static_cast<size_t>(group.Get("keySize")->as_int());
    const size_t iv_bits = static_cast<size_t>(group.Get("ivSize")->as_int());
    const size_t tag_bits = static_cast<size_t>(group.Get("tagSize")->as_int());
    ASSERT_EQ(tag_bits % 8, 0u);
    const size_t tag_len = tag_bits / 8;
    for (const auto& t : group.Get("tests")->array()) {
      const int64_t id = t.Get("tcId")->as_int();
      SCOPED_TRACE(testing::Message() << "tcId " << id << ": "
                                      << t.Get("comment")->as_string());
      ASSERT_TRUE(ids.insert(id).second) << "duplicate tcId";
      ++processed;
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  aad = HexField(t, "aad"), msg = HexField(t, "msg"),
                  ct = HexField(t, "ct"), tag = HexField(t, "tag");
      ASSERT_EQ(key.size() * 8, key_bits);
      ASSERT_EQ(iv.size() * 8, iv_bits);
      ASSERT_EQ(tag.size(), tag_len);
      const std::string result = t.Get("result")->as_string();
      const std::set<std::string> flags = Flags(t);
      for (const auto& f : flags) ++by_flag[f];
      Bytes sealed = ct;
      sealed.insert(sealed.end(), tag.begin(), tag.end());

      AesGcm g;
      ASSERT_TRUE(InitGcm(&g, key, tag_len, GetParam()));
      size_t out_len = 0;
      if (result == "valid") {
        ++valid;
        Bytes out(msg.size() + tag_len, 0xcc);
        ASSERT_EQ(g.seal(out, &out_len, iv, msg, aad), Status::kOk);
        EXPECT_EQ(out_len, out.size());
        EXPECT_EQ(ToHex(out), ToHex(sealed));
        Bytes pt(ct.size(), 0xcc);
        ASSERT_EQ(g.open(pt, &out_len, iv, sealed, aad), Status::kOk);
        EXPECT_EQ(out_len, msg.size());
        EXPECT_EQ(ToHex(pt), ToHex(msg));
        // In place as well.
        Bytes buf = sealed;
        ASSERT_EQ(g.open(buf, &out_len, iv, buf, aad), Status::kOk);
        EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), msg.size())),
                  ToHex(msg));
      } else if (result == "invalid") {
        ++invalid;
        if (flags.count("ZeroLengthIv")) {
          ASSERT_TRUE(iv.empty());
          Bytes out(msg.size() + tag_len, 0xcc);
          EXPECT_EQ(g.seal(out, &out_len, iv, msg, aad),
                    Status::kInvalidNonceLength);
          for (uint8_t b : out) ASSERT_EQ(b, 0xcc) << "seal wrote output";
          Bytes pt(ct.size(), 0xcc);
          EXPECT_EQ(g.open(pt, &out_len, iv, sealed, aad),
                    Status::kInvalidNonceLength);
          for (uint8_t b : pt) ASSERT_EQ(b, 0xcc) << "open wrote output";
        } else if (flags.count("ModifiedTag")) {
          Bytes pt(ct.size() + 4, 0xcc);
          EXPECT_EQ(g.open(pt, &out_len, iv, sealed, aad),
                    Status::kAuthenticationFailed);
          for (size_t i = 0; i < ct.size(); ++i) {
            ASSERT_EQ(pt[i], 0) << "plaintext not zeroed at " << i;
          }
          for (size_t i = ct.size(); i < pt.size(); ++i) {
            ASSERT_EQ(pt[i], 0xcc) << "wrote past the plaintext";
          }
          Bytes dpt(ct.size(), 0xcc);
          EXPECT_EQ(g.open_detached(dpt, iv, ct, tag, aad),
                    Status::kAuthenticationFailed);
          for (uint8_t b : dpt) ASSERT_EQ(b, 0);
          // Only the tag was modified: sealing msg gives ct and another tag.
          Bytes out(msg.size() + tag_len);
          ASSERT_EQ(g.seal(out, &out_len, iv, msg, aad), Status::kOk);
          EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data(), ct.size())),
                    ToHex(ct));
          EXPECT_NE(ToHex(std::span<const uint8_t>(out.data() + ct.size(),
                                                   tag_len)),
                    ToHex(tag));
        } else {
          ADD_FAILURE() << "invalid case with unhandled flags";
        }
      } else if (result == "acceptable") {
        ++acceptable;
        Bytes pt(ct.size(), 0xcc);
        Status s = g.open(pt, &out_len, iv, sealed, aad);
        if (s == Status::kOk) {
          EXPECT_EQ(ToHex(pt), ToHex(msg));
        }
      } else {
        ADD_FAILURE() << "unknown result " << result;
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(number_of_tests));
  EXPECT_EQ(processed, 316u);
  EXPECT_EQ(valid, 229u);
  EXPECT_EQ(invalid, 87u);
  EXPECT_EQ(acceptable, 0u);
  EXPECT_EQ(by_flag["CounterWrap"], 36u);
  EXPECT_EQ(by_flag["ModifiedTag"], 81u);
  EXPECT_EQ(by_flag["ZeroLengthIv"], 6u);
  EXPECT_EQ(by_flag["SmallIv"], 36u);
  EXPECT_EQ(by_flag["LongIv"], 18u);
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(WycheproofGcmTest);

// aes_cbc_pkcs5_test.json: ctcrypto's CBC has no padding, so the test pads
// and unpads itself. Valid cases run both ways; invalid ones (bad padding)
// must decrypt to a block string whose padding the strict PKCS#7 check
// rejects, and must re-encrypt to the same ciphertext.
class WycheproofCbcTest : public testing::TestWithParam<const AesRow*> {};

bool Pkcs7Unpad(const Bytes& in, Bytes* out) {
  if (in.empty() || in.size() % 16 != 0) return false;
  uint8_t p = in.back();
  if (p == 0 || p > 16) return false;
  for (size_t i = in.size() - p; i < in.size(); ++i) {
    if (in[i] != p) return false;
  }
  out->assign(in.begin(), in.end() - p);
  return true;
}

TEST_P(WycheproofCbcTest, AesCbcPkcs5TestJson) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_cbc_pkcs5_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-CBC-PKCS5");
  const int64_t number_of_tests = root.Get("numberOfTests")->as_int();
  size_t processed = 0, valid = 0, invalid = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("ivSize")->as_int(), 128);
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  msg = HexField(t, "msg"), ct = HexField(t, "ct");
      ASSERT_EQ(iv.size(), 16u);
      AesKey k;
      ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
      const std::string result = t.Get("result")->as_string();
      if (result == "valid") {
        ++valid;
        Bytes padded = msg;
        uint8_t p = static_cast<uint8_t>(16 - msg.size() % 16);
        padded.insert(padded.end(), p, p);
        Block chain = ToBlock(iv);
        Bytes out(padded.size());
        ASSERT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(chain),
                                            padded, out),
                  Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(ct));
        chain = ToBlock(iv);
        Bytes dec(ct.size()), unpadded;
        ASSERT_EQ(ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(chain),
                                            ct, dec),
                  Status::kOk);
        ASSERT_TRUE(Pkcs7Unpad(dec, &unpadded));
        EXPECT_EQ(ToHex(unpadded), ToHex(msg));
      } else {
        ASSERT_EQ(result, "invalid");
        ++invalid;
        Block chain = ToBlock(iv);
        Bytes dec(ct.size(), 0xcc), unpadded;
        Status s = ctcrypto::aes_cbc_decrypt(
            k, std::span<uint8_t, 16>(chain), ct, dec);
        if (ct.size() % 16 != 0) {
          EXPECT_EQ(s, Status::kInvalidLength);
          continue;
        }
        ASSERT_EQ(s, Status::kOk);
        EXPECT_FALSE(Pkcs7Unpad(dec, &unpadded));
        // The Wycheproof plaintext is the message before the bad padding.
        if (!dec.empty()) {
          EXPECT_EQ(ToHex(std::span<const uint8_t>(
                        dec.data(), std::min(msg.size(), dec.size()))),
                    ToHex(std::span<const uint8_t>(
                        msg.data(), std::min(msg.size(), dec.size()))));
        }
        chain = ToBlock(iv);
        Bytes re(dec.size());
        ASSERT_EQ(ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(chain),
                                            dec, re),
                  Status::kOk);
        EXPECT_EQ(ToHex(re), ToHex(ct));
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(number_of_tests));
  EXPECT_EQ(processed, 216u);
  EXPECT_EQ(valid, 72u);
  EXPECT_EQ(invalid, 144u);
}

CTCRYPTO_INSTANTIATE_AES_ROWS(WycheproofCbcTest);

// The JSON reader itself, so a parser bug cannot silently drop cases.
TEST(JsonTest, ParsesAndRejects) {
  JsonValue v;
  std::string err;
  ASSERT_TRUE(ParseJson(
      R"( {"a": [1, -2.5e1, true, false, null, "x\"\u00e9\ud83d\ude00"], "b": {}} )",
      &v, &err))
      << err;
  ASSERT_TRUE(v.is_object());
  const JsonValue* a = v.Get("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->size(), 6u);
  EXPECT_EQ((*a)[0].as_int(), 1);
  EXPECT_EQ((*a)[1].as_number(), -25.0);
  EXPECT_TRUE((*a)[2].as_bool());
  EXPECT_TRUE((*a)[4].is_null());
  EXPECT_EQ((*a)[5].as_string(), "x\"\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_TRUE(v.Get("b")->is_object());
  EXPECT_EQ(v.Get("c"), nullptr);
  for (const char* bad : {"", "{", "[1,]", "{\"a\":1,}", "01", "\"\\x\"",
                          "[1] 2", "{\"a\" 1}", "tru", "\"\\ud800\"",
                          "{\"a\":1,\"a\":2}", "\"a\nb\""}) {
    EXPECT_FALSE(ParseJson(bad, &v, &err)) << bad;
  }
}

}  // namespace
}  // namespace ctcrypto_test
