// arm_hardware_rows_test.cc: seam tests for the ARMv8 Crypto Extension rows "armv8"
// (AES) and "pmull" (GHASH) and the GCM kernel over the pair.
//
// The generic suites already run every vector against every usable row;
// this file aims at the edges of these rows' batching: lengths around the
// 4- and 8-block batches of CTR, CBC decryption and GHASH, around the
// 128-byte batches of the stitched GCM loops (after gcm.cc's 48-byte head),
// a 32-bit counter wrapping inside a batch, unaligned and in-place buffers.
// Everything is compared with the portable reference rows through the seam
// harness (seam.h), plus known answers (FIPS-197 Appendix C, GCM vectors)
// and a dispatch check.
//
// Where the rows are not compiled (x86, aarch64_noce) or the CPU cannot run
// them (armv7 on a CPU without the AArch32 crypto extensions) the seam tests
// skip; a row the build compiles must be in its table.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "tests/rows.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

const AesRow* HwAes() { return UsableAesRow("armv8"); }
const GhashRow* HwGhash() { return UsableGhashRow("pmull"); }

#define REQUIRE_HW_AES()          \
  const AesRow* hw = HwAes(); \
  if (hw == nullptr) GTEST_SKIP() << "row armv8 not usable here"
#define REQUIRE_HW_GHASH()             \
  const GhashRow* hwg = HwGhash(); \
  if (hwg == nullptr) GTEST_SKIP() << "row pmull not usable here"

// Block counts around the batch sizes (4, 8) and their multiples.
const size_t kBlockCounts[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,
                               9,  11, 12, 13, 15, 16, 17, 23, 24,
                               25, 31, 32, 33, 63, 64, 65};
const size_t kKeyLens[] = {16, 24, 32};

struct Keys {
  ctcrypto::AesKey hw, ref;
};

void InitKeys(Keys* k, const AesRow* hw, const Bytes& key) {
  ASSERT_TRUE(InitAesKey(&k->hw, key, hw));
  ASSERT_TRUE(InitAesKey(&k->ref, key, ReferenceAesRow()));
}

