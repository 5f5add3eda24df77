// key_wrap_test.cc: AES key wrap KW / KWP (SP 800-38F, RFC 3394, RFC 5649)
// on every usable AES row: Wycheproof aes_wrap_test.json and
// aes_kwp_test.json in full, BoringSSL's aes_tests.txt key-wrap records
// (RFC 3394 section 4.1-4.6 and RFC 5649 section 6), a comparison with a
// naive reference on random keys and lengths, forged KWP integrity values
// (prefix, MLI range, padding) and misuse.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <random>
#include <string>

#include "ctcrypto/aes.h"
#include "ctcrypto/key_wrap.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/json.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesKey;
using ctcrypto::Status;

// --- naive reference -------------------------------------------------------
// SP 800-38F 6.1 Algorithm 1 in its own "shifting" form: the semiblocks
// rotate through R2 instead of being indexed, t runs 1..6(n-1).
Bytes RefW(const AesKey& k, const Bytes& s) {
  const size_t n = s.size() / 8;  // semiblocks including A
  uint8_t a[8];
  std::memcpy(a, s.data(), 8);
  std::vector<Bytes> r(n);
  for (size_t i = 1; i < n; ++i) r[i].assign(s.begin() + 8 * i, s.begin() + 8 * i + 8);
  for (uint64_t t = 1; t <= 6 * (n - 1); ++t) {
    uint8_t b[16];
    std::memcpy(b, a, 8);
    std::memcpy(b + 8, r[1].data(), 8);
    k.encrypt_block(b, b);
    for (int i = 0; i < 8; ++i) a[i] = b[i] ^ static_cast<uint8_t>(t >> (56 - 8 * i));
    for (size_t i = 1; i + 1 < n; ++i) r[i] = r[i + 1];
    r[n - 1].assign(b + 8, b + 16);
  }
  Bytes out(a, a + 8);
  for (size_t i = 1; i < n; ++i) out.insert(out.end(), r[i].begin(), r[i].end());
  return out;
}

Bytes RefKw(const AesKey& k, const Bytes& p) {
  Bytes s(8, 0xa6);
  s.insert(s.end(), p.begin(), p.end());
  return RefW(k, s);
}

// RefKwpWithIv: KWP with an arbitrary 8-byte AIV and an already padded
// plaintext, so the tests can forge integrity values.
Bytes RefKwpRaw(const AesKey& k, const Bytes& aiv, const Bytes& padded) {
  Bytes s = aiv;
  s.insert(s.end(), padded.begin(), padded.end());
  if (padded.size() == 8) {
    Bytes out(16);
    k.encrypt_block(s.data(), out.data());
    return out;
  }
  return RefW(k, s);
}

Bytes Aiv(uint32_t mli) {
  return {0xa6, 0x59, 0x59, 0xa6, static_cast<uint8_t>(mli >> 24),
          static_cast<uint8_t>(mli >> 16), static_cast<uint8_t>(mli >> 8),
          static_cast<uint8_t>(mli)};
}

Bytes RefKwp(const AesKey& k, const Bytes& p) {
  Bytes padded = p;
  padded.resize((p.size() + 7) / 8 * 8, 0);
  return RefKwpRaw(k, Aiv(static_cast<uint32_t>(p.size())), padded);
}

// --- helpers over the API --------------------------------------------------

using WrapFn = Status (*)(const AesKey&, std::span<const uint8_t>,
                          std::span<uint8_t>, size_t*);

Status CallWrap(WrapFn fn, const AesKey& k, const Bytes& in, Bytes* out) {
  Bytes buf(in.size() + 16, 0xcc);
  size_t n = 12345;
  Status s = fn(k, in, buf, &n);
  if (s == Status::kOk) {
    EXPECT_LE(n, buf.size());
    buf.resize(n);
  } else {
    EXPECT_TRUE(n == 12345 || n == 0);
  }
  *out = buf;
  return s;
}

