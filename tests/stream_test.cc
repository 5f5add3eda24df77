// stream_test.cc: the streaming AEAD forms (AesGcmStream and AesGmacContext
// on every usable AES x GHASH row pair, AesCcmStream on every usable AES
// row) against the one-shot calls (seal_detached / open_detached,
// AesGmac::compute / verify) of the same key, byte for byte:
//   - messages of 0..600 bytes and a few KiB, AD chunked too, under seeded
//     random chunkings (0-byte chunks, 1-byte chunks, chunks straddling
//     blocks, whole blocks, one chunk, mixtures); after every update the
//     bytes of that chunk must already be the one-shot's and the bytes past
//     it untouched (nothing held back, nothing written ahead);
//   - GCM nonce lengths 12 and others, a 32-bit counter wrap inside a
//     streamed message; CCM every nonce length 7..13 and tag length, the
//     AD length encodings, the longest message of a 13-byte nonce;
//   - in place and out of place, sealing and opening; verify() of a
//     flipped tag bit (and of a flipped ciphertext bit) is refused;
//   - misuse, as the header comments state it (ctcrypto/aead.h, ccm.h,
//     gmac.h; ctcrypto.h: a refusal leaves the stream as it was), each with
//     its exact Status, nothing written to the output, and the message
//     then completed to the one-shot answer;
//   - a copy of a stream forks the message.
// The data limits (GCM data past kGcmMaxPlaintextLen, AD reaching 2^61
// bytes) are tested as api_misuse_test does for one-shot GCM: with spans
// that claim the length but are never dereferenced, in place, because the
// length check comes before any access (64-bit targets only).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/gmac.h"
#include "tests/reference.h"
#include "tests/rows.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesCcm;
using ctcrypto::AesCcmStream;
using ctcrypto::AesGcm;
using ctcrypto::AesGcmStream;
using ctcrypto::AesGmac;
using ctcrypto::AesGmacContext;
using ctcrypto::Status;

// The bare-metal configs (Cortex-M under qemu-system-arm, 16 MiB of RAM)
// leave out the 16 KiB message.
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
constexpr bool kMcu = true;
#else
constexpr bool kMcu = false;
#endif

constexpr uint8_t kSentinel = 0xd7;

