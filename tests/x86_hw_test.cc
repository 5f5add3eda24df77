// x86_hw_test.cc: the x86 hardware rows (aesni, vaes, clmul, vpclmul).
//
// 1. Selection: for every CTCRYPTO_DISABLE mask over {aesni, pclmul, avx,
//    vaes, ssse3}, caps = caps_remove(detected, mask) picks rows whose
//    required caps are within caps, and GCM with those rows matches known
//    answers (McGrew-Viega test cases 4/10/16, and an 8229-byte vector whose
//    tag came from an independent implementation) and nohw on long inputs.
//    cpu_caps() is computed once per process, so the selection functions are
//    driven directly rather than through the environment variable.
// 2. Seams: lengths around every batch size (1..4, 8, 16, 32 blocks and the
//    stitched 16/32-block loops, plus the head of 3 blocks), counter wrap
//    inside a batch, unaligned buffers, in place - for every x86 AES x GHASH
//    pairing (stitched and not), against nohw.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "crypto/aes/aes_backend.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::GhashKey;
using ctcrypto::Status;
using namespace ctcrypto::internal;

std::vector<uint8_t> hex(const char* s) {
  std::vector<uint8_t> v;
  for (size_t i = 0; s[i] && s[i + 1]; i += 2) {
    v.push_back(static_cast<uint8_t>(std::stoi(std::string(s + i, 2), nullptr, 16)));
  }
  return v;
}

std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& b : v) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<uint8_t>(x >> 24);
  }
  return v;
}

bool usable(uint32_t need) {
  uint32_t caps = cpu_caps();
  return (need & caps) == need;
}

const AesBackend* aes_row(const char* name) {
  const AesBackend* b = find_aes_backend(name);
  return b && usable(b->required_caps) ? b : nullptr;
}
const GhashBackend* ghash_row(const char* name) {
  const GhashBackend* b = find_ghash_backend(name);
  return b && usable(b->required_caps) ? b : nullptr;
}

struct Kat {
  const char* key;
  const char* ct_tag;
};
const char kKatPt[] =
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95"
    "956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
const char kKatAd[] = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
const char kKatIv[] = "cafebabefacedbaddecaf888";
const Kat kKats[] = {
    {"feffe9928665731c6d6a8f9467308308",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b2"
     "5466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95a"
     "e7121a47"},
    {"feffe9928665731c6d6a8f9467308308feffe9928665731c",
     "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00"
     "c144c525ac619d18c84a3f4718e2448b2fe324d9ccda27102519498e80f1478f37ba55bd"
     "6d27618c"},
    {"feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48"
     "590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f66276fc6ece0f4e1768cddf8853"
     "bb2d551b"},
};

// check_kats: the GCM known answers with the given rows, seal and open.
void check_kats(const AesBackend* a, const GhashBackend* g) {
  for (const Kat& k : kKats) {
    auto key = hex(k.key), pt = hex(kKatPt), ad = hex(kKatAd), iv = hex(kKatIv);
    auto want = hex(k.ct_tag);
    AesGcm gcm;
    ASSERT_EQ(gcm.init(key, 16, a, g), Status::kOk);
    std::vector<uint8_t> out(pt.size() + 16);
    size_t n = 0;
    ASSERT_EQ(gcm.seal(out, &n, iv, pt, ad), Status::kOk);
    EXPECT_EQ(out, want) << a->name << "/" << g->name << " key " << k.key;
    std::vector<uint8_t> back(pt.size());
    ASSERT_EQ(gcm.open(back, &n, iv, out, ad), Status::kOk);
    EXPECT_EQ(back, pt);
  }
  // 8229 bytes: key 00..0f, nonce 00..0b, AD 00..0c, pt[i] = 7i+3.
  std::vector<uint8_t> key(16), nonce(12), ad(13), pt(8192 + 37);
  for (size_t i = 0; i < 16; ++i) key[i] = static_cast<uint8_t>(i);
  for (size_t i = 0; i < 12; ++i) nonce[i] = static_cast<uint8_t>(i);
  for (size_t i = 0; i < 13; ++i) ad[i] = static_cast<uint8_t>(i);
  for (size_t i = 0; i < pt.size(); ++i) pt[i] = static_cast<uint8_t>(7 * i + 3);
  AesGcm gcm;
  ASSERT_EQ(gcm.init(key, 16, a, g), Status::kOk);
  std::vector<uint8_t> out(pt.size() + 16);
  size_t n = 0;
  ASSERT_EQ(gcm.seal(out, &n, nonce, pt, ad), Status::kOk);
  EXPECT_EQ(std::vector<uint8_t>(out.end() - 16, out.end()),
            hex("457ff4b83b743075482f940123fc12e1"))
      << a->name << "/" << g->name;
  std::vector<uint8_t> back(pt.size());
  ASSERT_EQ(gcm.open(back, &n, nonce, out, ad), Status::kOk);
  EXPECT_EQ(back, pt);
}

