// tls_cbc_test.cc: the TLS CBC record AEADs (ctcrypto/tls_cbc.h) and their
// constant-time pieces (crypto/tls/tls_cbc_internal.h).
//
//  * Every record of every BoringSSL TLS CBC vector file (including the
//    historical AES-256 SHA-256/SHA-384 files), on every AES row
//    this CPU can run (with the selected SHA row) and on every SHA
//    compression-function row of the suite's hash (with the selected AES
//    row): NO_SEAL records are only opened, FAILS records must
//    fail with the output zeroed, the rest must seal to CT||TAG and open to
//    IN (also in place).
//  * The MAC rotation against a naive rotation for every MAC size and
//    offset; the MAC extraction against a naive O(N^2) constant-time select
//    (kept here, as the reference, not in the library); the constant-time
//    HMAC on every usable SHA row against the plain HMAC on the portable
//    row for every secret length in its window.
//  * Every valid padding length, corruptions of padding, MAC and data.
//  * Bad arguments: clear status, nothing written.
//  * Implicit-IV chaining, the C API.
#include "ctcrypto/tls_cbc.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <tuple>

#include "crypto/testing/explicit_rows.h"
#include "crypto/tls/tls_cbc_internal.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/modes.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::Status;
using ctcrypto::TlsCbcAead;
using ctcrypto::TlsCbcSuite;
namespace ci = ctcrypto::internal;

// --- vector files ------------------------------------------------------------

struct TlsFile {
  const char* path;
  TlsCbcSuite suite;
  size_t records, fails, no_seal;
};

const TlsFile kFiles[] = {
    {"aes_128_cbc_sha1_tls_tests.txt", TlsCbcSuite::kAes128CbcSha1, 424, 259,
     324},
    {"aes_128_cbc_sha1_tls_implicit_iv_tests.txt",
     TlsCbcSuite::kAes128CbcSha1ImplicitIv, 424, 259, 324},
    {"aes_128_cbc_sha256_tls_tests.txt", TlsCbcSuite::kAes128CbcSha256, 424,
     259, 324},
    {"aes_256_cbc_sha1_tls_tests.txt", TlsCbcSuite::kAes256CbcSha1, 424, 259,
     324},
    {"aes_256_cbc_sha1_tls_implicit_iv_tests.txt",
     TlsCbcSuite::kAes256CbcSha1ImplicitIv, 424, 259, 324},
    {"historical/aes_256_cbc_sha256_tls_tests.txt",
     TlsCbcSuite::kAes256CbcSha256, 424, 259, 324},
    {"historical/aes_256_cbc_sha384_tls_tests.txt",
     TlsCbcSuite::kAes256CbcSha384, 488, 259, 388},
};

using VectorParam =
    std::tuple<const AesRow*, const ShaRow*, const TlsFile*>;

// VectorParams: for every file, every usable AES row with the selected SHA
// row of the suite's hash, and every other usable SHA row with the selected
// AES row (the two kinds of row are independent: CBC on one, HMAC on the
// other), so every row of both tables meets every file.
std::vector<VectorParam> VectorParams() {
  std::vector<VectorParam> v;
  for (const TlsFile& f : kFiles) {
    const auto hash = ctcrypto::tls_cbc_suite_info(f.suite).hash;
    const std::vector<const ShaRow*> sha = UsableShaRows(hash);
    const std::vector<const AesRow*> aes = UsableAesRows();
    for (const AesRow* a : aes) v.emplace_back(a, sha.front(), &f);
    for (size_t i = 1; i < sha.size(); ++i)
      v.emplace_back(aes.front(), sha[i], &f);
  }
  return v;
}

class TlsCbcVectorTest : public testing::TestWithParam<VectorParam> {};

testing::AssertionResult Init(TlsCbcAead* aead, TlsCbcSuite suite,
                              const Bytes& key, size_t tag_len,
                              const AesRow* row,
                              const ShaRow* sha = nullptr) {
  const ShaRow* sha_row =
      sha != nullptr
          ? sha
          : UsableShaRows(ctcrypto::tls_cbc_suite_info(suite).hash).front();
  Status s = ctcrypto::internal::init_with_rows(*aead, suite, key, tag_len,
                                                row, sha_row);
  if (s != Status::kOk)
    return testing::AssertionFailure() << "init: " << ctcrypto::status_string(s);
  if (std::strcmp(aead->aes_key().row_name(), row->name) != 0)
    return testing::AssertionFailure()
           << "row " << aead->aes_key().row_name() << " != "
           << row->name;
  if (std::strcmp(aead->sha_row_name(), sha_row->name) != 0)
    return testing::AssertionFailure()
           << "SHA row " << aead->sha_row_name() << " != " << sha_row->name;
  return testing::AssertionSuccess();
}

