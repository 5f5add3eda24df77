// api_test.cc: the Status enum and strings, the C API exercised from C++
// (vectors, errors, null pointers, the opaque object sizes, uninitialised
// objects, cleanup), and the key objects' clear() and wiping destructors.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <type_traits>

#include <new>

#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::Status;

TEST(StatusTest, ValuesAreStable) {
  // These are the C API's return codes and must never change.
  EXPECT_EQ(static_cast<int>(Status::kOk), 0);
  EXPECT_EQ(static_cast<int>(Status::kInvalidKeyLength), 1);
  EXPECT_EQ(static_cast<int>(Status::kInvalidNonceLength), 2);
  EXPECT_EQ(static_cast<int>(Status::kInvalidTagLength), 3);
  EXPECT_EQ(static_cast<int>(Status::kOutputTooSmall), 4);
  EXPECT_EQ(static_cast<int>(Status::kInvalidLength), 5);
  EXPECT_EQ(static_cast<int>(Status::kOverlappingBuffers), 6);
  EXPECT_EQ(static_cast<int>(Status::kMessageTooLong), 7);
  EXPECT_EQ(static_cast<int>(Status::kAuthenticationFailed), 8);
  EXPECT_EQ(static_cast<int>(Status::kNotInitialized), 9);
  EXPECT_EQ(static_cast<int>(Status::kInvalidArgument), 10);
  EXPECT_EQ(static_cast<int>(Status::kUnsupported), 11);
  EXPECT_EQ(static_cast<int>(Status::kBadState), 12);
  EXPECT_EQ(CTCRYPTO_OK, 0);
  EXPECT_EQ(CTCRYPTO_NOT_INITIALIZED,
            static_cast<int>(Status::kNotInitialized));
  EXPECT_EQ(CTCRYPTO_BAD_STATE, static_cast<int>(Status::kBadState));
  EXPECT_EQ(CTCRYPTO_AUTHENTICATION_FAILED,
            static_cast<int>(Status::kAuthenticationFailed));
}

TEST(StatusTest, StringsAreDistinctAndNonEmpty) {
  std::set<std::string> seen;
  for (int i = 0; i <= static_cast<int>(Status::kBadState); ++i) {
    const char* s = ctcrypto::status_string(static_cast<Status>(i));
    ASSERT_NE(s, nullptr) << i;
    EXPECT_GT(std::strlen(s), 0u) << i;
    EXPECT_TRUE(seen.insert(s).second) << "duplicate string for " << i << ": " << s;
    // The C API gives the same strings.
    EXPECT_STREQ(ctcrypto_status_string(i), s) << i;
  }
  EXPECT_STREQ(ctcrypto::status_string(Status::kAuthenticationFailed),
               "authentication failure");
  // Out-of-range codes still give a string.
  for (int bad : {-1, 13, 1000}) {
    const char* s = ctcrypto_status_string(bad);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(seen.count(s), 0u) << bad;
  }
}

// Every C object: its published size, and room for the C++ object plus the
// 4-byte state word in the last 4 bytes, at the C++ object's alignment (on
// this target; c_api.cc static_asserts the same).
template <typename T, typename C>
void ExpectObjectFits(size_t published_size) {
  EXPECT_EQ(sizeof(C), published_size);
  EXPECT_LE(sizeof(T) + 4, sizeof(C));
  EXPECT_LE(alignof(T), alignof(C));
}

