// gcm_siv_test.cc: AES-GCM-SIV (RFC 8452) on every usable (AES row, GHASH
// row) pair: BoringSSL's GCM-SIV vector files (RFC 8452 section 8 and
// appendix C, random and counter-wrap records) and Wycheproof's
// aes_gcm_siv_test.json with their record counts, the POLYVAL worked
// example of appendix A through every GHASH row, randomised comparison with
// a naive reference (bitwise POLYVAL, block-by-block CTR), in-place and
// unaligned buffers, and misuse (bad lengths, overlap, short buffers, huge
// lengths, every tag byte flipped).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#if defined(__unix__)
#include <sys/mman.h>
#endif

#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/json.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGcmSiv;
using ctcrypto::AesKey;
using ctcrypto::Status;

// --- Naive reference (RFC 8452 sections 3 and 4, nothing shared) ---------

// PolyvalDot: a * b * x^-128 in GF(2^128) modulo
// x^128 + x^127 + x^126 + x^121 + 1, field elements little-endian (byte 0
// bit 0 is the coefficient of x^0). Horner over b's bits from x^0 up:
// r = (r + b_i a) * x^-1, and r * x^-1 = (r + r_0 P) / x.
Block PolyvalDot(const Block& a, const Block& b) {
  auto load = [](const Block& v, uint64_t w[2]) {
    w[0] = w[1] = 0;
    for (int i = 7; i >= 0; --i) {
      w[0] = (w[0] << 8) | v[i];
      w[1] = (w[1] << 8) | v[8 + i];
    }
  };
  uint64_t x[2], y[2], r[2] = {0, 0};
  load(a, x);
  load(b, y);
  for (int i = 0; i < 128; ++i) {
    if ((y[i / 64] >> (i % 64)) & 1) {
      r[0] ^= x[0];
      r[1] ^= x[1];
    }
    const bool odd = r[0] & 1;
    if (odd) {  // add P without its x^128 term; that term becomes bit 127
      r[0] ^= 1;
      r[1] ^= (uint64_t{1} << 63) | (uint64_t{1} << 62) | (uint64_t{1} << 57);
    }
    r[0] = (r[0] >> 1) | (r[1] << 63);
    r[1] = (r[1] >> 1) | (uint64_t{odd} << 63);
  }
  Block out;
  for (int i = 0; i < 8; ++i) {
    out[i] = static_cast<uint8_t>(r[0] >> (8 * i));
    out[8 + i] = static_cast<uint8_t>(r[1] >> (8 * i));
  }
  return out;
}

// RefPolyval: POLYVAL(H, X_1..X_n) over `data` zero-padded to whole blocks,
// continuing from `s`.
Block RefPolyval(const Block& h, std::span<const uint8_t> data, Block s) {
  for (size_t pos = 0; pos < data.size(); pos += 16) {
    Block x{};
    size_t n = std::min<size_t>(16, data.size() - pos);
    std::memcpy(x.data(), data.data() + pos, n);
    for (int i = 0; i < 16; ++i) s[i] ^= x[i];
    s = PolyvalDot(s, h);
  }
  return s;
}