TEST_P(TlsCbcVectorTest, File) {
  const AesRow* row = std::get<0>(GetParam());
  const ShaRow* sha = std::get<1>(GetParam());
  const TlsFile& file = *std::get<2>(GetParam());
  size_t fails = 0, no_seal = 0, sealed = 0;
  size_t n = RunFileTest(
      std::string("tests/testdata/") + file.path,
      {"KEY", "NONCE", "IN", "AD", "CT", "TAG", "TAG_LEN", "NO_SEAL", "FAILS"},
      [&](FileTestRecord& r) {
        const Bytes key = r.GetBytes("KEY"), nonce = r.GetBytes("NONCE");
        const Bytes in = r.GetBytes("IN"), ad = r.GetBytes("AD");
        const Bytes ct = r.GetBytes("CT"), tag = r.GetBytes("TAG");
        const size_t tag_len = std::stoul(r.GetString("TAG_LEN"));
        const bool is_no_seal = r.Has("NO_SEAL");
        const bool is_fails = r.Has("FAILS");
        if (is_no_seal) r.GetString("NO_SEAL");
        if (is_fails) r.GetString("FAILS");
        no_seal += is_no_seal;
        fails += is_fails;
        Bytes record = ct;
        record.insert(record.end(), tag.begin(), tag.end());

        TlsCbcAead aead;
        ASSERT_TRUE(Init(&aead, file.suite, key, tag_len, row, sha));
        EXPECT_EQ(aead.mac_len(), tag_len);
        if (!is_no_seal) {
          ++sealed;
          ASSERT_EQ(aead.seal_len(in.size()), record.size());
          Bytes out(record.size() + 7, 0xaa);
          size_t out_len = 0;
          ASSERT_EQ(aead.seal(out, &out_len, nonce, in, ad), Status::kOk);
          ASSERT_EQ(out_len, record.size());
          EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data(), out_len)),
                    ToHex(record));
          EXPECT_EQ(out[out_len], 0xaa);
          // In place.
          ASSERT_TRUE(Init(&aead, file.suite, key, tag_len, row, sha));
          Bytes buf = in;
          buf.resize(record.size());
          ASSERT_EQ(aead.seal(buf, &out_len,  nonce,
                              std::span<const uint8_t>(buf.data(), in.size()),
                              ad),
                    Status::kOk);
          EXPECT_EQ(ToHex(buf), ToHex(record));
        }
        const size_t max_plain = record.size() - tag_len - 1;
        ASSERT_TRUE(Init(&aead, file.suite, key, tag_len, row, sha));
        Bytes out(max_plain + 5, 0xaa);
        size_t out_len = 12345;
        Status s = aead.open(out, &out_len, nonce, record, ad);
        if (is_fails) {
          EXPECT_EQ(s, Status::kAuthenticationFailed);
          EXPECT_TRUE(std::all_of(out.begin(), out.begin() + max_plain,
                                  [](uint8_t b) { return b == 0; }));
        } else {
          ASSERT_EQ(s, Status::kOk);
          ASSERT_EQ(out_len, in.size());
          EXPECT_EQ(ToHex(std::span<const uint8_t>(out.data(), out_len)),
                    ToHex(in));
        }
        EXPECT_TRUE(std::all_of(out.begin() + max_plain, out.end(),
                                [](uint8_t b) { return b == 0xaa; }));
        // In place.
        ASSERT_TRUE(Init(&aead, file.suite, key, tag_len, row, sha));
        Bytes buf = record;
        s = aead.open(buf, &out_len, nonce, buf, ad);
        if (is_fails) {
          EXPECT_EQ(s, Status::kAuthenticationFailed);
        } else {
          ASSERT_EQ(s, Status::kOk);
          EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), out_len)),
                    ToHex(in));
        }
      });
  EXPECT_EQ(n, file.records);
  EXPECT_EQ(fails, file.fails);
  EXPECT_EQ(no_seal, file.no_seal);
  EXPECT_EQ(sealed, file.records - file.no_seal);
}

