// ccm_test.cc: AES-CCM (AesCcm) on every usable AES row: Wycheproof
// aes_ccm_test.json in full, BoringSSL's Bluetooth / Bluetooth-8 / Matter
// profile files, the SP 800-38C appendix C examples and RFC 3610 packet
// vector #1, randomised comparison with the naive reference
// (tests/ccm_cmac_reference.h) across the bulk seams, every tag and
// ciphertext byte tampered, and argument misuse. Record counts are asserted.
#include "ctcrypto/ccm.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>

#include "crypto/testing/explicit_rows.h"
#include "tests/rows.h"
#include "tests/ccm_cmac_reference.h"
#include "tests/file_test.h"
#include "tests/json.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesCcm;
using ctcrypto::AesKey;
using ctcrypto::CcmProfile;
using ctcrypto::Status;

class CcmTest : public testing::TestWithParam<const AesRow*> {
 protected:
  // MakeCcm: init on the row under test and check it is the row that ran.
  void MakeCcm(AesCcm* c, const Bytes& key, size_t tag_len,
               size_t nonce_len = 0) {
    ASSERT_EQ(ctcrypto::internal::init_with_rows(*c, key, tag_len, nonce_len,
                                                 GetParam()),
              Status::kOk);
    ASSERT_STREQ(c->aes_key().row_name(), GetParam()->name);
  }
};

bool AllZero(const Bytes& b) {
  for (uint8_t x : b)
    if (x) return false;
  return true;
}

Status Seal(const AesCcm& c, const Bytes& nonce, const Bytes& in,
            const Bytes& ad, Bytes* out) {
  out->assign(in.size() + c.tag_len(), 0xcc);
  size_t n = 0;
  Status s = c.seal(*out, &n, nonce, in, ad);
  if (s == Status::kOk && n != out->size()) ADD_FAILURE() << "out_len " << n;
  return s;
}

Status Open(const AesCcm& c, const Bytes& nonce, const Bytes& in,
            const Bytes& ad, Bytes* out) {
  out->assign(in.size() >= c.tag_len() ? in.size() - c.tag_len() : 0, 0xcc);
  size_t n = 0;
  Status s = c.open(*out, &n, nonce, in, ad);
  if (s == Status::kOk && n != out->size()) ADD_FAILURE() << "out_len " << n;
  return s;
}

// --- Wycheproof ---------------------------------------------------------------

