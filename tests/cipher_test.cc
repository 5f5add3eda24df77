// cipher_test.cc: BoringSSL's cipher_tests.txt (OpenSSL evp_test style), the
// AES records, on every usable (AES row, GHASH row) pair. ECB runs through
// encrypt_block/decrypt_block per block, CBC through aes_cbc_*, CTR through
// aes_ctr128 (full 128-bit counters), GCM through AesGcm. OFB (not provided
// by ctcrypto) and the non-AES ciphers are skipped, and the skip counts are
// asserted so that a change in the file cannot go unnoticed.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

class CipherTest : public testing::TestWithParam<GcmRows> {};

void RunBlockMode(const AesRow* row, const std::string& mode,
                  const Bytes& key, const Bytes& iv, const Bytes& in,
                  const Bytes& want, bool encrypt) {
  AesKey k;
  ASSERT_TRUE(InitAesKey(&k, key, row));
  Bytes out(in.size(), 0xcc);
  if (mode == "ECB") {
    ASSERT_EQ(in.size() % 16, 0u);
    for (size_t off = 0; off < in.size(); off += 16) {
      if (encrypt) {
        k.encrypt_block(in.data() + off, out.data() + off);
      } else {
        k.decrypt_block(in.data() + off, out.data() + off);
      }
    }
  } else if (mode == "CBC") {
    ASSERT_EQ(iv.size(), 16u);
    Block chain = ToBlock(iv);
    std::span<uint8_t, 16> ivs(chain);
    ASSERT_EQ(encrypt ? ctcrypto::aes_cbc_encrypt(k, ivs, in, out)
                      : ctcrypto::aes_cbc_decrypt(k, ivs, in, out),
              Status::kOk);
  } else if (mode == "CTR") {
    ASSERT_EQ(iv.size(), 16u);
    Block ctr = ToBlock(iv);
    ASSERT_EQ(ctcrypto::aes_ctr128(k, std::span<const uint8_t, 16>(ctr), in,
                                   out),
              Status::kOk);
  } else {
    FAIL() << "unexpected mode " << mode;
  }
  EXPECT_EQ(ToHex(out), ToHex(want)) << mode << (encrypt ? " enc" : " dec");
}

TEST_P(CipherTest, BoringSslCipherTests) {
  const GcmRows rows = GetParam();
  std::map<std::string, size_t> run;  // by mode
  size_t skipped_ofb = 0, skipped_non_aes = 0, invalid_decrypt = 0;
  size_t n = RunFileTest(
      "tests/testdata/cipher_tests.txt",
      {"Cipher", "Key", "IV", "Plaintext", "Ciphertext", "AAD", "Tag",
       "Operation"},
      [&](FileTestRecord& r) {
        std::string cipher = r.GetString("Cipher");
        if (cipher.rfind("AES-", 0) != 0) {
          ++skipped_non_aes;
          r.MarkAllUsed();
          return;
        }
        // AES-<bits>-<MODE>
        ASSERT_EQ(cipher.size(), 11u) << cipher;
        std::string bits = cipher.substr(4, 3), mode = cipher.substr(8);
        if (mode == "OFB") {
          ++skipped_ofb;
          r.MarkAllUsed();
          return;
        }
        Bytes key = r.GetBytes("Key");
        ASSERT_EQ(key.size() * 8, std::stoul(bits)) << cipher;
        Bytes iv = r.Has("IV") ? r.GetBytes("IV") : Bytes();
        Bytes pt = r.GetBytes("Plaintext"), ct = r.GetBytes("Ciphertext");
        std::string op = r.Has("Operation") ? r.GetString("Operation") : "";
        bool do_enc = op.empty() || op == "Encrypt" || op == "ENCRYPT";
        bool do_dec = op.empty() || op == "Decrypt" || op == "DECRYPT";
        bool invalid = op == "InvalidDecrypt";
        ASSERT_TRUE(do_enc || do_dec || invalid) << "Operation " << op;
        ++run[mode];
        if (mode != "GCM") {
          ASSERT_FALSE(invalid) << "InvalidDecrypt on a non-AEAD record";
          ASSERT_EQ(mode == "ECB", iv.empty());
          if (do_enc) RunBlockMode(rows.aes, mode, key, iv, pt, ct, true);
          if (do_dec) RunBlockMode(rows.aes, mode, key, iv, ct, pt, false);
          return;
        }
        ASSERT_EQ(mode, "GCM");
        Bytes aad = r.GetBytes("AAD"), tag = r.GetBytes("Tag");
        ASSERT_EQ(tag.size(), 16u);
        AesGcm g;
        ASSERT_TRUE(InitGcm(&g, key, 16, rows));
        Bytes sealed = ct;
        sealed.insert(sealed.end(), tag.begin(), tag.end());
        size_t out_len = 0;
        if (do_enc) {
          Bytes out(pt.size() + 16);
          ASSERT_EQ(g.seal(out, &out_len, iv, pt, aad), Status::kOk);
          EXPECT_EQ(ToHex(out), ToHex(sealed));
        }
        Bytes out(ct.size(), 0xcc);
        Status s = g.open(out, &out_len, iv, sealed, aad);
        if (invalid) {
          ++invalid_decrypt;
          EXPECT_EQ(s, Status::kAuthenticationFailed);
          for (uint8_t b : out) ASSERT_EQ(b, 0) << "plaintext released";
          // The record's plaintext still seals to its ciphertext; only the
          // tag is wrong.
          Bytes resealed(pt.size() + 16);
          ASSERT_EQ(g.seal(resealed, &out_len, iv, pt, aad), Status::kOk);
          EXPECT_EQ(ToHex(std::span<const uint8_t>(resealed.data(), pt.size())),
                    ToHex(ct));
          EXPECT_NE(ToHex(std::span<const uint8_t>(resealed.data() + pt.size(),
                                                   16)),
                    ToHex(tag));
        } else if (do_dec) {
          ASSERT_EQ(s, Status::kOk);
          EXPECT_EQ(ToHex(out), ToHex(pt));
        }
      });
  EXPECT_EQ(n, 118u);
  EXPECT_EQ(run["ECB"], 17u);
  EXPECT_EQ(run["CBC"], 14u);
  EXPECT_EQ(run["CTR"], 9u);
  EXPECT_EQ(run["GCM"], 31u);
  EXPECT_EQ(run.size(), 4u);
  EXPECT_EQ(invalid_decrypt, 3u);
  EXPECT_EQ(skipped_ofb, 15u);
  EXPECT_EQ(skipped_non_aes, 32u);
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(CipherTest);

}  // namespace
}  // namespace ctcrypto_test
