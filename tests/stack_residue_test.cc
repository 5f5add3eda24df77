// stack_residue_test.cc: no copy of key material is left on the stack after
// key set-up, seal and open return, on every AES x GHASH row pair (AES-GCM),
// every AES row with each TLS-CBC suite and with CCM, CMAC, GCM-SIV, GMAC,
// XTS, key wrap and the block modes, and (HMAC: set-up, update, finish)
// every SHA row this CPU can run; also after the streaming forms
// (AesGcmStream on every AES x GHASH pair, AesCcmStream and AesGmacContext
// on every AES row) are fed in pieces and end.
//
// Method. Probe() reads its own stack pointer `top`, paints the region
// [top - kScan, top - kMargin) below it with a pattern, then calls the
// victim through Descend() (whose unused 2 KiB local keeps every frame of
// the victim inside the painted region), and after the victim returned
// copies the region out to the heap. Every frame the victim used lies in
// that region, and nothing else writes there in between (Paint() and
// CopyOut() are leaves whose frames sit in the top kMargin bytes). The copy
// is then searched, at every byte offset, for any 16-byte window of:
//  * the raw AES key (and the raw MAC key for TLS-CBC),
//  * every 16-byte chunk of the expanded key in the row's own form
//    (AesKeyState::storage: round keys as the row keeps them, bitsliced or
//    not) and of the GHASH key material (GhashKeyState::storage: H, its
//    powers or tables as the row keeps them),
//  * the FIPS-197 round keys, H and H^2..H^16 in GCM byte order and
//    byte-reversed (the forms rows compute on the fly),
//  * for TLS-CBC and HMAC the MAC key and the HMAC ipad/opad chaining
//    states,
//  * the tag or MAC that a failed verification computed (GCM, CCM and its
//    raw CBC-MAC, GCM-SIV, GMAC, CMAC, TLS-CBC): it is a valid tag for the
//    caller's forged message or ciphertext, so it must not stay behind
//    either (a row's CBC-MAC path once left its last chain block there);
//    for the streams also that tag's mask and the unmasked GHASH value.
// A 16-byte register spill of a round key, a stack table of H powers or a
// stack copy of a key schedule matches one of these; the test fails and
// names what was found, and how deep. The region's bottom must still hold
// the pattern (the scan covered the deepest frame), and the victim must
// have overwritten some of it (it ran there). KeyCopyIsFound shows that an
// unwiped stack copy is detected.
//
// Only the main thread's stack is scanned; the library spawns no threads.
// The scan reads memory below the stack pointer, which the sanitizers
// would flag, so the three helpers opt out of instrumentation.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"
#include "tests/rows.h"
#include "tests/reference.h"
#include "tests/test_util.h"

#if defined(__clang__)
#define CTCRYPTO_NO_SANITIZE \
  __attribute__((no_sanitize("address", "memory", "undefined")))
#else
#define CTCRYPTO_NO_SANITIZE \
  __attribute__((no_sanitize_address, no_sanitize_undefined))
#endif

namespace ctcrypto_test {
namespace {

using ctcrypto::Status;

constexpr size_t kScan = 192 * 1024;  // deeper than any seal/open/init
constexpr size_t kMargin = 1024;      // Paint/CopyOut frames, never scanned
constexpr size_t kQuiet = 4096;       // the bottom must stay painted
constexpr uint8_t kPaint = 0x5b;

__attribute__((always_inline)) inline uintptr_t StackPointer() {
  uintptr_t sp;
#if defined(__x86_64__)
  __asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("mov %0, sp" : "=r"(sp));
#else
#error "stack pointer read not defined for this architecture"
#endif
  return sp;
}

__attribute__((noinline)) CTCRYPTO_NO_SANITIZE void Paint(uintptr_t top) {
  volatile uint8_t* p = reinterpret_cast<volatile uint8_t*>(top - kScan);
  for (size_t i = 0; i < kScan - kMargin; ++i) p[i] = kPaint;
}

__attribute__((noinline)) CTCRYPTO_NO_SANITIZE void CopyOut(uintptr_t top,
                                                             uint8_t* dst) {
  const volatile uint8_t* p =
      reinterpret_cast<const volatile uint8_t*>(top - kScan);
  for (size_t i = 0; i < kScan - kMargin; ++i) dst[i] = p[i];
}

using Victim = void (*)(void* ctx);

__attribute__((noinline)) void Descend(Victim v, void* ctx) {
  volatile uint8_t pad[2048];
  pad[0] = 0;
  v(ctx);
  __asm__ __volatile__("" : : "r"(pad) : "memory");
}

// Probe: runs v(ctx) below a painted region and returns the region after.
__attribute__((noinline)) std::vector<uint8_t> Probe(Victim v, void* ctx) {
  std::vector<uint8_t> region(kScan - kMargin);
  const uintptr_t top = StackPointer();
  Paint(top);
  Descend(v, ctx);
  CopyOut(top, region.data());
  return region;
}

// Secrets: named 16-byte windows to look for.
class Secrets {
 public:
  void Add(const std::string& what, const uint8_t* p, size_t n) {
    for (size_t off = 0; off + 16 <= n; ++off) AddWindow(what, off, p + off);
  }
  // AddChunks: the 16-byte-aligned chunks only (key storage in row form).
  void AddChunks(const std::string& what, const uint8_t* p, size_t n) {
    for (size_t off = 0; off + 16 <= n; off += 16) AddWindow(what, off, p + off);
  }
  void AddBlockBothOrders(const std::string& what, const Block& b) {
    AddWindow(what, 0, b.data());
    Block r;
    for (int i = 0; i < 16; ++i) r[i] = b[15 - i];
    AddWindow(what + " (byte-reversed)", 0, r.data());
  }
  size_t size() const { return windows_.size(); }

  // Find: "what at depth" for each window found in region, or "".
  std::string Find(const std::vector<uint8_t>& region) const {
    std::string found;
    size_t reported = 0;
    for (size_t i = 0; i + 16 <= region.size(); ++i) {
      uint64_t k;
      std::memcpy(&k, region.data() + i, 8);
      auto range = windows_.equal_range(k);
      for (auto it = range.first; it != range.second; ++it) {
        if (std::memcmp(it->second.bytes.data(), region.data() + i, 16) != 0)
          continue;
        if (reported++ < 8)
          found += it->second.what + " at " +
                   std::to_string(region.size() - i) + " bytes below top; ";
        break;
      }
    }
    if (reported > 8) found += std::to_string(reported) + " windows in all";
    return found;
  }