TEST_P(CcmTest, WycheproofAesCcmTestJson) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_ccm_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-CCM");
  const int64_t number_of_tests = root.Get("numberOfTests")->as_int();
  size_t processed = 0, valid = 0, invalid = 0;
  size_t bad_tag_len = 0, bad_nonce_len = 0, modified_tag = 0;
  std::map<std::string, size_t> by_flag;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("type")->as_string(), "AeadTest");
    const size_t tag_bits = static_cast<size_t>(group.Get("tagSize")->as_int());
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int()
                                      << ": " << t.Get("comment")->as_string());
      ++processed;
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  aad = HexField(t, "aad"), msg = HexField(t, "msg"),
                  ct = HexField(t, "ct"), tag = HexField(t, "tag");
      std::set<std::string> flags;
      for (const auto& f : t.Get("flags")->array()) {
        flags.insert(f.as_string());
        ++by_flag[f.as_string()];
      }
      const std::string result = t.Get("result")->as_string();
      Bytes sealed = ct;
      sealed.insert(sealed.end(), tag.begin(), tag.end());
      const bool tag_ok = tag_bits % 16 == 0 && tag_bits >= 32 && tag_bits <= 128;
      AesCcm c;
      if (!tag_ok) {
        // 2-byte and odd-byte tags are refused when the key is set up.
        ASSERT_EQ(result, "invalid");
        ++invalid;
        ++bad_tag_len;
        EXPECT_EQ(ctcrypto::internal::init_with_rows(c, key, tag_bits / 8, 0,
                                                     GetParam()),
                  Status::kInvalidTagLength);
        EXPECT_FALSE(c.initialized());
        continue;
      }
      ASSERT_EQ(tag.size() * 8, tag_bits);
      MakeCcm(&c, key, tag.size());
      if (result == "valid") {
        ++valid;
        Bytes out;
        ASSERT_EQ(Seal(c, iv, msg, aad, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(sealed));
        Bytes pt;
        ASSERT_EQ(Open(c, iv, sealed, aad, &pt), Status::kOk);
        EXPECT_EQ(ToHex(pt), ToHex(msg));
        Bytes buf = sealed;  // in place
        size_t n = 0;
        ASSERT_EQ(c.open(buf, &n, iv, buf, aad), Status::kOk);
        EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), msg.size())),
                  ToHex(msg));
      } else {
        ASSERT_EQ(result, "invalid");
        ++invalid;
        if (flags.count("InvalidNonceSize")) {
          ++bad_nonce_len;
          Bytes out(msg.size() + tag.size(), 0xcc);
          size_t n = 0;
          EXPECT_EQ(c.seal(out, &n, iv, msg, aad), Status::kInvalidNonceLength);
          for (uint8_t b : out) ASSERT_EQ(b, 0xcc) << "seal wrote output";
          Bytes pt(ct.size(), 0xcc);
          EXPECT_EQ(c.open(pt, &n, iv, sealed, aad),
                    Status::kInvalidNonceLength);
          for (uint8_t b : pt) ASSERT_EQ(b, 0xcc) << "open wrote output";
        } else if (flags.count("ModifiedTag")) {
          ++modified_tag;
          Bytes pt(ct.size() + 4, 0xcc);
          size_t n = 0;
          EXPECT_EQ(c.open(pt, &n, iv, sealed, aad),
                    Status::kAuthenticationFailed);
          for (size_t i = 0; i < ct.size(); ++i) ASSERT_EQ(pt[i], 0);
          for (size_t i = ct.size(); i < pt.size(); ++i) ASSERT_EQ(pt[i], 0xcc);
          Bytes dpt(ct.size(), 0xcc);
          EXPECT_EQ(c.open_detached(dpt, iv, ct, tag, aad),
                    Status::kAuthenticationFailed);
          EXPECT_TRUE(AllZero(dpt));
        } else {
          ADD_FAILURE() << "invalid case with unhandled flags";
        }
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(number_of_tests));
  EXPECT_EQ(processed, 552u);
  EXPECT_EQ(valid, 405u);
  EXPECT_EQ(invalid, 147u);
  EXPECT_EQ(bad_tag_len, 27u);
  EXPECT_EQ(bad_nonce_len, 39u);
  EXPECT_EQ(modified_tag, 81u);
  EXPECT_EQ(by_flag["InvalidTagSize"], 24u);
  EXPECT_EQ(by_flag["InsecureTagSize"], 3u);
  EXPECT_EQ(by_flag["CVE-2017-18330"], 9u);
}

// --- BoringSSL profile files ----------------------------------------------------

struct ProfileFile {
  const char* path;
  CcmProfile profile;
  size_t tag_len;
  size_t records;
};

TEST_P(CcmTest, BoringSslProfileFiles) {
  const ProfileFile kFiles[] = {
      {"tests/testdata/aes_128_ccm_bluetooth_tests.txt",
       CcmProfile::kBluetooth, 4, 25},
      {"tests/testdata/aes_128_ccm_bluetooth_8_tests.txt",
       CcmProfile::kBluetooth8, 8, 11},
      {"tests/testdata/aes_128_ccm_matter_tests.txt", CcmProfile::kMatter, 16,
       11},
  };
  for (const auto& f : kFiles) {
    SCOPED_TRACE(f.path);
    size_t n = RunFileTest(
        f.path, {"KEY", "NONCE", "IN", "AD", "CT", "TAG"},
        [&](FileTestRecord& r) {
          const Bytes key = r.GetBytes("KEY"), nonce = r.GetBytes("NONCE"),
                      in = r.GetBytes("IN"), ad = r.GetBytes("AD"),
                      ct = r.GetBytes("CT"), tag = r.GetBytes("TAG");
          AesCcm c;
          ASSERT_EQ(
              ctcrypto::internal::init_with_rows(c, key, f.profile, GetParam()),
              Status::kOk);
          ASSERT_EQ(c.tag_len(), f.tag_len);
          ASSERT_EQ(c.nonce_len(), 13u);
          Bytes want = ct;
          want.insert(want.end(), tag.begin(), tag.end());
          Bytes out, pt;
          ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
          EXPECT_EQ(ToHex(out), ToHex(want));
          ASSERT_EQ(Open(c, nonce, want, ad, &pt), Status::kOk);
          EXPECT_EQ(ToHex(pt), ToHex(in));
          want.back() ^= 1;
          ASSERT_EQ(Open(c, nonce, want, ad, &pt),
                    Status::kAuthenticationFailed);
          EXPECT_TRUE(AllZero(pt));
          // The generic object with the same parameters agrees.
          AesCcm g;
          MakeCcm(&g, key, f.tag_len);
          ASSERT_EQ(Seal(g, nonce, in, ad, &pt), Status::kOk);
          EXPECT_EQ(ToHex(pt), ToHex(out));
        });
    EXPECT_EQ(n, f.records);
  }
}