std::string VectorParamName(const testing::TestParamInfo<VectorParam>& info) {
  std::string f = std::get<2>(info.param)->path;
  f = f.substr(f.rfind('/') == std::string::npos ? 0 : f.rfind('/') + 1);
  f = f.substr(0, f.size() - std::string("_tests.txt").size());
  return SanitizeName(std::get<0>(info.param)->name) + "_sha_" +
         SanitizeName(std::get<1>(info.param)->name) + "_" +
         SanitizeName(f.c_str());
}

INSTANTIATE_TEST_SUITE_P(Rows, TlsCbcVectorTest,
                         testing::ValuesIn(VectorParams()), VectorParamName);

// --- rotation and extraction ---------------------------------------------------

void NaiveRotateLeft(uint8_t* buf, size_t len, size_t offset) {
  Bytes tmp(buf, buf + len);
  for (size_t i = 0; i < len; ++i) buf[i] = tmp[(i + offset) % len];
}

// NaiveExtractMacCt: the O(len * mac_len) constant-time reference: every
// MAC byte is selected from every window position with a mask.
void NaiveExtractMacCt(uint8_t* out, size_t mac_len, const uint8_t* window,
                       size_t len, size_t mac_pos) {
  for (size_t j = 0; j < mac_len; ++j) {
    uint8_t b = 0;
    for (size_t i = 0; i < len; ++i)
      b |= static_cast<uint8_t>(window[i] & ci::ct_eq_mask(i, mac_pos + j));
    out[j] = b;
  }
}

TEST(TlsCbcRotateTest, EveryMacSizeEveryOffset) {
  std::mt19937 rng(TestSeed());
  for (size_t len = 1; len <= ci::kTlsMaxMacLen; ++len) {
    for (size_t off = 0; off < len; ++off) {
      uint8_t a[ci::kTlsMaxMacLen], b[ci::kTlsMaxMacLen];
      for (size_t i = 0; i < len; ++i) a[i] = b[i] = static_cast<uint8_t>(rng());
      ci::tls_rotate_left_ct(a, len, off);
      NaiveRotateLeft(b, len, off);
      ASSERT_EQ(ToHex(std::span<const uint8_t>(a, len)),
                ToHex(std::span<const uint8_t>(b, len)))
          << "len " << len << " offset " << off;
    }
  }
}

TEST(TlsCbcRotateTest, ExtractMatchesNaiveSelect) {
  std::mt19937 rng(TestSeed());
  for (size_t mac_len : {20, 32, 48, 1, 7, 16}) {
    for (size_t len : {mac_len, mac_len + 1, mac_len + 15, size_t{64},
                       size_t{100}, mac_len + 255, mac_len + 256}) {
      if (len < mac_len) continue;
      Bytes window(len);
      for (auto& b : window) b = static_cast<uint8_t>(rng());
      for (size_t pos = 0; pos + mac_len <= len; ++pos) {
        uint8_t fast[ci::kTlsMaxMacLen], naive[ci::kTlsMaxMacLen];
        ci::tls_extract_mac_ct(fast, mac_len, window.data(), len, pos);
        NaiveExtractMacCt(naive, mac_len, window.data(), len, pos);
        const std::string want =
            ToHex(std::span<const uint8_t>(window.data() + pos, mac_len));
        ASSERT_EQ(ToHex(std::span<const uint8_t>(fast, mac_len)), want)
            << "mac " << mac_len << " len " << len << " pos " << pos;
        ASSERT_EQ(ToHex(std::span<const uint8_t>(naive, mac_len)), want);
      }
    }
  }
}

// --- constant-time HMAC ------------------------------------------------------