class KeyWrapTest : public testing::TestWithParam<const AesRow*> {};

TEST_P(KeyWrapTest, WycheproofAesWrap) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_wrap_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-WRAP");
  size_t processed = 0, valid = 0, acceptable = 0, bad_len = 0, bad_auth = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      const Bytes key = HexField(t, "key"), msg = HexField(t, "msg"),
                  ct = HexField(t, "ct");
      AesKey k;
      ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
      const std::string result = t.Get("result")->as_string();
      Bytes out;
      if (result == "valid") {
        ++valid;
        ASSERT_EQ(CallWrap(ctcrypto::aes_key_wrap, k, msg, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(ct));
        ASSERT_EQ(CallWrap(ctcrypto::aes_key_unwrap, k, ct, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(msg));
        continue;
      }
      if (result == "acceptable") {
        // ShortKey: RFC 3394 would wrap 8 bytes as one AES block; SP
        // 800-38F KW needs two semiblocks, and so do we.
        ++acceptable;
        EXPECT_EQ(CallWrap(ctcrypto::aes_key_wrap, k, msg, &out),
                  Status::kInvalidLength);
        EXPECT_EQ(CallWrap(ctcrypto::aes_key_unwrap, k, ct, &out),
                  Status::kInvalidLength);
        continue;
      }
      ASSERT_EQ(result, "invalid");
      Status s = CallWrap(ctcrypto::aes_key_unwrap, k, ct, &out);
      if (ct.size() % 8 != 0 || ct.size() < 24) {
        ++bad_len;
        EXPECT_EQ(s, Status::kInvalidLength);
        EXPECT_EQ(out, Bytes(ct.size() + 16, 0xcc));  // untouched
      } else {
        ++bad_auth;
        EXPECT_EQ(s, Status::kAuthenticationFailed);
        Bytes expect(ct.size() + 16, 0xcc);
        std::memset(expect.data(), 0, ct.size() - 8);  // zeroed, rest kept
        EXPECT_EQ(out, expect);
      }
      if (CallWrap(ctcrypto::aes_key_wrap, k, msg, &out) == Status::kOk) {
        EXPECT_NE(ToHex(out), ToHex(ct));
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(root.Get("numberOfTests")->as_int()));
  EXPECT_EQ(processed, 165u);
  EXPECT_EQ(valid, 36u);
  EXPECT_EQ(acceptable, 3u);
  EXPECT_EQ(bad_len, 54u);
  EXPECT_EQ(bad_auth, 72u);
}

TEST_P(KeyWrapTest, WycheproofAesKwp) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_kwp_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-KWP");
  size_t processed = 0, valid = 0, bad_len = 0, bad_auth = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      const Bytes key = HexField(t, "key"), msg = HexField(t, "msg"),
                  ct = HexField(t, "ct");
      AesKey k;
      ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
      const std::string result = t.Get("result")->as_string();
      Bytes out;
      if (result == "valid") {
        ++valid;
        ASSERT_EQ(CallWrap(ctcrypto::aes_key_wrap_padded, k, msg, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(ct));
        ASSERT_EQ(CallWrap(ctcrypto::aes_key_unwrap_padded, k, ct, &out),
                  Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(msg));
        continue;
      }
      ASSERT_EQ(result, "invalid");
      Status s = CallWrap(ctcrypto::aes_key_unwrap_padded, k, ct, &out);
      if (ct.size() % 8 != 0 || ct.size() < 16) {
        ++bad_len;
        EXPECT_EQ(s, Status::kInvalidLength);
      } else {
        ++bad_auth;
        EXPECT_EQ(s, Status::kAuthenticationFailed);
        Bytes expect(ct.size() + 16, 0xcc);
        std::memset(expect.data(), 0, ct.size() - 8);
        EXPECT_EQ(out, expect);
      }
      if (CallWrap(ctcrypto::aes_key_wrap_padded, k, msg, &out) == Status::kOk) {
        EXPECT_NE(ToHex(out), ToHex(ct));
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(root.Get("numberOfTests")->as_int()));
  EXPECT_EQ(processed, 254u);
  EXPECT_EQ(valid, 77u);
  EXPECT_EQ(bad_len, 3u);
  EXPECT_EQ(bad_auth, 174u);
}

// aes_tests.txt: KeyWrap records are RFC 3394 section 4.1-4.6 (NIST's
// key-wrap.pdf), KeyWrapWithPadding are RFC 5649 section 6's two examples.
TEST_P(KeyWrapTest, BoringSslAesTestsKeyWrap) {
  size_t kw = 0, kwp = 0, raw = 0;
  size_t n = RunFileTest(
      "tests/testdata/aes_tests.txt", {"Mode", "Key", "Plaintext", "Ciphertext"},
      [&](FileTestRecord& r) {
        const std::string mode = r.GetString("Mode");
        if (mode == "Raw") {  // single blocks: aes_test.cc
          ++raw;
          r.MarkAllUsed();
          return;
        }
        const Bytes key = r.GetBytes("Key"), pt = r.GetBytes("Plaintext"),
                    ct = r.GetBytes("Ciphertext");
        AesKey k;
        ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
        WrapFn wrap, unwrap;
        if (mode == "KeyWrap") {
          ++kw;
          wrap = ctcrypto::aes_key_wrap;
          unwrap = ctcrypto::aes_key_unwrap;
        } else {
          ASSERT_EQ(mode, "KeyWrapWithPadding");
          ++kwp;
          wrap = ctcrypto::aes_key_wrap_padded;
          unwrap = ctcrypto::aes_key_unwrap_padded;
        }
        Bytes out;
        ASSERT_EQ(CallWrap(wrap, k, pt, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(ct));
        ASSERT_EQ(CallWrap(unwrap, k, ct, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(pt));
        // Any flipped bit is caught.
        for (size_t i = 0; i < ct.size(); ++i) {
          Bytes bad = ct;
          bad[i] ^= static_cast<uint8_t>(1u << (i % 8));
          EXPECT_EQ(CallWrap(unwrap, k, bad, &out), Status::kAuthenticationFailed);
        }
      });
  EXPECT_EQ(n, 11u);
  EXPECT_EQ(kw, 6u);
  EXPECT_EQ(kwp, 2u);
  EXPECT_EQ(raw, 3u);
}

// Random keys and lengths against the naive reference (on the reference
// row), in place and out of place.
TEST_P(KeyWrapTest, RandomMatchesReference) {
  std::mt19937 rng(TestSeed());
  const size_t kKeyLens[] = {16, 24, 32};
  for (int iter = 0; iter < 60; ++iter) {
    SCOPED_TRACE(iter);
    Bytes key = RandomBytes(rng, kKeyLens[iter % 3]);
    AesKey k, ref;
    ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
    ASSERT_TRUE(InitAesKey(&ref, key, ReferenceAesRow()));
    // KW: 2..40 semiblocks (t passes 256 from 43 semiblocks on: 6n > 255).
    const size_t kw_len = 8 * (2 + rng() % (iter < 50 ? 40 : 60));
    Bytes p = RandomBytes(rng, kw_len), out;
    ASSERT_EQ(CallWrap(ctcrypto::aes_key_wrap, k, p, &out), Status::kOk);
    EXPECT_EQ(ToHex(out), ToHex(RefKw(ref, p)));
    Bytes back;
    ASSERT_EQ(CallWrap(ctcrypto::aes_key_unwrap, k, out, &back), Status::kOk);
    EXPECT_EQ(ToHex(back), ToHex(p));
    // In place: wrap into a buffer that starts with the key.
    Bytes buf(kw_len + 8);
    std::memcpy(buf.data(), p.data(), kw_len);
    size_t n = 0;
    ASSERT_EQ(ctcrypto::aes_key_wrap(k, std::span<const uint8_t>(buf.data(), kw_len),
                                     buf, &n),
              Status::kOk);
    EXPECT_EQ(ToHex(buf), ToHex(out));
    ASSERT_EQ(ctcrypto::aes_key_unwrap(k, buf, buf, &n), Status::kOk);
    EXPECT_EQ(n, kw_len);
    EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), n)), ToHex(p));
    // KWP: 1..300 bytes.
    const size_t kwp_len = 1 + rng() % 300;
    p = RandomBytes(rng, kwp_len);
    ASSERT_EQ(CallWrap(ctcrypto::aes_key_wrap_padded, k, p, &out), Status::kOk);
    EXPECT_EQ(ToHex(out), ToHex(RefKwp(ref, p)));
    ASSERT_EQ(CallWrap(ctcrypto::aes_key_unwrap_padded, k, out, &back), Status::kOk);
    EXPECT_EQ(ToHex(back), ToHex(p));
    buf.assign(out.begin(), out.end());
    ASSERT_EQ(ctcrypto::aes_key_unwrap_padded(k, buf, buf, &n), Status::kOk);
    EXPECT_EQ(n, kwp_len);
    EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), n)), ToHex(p));
  }
}

