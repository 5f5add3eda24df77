// gcm_test.cc: AES-GCM on every usable (AES row, GHASH row) pair: the
// BoringSSL AEAD vector files, truncated tags, every short length, in-place
// and unaligned buffers, nonce lengths, randomised comparison with the
// reference pair and the naive reference, and argument errors.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#if defined(__unix__)
#include <sys/mman.h>
#endif

#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "tests/rows.h"
#include "tests/file_test.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGcm;
using ctcrypto::Status;

class GcmTest : public testing::TestWithParam<GcmRows> {
 protected:
  void MakeGcm(AesGcm* g, const Bytes& key, size_t tag_len = 16) {
    ASSERT_TRUE(InitGcm(g, key, tag_len, GetParam()));
  }
};

// Seal into a fresh buffer of exactly the right size; checks *out_len.
Status Seal(const AesGcm& g, const Bytes& nonce, const Bytes& in,
            const Bytes& ad, Bytes* out) {
  out->assign(in.size() + g.tag_len(), 0xd5);
  size_t out_len = 12345;
  Status s = g.seal(*out, &out_len, nonce, in, ad);
  if (s == Status::kOk) {
    EXPECT_EQ(out_len, in.size() + g.tag_len());
  }
  return s;
}

Status Open(const AesGcm& g, const Bytes& nonce, const Bytes& in,
            const Bytes& ad, Bytes* out) {
  out->assign(in.size() >= g.tag_len() ? in.size() - g.tag_len() : 0, 0xd5);
  size_t out_len = 12345;
  Status s = g.open(*out, &out_len, nonce, in, ad);
  if (s == Status::kOk) {
    EXPECT_EQ(out_len, in.size() - g.tag_len());
  }
  return s;
}

// SealsTo: seal gives `want` (the naive GCM of reference.h), and open of
// `want` gives the plaintext back.
testing::AssertionResult SealsTo(const AesGcm& g, const Bytes& nonce,
                                 const Bytes& in, const Bytes& ad,
                                 const Bytes& want) {
  Bytes out;
  if (Seal(g, nonce, in, ad, &out) != Status::kOk) {
    return testing::AssertionFailure() << "seal failed";
  }
  if (out != want) {
    return testing::AssertionFailure()
           << "seal " << ToHex(out) << "\n want " << ToHex(want);
  }
  if (Open(g, nonce, want, ad, &out) != Status::kOk) {
    return testing::AssertionFailure() << "open failed";
  }
  if (out != in) {
    return testing::AssertionFailure() << "open " << ToHex(out);
  }
  return testing::AssertionSuccess();
}

Bytes Concat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

bool AllZero(std::span<const uint8_t> b) {
  for (uint8_t v : b) {
    if (v != 0) return false;
  }
  return true;
}

// --- BoringSSL aes_{128,192,256}_gcm_tests.txt ----------------------------------