TEST(ArmHwAes, Fips197AppendixC) {
  REQUIRE_HW_AES();
  const Bytes pt = Hex("00112233445566778899aabbccddeeff");
  const Bytes key = Hex(
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const char* cts[] = {"69c4e0d86a7b0430d8cdb78070b4c55a",
                       "dda97ca4864cdfe06eaf70a0ec0d7191",
                       "8ea2b7ca516745bfeafc49904b496089"};
  for (int i = 0; i < 3; ++i) {
    ctcrypto::AesKey k;
    ASSERT_TRUE(InitAesKey(&k, Bytes(key.begin(), key.begin() + 16 + 8 * i), hw));
    uint8_t buf[16];
    k.encrypt_block(pt.data(), buf);
    EXPECT_EQ(Bytes(buf, buf + 16), Hex(cts[i]))
        << "key bits " << 128 + 64 * i;
    k.decrypt_block(buf, buf);
    EXPECT_EQ(Bytes(buf, buf + 16), pt);
  }
}

TEST(ArmHwAes, BlocksMatchReference) {
  REQUIRE_HW_AES();
  std::mt19937 rng(1);
  for (size_t kl : kKeyLens) {
    for (int trial = 0; trial < 20; ++trial) {
      Keys k;
      InitKeys(&k, hw, RandomBytes(rng, kl));
      Bytes in = RandomBytes(rng, 16);
      uint8_t a[16], b[16];
      k.hw.encrypt_block(in.data(), a);
      k.ref.encrypt_block(in.data(), b);
      ASSERT_EQ(0, std::memcmp(a, b, 16));
      k.hw.decrypt_block(in.data(), a);
      k.ref.decrypt_block(in.data(), b);
      ASSERT_EQ(0, std::memcmp(a, b, 16));
    }
  }
}

// Ctr32: every block count, a counter about to wrap inside a batch,
// misaligned buffers and in place.
TEST(ArmHwAes, Ctr32Seams) {
  REQUIRE_HW_AES();
  std::vector<SeamPlacement> placements;
  for (uint32_t start : {0u, 1u, 0xfffffffau, 0xfffffffdu, 0xffffffffu}) {
    for (size_t mis : {0, 1, 7}) {
      for (bool in_place : {false, true}) {
        placements.push_back({mis, (mis + 3) % 16, in_place, start});
      }
    }
  }
  AesSeamRun base;
  base.cbc_decrypt = false;
  base.cbc_encrypt_max_blocks = 0;
  base.seed = 2;
  CheckAesSeamsForKeySizes(hw, base, placements, kBlockCounts);
}

TEST(ArmHwAes, CbcSeams) {
  REQUIRE_HW_AES();
  const SeamPlacement kPlacements[] = {
      {0, 9, false, 1}, {0, 9, true, 1}, {5, 14, false, 1}, {5, 14, true, 1}};
  AesSeamRun base;
  base.ctr32 = false;
  base.seed = 3;
  CheckAesSeamsForKeySizes(hw, base, kPlacements, kBlockCounts);
}

TEST(ArmHwGhash, UpdateSeams) {
  REQUIRE_HW_GHASH();
  std::mt19937 rng(4);
  for (int trial = 0; trial < 4; ++trial) {
    Block h = ToBlock(RandomBytes(rng, 16));
    if (trial == 0) h = Block{};  // H = 0 is legal
    if (trial == 1) {             // H = 1 (x^0)
      h = Block{};
      h[0] = 0x80;
    }
    for (size_t mis : {0, 3}) {
      CheckGhashSeams(hwg, h, kBlockCounts, mis, static_cast<uint32_t>(trial));
    }
  }
}

// The stitched bulk loops called directly, with the counter wrapping
// inside and across batches, against the reference ctr32 + GHASH.
TEST(ArmHwGcm, BulkCounterWrap) {
  REQUIRE_HW_AES();
  REQUIRE_HW_GHASH();
  const ctcrypto::internal::GcmKernel* kernel = GcmKernelOf(hw);
  ASSERT_NE(kernel, nullptr);
  ASSERT_EQ(kernel->ghash, hwg);
  std::mt19937 rng(5);
  const uint32_t starts[] = {5, 0xfffffffb, 0xfffffff8, 0xfffffff0, 0xffffffff};
  for (size_t kl : kKeyLens) {
    GcmBulkKeys keys;
    ASSERT_TRUE(InitGcmBulkKeys(&keys, kernel, RandomBytes(rng, kl)));
    for (uint32_t start : starts) {
      for (bool open : {false, true}) {
        for (bool in_place : {false, true}) {
          // From one 8-block batch on, the loop leaves under 8 blocks.
          const GcmBulkRun run{.open = open,
                               .ctr_tail = start,
                               .in_offset = 1,
                               .out_offset = 2,
                               .in_place = in_place,
                               .must_take_from_blocks = 8,
                               .max_left_blocks = 8,
                               .seed = static_cast<uint32_t>(kl)};
          for (size_t blocks : kBlockCounts) CheckGcmBulk(keys, run, blocks);
        }
      }
    }
  }
}

// Through the public AesGcm, armv8+pmull against the reference rows for
// message lengths around the head (48 bytes) plus multiples of the 128-byte
// batch.
TEST(ArmHwGcm, SealOpenSeams) {
  REQUIRE_HW_AES();
  REQUIRE_HW_GHASH();
  std::vector<size_t> lens;
  for (size_t l = 0; l <= 64; ++l) lens.push_back(l);
  for (size_t batches : {1, 2, 3, 4, 8}) {
    for (int d : {-17, -16, -15, -1, 0, 1, 15, 16, 17, 64, 127})
      lens.push_back(48 + 128 * batches + d);
  }
  lens.push_back(4096 + 13);
  for (size_t kl : kKeyLens) {
    for (size_t len : lens) {
      for (size_t nonce_len : {12, 8, 16}) {
        for (bool in_place : {false, true}) {
          CheckGcmMessage({hw, hwg}, {.key_len = kl,
                                      .len = len,
                                      .in_offset = 3,
                                      .out_offset = 11,
                                      .in_place = in_place,
                                      .ad_len = len % 37,
                                      .nonce_len = nonce_len,
                                      .seed = 6});
        }
      }
    }
  }
}

// Known answers through armv8+pmull, copied from the project's
// tests/testdata/aes_{128,256}_gcm_tests.txt (BoringSSL's data files): Test
// Cases 4 and 6 of McGrew-Viega, "The Galois/Counter Mode of Operation" (the
// latter with a 64-bit nonce), and the two 295-byte vectors (head, one
// stitched 128-byte batch, then a 7-block-plus tail).
struct GcmKat {
  const char *key, *nonce, *in, *ad, *ct, *tag;
};
const GcmKat kGcmKats[] = {
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95"
     "956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b2"
     "5466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {"06a4c6a8aa189134f5784a525d46ff10", "0f765d3893af99f5c3e6d9e1",
     "706b754094869313523493089e591d34868b708cbde9bd8b42cba8175d1fdb6a8769bb9e"
     "c156d44bcb8f9cbf2685a0dc18b5a802dcf7a12570bb9042a0aa53dfb19af8c0f13763f3"
     "88d9626a480d6d435dd90fbdbb4292d9015a5633252aa0583498d6f7ec54460d8589c1d6"
     "a6d16a349d10ec6070e1cc52e5fb996f810d333675a7130e4f3db9f4db0e3fd3541d32e0"
     "b2efbd40ba70cd59295bc8d08481f0f137832b01bac1778ffd7450376e174067b3ec23d0"
     "495cbf936bdc176cabc3f42e2991947a4fa87dd8343c32fa3d7ac0e2d22660a0c128a00e"
     "1b51a8742fdb2aff44540e39e588c5920ea16293aaa522513c944d3b77f3a0e90bd91053"
     "19c170886202e336893d100b0a25aa609a49a8255f78233561f7b88256386d1c3c002c3e"
     "e68f2775585c65",
     "18e2ed6d500b176e49f7e1b5074c0b7dbfdefdf00a63d9fa2fea8c5e78a1c4ae00f17b23"
     "442933543ac864097629e112a099f3dce6d5beb1e3f3c8e19522c6b8f615cbe23444bc91"
     "a802edf8a08995a55125da805ebb073fd89863996ef708f7293069a744ad95db8c17cbcf"
     "edc331119e85020df8852d74b8092fd38ad424f3da41b4775beac19536ed801ac1069925"
     "b12303d8ad2c52c36ca5b4ec95e96f02ebc5725ee6cdc099e666d9055b789e39ded77a8f"
     "dca0fe2d94b8039be55b6a75209cbee4fc7864957402b50427db71bc75a0b1e3d2ed6ea2"
     "0f12a980c5ee916067d0dde7d686570d075da4df7088fe5dccf0d440064a96998da6f318"
     "b603d513104c723f27484780bdad586ee358d821b480f9569e4dbdd1a45ab9056f8d8e5a"
     "879789a0d65338",
     "5f3627bd53f8da0bbe6f3c9246d6f96fe9abb91cdecf66ddd42f833d98f4d4634c2e1e1a"
     "d4088c84c22191bdb9d99ef227320e455dd112c4a9e9cca95724fcc9ae024ed12bf60a80"
     "2d0b87b99d9bf22590786567c2962171d2b05bec9754c627608e9eba7bccc70540aa4da7"
     "2e1e04b26d8f968b10230f707501c0091a8ac118f86e87aae1ac00257aee29c3345bd383"
     "9154977acd378fc1b2197f5c1fd8e12262f9c2974fb92dc481eeb51aadd44a8851f61b93"
     "a84ba57f2870df0423d289bfdcfe634f9ecb7d7c6110a95b49418a2dd6663377690275c2"
     "05b3efa79a0a77c92567fb429d8ee437312a39df7516dc238f7b9414938223d7ec24d256"
     "d3fb3a5954a7c75dbd79486d49ba6bb38a7ccce0f58700260b71319adf98ab8684e34913"
     "abe2d9d97193e2",
     "e690e89af39ff367f5d40a1b7c7ccd4f"},
    {"b33f449deccc2ef0d7616f22b4a00fcd84c51a8383782f66f1696bc6405005ee",
     "6afa8baf923f986b5779ac6a",
     "b0af85a6deae5fcaa94778bce015ce2da7400ab768f3e114cc1b645fb2716789e2aeb968"
     "94fda6da5bc24fcf2466124720d6ba99e5475d77e5bcf2c2f8c8e5becf5eb73ad650861b"
     "bdeb51ba5ee789c227478934200fc18f36e4fe392c99d4c3fe0b38b40d2e84f831b8ef9b"
     "ce9ac1362c755943521ecf5b5cf8fbcdf08f2d47ff7cd62838597dd342695a1b037bcede"
     "69500bf70bf1edbb40a17b44695bd8ff8bc8664b3211a6bbfdcbd1bffbfb1a2ea0141cfb"
     "c6ac841c803b137be5eeb2666c46c09cc1c4fa82be43bfd56e7a2b8ceeecb6efc1933a90"
     "213a0e1bc7aca2af35f2d1dad5f0d9002561064a699f1ce76c39d9c2224ae596e88a1517"
     "e19c2115370768d50107f3f2a55051838ae5897acf2ac0814ccd864eee2f6b5d7a6728c6"
     "ac6e6a57327102",
     "2134f74e882a44e457c38b6580cd58ce20e81267baeb4a9d50c41ababc2a91ddf300c399"
     "63643d3c0797b628c75a5fc39c058d319e7d6deb836334dbe8e1fe3cc5704b90c712e1fb"
     "60a3c8b58d474a73d65fae886394f8b2c029e420b923f2af4d54c9de3c7fa2bccaa1e966"
     "64ccf681cacbbf9845069a4bfd6c135c4392d7d6be338eca414e3a45f50510718e2a5a3e"
     "5815eafa0c50172cf5f147510645d2269929843bbbab682deb5823d4cdf42bd250bdbd20"
     "c43e2919d7a6e48973f43a4cab73454b97cdca96721ebd83b6dbaaec7e12cf0dae678a57"
     "c431b81421657037dd47dccbee73a41f56495fd7c25c75744fe8f55cbd1eac4a174d8f7d"
     "d6f6ba57b3e53449a9ce7806517e3e07cf6546a0fa62c7b1fa244d42eee64a3182461792"
     "edb628e567b23a",
     "0fe35823610ea698aeb5b571f3ebbaf0ac3586ecb3b24fcc7c56943d4426f7fdf4e4a53f"
     "b430751456d41551f8e5502faa0e1ac5f452b27b13c1dc63e9231c6b192f8dd297830029"
     "3298acb6293459d3204429e374881085d49ed6ad76f1d85e3f6dd5455a7a5a9d7127386a"
     "30f80658395dc8eb158e5ca052a7137feef28aa247e176cceb9c031f73fb8d48139e3bdb"
     "30e2e19627f7fc3501a6d6287e2fb89ad184cefa1774585aa663586f289c778462eee3cd"
     "88071140274770e4ed98b9b83cd4fa659fcdd2d1fde7e58333c6cf7f83fe285b97ad8f27"
     "6a375fafa15f88e6167f5f2bfb95af1aefee80b0620a9bc09402ab79036e716f0c8d518a"
     "e2fa15094f6ea4c5e8b283f97cc27f2f1d0b6367b4b508c7bad16f1539325751bd785e9e"
     "08cd508bdb3b84",
     "1976d7e121704ce463a8d4fe1b93d90f"},
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbad",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95"
     "956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900"
     "e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
     "3612d2e79e3b0785561be14aaca2fccb"},
};

