// api_misuse_test.cc: bad input to every public function.
//
// Null/empty spans where they are allowed, null pointers with a length,
// overlapping buffers that are not exactly in place (kOverlappingBuffers),
// lengths at GCM's counter limit (2^32 - 2 blocks of plaintext, refused
// beyond it with kMessageTooLong), tag lengths out of range, outputs too
// small, keys never initialised. Every refusal must leave the output
// untouched (the functions check all arguments before the first write);
// this is checked with canary bytes.
//
// The length-limit tests pass spans whose size() is far larger than the
// buffer behind them. That is sound only because the library refuses such
// lengths before touching any memory (crypto/modes/gcm.cc checks lengths
// first, then output size, then overlap, and only then reads or writes);
// ASan would catch it otherwise. The GCM counter-limit test needs a 64-bit
// size_t (skipped on armv7); the lengths-near-SIZE_MAX tests run everywhere.
// A span whose end wraps the address space or that is larger than
// PTRDIFF_MAX cannot be memory: every entry point refuses it with
// kInvalidArgument after its other checks (crypto/internal.h, addressable).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <vector>

#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

constexpr uint8_t kCanary = 0xa5;

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(seed + i * 7);
  return v;
}

bool all_equal(std::span<const uint8_t> s, uint8_t v) {
  for (uint8_t b : s)
    if (b != v) return false;
  return true;
}

class MisuseTest : public testing::Test {
 protected:
  void SetUp() override {
    key_bytes_ = pattern(32, 1);
    ASSERT_EQ(key_.init(std::span(key_bytes_).first(16)), Status::kOk);
    ASSERT_EQ(gcm_.init(std::span(key_bytes_).first(16)), Status::kOk);
    counter_ = {};
    iv_ = {};
  }
  std::span<const uint8_t, 16> ctr() {
    return std::span<const uint8_t, 16>(counter_);
  }
  std::span<uint8_t, 16> iv() { return std::span<uint8_t, 16>(iv_); }

  std::vector<uint8_t> key_bytes_;
  AesKey key_;
  AesGcm gcm_;
  std::array<uint8_t, 16> counter_{};
  std::array<uint8_t, 16> iv_{};
  std::array<uint8_t, 12> nonce_{};
};

// --- keys ------------------------------------------------------------------

TEST_F(MisuseTest, KeyLengths) {
  for (size_t len : {0, 1, 15, 17, 23, 25, 31, 33, 64}) {
    std::vector<uint8_t> k = pattern(len ? len : 1, 3);
    AesKey key;
    EXPECT_EQ(key.init(std::span(k.data(), len)), Status::kInvalidKeyLength)
        << len;
    EXPECT_FALSE(key.initialized());
    AesGcm gcm;
    EXPECT_EQ(gcm.init(std::span(k.data(), len)), Status::kInvalidKeyLength)
        << len;
    EXPECT_FALSE(gcm.initialized());
  }
  AesKey key;
  EXPECT_EQ(ctcrypto::internal::init_with_rows(
                key, std::span(key_bytes_).first(16), nullptr),
            Status::kUnsupported);
  EXPECT_FALSE(key.initialized());
}

TEST_F(MisuseTest, NotInitialised) {
  AesKey key;
  AesGcm gcm;
  std::vector<uint8_t> in(32, 1), out(48, kCanary);
  EXPECT_EQ(ctcrypto::aes_ctr32(key, ctr(), in, out), Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_ctr128(key, ctr(), in, out), Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key, iv(), in, out),
            Status::kNotInitialized);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key, iv(), in, out),
            Status::kNotInitialized);
  size_t n = 0;
  EXPECT_EQ(gcm.seal(out, &n, nonce_, in, {}), Status::kNotInitialized);
  EXPECT_EQ(gcm.open(out, &n, nonce_, in, {}), Status::kNotInitialized);
  EXPECT_TRUE(all_equal(out, kCanary));
  // Single blocks on an uninitialised key do nothing.
  uint8_t block[16];
  std::memset(block, kCanary, 16);
  key.encrypt_block(block, block);
  key.decrypt_block(block, block);
  EXPECT_TRUE(all_equal(block, kCanary));
  // A failed re-init leaves the object uninitialised.
  AesGcm g2;
  ASSERT_EQ(g2.init(std::span(key_bytes_).first(16)), Status::kOk);
  EXPECT_EQ(g2.init(std::span(key_bytes_).first(16), 11),
            Status::kInvalidTagLength);
  EXPECT_FALSE(g2.initialized());
  EXPECT_EQ(g2.seal(out, &n, nonce_, in, {}), Status::kNotInitialized);
}

// --- empty spans -------------------------------------------------------------