TEST(CApiTest, ObjectSizes) {
  // The key objects' alignment of this CPU family (ctcrypto/key_sizes.h).
  EXPECT_EQ(alignof(ctcrypto_aes_key), size_t{CTCRYPTO_KEY_STATE_ALIGN});
  EXPECT_EQ(alignof(ctcrypto_aes_gcm), size_t{CTCRYPTO_KEY_STATE_ALIGN});
#if defined(__x86_64__)
  EXPECT_EQ(size_t{CTCRYPTO_KEY_STATE_ALIGN}, 64u);  // the ZMM rows
#else
  EXPECT_EQ(size_t{CTCRYPTO_KEY_STATE_ALIGN}, 16u);
#endif
  ExpectObjectFits<ctcrypto::AesKey, ctcrypto_aes_key>(CTCRYPTO_AES_KEY_SIZE);
  ExpectObjectFits<ctcrypto::AesGcm, ctcrypto_aes_gcm>(CTCRYPTO_AES_GCM_SIZE);
  ExpectObjectFits<ctcrypto::TlsCbcAead, ctcrypto_tls_cbc>(
      CTCRYPTO_TLS_CBC_SIZE);
  ExpectObjectFits<ctcrypto::AesCcm, ctcrypto_aes_ccm>(CTCRYPTO_AES_CCM_SIZE);
  ExpectObjectFits<ctcrypto::AesCmac, ctcrypto_aes_cmac>(
      CTCRYPTO_AES_CMAC_SIZE);
  ExpectObjectFits<ctcrypto::AesCmacContext, ctcrypto_aes_cmac_ctx>(
      CTCRYPTO_AES_CMAC_CTX_SIZE);
  ExpectObjectFits<ctcrypto::AesGcmSiv, ctcrypto_aes_gcm_siv>(
      CTCRYPTO_AES_GCM_SIV_SIZE);
  ExpectObjectFits<ctcrypto::AesGmac, ctcrypto_aes_gmac>(
      CTCRYPTO_AES_GMAC_SIZE);
  ExpectObjectFits<ctcrypto::AesXts, ctcrypto_aes_xts>(CTCRYPTO_AES_XTS_SIZE);
  ExpectObjectFits<ctcrypto::AesGmacContext, ctcrypto_aes_gmac_ctx>(
      CTCRYPTO_AES_GMAC_CTX_SIZE);
  ExpectObjectFits<ctcrypto::AesGcmStream, ctcrypto_aes_gcm_stream>(
      CTCRYPTO_AES_GCM_STREAM_SIZE);
  ExpectObjectFits<ctcrypto::AesCcmStream, ctcrypto_aes_ccm_stream>(
      CTCRYPTO_AES_CCM_STREAM_SIZE);
  // The sizes ctcrypto.h states for the streams (the 64-bit lengths align
  // them to 8 bytes on 32-bit targets too): GCM's is 112 bytes + the
  // family's carry, or, with no carry (a 1-byte array), 112 on 32-bit
  // targets and 120 on 64-bit ones; CCM's is 120 everywhere.
#if CTCRYPTO_GCM_STREAM_CARRY_SIZE > 0
  const size_t gcm_stream = 112 + CTCRYPTO_GCM_STREAM_CARRY_SIZE;
#else
  const size_t gcm_stream = sizeof(void*) == 8 ? 120 : 112;
#endif
  EXPECT_EQ(sizeof(ctcrypto::AesGcmStream), gcm_stream);
  EXPECT_EQ(sizeof(ctcrypto::AesGmacContext), gcm_stream);
  EXPECT_EQ(sizeof(ctcrypto::AesCcmStream), 120u);
}

