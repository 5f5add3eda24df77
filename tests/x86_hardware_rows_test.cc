// x86_hardware_rows_test.cc: the x86 hardware rows (aesni, vaes, clmul, vpclmul).
//
// 1. Selection: for every CTCRYPTO_DISABLE mask over {aesni, pclmul, avx,
//    vaes, ssse3}, caps = caps_remove(detected, mask) picks rows whose
//    required caps are within caps, and GCM with those rows matches known
//    answers (McGrew-Viega test cases 4/10/16, and an 8229-byte vector whose
//    tag came from an independent implementation) and nohw on long inputs.
//    cpu_caps() is computed once per process, so the selection functions are
//    driven directly rather than through the environment variable.
// 2. Seams (through the seam harness, seam.h): lengths around every batch
//    size (1..4, 8, 16, 32 blocks and the stitched 16/32-block loops, plus
//    the head of 3 blocks), counter wrap inside a batch, unaligned buffers,
//    in place - for every x86 AES x GHASH pairing (stitched and not),
//    against the reference rows.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "gtest/gtest.h"
#include "tests/rows.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::GhashKey;
using ctcrypto::Status;
using namespace ctcrypto::internal;

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
void check_kats(const AesRow* a, const GhashRow* g) {
  for (const Kat& k : kKats) {
    auto key = Hex(k.key), pt = Hex(kKatPt), ad = Hex(kKatAd), iv = Hex(kKatIv);
    auto want = Hex(k.ct_tag);
    AesGcm gcm;
    ASSERT_EQ(ctcrypto::internal::init_with_rows(gcm, key, 16, a, g),
              Status::kOk);
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
  ASSERT_EQ(ctcrypto::internal::init_with_rows(gcm, key, 16, a, g),
            Status::kOk);
  std::vector<uint8_t> out(pt.size() + 16);
  size_t n = 0;
  ASSERT_EQ(gcm.seal(out, &n, nonce, pt, ad), Status::kOk);
  EXPECT_EQ(std::vector<uint8_t>(out.end() - 16, out.end()),
            Hex("457ff4b83b743075482f940123fc12e1"))
      << a->name << "/" << g->name;
  std::vector<uint8_t> back(pt.size());
  ASSERT_EQ(gcm.open(back, &n, nonce, out, ad), Status::kOk);
  EXPECT_EQ(back, pt);
}

// compare_gcm: one message through the rows against the reference rows
// (CheckGcmMessage), at the given buffer offset, in place or not.
void compare_gcm(const AesRow* a, const GhashRow* g, size_t key_len,
                 size_t len, size_t offset, bool in_place, size_t ad_len = 13,
                 size_t nonce_len = 12) {
  GcmMessageRun run;
  run.key_len = key_len;
  run.len = len;
  run.in_offset = offset;
  run.out_offset = offset;
  run.in_place = in_place;
  run.ad_len = ad_len;
  run.nonce_len = nonce_len;
  CheckGcmMessage({a, g}, run);
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
    const AesRow* a = select_aes_row(caps);
    const GhashRow* g = select_ghash_row(caps);
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
    const AesRow* a = UsableAesRow(p.aes);
    const GhashRow* g = UsableGhashRow(p.ghash);
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
  // Starts just below 2^32 (the 32-bit wrap), and starts whose low byte
  // carries inside a 32-block batch without a wrap: the VAES loops add to
  // the big-endian counter directly unless the low byte can carry.
  // 0u - 200 and the lengths from 300 blocks on put the wrap into the
  // iterations that take their counter blocks from memory (the aesni row
  // from 16 iterations on).
  const uint32_t kStarts[] = {0u - 1,      0u - 2,      0u - 3,
                              0u - 5,      0u - 7,      0u - 13,
                              0u - 17,     0u - 31,     0u - 200,
                              0xe0u,       0xe1u,       0xffu,
                              0x1ddu,      0x123456dfu, 0x00ffffe5u,
                              0x0000ff00u};
  const size_t kBlocks[] = {1,  3,  4,  5,  8,  9,  16,  17,  31, 32,
                            33, 40, 64, 65, 70, 96, 100, 300, 520};
  for (const char* name : {"aesni", "vaes"}) {
    const AesRow* a = UsableAesRow(name);
    if (!a) continue;
    ++ran;
    const ctcrypto::internal::GcmKernel* kernel = GcmKernelOf(a);
    ASSERT_NE(kernel, nullptr) << name;
    GcmBulkKeys keys;
    ASSERT_TRUE(InitGcmBulkKeys(&keys, kernel, Pattern(16, 9)));
    for (uint32_t start : kStarts) {
      AesSeamRun run;
      run.ctr_tail = start;
      run.cbc_decrypt = false;
      run.cbc_encrypt_max_blocks = 0;
      run.seed = start;
      CheckAesSeams(a, run, kBlocks);
      // The GCM kernel of this row (with its own GHASH row).
      if (!ctcrypto::internal::ghash_row_usable(kernel->ghash)) continue;
      // ctr_public: the vaes loop's big-endian counter form (a 96-bit
      // nonce) and its general form (any other nonce) around each start.
      for (bool open : {false, true}) {
        for (bool ctr_public : {false, true}) {
          GcmBulkRun bulk;
          bulk.open = open;
          bulk.ctr_tail = start;
          bulk.ctr_public = ctr_public;
          bulk.out_offset = 0;
          bulk.seed = start;
          for (size_t blocks : kBlocks) CheckGcmBulk(keys, bulk, blocks);
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
                        ("000102030405060708090a0b0c0d0e0f101112131415161718191a"
                         "1b1c1d1e1f")};  // one literal, split
  const char* cts[] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                       "dda97ca4864cdfe06eaf70a0ec0d7191",
                       "8ea2b7ca516745bfeafc49904b496089"};
  auto pt = Hex("00112233445566778899aabbccddeeff");
  // Around the VAES CBC-decrypt batches (16 and 32 blocks).
  std::vector<size_t> counts;
  for (size_t blocks = 0; blocks <= 70; ++blocks) counts.push_back(blocks);
  for (const char* name : {"aesni", "vaes"}) {
    const AesRow* a = UsableAesRow(name);
    if (!a) continue;
    ++ran;
    for (int i = 0; i < 3; ++i) {
      AesKey k;
      auto key = Hex(keys[i]);
      ASSERT_TRUE(InitAesKey(&k, key, a));
      uint8_t out[16], back[16];
      k.encrypt_block(pt.data(), out);
      EXPECT_EQ(std::vector<uint8_t>(out, out + 16), Hex(cts[i])) << name;
      k.decrypt_block(out, back);
      EXPECT_EQ(0, compare_bytes(back, pt.data(), 16)) << name;
      // CBC both ways out of place (unaligned), and in place.
      for (bool in_place : {false, true}) {
        AesSeamRun run;
        run.key_len = key.size();
        run.in_offset = 1;
        run.out_offset = 3;
        run.in_place = in_place;
        run.ctr32 = false;
        run.seed = 100 + static_cast<uint32_t>(i);
        CheckAesSeams(a, run, counts);
      }
    }
  }
  for (const char* name : {"clmul", "vpclmul"}) {
    const GhashRow* g = UsableGhashRow(name);
    if (!g) continue;
    ++ran;
    CheckGhashSeams(g, ToBlock(Pattern(16, 5)), counts, 1, 3);
  }
  if (ran == 0) GTEST_SKIP() << "no x86 hardware rows on this CPU";
}

}  // namespace
}  // namespace ctcrypto_test