TEST_F(MisuseTest, EmptySpansAreAllowed) {
  std::span<const uint8_t> none;
  std::span<uint8_t> none_out;
  EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), none, none_out), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), none, none_out), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), none, none_out), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), none, none_out), Status::kOk);

  // GCM: empty plaintext and AD (null data) seal to a bare tag and open.
  std::array<uint8_t, 16> sealed;
  size_t n = 0;
  ASSERT_EQ(gcm_.seal(sealed, &n, nonce_, none, none), Status::kOk);
  EXPECT_EQ(n, 16u);
  EXPECT_EQ(gcm_.open(none_out, &n, nonce_, sealed, none), Status::kOk);
  EXPECT_EQ(n, 0u);
  // Detached forms, empty everything but the tag; out_len may be null.
  std::array<uint8_t, 16> tag;
  EXPECT_EQ(gcm_.seal_detached(none_out, tag, nonce_, none, none), Status::kOk);
  EXPECT_EQ(tag, sealed);
  EXPECT_EQ(gcm_.open_detached(none_out, nonce_, none, tag, none), Status::kOk);
  EXPECT_EQ(gcm_.seal(sealed, nullptr, nonce_, none, none), Status::kOk);
  // A bad tag on an empty message is still refused.
  tag[0] ^= 1;
  EXPECT_EQ(gcm_.open_detached(none_out, nonce_, none, tag, none),
            Status::kAuthenticationFailed);
  // Streaming GHASH over nothing.
  ctcrypto::Ghash g(gcm_.ghash_key());
  g.update(none);
  std::array<uint8_t, 16> acc;
  g.finish(acc);
  EXPECT_TRUE(all_equal(acc, 0));
}

TEST_F(MisuseTest, EmptyNonceRefused) {
  std::vector<uint8_t> in(16, 1), out(32, kCanary);
  size_t n = 0;
  EXPECT_EQ(gcm_.seal(out, &n, {}, in, {}), Status::kInvalidNonceLength);
  EXPECT_EQ(gcm_.open(out, &n, {}, out, {}), Status::kInvalidNonceLength);
  EXPECT_TRUE(all_equal(out, kCanary));
}

TEST_F(MisuseTest, CApiNullWithLength) {
  ctcrypto_aes_key k;
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key_bytes_.data(), 16), CTCRYPTO_OK);
  uint8_t buf[32] = {};
  const int kInvalid = static_cast<int>(Status::kInvalidArgument);
  EXPECT_EQ(ctcrypto_aes_key_init(&k, nullptr, 16), kInvalid);
  ASSERT_EQ(ctcrypto_aes_key_init(&k, key_bytes_.data(), 16), CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, counter_.data(), nullptr, buf, 16), kInvalid);
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, counter_.data(), buf, nullptr, 16), kInvalid);
  EXPECT_EQ(ctcrypto_aes_ctr32(&k, counter_.data(), nullptr, nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_cbc_encrypt(&k, iv_.data(), nullptr, buf, 16),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_cbc_decrypt(&k, iv_.data(), buf, nullptr, 16),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_cbc_decrypt(&k, iv_.data(), nullptr, nullptr, 0),
            CTCRYPTO_OK);

  ctcrypto_aes_gcm g;
  ASSERT_EQ(ctcrypto_aes_gcm_init(&g, key_bytes_.data(), 16, 16), CTCRYPTO_OK);
  size_t n = 0;
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, buf, &n, sizeof(buf), nonce_.data(), 12,
                                  nullptr, 5, nullptr, 0),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, buf, &n, sizeof(buf), nullptr, 12,
                                  buf, 0, nullptr, 0),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, buf, &n, sizeof(buf), nonce_.data(), 12,
                                  nullptr, 0, nullptr, 3),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, buf, nullptr, sizeof(buf), nonce_.data(),
                                  12, nullptr, 0, nullptr, 0),
            kInvalid);
  EXPECT_EQ(ctcrypto_aes_gcm_seal(&g, nullptr, &n, 16, nonce_.data(), 12,
                                  nullptr, 0, nullptr, 0),
            kInvalid);
  ASSERT_EQ(ctcrypto_aes_gcm_seal(&g, buf, &n, sizeof(buf), nonce_.data(), 12,
                                  nullptr, 0, nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(n, 16u);
  EXPECT_EQ(ctcrypto_aes_gcm_open(&g, nullptr, &n, 0, nonce_.data(), 12, buf,
                                  16, nullptr, 0),
            CTCRYPTO_OK);
  EXPECT_EQ(ctcrypto_aes_gcm_open(&g, nullptr, &n, 0, nonce_.data(), 12,
                                  nullptr, 16, nullptr, 0),
            kInvalid);
}

// --- overlapping buffers -----------------------------------------------------

// Offsets of out relative to in that overlap without being equal.
constexpr std::ptrdiff_t kBadOffsets[] = {-17, -16, -1, 1, 15, 16, 31};

TEST_F(MisuseTest, CtrCbcOverlapRefused) {
  for (std::ptrdiff_t off : kBadOffsets) {
    std::vector<uint8_t> buf = pattern(160, 9);
    const std::vector<uint8_t> orig = buf;
    std::span<uint8_t> in(buf.data() + 64, 64);
    std::span<uint8_t> out(buf.data() + 64 + off, 64);
    EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), in, out),
              Status::kOverlappingBuffers)
        << off;
    EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), in, out),
              Status::kOverlappingBuffers)
        << off;
    EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), in, out),
              Status::kOverlappingBuffers)
        << off;
    EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), in, out),
              Status::kOverlappingBuffers)
        << off;
    EXPECT_EQ(buf, orig) << "written despite refusal, offset " << off;
    EXPECT_TRUE(all_equal(iv_, 0));
  }
  // Exactly in place, and adjacent (touching, not overlapping), are fine.
  std::vector<uint8_t> buf = pattern(128, 9);
  std::span<uint8_t> a(buf.data(), 64), b(buf.data() + 64, 64);
  EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), a, a), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), a, b), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), b, a), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), a, a), Status::kOk);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), a, b), Status::kOk);
}

