// ssse3_gcm_stitch_test.cc: the stitched GCM bulk loops of the x86
// vpaes+bsaes row (gcm_seal_bulk / gcm_open_bulk paired with the ssse3
// GHASH row: bitsliced batches with one GHASH block per round), against
// nohw ctr32 + nohw GHASH: block counts around the threshold and the 8-block
// batch (7/8/9, 14/15/16/17, 23/24/25, 31/32/33, 63/64/65, 128), the 32-bit
// counter wrap inside a batch and at a batch boundary, unaligned buffers,
// in place; and whole AES-GCM messages through the pairing against nohw
// GCM (lengths around head + batches). Skips where the pairing is absent.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"
#include "ctcrypto/aead.h"
#include "tests/test_util.h"

namespace ctcrypto::internal {
namespace {

const AesBackend* Stitched() {
  const AesBackend* b = find_aes_backend("vpaes+bsaes");
  const GhashBackend* g = find_ghash_backend("ssse3");
  if (b == nullptr || g == nullptr || b->gcm_ghash != g) return nullptr;
  const uint32_t caps = cpu_caps();
  if ((b->required_caps & caps) != b->required_caps) return nullptr;
  if ((g->required_caps & caps) != g->required_caps) return nullptr;
  return b;
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

void SetKey(AesKeyState* s, const AesBackend* b, const uint8_t* key,
            size_t len) {
  std::memset(s, 0, sizeof(*s));
  s->backend = b;
  s->key_len = static_cast<uint32_t>(len);
  s->rounds = static_cast<uint32_t>(6 + len / 4);
  b->set_key(s, key, len);
}

struct Keys {
  AesKeyState a, ar;
  GhashKeyState g, gr;
};

void SetUpKeys(Keys* k, const AesBackend* b, size_t key_len, uint32_t seed) {
  uint8_t key[32], h[16] = {};
  Fill(key, key_len, seed);
  SetKey(&k->a, b, key, key_len);
  SetKey(&k->ar, &kAesNohw, key, key_len);
  kAesNohw.encrypt_block(&k->ar, h, h);
  std::memset(&k->g, 0, sizeof(k->g));
  std::memset(&k->gr, 0, sizeof(k->gr));
  k->g.backend = b->gcm_ghash;
  k->gr.backend = &kGhashNohw;
  b->gcm_ghash->init(&k->g, h);
  kGhashNohw.init(&k->gr, h);
}

// One bulk call of `blocks` blocks, checked against the reference for the
// prefix it reports, with the given counter tail, misalignment and aliasing.
void CheckBulk(const Keys& k, const AesBackend* b, bool open, size_t blocks,
               uint32_t ctr_tail, size_t misalign, bool in_place) {
  SCOPED_TRACE(testing::Message()
               << (open ? "open" : "seal") << " blocks " << blocks << " ctr "
               << ctr_tail << " misalign " << misalign << " in_place "
               << in_place);
  const size_t len = 16 * blocks;
  std::vector<uint8_t> src(len + 16), dst(len + 16), want(len + 16);
  uint8_t* in = src.data() + misalign;
  uint8_t* out = in_place ? in : dst.data() + (misalign ^ 1) % 16;
  Fill(in, len, static_cast<uint32_t>(blocks * 31 + ctr_tail));
  std::vector<uint8_t> orig(in, in + len);
  uint8_t ctr[16], ctr_ref[16], xi[16], xi_ref[16];
  Fill(ctr, 12, 7);
  ctr[12] = static_cast<uint8_t>(ctr_tail >> 24);
  ctr[13] = static_cast<uint8_t>(ctr_tail >> 16);
  ctr[14] = static_cast<uint8_t>(ctr_tail >> 8);
  ctr[15] = static_cast<uint8_t>(ctr_tail);
  ctcrypto_test::copy_bytes(ctr_ref, ctr, 16);
  Fill(xi, 16, 9);
  ctcrypto_test::copy_bytes(xi_ref, xi, 16);

  auto bulk = open ? b->gcm_open_bulk : b->gcm_seal_bulk;
  const size_t done = bulk(&k.a, &k.g, in, out, len, ctr, xi);
  ASSERT_EQ(done % 16, 0u);
  ASSERT_LE(done, len);
  const size_t nb = done / 16;
  if (blocks >= 16) {
    EXPECT_GT(done, 0u) << "bulk declined a long input";
  }

  uint8_t* w = want.data();
  kAesNohw.ctr32(&k.ar, orig.data(), w, nb, ctr_ref);
  const uint8_t* ct = open ? orig.data() : w;
  if (nb) kGhashNohw.update(&k.gr, xi_ref, ct, nb);
  const uint32_t t = ctr_tail + static_cast<uint32_t>(nb);
  ctr_ref[12] = static_cast<uint8_t>(t >> 24);
  ctr_ref[13] = static_cast<uint8_t>(t >> 16);
  ctr_ref[14] = static_cast<uint8_t>(t >> 8);
  ctr_ref[15] = static_cast<uint8_t>(t);

  EXPECT_EQ(0, ctcrypto_test::compare_bytes(out, w, done));
  EXPECT_EQ(0, ctcrypto_test::compare_bytes(ctr, ctr_ref, 16));
  EXPECT_EQ(0, ctcrypto_test::compare_bytes(xi, xi_ref, 16));
  // Nothing past the processed prefix is written.
  if (!in_place) {
    for (size_t i = done; i < len; i++) ASSERT_EQ(out[i], 0) << i;
  } else {
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(in + done, orig.data() + done, len - done));
  }
}

TEST(Ssse3GcmStitch, BulkAgainstNohw) {
  const AesBackend* b = Stitched();
  if (b == nullptr) GTEST_SKIP() << "vpaes+bsaes with ssse3 GHASH not here";
  const size_t counts[] = {0,  1,  7,  8,  9,  14, 15, 16, 17, 23,
                           24, 25, 31, 32, 33, 63, 64, 65, 128};
  for (size_t key_len : {16, 24, 32}) {
    Keys k;
    SetUpKeys(&k, b, key_len, static_cast<uint32_t>(key_len));
    for (bool open : {false, true}) {
      for (size_t n : counts) {
        CheckBulk(k, b, open, n, 2, 0, false);
        CheckBulk(k, b, open, n, 0x12345678u, 3, false);
        CheckBulk(k, b, open, n, 5, 0, true);
        CheckBulk(k, b, open, n, 0xfffffff0u, 9, true);
      }
      // The 32-bit wrap at every position inside a batch and across the
      // batch boundary.
      for (uint32_t back = 1; back <= 17; back++) {
        CheckBulk(k, b, open, 33, 0u - back, 1, false);
      }
    }
  }
}

// Whole messages through the pairing against nohw GCM: the bulk starts
// after the 3-block head and leaves its < 8-block tail to the final piece.
TEST(Ssse3GcmStitch, GcmAgainstNohw) {
  const AesBackend* b = Stitched();
  if (b == nullptr) GTEST_SKIP() << "vpaes+bsaes with ssse3 GHASH not here";
  uint8_t key[16], nonce[12], ad[13];
  Fill(key, 16, 11);
  Fill(nonce, 12, 12);
  Fill(ad, 13, 13);
  ctcrypto::AesGcm s, r;
  ASSERT_EQ(s.init(key, 16, b, b->gcm_ghash), ctcrypto::Status::kOk);
  ASSERT_EQ(r.init(key, 16, &kAesNohw, &kGhashNohw), ctcrypto::Status::kOk);
  std::vector<size_t> lens;
  for (size_t blocks : {14, 15, 16, 17, 18, 19, 20, 26, 27, 28, 34, 35, 36,
                        67, 68, 131}) {
    for (size_t extra : {0, 5}) lens.push_back(48 + 16 * (blocks - 3) + extra);
  }
  for (size_t len : {size_t{1350}, size_t{8192}, size_t{16384}}) {
    lens.push_back(len);
  }
  for (size_t len : lens) {
    SCOPED_TRACE(testing::Message() << "len " << len);
    std::vector<uint8_t> pt(len), cs(len + 16), cr(len + 16), back(len);
    Fill(pt.data(), len, static_cast<uint32_t>(len));
    size_t ns = 0, nr = 0, nb = 0;
    ASSERT_EQ(s.seal(cs, &ns, nonce, pt, ad), ctcrypto::Status::kOk);
    ASSERT_EQ(r.seal(cr, &nr, nonce, pt, ad), ctcrypto::Status::kOk);
    ASSERT_EQ(ns, nr);
    EXPECT_EQ(cs, cr);
    ASSERT_EQ(s.open(back, &nb, nonce, cs, ad), ctcrypto::Status::kOk);
    EXPECT_EQ(back, pt);
    // In place, and a corrupted tag still fails (and wipes).
    std::vector<uint8_t> buf = cs;
    ASSERT_EQ(s.open(buf, &nb, nonce, buf, ad), ctcrypto::Status::kOk);
    EXPECT_EQ(std::vector<uint8_t>(buf.begin(), buf.begin() + len), pt);
    cs[len] ^= 1;
    EXPECT_EQ(s.open(back, &nb, nonce, cs, ad),
              ctcrypto::Status::kAuthenticationFailed);
  }
}

}  // namespace
}  // namespace ctcrypto::internal
