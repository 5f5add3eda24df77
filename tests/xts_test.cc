// xts_test.cc: AES-XTS (IEEE 1619, SP 800-38E) on every usable AES row:
// Wycheproof aes_xts_test.json in full, a naive per-block reference on
// random keys, tweaks and lengths (batch seams and every stealing tail),
// the rows' multi-block ECB entries against their single-block functions,
// and misuse.
#include "ctcrypto/xts.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "crypto/aes/aes_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aes.h"
#include "tests/rows.h"
#include "tests/json.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesKey;
using ctcrypto::AesXts;
using ctcrypto::Status;

// --- naive reference: IEEE 1619 5.3 / 5.4 block by block -------------------

// Multiplication by alpha, byte by byte as IEEE 1619 5.2 writes it.
void RefMulAlpha(uint8_t t[16]) {
  uint8_t carry = 0;
  for (int j = 0; j < 16; ++j) {
    const uint8_t next = t[j] >> 7;
    t[j] = static_cast<uint8_t>((t[j] << 1) | carry);
    carry = next;
  }
  if (carry) t[0] ^= 0x87;
}

void RefBlock(const AesKey& k1, bool dec, const uint8_t* in, uint8_t* out,
              const uint8_t t[16]) {
  uint8_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = in[i] ^ t[i];
  if (dec) {
    k1.decrypt_block(x, x);
  } else {
    k1.encrypt_block(x, x);
  }
  for (int i = 0; i < 16; ++i) out[i] = x[i] ^ t[i];
}

Bytes RefXts(const AesKey& k1, const AesKey& k2, bool dec,
             const uint8_t tweak[16], const Bytes& in) {
  Bytes out(in.size());
  uint8_t t[16];
  k2.encrypt_block(tweak, t);
  const size_t m = in.size() / 16, b = in.size() % 16;
  const size_t plain = b ? m - 1 : m;
  for (size_t j = 0; j < plain; ++j) {
    RefBlock(k1, dec, &in[16 * j], &out[16 * j], t);
    RefMulAlpha(t);
  }
  if (b) {
    uint8_t t_next[16], cc[16], pp[16];
    std::memcpy(t_next, t, 16);
    RefMulAlpha(t_next);
    RefBlock(k1, dec, &in[16 * (m - 1)], cc, dec ? t_next : t);
    std::memcpy(pp, &in[16 * m], b);
    std::memcpy(pp + b, cc + b, 16 - b);
    std::memcpy(&out[16 * m], cc, b);
    RefBlock(k1, dec, pp, &out[16 * (m - 1)], dec ? t : t_next);
  }
  return out;
}

class XtsTest : public testing::TestWithParam<const AesRow*> {};

testing::AssertionResult InitXts(AesXts* x, const Bytes& key,
                                 const AesRow* row) {
  Status s = ctcrypto::internal::init_with_rows(*x, key, row);
  if (s != Status::kOk)
    return testing::AssertionFailure() << "init: " << static_cast<int>(s);
  if (ctcrypto::internal::key_state(x->data_key()).row != row)
    return testing::AssertionFailure() << "wrong row " << x->data_key().row_name();
  return testing::AssertionSuccess();
}

std::span<const uint8_t, 16> Tw(const Bytes& t) {
  return std::span<const uint8_t, 16>(t.data(), 16);
}

// Wycheproof: tweaks of 1..16 bytes are the IV left-aligned and zero-
// padded (a little-endian sector number); 48-byte keys (AES-192 halves)
// are outside IEEE 1619 and must be refused.
TEST_P(XtsTest, WycheproofAesXts) {
  JsonValue root;
  ASSERT_TRUE(LoadJson("tests/testdata/aes_xts_test.json", &root));
  ASSERT_EQ(root.Get("algorithm")->as_string(), "AES-XTS");
  size_t processed = 0, run = 0, refused_192 = 0, stolen = 0;
  for (const auto& group : root.Get("testGroups")->array()) {
    const int64_t key_bits = group.Get("keySize")->as_int();
    for (const auto& t : group.Get("tests")->array()) {
      SCOPED_TRACE(testing::Message() << "tcId " << t.Get("tcId")->as_int());
      ++processed;
      ASSERT_EQ(t.Get("result")->as_string(), "valid");
      const Bytes key = HexField(t, "key"), iv = HexField(t, "iv"),
                  msg = HexField(t, "msg"), ct = HexField(t, "ct");
      ASSERT_EQ(key.size() * 8, static_cast<size_t>(key_bits));
      ASSERT_LE(iv.size(), 16u);
      AesXts x;
      if (key.size() == 48) {
        ++refused_192;
        EXPECT_EQ(ctcrypto::internal::init_with_rows(x, key, GetParam()),
                  Status::kInvalidKeyLength);
        EXPECT_FALSE(x.initialized());
        continue;
      }
      ++run;
      if (msg.size() % 16) ++stolen;
      ASSERT_TRUE(InitXts(&x, key, GetParam()));
      Bytes tweak(16, 0);
      std::memcpy(tweak.data(), iv.data(), iv.size());
      Bytes out(msg.size());
      ASSERT_EQ(x.encrypt(Tw(tweak), msg, out), Status::kOk);
      EXPECT_EQ(ToHex(out), ToHex(ct));
      ASSERT_EQ(x.decrypt(Tw(tweak), ct, out), Status::kOk);
      EXPECT_EQ(ToHex(out), ToHex(msg));
    }
  }
  EXPECT_EQ(processed, static_cast<size_t>(root.Get("numberOfTests")->as_int()));
  EXPECT_EQ(processed, 123u);
  EXPECT_EQ(run, 82u);
  EXPECT_EQ(refused_192, 41u);
  EXPECT_EQ(stolen, 2u * 20u);
}