// RefGcmSivSeal: ciphertext || tag, block by block with AesKey on the
// reference (nohw) row.
Bytes RefGcmSivSeal(std::span<const uint8_t> key,
                    std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  AesKey kgk;
  EXPECT_EQ(ctcrypto::internal::init_with_rows(kgk, key, ReferenceAesRow()),
            Status::kOk);
  Bytes derived;
  for (uint32_t i = 0; i < (key.size() == 32 ? 6u : 4u); ++i) {
    uint8_t b[16] = {static_cast<uint8_t>(i), 0, 0, 0};
    std::memcpy(b + 4, nonce.data(), 12);
    kgk.encrypt_block(b, b);
    derived.insert(derived.end(), b, b + 8);
  }
  Block auth = ToBlock(std::span<const uint8_t>(derived.data(), 16));
  AesKey enc;
  EXPECT_EQ(
      ctcrypto::internal::init_with_rows(
          enc,
          std::span<const uint8_t>(derived.data() + 16, derived.size() - 16),
          ReferenceAesRow()),
      Status::kOk);
  Block s = RefPolyval(auth, ad, Block{});
  s = RefPolyval(auth, in, s);
  Block len{};
  const uint64_t ad_bits = uint64_t{ad.size()} * 8,
                 pt_bits = uint64_t{in.size()} * 8;
  for (int i = 0; i < 8; ++i) {
    len[i] = static_cast<uint8_t>(ad_bits >> (8 * i));
    len[8 + i] = static_cast<uint8_t>(pt_bits >> (8 * i));
  }
  s = RefPolyval(auth, len, s);
  for (int i = 0; i < 12; ++i) s[i] ^= nonce[i];
  s[15] &= 0x7f;
  Block tag;
  enc.encrypt_block(s.data(), tag.data());
  Block ctr = tag;
  ctr[15] |= 0x80;
  Bytes out(in.begin(), in.end());
  for (size_t pos = 0; pos < in.size(); pos += 16) {
    Block ks;
    enc.encrypt_block(ctr.data(), ks.data());
    for (size_t j = 0; j < 16 && pos + j < in.size(); ++j) out[pos + j] ^= ks[j];
    uint32_t c = uint32_t{ctr[0]} | (uint32_t{ctr[1]} << 8) |
                 (uint32_t{ctr[2]} << 16) | (uint32_t{ctr[3]} << 24);
    ++c;
    for (int j = 0; j < 4; ++j) ctr[j] = static_cast<uint8_t>(c >> (8 * j));
  }
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

// --- Helpers --------------------------------------------------------------

testing::AssertionResult InitSiv(AesGcmSiv* siv, std::span<const uint8_t> key,
                                 const GcmRows& rows) {
  Status s =
      ctcrypto::internal::init_with_rows(*siv, key, rows.aes, rows.ghash);
  if (s != Status::kOk)
    return testing::AssertionFailure() << "init: " << ctcrypto::status_string(s);
  if (ctcrypto::internal::key_state(siv->aes_key()).row != rows.aes ||
      ctcrypto::internal::ghash_row(*siv) != rows.ghash)
    return testing::AssertionFailure() << "rows not recorded";
  return testing::AssertionSuccess();
}

bool AllZero(std::span<const uint8_t> b) {
  for (uint8_t v : b) {
    if (v != 0) return false;
  }
  return true;
}

Bytes Concat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

// CheckKnownAnswer: seal, open, detached, in place, and every tag byte
// flipped (open fails with the output zeroed).
void CheckKnownAnswer(const AesGcmSiv& siv, const Bytes& nonce,
                      const Bytes& in, const Bytes& ad, const Bytes& ct,
                      const Bytes& tag) {
  const Bytes sealed = Concat(ct, tag);
  Bytes out(in.size() + 16, 0xd5);
  size_t out_len = 0;
  ASSERT_EQ(siv.seal(out, &out_len, nonce, in, ad), Status::kOk);
  EXPECT_EQ(out_len, in.size() + 16);
  EXPECT_EQ(ToHex(out), ToHex(sealed));
  Bytes pt(in.size(), 0xd5);
  ASSERT_EQ(siv.open(pt, &out_len, nonce, sealed, ad), Status::kOk);
  EXPECT_EQ(out_len, in.size());
  EXPECT_EQ(ToHex(pt), ToHex(in));
  Bytes dct(in.size(), 0xd5), dtag(16, 0xd5);
  ASSERT_EQ(siv.seal_detached(dct, dtag, nonce, in, ad), Status::kOk);
  EXPECT_EQ(ToHex(dct), ToHex(ct));
  EXPECT_EQ(ToHex(dtag), ToHex(tag));
  Bytes dpt(in.size(), 0xd5);
  ASSERT_EQ(siv.open_detached(dpt, nonce, ct, tag, ad), Status::kOk);
  EXPECT_EQ(ToHex(dpt), ToHex(in));
  Bytes buf = in;
  buf.resize(in.size() + 16);
  ASSERT_EQ(siv.seal(buf, &out_len, nonce,
                     std::span<const uint8_t>(buf.data(), in.size()), ad),
            Status::kOk);
  EXPECT_EQ(ToHex(buf), ToHex(sealed));
  ASSERT_EQ(siv.open(buf, &out_len, nonce, buf, ad), Status::kOk);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(buf.data(), in.size())),
            ToHex(in));
  for (size_t i = 0; i < 16; ++i) {
    Bytes bad = sealed;
    bad[in.size() + i] ^= static_cast<uint8_t>(1u << (i % 8));
    Bytes o(in.size(), 0xd5);
    EXPECT_EQ(siv.open(o, &out_len, nonce, bad, ad),
              Status::kAuthenticationFailed)
        << "tag byte " << i;
    EXPECT_TRUE(AllZero(o)) << "tag byte " << i;
  }
  if (!in.empty()) {
    Bytes bad = sealed;
    bad[0] ^= 0x80;
    Bytes o(in.size(), 0xd5);
    EXPECT_EQ(siv.open(o, &out_len, nonce, bad, ad),
              Status::kAuthenticationFailed);
    EXPECT_TRUE(AllZero(o));
  }
}