// compare_gcm: seal/open of `len` bytes at the given buffer offset, in place
// or not, against nohw/nohw.
void compare_gcm(const AesBackend* a, const GhashBackend* g, size_t key_len,
                 size_t len, size_t offset, bool in_place, size_t ad_len = 13,
                 size_t nonce_len = 12) {
  SCOPED_TRACE(std::string(a->name) + "/" + g->name + " key " +
               std::to_string(key_len) + " len " + std::to_string(len) +
               " off " + std::to_string(offset) + (in_place ? " inplace" : ""));
  auto key = pattern(key_len, 1 + static_cast<uint32_t>(key_len));
  auto nonce = pattern(nonce_len, 2 + static_cast<uint32_t>(nonce_len));
  auto ad = pattern(ad_len, 3);
  auto pt = pattern(len, 4 + static_cast<uint32_t>(len));
  AesGcm ref, gcm;
  ASSERT_EQ(ref.init(key, 16, &kAesNohw, &kGhashNohw), Status::kOk);
  ASSERT_EQ(gcm.init(key, 16, a, g), Status::kOk);
  std::vector<uint8_t> want(len + 16);
  size_t n = 0;
  ASSERT_EQ(ref.seal(want, &n, nonce, pt, ad), Status::kOk);

  std::vector<uint8_t> inbuf(len + 16 + offset), outbuf(len + 16 + offset);
  uint8_t* in = inbuf.data() + offset;
  uint8_t* out = in_place ? in : outbuf.data() + offset;
  ctcrypto_test::copy_bytes(in, pt.data(), len);
  ASSERT_EQ(gcm.seal({out, len + 16}, &n,
                     nonce, {in, len}, ad),
            Status::kOk);
  ASSERT_EQ(0, ctcrypto_test::compare_bytes(out, want.data(), len + 16)) << "seal";
  // Open back (in place: ciphertext already sits in `in`).
  uint8_t* ct = out;
  uint8_t* pt_out = in_place ? ct : inbuf.data() + offset;
  ASSERT_EQ(gcm.open({pt_out, len}, &n, nonce, {ct, len + 16}, ad),
            Status::kOk);
  ASSERT_EQ(0, ctcrypto_test::compare_bytes(pt_out, pt.data(), len)) << "open";
  // A flipped tag bit fails and wipes.
  ctcrypto_test::copy_bytes(inbuf.data() + offset, want.data(), len + 16);
  inbuf[offset + len] ^= 1;
  std::vector<uint8_t> junk(len + 1, 0xaa);
  EXPECT_EQ(gcm.open({junk.data(), len}, &n, nonce,
                     {inbuf.data() + offset, len + 16}, ad),
            Status::kAuthenticationFailed);
  for (size_t i = 0; i < len; ++i) ASSERT_EQ(junk[i], 0) << i;
}

const char* const kMaskNames[] = {"aesni", "pclmul", "avx", "vaes", "ssse3"};