// --- SP 800-38C appendix C and RFC 3610 -------------------------------------------

struct KnownAnswer {
  const char* name;
  const char* key;
  const char* nonce;
  const char* ad;  // "" or hex; the 64 KiB AD of example 4 is generated
  const char* in;
  size_t tag_len;
  const char* out;  // ciphertext || tag
};

TEST_P(CcmTest, Sp800_38cAndRfc3610Examples) {
  const KnownAnswer kCases[] = {
      {"SP 800-38C C.1", "404142434445464748494a4b4c4d4e4f",
       "10111213141516", "0001020304050607", "20212223", 4,
       "7162015b4dac255d"},
      {"SP 800-38C C.2", "404142434445464748494a4b4c4d4e4f",
       "1011121314151617", "000102030405060708090a0b0c0d0e0f",
       "202122232425262728292a2b2c2d2e2f", 6,
       "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd"},
      {"SP 800-38C C.3", "404142434445464748494a4b4c4d4e4f",
       "101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
       "202122232425262728292a2b2c2d2e2f3031323334353637", 8,
       "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951"},
      {"SP 800-38C C.4", "404142434445464748494a4b4c4d4e4f",
       "101112131415161718191a1b1c", nullptr,
       "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f", 14,
       "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72"
       "b4ac6bec93e8598e7f0dadbcea5b"},
      // RFC 3610 packet vector #1: M = 8, L = 2, the first 8 bytes of the
      // packet are the associated data.
      {"RFC 3610 #1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
       "00000003020100a0a1a2a3a4a5", "0001020304050607",
       "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e", 8,
       "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0"},
  };
  for (const auto& k : kCases) {
    SCOPED_TRACE(k.name);
    Bytes ad;
    if (k.ad) {
      ad = Hex(k.ad);
    } else {
      // Example 4: 2^16 bytes of AD, byte i = i mod 256 (the 6-byte length
      // encoding ff fe ...).
      ad.resize(65536);
      for (size_t i = 0; i < ad.size(); ++i) ad[i] = static_cast<uint8_t>(i);
    }
    AesCcm c;
    MakeCcm(&c, Hex(k.key), k.tag_len);
    const Bytes nonce = Hex(k.nonce), in = Hex(k.in);
    Bytes out, pt;
    ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
    EXPECT_EQ(ToHex(out), k.out);
    ASSERT_EQ(Open(c, nonce, out, ad, &pt), Status::kOk);
    EXPECT_EQ(ToHex(pt), ToHex(in));
    EXPECT_EQ(ToHex(RefCcmSeal(c.aes_key(), nonce, in, ad, k.tag_len)),
              k.out);
  }
}

// --- Randomised comparison with the naive reference ----------------------------------

// Lengths around every seam: the short path (<= 64), block boundaries,
// the MAC buffer (128), the two-pass chunk (1 KiB) and scratch (256).
const size_t kSeamLens[] = {0,   1,   15,  16,  17,  31,  32,  33,   47,
                            48,  49,  63,  64,  65,  79,  80,  95,   96,
                            111, 112, 127, 128, 129, 255, 256, 257,  1023,
                            1024, 1025, 1040, 2047, 2048, 2049, 4111};

TEST_P(CcmTest, SeamLengthsMatchReference) {
  std::mt19937 rng(TestSeed() + 60);
  for (size_t len : kSeamLens) {
    for (size_t ad_len : {size_t{0}, size_t{1}, size_t{14}, size_t{30},
                          size_t{100}, size_t{113}, size_t{300}}) {
      SCOPED_TRACE(testing::Message() << "len " << len << " ad " << ad_len);
      const Bytes key = RandomBytes(rng, 16 + 8 * (rng() % 3));
      const size_t tag_len = 4 + 2 * (rng() % 7);
      const Bytes nonce = RandomBytes(rng, 7 + rng() % 7);
      AesCcm c;
      MakeCcm(&c, key, tag_len);
      const Bytes in = RandomBytes(rng, len), ad = RandomBytes(rng, ad_len);
      Bytes out, pt;
      ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
      ASSERT_EQ(ToHex(out), ToHex(RefCcmSeal(c.aes_key(), nonce, in, ad,
                                             tag_len)));
      ASSERT_EQ(Open(c, nonce, out, ad, &pt), Status::kOk);
      ASSERT_EQ(ToHex(pt), ToHex(in));
      // In place, both directions, at an unaligned offset.
      AlignedBuffer buf(len + tag_len, 1 + rng() % 15);
      copy_bytes(buf.data(), in.data(), len);
      size_t n = 0;
      ASSERT_EQ(c.seal(buf.span(), &n, nonce, buf.cspan().first(len), ad),
                Status::kOk);
      ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(out));
      ASSERT_EQ(c.open(buf.span(), &n, nonce, buf.cspan(), ad), Status::kOk);
      ASSERT_EQ(n, len);
      ASSERT_EQ(ToHex(buf.cspan().first(len)), ToHex(in));
      ASSERT_TRUE(buf.GuardsIntact());
    }
  }
}