// Random keys, tweaks and lengths against the reference (on the reference
// row): every whole-block count up to 40 (ECB batch seams 4, 7, 8, 9, 15,
// 16, 17, 31, 32, 33 and the 32-block chunk seam) with every tail
// 0..15, plus longer units; in place and out of place.
TEST_P(XtsTest, RandomMatchesReference) {
  std::mt19937 rng(TestSeed());
  int iter = 0;
  std::vector<size_t> lens;
  for (size_t blocks = 1; blocks <= 40; ++blocks)
    for (size_t tail = 0; tail < 16; ++tail) lens.push_back(16 * blocks + tail);
  for (size_t len : {512u, 4096u, 4095u, 1000u, 16u * 64 + 1})
    lens.push_back(len);
  for (size_t len : lens) {
    SCOPED_TRACE(len);
    const size_t key_len = (iter++ % 2) ? 64 : 32;
    Bytes key = RandomBytes(rng, key_len);
    AesXts x;
    ASSERT_TRUE(InitXts(&x, key, GetParam()));
    AesKey r1, r2;
    ASSERT_TRUE(InitAesKey(&r1, std::span<const uint8_t>(key.data(), key_len / 2),
                           ReferenceAesRow()));
    ASSERT_TRUE(InitAesKey(&r2, std::span<const uint8_t>(key.data() + key_len / 2,
                                                         key_len / 2),
                           ReferenceAesRow()));
    Bytes tweak = RandomBytes(rng, 16);
    Bytes p = RandomBytes(rng, len);
    const Bytes want = RefXts(r1, r2, false, tweak.data(), p);
    ASSERT_EQ(ToHex(RefXts(r1, r2, true, tweak.data(), want)), ToHex(p));
    AlignedBuffer out(len, len % 7);
    ASSERT_EQ(x.encrypt(Tw(tweak), p, out.span()), Status::kOk);
    ASSERT_EQ(ToHex(out.cspan()), ToHex(want));
    EXPECT_TRUE(out.GuardsIntact());
    AlignedBuffer back(len, 3);
    ASSERT_EQ(x.decrypt(Tw(tweak), out.cspan(), back.span()), Status::kOk);
    ASSERT_EQ(ToHex(back.cspan()), ToHex(p));
    EXPECT_TRUE(back.GuardsIntact());
    // In place both ways.
    Bytes buf = p;
    ASSERT_EQ(x.encrypt(Tw(tweak), buf, buf), Status::kOk);
    ASSERT_EQ(ToHex(buf), ToHex(want));
    ASSERT_EQ(x.decrypt(Tw(tweak), buf, buf), Status::kOk);
    ASSERT_EQ(ToHex(buf), ToHex(p));
  }
}

// The multi-block ECB entry of every row against its own single-block
// functions, for every count across the rows' batch sizes (2, 4, 8, 16, 32),
// in place and out of place, all key sizes. Every row must provide it.
TEST_P(XtsTest, EcbEntryMatchesSingleBlocks) {
  const AesRow* row = GetParam();
  ASSERT_NE(row->ecb_encrypt, nullptr) << row->name;
  const ctcrypto::internal::AesDecryptRow* drow =
      ctcrypto::internal::aes_decrypt_row_of(row);
  ASSERT_NE(drow, nullptr) << row->name;
  ASSERT_NE(drow->ecb_decrypt, nullptr) << row->name;
  std::mt19937 rng(TestSeed() + 7);
  for (size_t key_len : {16u, 24u, 32u}) {
    AesKey k;
    ASSERT_TRUE(InitAesKey(&k, RandomBytes(rng, key_len), row));
    for (size_t blocks = 0; blocks <= 70; ++blocks) {
      SCOPED_TRACE(testing::Message() << key_len << " " << blocks);
      Bytes in = RandomBytes(rng, 16 * blocks);
      Bytes want_e(16 * blocks), want_d(16 * blocks);
      for (size_t i = 0; i < blocks; ++i) {
        k.encrypt_block(&in[16 * i], &want_e[16 * i]);
        k.decrypt_block(&in[16 * i], &want_d[16 * i]);
      }
      AlignedBuffer out(16 * blocks, 1 + blocks % 5);
      row->ecb_encrypt(&ctcrypto::internal::key_state(k), in.data(), out.data(),
                       blocks);
      EXPECT_EQ(ToHex(out.cspan()), ToHex(want_e));
      EXPECT_TRUE(out.GuardsIntact());
      drow->ecb_decrypt(&ctcrypto::internal::key_state(k), in.data(), out.data(),
                       blocks);
      EXPECT_EQ(ToHex(out.cspan()), ToHex(want_d));
      EXPECT_TRUE(out.GuardsIntact());
      Bytes buf = in;
      row->ecb_encrypt(&ctcrypto::internal::key_state(k), buf.data(),
                       buf.data(), blocks);
      EXPECT_EQ(ToHex(buf), ToHex(want_e));
      buf = in;
      drow->ecb_decrypt(&ctcrypto::internal::key_state(k), buf.data(),
                       buf.data(), blocks);
      EXPECT_EQ(ToHex(buf), ToHex(want_d));
    }
  }
}