std::span<const uint8_t> Sub(const Bytes& b, size_t off, size_t n) {
  return std::span<const uint8_t>(b.data() + off, n);
}
std::span<uint8_t> Sub(Bytes& b, size_t off, size_t n) {
  return std::span<uint8_t>(b.data() + off, n);
}
std::span<const uint8_t> NullSpan(size_t n) {
  return std::span<const uint8_t>(static_cast<const uint8_t*>(nullptr), n);
}
std::span<uint8_t> NullOut(size_t n) {
  return std::span<uint8_t>(static_cast<uint8_t*>(nullptr), n);
}
bool All(const Bytes& b, uint8_t v) {
  return std::all_of(b.begin(), b.end(), [v](uint8_t x) { return x == v; });
}
Bytes Concat(const Bytes& a, const Bytes& b) {
  Bytes v = a;
  v.insert(v.end(), b.begin(), b.end());
  return v;
}
// FirstDiff: the first index where a and b differ in [0, n).
size_t FirstDiff(const uint8_t* a, const uint8_t* b, size_t n) {
  size_t i = 0;
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// --- Chunkings -----------------------------------------------------------------

enum Cut {
  kWhole,        // one chunk (of 0 bytes for an empty input)
  kBytes,        // 1-byte chunks
  kZeros,        // 0-byte chunks before, between and after random ones
  kStraddle,     // 15, 17, 31, 33, ...: every seam falls inside a block
  kBlocks,       // random multiples of 16
  kSmallRandom,  // random 0..64
  kMixed,        // random sizes around 1, 16, 32, 48, 64, 128, 256, 512, 1024
  kOneThenRest,  // 1..15 bytes, then everything else (misaligned bulk)
  kBatches,      // multiples of 128 bytes up to 2 KiB, now and then one
                 // 16 * k + r: consecutive whole kernel batches, so a seal
                 // stream's carried batch (CTCRYPTO_GCM_STREAM_CARRY_SIZE)
                 // meets the next chunk's
  kCutCount,
};

const char* CutName(int c) {
  static const char* const kNames[] = {"whole",  "bytes",  "zeros",
                                       "straddle", "blocks", "small-random",
                                       "mixed",  "one-then-rest",
                                       "batches"};
  return c >= 0 && c < kCutCount ? kNames[c] : "?";
}

// Cuts: chunk sizes summing to n.
std::vector<size_t> Cuts(size_t n, int how, std::mt19937& rng) {
  std::vector<size_t> v;
  size_t left = n;
  auto take = [&](size_t c) {
    c = std::min(c, left);
    v.push_back(c);
    left -= c;
  };
  switch (how) {
    case kWhole:
      take(n);
      break;
    case kBytes:
      while (left) take(1);
      break;
    case kZeros:
      v.push_back(0);
      while (left) {
        take(1 + rng() % 40);
        v.push_back(0);
      }
      break;
    case kStraddle: {
      static const size_t kSizes[] = {15, 17, 31, 33};
      // A while loop: clang's -Wfor-loop-analysis does not see take()
      // change `left`.
      size_t i = rng() % 4;
      while (left) take(kSizes[i++ % 4]);
      break;
    }
    case kBlocks:
      while (left) take(16 * (1 + rng() % 8));
      break;
    case kSmallRandom:
      while (left) take(rng() % 65);
      break;
    case kMixed: {
      static const size_t kSizes[] = {0,   1,   2,   3,   15,  16,  17,
                                      31,  32,  33,  47,  48,  49,  63,
                                      64,  65,  127, 128, 129, 255, 256,
                                      257, 511, 512, 513, 1024};
      while (left) take(kSizes[rng() % (sizeof(kSizes) / sizeof(kSizes[0]))]);
      break;
    }
    case kOneThenRest:
      take(1 + rng() % 15);
      if (left) take(left);
      break;
    case kBatches:
      while (left) {
        take(rng() % 5 == 0 ? 16 * (1 + rng() % 40) + rng() % 16
                            : 128 * (1 + rng() % 16));
      }
      break;
  }
  return v;
}

std::string CutsText(const std::vector<size_t>& v) {
  std::string s;
  for (size_t i = 0; i < v.size() && i < 24; ++i)
    s += (i ? "," : "") + std::to_string(v[i]);
  if (v.size() > 24) s += ",... (" + std::to_string(v.size()) + " chunks)";
  return s;
}

// --- The harness -----------------------------------------------------------------

// Sealed: the one-shot answer.
struct Sealed {
  Bytes ct, tag;
};

// How a message is fed.
struct Feed {
  std::vector<size_t> ad_cuts, data_cuts;
  bool in_place = false;
  // slack: out of place, each update's out span runs to the end of the
  // buffer (larger than in; only in.size() bytes may be written).
  bool slack = false;
};

// How far past a chunk the "nothing written ahead" check looks (a kernel's
// batch is at most 32 blocks).
constexpr size_t kLookAhead = 512;

// Direction-independent run of one stream: start() has been called on s;
// feeds AD and data as `feed` says, `in` -> `want_out`, checking after
// every update that its chunk is final and nothing past it written.
// Leaves the stream ready for finish/verify.
template <typename Stream>
testing::AssertionResult FeedStream(Stream& s, const Bytes& ad,
                                    const Bytes& in, const Bytes& want_out,
                                    const Feed& feed, Bytes* result) {
  if (!s.initialized())
    return testing::AssertionFailure() << "not initialized after start";
  size_t off = 0;
  for (size_t c : feed.ad_cuts) {
    if (off + c > ad.size())
      return testing::AssertionFailure() << "test bug: AD cuts";
    Status st = s.update_ad(Sub(ad, off, c));
    if (st != Status::kOk)
      return testing::AssertionFailure()
             << "update_ad of " << c << " bytes at " << off << ": "
             << ctcrypto::status_string(st);
    off += c;
  }
  if (off != ad.size())
    return testing::AssertionFailure() << "test bug: AD cuts sum " << off;
  Bytes& buf = *result;
  buf = feed.in_place ? in : Bytes(in.size(), kSentinel);
  off = 0;
  for (size_t c : feed.data_cuts) {
    if (off + c > in.size())
      return testing::AssertionFailure() << "test bug: data cuts";
    std::span<const uint8_t> src =
        feed.in_place ? Sub(buf, off, c) : Sub(in, off, c);
    std::span<uint8_t> dst =
        Sub(buf, off, feed.slack && !feed.in_place ? buf.size() - off : c);
    Status st = s.update(dst, src);
    if (st != Status::kOk)
      return testing::AssertionFailure()
             << "update of " << c << " bytes at " << off << ": "
             << ctcrypto::status_string(st);
    // This chunk's output is final at once ...
    size_t bad = FirstDiff(buf.data() + off, want_out.data() + off, c);
    if (bad != c)
      return testing::AssertionFailure()
             << "byte " << off + bad << " differs from one-shot after the "
             << c << "-byte update at " << off;
    off += c;
    // ... and nothing past it is written.
    const size_t end = std::min(buf.size(), off + kLookAhead);
    for (size_t i = off; i < end; ++i) {
      const uint8_t orig = feed.in_place ? in[i] : kSentinel;
      if (buf[i] != orig)
        return testing::AssertionFailure()
               << "byte " << i << " written by the " << c
               << "-byte update ending at " << off;
    }
  }
  if (off != in.size())
    return testing::AssertionFailure() << "test bug: data cuts sum " << off;
  if (buf != want_out) {
    const size_t i = FirstDiff(buf.data(), want_out.data(), buf.size());
    return testing::AssertionFailure()
           << "output differs from one-shot at byte " << i
           << " (rewritten by a later update)";
  }
  return testing::AssertionSuccess();
}

// SealStream: start (by start(s, false)), feed, finish: the ciphertext and
// tag must be `want`'s; the stream ends.
template <typename Stream, typename Start>
testing::AssertionResult SealStream(Start start, size_t tag_len,
                                    const Bytes& ad, const Bytes& msg,
                                    const Feed& feed, const Sealed& want) {
  Stream s;
  Status st = start(s, false);
  if (st != Status::kOk)
    return testing::AssertionFailure()
           << "start_seal: " << ctcrypto::status_string(st);
  Bytes ct;
  testing::AssertionResult r = FeedStream(s, ad, msg, want.ct, feed, &ct);
  if (!r) return r << " (sealing)";
  Bytes tag(tag_len, kSentinel);
  st = s.finish(tag);
  if (st != Status::kOk)
    return testing::AssertionFailure()
           << "finish: " << ctcrypto::status_string(st);
  if (tag != want.tag)
    return testing::AssertionFailure() << "tag " << ToHex(tag)
                                       << ", one-shot " << ToHex(want.tag);
  if (s.initialized())
    return testing::AssertionFailure() << "initialized() after finish";
  return testing::AssertionSuccess();
}

// OpenStream: start(s, true), feed the ciphertext, then fork the stream
// (a copy): verify(want.tag) must be kOk and, on the copy, verify of the tag
// with one bit flipped kAuthenticationFailed. The plaintext must be msg as
// it is released.
template <typename Stream, typename Start>
testing::AssertionResult OpenStream(Start start, const Bytes& ad,
                                    const Bytes& msg, const Feed& feed,
                                    const Sealed& want, uint32_t flip) {
  Stream s;
  Status st = start(s, true);
  if (st != Status::kOk)
    return testing::AssertionFailure()
           << "start_open: " << ctcrypto::status_string(st);
  Bytes pt;
  testing::AssertionResult r = FeedStream(s, ad, want.ct, msg, feed, &pt);
  if (!r) return r << " (opening)";
  Stream copy = s;
  st = s.verify(want.tag);
  if (st != Status::kOk)
    return testing::AssertionFailure()
           << "verify of the one-shot tag: " << ctcrypto::status_string(st);
  if (s.initialized())
    return testing::AssertionFailure() << "initialized() after verify";
  Bytes bad = want.tag;
  bad[(flip / 8) % bad.size()] ^= static_cast<uint8_t>(1u << (flip % 8));
  st = copy.verify(bad);
  if (st != Status::kAuthenticationFailed)
    return testing::AssertionFailure()
           << "verify of a flipped tag: " << ctcrypto::status_string(st);
  if (copy.initialized())
    return testing::AssertionFailure() << "initialized() after failed verify";
  return testing::AssertionSuccess();
}

// OpenTamperedCiphertext: open a ciphertext with one flipped bit (chunked
// by `feed`): verify of the one-shot tag must fail.
template <typename Stream, typename Start>
testing::AssertionResult OpenTamperedCiphertext(Start start, const Bytes& ad,
                                                const Feed& feed,
                                                const Sealed& want,
                                                uint32_t flip) {
  if (want.ct.empty()) return testing::AssertionSuccess();
  Bytes ct = want.ct;
  ct[(flip / 8) % ct.size()] ^= static_cast<uint8_t>(1u << (flip % 8));
  Stream s;
  Status st = start(s, true);
  if (st != Status::kOk)
    return testing::AssertionFailure()
           << "start_open: " << ctcrypto::status_string(st);
  size_t off = 0;
  for (size_t c : feed.ad_cuts) {
    st = s.update_ad(Sub(ad, off, c));
    if (st != Status::kOk)
      return testing::AssertionFailure()
             << "update_ad: " << ctcrypto::status_string(st);
    off += c;
  }
  Bytes pt(ct.size(), kSentinel);
  off = 0;
  for (size_t c : feed.data_cuts) {
    st = s.update(Sub(pt, off, c), Sub(ct, off, c));
    if (st != Status::kOk)
      return testing::AssertionFailure()
             << "update: " << ctcrypto::status_string(st);
    off += c;
  }
  st = s.verify(want.tag);
  if (st != Status::kAuthenticationFailed)
    return testing::AssertionFailure()
           << "verify after a flipped ciphertext bit: "
           << ctcrypto::status_string(st);
  return testing::AssertionSuccess();
}

// --- AES-GCM ---------------------------------------------------------------------

Sealed GcmOneShot(const AesGcm& g, const Bytes& nonce, const Bytes& msg,
                  const Bytes& ad) {
  Sealed w{Bytes(msg.size(), 0), Bytes(g.tag_len(), 0)};
  Status st = g.seal_detached(w.ct, w.tag, nonce, msg, ad);
  EXPECT_EQ(st, Status::kOk) << "one-shot seal_detached";
  Bytes pt(msg.size(), 0);
  EXPECT_EQ(g.open_detached(pt, nonce, w.ct, w.tag, ad), Status::kOk)
      << "one-shot open_detached";
  EXPECT_EQ(pt, msg);
  return w;
}

struct GcmStarter {
  const AesGcm* g;
  const Bytes* nonce;
  Status operator()(AesGcmStream& s, bool open) const {
    return open ? s.start_open(*g, *nonce) : s.start_seal(*g, *nonce);
  }
};

// The messages of the chunking tests: every length 0..600, then a few long
// ones.
std::vector<size_t> ShortLengths() {
  std::vector<size_t> v;
  for (size_t n = 0; n <= 600; ++n) v.push_back(n);
  return v;
}
std::vector<size_t> LongLengths() {
  if (kMcu) return {1023, 4096, 4096 + 17};
  return {1023, 4096, 4096 + 17, 16384 + 5};
}

class GcmStreamTest : public testing::TestWithParam<GcmRows> {
 protected:
  void MakeGcm(AesGcm* g, const Bytes& key, size_t tag_len = 16) {
    ASSERT_TRUE(InitGcm(g, key, tag_len, GetParam()));
  }
};

// One message per length, each with its own chunking of AD and data (the
// chunkings rotate with the length), key size, tag length, nonce length,
// placement; sealed and opened as streams and compared with one-shot.
TEST_P(GcmStreamTest, ShortMessagesMatchOneShot) {
  std::mt19937 rng(TestSeed() + 400);
  static const size_t kNonceLens[] = {1, 8, 11, 13, 16, 17, 32, 60};
  const std::vector<size_t> lens = ShortLengths();
  for (size_t i = 0; i < lens.size(); ++i) {
    const size_t len = lens[i];
    const size_t key_len = 16 + 8 * (i % 3), tag_len = 12 + (i / 3) % 5;
    const size_t nonce_len = i % 4 == 3 ? kNonceLens[(i / 4) % 8] : 12;
    const size_t ad_len = i % 5 == 0 ? 0 : i % 23 == 0 ? 300 : rng() % 80;
    AesGcm g;
    MakeGcm(&g, RandomBytes(rng, key_len), tag_len);
    const Bytes nonce = RandomBytes(rng, nonce_len), msg = RandomBytes(rng, len),
                ad = RandomBytes(rng, ad_len);
    const Sealed want = GcmOneShot(g, nonce, msg, ad);
    const int seal_cut = static_cast<int>(i % kCutCount),
              open_cut = static_cast<int>((i + 3) % kCutCount),
              ad_cut = static_cast<int>((i / kCutCount) % kCutCount);
    Feed seal{Cuts(ad_len, ad_cut, rng), Cuts(len, seal_cut, rng), (i & 1) != 0,
              (i & 2) != 0};
    Feed open{Cuts(ad_len, (ad_cut + 1) % kCutCount, rng),
              Cuts(len, open_cut, rng), (i & 4) != 0, (i & 8) != 0};
    SCOPED_TRACE(testing::Message()
                 << "len " << len << " key " << key_len << " tag " << tag_len
                 << " nonce " << nonce_len << " ad " << ad_len << "; seal "
                 << CutName(seal_cut) << " [" << CutsText(seal.data_cuts)
                 << "] ad [" << CutsText(seal.ad_cuts) << "] in_place "
                 << seal.in_place << " slack " << seal.slack << "; open "
                 << CutName(open_cut) << " [" << CutsText(open.data_cuts)
                 << "] ad [" << CutsText(open.ad_cuts) << "] in_place "
                 << open.in_place << " slack " << open.slack);
    const GcmStarter start{&g, &nonce};
    ASSERT_TRUE(SealStream<AesGcmStream>(start, tag_len, ad, msg, seal, want));
    ASSERT_TRUE(OpenStream<AesGcmStream>(start, ad, msg, open, want,
                                         static_cast<uint32_t>(rng())));
    if (i % 7 == 0) {
      ASSERT_TRUE(OpenTamperedCiphertext<AesGcmStream>(
          start, ad, open, want, static_cast<uint32_t>(rng())));
    }
  }
}

// The long messages (the kernels' bulk loops) under every chunking.
TEST_P(GcmStreamTest, LongMessagesEveryChunking) {
  std::mt19937 rng(TestSeed() + 401);
  for (size_t len : LongLengths()) {
    AesGcm g;
    MakeGcm(&g, RandomBytes(rng, 16 + 8 * (len % 3)));
    const Bytes nonce = RandomBytes(rng, len % 2 ? 12 : 20),
                msg = RandomBytes(rng, len), ad = RandomBytes(rng, 37);
    const Sealed want = GcmOneShot(g, nonce, msg, ad);
    const GcmStarter start{&g, &nonce};
    for (int cut = 0; cut < kCutCount; ++cut) {
      Feed seal{Cuts(ad.size(), (cut + 2) % kCutCount, rng),
                Cuts(len, cut, rng), (cut & 1) != 0, (cut & 2) != 0};
      Feed open{Cuts(ad.size(), cut, rng),
                Cuts(len, (cut + 5) % kCutCount, rng), (cut & 2) != 0, false};
      SCOPED_TRACE(testing::Message()
                   << "len " << len << " nonce " << nonce.size() << " seal "
                   << CutName(cut) << " [" << CutsText(seal.data_cuts)
                   << "] in_place " << seal.in_place << "; open "
                   << CutName((cut + 5) % kCutCount) << " ["
                   << CutsText(open.data_cuts) << "] in_place "
                   << open.in_place);
      ASSERT_TRUE(SealStream<AesGcmStream>(start, 16, ad, msg, seal, want));
      ASSERT_TRUE(OpenStream<AesGcmStream>(start, ad, msg, open, want,
                                           static_cast<uint32_t>(rng())));
    }
    Feed f{{ad.size()}, Cuts(len, kStraddle, rng), false, false};
    ASSERT_TRUE(OpenTamperedCiphertext<AesGcmStream>(
        start, ad, f, want, static_cast<uint32_t>(rng())));
  }
}

// Many nonce lengths (all but 12 are hashed into J0), and AD only.
TEST_P(GcmStreamTest, NonceLengthsAndAdOnly) {
  std::mt19937 rng(TestSeed() + 402);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 32), 16);
  for (size_t nlen : {1, 2, 7, 8, 11, 12, 13, 15, 16, 17, 31, 32, 33, 64,
                      128, 257}) {
    for (size_t len : {0, 1, 16, 50, 260}) {
      const Bytes nonce = RandomBytes(rng, nlen), msg = RandomBytes(rng, len),
                  ad = RandomBytes(rng, len == 0 ? 70 : len % 21);
      const Sealed want = GcmOneShot(g, nonce, msg, ad);
      const int cut = static_cast<int>((nlen + len) % kCutCount);
      Feed f{Cuts(ad.size(), cut, rng), Cuts(len, cut, rng), (len & 1) != 0,
             false};
      SCOPED_TRACE(testing::Message() << "nonce " << nlen << " len " << len
                                      << " " << CutName(cut));
      const GcmStarter start{&g, &nonce};
      ASSERT_TRUE(SealStream<AesGcmStream>(start, 16, ad, msg, f, want));
      ASSERT_TRUE(OpenStream<AesGcmStream>(start, ad, msg, f, want,
                                           static_cast<uint32_t>(rng())));
    }
  }
}