// KWP's integrity value has three parts; forging each one alone (with a
// correct AES encryption under the KEK) must fail, and the boundary values
// of the MLI range must be accepted exactly when SP 800-38F allows them.
TEST_P(KeyWrapTest, KwpForgedIntegrity) {
  std::mt19937 rng(TestSeed() + 1);
  Bytes key = RandomBytes(rng, 16);
  AesKey k, ref;
  ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
  ASSERT_TRUE(InitAesKey(&ref, key, ReferenceAesRow()));
  for (size_t semis : {1u, 2u, 3u, 5u}) {
    SCOPED_TRACE(semis);
    const size_t plen = 8 * semis;
    Bytes padded = RandomBytes(rng, plen);
    Bytes out;
    for (uint32_t mli = 0; mli <= plen + 9; ++mli) {
      SCOPED_TRACE(mli);
      Bytes p = padded;
      for (size_t i = mli; i < plen; ++i) p[i] = 0;  // correct padding
      const Bytes ct = RefKwpRaw(ref, Aiv(mli), p);
      const bool in_range = mli > plen - 8 && mli <= plen;
      Status s = CallWrap(ctcrypto::aes_key_unwrap_padded, k, ct, &out);
      if (in_range) {
        ASSERT_EQ(s, Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(Bytes(p.begin(), p.begin() + mli)));
        // One non-zero padding byte at each padding position.
        for (size_t i = mli; i < plen; ++i) {
          Bytes q = p;
          q[i] = static_cast<uint8_t>(1 + rng() % 255);
          EXPECT_EQ(CallWrap(ctcrypto::aes_key_unwrap_padded, k,
                        RefKwpRaw(ref, Aiv(mli), q), &out),
                    Status::kAuthenticationFailed);
        }
        // A wrong prefix byte.
        for (int b = 0; b < 4; ++b) {
          Bytes aiv = Aiv(mli);
          aiv[b] ^= 0x01;
          EXPECT_EQ(CallWrap(ctcrypto::aes_key_unwrap_padded, k,
                        RefKwpRaw(ref, aiv, p), &out),
                    Status::kAuthenticationFailed);
        }
      } else {
        EXPECT_EQ(s, Status::kAuthenticationFailed);
        EXPECT_EQ(Bytes(out.begin(), out.begin() + plen), Bytes(plen, 0));
      }
    }
    // MLI values far out of range (top bits set).
    // (A typed list: uint32_t is unsigned long on newlib, not unsigned int.)
    for (uint32_t mli : std::initializer_list<uint32_t>{
             0x80000000u + static_cast<uint32_t>(plen), 0xffffffffu,
             0x100u + static_cast<uint32_t>(plen)}) {
      EXPECT_EQ(CallWrap(ctcrypto::aes_key_unwrap_padded, k,
                    RefKwpRaw(ref, Aiv(mli), padded), &out),
                Status::kAuthenticationFailed);
    }
  }
}