class GcmSivTest : public testing::TestWithParam<GcmRows> {};

// --- BoringSSL aes_{128,256}_gcm_siv_tests.txt ----------------------------

void RunSivFile(const GcmRows& rows, const std::string& file,
                size_t expected) {
  size_t n = RunFileTest(
      "tests/testdata/" + file, {"KEY", "NONCE", "IN", "AD", "CT", "TAG"},
      [&](FileTestRecord& r) {
        Bytes key = r.GetBytes("KEY"), nonce = r.GetBytes("NONCE"),
              in = r.GetBytes("IN"), ad = r.GetBytes("AD"),
              ct = r.GetBytes("CT"), tag = r.GetBytes("TAG");
        AesGcmSiv siv;
        ASSERT_TRUE(InitSiv(&siv, key, rows));
        CheckKnownAnswer(siv, nonce, in, ad, ct, tag);
      });
  EXPECT_EQ(n, expected);
}

TEST_P(GcmSivTest, BoringSslAes128GcmSivTests) {
  RunSivFile(GetParam(), "aes_128_gcm_siv_tests.txt", 89);
}
TEST_P(GcmSivTest, BoringSslAes256GcmSivTests) {
  RunSivFile(GetParam(), "aes_256_gcm_siv_tests.txt", 90);
}

// --- Wycheproof aes_gcm_siv_test.json -------------------------------------

TEST_P(GcmSivTest, WycheproofAesGcmSivTestJson) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_gcm_siv_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-GCM-SIV");
  const int64_t number_of_tests = root.Get("numberOfTests")->as_int();
  ASSERT_EQ(number_of_tests, 202);
  size_t processed = 0, valid = 0, invalid = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    ASSERT_EQ(group.Get("type")->as_string(), "AeadTest");
    ASSERT_EQ(group.Get("ivSize")->as_int(), 96);
    ASSERT_EQ(group.Get("tagSize")->as_int(), 128);
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  aad = HexField(t, "aad"), msg = HexField(t, "msg"),
                  ct = HexField(t, "ct"), tag = HexField(t, "tag");
      AesGcmSiv siv;
      ASSERT_TRUE(InitSiv(&siv, key, GetParam()));
      const std::string result = t.Get("result")->as_string();
      if (result == "valid") {
        ++valid;
        CheckKnownAnswer(siv, iv, msg, aad, ct, tag);
      } else {
        ASSERT_EQ(result, "invalid");
        ++invalid;
        Bytes sealed = Concat(ct, tag);
        Bytes out(ct.size(), 0xd5);
        size_t out_len = 0;
        EXPECT_EQ(siv.open(out, &out_len, iv, sealed, aad),
                  Status::kAuthenticationFailed);
        EXPECT_TRUE(AllZero(out));
      }
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(number_of_tests));
  EXPECT_EQ(valid, 136u);
  EXPECT_EQ(invalid, 66u);
}