// The 32-bit counter wraps inside a streamed message (J0's tail just below
// 2^32, from a crafted 16-byte nonce): at a chunk seam and inside a chunk.
TEST_P(GcmStreamTest, CounterWrapInsideStream) {
  std::mt19937 rng(TestSeed() + 403);
  for (const char* tail : {"ffffffff", "fffffffe", "fffffff0", "ffffffe3"}) {
    AesGcm g;
    MakeGcm(&g, RandomBytes(rng, 16));
    Block h{};
    const Block zero{};
    g.aes_key().encrypt_block(zero.data(), h.data());
    Block j0 = ToBlock(RandomBytes(rng, 16));
    const Bytes t = Hex(tail);
    std::memcpy(j0.data() + 12, t.data(), 4);
    const Bytes nonce = NonceForJ0(h, j0);
    for (size_t len : {16 * 3 + 5, 16 * 40 + 9}) {
      const Bytes msg = RandomBytes(rng, len), ad = RandomBytes(rng, 13);
      const Sealed want = GcmOneShot(g, nonce, msg, ad);
      ASSERT_EQ(ToHex(Concat(want.ct, want.tag)),
                ToHex(RefGcmSeal(g.aes_key(), nonce, msg, ad)));
      const GcmStarter start{&g, &nonce};
      for (int cut : {kBytes, kStraddle, kBlocks, kMixed, kOneThenRest}) {
        SCOPED_TRACE(testing::Message() << "J0 tail " << tail << " len " << len
                                        << " " << CutName(cut));
        Feed f{Cuts(ad.size(), cut, rng), Cuts(len, cut, rng), cut == kBlocks,
               false};
        ASSERT_TRUE(SealStream<AesGcmStream>(start, 16, ad, msg, f, want));
        ASSERT_TRUE(OpenStream<AesGcmStream>(start, ad, msg, f, want,
                                             static_cast<uint32_t>(rng())));
      }
    }
  }
}

// The harness itself: a one-shot answer with one byte changed, or a tag
// with one bit changed, must make it fail (a comparison that cannot fail
// would pass every test above).
TEST_P(GcmStreamTest, HarnessCatchesOneWrongByte) {
  std::mt19937 rng(TestSeed() + 404);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 16));
  const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 100),
              ad = RandomBytes(rng, 20);
  const Sealed want = GcmOneShot(g, nonce, msg, ad);
  const GcmStarter start{&g, &nonce};
  Feed f{Cuts(20, kStraddle, rng), Cuts(100, kStraddle, rng), false, false};
  ASSERT_TRUE(SealStream<AesGcmStream>(start, 16, ad, msg, f, want));
  for (size_t i : {size_t{0}, size_t{15}, size_t{16}, size_t{99}}) {
    Sealed wrong = want;
    wrong.ct[i] ^= 1;
    EXPECT_FALSE(SealStream<AesGcmStream>(start, 16, ad, msg, f, wrong)) << i;
    EXPECT_FALSE(OpenStream<AesGcmStream>(start, ad, msg, f, wrong, 0)) << i;
  }
  Sealed wrong = want;
  wrong.tag[15] ^= 0x80;
  EXPECT_FALSE(SealStream<AesGcmStream>(start, 16, ad, msg, f, wrong));
  EXPECT_FALSE(OpenStream<AesGcmStream>(start, ad, msg, f, wrong, 0));
  // A different message (one AD byte) under the same chunking differs.
  Bytes ad2 = ad;
  ad2[3] ^= 4;
  EXPECT_FALSE(SealStream<AesGcmStream>(start, 16, ad2, msg, f, want));
}