TEST_F(MisuseTest, GcmOverlapRefused) {
  size_t n = 0;
  for (std::ptrdiff_t off : kBadOffsets) {
    std::vector<uint8_t> buf = pattern(256, 5);
    const std::vector<uint8_t> orig = buf;
    std::span<const uint8_t> in(buf.data() + 96, 48);
    std::span<uint8_t> out(buf.data() + 96 + off, 48 + 16);
    EXPECT_EQ(gcm_.seal(out, &n, nonce_, in, {}), Status::kOverlappingBuffers)
        << off;
    std::span<const uint8_t> sealed(buf.data() + 96, 48 + 16);
    EXPECT_EQ(gcm_.open(out.first(48), &n, nonce_, sealed, {}),
              Status::kOverlappingBuffers)
        << off;
    EXPECT_EQ(buf, orig) << "written despite refusal, offset " << off;
  }
  std::vector<uint8_t> buf = pattern(256, 5);
  const std::vector<uint8_t> orig = buf;
  std::span<uint8_t> msg(buf.data(), 48), out(buf.data() + 100, 48);
  // Tag overlapping the ciphertext output, or equal to it.
  std::span<uint8_t> tag_in_out(buf.data() + 100 + 40, 16);
  EXPECT_EQ(gcm_.seal_detached(out, tag_in_out, nonce_, msg, {}),
            Status::kOverlappingBuffers);
  EXPECT_EQ(gcm_.seal_detached(out, out.first(16), nonce_, msg, {}),
            Status::kOverlappingBuffers);
  // Tag overlapping the plaintext output of open.
  EXPECT_EQ(gcm_.open_detached(out, nonce_, msg, tag_in_out, {}),
            Status::kOverlappingBuffers);
  EXPECT_EQ(buf, orig);
  // In place works.
  std::vector<uint8_t> io = pattern(64, 1);
  const std::vector<uint8_t> plain(io.begin(), io.begin() + 48);
  ASSERT_EQ(gcm_.seal(io, &n, nonce_, std::span(io).first(48), {}),
            Status::kOk);
  ASSERT_EQ(gcm_.open(std::span(io).first(48), &n, nonce_, io, {}),
            Status::kOk);
  EXPECT_TRUE(std::equal(plain.begin(), plain.end(), io.begin()));
}

// --- lengths -----------------------------------------------------------------

TEST_F(MisuseTest, CbcPartialBlockAndShortOutput) {
  std::vector<uint8_t> in(33, 1), out(48, kCanary);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), in, out),
            Status::kInvalidLength);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), in, out),
            Status::kInvalidLength);
  std::vector<uint8_t> in32(32, 1);
  EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), in32,
                                      std::span(out).first(31)),
            Status::kOutputTooSmall);
  EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), in, std::span(out).first(32)),
            Status::kOutputTooSmall);
  EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), in, std::span(out).first(32)),
            Status::kOutputTooSmall);
  EXPECT_TRUE(all_equal(out, kCanary));
  EXPECT_TRUE(all_equal(iv_, 0));
}

TEST_F(MisuseTest, GcmShortBuffers) {
  std::vector<uint8_t> in(40, 1), out(80, kCanary);
  size_t n = 7;
  EXPECT_EQ(gcm_.seal(std::span(out).first(40 + 15), &n, nonce_, in, {}),
            Status::kOutputTooSmall);
  EXPECT_EQ(gcm_.seal_detached(std::span(out).first(39),
                               std::span(out).subspan(60, 16), nonce_, in, {}),
            Status::kOutputTooSmall);
  std::vector<uint8_t> sealed(56, 3);
  EXPECT_EQ(gcm_.open(std::span(out).first(39), &n, nonce_, sealed, {}),
            Status::kOutputTooSmall);
  // Shorter than a tag: an authentication failure, nothing written.
  EXPECT_EQ(gcm_.open(out, &n, nonce_, std::span(sealed).first(15), {}),
            Status::kAuthenticationFailed);
  EXPECT_TRUE(all_equal(out, kCanary));
  EXPECT_EQ(n, 7u);
}

TEST_F(MisuseTest, TagLengthsOutOfRange) {
  for (size_t t : {0, 1, 4, 8, 11, 17, 32, 1000}) {
    AesGcm g;
    EXPECT_EQ(g.init(std::span(key_bytes_).first(16), t),
              Status::kInvalidTagLength)
        << t;
    EXPECT_FALSE(g.initialized());
    ctcrypto_aes_gcm cg;
    EXPECT_EQ(ctcrypto_aes_gcm_init(&cg, key_bytes_.data(), 16, t),
              static_cast<int>(Status::kInvalidTagLength));
  }
  for (size_t t = ctcrypto::kGcmMinTagLen; t <= ctcrypto::kGcmTagLen; ++t) {
    AesGcm g;
    ASSERT_EQ(g.init(std::span(key_bytes_).first(16), t), Status::kOk) << t;
    EXPECT_EQ(g.tag_len(), t);
    // The detached forms want exactly the key's tag length.
    std::vector<uint8_t> in(20, 1), out(20, kCanary), tag(17, kCanary);
    for (size_t wrong : {t - 1, t + 1}) {
      EXPECT_EQ(g.seal_detached(out, std::span(tag).first(wrong), nonce_, in,
                                {}),
                Status::kInvalidTagLength);
      EXPECT_EQ(g.open_detached(out, nonce_, in, std::span(tag).first(wrong),
                                {}),
                Status::kInvalidTagLength);
    }
    EXPECT_TRUE(all_equal(out, kCanary));
    EXPECT_TRUE(all_equal(tag, kCanary));
  }
}