TEST_P(KeyWrapTest, Misuse) {
  AesKey k;
  const Bytes key(16, 0x42);
  Bytes in(32, 1), out(64, 0xcc);
  size_t n = 7;
  // Uninitialised KEK.
  EXPECT_EQ(ctcrypto::aes_key_wrap(k, in, out, &n), Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_key_unwrap_padded(k, in, out, &n),
            Status::kNotInitialized);
  ASSERT_TRUE(InitAesKey(&k, key, GetParam()));
  EXPECT_EQ(ctcrypto::aes_key_wrap(k, in, out, nullptr),
            Status::kInvalidArgument);
  // KW lengths.
  for (size_t len : {0u, 1u, 8u, 12u, 15u, 17u, 20u, 31u}) {
    EXPECT_EQ(ctcrypto::aes_key_wrap(k, std::span<const uint8_t>(in.data(), len),
                                     out, &n),
              Status::kInvalidLength)
        << len;
  }
  for (size_t len : {0u, 8u, 16u, 17u, 23u, 25u, 31u}) {
    EXPECT_EQ(ctcrypto::aes_key_unwrap(
                  k, std::span<const uint8_t>(in.data(), len), out, &n),
              Status::kInvalidLength)
        << len;
  }
  // KWP lengths.
  EXPECT_EQ(ctcrypto::aes_key_wrap_padded(k, std::span<const uint8_t>(), out, &n),
            Status::kInvalidLength);
  for (size_t len : {0u, 8u, 9u, 15u, 17u, 23u}) {
    EXPECT_EQ(ctcrypto::aes_key_unwrap_padded(
                  k, std::span<const uint8_t>(in.data(), len), out, &n),
              Status::kInvalidLength)
        << len;
  }
  // Output too small: one byte short of each requirement.
  EXPECT_EQ(ctcrypto::aes_key_wrap(k, in, std::span<uint8_t>(out.data(), 39), &n),
            Status::kOutputTooSmall);
  EXPECT_EQ(ctcrypto::aes_key_unwrap(k, in, std::span<uint8_t>(out.data(), 23), &n),
            Status::kOutputTooSmall);
  EXPECT_EQ(ctcrypto::aes_key_wrap_padded(
                k, std::span<const uint8_t>(in.data(), 9),
                std::span<uint8_t>(out.data(), 23), &n),
            Status::kOutputTooSmall);
  EXPECT_EQ(ctcrypto::aes_key_unwrap_padded(
                k, in, std::span<uint8_t>(out.data(), 23), &n),
            Status::kOutputTooSmall);
  // Nothing was written by any rejected call.
  EXPECT_EQ(out, Bytes(64, 0xcc));
  EXPECT_EQ(n, 7u);
  // Overlap other than exact aliasing.
  Bytes buf(80, 3);
  EXPECT_EQ(ctcrypto::aes_key_wrap(k, std::span<const uint8_t>(buf.data(), 32),
                                   std::span<uint8_t>(buf.data() + 4, 40), &n),
            Status::kOverlappingBuffers);
  EXPECT_EQ(ctcrypto::aes_key_unwrap(
                k, std::span<const uint8_t>(buf.data() + 8, 32),
                std::span<uint8_t>(buf.data(), 24), &n),
            Status::kOverlappingBuffers);
  // Null data with a length.
  EXPECT_EQ(ctcrypto::aes_key_wrap(k, std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 16), out,
                                   &n),
            Status::kInvalidArgument);
}

CTCRYPTO_INSTANTIATE_AES_ROWS(KeyWrapTest);

}  // namespace
}  // namespace ctcrypto_test