// Every refusal of ctcrypto/aead.h, its Status, nothing written, and the
// message then completed to the one-shot answer.
TEST_P(GcmStreamTest, MisuseRefusedWithoutOutput) {
  std::mt19937 rng(TestSeed() + 405);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 16), 16);
  const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 40),
              ad = RandomBytes(rng, 20);
  const Sealed want = GcmOneShot(g, nonce, msg, ad);
  Bytes out(40, kSentinel), tag(16, kSentinel);

  {  // Before start: every call is kNotInitialized.
    SCOPED_TRACE("before start");
    AesGcmStream s;
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.update_ad(ad), Status::kNotInitialized);
    EXPECT_EQ(s.update(out, msg), Status::kNotInitialized);
    EXPECT_EQ(s.finish(tag), Status::kNotInitialized);
    EXPECT_EQ(s.verify(want.tag), Status::kNotInitialized);
    EXPECT_TRUE(All(out, kSentinel));
    EXPECT_TRUE(All(tag, kSentinel));
  }
  {  // An uninitialised key, an empty nonce, a null nonce.
    SCOPED_TRACE("start");
    AesGcm none;
    AesGcmStream s;
    EXPECT_EQ(s.start_seal(none, nonce), Status::kNotInitialized);
    EXPECT_EQ(s.start_open(none, nonce), Status::kNotInitialized);
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.update(out, msg), Status::kNotInitialized);
    EXPECT_EQ(s.start_seal(g, {}), Status::kInvalidNonceLength);
    EXPECT_EQ(s.start_open(g, {}), Status::kInvalidNonceLength);
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.start_seal(g, NullSpan(12)), Status::kInvalidArgument);
    EXPECT_FALSE(s.initialized());
    EXPECT_TRUE(All(out, kSentinel));
  }
  {  // update_ad after update: kBadState; the AD is not taken.
    SCOPED_TRACE("AD after data");
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(Sub(ad, 0, 7)), Status::kOk);
    ASSERT_EQ(s.update_ad(Sub(ad, 7, 13)), Status::kOk);
    ASSERT_EQ(s.update(Sub(out, 0, 5), Sub(msg, 0, 5)), Status::kOk);
    EXPECT_EQ(s.update_ad(ad), Status::kBadState);
    EXPECT_EQ(s.update_ad(Sub(ad, 0, 1)), Status::kBadState);
    ASSERT_EQ(s.update(Sub(out, 5, 35), Sub(msg, 5, 35)), Status::kOk);
    EXPECT_EQ(s.update_ad(Sub(ad, 0, 16)), Status::kBadState);
    EXPECT_EQ(out, want.ct);
    ASSERT_EQ(s.finish(tag), Status::kOk);
    EXPECT_EQ(tag, want.tag);
  }
  {  // finish twice; every call after the end.
    SCOPED_TRACE("after finish");
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    Bytes o(40, kSentinel), t(16, kSentinel), t2(16, kSentinel);
    ASSERT_EQ(s.update(o, msg), Status::kOk);
    ASSERT_EQ(s.finish(t), Status::kOk);
    EXPECT_EQ(t, want.tag);
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.finish(t2), Status::kNotInitialized);
    EXPECT_TRUE(All(t2, kSentinel));
    Bytes o2(40, kSentinel);
    EXPECT_EQ(s.update(o2, msg), Status::kNotInitialized);
    EXPECT_EQ(s.update_ad(ad), Status::kNotInitialized);
    EXPECT_EQ(s.verify(want.tag), Status::kNotInitialized);
    EXPECT_TRUE(All(o2, kSentinel));
    // A finished stream starts again.
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    ASSERT_EQ(s.update(o2, msg), Status::kOk);
    ASSERT_EQ(s.finish(t2), Status::kOk);
    EXPECT_EQ(o2, want.ct);
    EXPECT_EQ(t2, want.tag);
  }
  {  // verify twice, the second after the end; also after a failed verify.
    SCOPED_TRACE("after verify");
    for (bool good : {true, false}) {
      AesGcmStream s;
      ASSERT_EQ(s.start_open(g, nonce), Status::kOk);
      ASSERT_EQ(s.update_ad(ad), Status::kOk);
      Bytes p(40, kSentinel);
      ASSERT_EQ(s.update(p, want.ct), Status::kOk);
      EXPECT_EQ(p, msg);
      Bytes t = want.tag;
      if (!good) t[0] ^= 1;
      EXPECT_EQ(s.verify(t), good ? Status::kOk : Status::kAuthenticationFailed);
      EXPECT_FALSE(s.initialized());
      EXPECT_EQ(s.verify(want.tag), Status::kNotInitialized);
      Bytes p2(40, kSentinel);
      EXPECT_EQ(s.update(p2, want.ct), Status::kNotInitialized);
      EXPECT_TRUE(All(p2, kSentinel));
    }
  }
  {  // finish on an open stream, verify on a seal stream: kBadState, and
     // the stream goes on (ctcrypto.h: a refusal leaves it as it was).
    SCOPED_TRACE("wrong direction");
    AesGcmStream s;
    ASSERT_EQ(s.start_open(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    Bytes p(40, kSentinel), t(16, kSentinel);
    ASSERT_EQ(s.update(p, want.ct), Status::kOk);
    EXPECT_EQ(s.finish(t), Status::kBadState);
    EXPECT_TRUE(All(t, kSentinel));
    EXPECT_TRUE(s.initialized());
    EXPECT_EQ(s.verify(want.tag), Status::kOk);

    AesGcmStream w;
    ASSERT_EQ(w.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(w.update_ad(ad), Status::kOk);
    Bytes o(40, kSentinel);
    ASSERT_EQ(w.update(o, msg), Status::kOk);
    EXPECT_EQ(w.verify(want.tag), Status::kBadState);
    EXPECT_TRUE(w.initialized());
    ASSERT_EQ(w.finish(t), Status::kOk);
    EXPECT_EQ(t, want.tag);
  }
  {  // A tag whose size is not the key's: kInvalidTagLength, nothing
     // written, the stream goes on.
    SCOPED_TRACE("tag length");
    AesGcm g12;
    MakeGcm(&g12, RandomBytes(rng, 24), 12);
    const Sealed want12 = GcmOneShot(g12, nonce, msg, ad);
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g12, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    Bytes o(40, kSentinel);
    ASSERT_EQ(s.update(o, msg), Status::kOk);
    for (size_t n : {0, 4, 11, 13, 16}) {
      Bytes t(n, kSentinel);
      EXPECT_EQ(s.finish(t), Status::kInvalidTagLength) << n;
      EXPECT_TRUE(All(t, kSentinel)) << n;
    }
    EXPECT_TRUE(s.initialized());
    Bytes t(12, kSentinel);
    ASSERT_EQ(s.finish(t), Status::kOk);
    EXPECT_EQ(t, want12.tag);

    AesGcmStream v;
    ASSERT_EQ(v.start_open(g12, nonce), Status::kOk);
    ASSERT_EQ(v.update_ad(ad), Status::kOk);
    ASSERT_EQ(v.update(o, want12.ct), Status::kOk);
    Bytes longer = want12.tag;
    longer.push_back(0);
    EXPECT_EQ(v.verify(Sub(want12.tag, 0, 11)), Status::kInvalidTagLength);
    EXPECT_EQ(v.verify(longer), Status::kInvalidTagLength);
    EXPECT_EQ(v.verify(want.tag), Status::kInvalidTagLength);
    EXPECT_TRUE(v.initialized());
    EXPECT_EQ(v.verify(want12.tag), Status::kOk);
  }
  {  // out too small, overlapping, null: refused, nothing written, the
     // stream goes on to the one-shot answer.
    SCOPED_TRACE("buffers");
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    EXPECT_EQ(s.update_ad(NullSpan(3)), Status::kInvalidArgument);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    Bytes buf(64, kSentinel);
    std::memcpy(buf.data() + 8, msg.data(), 40);
    const Bytes before = buf;
    EXPECT_EQ(s.update(Sub(buf, 8, 4), Sub(buf, 8, 5)),
              Status::kOutputTooSmall);
    EXPECT_EQ(s.update(Sub(buf, 9, 5), Sub(buf, 8, 5)),
              Status::kOverlappingBuffers);
    EXPECT_EQ(s.update(Sub(buf, 7, 5), Sub(buf, 8, 5)),
              Status::kOverlappingBuffers);
    EXPECT_EQ(s.update(Sub(buf, 4, 20), Sub(buf, 8, 20)),
              Status::kOverlappingBuffers);
    EXPECT_EQ(s.update(NullOut(5), Sub(msg, 0, 5)), Status::kInvalidArgument);
    EXPECT_EQ(s.update(Sub(buf, 8, 5), NullSpan(5)), Status::kInvalidArgument);
    EXPECT_EQ(buf, before);
    // Empty calls are fine, with or without pointers.
    EXPECT_EQ(s.update({}, {}), Status::kOk);
    EXPECT_EQ(s.update(Sub(buf, 0, 0), Sub(msg, 0, 0)), Status::kOk);
    // In place exactly, in two chunks, with refusals between.
    ASSERT_EQ(s.update(Sub(buf, 8, 5), Sub(buf, 8, 5)), Status::kOk);
    EXPECT_EQ(s.update(Sub(buf, 13, 34), Sub(buf, 13, 35)),
              Status::kOutputTooSmall);
    EXPECT_EQ(s.update(Sub(buf, 14, 35), Sub(buf, 13, 35)),
              Status::kOverlappingBuffers);
    ASSERT_EQ(s.update(Sub(buf, 13, 35), Sub(buf, 13, 35)), Status::kOk);
    EXPECT_EQ(Bytes(buf.begin() + 8, buf.begin() + 48), want.ct);
    EXPECT_TRUE(All(Bytes(buf.begin(), buf.begin() + 8), kSentinel));
    EXPECT_TRUE(All(Bytes(buf.begin() + 48, buf.end()), kSentinel));
    EXPECT_EQ(s.finish(NullOut(16)), Status::kInvalidArgument);
    ASSERT_EQ(s.finish(tag), Status::kOk);
    EXPECT_EQ(tag, want.tag);
  }
  {  // clear() mid-message ends it.
    SCOPED_TRACE("clear");
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    Bytes o(40, kSentinel);
    ASSERT_EQ(s.update(Sub(o, 0, 17), Sub(msg, 0, 17)), Status::kOk);
    s.clear();
    EXPECT_FALSE(s.initialized());
    Bytes o2(40, kSentinel), t(16, kSentinel);
    EXPECT_EQ(s.update(o2, msg), Status::kNotInitialized);
    EXPECT_EQ(s.finish(t), Status::kNotInitialized);
    EXPECT_TRUE(All(o2, kSentinel));
    EXPECT_TRUE(All(t, kSentinel));
  }
}

// The data and AD limits (kGcmMaxPlaintextLen; AD reaching 2^61 bytes), in
// total over the chunks: a span claiming the rest of the limit plus one
// byte is refused with kMessageTooLong before it is touched, and the stream
// stays usable. Exactly the rest of the limit is accepted by the length
// check: with an out span too short, kOutputTooSmall refuses it instead.
// The spans are never dereferenced (64-bit only: a 32-bit size_t cannot
// claim 2^36 bytes in one span, and 2^36 real bytes cannot be fed).
TEST_P(GcmStreamTest, DataAndAdLimits) {
  if constexpr (sizeof(size_t) < 8) {
    GTEST_SKIP() << "size_t cannot express the GCM limits on this target";
  } else {
    constexpr uint64_t kMax = ctcrypto::kGcmMaxPlaintextLen;
    constexpr uint64_t kAdMax = uint64_t{1} << 61;
    std::mt19937 rng(TestSeed() + 406);
    AesGcm g;
    MakeGcm(&g, RandomBytes(rng, 16));
    const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 100),
                ad = RandomBytes(rng, 10);
    const Sealed want = GcmOneShot(g, nonce, msg, ad);
    Bytes buf(256, kSentinel);
    const Bytes before = buf;
    AesGcmStream s;
    ASSERT_EQ(s.start_seal(g, nonce), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    EXPECT_EQ(s.update_ad(std::span<const uint8_t>(
                  buf.data(), static_cast<size_t>(kAdMax - 10))),
              Status::kMessageTooLong);
    EXPECT_EQ(s.update_ad(std::span<const uint8_t>(
                  buf.data(), static_cast<size_t>(kAdMax))),
              Status::kMessageTooLong);
    Bytes o(100, kSentinel);
    ASSERT_EQ(s.update(Sub(o, 0, 37), Sub(msg, 0, 37)), Status::kOk);
    for (uint64_t n : {kMax - 37 + 1, kMax - 37 + 16, kMax,
                       uint64_t{1} << 40}) {
      const std::span<uint8_t> huge(buf.data(), static_cast<size_t>(n));
      EXPECT_EQ(s.update(huge, huge), Status::kMessageTooLong) << n;
    }
    const std::span<const uint8_t> at_limit(
        buf.data(), static_cast<size_t>(kMax - 37));
    EXPECT_EQ(s.update(Sub(buf, 0, 64), at_limit), Status::kOutputTooSmall);
    EXPECT_EQ(buf, before);
    ASSERT_EQ(s.update(Sub(o, 37, 63), Sub(msg, 37, 63)), Status::kOk);
    Bytes tag(16, kSentinel);
    ASSERT_EQ(s.finish(tag), Status::kOk);
    EXPECT_EQ(o, want.ct);
    EXPECT_EQ(tag, want.tag);
  }
}

// The data limit through the test hook (internal::set_stream_data_len,
// crypto/testing/explicit_rows.h: the stream believes that many bytes went
// through), on every target: real bytes up to kGcmMaxPlaintextLen are
// taken, one more is kMessageTooLong with nothing written, in one chunk or
// after a partial block, and the stream stays usable (its tag is
// meaningless after the hook, so only the status of finish is checked).
TEST_P(GcmStreamTest, DataLimitThroughTestHook) {
  constexpr uint64_t kMax = ctcrypto::kGcmMaxPlaintextLen;
  std::mt19937 rng(TestSeed() + 408);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 16));
  const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 64);
  for (uint64_t room : {0, 1, 5, 16, 17, 40}) {
    for (bool open : {false, true}) {
      SCOPED_TRACE(testing::Message() << "room " << room << " open " << open);
      AesGcmStream s;
      ASSERT_EQ(open ? s.start_open(g, nonce) : s.start_seal(g, nonce),
                Status::kOk);
      ASSERT_EQ(s.update_ad(Sub(msg, 0, 3)), Status::kOk);
      ctcrypto::internal::set_stream_data_len(s, kMax - room);
      Bytes out(64, kSentinel);
      const size_t r = static_cast<size_t>(room);
      // One chunk of room + 1 bytes: refused whole.
      EXPECT_EQ(s.update(Sub(out, 0, r + 1), Sub(msg, 0, r + 1)),
                Status::kMessageTooLong);
      EXPECT_TRUE(All(out, kSentinel));
      // The room in two chunks (a partial block first), then one byte more.
      const size_t first = r / 3;
      ASSERT_EQ(s.update(Sub(out, 0, first), Sub(msg, 0, first)), Status::kOk);
      ASSERT_EQ(s.update(Sub(out, first, r - first), Sub(msg, first, r - first)),
                Status::kOk);
      EXPECT_EQ(s.update(Sub(out, r, 1), Sub(msg, r, 1)),
                Status::kMessageTooLong);
      EXPECT_EQ(s.update(Sub(out, r, 16), Sub(msg, r, 16)),
                Status::kMessageTooLong);
      EXPECT_TRUE(All(Bytes(out.begin() + r, out.end()), kSentinel));
      EXPECT_EQ(s.update(Sub(out, r, 0), Sub(msg, r, 0)), Status::kOk);
      EXPECT_TRUE(s.initialized());
      if (open) {
        Bytes tag(16, 0);
        const Status st = s.verify(tag);
        EXPECT_TRUE(st == Status::kOk || st == Status::kAuthenticationFailed)
            << ctcrypto::status_string(st);
      } else {
        Bytes tag(16, kSentinel);
        EXPECT_EQ(s.finish(tag), Status::kOk);
      }
      EXPECT_FALSE(s.initialized());
    }
  }
}