// --- RFC 8452 appendix A: POLYVAL through GHASH ---------------------------

// The worked example: POLYVAL(H, X_1, X_2) directly, and as
// ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X_1), ...)) on
// the GHASH row under test - the relation gcm_siv.cc relies on.
TEST_P(GcmSivTest, Rfc8452AppendixAPolyvalExample) {
  const Block h = ToBlock(Hex("25629347589242761d31f826ba4b757b"));
  const Bytes x = Hex(
      "4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
  EXPECT_EQ(ToHex(RefPolyval(h, x, Block{})),
            "f7a3b47b846119fae5b7866cf5e5b77e");
  Block hr;
  for (int i = 0; i < 16; ++i) hr[i] = h[15 - i];
  // mulX_GHASH: right shift by one bit, 0xe1 into byte 0 on carry.
  const bool carry = hr[15] & 1;
  for (int i = 15; i > 0; --i)
    hr[i] = static_cast<uint8_t>((hr[i] >> 1) | (hr[i - 1] << 7));
  hr[0] = static_cast<uint8_t>((hr[0] >> 1) ^ (carry ? 0xe1 : 0));
  EXPECT_EQ(ToHex(hr), "dcbaa5dd137c188ebb21492c23c9b112");
  ctcrypto::GhashKey gk;
  ASSERT_TRUE(InitGhashKey(&gk, std::span<const uint8_t, 16>(hr), GetParam().ghash));
  Bytes xr(32);
  for (int b = 0; b < 2; ++b)
    for (int i = 0; i < 16; ++i) xr[16 * b + i] = x[16 * b + 15 - i];
  ctcrypto::Ghash gh(gk);
  gh.update(xr);
  uint8_t y[16];
  gh.finish(y);
  EXPECT_EQ(ToHex(y), "7eb7e5f56c86b7e5fa1961847bb4a3f7");
}

// --- Random lengths against the naive reference ---------------------------

TEST_P(GcmSivTest, RandomAgainstReference) {
  std::mt19937 rng(TestSeed() + 813);
  std::vector<size_t> lens;
  for (size_t i = 0; i <= 48; ++i) lens.push_back(i);
  for (size_t n : {63, 64, 65, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025,
                   1350, 4096 + 7, 8192}) {
    lens.push_back(n);
  }
  for (size_t len : lens) {
    SCOPED_TRACE(len);
    const Bytes key = RandomBytes(rng, len % 2 ? 32 : 16);
    const Bytes nonce = RandomBytes(rng, 12);
    const Bytes in = RandomBytes(rng, len);
    const Bytes ad = RandomBytes(rng, (len * 7) % 600);
    const Bytes want = RefGcmSivSeal(key, nonce, in, ad);
    AesGcmSiv siv;
    ASSERT_TRUE(InitSiv(&siv, key, GetParam()));
    for (size_t off = 0; off < 3; ++off) {
      SCOPED_TRACE(off);
      AlignedBuffer src(len, off), dst(len + 16, (off + 1) % 4),
          adb(ad.size(), (off + 2) % 4);
      copy_bytes(src.data(), in.data(), len);
      copy_bytes(adb.data(), ad.data(), ad.size());
      size_t out_len = 0;
      ASSERT_EQ(siv.seal(dst.span(), &out_len, nonce, src.cspan(), adb.cspan()),
                Status::kOk);
      ASSERT_EQ(ToHex(dst.ToBytes()), ToHex(want));
      AlignedBuffer back(len, (off + 3) % 4);
      ASSERT_EQ(siv.open(back.span(), &out_len, nonce, dst.cspan(), adb.cspan()),
                Status::kOk);
      ASSERT_EQ(ToHex(back.ToBytes()), ToHex(in));
      // In place.
      AlignedBuffer buf(len + 16, off);
      copy_bytes(buf.data(), in.data(), len);
      ASSERT_EQ(siv.seal(buf.span(), &out_len, nonce,
                         std::span<const uint8_t>(buf.data(), len), ad),
                Status::kOk);
      ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(want));
      ASSERT_EQ(siv.open(buf.span(), &out_len, nonce, buf.cspan(), ad),
                Status::kOk);
      ASSERT_EQ(ToHex(std::span<const uint8_t>(buf.data(), len)), ToHex(in));
      ASSERT_TRUE(src.GuardsIntact() && dst.GuardsIntact() &&
                  back.GuardsIntact() && buf.GuardsIntact());
    }
  }
}