TEST(TlsCbcHmacTest, EverySecretLengthMatchesPlainHmac) {
  std::mt19937 rng(TestSeed());
  const ctcrypto::HashAlgorithm algs[] = {ctcrypto::HashAlgorithm::kSha1,
                                          ctcrypto::HashAlgorithm::kSha256,
                                          ctcrypto::HashAlgorithm::kSha384};
  size_t rows_run = 0;
  for (auto alg : algs) {
    for (const ShaRow* sha : UsableShaRows(alg)) {
      SCOPED_TRACE(testing::PrintToString(sha));
      ++rows_run;
      Bytes key(ctcrypto::hash_digest_len(alg));
      for (auto& b : key) b = static_cast<uint8_t>(rng());
      ci::HmacKeyState ks;
      ci::hmac_key_setup(&ks, ci::alg_of(alg), sha, key.data(), key.size());
      uint8_t ad[11];
      for (auto& b : ad) b = static_cast<uint8_t>(rng());
      for (size_t max_len : {0, 1, 50, 51, 115, 116, 200, 255, 256, 300, 1000}) {
        Bytes data(max_len + 1);
        for (auto& b : data) b = static_cast<uint8_t>(rng());
        const size_t min_len = max_len >= 255 ? max_len - 255 : 0;
        for (size_t split : {size_t{0}, max_len / 2, max_len}) {
          for (size_t len = min_len; len <= max_len; ++len) {
            uint8_t got[64], want[64];
            ci::tls_hmac_ct(ks, ad, data.data(), split, data.data() + split,
                            data.size() - split, len, min_len, max_len, got);
            // The plain HMAC on the portable row is the reference.
            ctcrypto::Hmac h;
            ASSERT_TRUE(InitHmac(&h, alg, key, ReferenceShaRow(alg)));
            h.update(ad);
            uint8_t lb[2] = {static_cast<uint8_t>(len >> 8),
                             static_cast<uint8_t>(len)};
            h.update(lb);
            h.update(std::span<const uint8_t>(data.data(), len));
            ASSERT_EQ(h.finish(want), Status::kOk);
            ASSERT_EQ(ToHex(std::span<const uint8_t>(got, h.digest_len())),
                      ToHex(std::span<const uint8_t>(want, h.digest_len())))
                << "max " << max_len << " len " << len << " split " << split;
          }
        }
      }
    }
  }
  // Every hash has its portable row at least.
  EXPECT_GE(rows_run, 3u);
}

// --- every padding length; corruptions ---------------------------------------

// CbcEncryptRecord: CBC(iv, p) under the encryption part of the suite's
// key (after the MAC key), in place, through the public primitives.
void CbcEncryptRecord(const ctcrypto::TlsCbcSuiteInfo& info, const Bytes& key,
                      const Bytes& iv, Bytes* p) {
  ctcrypto::AesKey aes;
  ASSERT_EQ(aes.init(std::span<const uint8_t>(key.data() + info.mac_key_len,
                                              info.enc_key_len)),
            Status::kOk);
  uint8_t ivb[16];
  std::memcpy(ivb, iv.data(), 16);
  ASSERT_EQ(ctcrypto::aes_cbc_encrypt(aes, ivb, *p, *p), Status::kOk);
}

// MakeRecord: CBC(iv, data || HMAC || pad_total bytes of pad_total - 1),
// built from the public primitives, for any valid pad_total.
Bytes MakeRecord(const ctcrypto::TlsCbcSuiteInfo& info, const Bytes& key,
                 const Bytes& iv, const Bytes& ad, const Bytes& data,
                 size_t pad_total, size_t flip_mac_byte = SIZE_MAX) {
  Bytes p = data;
  uint8_t mac[64];
  ctcrypto::Hmac h;
  EXPECT_EQ(h.init(info.hash, std::span<const uint8_t>(key.data(),
                                                       info.mac_key_len)),
            Status::kOk);
  h.update(ad);
  uint8_t lb[2] = {static_cast<uint8_t>(data.size() >> 8),
                   static_cast<uint8_t>(data.size())};
  h.update(lb);
  h.update(data);
  EXPECT_EQ(h.finish(mac), Status::kOk);
  if (flip_mac_byte < info.mac_key_len) mac[flip_mac_byte] ^= 0x80;
  p.insert(p.end(), mac, mac + info.mac_key_len);
  p.insert(p.end(), pad_total, static_cast<uint8_t>(pad_total - 1));
  CbcEncryptRecord(info, key, iv, &p);
  return p;
}

class TlsCbcPaddingTest : public testing::TestWithParam<const AesRow*> {};