TEST(X86Hw, EveryDisableMask) {
  // The masks apply on top of whatever the environment already removed
  // (CTCRYPTO_DISABLE), since rows outside cpu_caps() cannot be keyed.
  const uint32_t detected = cpu_caps();
  for (uint32_t m = 0; m < 32; ++m) {
    std::string list;
    for (int b = 0; b < 5; ++b) {
      if (m & (1u << b)) list += std::string(list.empty() ? "" : ",") + kMaskNames[b];
    }
    SCOPED_TRACE("CTCRYPTO_DISABLE=" + list);
    uint32_t removed = parse_disable_list(list.c_str(), nullptr);
    uint32_t caps = caps_remove(detected, removed);
    const AesBackend* a = select_aes_backend(caps);
    const GhashBackend* g = select_ghash_backend(caps);
    ASSERT_NE(a, nullptr);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(a->required_caps & caps, a->required_caps) << a->name;
    EXPECT_EQ(g->required_caps & caps, g->required_caps) << g->name;
    // Disabled features are really gone from the rows chosen.
    if (removed & kCapAesni) {
      EXPECT_EQ(a->required_caps & (kCapAesni | kCapVaes), 0u) << a->name;
    }
    if (removed & kCapPclmul) {
      EXPECT_EQ(g->required_caps & (kCapPclmul | kCapVaes), 0u) << g->name;
    }
    if (removed & (kCapAvx | kCapVaes | kCapSsse3)) {
      EXPECT_EQ((a->required_caps | g->required_caps) &
                    (kCapVaes | kCapAvx | kCapAvx2 | kCapAvx512),
                0u);
    }
    // And when nothing relevant is disabled on a CPU that has it all, the
    // best rows are picked.
    if (m == 0 && (detected & (kCapVaes | kCapAvx512)) == (kCapVaes | kCapAvx512)) {
      EXPECT_STREQ(a->name, "vaes");
      EXPECT_STREQ(g->name, "vpclmul");
    }
    if ((removed & (kCapAesni | kCapSsse3)) == 0 && (detected & kCapAesni)) {
      EXPECT_TRUE(std::strcmp(a->name, "aesni") == 0 ||
                  std::strcmp(a->name, "vaes") == 0)
          << a->name;
    }
    check_kats(a, g);
    for (size_t len : {0, 1, 16, 17, 255, 256, 1024 + 5, 8192, 16384 + 48}) {
      compare_gcm(a, g, 16, len, 0, false);
    }
    compare_gcm(a, g, 32, 8192 + 3, 1, true);
  }
}

TEST(X86Hw, CapsClosure) {
  const uint32_t detected = cpu_detected_caps();
  // The detected set is closed: nothing present whose parent is absent.
  EXPECT_EQ(caps_remove(detected, ~detected), detected);
  uint32_t c = caps_remove(kCapAesni | kCapPclmul | kCapSsse3 | kCapAvx |
                               kCapAvx2 | kCapAvx512 | kCapVaes,
                           kCapAvx);
  EXPECT_EQ(c, kCapAesni | kCapPclmul | kCapSsse3);
  c = caps_remove(kCapAesni | kCapPclmul | kCapSsse3 | kCapAvx | kCapAvx2 |
                      kCapAvx512 | kCapVaes,
                  kCapPclmul);
  EXPECT_EQ(c & kCapVaes, 0u);
  EXPECT_NE(c & kCapAvx512, 0u);
}

struct Pair {
  const char* aes;
  const char* ghash;
};
const Pair kPairs[] = {
    {"aesni", "clmul"}, {"vaes", "vpclmul"}, {"aesni", "vpclmul"},
    {"vaes", "clmul"},
};

TEST(X86Hw, GcmSeams) {
  int ran = 0;
  for (const Pair& p : kPairs) {
    const AesBackend* a = aes_row(p.aes);
    const GhashBackend* g = ghash_row(p.ghash);
    if (!a || !g) continue;
    ++ran;
    for (size_t key_len : {16, 24, 32}) {
      // Blocks after the 3-block head, around 1..4, 8, 16, 32, 48, 64.
      for (size_t blocks :
           {0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20, 31,
            32, 33, 34, 35, 36, 47, 48, 49, 63, 64, 65, 66, 67, 68, 96, 127,
            128, 129}) {
        for (size_t extra : {0, 5}) {
          size_t len = blocks * 16 + extra;
          compare_gcm(a, g, key_len, len, 0, false);
          compare_gcm(a, g, key_len, len, 3, false);
          compare_gcm(a, g, key_len, len, 7, true);
          compare_gcm(a, g, key_len, len + 48, 1, false);
        }
      }
    }
    // Long AD and a non-96-bit nonce (GHASH-derived J0).
    compare_gcm(a, g, 16, 1000, 0, false, 300, 1);
    compare_gcm(a, g, 16, 4096, 2, true, 1, 61);
  }
  if (ran == 0) GTEST_SKIP() << "no x86 hardware rows on this CPU";
}