// A copy (or assignment) of a stream forks the message: both halves go on
// independently, each to the one-shot answer; a fork fed other data gets
// another tag without disturbing the original.
TEST_P(GcmStreamTest, CopyForksTheMessage) {
  std::mt19937 rng(TestSeed() + 407);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 32));
  const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 100),
              ad = RandomBytes(rng, 21);
  const Sealed want = GcmOneShot(g, nonce, msg, ad);
  // Fork points: (AD bytes fed, data bytes fed).
  const std::pair<size_t, size_t> kPoints[] = {
      {0, 0}, {13, 0}, {16, 0}, {21, 0}, {21, 1}, {21, 37}, {21, 48}, {21, 100}};
  for (const auto& point : kPoints) {
    // Named copies, not structured bindings: clang 14 does not let the
    // lambdas below capture a binding.
    const size_t ad_at = point.first, data_at = point.second;
    SCOPED_TRACE(testing::Message() << "fork after AD " << ad_at << ", data "
                                    << data_at);
    for (bool open : {false, true}) {
      const Bytes& in = open ? want.ct : msg;
      const Bytes& expect = open ? msg : want.ct;
      AesGcmStream s;
      ASSERT_EQ(open ? s.start_open(g, nonce) : s.start_seal(g, nonce),
                Status::kOk);
      ASSERT_EQ(s.update_ad(Sub(ad, 0, ad_at)), Status::kOk);
      Bytes out(100, kSentinel);
      if (data_at) {
        ASSERT_EQ(s.update_ad(Sub(ad, ad_at, 21 - ad_at)), Status::kOk);
        ASSERT_EQ(s.update(Sub(out, 0, data_at), Sub(in, 0, data_at)),
                  Status::kOk);
      }
      AesGcmStream copied(s);
      AesGcmStream assigned;
      assigned = s;
      AesGcmStream other(s);
      auto finish = [&](AesGcmStream& t, int cut) {
        Bytes o = out;
        if (!data_at) {
          EXPECT_EQ(t.update_ad(Sub(ad, ad_at, 21 - ad_at)), Status::kOk);
        }
        size_t off = data_at;
        for (size_t c : Cuts(100 - data_at, cut, rng)) {
          EXPECT_EQ(t.update(Sub(o, off, c), Sub(in, off, c)), Status::kOk);
          off += c;
        }
        EXPECT_EQ(o, expect);
        if (open) {
          EXPECT_EQ(t.verify(want.tag), Status::kOk);
        } else {
          Bytes tag(16, kSentinel);
          EXPECT_EQ(t.finish(tag), Status::kOk);
          EXPECT_EQ(tag, want.tag);
        }
      };
      // The fork fed other data (one byte changed) ends elsewhere.
      {
        Bytes changed = in;
        changed[99] ^= 1;
        Bytes o(100, kSentinel);
        if (!data_at) {
          ASSERT_EQ(other.update_ad(Sub(ad, ad_at, 21 - ad_at)), Status::kOk);
        }
        if (data_at < 100) {
          ASSERT_EQ(other.update(Sub(o, data_at, 100 - data_at),
                                 Sub(changed, data_at, 100 - data_at)),
                    Status::kOk);
        }
        if (open) {
          EXPECT_EQ(other.verify(want.tag),
                    data_at < 100 ? Status::kAuthenticationFailed
                                  : Status::kOk);
        } else {
          Bytes tag(16, kSentinel);
          ASSERT_EQ(other.finish(tag), Status::kOk);
          if (data_at < 100) {
            EXPECT_NE(tag, want.tag);
          }
        }
      }
      finish(s, kWhole);
      finish(copied, kBytes);
      finish(assigned, kStraddle);
    }
  }
}

// Forks of a long seal or open stream at chunk boundaries after whole
// kernel batches (a seal stream then carries an unhashed batch, which the
// copy must carry too), finished under different chunkings.
TEST_P(GcmStreamTest, CopyForksAfterWholeBatches) {
  std::mt19937 rng(TestSeed() + 409);
  AesGcm g;
  MakeGcm(&g, RandomBytes(rng, 16));
  const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 3000),
              ad = RandomBytes(rng, 40);
  const Sealed want = GcmOneShot(g, nonce, msg, ad);
  for (size_t at : {128, 512, 1024, 1040, 2048}) {
    for (bool open : {false, true}) {
      SCOPED_TRACE(testing::Message() << "fork after " << at << " bytes"
                                      << (open ? ", open" : ", seal"));
      const Bytes& in = open ? want.ct : msg;
      const Bytes& expect = open ? msg : want.ct;
      AesGcmStream s;
      ASSERT_EQ(open ? s.start_open(g, nonce) : s.start_seal(g, nonce),
                Status::kOk);
      ASSERT_EQ(s.update_ad(ad), Status::kOk);
      Bytes out(msg.size(), kSentinel);
      // Up to the fork in batch-sized chunks.
      size_t off = 0;
      while (off < at) {
        const size_t c = std::min<size_t>(at - off, 128 * (1 + off % 4));
        ASSERT_EQ(s.update(Sub(out, off, c), Sub(in, off, c)), Status::kOk);
        off += c;
      }
      AesGcmStream fork(s);
      for (int pass = 0; pass < 2; ++pass) {
        AesGcmStream& t = pass ? fork : s;
        Bytes o = out;
        size_t p = at;
        for (size_t c : Cuts(msg.size() - at, pass ? kBatches : kStraddle,
                             rng)) {
          ASSERT_EQ(t.update(Sub(o, p, c), Sub(in, p, c)), Status::kOk);
          p += c;
        }
        EXPECT_EQ(o, expect) << "pass " << pass;
        if (open) {
          EXPECT_EQ(t.verify(want.tag), Status::kOk) << "pass " << pass;
        } else {
          Bytes tag(16, kSentinel);
          EXPECT_EQ(t.finish(tag), Status::kOk);
          EXPECT_EQ(tag, want.tag) << "pass " << pass;
        }
      }
    }
  }
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(GcmStreamTest);

// --- GMAC ------------------------------------------------------------------------

class GmacStreamTest : public testing::TestWithParam<GcmRows> {
 protected:
  void MakeGmac(AesGmac* mac, const Bytes& key, size_t tag_len) {
    ASSERT_EQ(ctcrypto::internal::init_with_rows(*mac, key, tag_len,
                                                 GetParam().aes,
                                                 GetParam().ghash),
              Status::kOk);
    ASSERT_STREQ(mac->gcm().aes_key().row_name(), GetParam().aes->name);
    ASSERT_STREQ(mac->gcm().ghash_key().row_name(), GetParam().ghash->name);
  }
};