// The counter wrap (the first four bytes little-endian, modulo 2^32, byte 4
// untouched) is covered by the vector files: BoringSSL's "Counter wrapping
// tests" records (tag ffffffff00..) and Wycheproof's WrappedIv cases; a tag
// near the wrap cannot be reached by searching nonces.

CTCRYPTO_INSTANTIATE_GCM_ROWS(GcmSivTest);

// --- Misuse ----------------------------------------------------------------

TEST(AesGcmSivMisuse, KeyNonceTagLengths) {
  AesGcmSiv siv;
  for (size_t n : {0, 1, 15, 17, 24, 31, 33, 64}) {
    EXPECT_EQ(siv.init(Bytes(n, 1)), Status::kInvalidKeyLength) << n;
    EXPECT_FALSE(siv.initialized());
  }
  const Bytes nonce(12, 2), in(20, 3), ad(5, 4);
  Bytes out(in.size() + 16, 0xd5);
  size_t out_len = 77;
  EXPECT_EQ(siv.seal(out, &out_len, nonce, in, ad), Status::kNotInitialized);
  EXPECT_EQ(siv.open(out, &out_len, nonce, out, ad), Status::kNotInitialized);
  ASSERT_EQ(siv.init(Bytes(16, 1)), Status::kOk);
  EXPECT_EQ(siv.key_len(), 16u);
  for (size_t n : {0, 8, 11, 13, 16}) {
    Bytes bad_nonce(n, 2);
    EXPECT_EQ(siv.seal(out, &out_len, bad_nonce, in, ad),
              Status::kInvalidNonceLength);
    EXPECT_EQ(siv.open(out, &out_len, bad_nonce, out, ad),
              Status::kInvalidNonceLength);
  }
  EXPECT_EQ(out_len, 77u);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](uint8_t v) { return v == 0xd5; }));
  Bytes ct(in.size()), tag15(15), tag17(17);
  EXPECT_EQ(siv.seal_detached(ct, tag15, nonce, in, ad), Status::kInvalidTagLength);
  EXPECT_EQ(siv.seal_detached(ct, tag17, nonce, in, ad), Status::kInvalidTagLength);
  EXPECT_EQ(siv.open_detached(ct, nonce, in, tag15, ad), Status::kInvalidTagLength);
  // Shorter than a tag: authentication failure, nothing written.
  EXPECT_EQ(siv.open(out, &out_len, nonce, Bytes(15, 0), ad),
            Status::kAuthenticationFailed);
  // clear() uninitialises.
  siv.clear();
  EXPECT_FALSE(siv.initialized());
  EXPECT_EQ(siv.seal(out, &out_len, nonce, in, ad), Status::kNotInitialized);
  // Null rows.
  EXPECT_EQ(
      ctcrypto::internal::init_with_rows(siv, Bytes(16, 1), nullptr, nullptr),
      Status::kUnsupported);
}