// Lengths near SIZE_MAX over small buffers, on every target (on armv7 these
// are the lengths just below 2^32 where `len + tag_len` and `ptr + len`
// wrap). Every call must refuse with a length status before reading or
// writing: the spans are far larger than the 64-byte buffers behind them,
// so a check that wrapped would run off the buffer (and is caught here by
// a crash, the canaries, or ASan).
TEST_F(MisuseTest, HugeLengthsRefusedBeforeAnyWrite) {
  std::vector<uint8_t> a(64, kCanary), b(64, kCanary);
  const std::vector<uint8_t> orig = a;
  // On 64-bit targets GCM's message limit refuses first.
  const Status gcm_huge = sizeof(size_t) < 8 ? Status::kOutputTooSmall
                                             : Status::kMessageTooLong;
  const size_t kTag = ctcrypto::kGcmTagLen;
  for (size_t l : {SIZE_MAX, SIZE_MAX - 1, SIZE_MAX - (kTag - 1),
                   SIZE_MAX - kTag, SIZE_MAX - kTag - 1, SIZE_MAX / 2 + 1,
                   SIZE_MAX - 255}) {
    SCOPED_TRACE(l);
    size_t n = 9;
    std::span<const uint8_t> huge_in(b.data(), l);
    // Output span as large as the input: `in + tag` wraps to a small value
    // that a wrapping check would accept.
    std::span<uint8_t> huge_out(a.data(), l);
    EXPECT_EQ(gcm_.seal(huge_out, &n, nonce_, huge_in, {}), gcm_huge);
    EXPECT_EQ(gcm_.seal(a, &n, nonce_, huge_in, {}), gcm_huge);
    EXPECT_EQ(gcm_.seal_detached(a, std::span(b).first(kTag), nonce_,
                                 huge_in, {}),
              gcm_huge);
    // open() compares the output size with in.size() - tag first.
    EXPECT_EQ(gcm_.open(a, &n, nonce_, huge_in, {}), Status::kOutputTooSmall);
    EXPECT_EQ(gcm_.open_detached(a, nonce_, huge_in,
                                 std::span(b).first(kTag), {}),
              gcm_huge);
    // CTR / CBC: output too small.
    EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), huge_in, a),
              Status::kOutputTooSmall);
    EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), huge_in, a),
              Status::kOutputTooSmall);
    EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), huge_in, a),
              Status::kOutputTooSmall);
    EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), huge_in, a),
              Status::kOutputTooSmall);
    // Equal huge sizes one block apart in the same buffer: `ptr + len`
    // wraps, and an overlap test written with end addresses would call
    // them disjoint.
    std::span<const uint8_t> shifted_in(a.data() + 16, l);
    EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), shifted_in, huge_out),
              Status::kOverlappingBuffers);
    EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), shifted_in, huge_out),
              Status::kOverlappingBuffers);
    // The C API, same lengths.
    ctcrypto_aes_gcm cg;
    ASSERT_EQ(ctcrypto_aes_gcm_init(&cg, key_bytes_.data(), 16, 16), 0);
    EXPECT_EQ(ctcrypto_aes_gcm_seal(&cg, a.data(), &n, l, nonce_.data(), 12,
                                    b.data(), l, nullptr, 0),
              static_cast<int>(gcm_huge));
    EXPECT_EQ(ctcrypto_aes_gcm_seal(&cg, a.data(), &n, a.size(), nonce_.data(),
                                    12, b.data(), l, nullptr, 0),
              static_cast<int>(gcm_huge));
    EXPECT_EQ(ctcrypto_aes_gcm_open(&cg, a.data(), &n, a.size(), nonce_.data(),
                                    12, b.data(), l, nullptr, 0),
              static_cast<int>(Status::kOutputTooSmall));
    // TLS-CBC: over the 2^16 record limit, or not whole blocks.
    ctcrypto::TlsCbcAead tls;
    std::vector<uint8_t> tk(20 + 16, 7);
    ASSERT_EQ(tls.init(ctcrypto::TlsCbcSuite::kAes128CbcSha1, tk),
              Status::kOk);
    std::array<uint8_t, 11> ad{};
    std::array<uint8_t, 16> tiv{};
    EXPECT_EQ(tls.seal_len(l), 0u);
    EXPECT_EQ(tls.seal(huge_out, &n, tiv, huge_in, ad),
              Status::kMessageTooLong);
    EXPECT_EQ(tls.open(huge_out, &n, tiv, huge_in, ad),
              l % 16 ? Status::kInvalidLength : Status::kMessageTooLong);
    EXPECT_EQ(n, 9u);
    EXPECT_EQ(a, orig);
    EXPECT_TRUE(all_equal(b, kCanary));
  }
}

