// hybrid_test.cc: seams of the vpaes+bsaes hybrid row (vpaes_bsaes_hybrid.h,
// one mechanism on x86_64 SSSE3, AArch64 NEON and ARMv7 NEON) against the
// portable nohw row: every length around this ISA's threshold and tail
// policy (+-1), the 8-block batch sizes (7/8/9, 15/16/17, 31/32/33), the
// counter's 32-bit wrap inside a bitsliced batch and exactly at the
// bsaes/vpaes seam, unaligned buffers, in place; the table order (the
// hybrid is preferred over plain bsaes and vpaes) and GCM short messages
// (one 4-block ctr32 call, which the policy keeps on vpaes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"
#include "ctcrypto/aead.h"
#include "tests/test_util.h"

namespace ctcrypto::internal {
namespace {

#if defined(CTCRYPTO_AES_VPAES_BSAES)

const AesBackend* Hybrid() {
  const AesBackend* b = find_aes_backend("vpaes+bsaes");
  if (b == nullptr || (b->required_caps & cpu_caps()) != b->required_caps)
    return nullptr;
  return b;
}

void SetKey(AesKeyState* s, const AesBackend* b, const uint8_t* key,
            size_t len) {
  std::memset(s, 0, sizeof(*s));
  s->backend = b;
  s->key_len = static_cast<uint32_t>(len);
  s->rounds = static_cast<uint32_t>(6 + len / 4);
  b->set_key(s, key, len);
}

void Fill(uint8_t* p, size_t n, uint32_t seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = static_cast<uint8_t>(x >> 7);
  }
}

// Lengths where the policy changes: threshold +-1, each batch boundary
// +-1, and 8k + tail +-1 (padded last batch vs vpaes tail), k = 0..4.
std::vector<size_t> SeamLengths() {
  const size_t t = vpaes_bsaes_threshold_blocks();
  const size_t r = vpaes_bsaes_tail_to_bsaes_blocks();
  std::set<size_t> v;
  for (size_t n = 0; n <= 4; n++) v.insert(n);
  for (size_t d = 0; d <= 2; d++) v.insert(t - 1 + d);
  for (size_t k = 0; k <= 4; k++) {
    for (size_t d = 0; d <= 2; d++) {
      if (k > 0) v.insert(8 * k - 1 + d);
      v.insert(8 * k + r - 1 + d);
    }
  }
  for (size_t n : {7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65}) v.insert(n);
  return std::vector<size_t>(v.begin(), v.end());
}

TEST(Hybrid, PolicyConstants) {
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  // GCM's short-message path (3-block head + tag mask) is one 4-block ctr32
  // call: it must run on vpaes, below the threshold.
  EXPECT_GT(vpaes_bsaes_threshold_blocks(), 4u);
  EXPECT_GE(vpaes_bsaes_tail_to_bsaes_blocks(), 1u);
  EXPECT_LE(vpaes_bsaes_tail_to_bsaes_blocks(), vpaes_bsaes_threshold_blocks());
  EXPECT_LE(vpaes_bsaes_tail_to_bsaes_blocks(), 8u);
  RecordProperty("threshold", static_cast<int>(vpaes_bsaes_threshold_blocks()));
  RecordProperty("tail_to_bsaes",
                 static_cast<int>(vpaes_bsaes_tail_to_bsaes_blocks()));
}

// The hybrid comes before plain bsaes and vpaes in the table, so a CPU
// without the AES instructions selects it.
TEST(Hybrid, PreferredOverBsaesAndVpaes) {
  const AesBackend* h = find_aes_backend("vpaes+bsaes");
  ASSERT_NE(h, nullptr);
  size_t ih = kNumAesBackends, ib = kNumAesBackends, iv = kNumAesBackends;
  for (size_t i = 0; i < kNumAesBackends; i++) {
    if (kAesBackends[i] == h) ih = i;
    if (std::strcmp(kAesBackends[i]->name, "bsaes") == 0) ib = i;
    if (std::strcmp(kAesBackends[i]->name, "vpaes") == 0) iv = i;
  }
  EXPECT_LT(ih, ib);
  EXPECT_LT(ih, iv);
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const uint32_t no_hw_aes = caps_remove(cpu_caps(), kCapAesni | kCapAes);
  EXPECT_EQ(select_aes_backend(no_hw_aes), h);
}

// Every seam length for ctr32 and cbc_decrypt (and cbc_encrypt / single
// blocks, which are vpaes's own), against nohw.
void CompareWithNohw(size_t key_len, size_t offset, bool in_place,
                     uint32_t ctr_tail) {
  const AesBackend* b = Hybrid();
  const AesBackend* ref = &kAesNohw;
  uint8_t key[32];
  Fill(key, sizeof(key), static_cast<uint32_t>(key_len * 31 + offset));
  AesKeyState ks, kr;
  SetKey(&ks, b, key, key_len);
  SetKey(&kr, ref, key, key_len);

  for (size_t n : SeamLengths()) {
    SCOPED_TRACE(testing::Message()
                 << "key_len " << key_len << " blocks " << n << " offset "
                 << offset << (in_place ? " in place" : "") << " ctr tail "
                 << ctr_tail);
    const size_t len = 16 * n;
    std::vector<uint8_t> in_buf(len + 64), out_buf(len + 64), want(len + 16);
    uint8_t* in = in_buf.data() + offset;
    uint8_t* out = in_place ? in : out_buf.data() + offset + 7;
    Fill(in, len, static_cast<uint32_t>(n + 977 * key_len));
    const std::vector<uint8_t> src(in, in + len);

    uint8_t ctr[16];
    Fill(ctr, 12, static_cast<uint32_t>(n + 3));
    ctr[12] = static_cast<uint8_t>(ctr_tail >> 24);
    ctr[13] = static_cast<uint8_t>(ctr_tail >> 16);
    ctr[14] = static_cast<uint8_t>(ctr_tail >> 8);
    ctr[15] = static_cast<uint8_t>(ctr_tail);
    const std::vector<uint8_t> ctr_copy(ctr, ctr + 16);
    ref->ctr32(&kr, src.data(), want.data(), n, ctr);
    b->ctr32(&ks, in, out, n, ctr);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "ctr32";
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(ctr, ctr_copy.data(), 16)) << "counter changed";

    ctcrypto_test::copy_bytes(in, src.data(), len);
    uint8_t iv_r[16], iv_b[16];
    Fill(iv_r, 16, static_cast<uint32_t>(n + 11));
    ctcrypto_test::copy_bytes(iv_b, iv_r, 16);
    ref->cbc_decrypt(&kr, src.data(), want.data(), n, iv_r);
    b->cbc_decrypt(&ks, in, out, n, iv_b);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "cbc_decrypt";
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(iv_b, iv_r, 16)) << "cbc_decrypt iv";