TEST(CApiTest, AesBlockCtrCbc) {
  const Bytes key = Hex("000102030405060708090a0b0c0d0e0f");
  const Bytes pt = Hex("00112233445566778899aabbccddeeff");
  ctcrypto_aes_key k;
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key.data(), key.size()), CTCRYPTO_OK);
  uint8_t out[16];
  ASSERT_EQ(ctcrypto_aes_encrypt_block(&k, pt.data(), out), CTCRYPTO_OK);
  EXPECT_EQ(ToHex(out), "69c4e0d86a7b0430d8cdb78070b4c55a");
  uint8_t back[16];
  ASSERT_EQ(ctcrypto_aes_decrypt_block(&k, out, back), CTCRYPTO_OK);
  EXPECT_EQ(ToHex(back), ToHex(pt));

  // SP 800-38A F.2.1 / F.5.1 through the C entry points.
  const Bytes k2 = Hex("2b7e151628aed2a6abf7158809cf4f3c");
  const Bytes p2 = Hex(
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  ASSERT_EQ(ctcrypto_aes_key_init(&k, k2.data(), k2.size()), CTCRYPTO_OK);
  Bytes iv = Hex("000102030405060708090a0b0c0d0e0f");
  Bytes ct(p2.size());
  ASSERT_EQ(ctcrypto_aes_cbc_encrypt(&k, iv.data(), p2.data(), ct.data(),
                                     p2.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(ct),
            "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
            "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7");
  EXPECT_EQ(ToHex(iv), "3ff1caa1681fac09120eca307586e1a7");
  iv = Hex("000102030405060708090a0b0c0d0e0f");
  Bytes dec(ct.size());
  ASSERT_EQ(ctcrypto_aes_cbc_decrypt(&k, iv.data(), ct.data(), dec.data(),
                                     ct.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(dec), ToHex(p2));
  const Bytes ctr = Hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  Bytes cout(p2.size());
  ASSERT_EQ(ctcrypto_aes_ctr32(&k, ctr.data(), p2.data(), cout.data(),
                               p2.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(cout),
            "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
            "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee");
  // CBC partial block and empty input.
  EXPECT_EQ(ctcrypto_aes_cbc_encrypt(&k, iv.data(), p2.data(), ct.data(), 17),
            static_cast<int>(Status::kInvalidLength));
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, ctr.data(), nullptr, nullptr, 0),
            CTCRYPTO_OK);
}

TEST(CApiTest, AesErrors) {
  ctcrypto_aes_key k;
  const Bytes key(33, 1);
  for (size_t len : {0, 15, 17, 33}) {
    EXPECT_EQ(ctcrypto_aes_key_init(&k, key.data(), len),
              static_cast<int>(Status::kInvalidKeyLength))
        << len;
  }
  // After a failed init the object is a valid, uninitialised key.
  uint8_t in[16] = {0}, out[16];
  EXPECT_EQ(ctcrypto_aes_encrypt_block(&k, in, out),
            static_cast<int>(Status::kNotInitialized));
  EXPECT_EQ(ctcrypto_aes_key_init(nullptr, key.data(), 16),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_key_init(&k, nullptr, 16),
            static_cast<int>(Status::kInvalidArgument));
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key.data(), 16), CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_encrypt_block(nullptr, in, out),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_encrypt_block(&k, nullptr, out),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_decrypt_block(&k, in, nullptr),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, in, nullptr, out, 16),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, nullptr, in, out, 16),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_cbc_encrypt(&k, nullptr, in, out, 16),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_cbc_decrypt(&k, in, in, nullptr, 16),
            static_cast<int>(Status::kInvalidArgument));
  uint8_t buf[32] = {0};
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, in, buf, buf + 1, 16),
            static_cast<int>(Status::kOverlappingBuffers));
}

// McGrew/Viega test case 4 (AES-128, 60-byte plaintext, 20-byte AD).
const char kTc4Key[] = "feffe9928665731c6d6a8f9467308308";
const char kTc4Nonce[] = "cafebabefacedbaddecaf888";
const char kTc4Pt[] =
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
const char kTc4Ad[] = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
const char kTc4Sealed[] =
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
    "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
    "5bc94fbc3221a5db94fae95ae7121a47";