TEST_P(TlsCbcPaddingTest, EveryPaddingLengthAndCorruption) {
  std::mt19937 rng(TestSeed());
  for (TlsCbcSuite suite :
       {TlsCbcSuite::kAes128CbcSha1, TlsCbcSuite::kAes256CbcSha384}) {
    const auto& info = ctcrypto::tls_cbc_suite_info(suite);
    Bytes key(info.key_len()), iv(16), ad(11);
    for (auto& b : key) b = static_cast<uint8_t>(rng());
    for (auto& b : iv) b = static_cast<uint8_t>(rng());
    for (auto& b : ad) b = static_cast<uint8_t>(rng());
    TlsCbcAead aead;
    ASSERT_TRUE(Init(&aead, suite, key, 0, GetParam()));
    for (size_t len : {0, 1, 15, 16, 37, 300}) {
      Bytes data(len);
      for (auto& b : data) b = static_cast<uint8_t>(rng());
      for (size_t pad = 1; pad <= 256; ++pad) {
        if ((len + info.mac_key_len + pad) % 16 != 0) continue;
        SCOPED_TRACE("len " + std::to_string(len) + " pad " +
                     std::to_string(pad));
        Bytes rec = MakeRecord(info, key, iv, ad, data, pad);
        Bytes out(rec.size());
        size_t out_len;
        ASSERT_EQ(aead.open(out, &out_len, iv, rec, ad), Status::kOk);
        ASSERT_EQ(out_len, len);
        ASSERT_TRUE(std::equal(data.begin(), data.end(), out.begin()));
        // Flip one bit of the plaintext, the MAC, or a padding byte (by
        // changing the last-but-one ciphertext block, which maps to the
        // last plaintext block; or the IV for the first block).
        for (int trial = 0; trial < 4; ++trial) {
          const size_t target = rng() % rec.size();  // plaintext position
          Bytes bad = rec;
          Bytes bad_iv = iv;
          if (target < 16)
            bad_iv[target] ^= 0x01;
          else
            bad[target - 16] ^= 0x01;  // garbles block target/16 - 1 too
          Status s = aead.open(out, &out_len, bad_iv, bad, ad);
          EXPECT_EQ(s, Status::kAuthenticationFailed) << "target " << target;
        }
      }
    }
  }
}

CTCRYPTO_INSTANTIATE_AES_ROWS(TlsCbcPaddingTest);

// Records whose only fault is one flipped MAC byte, at every MAC position
// (the last one included), for every suite and AES row: the padding is
// valid and the plaintext intact, so only a comparison over the whole MAC
// rejects them. Data lengths put the MAC at different offsets in its
// block; paddings are minimal and maximal.
class TlsCbcMacByteTest : public testing::TestWithParam<TlsCbcSuite> {};

TEST_P(TlsCbcMacByteTest, EveryFlippedMacByteRejected) {
  const TlsCbcSuite suite = GetParam();
  const auto& info = ctcrypto::tls_cbc_suite_info(suite);
  std::mt19937 rng(TestSeed());
  Bytes key(info.key_len()), ad(11);
  for (auto& b : key) b = static_cast<uint8_t>(rng());
  for (auto& b : ad) b = static_cast<uint8_t>(rng());
  Bytes iv(16);
  if (info.implicit_iv)
    iv.assign(key.end() - 16, key.end());  // the fixed IV in the key
  else
    for (auto& b : iv) b = static_cast<uint8_t>(rng());
  const Bytes nonce = info.implicit_iv ? Bytes() : iv;
  size_t opened = 0;
  for (const AesRow* row : UsableAesRows()) {
    SCOPED_TRACE(row->name);
    for (size_t len : {0, 17, 300}) {
      Bytes data(len);
      for (auto& b : data) b = static_cast<uint8_t>(rng());
      const size_t min_pad = 16 - (len + info.mac_key_len) % 16;
      for (size_t pad : {min_pad, min_pad + 240}) {
        SCOPED_TRACE("len " + std::to_string(len) + " pad " +
                     std::to_string(pad));
        for (size_t j = 0; j <= info.mac_key_len; ++j) {
          // j == mac_key_len: the unmodified record, which must open.
          Bytes rec = MakeRecord(info, key, iv, ad, data, pad, j);
          TlsCbcAead aead;  // fresh: implicit-IV objects chain their IV
          ASSERT_TRUE(Init(&aead, suite, key, 0, row));
          Bytes out(rec.size(), 0xa5);
          size_t out_len = 7;
          Status s = aead.open(out, &out_len, nonce, rec, ad);
          ++opened;
          if (j == info.mac_key_len) {
            ASSERT_EQ(s, Status::kOk);
            ASSERT_EQ(out_len, len);
            continue;
          }
          ASSERT_EQ(s, Status::kAuthenticationFailed) << "MAC byte " << j;
          EXPECT_EQ(out_len, 0u);
          const size_t max_plain = rec.size() - info.mac_key_len - 1;
          EXPECT_TRUE(std::all_of(out.begin(), out.begin() + max_plain,
                                  [](uint8_t b) { return b == 0; }))
              << "MAC byte " << j;
        }
      }
    }
  }
  EXPECT_EQ(opened,
            UsableAesRows().size() * 3 * 2 * (info.mac_key_len + 1));
}