// Key wrap near SIZE_MAX: the output length (input + 8, KWP's padded input
// + 8) must not wrap to a size the small output buffer seems to hold.
TEST_F(MisuseTest, KeyWrapHugeLengthsRefusedBeforeAnyWrite) {
  std::vector<uint8_t> a(64, kCanary), b(64, kCanary);
  const std::vector<uint8_t> orig = a;
  // KWP's input limit (2^32 - 1 bytes) refuses first where size_t is wider.
  const Status kwp_huge = sizeof(size_t) < 8 ? Status::kOutputTooSmall
                                             : Status::kMessageTooLong;
  for (size_t l : {SIZE_MAX - 7, SIZE_MAX - 15, SIZE_MAX - 23, SIZE_MAX,
                   SIZE_MAX - 1, SIZE_MAX / 2 + 1}) {
    SCOPED_TRACE(l);
    size_t n = 9;
    std::span<const uint8_t> huge_in(b.data(), l);
    // KW takes whole semiblocks only.
    EXPECT_EQ(ctcrypto::aes_key_wrap(key_, huge_in, a, &n),
              l % 8 ? Status::kInvalidLength : Status::kOutputTooSmall);
    EXPECT_EQ(ctcrypto::aes_key_wrap_padded(key_, huge_in, a, &n), kwp_huge);
    EXPECT_EQ(n, 9u);
    EXPECT_EQ(a, orig);
    EXPECT_TRUE(all_equal(b, kCanary));
  }
}

// Spans that cannot be memory (their end wraps the address space, or they
// are larger than PTRDIFF_MAX: crypto/internal.h, addressable) in the one
// argument no other check bounds: CCM's and GMAC's AD, CMAC's message, an
// in-place CTR/CBC/KW buffer, an output span. Each call must refuse, with
// nothing written. Before the check CCM's CBC-MAC buffer compared
// `n_ + len` with its size: for AD of SIZE_MAX - 20 bytes the sum wrapped
// and memcpy wrote past the 128-byte stack buffer. Runs on every target
// (on armv7 these are lengths just below 2^32).
TEST_F(MisuseTest, SpansPastAddressSpaceRefused) {
  std::vector<uint8_t> a(64, kCanary), b(64, kCanary);
  const std::vector<uint8_t> orig = a;
  const std::vector<uint8_t> key32 = pattern(32, 11);
  // GCM's and GCM-SIV's AD limits (2^61, 2^36 bytes) refuse these lengths
  // first where size_t is 64 bits; on 32-bit targets the span check does.
  const bool wide = sizeof(size_t) >= 8;
  const Status gcm_ad = wide ? Status::kMessageTooLong
                             : Status::kInvalidArgument;
  const std::span<const uint8_t> small_in(b.data(), 16);
  std::array<uint8_t, 16> tag_in{};
  for (size_t l : {SIZE_MAX, SIZE_MAX - 15, SIZE_MAX - 20, SIZE_MAX - 255,
                   SIZE_MAX / 2 + 1}) {
    SCOPED_TRACE(l);
    size_t n = 9;
    const std::span<const uint8_t> huge(b.data(), l);
    const std::span<uint8_t> huge_a(a.data(), l);
    std::span<uint8_t> out = std::span(a).first(16);
    std::span<uint8_t> tag = std::span(a).subspan(32, 16);

    // CCM: huge AD under a 13-byte and a 7-byte nonce; a huge message
    // under the 7-byte nonce (q = 8: no length limit of its own), in place.
    for (size_t nl : {size_t{13}, size_t{7}}) {
      ctcrypto::AesCcm ccm;
      ASSERT_EQ(ccm.init(std::span(key_bytes_).first(16), 16, 0), Status::kOk);
      std::span<const uint8_t> nonce(key_bytes_.data(), nl);
      EXPECT_EQ(ccm.seal_detached(out, tag, nonce, small_in, huge),
                Status::kInvalidArgument);
      EXPECT_EQ(ccm.seal(a, &n, nonce, small_in, huge),
                Status::kInvalidArgument);
      EXPECT_EQ(ccm.open_detached(out, nonce, small_in, tag_in, huge),
                Status::kInvalidArgument);
      EXPECT_EQ(ccm.open(a, &n, nonce, std::span(b).first(32), huge),
                Status::kInvalidArgument);
      if (nl == 7) {
        // The tag below the message: any buffer above it overlaps a
        // message this long.
        std::vector<uint8_t> c(80, kCanary);
        std::span<uint8_t> msg(c.data() + 16, l), ctag(c.data(), 16);
        EXPECT_EQ(ccm.seal_detached(msg, ctag, nonce, msg, {}),
                  Status::kInvalidArgument);
        EXPECT_EQ(ccm.open_detached(msg, nonce, msg, ctag, {}),
                  Status::kInvalidArgument);
        EXPECT_TRUE(all_equal(c, kCanary));
      }
    }
    // GCM and GMAC: huge AD (GMAC's data) and nonce.
    EXPECT_EQ(gcm_.seal_detached(out, tag, nonce_, small_in, huge), gcm_ad);
    EXPECT_EQ(gcm_.open_detached(out, nonce_, small_in, tag_in, huge), gcm_ad);
    EXPECT_EQ(gcm_.seal(a, &n, huge, small_in, {}), gcm_ad);
    EXPECT_EQ(gcm_.seal_detached(huge_a, tag_in, nonce_, small_in, {}),
              Status::kInvalidArgument);
    ctcrypto::AesGmac gmac;
    ASSERT_EQ(gmac.init(std::span(key_bytes_).first(16)), Status::kOk);
    EXPECT_EQ(gmac.compute(tag, nonce_, huge), gcm_ad);
    EXPECT_EQ(gmac.verify(nonce_, huge, tag_in), gcm_ad);
    // GCM-SIV: huge AD; a huge output span.
    ctcrypto::AesGcmSiv siv;
    ASSERT_EQ(siv.init(std::span(key_bytes_).first(16)), Status::kOk);
    EXPECT_EQ(siv.seal_detached(out, tag, nonce_, small_in, huge), gcm_ad);
    EXPECT_EQ(siv.open_detached(out, nonce_, small_in, tag_in, huge), gcm_ad);
    EXPECT_EQ(siv.seal_detached(huge_a, std::span(b).subspan(32, 16), nonce_,
                                small_in, {}),
              Status::kInvalidArgument);
    // CMAC: one-shot and incremental.
    ctcrypto::AesCmac cmac;
    ASSERT_EQ(cmac.init(std::span(key_bytes_).first(16)), Status::kOk);
    EXPECT_EQ(cmac.mac(huge, tag), Status::kInvalidArgument);
    EXPECT_EQ(cmac.verify(huge, tag_in), Status::kInvalidArgument);
    ctcrypto::AesCmacContext ctx;
    ASSERT_EQ(ctx.init(cmac), Status::kOk);
    EXPECT_EQ(ctx.update(std::span(b).first(5)), Status::kOk);
    EXPECT_EQ(ctx.update(huge), Status::kInvalidArgument);
    // XTS: its 2^24-byte data unit limit refuses first; a huge output span
    // over a short unit is the span check's.
    ctcrypto::AesXts xts;
    ASSERT_EQ(xts.init(key32), Status::kOk);
    EXPECT_EQ(xts.encrypt(ctr(), huge, huge_a), Status::kMessageTooLong);
    EXPECT_EQ(xts.encrypt(ctr(), small_in, huge_a), Status::kInvalidArgument);
    EXPECT_EQ(xts.decrypt(ctr(), small_in, huge_a), Status::kInvalidArgument);
    // CTR / CBC / KW in place (exact aliasing passes the overlap check).
    EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), huge_a, huge_a),
              Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::aes_ctr128(key_, ctr(), huge_a, huge_a),
              Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::aes_ctr32(key_, ctr(), small_in, huge_a),
              Status::kInvalidArgument);
    // (CBC's whole-block check comes after the shared one: any l.)
    EXPECT_EQ(ctcrypto::aes_cbc_encrypt(key_, iv(), huge_a, huge_a),
              Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::aes_cbc_decrypt(key_, iv(), huge_a, huge_a),
              Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::aes_key_unwrap(key_, huge_a, huge_a, &n),
              l % 8 ? Status::kInvalidLength : Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::aes_key_wrap(key_, std::span(b).first(16), huge_a, &n),
              Status::kInvalidArgument);
    // TLS-CBC: its record limit bounds `in`; a huge output span is the span
    // check's.
    ctcrypto::TlsCbcAead tls;
    std::vector<uint8_t> tk(20 + 16, 7);
    ASSERT_EQ(tls.init(ctcrypto::TlsCbcSuite::kAes128CbcSha1, tk),
              Status::kOk);
    std::array<uint8_t, 11> ad{};
    std::array<uint8_t, 16> tiv{};
    EXPECT_EQ(tls.seal(huge_a, &n, tiv, small_in, ad),
              Status::kInvalidArgument);
    EXPECT_EQ(tls.open(huge_a, &n, tiv, std::span(b).first(48), ad),
              Status::kInvalidArgument);
    // The one-shot hash and HMAC.
    std::array<uint8_t, 64> digest{};
    EXPECT_EQ(ctcrypto::hash(ctcrypto::HashAlgorithm::kSha256, huge, digest),
              Status::kInvalidArgument);
    EXPECT_EQ(ctcrypto::hmac(ctcrypto::HashAlgorithm::kSha256,
                             std::span(b).first(16), huge, digest),
              Status::kInvalidArgument);
    EXPECT_TRUE(all_equal(digest, 0));
    EXPECT_EQ(n, 9u);
    EXPECT_EQ(a, orig);
    EXPECT_TRUE(all_equal(b, kCanary));
    EXPECT_TRUE(all_equal(iv_, 0));
  }
}