TEST(CApiTest, GcmSealOpen) {
  const Bytes key = Hex(kTc4Key), nonce = Hex(kTc4Nonce), pt = Hex(kTc4Pt),
              ad = Hex(kTc4Ad);
  ctcrypto_aes_gcm g;
  ASSERT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), key.size(), 16), CTCRYPTO_OK);
  Bytes out(pt.size() + 16);
  size_t out_len = 0;
  ASSERT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), nonce.size(), pt.data(),
                                  pt.size(), ad.data(), ad.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(out_len, pt.size() + 16);
  EXPECT_EQ(ToHex(out), kTc4Sealed);
  Bytes back(pt.size());
  ASSERT_EQ(ctcrypto_aes_gcm_open(&g, back.data(), &out_len, back.size(),
                                  nonce.data(), nonce.size(), out.data(),
                                  out.size(), ad.data(), ad.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(out_len, pt.size());
  EXPECT_EQ(ToHex(back), kTc4Pt);
  // A bad tag: failure code 8, plaintext area zeroed.
  out[out.size() - 1] ^= 1;
  std::memset(back.data(), 0xaa, back.size());
  EXPECT_EQ(ctcrypto_aes_gcm_open(&g, back.data(), &out_len, back.size(),
                                  nonce.data(), nonce.size(), out.data(),
                                  out.size(), ad.data(), ad.size()),
            CTCRYPTO_AUTHENTICATION_FAILED);
  for (uint8_t b : back) ASSERT_EQ(b, 0);
  // In place.
  Bytes buf = pt;
  buf.resize(pt.size() + 16);
  ASSERT_EQ(ctcrypto_aes_gcm_seal(&g, buf.data(), &out_len, buf.size(),
                                  nonce.data(), nonce.size(), buf.data(),
                                  pt.size(), ad.data(), ad.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(buf), kTc4Sealed);
  // 12-byte tags are a prefix.
  ASSERT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), key.size(), 12), CTCRYPTO_OK);
  Bytes out12(pt.size() + 12);
  ASSERT_EQ(ctcrypto_aes_gcm_seal(&g, out12.data(), &out_len, out12.size(),
                                  nonce.data(), nonce.size(), pt.data(),
                                  pt.size(), ad.data(), ad.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(out12), std::string(kTc4Sealed, (pt.size() + 12) * 2));
}