TEST(AesGcmSivMisuse, ShortBuffersAndOverlap) {
  AesGcmSiv siv;
  ASSERT_EQ(siv.init(Bytes(32, 9)), Status::kOk);
  const Bytes nonce(12, 2), in(40, 3), ad(5, 4);
  Bytes out(in.size() + 15, 0xd5);
  size_t out_len = 77;
  EXPECT_EQ(siv.seal(out, &out_len, nonce, in, ad), Status::kOutputTooSmall);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](uint8_t v) { return v == 0xd5; }));
  Bytes good(in.size() + 16);
  ASSERT_EQ(siv.seal(good, &out_len, nonce, in, ad), Status::kOk);
  Bytes pt(in.size() - 1);
  EXPECT_EQ(siv.open(pt, &out_len, nonce, good, ad), Status::kOutputTooSmall);
  // Inexact overlap of in and out.
  Bytes buf(200, 1);
  EXPECT_EQ(siv.seal(std::span<uint8_t>(buf.data() + 1, 80), &out_len, nonce,
                     std::span<const uint8_t>(buf.data(), 40), ad),
            Status::kOverlappingBuffers);
  EXPECT_EQ(siv.open(std::span<uint8_t>(buf.data() + 1, 80), &out_len, nonce,
                     std::span<const uint8_t>(buf.data(), 56), ad),
            Status::kOverlappingBuffers);
  // Detached tag inside the output.
  EXPECT_EQ(siv.seal_detached(std::span<uint8_t>(buf.data(), 40),
                              std::span<uint8_t>(buf.data() + 8, 16), nonce,
                              in, ad),
            Status::kOverlappingBuffers);
  // Null with a length.
  EXPECT_EQ(siv.seal(good, &out_len, nonce,
                     std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 4), ad),
            Status::kInvalidArgument);
  // Empty everything is fine (a 16-byte tag).
  Bytes tag_only(16);
  ASSERT_EQ(siv.seal(tag_only, &out_len, nonce, {}, {}), Status::kOk);
  EXPECT_EQ(out_len, 16u);
  ASSERT_EQ(siv.open({}, &out_len, nonce, tag_only, {}), Status::kOk);
  EXPECT_EQ(out_len, 0u);
}

// The limits are checked before any byte is touched (the buffers are an
// inaccessible reservation).
TEST(AesGcmSivMisuse, MessageTooLong) {
#if defined(__unix__) && defined(MAP_NORESERVE)
  if (sizeof(size_t) < 8) GTEST_SKIP() << "32-bit size_t cannot exceed the limit";
  AesGcmSiv siv;
  ASSERT_EQ(siv.init(Bytes(16, 6)), Status::kOk);
  const uint64_t too_long = ctcrypto::kGcmSivMaxPlaintextLen + 1;
  const size_t map_len = static_cast<size_t>(too_long + 64);
  void* p = mmap(nullptr, map_len, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) GTEST_SKIP() << "cannot reserve address space";
  uint8_t* base = static_cast<uint8_t*>(p);
  const Bytes nonce(12, 1);
  size_t out_len = 0;
  const std::span<const uint8_t> huge(base, static_cast<size_t>(too_long));
  EXPECT_EQ(siv.seal(std::span<uint8_t>(base, map_len), &out_len, nonce, huge, {}),
            Status::kMessageTooLong);
  EXPECT_EQ(siv.open(std::span<uint8_t>(base, map_len), &out_len, nonce,
                     std::span<const uint8_t>(base, static_cast<size_t>(too_long + 16)), {}),
            Status::kMessageTooLong);
  Bytes small(16), out(32);
  EXPECT_EQ(siv.seal(out, &out_len, nonce, small, huge), Status::kMessageTooLong);
  EXPECT_EQ(siv.open(out, &out_len, nonce, out, huge), Status::kMessageTooLong);
  munmap(p, map_len);
#else
  GTEST_SKIP() << "no mmap";
#endif
}

// The default rows through the RFC 8452 section 8 example.
TEST(AesGcmSivDefault, Rfc8452Section8Example) {
  AesGcmSiv siv;
  ASSERT_EQ(siv.init(Hex("ee8e1ed9ff2540ae8f2ba9f50bc2f27c")), Status::kOk);
  const std::string hello = "Hello world", example = "example";
  Bytes out(hello.size() + 16);
  size_t out_len = 0;
  ASSERT_EQ(siv.seal(out, &out_len, Hex("752abad3e0afb5f434dc4310"),
                     Bytes(hello.begin(), hello.end()),
                     Bytes(example.begin(), example.end())),
            Status::kOk);
  EXPECT_EQ(ToHex(out),
            "5d349ead175ef6b1def6fd4fbcdeb7e4793f4a1d7e4faa70100af1");
}