// The streaming Hash, Hmac and Ghash updates refuse what they cannot
// absorb (no key or algorithm, a null pointer with a length, a span that
// cannot be memory), absorbing nothing: the digest is the one of the data
// they accepted.
TEST_F(MisuseTest, StreamingHashUpdatesRefuse) {
  const std::vector<uint8_t> msg = pattern(100, 3), key = pattern(32, 4);
  std::vector<uint8_t> b(64, kCanary);
  const std::span<const uint8_t> null_len(static_cast<const uint8_t*>(nullptr),
                                          5);
  const std::span<const uint8_t> huge(b.data(), SIZE_MAX - 15);
  std::array<uint8_t, 64> want{}, got{};
  ASSERT_EQ(ctcrypto::hash(ctcrypto::HashAlgorithm::kSha256, msg, want),
            Status::kOk);
  ctcrypto::Hash h(ctcrypto::HashAlgorithm::kSha256);
  EXPECT_EQ(h.update(std::span(msg).first(40)), Status::kOk);
  EXPECT_EQ(h.update(null_len), Status::kInvalidArgument);
  EXPECT_EQ(h.update(huge), Status::kInvalidArgument);
  EXPECT_EQ(h.update(std::span(msg).subspan(40)), Status::kOk);
  EXPECT_EQ(h.finish(got), Status::kOk);
  EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.begin() + 32),
            std::vector<uint8_t>(want.begin(), want.begin() + 32));
  // After finish the object needs init() again.
  EXPECT_EQ(h.update(msg), Status::kNotInitialized);
  h.clear();
  EXPECT_EQ(h.update(msg), Status::kNotInitialized);

  ASSERT_EQ(ctcrypto::hmac(ctcrypto::HashAlgorithm::kSha256, key, msg, want),
            Status::kOk);
  ctcrypto::Hmac m;
  EXPECT_EQ(m.update(msg), Status::kNotInitialized);
  ASSERT_EQ(m.init(ctcrypto::HashAlgorithm::kSha256, key), Status::kOk);
  EXPECT_EQ(m.update(std::span(msg).first(70)), Status::kOk);
  EXPECT_EQ(m.update(null_len), Status::kInvalidArgument);
  EXPECT_EQ(m.update(huge), Status::kInvalidArgument);
  EXPECT_EQ(m.update(std::span(msg).subspan(70)), Status::kOk);
  got.fill(0);
  EXPECT_EQ(m.finish(got), Status::kOk);
  EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.begin() + 32),
            std::vector<uint8_t>(want.begin(), want.begin() + 32));

  std::array<uint8_t, 16> gw{}, gg{};
  ctcrypto::Ghash g1(gcm_.ghash_key()), g2(gcm_.ghash_key());
  EXPECT_EQ(g1.update(msg), Status::kOk);
  EXPECT_EQ(g1.finish(gw), Status::kOk);
  EXPECT_EQ(g2.update(std::span(msg).first(33)), Status::kOk);
  EXPECT_EQ(g2.update(null_len), Status::kInvalidArgument);
  EXPECT_EQ(g2.update(huge), Status::kInvalidArgument);
  EXPECT_EQ(g2.update(std::span(msg).subspan(33)), Status::kOk);
  EXPECT_EQ(g2.finish(gg), Status::kOk);
  EXPECT_EQ(gg, gw);
  ctcrypto::GhashKey none;
  ctcrypto::Ghash g3(none);
  EXPECT_EQ(g3.update(msg), Status::kNotInitialized);
  gg.fill(kCanary);
  EXPECT_EQ(g3.finish(gg), Status::kNotInitialized);
  EXPECT_TRUE(all_equal(gg, kCanary));
  EXPECT_TRUE(all_equal(b, kCanary));
}