    if (n <= 9) {
      ctcrypto_test::copy_bytes(in, src.data(), len);
      Fill(iv_r, 16, static_cast<uint32_t>(n + 13));
      ctcrypto_test::copy_bytes(iv_b, iv_r, 16);
      ref->cbc_encrypt(&kr, src.data(), want.data(), n, iv_r);
      b->cbc_encrypt(&ks, in, out, n, iv_b);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len)) << "cbc_encrypt";
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(iv_b, iv_r, 16)) << "cbc_encrypt iv";
    }
  }
}

TEST(Hybrid, SeamsAgainstNohw) {
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const uint32_t t = static_cast<uint32_t>(vpaes_bsaes_threshold_blocks());
  for (size_t key_len : {16, 24, 32}) {
    CompareWithNohw(key_len, 0, false, 1);
    CompareWithNohw(key_len, 3, false, 0xFFFFFFFDu);  // wraps in batch 1
    CompareWithNohw(key_len, 1, true, 0xFFFFFFF5u);   // wraps in batch 2
    CompareWithNohw(key_len, 0, true, 0xFFFFFFFFu);   // wraps after block 0
    // Wraps exactly where a threshold-length call's bsaes part would end
    // and, for the calls with a vpaes tail, inside that tail.
    CompareWithNohw(key_len, 9, false, 0u - 8u);
    CompareWithNohw(key_len, 5, true, 0u - t);
  }
}

TEST(Hybrid, SingleBlocksAreVpaes) {
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const AesBackend* v = find_aes_backend("vpaes");
  ASSERT_NE(v, nullptr);
  uint8_t key[32];
  Fill(key, 32, 5);
  for (size_t key_len : {16, 24, 32}) {
    AesKeyState kh, kv, kr;
    SetKey(&kh, Hybrid(), key, key_len);
    SetKey(&kv, v, key, key_len);
    SetKey(&kr, &kAesNohw, key, key_len);
    // The hybrid keeps the key in vpaes form only.
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(kh.storage, kv.storage, sizeof(kh.storage)));
    uint8_t buf[48], w[16];
    Fill(buf, sizeof(buf), static_cast<uint32_t>(key_len));
    uint8_t* p = buf + 3;  // unaligned, in place
    kAesNohw.encrypt_block(&kr, p, w);
    Hybrid()->encrypt_block(&kh, p, p);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(p, w, 16));
    kAesNohw.decrypt_block(&kr, p, w);
    Hybrid()->decrypt_block(&kh, p, p);
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(p, w, 16));
  }
}

// GCM through the hybrid, short (16 B: the 4-block head call) and across
// the thresholds, against the same GCM over nohw.
TEST(Hybrid, GcmAgainstNohw) {
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const GhashBackend* g = select_ghash_backend(cpu_caps());
  uint8_t key[16], nonce[12], ad[20];
  Fill(key, 16, 1);
  Fill(nonce, 12, 2);
  Fill(ad, 20, 3);
  ctcrypto::AesGcm h, r;
  ASSERT_EQ(h.init(key, 16, Hybrid(), g), ctcrypto::Status::kOk);
  ASSERT_EQ(r.init(key, 16, &kAesNohw, &kGhashNohw), ctcrypto::Status::kOk);
  const size_t t = vpaes_bsaes_threshold_blocks();
  for (size_t len : {size_t{0}, size_t{1}, size_t{16}, size_t{47}, size_t{48},
                     size_t{64}, 16 * t - 1, 16 * t, 16 * t + 17,
                     16 * (t + 8), size_t{1024}, size_t{1024 + 16 * 5 + 3},
                     size_t{4096 + 7}}) {
    SCOPED_TRACE(testing::Message() << "len " << len);
    std::vector<uint8_t> pt(len), ch(len + 16), cr(len + 16), back(len);
    Fill(pt.data(), len, static_cast<uint32_t>(len));
    size_t nh = 0, nr = 0, nb = 0;
    ASSERT_EQ(h.seal(ch, &nh, nonce, pt, ad), ctcrypto::Status::kOk);
    ASSERT_EQ(r.seal(cr, &nr, nonce, pt, ad), ctcrypto::Status::kOk);
    ASSERT_EQ(nh, nr);
    EXPECT_EQ(ch, cr);
    ASSERT_EQ(h.open(back, &nb, nonce, ch, ad), ctcrypto::Status::kOk);
    EXPECT_EQ(back, pt);
  }
}

#else  // !CTCRYPTO_AES_VPAES_BSAES

TEST(Hybrid, CompiledEverywhere) {
  FAIL() << "the vpaes+bsaes row is compiled on every target";
}

#endif

}  // namespace
}  // namespace ctcrypto::internal