// AesGmacContext over chunkings vs AesGmac::compute / verify.
TEST_P(GmacStreamTest, ChunkedMatchesCompute) {
  std::mt19937 rng(TestSeed() + 410);
  std::vector<size_t> lens;
  for (size_t n = 0; n <= 300; ++n) lens.push_back(n);
  for (size_t n : LongLengths()) lens.push_back(n);
  for (size_t i = 0; i < lens.size(); ++i) {
    const size_t len = lens[i], tag_len = 12 + i % 5;
    const size_t nonce_len = i % 3 == 2 ? 1 + rng() % 40 : 12;
    AesGmac mac;
    MakeGmac(&mac, RandomBytes(rng, 16 + 8 * (i % 3)), tag_len);
    const Bytes nonce = RandomBytes(rng, nonce_len), data = RandomBytes(rng, len);
    Bytes want(tag_len, 0);
    ASSERT_EQ(mac.compute(want, nonce, data), Status::kOk);
    const int cut = static_cast<int>(i % kCutCount);
    const std::vector<size_t> cuts = Cuts(len, cut, rng);
    SCOPED_TRACE(testing::Message() << "len " << len << " nonce " << nonce_len
                                    << " tag " << tag_len << " " << CutName(cut)
                                    << " [" << CutsText(cuts) << "]");
    AesGmacContext ctx;
    ASSERT_EQ(ctx.init(mac, nonce), Status::kOk);
    EXPECT_TRUE(ctx.initialized());
    size_t off = 0;
    for (size_t c : cuts) {
      ASSERT_EQ(ctx.update(Sub(data, off, c)), Status::kOk);
      off += c;
    }
    AesGmacContext verifier = ctx, forged = ctx;
    Bytes tag(tag_len, kSentinel);
    ASSERT_EQ(ctx.finish(tag), Status::kOk);
    ASSERT_EQ(ToHex(tag), ToHex(want));
    EXPECT_FALSE(ctx.initialized());
    EXPECT_EQ(mac.verify(nonce, data, tag), Status::kOk);
    EXPECT_EQ(verifier.finish_verify(want), Status::kOk);
    EXPECT_FALSE(verifier.initialized());
    Bytes bad = want;
    bad[rng() % tag_len] ^= static_cast<uint8_t>(1u << (rng() % 8));
    EXPECT_EQ(forged.finish_verify(bad), Status::kAuthenticationFailed);
    EXPECT_FALSE(forged.initialized());
  }
}

TEST_P(GmacStreamTest, MisuseRefused) {
  std::mt19937 rng(TestSeed() + 411);
  AesGmac mac;
  MakeGmac(&mac, RandomBytes(rng, 16), 16);
  const Bytes nonce = RandomBytes(rng, 12), data = RandomBytes(rng, 50);
  Bytes want(16, 0);
  ASSERT_EQ(mac.compute(want, nonce, data), Status::kOk);
  Bytes tag(16, kSentinel);
  {
    AesGmacContext ctx;
    EXPECT_FALSE(ctx.initialized());
    EXPECT_EQ(ctx.update(data), Status::kNotInitialized);
    EXPECT_EQ(ctx.finish(tag), Status::kNotInitialized);
    EXPECT_EQ(ctx.finish_verify(want), Status::kNotInitialized);
    AesGmac none;
    EXPECT_EQ(ctx.init(none, nonce), Status::kNotInitialized);
    EXPECT_EQ(ctx.init(mac, {}), Status::kInvalidNonceLength);
    EXPECT_FALSE(ctx.initialized());
    EXPECT_TRUE(All(tag, kSentinel));
  }
  {  // Wrong tag sizes, null data: refused, the context goes on.
    AesGmacContext ctx;
    ASSERT_EQ(ctx.init(mac, nonce), Status::kOk);
    ASSERT_EQ(ctx.update(Sub(data, 0, 17)), Status::kOk);
    EXPECT_EQ(ctx.update(NullSpan(4)), Status::kInvalidArgument);
    if constexpr (sizeof(size_t) >= 8) {
      EXPECT_EQ(ctx.update(std::span<const uint8_t>(
                    data.data(), static_cast<size_t>(uint64_t{1} << 61))),
                Status::kMessageTooLong);
    }
    ASSERT_EQ(ctx.update(Sub(data, 17, 33)), Status::kOk);
    AesGmacContext verifier = ctx;
    for (size_t n : {0, 12, 15, 17}) {
      Bytes t(n, kSentinel);
      EXPECT_EQ(ctx.finish(t), Status::kInvalidTagLength) << n;
      EXPECT_TRUE(All(t, kSentinel));
      EXPECT_EQ(verifier.finish_verify(t), Status::kInvalidTagLength) << n;
    }
    EXPECT_TRUE(ctx.initialized());
    EXPECT_TRUE(verifier.initialized());
    ASSERT_EQ(ctx.finish(tag), Status::kOk);
    EXPECT_EQ(tag, want);
    EXPECT_EQ(verifier.finish_verify(want), Status::kOk);
    Bytes t2(16, kSentinel);
    EXPECT_EQ(ctx.finish(t2), Status::kNotInitialized);
    EXPECT_EQ(ctx.finish_verify(want), Status::kNotInitialized);
    EXPECT_EQ(ctx.update(data), Status::kNotInitialized);
    EXPECT_TRUE(All(t2, kSentinel));
  }
  {  // clear() ends it.
    AesGmacContext ctx;
    ASSERT_EQ(ctx.init(mac, nonce), Status::kOk);
    ASSERT_EQ(ctx.update(data), Status::kOk);
    ctx.clear();
    EXPECT_FALSE(ctx.initialized());
    EXPECT_EQ(ctx.finish_verify(want), Status::kNotInitialized);
  }
}

// A refusal leaves the context as it was (ctcrypto.h: "each refusal writes
// nothing and leaves the stream as it was"; gmac.h: the context ends only
// when finish or finish_verify give a verdict): after finish_verify refused
// a tag of the wrong size, finish still gives the tag, and the other way
// round.
TEST_P(GmacStreamTest, RefusedFinishLeavesContextAsItWas) {
  std::mt19937 rng(TestSeed() + 412);
  AesGmac mac;
  MakeGmac(&mac, RandomBytes(rng, 16), 16);
  const Bytes nonce = RandomBytes(rng, 12), data = RandomBytes(rng, 50);
  Bytes want(16, 0);
  ASSERT_EQ(mac.compute(want, nonce, data), Status::kOk);
  {
    AesGmacContext ctx;
    ASSERT_EQ(ctx.init(mac, nonce), Status::kOk);
    ASSERT_EQ(ctx.update(data), Status::kOk);
    EXPECT_EQ(ctx.finish_verify(Sub(want, 0, 15)), Status::kInvalidTagLength);
    EXPECT_TRUE(ctx.initialized());
    Bytes tag(16, kSentinel);
    EXPECT_EQ(ctx.finish(tag), Status::kOk) << "finish after a refused "
                                               "finish_verify";
    EXPECT_EQ(tag, want);
  }
  {
    AesGmacContext ctx;
    ASSERT_EQ(ctx.init(mac, nonce), Status::kOk);
    ASSERT_EQ(ctx.update(data), Status::kOk);
    Bytes short_tag(15, kSentinel);
    EXPECT_EQ(ctx.finish(short_tag), Status::kInvalidTagLength);
    EXPECT_TRUE(All(short_tag, kSentinel));
    EXPECT_TRUE(ctx.initialized());
    EXPECT_EQ(ctx.finish_verify(want), Status::kOk);
  }
}

CTCRYPTO_INSTANTIATE_GCM_ROWS(GmacStreamTest);

// --- AES-CCM ----------------------------------------------------------------------

Sealed CcmOneShot(const AesCcm& c, const Bytes& nonce, const Bytes& msg,
                  const Bytes& ad) {
  Sealed w{Bytes(msg.size(), 0), Bytes(c.tag_len(), 0)};
  EXPECT_EQ(c.seal_detached(w.ct, w.tag, nonce, msg, ad), Status::kOk)
      << "one-shot seal_detached";
  Bytes pt(msg.size(), 0);
  EXPECT_EQ(c.open_detached(pt, nonce, w.ct, w.tag, ad), Status::kOk)
      << "one-shot open_detached";
  EXPECT_EQ(pt, msg);
  return w;
}

struct CcmStarter {
  const AesCcm* c;
  const Bytes* nonce;
  uint64_t ad_len, msg_len;
  Status operator()(AesCcmStream& s, bool open) const {
    return open ? s.start_open(*c, *nonce, ad_len, msg_len)
                : s.start_seal(*c, *nonce, ad_len, msg_len);
  }
};