// CCM's message length lives in q = 15 - nonce_len bytes: with a 13-byte
// nonce (q = 2) at most 65,535 bytes. Exactly the limit seals and opens;
// one byte more is kMessageTooLong from every form, nothing written (a
// detached form without its own check would encode the length mod 2^16).
TEST_F(MisuseTest, CcmMessageLengthLimit) {
  ctcrypto::AesCcm ccm;
  ASSERT_EQ(ccm.init(std::span(key_bytes_).first(16), 16, 13), Status::kOk);
  ASSERT_EQ(ctcrypto::ccm_max_message_len(13), 65535u);
  const std::span<const uint8_t> nonce(key_bytes_.data(), 13);
  const uint8_t ad[5] = {1, 2, 3, 4, 5};
  const std::vector<uint8_t> msg = pattern(65536, 3);
  std::vector<uint8_t> out(65536 + 16, kCanary), back(65536, kCanary);
  std::array<uint8_t, 16> tag{};
  size_t n = 9;
  // At the limit.
  const auto at = std::span(msg).first(65535);
  ASSERT_EQ(ccm.seal_detached(std::span(out).first(65535), tag, nonce, at, ad),
            Status::kOk);
  ASSERT_EQ(ccm.open_detached(back, nonce, std::span(out).first(65535), tag,
                              ad),
            Status::kOk);
  EXPECT_TRUE(std::equal(at.begin(), at.end(), back.begin()));
  ASSERT_EQ(ccm.seal(out, &n, nonce, at, ad), Status::kOk);
  EXPECT_EQ(n, 65535u + 16);
  ASSERT_EQ(ccm.open(back, &n, nonce, std::span(out).first(65535 + 16), ad),
            Status::kOk);
  EXPECT_EQ(n, 65535u);
  // One past it.
  std::fill(out.begin(), out.end(), kCanary);
  std::fill(back.begin(), back.end(), kCanary);
  std::fill(tag.begin(), tag.end(), kCanary);
  n = 9;
  EXPECT_EQ(ccm.seal_detached(std::span(out).first(65536), tag, nonce, msg, ad),
            Status::kMessageTooLong);
  EXPECT_EQ(ccm.seal(out, &n, nonce, msg, ad), Status::kMessageTooLong);
  EXPECT_EQ(ccm.open_detached(back, nonce, msg, std::span(out).last(16), ad),
            Status::kMessageTooLong);
  const std::vector<uint8_t> sealed = pattern(65536 + 16, 5);
  EXPECT_EQ(ccm.open(back, &n, nonce, sealed, ad), Status::kMessageTooLong);
  EXPECT_TRUE(all_equal(out, kCanary));
  EXPECT_TRUE(all_equal(back, kCanary));
  EXPECT_TRUE(all_equal(tag, kCanary));
  EXPECT_EQ(n, 9u);
}