TEST(ArmHwGcm, KnownAnswers) {
  REQUIRE_HW_AES();
  REQUIRE_HW_GHASH();
  for (const GcmKat& v : kGcmKats) {
    Bytes key = Hex(v.key), nonce = Hex(v.nonce), in = Hex(v.in),
          ad = Hex(v.ad), ct = Hex(v.ct), tag = Hex(v.tag);
    ASSERT_EQ(in.size(), ct.size());
    ctcrypto::AesGcm gcm;
    ASSERT_EQ(ctcrypto::internal::init_with_rows(gcm, key, 16, hw, hwg),
              ctcrypto::Status::kOk);
    Bytes out(in.size()), got_tag(16);
    ASSERT_EQ(gcm.seal_detached(out, got_tag, nonce, in, ad),
              ctcrypto::Status::kOk);
    EXPECT_EQ(out, ct) << v.key;
    EXPECT_EQ(got_tag, tag) << v.key;
    Bytes back(in.size());
    ASSERT_EQ(gcm.open_detached(back, nonce, ct, tag, ad),
              ctcrypto::Status::kOk);
    EXPECT_EQ(back, in);
  }
}

// Dispatch: without AES and PMULL the rows are never chosen, with them
// (when the CPU has them) they are.
TEST(ArmHwDispatch, RowsNeedTheirCaps) {
  using namespace ctcrypto::internal;
  const AesRow* aes_row = find_aes_row("armv8");
  const GhashRow* ghash_row = find_ghash_row("pmull");
  if (aes_row == nullptr && ghash_row == nullptr)
    GTEST_SKIP() << "rows not compiled into this build";
  if (aes_row) {
    EXPECT_EQ(aes_row->required_caps & (kCapAes | kCapNeon),
              uint32_t{kCapAes | kCapNeon});
  }
  if (ghash_row) {
    EXPECT_EQ(ghash_row->required_caps & (kCapPmull | kCapNeon),
              uint32_t{kCapPmull | kCapNeon});
  }
  uint32_t without = caps_remove(cpu_detected_caps(), kCapAes | kCapPmull);
  EXPECT_NE(select_aes_row(without), aes_row);
  EXPECT_NE(select_ghash_row(without), ghash_row);
  EXPECT_NE(select_aes_row(0), aes_row);
  EXPECT_NE(select_ghash_row(0), ghash_row);
  uint32_t with = cpu_detected_caps();
  if (aes_row && (with & aes_row->required_caps) == aes_row->required_caps) {
    EXPECT_EQ(select_aes_row(with), aes_row);
  }
  if (ghash_row &&
      (with & ghash_row->required_caps) == ghash_row->required_caps) {
    EXPECT_EQ(select_ghash_row(with), ghash_row);
  }
}

}  // namespace
}  // namespace ctcrypto_test