TEST_P(CcmTest, RandomMatchesReference) {
  std::mt19937 rng(TestSeed() + 61);
  for (int iter = 0; iter < 200; ++iter) {
    SCOPED_TRACE(iter);
    const Bytes key = RandomBytes(rng, 16 + 8 * (rng() % 3));
    const size_t tag_len = 4 + 2 * (rng() % 7);
    const size_t nonce_len = 7 + rng() % 7;
    AesCcm c;
    MakeCcm(&c, key, tag_len, iter % 2 ? nonce_len : 0);
    const Bytes nonce = RandomBytes(rng, nonce_len);
    const Bytes in = RandomBytes(rng, rng() % 700);
    const Bytes ad = RandomBytes(rng, iter % 10 == 0 ? 0 : rng() % 200);
    Bytes out, pt;
    ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
    ASSERT_EQ(ToHex(out),
              ToHex(RefCcmSeal(c.aes_key(), nonce, in, ad, tag_len)));
    // Detached forms agree with the attached ones.
    Bytes dct(in.size()), dtag(tag_len);
    ASSERT_EQ(c.seal_detached(dct, dtag, nonce, in, ad), Status::kOk);
    dct.insert(dct.end(), dtag.begin(), dtag.end());
    ASSERT_EQ(ToHex(dct), ToHex(out));
    ASSERT_EQ(Open(c, nonce, out, ad, &pt), Status::kOk);
    ASSERT_EQ(ToHex(pt), ToHex(in));
    Bytes bad = out;
    bad[rng() % bad.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
    ASSERT_EQ(Open(c, nonce, bad, ad, &pt), Status::kAuthenticationFailed);
    ASSERT_TRUE(AllZero(pt));
    Bytes bad_ad = ad;
    bad_ad.push_back(0);
    ASSERT_EQ(Open(c, nonce, out, bad_ad, &pt), Status::kAuthenticationFailed);
  }
}

// The RFC 3610 length encodings of the AD around their boundaries.
TEST_P(CcmTest, AdLengthEncodingBoundaries) {
  std::mt19937 rng(TestSeed() + 62);
  for (size_t ad_len : {size_t{0xfeff}, size_t{0xff00}, size_t{0xff01},
                        size_t{0x10000}}) {
    SCOPED_TRACE(ad_len);
    AesCcm c;
    MakeCcm(&c, RandomBytes(rng, 16), 16);
    const Bytes nonce = RandomBytes(rng, 12), in = RandomBytes(rng, 40),
                ad = RandomBytes(rng, ad_len);
    Bytes out;
    ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
    ASSERT_EQ(ToHex(out), ToHex(RefCcmSeal(c.aes_key(), nonce, in, ad, 16)));
  }
}

// --- Tampering -----------------------------------------------------------------------

TEST_P(CcmTest, EveryTagAndCiphertextByteTamperedFails) {
  std::mt19937 rng(TestSeed() + 63);
  for (size_t tag_len = 4; tag_len <= 16; tag_len += 2) {
    for (size_t len : {size_t{0}, size_t{13}, size_t{64}, size_t{100}}) {
      SCOPED_TRACE(testing::Message() << "tag " << tag_len << " len " << len);
      AesCcm c;
      MakeCcm(&c, RandomBytes(rng, 16), tag_len);
      const Bytes nonce = RandomBytes(rng, 13), in = RandomBytes(rng, len),
                  ad = RandomBytes(rng, 5);
      Bytes out;
      ASSERT_EQ(Seal(c, nonce, in, ad, &out), Status::kOk);
      for (size_t i = 0; i < out.size(); ++i) {
        Bytes bad = out, pt;
        bad[i] ^= static_cast<uint8_t>(1u << (i % 8));
        ASSERT_EQ(Open(c, nonce, bad, ad, &pt), Status::kAuthenticationFailed)
            << "byte " << i;
        ASSERT_TRUE(AllZero(pt));
        // In place: the buffer's plaintext part is zeroed too.
        size_t n = 0;
        ASSERT_EQ(c.open(bad, &n, nonce, bad, ad),
                  Status::kAuthenticationFailed);
        for (size_t j = 0; j < len; ++j) ASSERT_EQ(bad[j], 0);
      }
      Bytes bad_nonce = nonce, pt;
      bad_nonce[0] ^= 1;
      ASSERT_EQ(Open(c, bad_nonce, out, ad, &pt),
                Status::kAuthenticationFailed);
    }
  }
}

// --- Misuse ---------------------------------------------------------------------------

TEST_P(CcmTest, InitRejectsBadParameters) {
  const Bytes key(16, 7);
  AesCcm c;
  for (size_t t : {0, 1, 2, 3, 5, 7, 15, 17, 18, 32}) {
    EXPECT_EQ(ctcrypto::internal::init_with_rows(c, key, t, 0, GetParam()),
              Status::kInvalidTagLength)
        << t;
    EXPECT_FALSE(c.initialized());
  }
  for (size_t n : {1, 6, 14, 16}) {
    EXPECT_EQ(ctcrypto::internal::init_with_rows(c, key, 16, n, GetParam()),
              Status::kInvalidNonceLength)
        << n;
    EXPECT_FALSE(c.initialized());
  }
  EXPECT_EQ(
      ctcrypto::internal::init_with_rows(c, Bytes(15, 1), 16, 0, GetParam()),
      Status::kInvalidKeyLength);
  EXPECT_EQ(ctcrypto::internal::init_with_rows(c, Bytes(32, 1),
                                               CcmProfile::kMatter, GetParam()),
            Status::kInvalidKeyLength);
  EXPECT_FALSE(c.initialized());
  ASSERT_EQ(ctcrypto::internal::init_with_rows(c, key, CcmProfile::kBluetooth,
                                               GetParam()),
            Status::kOk);
  EXPECT_EQ(c.tag_len(), 4u);
  c.clear();
  EXPECT_FALSE(c.initialized());
  const Bytes nonce(13, 1), in(10, 2);
  Bytes out(26, 0xcc);
  size_t n = 0;
  EXPECT_EQ(c.seal(out, &n, nonce, in, {}), Status::kNotInitialized);
  EXPECT_EQ(c.open(out, &n, nonce, out, {}), Status::kNotInitialized);
}

TEST_P(CcmTest, BadArgumentsWriteNothing) {
  std::mt19937 rng(TestSeed() + 64);
  AesCcm c, fixed;
  MakeCcm(&c, RandomBytes(rng, 16), 8);
  ASSERT_EQ(
      ctcrypto::internal::init_with_rows(fixed, RandomBytes(rng, 16),
                                         CcmProfile::kBluetooth8, GetParam()),
      Status::kOk);
  const Bytes nonce = RandomBytes(rng, 12), in = RandomBytes(rng, 40),
              ad = RandomBytes(rng, 3);
  Bytes sealed;
  ASSERT_EQ(Seal(c, nonce, in, ad, &sealed), Status::kOk);
  auto untouched = [](const Bytes& b) {
    for (uint8_t x : b)
      if (x != 0xcc) return false;
    return true;
  };
  size_t n = 0;
  Bytes out(in.size() + 8, 0xcc);
  // Nonce lengths outside 7..13, and the profile's fixed 13.
  for (size_t nl : {0, 6, 14, 16, 64}) {
    const Bytes bad_nonce(nl, 1);
    EXPECT_EQ(c.seal(out, &n, bad_nonce, in, ad), Status::kInvalidNonceLength);
    EXPECT_EQ(c.open(out, &n, bad_nonce, sealed, ad),
              Status::kInvalidNonceLength);
  }
  EXPECT_EQ(fixed.seal(out, &n, nonce, in, ad), Status::kInvalidNonceLength);
  EXPECT_TRUE(untouched(out));
  // Output too small.
  Bytes small(in.size() + 7, 0xcc);
  EXPECT_EQ(c.seal(small, &n, nonce, in, ad), Status::kOutputTooSmall);
  EXPECT_TRUE(untouched(small));
  Bytes small_pt(in.size() - 1, 0xcc);
  EXPECT_EQ(c.open(small_pt, &n, nonce, sealed, ad), Status::kOutputTooSmall);
  EXPECT_TRUE(untouched(small_pt));
  // Detached: wrong tag size.
  Bytes dout(in.size(), 0xcc), tag5(5, 0xcc);
  EXPECT_EQ(c.seal_detached(dout, tag5, nonce, in, ad),
            Status::kInvalidTagLength);
  EXPECT_EQ(c.open_detached(dout, nonce, in, tag5, ad),
            Status::kInvalidTagLength);
  EXPECT_TRUE(untouched(dout));
  // Input shorter than the tag.
  Bytes pt(0);
  EXPECT_EQ(c.open(pt, &n, nonce, Bytes(7, 0), ad),
            Status::kAuthenticationFailed);
  // Inexact overlap.
  Bytes buf(200, 0xcc);
  std::span<uint8_t> o(buf.data() + 1, in.size() + 8);
  std::span<const uint8_t> i(buf.data(), in.size());
  EXPECT_EQ(c.seal(o, &n, nonce, i, ad), Status::kOverlappingBuffers);
  EXPECT_EQ(c.open(std::span<uint8_t>(buf.data() + 1, 40), &n, nonce,
                   std::span<const uint8_t>(buf.data(), 48), ad),
            Status::kOverlappingBuffers);
  EXPECT_TRUE(untouched(buf));
  // Null data with a length.
  EXPECT_EQ(c.seal(out, &n, nonce, std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 4), ad),
            Status::kInvalidArgument);
  EXPECT_EQ(c.seal(out, &n, nonce, in, std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 4)),
            Status::kInvalidArgument);
  EXPECT_TRUE(untouched(out));
}