class CcmStreamTest : public testing::TestWithParam<const AesRow*> {
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

// One message per length; nonce length 7..13 and tag length 4..16 rotate
// with it (every pair many times), so do the chunkings, key sizes,
// placements and a key with a fixed or a free nonce length.
TEST_P(CcmStreamTest, ShortMessagesMatchOneShot) {
  std::mt19937 rng(TestSeed() + 420);
  const std::vector<size_t> lens = ShortLengths();
  for (size_t i = 0; i < lens.size(); ++i) {
    const size_t len = lens[i];
    const size_t nonce_len = 7 + i % 7, tag_len = 4 + 2 * ((i / 7) % 7);
    const size_t key_len = 16 + 8 * ((i / 49) % 3);
    const size_t ad_len = i % 5 == 0 ? 0 : i % 23 == 0 ? 300 : rng() % 80;
    AesCcm c;
    MakeCcm(&c, RandomBytes(rng, key_len), tag_len, i % 2 ? nonce_len : 0);
    const Bytes nonce = RandomBytes(rng, nonce_len), msg = RandomBytes(rng, len),
                ad = RandomBytes(rng, ad_len);
    const Sealed want = CcmOneShot(c, nonce, msg, ad);
    const int seal_cut = static_cast<int>(i % kCutCount),
              open_cut = static_cast<int>((i + 5) % kCutCount),
              ad_cut = static_cast<int>((i / kCutCount) % kCutCount);
    Feed seal{Cuts(ad_len, ad_cut, rng), Cuts(len, seal_cut, rng),
              (i & 2) != 0, (i & 4) != 0};
    Feed open{Cuts(ad_len, (ad_cut + 3) % kCutCount, rng),
              Cuts(len, open_cut, rng), (i & 8) != 0, (i & 16) != 0};
    SCOPED_TRACE(testing::Message()
                 << "len " << len << " key " << key_len << " tag " << tag_len
                 << " nonce " << nonce_len << (i % 2 ? " (fixed)" : "")
                 << " ad " << ad_len << "; seal " << CutName(seal_cut) << " ["
                 << CutsText(seal.data_cuts) << "] ad ["
                 << CutsText(seal.ad_cuts) << "] in_place " << seal.in_place
                 << " slack " << seal.slack << "; open " << CutName(open_cut)
                 << " [" << CutsText(open.data_cuts) << "] ad ["
                 << CutsText(open.ad_cuts) << "] in_place " << open.in_place
                 << " slack " << open.slack);
    const CcmStarter start{&c, &nonce, ad_len, len};
    ASSERT_TRUE(SealStream<AesCcmStream>(start, tag_len, ad, msg, seal, want));
    ASSERT_TRUE(OpenStream<AesCcmStream>(start, ad, msg, open, want,
                                         static_cast<uint32_t>(rng())));
    if (i % 7 == 0) {
      ASSERT_TRUE(OpenTamperedCiphertext<AesCcmStream>(
          start, ad, open, want, static_cast<uint32_t>(rng())));
    }
  }
}

TEST_P(CcmStreamTest, LongMessagesEveryChunking) {
  std::mt19937 rng(TestSeed() + 421);
  for (size_t len : LongLengths()) {
    AesCcm c;
    MakeCcm(&c, RandomBytes(rng, 16 + 8 * (len % 3)), 16);
    const Bytes nonce = RandomBytes(rng, len % 2 ? 13 : 8),
                msg = RandomBytes(rng, len), ad = RandomBytes(rng, 37);
    const Sealed want = CcmOneShot(c, nonce, msg, ad);
    const CcmStarter start{&c, &nonce, ad.size(), len};
    for (int cut = 0; cut < kCutCount; ++cut) {
      Feed seal{Cuts(ad.size(), (cut + 2) % kCutCount, rng),
                Cuts(len, cut, rng), (cut & 1) != 0, (cut & 2) != 0};
      Feed open{Cuts(ad.size(), cut, rng),
                Cuts(len, (cut + 5) % kCutCount, rng), (cut & 2) != 0, false};
      SCOPED_TRACE(testing::Message()
                   << "len " << len << " nonce " << nonce.size() << " seal "
                   << CutName(cut) << " [" << CutsText(seal.data_cuts)
                   << "] in_place " << seal.in_place << "; open "
                   << CutName((cut + 5) % kCutCount) << " ["
                   << CutsText(open.data_cuts) << "] in_place "
                   << open.in_place);
      ASSERT_TRUE(SealStream<AesCcmStream>(start, 16, ad, msg, seal, want));
      ASSERT_TRUE(OpenStream<AesCcmStream>(start, ad, msg, open, want,
                                           static_cast<uint32_t>(rng())));
    }
    Feed f{{ad.size()}, Cuts(len, kStraddle, rng), false, false};
    ASSERT_TRUE(OpenTamperedCiphertext<AesCcmStream>(
        start, ad, f, want, static_cast<uint32_t>(rng())));
  }
}

// The AD length encodings (2 bytes below 0xff00, 6 bytes from it) at their
// boundary, the AD chunked across the encoding's seam; every nonce and tag
// length with an empty message and with AD only.
TEST_P(CcmStreamTest, AdLengthEncodingsAndEveryParameter) {
  std::mt19937 rng(TestSeed() + 422);
  for (size_t ad_len : {size_t{0xfeff}, size_t{0xff00}, size_t{0xff01}}) {
    AesCcm c;
    MakeCcm(&c, RandomBytes(rng, 16), 8);
    const Bytes nonce = RandomBytes(rng, 12), msg = RandomBytes(rng, 33),
                ad = RandomBytes(rng, ad_len);
    const Sealed want = CcmOneShot(c, nonce, msg, ad);
    const CcmStarter start{&c, &nonce, ad_len, msg.size()};
    for (int cut : {kWhole, kMixed, kOneThenRest}) {
      SCOPED_TRACE(testing::Message() << "ad " << ad_len << " "
                                      << CutName(cut));
      Feed f{Cuts(ad_len, cut, rng), Cuts(33, kStraddle, rng), false, false};
      ASSERT_TRUE(SealStream<AesCcmStream>(start, 8, ad, msg, f, want));
      ASSERT_TRUE(OpenStream<AesCcmStream>(start, ad, msg, f, want,
                                           static_cast<uint32_t>(rng())));
    }
  }
  for (size_t nonce_len = 7; nonce_len <= 13; ++nonce_len) {
    for (size_t tag_len = 4; tag_len <= 16; tag_len += 2) {
      AesCcm c;
      MakeCcm(&c, RandomBytes(rng, 32), tag_len);
      const Bytes nonce = RandomBytes(rng, nonce_len);
      for (size_t len : {0, 16}) {
        const Bytes msg = RandomBytes(rng, len),
                    ad = RandomBytes(rng, len ? 0 : 19);
        const Sealed want = CcmOneShot(c, nonce, msg, ad);
        const CcmStarter start{&c, &nonce, ad.size(), len};
        SCOPED_TRACE(testing::Message() << "nonce " << nonce_len << " tag "
                                        << tag_len << " len " << len);
        Feed f{Cuts(ad.size(), kZeros, rng), Cuts(len, kZeros, rng), true,
               false};
        ASSERT_TRUE(SealStream<AesCcmStream>(start, tag_len, ad, msg, f, want));
        ASSERT_TRUE(OpenStream<AesCcmStream>(start, ad, msg, f, want,
                                             static_cast<uint32_t>(rng())));
      }
    }
  }
}

// The declared lengths against the nonce's length field: the longest
// message is accepted at start, one byte more kMessageTooLong (nothing
// started); the longest message of a 13-byte nonce (65535 bytes) streamed
// in full.
TEST_P(CcmStreamTest, MessageLengthLimitAtStart) {
  std::mt19937 rng(TestSeed() + 423);
  AesCcm c;
  MakeCcm(&c, RandomBytes(rng, 16), 16);
  for (size_t nonce_len = 7; nonce_len <= 13; ++nonce_len) {
    SCOPED_TRACE(nonce_len);
    const Bytes nonce = RandomBytes(rng, nonce_len);
    const size_t q = 15 - nonce_len;
    const uint64_t max =
        q >= 8 ? UINT64_MAX : (uint64_t{1} << (8 * q)) - 1;
    for (bool open : {false, true}) {
      AesCcmStream s;
      auto start = [&](uint64_t msg_len) {
        return open ? s.start_open(c, nonce, 0, msg_len)
                    : s.start_seal(c, nonce, 0, msg_len);
      };
      EXPECT_EQ(start(max), Status::kOk);
      EXPECT_TRUE(s.initialized());
      s.clear();
      if (max != UINT64_MAX) {
        EXPECT_EQ(start(max + 1), Status::kMessageTooLong);
        EXPECT_FALSE(s.initialized());
        EXPECT_EQ(start(UINT64_MAX), Status::kMessageTooLong);
        EXPECT_FALSE(s.initialized());
      }
      // Huge AD is declared freely (10-byte length encoding).
      EXPECT_EQ(open ? s.start_open(c, nonce, UINT64_MAX, 0)
                     : s.start_seal(c, nonce, UINT64_MAX, 0),
                Status::kOk);
    }
  }
  // Bad nonce lengths, and the fixed length of a profile key.
  AesCcm fixed;
  ASSERT_EQ(ctcrypto::internal::init_with_rows(
                fixed, RandomBytes(rng, 16), ctcrypto::CcmProfile::kMatter,
                GetParam()),
            Status::kOk);
  for (size_t nl : {0, 6, 14, 16}) {
    AesCcmStream s;
    EXPECT_EQ(s.start_seal(c, Bytes(nl, 1), 0, 0), Status::kInvalidNonceLength)
        << nl;
    EXPECT_EQ(s.start_open(c, Bytes(nl, 1), 0, 0), Status::kInvalidNonceLength)
        << nl;
    EXPECT_FALSE(s.initialized());
  }
  AesCcmStream s;
  EXPECT_EQ(s.start_seal(fixed, Bytes(12, 1), 0, 0),
            Status::kInvalidNonceLength);
  EXPECT_EQ(s.start_seal(fixed, Bytes(13, 1), 0, 0), Status::kOk);
  {
    const Bytes nonce = RandomBytes(rng, 13), msg = RandomBytes(rng, 65535);
    const Sealed want = CcmOneShot(c, nonce, msg, {});
    const CcmStarter start{&c, &nonce, 0, 65535};
    Feed f{{}, Cuts(65535, kMixed, rng), true, false};
    ASSERT_TRUE(SealStream<AesCcmStream>(start, 16, {}, msg, f, want));
    ASSERT_TRUE(OpenStream<AesCcmStream>(start, {}, msg, f, want, 3));
  }
}

// Every refusal of ctcrypto/ccm.h, its Status, nothing written, and the
// message completed afterwards to the one-shot answer.
TEST_P(CcmStreamTest, MisuseRefusedWithoutOutput) {
  std::mt19937 rng(TestSeed() + 424);
  AesCcm c;
  MakeCcm(&c, RandomBytes(rng, 16), 8);
  const Bytes nonce = RandomBytes(rng, 11), msg = RandomBytes(rng, 40),
              ad = RandomBytes(rng, 20);
  const Sealed want = CcmOneShot(c, nonce, msg, ad);
  Bytes out(48, kSentinel), tag(8, kSentinel);

  {  // Before start; an uninitialised key.
    SCOPED_TRACE("before start");
    AesCcmStream s;
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.update_ad(ad), Status::kNotInitialized);
    EXPECT_EQ(s.update(Sub(out, 0, 40), msg), Status::kNotInitialized);
    EXPECT_EQ(s.finish(tag), Status::kNotInitialized);
    EXPECT_EQ(s.verify(want.tag), Status::kNotInitialized);
    AesCcm none;
    EXPECT_EQ(s.start_seal(none, nonce, 20, 40), Status::kNotInitialized);
    EXPECT_EQ(s.start_open(none, nonce, 20, 40), Status::kNotInitialized);
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.start_seal(c, NullSpan(11), 20, 40), Status::kInvalidArgument);
    EXPECT_FALSE(s.initialized());
    EXPECT_TRUE(All(out, kSentinel));
    EXPECT_TRUE(All(tag, kSentinel));
  }
  for (bool open : {false, true}) {
    // More or less AD and data than declared: kInvalidLength, nothing
    // written, nothing taken; then the declared amounts give the one-shot
    // answer.
    SCOPED_TRACE(open ? "lengths, open" : "lengths, seal");
    const Bytes& in = open ? want.ct : msg;
    const Bytes& expect = open ? msg : want.ct;
    AesCcmStream s;
    ASSERT_EQ(open ? s.start_open(c, nonce, 20, 40)
                   : s.start_seal(c, nonce, 20, 40),
              Status::kOk);
    Bytes o(48, kSentinel), t(8, kSentinel);
    auto end = [&](AesCcmStream& x) {
      return open ? x.verify(want.tag) : x.finish(t);
    };
    EXPECT_EQ(end(s), Status::kInvalidLength);  // no AD yet
    EXPECT_EQ(s.update(Sub(o, 0, 1), Sub(in, 0, 1)), Status::kInvalidLength);
    EXPECT_EQ(s.update_ad(Bytes(21, 1)), Status::kInvalidLength);
    ASSERT_EQ(s.update_ad(Sub(ad, 0, 15)), Status::kOk);
    EXPECT_EQ(s.update_ad(Bytes(6, 1)), Status::kInvalidLength);
    EXPECT_EQ(s.update(Sub(o, 0, 1), Sub(in, 0, 1)), Status::kInvalidLength);
    EXPECT_EQ(end(s), Status::kInvalidLength);  // 5 AD bytes missing
    ASSERT_EQ(s.update_ad(Sub(ad, 15, 5)), Status::kOk);
    EXPECT_EQ(s.update_ad(Sub(ad, 0, 1)), Status::kInvalidLength);
    EXPECT_EQ(end(s), Status::kInvalidLength);  // no data yet
    EXPECT_EQ(s.update(Sub(o, 0, 41), Bytes(41, 1)), Status::kInvalidLength);
    ASSERT_EQ(s.update(Sub(o, 0, 17), Sub(in, 0, 17)), Status::kOk);
    EXPECT_EQ(s.update(Sub(o, 17, 24), Bytes(24, 1)), Status::kInvalidLength);
    EXPECT_EQ(end(s), Status::kInvalidLength);  // 23 data bytes missing
    EXPECT_EQ(s.update_ad(Sub(ad, 0, 1)), Status::kInvalidLength);
    EXPECT_TRUE(All(Bytes(o.begin() + 17, o.end()), kSentinel));
    EXPECT_TRUE(All(t, kSentinel));
    EXPECT_TRUE(s.initialized());
    AesCcmStream fork = s;
    ASSERT_EQ(s.update(Sub(o, 17, 23), Sub(in, 17, 23)), Status::kOk);
    EXPECT_EQ(s.update(Sub(o, 40, 1), Sub(in, 0, 1)), Status::kInvalidLength);
    EXPECT_EQ(s.update_ad(Sub(ad, 0, 1)), Status::kInvalidLength);
    EXPECT_EQ(Bytes(o.begin(), o.begin() + 40), expect);
    EXPECT_TRUE(All(Bytes(o.begin() + 40, o.end()), kSentinel));
    ASSERT_EQ(end(s), Status::kOk);
    if (!open) {
      EXPECT_EQ(t, want.tag);
    }
    EXPECT_FALSE(s.initialized());
    // The fork, finished in 1-byte chunks, agrees.
    Bytes o2 = o;
    for (size_t i = 17; i < 40; ++i)
      ASSERT_EQ(fork.update(Sub(o2, i, 1), Sub(in, i, 1)), Status::kOk);
    EXPECT_EQ(o2, o);
    Bytes t2(8, kSentinel);
    ASSERT_EQ(open ? fork.verify(want.tag) : fork.finish(t2), Status::kOk);
    if (!open) {
      EXPECT_EQ(t2, want.tag);
    }
  }
  {  // After the end; the wrong direction; tag sizes; buffers.
    SCOPED_TRACE("state and arguments");
    AesCcmStream s;
    ASSERT_EQ(s.start_seal(c, nonce, 20, 40), Status::kOk);
    ASSERT_EQ(s.update_ad(ad), Status::kOk);
    EXPECT_EQ(s.update_ad(NullSpan(1)), Status::kInvalidArgument);
    Bytes buf(64, kSentinel);
    std::memcpy(buf.data() + 8, msg.data(), 40);
    const Bytes before = buf;
    EXPECT_EQ(s.update(Sub(buf, 8, 4), Sub(buf, 8, 5)),
              Status::kOutputTooSmall);
    EXPECT_EQ(s.update(Sub(buf, 9, 5), Sub(buf, 8, 5)),
              Status::kOverlappingBuffers);
    EXPECT_EQ(s.update(Sub(buf, 4, 20), Sub(buf, 8, 20)),
              Status::kOverlappingBuffers);
    EXPECT_EQ(s.update(NullOut(5), Sub(msg, 0, 5)), Status::kInvalidArgument);
    EXPECT_EQ(s.update(Sub(buf, 8, 5), NullSpan(5)), Status::kInvalidArgument);
    EXPECT_EQ(buf, before);
    EXPECT_EQ(s.update({}, {}), Status::kOk);
    ASSERT_EQ(s.update(Sub(buf, 8, 21), Sub(buf, 8, 21)), Status::kOk);
    ASSERT_EQ(s.update(Sub(buf, 29, 19), Sub(buf, 29, 19)), Status::kOk);
    EXPECT_EQ(Bytes(buf.begin() + 8, buf.begin() + 48), want.ct);
    EXPECT_EQ(s.verify(want.tag), Status::kBadState);
    for (size_t n : {0, 4, 7, 9, 16}) {
      Bytes t(n, kSentinel);
      EXPECT_EQ(s.finish(t), Status::kInvalidTagLength) << n;
      EXPECT_TRUE(All(t, kSentinel));
    }
    EXPECT_TRUE(s.initialized());
    ASSERT_EQ(s.finish(tag), Status::kOk);
    EXPECT_EQ(tag, want.tag);
    EXPECT_FALSE(s.initialized());
    Bytes t2(8, kSentinel), o2(40, kSentinel);
    EXPECT_EQ(s.finish(t2), Status::kNotInitialized);
    EXPECT_EQ(s.verify(want.tag), Status::kNotInitialized);
    EXPECT_EQ(s.update(o2, msg), Status::kNotInitialized);
    EXPECT_EQ(s.update_ad(ad), Status::kNotInitialized);
    EXPECT_TRUE(All(t2, kSentinel));
    EXPECT_TRUE(All(o2, kSentinel));

    AesCcmStream v;
    ASSERT_EQ(v.start_open(c, nonce, 20, 40), Status::kOk);
    ASSERT_EQ(v.update_ad(ad), Status::kOk);
    ASSERT_EQ(v.update(o2, want.ct), Status::kOk);
    EXPECT_EQ(v.finish(t2), Status::kBadState);
    EXPECT_TRUE(All(t2, kSentinel));
    EXPECT_EQ(v.verify(Sub(want.tag, 0, 6)), Status::kInvalidTagLength);
    EXPECT_EQ(v.verify(Bytes(16, 0)), Status::kInvalidTagLength);
    EXPECT_TRUE(v.initialized());
    AesCcmStream forged = v;
    Bytes bad = want.tag;
    bad[7] ^= 0x40;
    EXPECT_EQ(forged.verify(bad), Status::kAuthenticationFailed);
    EXPECT_FALSE(forged.initialized());
    EXPECT_EQ(forged.verify(want.tag), Status::kNotInitialized);
    EXPECT_EQ(v.verify(want.tag), Status::kOk);
    EXPECT_EQ(v.verify(want.tag), Status::kNotInitialized);
  }
  {  // clear() mid-message.
    AesCcmStream s;
    ASSERT_EQ(s.start_seal(c, nonce, 20, 40), Status::kOk);
    ASSERT_EQ(s.update_ad(Sub(ad, 0, 3)), Status::kOk);
    s.clear();
    EXPECT_FALSE(s.initialized());
    EXPECT_EQ(s.update_ad(Sub(ad, 3, 17)), Status::kNotInitialized);
  }
}