void RunAeadFile(const GcmRows& rows, const std::string& file,
                 size_t expected) {
  size_t n = RunFileTest(
      "tests/testdata/" + file, {"KEY", "NONCE", "IN", "AD", "CT", "TAG"},
      [&](FileTestRecord& r) {
        Bytes key = r.GetBytes("KEY"), nonce = r.GetBytes("NONCE"),
              in = r.GetBytes("IN"), ad = r.GetBytes("AD"),
              ct = r.GetBytes("CT"), tag = r.GetBytes("TAG");
        ASSERT_EQ(ct.size(), in.size());
        ASSERT_EQ(tag.size(), 16u);
        const Bytes sealed = Concat(ct, tag);
        AesGcm g;
        ASSERT_TRUE(InitGcm(&g, key, 16, rows));
        Bytes out;
        ASSERT_EQ(Seal(g, nonce, in, ad, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(sealed));
        ASSERT_EQ(Open(g, nonce, sealed, ad, &out), Status::kOk);
        EXPECT_EQ(ToHex(out), ToHex(in));
        // Detached forms.
        Bytes dct(in.size(), 0xd5), dtag(16, 0xd5);
        ASSERT_EQ(g.seal_detached(dct, dtag, nonce, in, ad), Status::kOk);
        EXPECT_EQ(ToHex(dct), ToHex(ct));
        EXPECT_EQ(ToHex(dtag), ToHex(tag));
        Bytes dpt(in.size(), 0xd5);
        ASSERT_EQ(g.open_detached(dpt, nonce, ct, tag, ad), Status::kOk);
        EXPECT_EQ(ToHex(dpt), ToHex(in));
        // BoringSSL's derived negatives: a trailing extra byte, and the
        // first byte of ciphertext||tag with its top bit flipped.
        Bytes extra = sealed;
        extra.push_back(0);
        EXPECT_EQ(Open(g, nonce, extra, ad, &out),
                  Status::kAuthenticationFailed);
        EXPECT_TRUE(AllZero(out));
        Bytes flipped = sealed;
        flipped[0] ^= 0x80;
        EXPECT_EQ(Open(g, nonce, flipped, ad, &out),
                  Status::kAuthenticationFailed);
        EXPECT_TRUE(AllZero(out));
        // Truncated tags: tag_len 12..15 gives CT || TAG[:t].
        for (size_t t = 12; t < 16; ++t) {
          AesGcm gt;
          ASSERT_TRUE(InitGcm(&gt, key, t, rows));
          Bytes want = Concat(ct, Bytes(tag.begin(), tag.begin() + t));
          ASSERT_EQ(Seal(gt, nonce, in, ad, &out), Status::kOk);
          EXPECT_EQ(ToHex(out), ToHex(want)) << "tag_len " << t;
          ASSERT_EQ(Open(gt, nonce, want, ad, &out), Status::kOk);
          EXPECT_EQ(ToHex(out), ToHex(in));
          // The full-length form is not a valid t-byte-tag message.
          EXPECT_EQ(Open(gt, nonce, sealed, ad, &out),
                    Status::kAuthenticationFailed);
        }
      });
  EXPECT_EQ(n, expected);
}

TEST_P(GcmTest, BoringSslAes128GcmTests) {
  RunAeadFile(GetParam(), "aes_128_gcm_tests.txt", 74);
}
TEST_P(GcmTest, BoringSslAes192GcmTests) {
  RunAeadFile(GetParam(), "aes_192_gcm_tests.txt", 6);
}
TEST_P(GcmTest, BoringSslAes256GcmTests) {
  RunAeadFile(GetParam(), "aes_256_gcm_tests.txt", 66);
}

// --- Every length, in place, unaligned ------------------------------------------

// Every length from 0 to 600 bytes and from 2000 to 2100, against the naive
// reference: the rows' last passes (AesRow::gcm_seal_last /
// gcm_open_last) take message ends of up to 496 (vaes) or 2047 (aesni)
// bytes and whole messages from 49 (aesni) or 80 (vaes) bytes on, with a
// final batch of every block count and every partial-block length. Then a
// few large ones. Each length runs out of place, in place and detached;
// the short ones (0..65) and those around multiples of 6, 8, 12 and 16
// blocks (aggregated and stitched bulk loops) and the bounds of the vaes
// row's whole-message passes (80 and 496 bytes with the length block, 512
// in one seal pass) at four buffer misalignments.
TEST_P(GcmTest, AllLengthsInPlaceAndUnaligned) {
  std::mt19937 rng(TestSeed() + 20);
  std::vector<size_t> lens;
  for (size_t i = 0; i <= 600; ++i) lens.push_back(i);
  for (size_t i = 2000; i <= 2100; ++i) lens.push_back(i);
  for (size_t n : {1000, 4096 + 3, 16384 + 15}) lens.push_back(n);
  const std::set<size_t> unaligned = {
      79,  80,  95,  96,  97,  127, 128, 129, 191, 192, 193, 255, 256,
      257, 383, 384, 385, 495, 496, 497, 511, 512, 513, 1000, 4096 + 3,
      16384 + 15};
  const size_t kKeyLens[] = {16, 24, 32};
  for (size_t len : lens) {
    SCOPED_TRACE(len);
    Bytes key = RandomBytes(rng, kKeyLens[len % 3]);
    AesGcm g;
    MakeGcm(&g, key);
    Bytes nonce = RandomBytes(rng, 12);
    Bytes in = RandomBytes(rng, len);
    Bytes ad = RandomBytes(rng, (len * 7) % 41);
    const Bytes want = RefGcmSeal(g.aes_key(), nonce, in, ad);
    ASSERT_TRUE(SealsTo(g, nonce, in, ad, want));
    const size_t offsets = len <= 65 || unaligned.count(len) ? 4 : 1;
    for (size_t off = 0; off < offsets; ++off) {
      if (len > 300 && off == 2) continue;
      SCOPED_TRACE(off);
      // In place: the plaintext at the start of a buffer with room for the tag.
      AlignedBuffer buf(len + 16, off);
      if (len) std::memcpy(buf.data(), in.data(), len);
      size_t out_len = 0;
      ASSERT_EQ(g.seal(buf.span(), &out_len, nonce,
                       std::span<const uint8_t>(buf.data(), len), ad),
                Status::kOk);
      ASSERT_EQ(out_len, len + 16);
      ASSERT_EQ(ToHex(buf.ToBytes()), ToHex(want));
      ASSERT_EQ(g.open(buf.span(), &out_len, nonce, buf.cspan(), ad),
                Status::kOk);
      ASSERT_EQ(out_len, len);
      ASSERT_EQ(ToHex(std::span<const uint8_t>(buf.data(), len)), ToHex(in));
      ASSERT_TRUE(buf.GuardsIntact());
      // Out of place at different misalignments, unaligned AD and nonce.
      AlignedBuffer src(len, off), dst(len + 16, (off + 3) % 4),
          adb(ad.size(), (off + 1) % 4), nb(12, (off + 2) % 4);
      if (len) std::memcpy(src.data(), in.data(), len);
      if (!ad.empty()) std::memcpy(adb.data(), ad.data(), ad.size());
      std::memcpy(nb.data(), nonce.data(), 12);
      ASSERT_EQ(g.seal(dst.span(), &out_len, nb.cspan(), src.cspan(),
                       adb.cspan()),
                Status::kOk);
      ASSERT_EQ(ToHex(dst.ToBytes()), ToHex(want));
      AlignedBuffer back(len, (off + 2) % 4);
      ASSERT_EQ(g.open(back.span(), &out_len, nb.cspan(), dst.cspan(),
                       adb.cspan()),
                Status::kOk);
      ASSERT_EQ(ToHex(back.ToBytes()), ToHex(in));
      ASSERT_TRUE(dst.GuardsIntact());
      ASSERT_TRUE(back.GuardsIntact());
      // Detached, in place.
      AlignedBuffer dbuf(len, off);
      if (len) std::memcpy(dbuf.data(), in.data(), len);
      Bytes tag(16);
      ASSERT_EQ(g.seal_detached(dbuf.span(), tag, nonce, dbuf.cspan(), ad),
                Status::kOk);
      ASSERT_EQ(ToHex(Concat(dbuf.ToBytes(), tag)), ToHex(want));
      ASSERT_EQ(g.open_detached(dbuf.span(), nonce, dbuf.cspan(), tag, ad),
                Status::kOk);
      ASSERT_EQ(ToHex(dbuf.ToBytes()), ToHex(in));
    }
  }
}

// Output buffers larger than needed: bytes past the result stay untouched.
TEST_P(GcmTest, LargerOutputBufferUntouchedPastResult) {
  AesGcm g;
  MakeGcm(&g, Bytes(16, 9));
  Bytes nonce(12, 1), in(37, 2), ad(5, 3);
  Bytes out(37 + 16 + 10, 0x6b);
  size_t out_len = 0;
  ASSERT_EQ(g.seal(out, &out_len, nonce, in, ad), Status::kOk);
  EXPECT_EQ(out_len, 53u);
  for (size_t i = 53; i < out.size(); ++i) EXPECT_EQ(out[i], 0x6b);
  Bytes sealed(out.begin(), out.begin() + 53);
  Bytes pt(60, 0x6b);
  ASSERT_EQ(g.open(pt, &out_len, nonce, sealed, ad), Status::kOk);
  EXPECT_EQ(out_len, 37u);
  for (size_t i = 37; i < pt.size(); ++i) EXPECT_EQ(pt[i], 0x6b);
}

// Nonces of many lengths (the non-96-bit ones go through GHASH into J0).
TEST_P(GcmTest, NonceLengths) {
  std::mt19937 rng(TestSeed() + 21);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 16));
  for (size_t nlen : {1, 2, 7, 8, 11, 12, 13, 15, 16, 17, 31, 32, 33, 60, 64,
                      128, 257}) {
    SCOPED_TRACE(nlen);
    Bytes nonce = RandomBytes(rng, nlen);
    Bytes in = RandomBytes(rng, 50), ad = RandomBytes(rng, 20);
    const Bytes want = RefGcmSeal(g.aes_key(), nonce, in, ad);
    ASSERT_TRUE(SealsTo(g, nonce, in, ad, want));
  }
}