TEST_P(XtsTest, SectorTweak) {
  uint8_t t[16];
  ctcrypto::xts_tweak_from_sector(0x0102030405060708ull,
                                  std::span<uint8_t, 16>(t));
  EXPECT_EQ(ToHex(t), "08070605040302010000000000000000");
}

TEST_P(XtsTest, Misuse) {
  AesXts x;
  const Bytes tweak(16, 9);
  Bytes in(64, 1), out(64, 0xcc);
  EXPECT_FALSE(x.initialized());
  EXPECT_EQ(x.encrypt(Tw(tweak), in, out), Status::kNotInitialized);
  EXPECT_EQ(x.decrypt(Tw(tweak), in, out), Status::kNotInitialized);
  // Key lengths: only 32 and 64.
  for (size_t len : {0u, 16u, 24u, 31u, 33u, 48u, 63u, 65u}) {
    Bytes key(len, 0);
    for (size_t i = 0; i < len; ++i) key[i] = static_cast<uint8_t>(i);
    EXPECT_EQ(ctcrypto::internal::init_with_rows(x, key, GetParam()),
              Status::kInvalidKeyLength)
        << len;
  }
  // Key1 == Key2 (IEEE 1619's first Annex B vector has all-zero keys).
  for (size_t len : {32u, 64u}) {
    EXPECT_EQ(ctcrypto::internal::init_with_rows(x, Bytes(len, 0), GetParam()),
              Status::kInvalidArgument);
    Bytes key(len, 0x5a);
    EXPECT_EQ(ctcrypto::internal::init_with_rows(x, key, GetParam()),
              Status::kInvalidArgument);
    key[len - 1] ^= 1;  // differ in one bit: accepted
    EXPECT_EQ(ctcrypto::internal::init_with_rows(x, key, GetParam()),
              Status::kOk);
  }
  Bytes distinct(32);
  for (size_t i = 0; i < 32; ++i) distinct[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(ctcrypto::internal::init_with_rows(x, distinct, nullptr),
            Status::kUnsupported);
  EXPECT_FALSE(x.initialized());
  Bytes key(32);
  for (size_t i = 0; i < 32; ++i) key[i] = static_cast<uint8_t>(i);
  ASSERT_TRUE(InitXts(&x, key, GetParam()));
  // Lengths.
  for (size_t len : {0u, 1u, 15u}) {
    EXPECT_EQ(x.encrypt(Tw(tweak), std::span<const uint8_t>(in.data(), len), out),
              Status::kInvalidLength);
    EXPECT_EQ(x.decrypt(Tw(tweak), std::span<const uint8_t>(in.data(), len), out),
              Status::kInvalidLength);
  }
  EXPECT_EQ(x.encrypt(Tw(tweak), in, std::span<uint8_t>(out.data(), 63)),
            Status::kOutputTooSmall);
  EXPECT_EQ(x.encrypt(Tw(tweak),
                      std::span<const uint8_t>(in.data(), ctcrypto::kXtsMaxDataUnit + 16),
                      out),
            Status::kMessageTooLong);
  EXPECT_EQ(out, Bytes(64, 0xcc));  // nothing written
  Bytes buf(80, 2);
  EXPECT_EQ(x.encrypt(Tw(tweak), std::span<const uint8_t>(buf.data(), 32),
                      std::span<uint8_t>(buf.data() + 1, 32)),
            Status::kOverlappingBuffers);
  EXPECT_EQ(x.encrypt(Tw(tweak), std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), 32), out),
            Status::kInvalidArgument);
  // clear() wipes and uninitialises.
  x.clear();
  EXPECT_FALSE(x.initialized());
  EXPECT_EQ(x.encrypt(Tw(tweak), in, out), Status::kNotInitialized);
  const uint8_t* raw = reinterpret_cast<const uint8_t*>(&x.data_key());
  EXPECT_EQ(Bytes(raw, raw + sizeof(AesKey)), Bytes(sizeof(AesKey), 0));
}

CTCRYPTO_INSTANTIATE_AES_ROWS(XtsTest);

}  // namespace
}  // namespace ctcrypto_test