TEST_P(CcmTest, MessageLengthLimitFromNonceLength) {
  EXPECT_EQ(ctcrypto::ccm_max_message_len(13), 0xffffu);
  EXPECT_EQ(ctcrypto::ccm_max_message_len(12), 0xffffffu);
  EXPECT_EQ(ctcrypto::ccm_max_message_len(11), 0xffffffffu);
  EXPECT_EQ(ctcrypto::ccm_max_message_len(6), 0u);
  EXPECT_EQ(ctcrypto::ccm_max_message_len(14), 0u);
  if (sizeof(size_t) == 8) {
    EXPECT_EQ(ctcrypto::ccm_max_message_len(10), 0xffffffffffu);
    EXPECT_EQ(ctcrypto::ccm_max_message_len(7), UINT64_MAX);
  } else {
    EXPECT_EQ(ctcrypto::ccm_max_message_len(10), uint64_t{SIZE_MAX});
  }
  std::mt19937 rng(TestSeed() + 65);
  AesCcm c;
  MakeCcm(&c, RandomBytes(rng, 16), 16);
  const Bytes nonce = RandomBytes(rng, 13);
  // 2^16 - 1 bytes is the largest message for a 13-byte nonce.
  Bytes in(65535, 3), out(65535 + 16), pt;
  size_t n = 0;
  ASSERT_EQ(c.seal(out, &n, nonce, in, {}), Status::kOk);
  ASSERT_EQ(ToHex(out), ToHex(RefCcmSeal(c.aes_key(), nonce, in, {}, 16)));
  ASSERT_EQ(Open(c, nonce, out, {}, &pt), Status::kOk);
  // One more byte is refused before anything is written.
  Bytes big(65536, 3), big_out(65536 + 16, 0xcc);
  EXPECT_EQ(c.seal(big_out, &n, nonce, big, {}), Status::kMessageTooLong);
  for (uint8_t b : big_out) ASSERT_EQ(b, 0xcc);
  EXPECT_EQ(c.open(big_out, &n, nonce, big_out, {}), Status::kMessageTooLong);
  for (uint8_t b : big_out) ASSERT_EQ(b, 0xcc);
  // Spans claiming more than any nonce allows (never dereferenced: the
  // length check comes first).
  if (sizeof(size_t) == 8) {
    const Bytes nonce12 = RandomBytes(rng, 12);
    std::span<const uint8_t> huge(in.data(), size_t{1} << 24);
    std::span<uint8_t> huge_out(out.data(), (size_t{1} << 24) + 16);
    EXPECT_EQ(c.seal(huge_out, &n, nonce12, huge, {}),
              Status::kMessageTooLong);
  }
}

CTCRYPTO_INSTANTIATE_AES_ROWS(CcmTest);

}  // namespace
}  // namespace ctcrypto_test