// Counter wrap inside a batch: ctr32 and the stitched bulk loops, with the
// 32-bit counter starting just below 2^32 so the wrap lands mid-batch, or
// with a low-byte carry mid-batch (the VAES loops' fast counter path).
TEST(X86Hw, CounterWrap) {
  int ran = 0;
  for (const Pair& p : kPairs) {
    const AesBackend* a = aes_row(p.aes);
    const GhashBackend* g = ghash_row(p.ghash);
    if (!a || !g) continue;
    ++ran;
    auto key = pattern(16, 9);
    AesKey ka, kn;
    ASSERT_EQ(ka.init(key, a), Status::kOk);
    ASSERT_EQ(kn.init(key, &kAesNohw), Status::kOk);
    uint8_t h[16] = {};
    kn.encrypt_block(h, h);
    GhashKey ga, gn;
    ASSERT_EQ(ga.init(std::span<const uint8_t, 16>(h, 16), g), Status::kOk);
    ASSERT_EQ(gn.init(std::span<const uint8_t, 16>(h, 16), &kGhashNohw),
              Status::kOk);
    // Starts just below 2^32 (the 32-bit wrap), and starts whose low byte
    // carries inside a 32-block batch without a wrap: the VAES loops add to
    // the big-endian counter directly unless the low byte can carry.
    const uint32_t kStarts[] = {0u - 1,      0u - 2,      0u - 3,
                                0u - 5,      0u - 7,      0u - 13,
                                0u - 17,     0u - 31,     0xe0u,
                                0xe1u,       0xffu,       0x1ddu,
                                0x123456dfu, 0x00ffffe5u, 0x0000ff00u};
    for (size_t blocks :
         {1, 3, 4, 5, 8, 9, 16, 17, 31, 32, 33, 40, 64, 65, 70, 96, 100}) {
      for (uint32_t start : kStarts) {
        SCOPED_TRACE(std::string(p.aes) + " blocks " + std::to_string(blocks) +
                     " start " + std::to_string(start));
        auto in = pattern(blocks * 16, static_cast<uint32_t>(blocks));
        uint8_t ctr[16];
        auto c0 = pattern(16, start);
        ctcrypto_test::copy_bytes(ctr, c0.data(), 16);
        ctr[12] = static_cast<uint8_t>(start >> 24);
        ctr[13] = static_cast<uint8_t>(start >> 16);
        ctr[14] = static_cast<uint8_t>(start >> 8);
        ctr[15] = static_cast<uint8_t>(start);
        std::vector<uint8_t> want(in.size()), got(in.size());
        kAesNohw.ctr32(&kn.state(), in.data(), want.data(), blocks, ctr);
        a->ctr32(&ka.state(), in.data(), got.data(), blocks, ctr);
        EXPECT_EQ(got, want) << "ctr32";
        // Stitched loops (when this pairing has one).
        if (a->gcm_ghash != g) continue;
        for (int open = 0; open < 2; ++open) {
          uint8_t c1[16], x1[16] = {}, c2[16], x2[16] = {};
          ctcrypto_test::copy_bytes(c1, ctr, 16);
          ctcrypto_test::copy_bytes(c2, ctr, 16);
          x1[0] = x2[0] = 0x5a;
          std::vector<uint8_t> out(in.size());
          auto fn = open ? a->gcm_open_bulk : a->gcm_seal_bulk;
          size_t done = fn(&ka.state(), &ga.state(), in.data(), out.data(),
                           in.size(), c1, x1);
          ASSERT_EQ(done % 16, 0u);
          ASSERT_LE(done, in.size());
          size_t nb = done / 16;
          kAesNohw.ctr32(&kn.state(), in.data(), want.data(), nb, c2);
          kGhashNohw.update(&gn.state(), x2, open ? in.data() : want.data(),
                            nb);
          uint32_t end = start + static_cast<uint32_t>(nb);
          c2[12] = static_cast<uint8_t>(end >> 24);
          c2[13] = static_cast<uint8_t>(end >> 16);
          c2[14] = static_cast<uint8_t>(end >> 8);
          c2[15] = static_cast<uint8_t>(end);
          EXPECT_EQ(0, ctcrypto_test::compare_bytes(out.data(), want.data(), done));
          EXPECT_EQ(0, ctcrypto_test::compare_bytes(c1, c2, 16)) << "counter after";
          EXPECT_EQ(0, ctcrypto_test::compare_bytes(x1, x2, 16)) << "xi after";
        }
      }
    }
  }
  if (ran == 0) GTEST_SKIP() << "no x86 hardware rows on this CPU";
}