TEST(CApiTest, GcmErrors) {
  const Bytes key(32, 7), nonce(12, 1), pt(20, 2);
  ctcrypto_aes_gcm g;
  EXPECT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), 17, 16),
            static_cast<int>(Status::kInvalidKeyLength));
  EXPECT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), 16, 11),
            static_cast<int>(Status::kInvalidTagLength));
  EXPECT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), 16, 17),
            static_cast<int>(Status::kInvalidTagLength));
  EXPECT_EQ(ctcrypto_aes_gcm_init(nullptr, key.data(), 16, 16),
            static_cast<int>(Status::kInvalidArgument));
  size_t out_len = 0;
  Bytes out(pt.size() + 16, 0x99);
  // g holds an uninitialised AesGcm after the failed init.
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), nonce.size(), pt.data(),
                                  pt.size(), nullptr, 0),
            static_cast<int>(Status::kNotInitialized));
  ASSERT_EQ(ctcrypto_aes_gcm_init(&g, key.data(), 32, 16), CTCRYPTO_OK);
  // Output too small: nothing written.
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size() - 1,
                                  nonce.data(), nonce.size(), pt.data(),
                                  pt.size(), nullptr, 0),
            static_cast<int>(Status::kOutputTooSmall));
  for (uint8_t b : out) ASSERT_EQ(b, 0x99);
  // Empty nonce.
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), 0, pt.data(), pt.size(),
                                  nullptr, 0),
            static_cast<int>(Status::kInvalidNonceLength));
  // Null pointers with non-zero lengths.
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(), nullptr,
                                  12, pt.data(), pt.size(), nullptr, 0),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), 12, pt.data(), pt.size(),
                                  nullptr, 5),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), nullptr, out.size(),
                                  nonce.data(), 12, pt.data(), pt.size(),
                                  nullptr, 0),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gcm_open(nullptr, out.data(), &out_len, out.size(),
                                  nonce.data(), 12, pt.data(), pt.size(),
                                  nullptr, 0),
            static_cast<int>(Status::kInvalidArgument));
  for (uint8_t b : out) ASSERT_EQ(b, 0x99);
  // Empty plaintext and AD as null pointers are fine.
  ASSERT_EQ(ctcrypto_aes_gcm_seal(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), 12, nullptr, 0, nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(out_len, 16u);
  Bytes sealed(out.begin(), out.begin() + 16);
  ASSERT_EQ(ctcrypto_aes_gcm_open(&g, nullptr, &out_len, 0, nonce.data(), 12,
                                  sealed.data(), sealed.size(), nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(out_len, 0u);
  // Ciphertext shorter than the tag.
  EXPECT_EQ(ctcrypto_aes_gcm_open(&g, out.data(), &out_len, out.size(),
                                  nonce.data(), 12, sealed.data(), 15, nullptr,
                                  0),
            CTCRYPTO_AUTHENTICATION_FAILED);
}

// C objects never initialised (garbage of several patterns, as left on the
// stack or by memset): every entry point answers kNotInitialized without
// writing; cleanup is safe on them and zeroes them.
TEST(CApiTest, UninitialisedObjectsRefused) {
  const int kNotInit = static_cast<int>(Status::kNotInitialized);
  for (int fill : {0x00, 0x5a, 0xff, -1}) {
    SCOPED_TRACE(fill);
    ctcrypto_aes_key k;
    ctcrypto_aes_gcm g;
    ctcrypto_tls_cbc t;
    for (auto [p, n] : {std::pair<unsigned char*, size_t>{k.opaque, sizeof(k)},
                        {g.opaque, sizeof(g)},
                        {t.opaque, sizeof(t)}})
      for (size_t i = 0; i < n; ++i)
        p[i] = static_cast<unsigned char>(fill >= 0 ? fill : i * 131 + 7);
    uint8_t in[64] = {1}, out[64], iv[16] = {2}, ad[11] = {3};
    std::memset(out, 0x77, sizeof(out));
    size_t n = 5;
    EXPECT_EQ(ctcrypto_aes_encrypt_block(&k, in, out), kNotInit);
    EXPECT_EQ(ctcrypto_aes_decrypt_block(&k, in, out), kNotInit);
    EXPECT_EQ(ctcrypto_aes_ctr32(&k, iv, in, out, 64), kNotInit);
    EXPECT_EQ(ctcrypto_aes_cbc_encrypt(&k, iv, in, out, 64), kNotInit);
    EXPECT_EQ(ctcrypto_aes_cbc_decrypt(&k, iv, in, out, 64), kNotInit);
    EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, out, &n, 64, iv, 12, in, 16, ad, 11),
              kNotInit);
    EXPECT_EQ(ctcrypto_aes_gcm_open(&g, out, &n, 64, iv, 12, in, 32, ad, 11),
              kNotInit);
    EXPECT_EQ(ctcrypto_tls_cbc_seal(&t, out, &n, 64, iv, 16, in, 16, ad, 11),
              kNotInit);
    EXPECT_EQ(ctcrypto_tls_cbc_open(&t, out, &n, 64, iv, 16, in, 64, ad, 11),
              kNotInit);
    for (uint8_t b : out) ASSERT_EQ(b, 0x77);
    EXPECT_EQ(n, 5u);
    EXPECT_EQ(ctcrypto_aes_key_cleanup(&k), CTCRYPTO_OK);
    EXPECT_EQ(ctcrypto_aes_gcm_cleanup(&g), CTCRYPTO_OK);
    EXPECT_EQ(ctcrypto_tls_cbc_cleanup(&t), CTCRYPTO_OK);
    for (unsigned char b : k.opaque) ASSERT_EQ(b, 0);
    for (unsigned char b : g.opaque) ASSERT_EQ(b, 0);
    for (unsigned char b : t.opaque) ASSERT_EQ(b, 0);
  }
  EXPECT_EQ(ctcrypto_aes_key_cleanup(nullptr),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gcm_cleanup(nullptr),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_tls_cbc_cleanup(nullptr),
            static_cast<int>(Status::kInvalidArgument));
}