// Counter wrapping inside long messages: nonces crafted so that J0's 32-bit
// tail sits just below 2^32, so the inc32 wrap lands in the bulk (multi-block
// and stitched) paths, not just in the short Wycheproof CounterWrap messages.
TEST_P(GcmTest, CounterWrapInLongMessages) {
  std::mt19937 rng(TestSeed() + 24);
  for (const char* tail : {"ffffffff", "fffffffe", "fffffff0", "ffffffe0",
                           "ffffffc3", "7fffffff"}) {
    SCOPED_TRACE(tail);
    Bytes key = RandomBytes(rng, 16 + 8 * (rng() % 3));
    AesGcm g;
    MakeGcm(&g, key);
    Block h{};
    const Block zero{};
    g.aes_key().encrypt_block(zero.data(), h.data());
    Block j0 = ToBlock(RandomBytes(rng, 16));
    Bytes t = Hex(tail);
    std::memcpy(j0.data() + 12, t.data(), 4);
    const Bytes nonce = NonceForJ0(h, j0);
    ASSERT_EQ(ToHex(RefJ0(h, nonce)), ToHex(j0)) << "nonce construction";
    for (size_t len : {16 * 8, 16 * 33 + 5, 16 * 64, 1000, 16 * 100 + 15}) {
      SCOPED_TRACE(len);
      Bytes in = RandomBytes(rng, len), ad = RandomBytes(rng, len % 29);
      Bytes want = RefGcmSeal(g.aes_key(), nonce, in, ad);
      Bytes out;
      ASSERT_EQ(Seal(g, nonce, in, ad, &out), Status::kOk);
      ASSERT_EQ(ToHex(out), ToHex(want));
      ASSERT_EQ(Open(g, nonce, want, ad, &out), Status::kOk);
      ASSERT_EQ(ToHex(out), ToHex(in));
      // In place.
      Bytes buf = in;
      buf.resize(len + 16);
      size_t out_len = 0;
      ASSERT_EQ(g.seal(buf, &out_len, nonce,
                       std::span<const uint8_t>(buf.data(), len), ad),
                Status::kOk);
      ASSERT_EQ(ToHex(buf), ToHex(want));
    }
  }
}