// The C API: state word, RFC 8452 section 8 example, failure zeroing,
// cleanup.
TEST(AesGcmSivCApi, StateWordSealOpenCleanup) {
  ctcrypto_aes_gcm_siv siv;
  std::memset(&siv, 0x5a, sizeof(siv));  // never initialised
  uint8_t out[64];
  size_t out_len = 0;
  const Bytes nonce = Hex("752abad3e0afb5f434dc4310");
  const std::string hello = "Hello world", example = "example";
  const auto* in = reinterpret_cast<const uint8_t*>(hello.data());
  const auto* ad = reinterpret_cast<const uint8_t*>(example.data());
  EXPECT_EQ(ctcrypto_aes_gcm_siv_seal(&siv, out, &out_len, sizeof(out),
                                      nonce.data(), 12, in, hello.size(), ad,
                                      example.size()),
            static_cast<int>(Status::kNotInitialized));
  EXPECT_EQ(ctcrypto_aes_gcm_siv_init(&siv, Bytes(24, 1).data(), 24),
            static_cast<int>(Status::kInvalidKeyLength));
  EXPECT_EQ(ctcrypto_aes_gcm_siv_seal(&siv, out, &out_len, sizeof(out),
                                      nonce.data(), 12, in, hello.size(), ad,
                                      example.size()),
            static_cast<int>(Status::kNotInitialized));
  const Bytes key = Hex("ee8e1ed9ff2540ae8f2ba9f50bc2f27c");
  ASSERT_EQ(ctcrypto_aes_gcm_siv_init(&siv, key.data(), key.size()), CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_aes_gcm_siv_seal(&siv, out, &out_len, sizeof(out),
                                      nonce.data(), 12, in, hello.size(), ad,
                                      example.size()),
            CTCRYPTO_OK);
  ASSERT_EQ(out_len, hello.size() + 16);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, out_len)),
            "5d349ead175ef6b1def6fd4fbcdeb7e4793f4a1d7e4faa70100af1");
  uint8_t pt[32];
  ASSERT_EQ(ctcrypto_aes_gcm_siv_open(&siv, pt, &out_len, sizeof(pt),
                                      nonce.data(), 12, out, hello.size() + 16,
                                      ad, example.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(pt), out_len), hello);
  out[hello.size() + 3] ^= 1;
  EXPECT_EQ(ctcrypto_aes_gcm_siv_open(&siv, pt, &out_len, sizeof(pt),
                                      nonce.data(), 12, out, hello.size() + 16,
                                      ad, example.size()),
            CTCRYPTO_AUTHENTICATION_FAILED);
  EXPECT_TRUE(AllZero(std::span<const uint8_t>(pt, hello.size())));
  EXPECT_EQ(ctcrypto_aes_gcm_siv_seal(&siv, out, &out_len, sizeof(out),
                                      nullptr, 12, in, hello.size(), ad,
                                      example.size()),
            static_cast<int>(Status::kInvalidArgument));
  EXPECT_EQ(ctcrypto_aes_gcm_siv_cleanup(&siv), CTCRYPTO_OK);
  EXPECT_TRUE(AllZero(std::span<const uint8_t>(siv.opaque)));
  EXPECT_EQ(ctcrypto_aes_gcm_siv_seal(&siv, out, &out_len, sizeof(out),
                                      nonce.data(), 12, in, hello.size(), ad,
                                      example.size()),
            static_cast<int>(Status::kNotInitialized));
  // A second cleanup is harmless.
  EXPECT_EQ(ctcrypto_aes_gcm_siv_cleanup(&siv), CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_gcm_siv_cleanup(nullptr),
            static_cast<int>(Status::kInvalidArgument));
}

}  // namespace
}  // namespace ctcrypto_test