// The harness catches one wrong byte for CCM too.
TEST_P(CcmStreamTest, HarnessCatchesOneWrongByte) {
  std::mt19937 rng(TestSeed() + 425);
  AesCcm c;
  MakeCcm(&c, RandomBytes(rng, 16), 16);
  const Bytes nonce = RandomBytes(rng, 13), msg = RandomBytes(rng, 70),
              ad = RandomBytes(rng, 9);
  const Sealed want = CcmOneShot(c, nonce, msg, ad);
  const CcmStarter start{&c, &nonce, 9, 70};
  Feed f{Cuts(9, kBytes, rng), Cuts(70, kStraddle, rng), false, true};
  ASSERT_TRUE(SealStream<AesCcmStream>(start, 16, ad, msg, f, want));
  for (size_t i : {size_t{0}, size_t{31}, size_t{69}}) {
    Sealed wrong = want;
    wrong.ct[i] ^= 0x10;
    EXPECT_FALSE(SealStream<AesCcmStream>(start, 16, ad, msg, f, wrong)) << i;
    EXPECT_FALSE(OpenStream<AesCcmStream>(start, ad, msg, f, wrong, 0)) << i;
  }
  Sealed wrong = want;
  wrong.tag[0] ^= 1;
  EXPECT_FALSE(SealStream<AesCcmStream>(start, 16, ad, msg, f, wrong));
  EXPECT_FALSE(OpenStream<AesCcmStream>(start, ad, msg, f, wrong, 0));
}

CTCRYPTO_INSTANTIATE_AES_ROWS(CcmStreamTest);

}  // namespace
}  // namespace ctcrypto_test