 private:
  struct Window {
    std::string what;
    std::array<uint8_t, 16> bytes;
  };
  void AddWindow(const std::string& what, size_t off, const uint8_t* p) {
    // Windows of one repeated byte (zero padding of the storage, the paint)
    // say nothing about a key.
    bool uniform = true;
    for (int i = 1; i < 16; ++i) uniform &= p[i] == p[0];
    if (uniform) return;
    Window w{what + "[" + std::to_string(off) + "]", {}};
    std::memcpy(w.bytes.data(), p, 16);
    uint64_t k;
    std::memcpy(&k, p, 8);
    windows_.emplace(k, w);
  }
  std::multimap<uint64_t, Window> windows_;
};

// FIPS-197 5.2 key expansion, enough to name the standard round keys.
std::vector<uint8_t> RefRoundKeys(const Bytes& key) {
  static const uint8_t kSbox[256] = {
      0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b,
      0xfe, 0xd7, 0xab, 0x76, 0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0,
      0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0, 0xb7, 0xfd, 0x93, 0x26,
      0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
      0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2,
      0xeb, 0x27, 0xb2, 0x75, 0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0,
      0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84, 0x53, 0xd1, 0x00, 0xed,
      0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
      0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f,
      0x50, 0x3c, 0x9f, 0xa8, 0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5,
      0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2, 0xcd, 0x0c, 0x13, 0xec,
      0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
      0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14,
      0xde, 0x5e, 0x0b, 0xdb, 0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c,
      0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79, 0xe7, 0xc8, 0x37, 0x6d,
      0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
      0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f,
      0x4b, 0xbd, 0x8b, 0x8a, 0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e,
      0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e, 0xe1, 0xf8, 0x98, 0x11,
      0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
      0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f,
      0xb0, 0x54, 0xbb, 0x16};
  const size_t nk = key.size() / 4, nr = nk + 6;
  std::vector<uint8_t> w(16 * (nr + 1));
  std::memcpy(w.data(), key.data(), key.size());
  uint8_t rcon = 1;
  for (size_t i = nk; i < 4 * (nr + 1); ++i) {
    uint8_t t[4];
    std::memcpy(t, &w[4 * (i - 1)], 4);
    if (i % nk == 0) {
      const uint8_t t0 = t[0];
      t[0] = static_cast<uint8_t>(kSbox[t[1]] ^ rcon);
      t[1] = kSbox[t[2]];
      t[2] = kSbox[t[3]];
      t[3] = kSbox[t0];
      rcon = static_cast<uint8_t>((rcon << 1) ^ ((rcon >> 7) * 0x1b));
    } else if (nk > 6 && i % nk == 4) {
      for (uint8_t& b : t) b = kSbox[b];
    }
    for (int j = 0; j < 4; ++j) w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
  }
  return w;
}

void AddAesSecrets(Secrets* s, const Bytes& key,
                   const ctcrypto::AesKey& aes) {
  s->Add("AES key", key.data(), key.size());
  const std::vector<uint8_t> rk = RefRoundKeys(key);
  for (size_t r = 0; r * 16 < rk.size(); ++r) {
    Block b;
    std::memcpy(b.data(), &rk[16 * r], 16);
    s->AddBlockBothOrders("round key " + std::to_string(r), b);
  }
  s->AddChunks(std::string("AES storage of ") + aes.row_name(),
               ctcrypto::internal::key_state(aes).storage,
               sizeof(ctcrypto::internal::key_state(aes).storage));
}

// CheckRegion: the scan covered the victim's frames and it ran there.
void CheckRegion(const std::vector<uint8_t>& region) {
  for (size_t i = 0; i < kQuiet; ++i)
    ASSERT_EQ(region[i], kPaint) << "scan region too shallow";
  size_t used = 0;
  for (uint8_t b : region) used += b != kPaint;
  ASSERT_GT(used, 256u) << "the victim did not run in the scanned region";
}

// --- tags of failed verifications -------------------------------------------
//
// Each AEAD victim ends by sealing kVerifyMsg, flipping the first
// ciphertext byte and opening: a failed open. Every AEAD here is CTR-based
// (GCM-SIV's counter comes from the received tag, which is unchanged), so
// that open recovers kVerifyMsg with its first byte flipped, and the tag
// it computed is the tag sealing that message under the same nonce and AD
// gives (GCM: whose ciphertext is the flipped one). The test recomputes it
// after the probe.
constexpr size_t kVerifyLen = 1024;
std::array<uint8_t, kVerifyLen> VerifyMsg(bool flipped) {
  std::array<uint8_t, kVerifyLen> m;
  for (size_t i = 0; i < m.size(); ++i)
    m[i] = static_cast<uint8_t>(i * 29 + 3);
  if (flipped) m[0] ^= 1;
  return m;
}
const std::array<uint8_t, kVerifyLen> kVerifyMsg = VerifyMsg(false);

// FailedOpen: the victim's last calls, as above, through `out` (at least
// kVerifyLen + 16 bytes) and `back` (kVerifyLen).
template <class Aead>
Status FailedOpen(const Aead& aead, std::span<uint8_t> out,
                  std::span<uint8_t> back, std::span<const uint8_t> nonce,
                  std::span<const uint8_t> ad) {
  size_t n = 0;
  const auto sealed = out.first(kVerifyLen + 16);
  if (aead.seal(sealed, &n, nonce, kVerifyMsg, ad) != Status::kOk)
    return Status::kInvalidArgument;  // not the expected failure
  sealed[0] ^= 1;
  return aead.open(back.first(kVerifyLen), &n, nonce, sealed, ad);
}

// FailedOpenTag: the tag the failed open computed.
template <class Aead>
Block FailedOpenTag(const Aead& aead, std::span<const uint8_t> nonce,
                    std::span<const uint8_t> ad) {
  const auto p = VerifyMsg(true);
  std::vector<uint8_t> ct(p.size());
  Block t{};
  EXPECT_EQ(aead.seal_detached(ct, t, nonce, p, ad), Status::kOk);
  return t;
}

// --- AES-GCM ------------------------------------------------------------------

struct GcmCtx {
  GcmRows rows;
  Bytes key;
  ctcrypto::AesGcm* gcm;
  Status init, seal, open, open_bad;
};

// The victim: key set-up, a seal of a few sizes (head only, bulk + tail,
// whole blocks that a row's last pass takes with the length block
// (AesRow::gcm_seal_last), a bulk that ends with the message (176, 304,
// 2096 = the 48-byte head + whole 8-block batches: no keystream call after
// the stitched loop overwrites its frame), a non-96-bit nonce), an open and
// a failed open. Everything it touches besides its own stack is on the
// heap.
const uint8_t kGcmNonce[60] = {1, 2, 3};
const uint8_t kGcmAd[100] = {4, 5, 6};

void GcmVictim(void* p) {
  auto* c = static_cast<GcmCtx*>(p);
  c->init = ctcrypto::internal::init_with_rows(*c->gcm, c->key, 16, c->rows.aes,
                                               c->rows.ghash);
  static uint8_t buf[4096 + 16], back[4096];
  const auto& nonce = kGcmNonce;
  const auto& ad = kGcmAd;
  size_t n = 0;
  Status st = Status::kOk;
  for (size_t len : {16, 100, 176, 256, 304, 2096, 4096}) {
    for (size_t nl : {12, 60}) {
      Status s = c->gcm->seal(std::span(buf).first(len + 16), &n,
                              std::span(nonce).first(nl),
                              std::span(back).first(len), ad);
      if (s != Status::kOk) st = s;
      s = c->gcm->open(std::span(back).first(len), &n,
                       std::span(nonce).first(nl),
                       std::span(buf).first(len + 16), ad);
      if (s != Status::kOk) st = s;
    }
  }
  c->seal = st;
  c->open = st;
  // The failed open whose tag the scan looks for, last: nothing after it
  // overwrites what the calls left (the clang 14 build's spilled aesni
  // round keys, found this way, are scrubbed since: gcm_aesni_x86_64.cc).
  c->open_bad =
      FailedOpen(*c->gcm, buf, back, std::span(nonce).first(12), ad);
}

void AddGhashSecrets(Secrets* s, const ctcrypto::AesGcm& gcm,
                     const Bytes& key) {
  ctcrypto::AesKey k;
  EXPECT_EQ(k.init(key), Status::kOk);
  Block h{};
  k.encrypt_block(h.data(), h.data());
  Block p = h;
  for (int i = 1; i <= 16; ++i) {
    s->AddBlockBothOrders("H^" + std::to_string(i), p);
    p = RefGfMul(p, h);
  }
  const auto& g = ctcrypto::internal::key_state(gcm.ghash_key());
  s->AddChunks(std::string("GHASH storage of ") + g.row->name, g.storage,
               sizeof(g.storage));
}

class StackResidueGcmTest : public testing::TestWithParam<GcmRows> {};

TEST_P(StackResidueGcmTest, NoKeyMaterialLeftOnStack) {
  for (size_t key_len : {16, 32}) {
    SCOPED_TRACE(key_len);
    std::mt19937 rng(TestSeed() + static_cast<uint32_t>(key_len));
    auto gcm = std::make_unique<ctcrypto::AesGcm>();
    auto ctx = std::make_unique<GcmCtx>(
        GcmCtx{GetParam(), RandomBytes(rng, key_len), gcm.get(), {}, {}, {},
               {}});
    const std::vector<uint8_t> region = Probe(GcmVictim, ctx.get());
    ASSERT_EQ(ctx->init, Status::kOk);
    ASSERT_EQ(ctx->seal, Status::kOk);
    ASSERT_EQ(ctx->open, Status::kOk);
    ASSERT_EQ(ctx->open_bad, Status::kAuthenticationFailed);
    ASSERT_STREQ(gcm->aes_key().row_name(), GetParam().aes->name);
    ASSERT_STREQ(gcm->ghash_key().row_name(), GetParam().ghash->name);
    for (size_t i = 0; i < kQuiet; ++i)
      ASSERT_EQ(region[i], kPaint) << "scan region too shallow";
    size_t used = 0;
    for (uint8_t b : region) used += b != kPaint;
    ASSERT_GT(used, 256u) << "the victim did not run in the scanned region";

    Secrets s;
    AddAesSecrets(&s, ctx->key, gcm->aes_key());
    AddGhashSecrets(&s, *gcm, ctx->key);
    s.AddBlockBothOrders(
        "tag of the failed open",
        FailedOpenTag(*gcm, std::span(kGcmNonce).first(12), kGcmAd));
    ASSERT_GT(s.size(), 40u);
    EXPECT_EQ(s.Find(region), "");
  }
}

// A truncated tag's other bytes are secret (they would let a forger keep
// the full tag): a 12-byte-tag key's seal_detached, seal and stream finish
// output 12 bytes and must leave the whole 16-byte tag nowhere. The victim
// does nothing deeper after them.
struct GcmTruncCtx {
  GcmRows rows;
  Bytes key;
  ctcrypto::AesGcm* gcm;
  Status st;
};

void GcmTruncatedVictim(void* p) {
  auto* c = static_cast<GcmTruncCtx*>(p);
  c->st = ctcrypto::internal::init_with_rows(*c->gcm, c->key, 12, c->rows.aes,
                                             c->rows.ghash);
  static uint8_t out[kVerifyLen + 16], tag[12];
  const auto msg = VerifyMsg(true);
  const auto nonce = std::span(kGcmNonce).first(12);
  size_t n = 0;
  Status st = c->st;
  if (st == Status::kOk)
    st = c->gcm->seal_detached(std::span(out).first(msg.size()), tag, nonce,
                               msg, kGcmAd);
  if (st == Status::kOk)
    st = c->gcm->seal(std::span(out).first(msg.size() + 12), &n, nonce, msg,
                      kGcmAd);
  ctcrypto::AesGcmStream stream;
  if (st == Status::kOk) st = stream.start_seal(*c->gcm, nonce);
  if (st == Status::kOk) st = stream.update_ad(kGcmAd);
  if (st == Status::kOk) st = stream.update(std::span(out).first(msg.size()), msg);
  if (st == Status::kOk) st = stream.finish(tag);
  c->st = st;
}

TEST_P(StackResidueGcmTest, TruncatedTagKeepsItsRest) {
  std::mt19937 rng(TestSeed() + 7);
  auto gcm = std::make_unique<ctcrypto::AesGcm>();
  auto ctx = std::make_unique<GcmTruncCtx>(
      GcmTruncCtx{GetParam(), RandomBytes(rng, 16), gcm.get(), {}});
  const std::vector<uint8_t> region = Probe(GcmTruncatedVictim, ctx.get());
  ASSERT_EQ(ctx->st, Status::kOk);
  CheckRegion(region);
  // The full tag, from a 16-byte-tag key over the same message.
  ctcrypto::AesGcm full_key;
  ASSERT_EQ(full_key.init(ctx->key, 16), Status::kOk);
  const auto msg = VerifyMsg(true);
  std::vector<uint8_t> ct(msg.size());
  Block full{};
  ASSERT_EQ(full_key.seal_detached(ct, full, std::span(kGcmNonce).first(12),
                                   msg, kGcmAd),
            Status::kOk);
  Secrets s;
  s.AddBlockBothOrders("the untruncated tag", full);
  EXPECT_EQ(s.Find(region), "");
}

// --- the streaming forms -----------------------------------------------------
//
// AesGcmStream, AesCcmStream and AesGmacContext hold the key by pointer and
// keep per-message state (the tag mask, the GHASH or CBC-MAC chain, the
// partial block's keystream) in the stream object, which wipes itself when
// finish or verify ends it. The victims keep the stream where a caller
// would, on their own (scanned) stack, and feed it in pieces with
// partial-block seams and runs of whole blocks (the kernels' bulk paths);
// each ends with a streamed open of kVerifyMsg whose first ciphertext byte
// was flipped, so verify() fails on a tag it computed. Besides the key
// material, the scan looks for that tag and its mask (GCM: E_K(J0), CCM:
// S0 = E_K(Ctr_0)), and for CCM the raw CBC-MAC as the one-shot victim
// does, and for GCM the unmasked GHASH_H(A, C), from which H could be
// solved for (the portable GHASH rows wipe their frames for it).

// The pieces: AD 5 + 30 (GCM; CCM's AD is kModesAd's 40 bytes, 5 + 35),
// data 1 + 15 (to a block boundary), 1024 and 1024 from block boundaries
// (a seal stream's kernel carries its last batch across the seam), 17,
// 600 (completes the partial block, 36 whole blocks, a tail), 3 inside a
// block, 13, 80 and a 7-byte tail: 2784 bytes.
constexpr size_t kStreamData[] = {1, 15, 1024, 1024, 17, 600, 3, 13, 80, 7};
constexpr size_t kStreamLen = 2784;
// The failed open: kVerifyMsg's 1024 bytes as 1 + 15 + 17 + 600 + 391.
constexpr size_t kVerifyPieces[] = {1, 15, 17, 600, 391};

// StreamFeed: the AD in pieces `ad_pieces` (of `ad`), then `in` to `out`
// in pieces `pieces`; the first refusal, or kOk.
template <class Stream>
Status StreamFeed(Stream& st, std::span<const uint8_t> ad,
                  std::span<const size_t> ad_pieces,
                  std::span<const uint8_t> in, std::span<uint8_t> out,
                  std::span<const size_t> pieces) {
  Status r = Status::kOk;
  size_t off = 0;
  for (size_t c : ad_pieces) {
    const Status x = st.update_ad(ad.subspan(off, c));
    if (x != Status::kOk) r = x;
    off += c;
  }
  off = 0;
  for (size_t c : pieces) {
    const Status x = st.update(out.subspan(off, c), in.subspan(off, c));
    if (x != Status::kOk) r = x;
    off += c;
  }
  return r;
}

struct GcmStreamCtx {
  GcmRows rows;
  Bytes key;
  ctcrypto::AesGcm* gcm;
  Status init, calls, open_bad;
};

// The victim: key set-up, a streamed seal and open of kStreamLen bytes with
// a 12-byte nonce and a streamed seal with a 60-byte one, then the failed
// streamed open (12-byte nonce, kGcmAd as 5 + 95).
void GcmStreamVictim(void* p) {
  auto* c = static_cast<GcmStreamCtx*>(p);
  c->init = ctcrypto::internal::init_with_rows(*c->gcm, c->key, 16, c->rows.aes,
                                               c->rows.ghash);
  static uint8_t pt[kStreamLen], ct[kStreamLen + 16], back[kStreamLen];
  static constexpr size_t kAdPieces[] = {5, 30};
  const std::span<const uint8_t> ad(kGcmAd, 35);
  Status st = Status::kOk;
  auto note = [&](Status x) {
    if (x != Status::kOk) st = x;
  };
  for (size_t nl : {12, 60}) {
    const auto nonce = std::span(kGcmNonce).first(nl);
    ctcrypto::AesGcmStream s;
    note(s.start_seal(*c->gcm, nonce));
    note(StreamFeed(s, ad, kAdPieces, pt, ct, kStreamData));
    note(s.finish(std::span(ct + kStreamLen, 16)));
    if (nl != 12) continue;
    note(s.start_open(*c->gcm, nonce));
    note(StreamFeed(s, ad, kAdPieces, ct, back, kStreamData));
    note(s.verify(std::span<const uint8_t>(ct + kStreamLen, 16)));
  }
  c->calls = st;
  // The failed open.
  static uint8_t sealed[kVerifyLen + 16];
  size_t n = 0;
  const auto nonce = std::span(kGcmNonce).first(12);
  Status bad = c->gcm->seal(sealed, &n, nonce, kVerifyMsg, kGcmAd);
  sealed[0] ^= 1;
  static constexpr size_t kVerifyAd[] = {5, 95};
  ctcrypto::AesGcmStream s;
  if (bad == Status::kOk) bad = s.start_open(*c->gcm, nonce);
  if (bad == Status::kOk)
    bad = StreamFeed(s, kGcmAd, kVerifyAd,
                     std::span<const uint8_t>(sealed, kVerifyLen),
                     std::span(back, kVerifyLen), kVerifyPieces);
  if (bad == Status::kOk)
    bad = s.verify(std::span<const uint8_t>(sealed + kVerifyLen, 16));
  c->open_bad = bad;
}

// AddTagSecrets: a failed check's tag and its mask, and with `unmasked`
// named the unmasked value (tag XOR mask) too.
void AddTagSecrets(Secrets* s, const char* unmasked, const Block& tag,
                   const Block& mask) {
  s->AddBlockBothOrders("tag of the failed open", tag);
  s->AddBlockBothOrders("tag mask of the failed open", mask);
  if (unmasked == nullptr) return;
  Block raw;
  for (int i = 0; i < 16; ++i) raw[i] = tag[i] ^ mask[i];
  s->AddBlockBothOrders(std::string(unmasked) + " of the failed open", raw);
}

// GcmTagMask: E_K(J0) for a 12-byte nonce.
Block GcmTagMask(const Bytes& key, std::span<const uint8_t> nonce12) {
  Block j0{};
  std::memcpy(j0.data(), nonce12.data(), 12);
  j0[15] = 1;
  return RefAesEncryptBlock(key, j0);
}

TEST_P(StackResidueGcmTest, Stream) {
  for (size_t key_len : {16, 32}) {
    SCOPED_TRACE(key_len);
    std::mt19937 rng(TestSeed() + static_cast<uint32_t>(key_len));
    auto gcm = std::make_unique<ctcrypto::AesGcm>();
    auto ctx = std::make_unique<GcmStreamCtx>(GcmStreamCtx{
        GetParam(), RandomBytes(rng, key_len), gcm.get(), {}, {}, {}});
    const std::vector<uint8_t> region = Probe(GcmStreamVictim, ctx.get());
    ASSERT_EQ(ctx->init, Status::kOk);
    ASSERT_EQ(ctx->calls, Status::kOk);
    ASSERT_EQ(ctx->open_bad, Status::kAuthenticationFailed);
    ASSERT_STREQ(gcm->aes_key().row_name(), GetParam().aes->name);
    ASSERT_STREQ(gcm->ghash_key().row_name(), GetParam().ghash->name);
    CheckRegion(region);

    const auto nonce = std::span(kGcmNonce).first(12);
    Secrets tags;
    AddTagSecrets(&tags, "GHASH", FailedOpenTag(*gcm, nonce, kGcmAd),
                  GcmTagMask(ctx->key, nonce));
    EXPECT_EQ(tags.Find(region), "");
    Secrets s;
    AddAesSecrets(&s, ctx->key, gcm->aes_key());
    AddGhashSecrets(&s, *gcm, ctx->key);
    ASSERT_GT(s.size(), 40u);
    EXPECT_EQ(s.Find(region), "");
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, StackResidueGcmTest,
                         testing::ValuesIn(UsableGcmRows()),
                         GcmRowsParamName());

// --- TLS-CBC ------------------------------------------------------------------

struct TlsCtx {
  const AesRow* row;
  ctcrypto::TlsCbcSuite suite;
  Bytes key;
  ctcrypto::TlsCbcAead* tls;
  Status init, seal, open, open_bad, open_bad_mac;
};

const uint8_t kTlsPt[600] = {9};
const uint8_t kTlsIv[16] = {7};
const uint8_t kTlsAd[11] = {8};

// Seal, open, an open with a broken last block (padding), and one with the
// explicit IV's first byte flipped: that record decrypts to kTlsPt with its
// first byte flipped, valid padding, and fails on the MAC it computed.
void TlsVictim(void* p) {
  auto* c = static_cast<TlsCtx*>(p);
  c->init =
      ctcrypto::internal::init_with_rows(*c->tls, c->suite, c->key, 0, c->row);
  static uint8_t rec[700], back[700];
  size_t n = 0, m = 0;
  c->seal = c->tls->seal(rec, &n, kTlsIv, kTlsPt, kTlsAd);
  c->open = c->tls->open(back, &m, kTlsIv, std::span(rec).first(n), kTlsAd);
  uint8_t iv2[16];
  std::memcpy(iv2, kTlsIv, 16);
  iv2[0] ^= 1;
  c->open_bad_mac =
      c->tls->open(back, &m, iv2, std::span(rec).first(n), kTlsAd);
  rec[n - 1] ^= 1;
  c->open_bad = c->tls->open(back, &m, kTlsIv, std::span(rec).first(n),
                             kTlsAd);
}

// TlsFailedOpenMac: the MAC that open with the flipped IV computed, i.e.
// the one sealing kTlsPt with its first byte flipped puts in the record
// (read back by decrypting that record).
Bytes TlsFailedOpenMac(ctcrypto::TlsCbcAead& tls) {
  uint8_t pt[sizeof(kTlsPt)];
  std::memcpy(pt, kTlsPt, sizeof(pt));
  pt[0] ^= 1;
  std::vector<uint8_t> rec(700), dec(700);
  size_t n = 0;
  EXPECT_EQ(tls.seal(rec, &n, kTlsIv, pt, kTlsAd), Status::kOk);
  std::array<uint8_t, 16> iv;
  std::memcpy(iv.data(), kTlsIv, 16);
  EXPECT_EQ(ctcrypto::aes_cbc_decrypt(tls.aes_key(), iv,
                                      std::span(rec).first(n), dec),
            Status::kOk);
  return Bytes(dec.begin() + sizeof(pt),
               dec.begin() + sizeof(pt) + tls.mac_len());
}

// The HMAC ipad/opad chaining states of `mac_key` on `row`, as
// hmac_key_setup leaves them.
void AddHmacSecrets(Secrets* s, const ctcrypto::internal::HashAlg& alg,
                    const ctcrypto::internal::ShaRow* row,
                    const uint8_t* mac_key, size_t mac_key_len) {
  s->Add("MAC key", mac_key, mac_key_len);
  ctcrypto::internal::HmacKeyState hk;
  ctcrypto::internal::hmac_key_setup(&hk, alg, row, mac_key, mac_key_len);
  s->Add("HMAC ipad state", reinterpret_cast<const uint8_t*>(&hk.inner),
         sizeof(hk.inner));
  s->Add("HMAC opad state", reinterpret_cast<const uint8_t*>(&hk.outer),
         sizeof(hk.outer));
}

class StackResidueTlsTest : public testing::TestWithParam<const AesRow*> {
};

// Every suite: its MAC runs on the best SHA row of its hash (SHA-1 and
// SHA-256 on SHA-NI or the ARMv8 instructions where the CPU has them,
// SHA-384 on the portable SHA-512 or ARMv8.2 SHA512).
TEST_P(StackResidueTlsTest, NoKeyMaterialLeftOnStack) {
  for (const auto suite : {ctcrypto::TlsCbcSuite::kAes128CbcSha1,
                           ctcrypto::TlsCbcSuite::kAes128CbcSha256,
                           ctcrypto::TlsCbcSuite::kAes256CbcSha384}) {
    const auto& info = ctcrypto::tls_cbc_suite_info(suite);
    SCOPED_TRACE(info.name);
    std::mt19937 rng(TestSeed());
    auto tls = std::make_unique<ctcrypto::TlsCbcAead>();
    auto ctx = std::make_unique<TlsCtx>(
        TlsCtx{GetParam(), suite, RandomBytes(rng, info.key_len()), tls.get(),
               {}, {}, {}, {}, {}});
    const std::vector<uint8_t> region = Probe(TlsVictim, ctx.get());
    ASSERT_EQ(ctx->init, Status::kOk);
    ASSERT_EQ(ctx->seal, Status::kOk);
    ASSERT_EQ(ctx->open, Status::kOk);
    ASSERT_EQ(ctx->open_bad, Status::kAuthenticationFailed);
    ASSERT_EQ(ctx->open_bad_mac, Status::kAuthenticationFailed);
    for (size_t i = 0; i < kQuiet; ++i)
      ASSERT_EQ(region[i], kPaint) << "scan region too shallow";

    Secrets s;
    const Bytes mac = TlsFailedOpenMac(*tls);
    ASSERT_EQ(mac.size(), info.mac_key_len);
    s.Add("MAC of the failed open", mac.data(), mac.size());
    const Bytes aes_key(ctx->key.begin() + info.mac_key_len, ctx->key.end());
    AddAesSecrets(&s, aes_key, tls->aes_key());
    const ctcrypto::internal::HashAlg& alg =
        ctcrypto::internal::alg_of(info.hash);
    AddHmacSecrets(&s, alg,
                   ctcrypto::internal::select_sha_row(
                       alg.family, ctcrypto::internal::cpu_caps()),
                   ctx->key.data(), info.mac_key_len);
    EXPECT_EQ(s.Find(region), "");
  }
}

CTCRYPTO_INSTANTIATE_AES_ROWS(StackResidueTlsTest);

// --- HMAC ---------------------------------------------------------------------

struct HmacCtx {
  ShaAlgRow row;
  Bytes key;
  ctcrypto::Hmac* hmac;
  Status init, finish;
};

// Key set-up, updates of a part block, several blocks and a tail, finish.
void HmacVictim(void* p) {
  auto* c = static_cast<HmacCtx*>(p);
  c->init = ctcrypto::internal::init_with_rows(*c->hmac, c->row.alg, c->key,
                                               c->row.sha);
  static const uint8_t msg[700] = {3};
  static uint8_t mac[64];
  c->hmac->update(std::span(msg).first(5));
  c->hmac->update(std::span(msg).subspan(5, 400));
  c->hmac->update(std::span(msg).subspan(405));
  c->finish = c->hmac->finish(mac);
}

class StackResidueHmacTest : public testing::TestWithParam<ShaAlgRow> {};

TEST_P(StackResidueHmacTest, NoKeyMaterialLeftOnStack) {
  std::mt19937 rng(TestSeed());
  auto hmac = std::make_unique<ctcrypto::Hmac>();
  auto ctx = std::make_unique<HmacCtx>(
      HmacCtx{GetParam(), RandomBytes(rng, 32), hmac.get(), {}, {}});
  const std::vector<uint8_t> region = Probe(HmacVictim, ctx.get());
  ASSERT_EQ(ctx->init, Status::kOk);
  ASSERT_EQ(ctx->finish, Status::kOk);
  ASSERT_STREQ(hmac->row_name(), GetParam().sha->name);
  for (size_t i = 0; i < kQuiet; ++i)
    ASSERT_EQ(region[i], kPaint) << "scan region too shallow";
  Secrets s;
  AddHmacSecrets(&s, ctcrypto::internal::alg_of(GetParam().alg),
                 GetParam().sha, ctx->key.data(), ctx->key.size());
  EXPECT_EQ(s.Find(region), "");
}

INSTANTIATE_TEST_SUITE_P(Rows, StackResidueHmacTest,
                         testing::ValuesIn(UsableShaAlgRows()),
                         ShaAlgRowParamName());

// --- the other keyed objects ---------------------------------------------------
//
// CCM, CMAC, GCM-SIV, GMAC, XTS, key wrap and the block modes, each on
// every AES row (GCM-SIV and GMAC with the best GHASH row): set-up and a few
// calls of each kind, including a failed check where there is one.

// ProbeCalls: Probe() on a callable (a lambda whose state lives in the
// test's frame, above the scanned region).
template <class F>
std::vector<uint8_t> ProbeCalls(F& f) {
  return Probe([](void* p) { (*static_cast<F*>(p))(); }, &f);
}

// AddKeySecrets: AddAesSecrets for raw key bytes, the row form from a key
// set up on `row` (the same row: the same storage form).
void AddKeySecrets(Secrets* s, const std::string& what, const Bytes& key,
                   const AesRow* row) {
  ctcrypto::AesKey k;
  ASSERT_EQ(ctcrypto::internal::init_with_rows(k, key, row), Status::kOk);
  AddAesSecrets(s, key, k);
  s->Add(what, key.data(), key.size());
}

// Doubling in GF(2^128) as CMAC and XTS use it (big-endian: CMAC; little-
// endian: XTS).
Block DoubleBe(const Block& b) {
  Block r;
  for (int i = 0; i < 16; ++i)
    r[i] = static_cast<uint8_t>((b[i] << 1) | (i < 15 ? b[i + 1] >> 7 : 0));
  if (b[0] & 0x80) r[15] ^= 0x87;
  return r;
}
Block DoubleLe(const Block& b) {
  Block r;
  for (int i = 0; i < 16; ++i)
    r[i] = static_cast<uint8_t>((b[i] << 1) | (i > 0 ? b[i - 1] >> 7 : 0));
  if (b[15] & 0x80) r[0] ^= 0x87;
  return r;
}

// Outcome: what a victim's calls returned (the first failure, if any) and,
// for an object that checks, the result of the call that must fail.
struct Outcome {
  Status init = Status::kOk;
  Status calls = Status::kOk;
  std::optional<Status> bad;
  void note(Status st) {
    if (st != Status::kOk) calls = st;
  }
};

// CheckResidue: for each key size, a fresh Obj and a random key; run(obj,
// key, outcome) is the victim (set-up and calls), probed; then
// secrets(&s, obj, key) names what must not be on the stack.
template <class Obj>
void CheckResidue(
    std::initializer_list<size_t> key_lens,
    const std::function<void(Obj&, const Bytes&, Outcome&)>& run,
    const std::function<void(Secrets*, const Obj&, const Bytes&)>& secrets) {
  for (size_t key_len : key_lens) {
    SCOPED_TRACE(key_len);
    std::mt19937 rng(TestSeed() + static_cast<uint32_t>(key_len));
    const Bytes key = RandomBytes(rng, key_len);
    auto obj = std::make_unique<Obj>();
    Outcome out;
    auto victim = [&] { run(*obj, key, out); };
    const std::vector<uint8_t> region = ProbeCalls(victim);
    ASSERT_EQ(out.init, Status::kOk);
    ASSERT_EQ(out.calls, Status::kOk);
    if (out.bad) {
      ASSERT_EQ(*out.bad, Status::kAuthenticationFailed);
    }
    CheckRegion(region);
    Secrets s;
    secrets(&s, *obj, key);
    EXPECT_EQ(s.Find(region), "");
  }
}

class StackResidueModesTest : public testing::TestWithParam<const AesRow*> {
 protected:
  const AesRow* row() const { return GetParam(); }
  const ctcrypto::internal::GhashRow* ghash_row() const {
    return ctcrypto::internal::select_ghash_row(
        ctcrypto::internal::cpu_caps());
  }
};

const uint8_t kModesNonce[12] = {1};
const uint8_t kModesAd[40] = {2};

TEST_P(StackResidueModesTest, Ccm) {
  CheckResidue<ctcrypto::AesCcm>(
      {16, 32},
      [&](ctcrypto::AesCcm& ccm, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(ccm, key, 16, 12, row());
        static uint8_t buf[1024 + 16], back[1024];
        const auto& nonce = kModesNonce;
        const auto& ad = kModesAd;
        size_t n = 0;
        for (size_t len : {0, 17, 1024}) {
          o.note(ccm.seal(std::span(buf).first(len + 16), &n, nonce,
                          std::span(back).first(len), ad));
          o.note(ccm.open(std::span(back).first(len), &n, nonce,
                          std::span(buf).first(len + 16), ad));
        }
        o.bad = FailedOpen(ccm, buf, back, nonce, ad);
      },
      [](Secrets* s, const ctcrypto::AesCcm& ccm, const Bytes& key) {
        AddAesSecrets(s, key, ccm.aes_key());
        const Block t = FailedOpenTag(ccm, kModesNonce, kModesAd);
        s->AddBlockBothOrders("tag of the failed open", t);
        // The raw CBC-MAC: the tag before its XOR with S0 = E(Ctr_0),
        // Ctr_0 = (q - 1) || nonce || 0 (q = 3).
        Block ctr0{};
        ctr0[0] = 2;
        std::memcpy(ctr0.data() + 1, kModesNonce, 12);
        const Block s0 = RefAesEncryptBlock(key, ctr0);
        Block raw;
        for (int i = 0; i < 16; ++i) raw[i] = t[i] ^ s0[i];
        s->AddBlockBothOrders("CBC-MAC of the failed open", raw);
      });
}

const uint8_t kCmacMsg[300] = {5};

struct CmacPair {
  ctcrypto::AesCmac key;
  ctcrypto::AesCmacContext ctx;
};

TEST_P(StackResidueModesTest, Cmac) {
  CheckResidue<CmacPair>(
      {16, 32},
      [&](CmacPair& c, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(c.key, key, row());
        const auto& msg = kCmacMsg;
        uint8_t tag[16];
        for (size_t len : {0, 15, 16, 300})
          o.note(c.key.mac(std::span(msg).first(len), tag));
        o.note(c.ctx.init(c.key));
        o.note(c.ctx.update(std::span(msg).first(7)));
        o.note(c.ctx.update(std::span(msg).subspan(7)));
        o.note(c.ctx.finish(tag));
        tag[0] ^= 1;
        o.bad = c.key.verify(msg, tag);
      },
      [](Secrets* s, const CmacPair& c, const Bytes& key) {
        AddAesSecrets(s, key, c.key.aes_key());
        // verify() computed the right MAC of msg before comparing.
        Block mac{};
        EXPECT_EQ(c.key.mac(kCmacMsg, mac), Status::kOk);
        s->AddBlockBothOrders("MAC of the failed verify", mac);
        const Block l = RefAesEncryptBlock(key, Block{});
        const Block k1 = DoubleBe(l);
        s->AddBlockBothOrders("CMAC L", l);
        s->AddBlockBothOrders("CMAC K1", k1);
        s->AddBlockBothOrders("CMAC K2", DoubleBe(k1));
      });
}

TEST_P(StackResidueModesTest, GcmSiv) {
  static const uint8_t kNonce[12] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
  CheckResidue<ctcrypto::AesGcmSiv>(
      {16, 32},
      [&](ctcrypto::AesGcmSiv& siv, const Bytes& key, Outcome& o) {
        o.init =
            ctcrypto::internal::init_with_rows(siv, key, row(), ghash_row());
        static uint8_t buf[1024 + 16], back[1024];
        const auto& ad = kModesAd;
        size_t n = 0;
        for (size_t len : {0, 33, 1024}) {
          o.note(siv.seal(std::span(buf).first(len + 16), &n, kNonce,
                          std::span(back).first(len), ad));
          o.note(siv.open(std::span(back).first(len), &n, kNonce,
                          std::span(buf).first(len + 16), ad));
        }
        o.bad = FailedOpen(siv, buf, back, kNonce, ad);
      },
      [&](Secrets* s, const ctcrypto::AesGcmSiv& siv, const Bytes& key) {
        AddAesSecrets(s, key, siv.aes_key());
        s->AddBlockBothOrders("tag of the failed open",
                              FailedOpenTag(siv, kNonce, kModesAd));
        // RFC 8452, section 4: the per-nonce keys from the key-generating
        // key.
        Bytes auth, enc;
        for (uint32_t i = 0; i < (key.size() == 32 ? 6u : 4u); ++i) {
          Block in{};
          in[0] = static_cast<uint8_t>(i);
          std::memcpy(in.data() + 4, kNonce, 12);
          const Block out = RefAesEncryptBlock(key, in);
          Bytes& dst = i < 2 ? auth : enc;
          dst.insert(dst.end(), out.begin(), out.begin() + 8);
        }
        s->Add("message-authentication key", auth.data(), auth.size());
        AddKeySecrets(s, "message-encryption key", enc, row());
        // POLYVAL's key as the GHASH row holds it:
        // mulX_GHASH(ByteReverse(H)) (RFC 8452, appendix A).
        Block h;
        for (int i = 0; i < 16; ++i) h[i] = auth[15 - i];
        const uint8_t carry = h[15] & 1;
        for (int i = 15; i > 0; --i)
          h[i] = static_cast<uint8_t>((h[i] >> 1) | (h[i - 1] << 7));
        h[0] = static_cast<uint8_t>((h[0] >> 1) ^ (carry ? 0xe1 : 0));
        Block p = h;
        for (int i = 1; i <= 8; ++i) {
          s->AddBlockBothOrders("POLYVAL H^" + std::to_string(i), p);
          p = RefGfMul(p, h);
        }
      });
}

const uint8_t kGmacData[2000] = {6};
const uint8_t kGmacNonce[12] = {7};

TEST_P(StackResidueModesTest, Gmac) {
  CheckResidue<ctcrypto::AesGmac>(
      {16, 32},
      [&](ctcrypto::AesGmac& gmac, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(gmac, key, 16, row(),
                                                    ghash_row());
        const auto& data = kGmacData;
        const auto& nonce = kGmacNonce;
        uint8_t tag[16];
        for (size_t len : {0, 31, 2000})
          o.note(gmac.compute(tag, nonce, std::span(data).first(len)));
        tag[0] ^= 1;
        o.bad = gmac.verify(nonce, data, tag);
      },
      [](Secrets* s, const ctcrypto::AesGmac& gmac, const Bytes& key) {
        AddAesSecrets(s, key, gmac.gcm().aes_key());
        // verify() computed the right tag of the data before comparing.
        Block tag{};
        EXPECT_EQ(gmac.compute(tag, kGmacNonce, kGmacData), Status::kOk);
        s->AddBlockBothOrders("tag of the failed verify", tag);
        AddGhashSecrets(s, gmac.gcm(), key);
      });
}

TEST_P(StackResidueModesTest, CcmStream) {
  CheckResidue<ctcrypto::AesCcm>(
      {16, 32},
      [&](ctcrypto::AesCcm& ccm, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(ccm, key, 16, 12, row());
        static uint8_t pt[kStreamLen], ct[kStreamLen + 16], back[kStreamLen];
        static constexpr size_t kAdPieces[] = {5, 35};
        const auto& nonce = kModesNonce;
        const auto& ad = kModesAd;
        {
          ctcrypto::AesCcmStream s;
          o.note(s.start_seal(ccm, nonce, sizeof(ad), kStreamLen));
          o.note(StreamFeed(s, ad, kAdPieces, pt, ct, kStreamData));
          o.note(s.finish(std::span(ct + kStreamLen, 16)));
          o.note(s.start_open(ccm, nonce, sizeof(ad), kStreamLen));
          o.note(StreamFeed(s, ad, kAdPieces, ct, back, kStreamData));
          o.note(s.verify(std::span<const uint8_t>(ct + kStreamLen, 16)));
        }
        // The failed open, streamed.
        static uint8_t sealed[kVerifyLen + 16];
        size_t n = 0;
        Status bad = ccm.seal(sealed, &n, nonce, kVerifyMsg, ad);
        sealed[0] ^= 1;
        ctcrypto::AesCcmStream s;
        if (bad == Status::kOk)
          bad = s.start_open(ccm, nonce, sizeof(ad), kVerifyLen);
        if (bad == Status::kOk)
          bad = StreamFeed(s, ad, kAdPieces,
                           std::span<const uint8_t>(sealed, kVerifyLen),
                           std::span(back, kVerifyLen), kVerifyPieces);
        if (bad == Status::kOk)
          bad = s.verify(std::span<const uint8_t>(sealed + kVerifyLen, 16));
        o.bad = bad;
      },
      [](Secrets* s, const ctcrypto::AesCcm& ccm, const Bytes& key) {
        AddAesSecrets(s, key, ccm.aes_key());
        // S0 = E(Ctr_0), Ctr_0 = (q - 1) || nonce || 0 (q = 3); the
        // unmasked value is the raw CBC-MAC.
        Block ctr0{};
        ctr0[0] = 2;
        std::memcpy(ctr0.data() + 1, kModesNonce, 12);
        AddTagSecrets(s, "CBC-MAC", FailedOpenTag(ccm, kModesNonce, kModesAd),
                      RefAesEncryptBlock(key, ctr0));
      });
}

TEST_P(StackResidueModesTest, GmacContext) {
  CheckResidue<ctcrypto::AesGmac>(
      {16, 32},
      [&](ctcrypto::AesGmac& gmac, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(gmac, key, 16, row(),
                                                    ghash_row());
        const std::span<const uint8_t> data(kGmacData);
        // 5 + 30 + 600 + 3 + 1362: seams and whole-block runs.
        static constexpr size_t kPieces[] = {5, 30, 600, 3, 1362};
        auto feed = [&](ctcrypto::AesGmacContext& c) {
          Status r = c.init(gmac, kGmacNonce);
          size_t off = 0;
          for (size_t n : kPieces) {
            const Status x = c.update(data.subspan(off, n));
            if (x != Status::kOk) r = x;
            off += n;
          }
          return r;
        };
        uint8_t tag[16];
        {
          ctcrypto::AesGmacContext c;
          o.note(feed(c));
          o.note(c.finish(tag));
        }
        tag[0] ^= 1;
        ctcrypto::AesGmacContext c;
        const Status r = feed(c);
        o.bad = r != Status::kOk ? r : c.finish_verify(tag);
      },
      [](Secrets* s, const ctcrypto::AesGmac& gmac, const Bytes& key) {
        AddAesSecrets(s, key, gmac.gcm().aes_key());
        // finish_verify() computed the right tag of the data.
        Block tag{};
        EXPECT_EQ(gmac.compute(tag, kGmacNonce, kGmacData), Status::kOk);
        AddTagSecrets(s, nullptr, tag, GcmTagMask(key, kGmacNonce));
        AddGhashSecrets(s, gmac.gcm(), key);
      });
}

TEST_P(StackResidueModesTest, Xts) {
  static const uint8_t kTweak[16] = {42};
  CheckResidue<ctcrypto::AesXts>(
      {32, 64},
      [&](ctcrypto::AesXts& xts, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(xts, key, row());
        static uint8_t buf[4096 + 5], back[4096 + 5];
        // Last a unit of whole blocks: no stealing step, whose row
        // scrub would cover a kernel's frame too.
        for (size_t len : {16, 17, 512, 4096 + 5, 4096}) {
          o.note(xts.encrypt(kTweak, std::span(back).first(len), buf));
          o.note(xts.decrypt(kTweak, std::span(buf).first(len), back));
        }
      },
      [&](Secrets* s, const ctcrypto::AesXts& xts, const Bytes& key) {
        const Bytes key1(key.begin(), key.begin() + key.size() / 2);
        const Bytes key2(key.begin() + key.size() / 2, key.end());
        AddAesSecrets(s, key1, xts.data_key());
        AddKeySecrets(s, "tweak key", key2, row());
        // The tweak chain: T = E_Key2(tweak), then T * alpha^j, every j the
        // longest unit uses (257 blocks; a kernel's tweak buffer holds
        // those of its last batches).
        Block t;
        std::memcpy(t.data(), kTweak, 16);
        t = RefAesEncryptBlock(key2, t);
        for (int j = 0; j <= 257; ++j) {
          s->AddBlockBothOrders("XTS T*alpha^" + std::to_string(j), t);
          t = DoubleLe(t);
        }
      });
}

TEST_P(StackResidueModesTest, KeyWrapAndBlockModes) {
  CheckResidue<ctcrypto::AesKey>(
      {16, 32},
      [&](ctcrypto::AesKey& aes, const Bytes& key, Outcome& o) {
        o.init = ctcrypto::internal::init_with_rows(aes, key, row());
        static uint8_t in[4096 + 8] = {9}, out[4096 + 16], back[4096 + 8];
        size_t n = 0;
        o.note(ctcrypto::aes_key_wrap(aes, std::span(in).first(32), out, &n));
        o.note(ctcrypto::aes_key_unwrap(aes, std::span(out).first(40), back,
                                        &n));
        o.note(ctcrypto::aes_key_wrap_padded(aes, std::span(in).first(20), out,
                                             &n));
        o.note(ctcrypto::aes_key_unwrap_padded(aes, std::span(out).first(32),
                                               back, &n));
        out[3] ^= 1;
        o.bad = ctcrypto::aes_key_unwrap_padded(aes, std::span(out).first(32),
                                                back, &n);
        uint8_t ctr[16] = {1}, iv[16] = {2};
        for (size_t len : {16, 256, 4096}) {
          o.note(ctcrypto::aes_ctr32(aes, ctr, std::span(in).first(len + 3),
                                     out));
          o.note(ctcrypto::aes_ctr128(aes, ctr, std::span(in).first(len),
                                      out));
          o.note(ctcrypto::aes_cbc_encrypt(aes, iv, std::span(in).first(len),
                                           out));
          o.note(ctcrypto::aes_cbc_decrypt(aes, iv,
                                           std::span(out).first(len), back));
        }
      },
      [](Secrets* s, const ctcrypto::AesKey& aes, const Bytes& key) {
        AddAesSecrets(s, key, aes);
      });
}

CTCRYPTO_INSTANTIATE_AES_ROWS(StackResidueModesTest);

// --- the scan can fail --------------------------------------------------------

struct LeakCtx {
  const ctcrypto::AesKey* key;
};

// A victim that does what the rows must not: copies round keys to the
// stack and returns without wiping them.
__attribute__((noinline)) void LeakyVictim(void* p) {
  auto* c = static_cast<LeakCtx*>(p);
  volatile uint8_t copy[64];
  for (size_t i = 0; i < 64; ++i)
    copy[i] = ctcrypto::internal::key_state(*c->key).storage[i];
  __asm__ __volatile__("" : : "r"(copy) : "memory");
}

TEST(StackResidueScanTest, KeyCopyIsFound) {
  std::mt19937 rng(TestSeed());
  const Bytes key = RandomBytes(rng, 16);
  auto aes = std::make_unique<ctcrypto::AesKey>();
  ASSERT_EQ(aes->init(key), Status::kOk);
  LeakCtx ctx{aes.get()};
  const std::vector<uint8_t> region = Probe(LeakyVictim, &ctx);
  Secrets s;
  AddAesSecrets(&s, key, *aes);
  EXPECT_NE(s.Find(region), "");
}

}  // namespace
}  // namespace ctcrypto_test