INSTANTIATE_TEST_SUITE_P(
    Suites, TlsCbcMacByteTest,
    testing::Values(TlsCbcSuite::kAes128CbcSha1, TlsCbcSuite::kAes128CbcSha256,
                    TlsCbcSuite::kAes256CbcSha1, TlsCbcSuite::kAes256CbcSha256,
                    TlsCbcSuite::kAes256CbcSha384,
                    TlsCbcSuite::kAes128CbcSha1ImplicitIv,
                    TlsCbcSuite::kAes256CbcSha1ImplicitIv),
    [](const testing::TestParamInfo<TlsCbcSuite>& p) {
      std::string n = ctcrypto::tls_cbc_suite_info(p.param).name;
      std::replace(n.begin(), n.end(), '-', '_');
      return n;
    });

// The padding check's room-for-MAC condition at its boundary: a record of
// exactly padding + mac_len bytes has room (the plaintext is empty), one
// byte shorter has not, whatever the padding bytes say. Every MAC length,
// padding lengths 1..256.
TEST(TlsCbcPaddingCheckTest, RoomForMacBoundary) {
  size_t checked = 0;
  for (size_t mac_len : {20, 32, 48}) {
    for (size_t plen = 1; plen <= 256; ++plen) {
      SCOPED_TRACE("mac " + std::to_string(mac_len) + " padding " +
                   std::to_string(plen));
      for (size_t len : {plen + mac_len - 1, plen + mac_len, plen + mac_len + 1}) {
        // A valid-looking padding of plen bytes (each plen - 1) at the end,
        // arbitrary non-padding bytes before it.
        Bytes rec(len, 0x5c);
        std::fill(rec.end() - plen, rec.end(), static_cast<uint8_t>(plen - 1));
        size_t padding_len = 0;
        const size_t good =
            ci::tls_padding_check_ct(rec.data(), len, mac_len, &padding_len);
        if (len < plen + mac_len) {
          EXPECT_EQ(good, 0u) << "len " << len;
          EXPECT_EQ(padding_len, 1u);
        } else {
          EXPECT_EQ(good, ~size_t{0}) << "len " << len;
          EXPECT_EQ(padding_len, plen);
        }
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 3u * 256 * 3);
}

// --- bad arguments -------------------------------------------------------------

TEST(TlsCbcArgsTest, BadInputsWriteNothing) {
  const auto suite = TlsCbcSuite::kAes128CbcSha1;
  Bytes key(36, 0x11), iv(16, 0x22), ad(11, 0x33), pt(40, 0x44);
  TlsCbcAead aead;
  EXPECT_EQ(aead.init(suite, Bytes(35)), Status::kInvalidKeyLength);
  EXPECT_FALSE(aead.initialized());
  EXPECT_EQ(aead.init(suite, Bytes(37)), Status::kInvalidKeyLength);
  EXPECT_EQ(aead.init(TlsCbcSuite::kAes128CbcSha1ImplicitIv, Bytes(36)),
            Status::kInvalidKeyLength);
  EXPECT_EQ(aead.init(suite, key, 16), Status::kInvalidTagLength);
  EXPECT_FALSE(aead.initialized());

  Bytes out(400, 0xaa);
  size_t out_len = 777;
  EXPECT_EQ(aead.seal(out, &out_len, iv, pt, ad), Status::kNotInitialized);
  EXPECT_EQ(aead.open(out, &out_len, iv, Bytes(64), ad),
            Status::kNotInitialized);

  ASSERT_EQ(aead.init(suite, key, 20), Status::kOk);
  Bytes rec(aead.seal_len(pt.size()));
  ASSERT_EQ(aead.seal(rec, &out_len, iv, pt, ad), Status::kOk);
  out_len = 777;

  auto untouched = [&]() {
    return out_len == 777 &&
           std::all_of(out.begin(), out.end(), [](uint8_t b) { return b == 0xaa; });
  };
  // AD not 11 bytes.
  for (size_t n : {0, 10, 12, 13}) {
    EXPECT_EQ(aead.seal(out, &out_len, iv, pt, Bytes(n)), Status::kInvalidLength);
    EXPECT_EQ(aead.open(out, &out_len, iv, rec, Bytes(n)), Status::kInvalidLength);
  }
  // Wrong nonce length.
  for (size_t n : {0, 12, 15, 17}) {
    EXPECT_EQ(aead.seal(out, &out_len, Bytes(n), pt, ad),
              Status::kInvalidNonceLength);
    EXPECT_EQ(aead.open(out, &out_len, Bytes(n), rec, ad),
              Status::kInvalidNonceLength);
  }
  // Record not a multiple of the block size; shorter than MAC + 1 (20 + 1
  // for SHA-1, so 16 bytes is too short although a whole block).
  for (size_t n : {size_t{0}, size_t{1}, size_t{16}, size_t{31}, size_t{33},
                   rec.size() - 1, rec.size() + 1}) {
    Bytes r(n, 0x5c);
    EXPECT_EQ(aead.open(out, &out_len, iv, r, ad), Status::kInvalidLength)
        << n;
  }
  // Output too small.
  EXPECT_EQ(aead.seal(std::span<uint8_t>(out.data(), rec.size() - 1), &out_len,
                      iv, pt, ad),
            Status::kOutputTooSmall);
  EXPECT_EQ(aead.open(std::span<uint8_t>(out.data(), rec.size() - 20 - 2),
                      &out_len, iv, rec, ad),
            Status::kOutputTooSmall);
  // Partial overlap.
  Bytes big(400);
  EXPECT_EQ(aead.seal(std::span<uint8_t>(big.data() + 1, 100), &out_len, iv,
                      std::span<const uint8_t>(big.data(), 40), ad),
            Status::kOverlappingBuffers);
  EXPECT_TRUE(untouched());

  // Implicit IV: the nonce must be empty.
  TlsCbcAead imp;
  ASSERT_EQ(imp.init(TlsCbcSuite::kAes128CbcSha1ImplicitIv, Bytes(52)),
            Status::kOk);
  EXPECT_EQ(imp.seal(out, &out_len, iv, pt, ad), Status::kInvalidNonceLength);
  EXPECT_TRUE(untouched());
  EXPECT_EQ(imp.seal(out, &out_len, {}, pt, ad), Status::kOk);
}

// The shortest record for SHA-1 (32 bytes) holds at most 11 plaintext bytes;
// one full of padding and no room for the MAC must fail, not read out of
// bounds.
TEST(TlsCbcArgsTest, ShortestRecords) {
  for (TlsCbcSuite suite :
       {TlsCbcSuite::kAes128CbcSha1, TlsCbcSuite::kAes128CbcSha256,
        TlsCbcSuite::kAes256CbcSha384}) {
    const auto& info = ctcrypto::tls_cbc_suite_info(suite);
    Bytes key(info.key_len(), 0x5a), iv(16, 1), ad(11, 2);
    TlsCbcAead aead;
    ASSERT_EQ(aead.init(suite, key), Status::kOk);
    const size_t n = (info.mac_key_len + 1 + 15) / 16 * 16;
    for (size_t len = 0; len + info.mac_key_len + 1 <= n; ++len) {
      Bytes pt(len, 0x77), rec(aead.seal_len(len)), out(n);
      size_t out_len;
      ASSERT_EQ(aead.seal(rec, &out_len, iv, pt, ad), Status::kOk);
      ASSERT_EQ(rec.size(), n);
      ASSERT_EQ(aead.open(out, &out_len, iv, rec, ad), Status::kOk);
      EXPECT_EQ(out_len, len);
    }
    // All-padding record: padding byte n-1 claims the whole record.
    Bytes rec(n, static_cast<uint8_t>(n - 1)), out(n);
    CbcEncryptRecord(info, key, iv, &rec);
    size_t out_len;
    EXPECT_EQ(aead.open(out, &out_len, iv, rec, ad),
              Status::kAuthenticationFailed);
  }
}

// --- implicit IV chaining; names; C API ---------------------------------------

TEST(TlsCbcImplicitIvTest, ChainsLikeTls10) {
  const auto suite = TlsCbcSuite::kAes128CbcSha1ImplicitIv;
  Bytes key(52);
  for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<uint8_t>(i);
  Bytes ad(11, 9), p1(30, 1), p2(70, 2);
  TlsCbcAead sealer, opener;
  ASSERT_EQ(sealer.init(suite, key), Status::kOk);
  ASSERT_EQ(opener.init(suite, key), Status::kOk);
  Bytes r1(sealer.seal_len(p1.size())), r2(sealer.seal_len(p2.size()));
  size_t len;
  ASSERT_EQ(sealer.seal(r1, &len, {}, p1, ad), Status::kOk);
  ASSERT_EQ(sealer.seal(r2, &len, {}, p2, ad), Status::kOk);
  // Record 2 is what a fresh context with IV = last block of record 1 seals.
  Bytes key2 = key;
  std::copy(r1.end() - 16, r1.end(), key2.end() - 16);
  TlsCbcAead fresh;
  ASSERT_EQ(fresh.init(suite, key2), Status::kOk);
  Bytes r2b(r2.size());
  ASSERT_EQ(fresh.seal(r2b, &len, {}, p2, ad), Status::kOk);
  EXPECT_EQ(ToHex(r2), ToHex(r2b));
  Bytes out(200);
  ASSERT_EQ(opener.open(out, &len, {}, r1, ad), Status::kOk);
  EXPECT_EQ(len, p1.size());
  ASSERT_EQ(opener.open(out, &len, {}, r2, ad), Status::kOk);
  EXPECT_EQ(len, p2.size());
  EXPECT_TRUE(std::equal(p2.begin(), p2.end(), out.begin()));
}

TEST(TlsCbcNamesTest, RoundTrip) {
  const char* names[] = {"aes-128-cbc-sha1-tls",
                         "aes-128-cbc-sha256-tls",
                         "aes-256-cbc-sha1-tls",
                         "aes-256-cbc-sha256-tls",
                         "aes-256-cbc-sha384-tls",
                         "aes-128-cbc-sha1-tls-implicit-iv",
                         "aes-256-cbc-sha1-tls-implicit-iv"};
  for (const char* n : names) {
    TlsCbcSuite s;
    ASSERT_TRUE(ctcrypto::tls_cbc_suite_from_name(n, &s)) << n;
    EXPECT_STREQ(ctcrypto::tls_cbc_suite_info(s).name, n);
  }
  TlsCbcSuite s;
  EXPECT_FALSE(ctcrypto::tls_cbc_suite_from_name("aes-128-gcm", &s));
  EXPECT_FALSE(ctcrypto::tls_cbc_suite_from_name(nullptr, &s));
}

TEST(TlsCbcCApiTest, SealOpen) {
  ctcrypto_tls_cbc ctx;
  Bytes key(80, 3), iv(16, 4), ad(11, 5), pt(100, 6);
  EXPECT_EQ(ctcrypto_tls_cbc_init(&ctx, "nope", key.data(), 80, 0),
            static_cast<int>(Status::kInvalidArgument));
  ASSERT_EQ(ctcrypto_tls_cbc_init(&ctx, "aes-256-cbc-sha384-tls", key.data(),
                                  80, 48),
            CTCRYPTO_OK);
  uint8_t rec[200], out[200];
  size_t rec_len, out_len;
  ASSERT_EQ(ctcrypto_tls_cbc_seal(&ctx, rec, &rec_len, sizeof(rec), iv.data(),
                                  16, pt.data(), pt.size(), ad.data(), 11),
            CTCRYPTO_OK);
  EXPECT_EQ(rec_len, 160u);  // 100 + 48 + 12
  ASSERT_EQ(ctcrypto_tls_cbc_open(&ctx, out, &out_len, sizeof(out), iv.data(),
                                  16, rec, rec_len, ad.data(), 11),
            CTCRYPTO_OK);
  EXPECT_EQ(out_len, pt.size());
  rec[rec_len - 1] ^= 1;
  EXPECT_EQ(ctcrypto_tls_cbc_open(&ctx, out, &out_len, sizeof(out), iv.data(),
                                  16, rec, rec_len, ad.data(), 11),
            CTCRYPTO_AUTHENTICATION_FAILED);
}

}  // namespace
}  // namespace ctcrypto_test