// XTS: at most 2^20 blocks (2^24 bytes) per data unit (IEEE 1619 5.1).
// Exactly that is accepted; one byte more (a stolen tail) is
// kMessageTooLong with nothing written.
TEST_F(MisuseTest, XtsDataUnitLimit) {
  ctcrypto::AesXts xts;
  ASSERT_EQ(xts.init(pattern(32, 11)), Status::kOk);
  constexpr size_t kMax = size_t{1} << 24;
  static_assert(ctcrypto::kXtsMaxDataUnit == kMax);
  // One byte past the limit: refused before any byte is read or written, so
  // spans larger than their buffer are safe here (as in GcmCounterLimit);
  // this half runs on every target, the microcontrollers included.
  std::vector<uint8_t> small(64, kCanary);
  const std::span<const uint8_t> past_in(small.data(), kMax + 1);
  const std::span<uint8_t> past_out(small.data(), kMax + 1);
  EXPECT_EQ(xts.encrypt(ctr(), past_in, past_out), Status::kMessageTooLong);
  EXPECT_EQ(xts.decrypt(ctr(), past_in, past_out), Status::kMessageTooLong);
  EXPECT_TRUE(all_equal(small, kCanary));
  // Exactly at the limit: accepted, and nothing past it written. 32 MiB of
  // buffers, more than a microcontroller's RAM: there the allocation fails
  // and only this half is skipped.
  std::unique_ptr<uint8_t[]> in(new (std::nothrow) uint8_t[kMax + 1]);
  std::unique_ptr<uint8_t[]> out(new (std::nothrow) uint8_t[kMax + 1]);
  if (!in || !out) GTEST_SKIP() << "no 32 MiB for the at-the-limit half";
  std::fill(in.get(), in.get() + kMax + 1, uint8_t{7});
  std::fill(out.get(), out.get() + kMax + 1, kCanary);
  EXPECT_EQ(xts.encrypt(ctr(), std::span(in.get(), kMax),
                        std::span(out.get(), kMax)),
            Status::kOk);
  EXPECT_EQ(out[kMax], kCanary);
  EXPECT_EQ(xts.decrypt(ctr(), std::span<const uint8_t>(out.get(), kMax),
                        std::span(out.get(), kMax)),
            Status::kOk);
  EXPECT_TRUE(all_equal(std::span(out.get(), kMax), 7));
}

// GCM's counter is 32 bits: at most 2^32 - 2 blocks (2^36 - 32 bytes) per
// message, SP 800-38D. Beyond it: kMessageTooLong, refused before any byte
// is read or written (so spans larger than their buffers are safe here).
TEST_F(MisuseTest, GcmCounterLimit) {
  if constexpr (sizeof(size_t) < 8) {
    GTEST_SKIP() << "size_t cannot express 2^36 bytes on this target";
  } else {
    constexpr uint64_t kMax = ctcrypto::kGcmMaxPlaintextLen;
    static_assert(kMax == (uint64_t{1} << 36) - 32);
    std::vector<uint8_t> small(64, kCanary);
    const std::vector<uint8_t> orig = small;
    size_t n = 9;
    for (uint64_t len : {kMax + 1, kMax + 16, kMax + 32, uint64_t{1} << 36,
                         (uint64_t{1} << 36) + 1, uint64_t{1} << 40,
                         uint64_t{SIZE_MAX} / 2}) {
      size_t l = static_cast<size_t>(len);
      std::span<const uint8_t> huge_in(small.data(), l);
      std::span<uint8_t> huge_out(small.data(), l);
      std::span<uint8_t> tag(small.data() + 48, 16);
      EXPECT_EQ(gcm_.seal(huge_out, &n, nonce_, huge_in, {}),
                Status::kMessageTooLong)
          << len;
      EXPECT_EQ(gcm_.seal_detached(huge_out, tag, nonce_, huge_in, {}),
                Status::kMessageTooLong)
          << len;
      if (l + 16 > l) {
        std::span<const uint8_t> huge_sealed(small.data(), l + 16);
        EXPECT_EQ(gcm_.open(huge_out, &n, nonce_, huge_sealed, {}),
                  Status::kMessageTooLong)
            << len;
      }
      EXPECT_EQ(gcm_.open_detached(huge_out, nonce_, huge_in, tag, {}),
                Status::kMessageTooLong)
          << len;
    }
    // Exactly at the limit the length is accepted: the next check (output
    // too small) is what refuses it here, still before any write.
    std::span<const uint8_t> at_limit(small.data(), static_cast<size_t>(kMax));
    EXPECT_EQ(gcm_.seal(std::span(small).first(32), &n, nonce_, at_limit, {}),
              Status::kOutputTooSmall);
    EXPECT_EQ(gcm_.open_detached(std::span(small).first(32), nonce_, at_limit,
                                 std::span(small).subspan(48, 16), {}),
              Status::kOutputTooSmall);
    // AD and nonce over 2^61 bytes (2^64 bits) are refused too.
    std::span<const uint8_t> huge_ad(small.data(),
                                     static_cast<size_t>(uint64_t{1} << 61));
    EXPECT_EQ(gcm_.seal(small, &n, nonce_, {}, huge_ad),
              Status::kMessageTooLong);
    EXPECT_EQ(gcm_.seal(small, &n, huge_ad, {}, {}), Status::kMessageTooLong);
    EXPECT_EQ(small, orig);
    EXPECT_EQ(n, 9u);
  }
}

}  // namespace