// cleanup of live objects: refused afterwards, all bytes zero, re-init works.
TEST(CApiTest, CleanupWipesAndRefuses) {
  const Bytes key(52, 9), nonce(16, 1), ad(11, 2), pt(20, 3);
  ctcrypto_tls_cbc t;
  ASSERT_EQ(ctcrypto_tls_cbc_init(&t, "aes-256-cbc-sha1-tls", key.data(), 52,
                                  0),
            CTCRYPTO_OK);
  Bytes out(64);
  size_t n;
  ASSERT_EQ(ctcrypto_tls_cbc_seal(&t, out.data(), &n, out.size(), nonce.data(),
                                  16, pt.data(), pt.size(), ad.data(), 11),
            CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_tls_cbc_cleanup(&t), CTCRYPTO_OK);
  for (unsigned char b : t.opaque) ASSERT_EQ(b, 0);
  EXPECT_EQ(ctcrypto_tls_cbc_seal(&t, out.data(), &n, out.size(), nonce.data(),
                                  16, pt.data(), pt.size(), ad.data(), 11),
            static_cast<int>(Status::kNotInitialized));
  // A failed init (unknown name) leaves the object refused and wiped.
  ASSERT_EQ(ctcrypto_tls_cbc_init(&t, "aes-256-cbc-sha1-tls", key.data(), 52,
                                  0),
            CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_tls_cbc_init(&t, "no-such-suite", key.data(), 52, 0),
            static_cast<int>(Status::kInvalidArgument));
  for (unsigned char b : t.opaque) ASSERT_EQ(b, 0);
  ctcrypto_aes_key k;
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key.data(), 32), CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_aes_key_cleanup(&k), CTCRYPTO_OK);
  for (unsigned char b : k.opaque) ASSERT_EQ(b, 0);
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key.data(), 32), CTCRYPTO_OK);
  uint8_t blk[16] = {};
  EXPECT_EQ(ctcrypto_aes_encrypt_block(&k, blk, blk), CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_key_cleanup(&k), CTCRYPTO_OK);
}

// --- key hygiene of the C++ objects --------------------------------------------

template <typename T>
bool AllZero(const T& obj) {
  const auto* p = reinterpret_cast<const unsigned char*>(&obj);
  for (size_t i = 0; i < sizeof(T); ++i)
    if (p[i] != 0) return false;
  return true;
}

// Destroys the T constructed in `storage` and reports whether the storage
// is all zero afterwards (the destructor's wipe). The bytes are read
// through the storage array, which outlives the object; the asm keeps the
// compiler from treating the dead object's bytes as indeterminate.
template <typename T, size_t N>
bool WipedByDestructor(unsigned char (&storage)[N]) {
  static_assert(N == sizeof(T));
  std::launder(reinterpret_cast<T*>(storage))->~T();
  __asm__ __volatile__("" : : "r"(storage) : "memory");
  for (size_t i = 0; i < N; ++i)
    if (storage[i] != 0) return false;
  return true;
}