// --- Randomised comparison --------------------------------------------------------

TEST_P(GcmTest, RandomMatchesReferencePair) {
  const GcmRows ref{ReferenceAesRow(), ReferenceGhashRow()};
  ASSERT_NE(ref.aes, nullptr);
  ASSERT_NE(ref.ghash, nullptr);
  std::mt19937 rng(TestSeed() + 22);
  const size_t kKeyLens[] = {16, 24, 32};
  for (int iter = 0; iter < 150; ++iter) {
    SCOPED_TRACE(iter);
    Bytes key = RandomBytes(rng, kKeyLens[rng() % 3]);
    size_t tag_len = 12 + rng() % 5;
    AesGcm g, r;
    MakeGcm(&g, key, tag_len);
    ASSERT_TRUE(InitGcm(&r, key, tag_len, ref));
    size_t nlen = iter % 5 == 0 ? 1 + rng() % 40 : 12;
    Bytes nonce = RandomBytes(rng, nlen);
    Bytes in = RandomBytes(rng, rng() % 300);
    Bytes ad = RandomBytes(rng, rng() % 100);
    Bytes a, b;
    ASSERT_EQ(Seal(g, nonce, in, ad, &a), Status::kOk);
    ASSERT_EQ(Seal(r, nonce, in, ad, &b), Status::kOk);
    ASSERT_EQ(ToHex(a), ToHex(b));
    ASSERT_EQ(ToHex(a), ToHex(RefGcmSeal(g.aes_key(), nonce, in, ad, tag_len)));
    // Cross-open in both directions.
    Bytes pa, pb;
    ASSERT_EQ(Open(g, nonce, b, ad, &pa), Status::kOk);
    ASSERT_EQ(Open(r, nonce, a, ad, &pb), Status::kOk);
    ASSERT_EQ(ToHex(pa), ToHex(in));
    ASSERT_EQ(ToHex(pb), ToHex(in));
    // A random corruption is rejected by both.
    if (!a.empty()) {
      Bytes bad = a;
      bad[rng() % bad.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
      ASSERT_EQ(Open(g, nonce, bad, ad, &pa), Status::kAuthenticationFailed);
      ASSERT_EQ(Open(r, nonce, bad, ad, &pb), Status::kAuthenticationFailed);
      ASSERT_TRUE(AllZero(pa));
    }
  }
}

// --- Tag handling ---------------------------------------------------------------------

TEST_P(GcmTest, EveryTagByteFlippedFails) {
  std::mt19937 rng(TestSeed() + 23);
  for (size_t tag_len = 12; tag_len <= 16; ++tag_len) {
    SCOPED_TRACE(tag_len);
    AesGcm g;
    MakeGcm(&g, RandomBytes(rng, 32), tag_len);
    Bytes nonce = RandomBytes(rng, 12), in = RandomBytes(rng, 33),
          ad = RandomBytes(rng, 7);
    Bytes sealed;
    ASSERT_EQ(Seal(g, nonce, in, ad, &sealed), Status::kOk);
    for (size_t i = 0; i < tag_len; ++i) {
      for (uint8_t mask : {0x01, 0x80, 0xff}) {
        Bytes bad = sealed;
        bad[in.size() + i] ^= mask;
        Bytes out(in.size() + 8, 0xaa);
        size_t out_len = 0;
        ASSERT_EQ(g.open(out, &out_len, nonce, bad, ad),
                  Status::kAuthenticationFailed)
            << "byte " << i;
        ASSERT_TRUE(AllZero(std::span<const uint8_t>(out.data(), in.size())))
            << "plaintext released on failure, byte " << i;
        for (size_t j = in.size(); j < out.size(); ++j) {
          ASSERT_EQ(out[j], 0xaa) << "wrote past the plaintext";
        }
        // Detached.
        Bytes dout(in.size(), 0xaa);
        ASSERT_EQ(g.open_detached(
                      dout, nonce, std::span<const uint8_t>(bad.data(), in.size()),
                      std::span<const uint8_t>(bad.data() + in.size(), tag_len),
                      ad),
                  Status::kAuthenticationFailed);
        ASSERT_TRUE(AllZero(dout));
      }
    }
    // Ciphertext, AD and nonce changes are caught too.
    Bytes out;
    Bytes bad = sealed;
    bad[5] ^= 1;
    EXPECT_EQ(Open(g, nonce, bad, ad, &out), Status::kAuthenticationFailed);
    Bytes bad_ad = ad;
    bad_ad[0] ^= 1;
    EXPECT_EQ(Open(g, nonce, sealed, bad_ad, &out),
              Status::kAuthenticationFailed);
    EXPECT_EQ(Open(g, nonce, sealed, Bytes(), &out),
              Status::kAuthenticationFailed);
    Bytes bad_nonce = nonce;
    bad_nonce[11] ^= 1;
    EXPECT_EQ(Open(g, bad_nonce, sealed, ad, &out),
              Status::kAuthenticationFailed);
    // Truncating the message (dropping the last tag byte) fails.
    Bytes shorter(sealed.begin(), sealed.end() - 1);
    EXPECT_EQ(Open(g, nonce, shorter, ad, &out), Status::kAuthenticationFailed);
  }
}

TEST_P(GcmTest, TagLengthMismatchBetweenKeys) {
  Bytes key(16, 0x21), nonce(12, 2), in(20, 3), ad;
  AesGcm g16, g12;
  MakeGcm(&g16, key, 16);
  MakeGcm(&g12, key, 12);
  Bytes s16, s12, out;
  ASSERT_EQ(Seal(g16, nonce, in, ad, &s16), Status::kOk);
  ASSERT_EQ(Seal(g12, nonce, in, ad, &s12), Status::kOk);
  ASSERT_EQ(ToHex(Bytes(s16.begin(), s16.begin() + 32)), ToHex(s12));
  EXPECT_EQ(Open(g12, nonce, s16, ad, &out), Status::kAuthenticationFailed);
  EXPECT_EQ(Open(g16, nonce, s12, ad, &out), Status::kAuthenticationFailed);
  // Detached with a tag of the wrong size.
  Bytes ct(in.size()), tag15(15);
  EXPECT_EQ(g16.seal_detached(ct, tag15, nonce, in, ad),
            Status::kInvalidTagLength);
  EXPECT_EQ(g16.open_detached(ct, nonce, in, tag15, ad),
            Status::kInvalidTagLength);
  Bytes tag16(16);
  EXPECT_EQ(g12.seal_detached(ct, tag16, nonce, in, ad),
            Status::kInvalidTagLength);
}

// --- Argument errors ------------------------------------------------------------------

TEST_P(GcmTest, WrongKeyLengths) {
  const Bytes big(64, 0x42);
  for (size_t len : {0, 1, 15, 17, 23, 25, 31, 33, 64}) {
    SCOPED_TRACE(len);
    AesGcm g;
    EXPECT_EQ(ctcrypto::internal::init_with_rows(
                  g, std::span<const uint8_t>(big.data(), len), 16,
                  GetParam().aes, GetParam().ghash),
              Status::kInvalidKeyLength);
    EXPECT_FALSE(g.initialized());
  }
}

TEST_P(GcmTest, WrongTagLengthsAtInit) {
  const Bytes key(16, 0x42);
  for (size_t t : {0, 1, 4, 8, 11, 17, 32}) {
    SCOPED_TRACE(t);
    AesGcm g;
    EXPECT_EQ(ctcrypto::internal::init_with_rows(g, key, t, GetParam().aes,
                                                 GetParam().ghash),
              Status::kInvalidTagLength);
    EXPECT_FALSE(g.initialized());
  }
}

TEST_P(GcmTest, EmptyNonce) {
  AesGcm g;
  MakeGcm(&g, Bytes(16, 5));
  Bytes in(20, 1), ad(3, 2);
  Bytes out(in.size() + 16, 0x99);
  size_t out_len = 777;
  EXPECT_EQ(g.seal(out, &out_len, {}, in, ad), Status::kInvalidNonceLength);
  for (uint8_t b : out) ASSERT_EQ(b, 0x99);
  Bytes sealed(36, 7);
  Bytes pt(20, 0x99);
  EXPECT_EQ(g.open(pt, &out_len, {}, sealed, ad), Status::kInvalidNonceLength);
  for (uint8_t b : pt) ASSERT_EQ(b, 0x99);
  Bytes tag(16);
  EXPECT_EQ(g.seal_detached(pt, tag, {}, in, ad), Status::kInvalidNonceLength);
  EXPECT_EQ(g.open_detached(pt, {}, in, tag, ad), Status::kInvalidNonceLength);
}

TEST_P(GcmTest, OutputTooSmall) {
  AesGcm g;
  MakeGcm(&g, Bytes(24, 5));
  Bytes nonce(12, 1), ad(3, 2);
  for (size_t len : {0, 1, 16, 33}) {
    SCOPED_TRACE(len);
    Bytes in(len, 1);
    Bytes out(len + 15, 0x99);
    size_t out_len = 0;
    EXPECT_EQ(g.seal(out, &out_len, nonce, in, ad), Status::kOutputTooSmall);
    for (uint8_t b : out) ASSERT_EQ(b, 0x99) << "seal wrote into a short buffer";
    Bytes sealed;
    ASSERT_EQ(Seal(g, nonce, in, ad, &sealed), Status::kOk);
    if (len > 0) {
      Bytes pt(len - 1, 0x99);
      EXPECT_EQ(g.open(pt, &out_len, nonce, sealed, ad),
                Status::kOutputTooSmall);
      for (uint8_t b : pt) ASSERT_EQ(b, 0x99) << "open wrote into a short buffer";
      Bytes ct(len - 1), tag(16);
      EXPECT_EQ(g.seal_detached(ct, tag, nonce, in, ad),
                Status::kOutputTooSmall);
    }
  }
}

// A ciphertext shorter than the tag cannot be authentic.
TEST_P(GcmTest, CiphertextShorterThanTag) {
  for (size_t tag_len : {12, 16}) {
    AesGcm g;
    MakeGcm(&g, Bytes(32, 5), tag_len);
    Bytes nonce(12, 1);
    for (size_t len = 0; len < tag_len; ++len) {
      SCOPED_TRACE(len);
      Bytes in(len, 0x33), out(32, 0x99);
      size_t out_len = 0;
      EXPECT_EQ(g.open(out, &out_len, nonce, in, {}),
                Status::kAuthenticationFailed);
      for (uint8_t b : out) ASSERT_EQ(b, 0x99);
    }
  }
}

TEST_P(GcmTest, OverlappingBuffers) {
  AesGcm g;
  MakeGcm(&g, Bytes(16, 6));
  Bytes nonce(12, 1);
  Bytes buf(200);
  for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<uint8_t>(i);
  const Bytes orig = buf;
  size_t out_len = 0;
  for (auto [io, oo] : {std::pair<size_t, size_t>{0, 1}, {1, 0}, {0, 16},
                        {16, 0}, {40, 30}}) {
    SCOPED_TRACE(testing::Message() << io << "," << oo);
    EXPECT_EQ(g.seal(std::span<uint8_t>(buf.data() + oo, 80), &out_len, nonce,
                     std::span<const uint8_t>(buf.data() + io, 64), {}),
              Status::kOverlappingBuffers);
    EXPECT_EQ(g.open(std::span<uint8_t>(buf.data() + oo, 64), &out_len, nonce,
                     std::span<const uint8_t>(buf.data() + io, 80), {}),
              Status::kOverlappingBuffers);
    ASSERT_EQ(ToHex(buf), ToHex(orig));
  }
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(GcmTest);

// --- Row-independent ------------------------------------------------------------

TEST(AesGcmTest, UninitialisedKey) {
  AesGcm g;
  EXPECT_FALSE(g.initialized());
  Bytes nonce(12), in(16, 1), out(32, 0x99), tag(16);
  size_t out_len = 0;
  EXPECT_EQ(g.seal(out, &out_len, nonce, in, {}), Status::kNotInitialized);
  EXPECT_EQ(g.open(out, &out_len, nonce, out, {}), Status::kNotInitialized);
  EXPECT_EQ(g.seal_detached(out, tag, nonce, in, {}), Status::kNotInitialized);
  EXPECT_EQ(g.open_detached(out, nonce, in, tag, {}), Status::kNotInitialized);
  for (uint8_t b : out) EXPECT_EQ(b, 0x99);
}

TEST(AesGcmTest, FailedInitLeavesKeyUnusable) {
  AesGcm g;
  ASSERT_EQ(g.init(Bytes(17, 1)), Status::kInvalidKeyLength);
  EXPECT_FALSE(g.initialized());
  Bytes nonce(12), in(16, 1), out(32, 0x99);
  size_t out_len = 0;
  EXPECT_EQ(g.seal(out, &out_len, nonce, in, {}), Status::kNotInitialized);
  EXPECT_EQ(g.init(Bytes(16, 1), 11), Status::kInvalidTagLength);
  EXPECT_EQ(g.init(Bytes(16, 1), 17), Status::kInvalidTagLength);
  EXPECT_EQ(
      ctcrypto::internal::init_with_rows(g, Bytes(16, 1), 16, nullptr, nullptr),
      Status::kUnsupported);
}

// The length limit is checked before any byte is touched (the buffers are
// an inaccessible reservation). Row-independent, and slow to set up
// under QEMU, so it runs once with the default rows.
TEST(AesGcmTest, MessageTooLong) {
#if defined(__unix__) && defined(MAP_NORESERVE)
  if (sizeof(size_t) < 8) GTEST_SKIP() << "32-bit size_t cannot exceed the limit";
  AesGcm g;
  ASSERT_EQ(g.init(Bytes(16, 6)), Status::kOk);
  const uint64_t too_long = ctcrypto::kGcmMaxPlaintextLen + 1;
  const size_t map_len = static_cast<size_t>(too_long + 64);
  void* p = mmap(nullptr, map_len, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) GTEST_SKIP() << "cannot reserve address space";
  uint8_t* base = static_cast<uint8_t*>(p);
  Bytes nonce(12, 1);
  size_t out_len = 0;
  EXPECT_EQ(g.seal(std::span<uint8_t>(base, map_len), &out_len, nonce,
                   std::span<const uint8_t>(base, static_cast<size_t>(too_long)),
                   {}),
            Status::kMessageTooLong);
  EXPECT_EQ(g.open(std::span<uint8_t>(base, map_len), &out_len, nonce,
                   std::span<const uint8_t>(base, map_len), {}),
            Status::kMessageTooLong);
  munmap(p, map_len);
#else
  GTEST_SKIP() << "no mmap";
#endif
}

// The McGrew/Viega test case 4 through the default (selected) rows.
TEST(AesGcmTest, DefaultInitSpecTestCase4) {
  AesGcm g;
  ASSERT_EQ(g.init(Hex("feffe9928665731c6d6a8f9467308308")), Status::kOk);
  EXPECT_EQ(g.tag_len(), 16u);
  Bytes out;
  ASSERT_EQ(
      Seal(g, Hex("cafebabefacedbaddecaf888"),
           Hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
               "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"),
           Hex("feedfacedeadbeeffeedfacedeadbeefabaddad2"), &out),
      Status::kOk);
  EXPECT_EQ(ToHex(out),
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
            "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
            "5bc94fbc3221a5db94fae95ae7121a47");
}

}  // namespace
}  // namespace ctcrypto_test