TEST(X86Hw, BlockCbcAndGhash) {
  int ran = 0;
  // FIPS-197 appendix C.
  const char* keys[] = {"000102030405060708090a0b0c0d0e0f",
                        "000102030405060708090a0b0c0d0e0f1011121314151617",
                        "000102030405060708090a0b0c0d0e0f101112131415161718191a"
                        "1b1c1d1e1f"};
  const char* cts[] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                       "dda97ca4864cdfe06eaf70a0ec0d7191",
                       "8ea2b7ca516745bfeafc49904b496089"};
  auto pt = hex("00112233445566778899aabbccddeeff");
  for (const char* name : {"aesni", "vaes"}) {
    const AesBackend* a = aes_row(name);
    if (!a) continue;
    ++ran;
    for (int i = 0; i < 3; ++i) {
      AesKey k, kn;
      auto key = hex(keys[i]);
      ASSERT_EQ(k.init(key, a), Status::kOk);
      ASSERT_EQ(kn.init(key, &kAesNohw), Status::kOk);
      uint8_t out[16], back[16];
      k.encrypt_block(pt.data(), out);
      EXPECT_EQ(std::vector<uint8_t>(out, out + 16), hex(cts[i])) << name;
      k.decrypt_block(out, back);
      EXPECT_EQ(0, ctcrypto_test::compare_bytes(back, pt.data(), 16)) << name;
      // Around the VAES CBC-decrypt batches (16 and 32 blocks).
      for (size_t blocks = 0; blocks <= 70; ++blocks) {
        auto in = pattern(blocks * 16, static_cast<uint32_t>(blocks + 100));
        auto iv0 = pattern(16, 77);
        std::vector<uint8_t> want(in.size() + 1), got(in.size() + 1);
        uint8_t iv1[16], iv2[16];
        ctcrypto_test::copy_bytes(iv1, iv0.data(), 16);
        ctcrypto_test::copy_bytes(iv2, iv0.data(), 16);
        kAesNohw.cbc_encrypt(&kn.state(), in.data(), want.data(), blocks, iv1);
        a->cbc_encrypt(&k.state(), in.data(), got.data() + 1, blocks, iv2);
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(want.data(), got.data() + 1, in.size()));
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(iv1, iv2, 16));
        // Decrypt out of place (unaligned), then in place.
        std::vector<uint8_t> dec(in.size() + 3);
        ctcrypto_test::copy_bytes(iv2, iv0.data(), 16);
        a->cbc_decrypt(&k.state(), got.data() + 1, dec.data() + 3, blocks, iv2);
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(in.data(), dec.data() + 3, in.size()))
            << name << " cbc out of place, blocks " << blocks;
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(iv1, iv2, 16));
        ctcrypto_test::copy_bytes(iv2, iv0.data(), 16);
        a->cbc_decrypt(&k.state(), got.data() + 1, got.data() + 1, blocks, iv2);
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(in.data(), got.data() + 1, in.size()))
            << name << " cbc blocks " << blocks;
        ASSERT_EQ(0, ctcrypto_test::compare_bytes(iv1, iv2, 16));
      }
    }
  }
  for (const char* name : {"clmul", "vpclmul"}) {
    const GhashBackend* g = ghash_row(name);
    if (!g) continue;
    ++ran;
    auto h = pattern(16, 5);
    GhashKey ga, gn;
    ASSERT_EQ(ga.init(std::span<const uint8_t, 16>(h.data(), 16), g),
              Status::kOk);
    ASSERT_EQ(gn.init(std::span<const uint8_t, 16>(h.data(), 16), &kGhashNohw),
              Status::kOk);
    for (size_t blocks = 0; blocks <= 70; ++blocks) {
      auto in = pattern(blocks * 16 + 1, static_cast<uint32_t>(blocks));
      uint8_t x1[16], x2[16];
      auto x0 = pattern(16, 3);
      ctcrypto_test::copy_bytes(x1, x0.data(), 16);
      ctcrypto_test::copy_bytes(x2, x0.data(), 16);
      g->update(&ga.state(), x1, in.data() + 1, blocks);
      kGhashNohw.update(&gn.state(), x2, in.data() + 1, blocks);
      ASSERT_EQ(0, ctcrypto_test::compare_bytes(x1, x2, 16)) << name << " blocks " << blocks;
    }
  }
  if (ran == 0) GTEST_SKIP() << "no x86 hardware rows on this CPU";
}

}  // namespace