TEST(KeyHygieneTest, ClearAndDestructorWipe) {
  const Bytes key(52, 0x3c);
  {
    ctcrypto::AesKey k;
    ASSERT_EQ(k.init(std::span(key).first(32)), Status::kOk);
    ctcrypto::AesKey copy = k;  // copies are independent key objects
    k.clear();
    EXPECT_FALSE(k.initialized());
    EXPECT_TRUE(AllZero(k));
    EXPECT_TRUE(copy.initialized());
    alignas(64) unsigned char buf[sizeof(ctcrypto::AesKey)];
    auto* d = new (buf) ctcrypto::AesKey(copy);
    EXPECT_TRUE(WipedByDestructor<std::remove_pointer_t<decltype(d)>>(buf));
  }
  {
    ctcrypto::AesGcm g;
    ASSERT_EQ(g.init(std::span(key).first(16)), Status::kOk);
    g.clear();
    EXPECT_FALSE(g.initialized());
    EXPECT_TRUE(AllZero(g.aes_key()));
    EXPECT_TRUE(AllZero(g.ghash_key()));
    uint8_t out[32];
    size_t n;
    uint8_t nonce[12] = {};
    EXPECT_EQ(g.seal(out, &n, nonce, {}, {}), Status::kNotInitialized);
    alignas(64) unsigned char buf[sizeof(ctcrypto::AesGcm)];
    auto* d = new (buf) ctcrypto::AesGcm();
    ASSERT_EQ(d->init(std::span(key).first(32)), Status::kOk);
    EXPECT_TRUE(WipedByDestructor<std::remove_pointer_t<decltype(d)>>(buf));
  }
  {
    ctcrypto::GhashKey h;
    uint8_t hv[16] = {1, 2, 3};
    ASSERT_EQ(h.init(std::span<const uint8_t, 16>(hv)), Status::kOk);
    h.clear();
    EXPECT_FALSE(h.initialized());
    EXPECT_TRUE(AllZero(h));
  }
  {
    ctcrypto::TlsCbcAead t;
    ASSERT_EQ(t.init(ctcrypto::TlsCbcSuite::kAes256CbcSha1ImplicitIv,
                     std::span(key).first(68 - 16)),
              Status::kInvalidKeyLength);
    const Bytes k68(68, 0x3c);
    ASSERT_EQ(t.init(ctcrypto::TlsCbcSuite::kAes256CbcSha1ImplicitIv, k68),
              Status::kOk);
    t.clear();
    EXPECT_FALSE(t.initialized());
    EXPECT_TRUE(AllZero(t.aes_key()));
    alignas(64) unsigned char buf[sizeof(ctcrypto::TlsCbcAead)];
    auto* d = new (buf) ctcrypto::TlsCbcAead();
    ASSERT_EQ(d->init(ctcrypto::TlsCbcSuite::kAes256CbcSha1ImplicitIv, k68),
              Status::kOk);
    EXPECT_TRUE(WipedByDestructor<std::remove_pointer_t<decltype(d)>>(buf));
  }
  {
    ctcrypto::Hmac h;
    ASSERT_EQ(h.init(ctcrypto::HashAlgorithm::kSha256, key), Status::kOk);
    h.clear();
    uint8_t mac[32];
    EXPECT_EQ(h.finish(mac), Status::kNotInitialized);
    alignas(64) unsigned char buf[sizeof(ctcrypto::Hmac)];
    auto* d = new (buf) ctcrypto::Hmac();
    ASSERT_EQ(d->init(ctcrypto::HashAlgorithm::kSha384, key), Status::kOk);
    d->update(key);
    EXPECT_TRUE(WipedByDestructor<std::remove_pointer_t<decltype(d)>>(buf));
  }
}

// Every keyed object, constructed and set up in zeroed storage (so that
// only what its members hold is judged, not padding): set-up writes key
// material there, clear() leaves every byte zero, and so does the
// destructor of a second one (called explicitly; the storage outlives it).
// A clear() or destructor that forgot a member fails here.
template <typename T, typename Make>
void ExpectWipes(const char* what, Make make) {
  SCOPED_TRACE(what);
  alignas(64) unsigned char buf[sizeof(T)];
  std::memset(buf, 0, sizeof(buf));
  T* t = make(static_cast<void*>(buf));
  __asm__ __volatile__("" : : "r"(buf) : "memory");
  bool any = false;
  for (unsigned char b : buf) any |= b != 0;
  EXPECT_TRUE(any) << "set-up wrote nothing";
  t->clear();
  EXPECT_TRUE(AllZero(*t)) << "clear() left bytes";
  t->~T();
  std::memset(buf, 0, sizeof(buf));
  make(static_cast<void*>(buf));
  EXPECT_TRUE(WipedByDestructor<T>(buf)) << "the destructor left bytes";
}

TEST(KeyHygieneTest, EveryKeyedObjectWipesItself) {
  static const Bytes key = [] {
    Bytes k(68);
    for (size_t i = 0; i < k.size(); ++i) k[i] = static_cast<uint8_t>(i * 37 + 1);
    return k;
  }();
  const auto k16 = std::span(key).first(16);
  const auto k32 = std::span(key).first(32);
  ExpectWipes<ctcrypto::AesKey>("AesKey", [&](void* p) {
    auto* t = new (p) ctcrypto::AesKey();
    EXPECT_EQ(t->init(k32), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::GhashKey>("GhashKey", [&](void* p) {
    auto* t = new (p) ctcrypto::GhashKey();
    EXPECT_EQ(t->init(std::span<const uint8_t, 16>(k16)), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesGcm>("AesGcm", [&](void* p) {
    auto* t = new (p) ctcrypto::AesGcm();
    EXPECT_EQ(t->init(k32, 12), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesCcm>("AesCcm", [&](void* p) {
    auto* t = new (p) ctcrypto::AesCcm();
    EXPECT_EQ(t->init(k16, 8, 13), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesCmac>("AesCmac", [&](void* p) {
    auto* t = new (p) ctcrypto::AesCmac();
    EXPECT_EQ(t->init(k16), Status::kOk);
    return t;
  });
  ctcrypto::AesCmac cmac;
  ASSERT_EQ(cmac.init(k32), Status::kOk);
  ExpectWipes<ctcrypto::AesCmacContext>("AesCmacContext", [&](void* p) {
    auto* t = new (p) ctcrypto::AesCmacContext();
    EXPECT_EQ(t->init(cmac), Status::kOk);
    EXPECT_EQ(t->update(std::span(key).first(40)), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesGcmSiv>("AesGcmSiv", [&](void* p) {
    auto* t = new (p) ctcrypto::AesGcmSiv();
    EXPECT_EQ(t->init(k32), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesGmac>("AesGmac", [&](void* p) {
    auto* t = new (p) ctcrypto::AesGmac();
    EXPECT_EQ(t->init(k16), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::AesXts>("AesXts", [&](void* p) {
    auto* t = new (p) ctcrypto::AesXts();
    EXPECT_EQ(t->init(std::span(key).first(64)), Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::TlsCbcAead>("TlsCbcAead", [&](void* p) {
    auto* t = new (p) ctcrypto::TlsCbcAead();
    EXPECT_EQ(t->init(ctcrypto::TlsCbcSuite::kAes256CbcSha1ImplicitIv,
                      std::span(key).first(68)),
              Status::kOk);
    return t;
  });
  ExpectWipes<ctcrypto::Hash>("Hash", [&](void* p) {
    auto* t = new (p) ctcrypto::Hash(ctcrypto::HashAlgorithm::kSha256);
    t->update(std::span(key).first(40));  // buffered, message-dependent
    return t;
  });
  ExpectWipes<ctcrypto::Hmac>("Hmac", [&](void* p) {
    auto* t = new (p) ctcrypto::Hmac();
    EXPECT_EQ(t->init(ctcrypto::HashAlgorithm::kSha384, key), Status::kOk);
    t->update(std::span(key).first(40));
    return t;
  });
  // (Key wrap has no object: it takes an AesKey, covered above.)
}

// AesXts is copyable like every other keyed object (README.md, "Key
// objects"): a copy is an independent key that keeps working after the
// original is cleared, and wipes itself.
TEST(KeyHygieneTest, XtsCopiesAreIndependent) {
  static_assert(std::is_copy_constructible_v<ctcrypto::AesXts>);
  static_assert(std::is_copy_assignable_v<ctcrypto::AesXts>);
  Bytes key(64);
  for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<uint8_t>(i);
  ctcrypto::AesXts x;
  ASSERT_EQ(x.init(key), Status::kOk);
  const uint8_t tweak[16] = {1};
  const Bytes pt(37, 0x42);
  Bytes a(37), b(37);
  ASSERT_EQ(x.encrypt(tweak, pt, a), Status::kOk);
  ctcrypto::AesXts copy(x);
  ctcrypto::AesXts assigned;
  assigned = x;
  x.clear();
  EXPECT_EQ(x.encrypt(tweak, pt, b), Status::kNotInitialized);
  ASSERT_EQ(copy.encrypt(tweak, pt, b), Status::kOk);
  EXPECT_EQ(a, b);
  ASSERT_EQ(assigned.encrypt(tweak, pt, b), Status::kOk);
  EXPECT_EQ(a, b);
  copy.clear();
  EXPECT_TRUE(AllZero(copy));
  EXPECT_TRUE(assigned.initialized());
}

}  // namespace
}  // namespace ctcrypto_test
