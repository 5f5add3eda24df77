// vpaes_bsaes_hybrid_test.cc: seams of the vpaes+bsaes hybrid row (vpaes_bsaes_hybrid.h,
// one mechanism on x86_64 SSSE3, AArch64 NEON and ARMv7 NEON) against the
// portable reference row through the seam harness (seam.h): every length around this ISA's threshold and tail
// policy (+-1), the 8-block batch sizes (7/8/9, 15/16/17, 31/32/33), the
// counter's 32-bit wrap inside a bitsliced batch and exactly at the
// bsaes/vpaes seam, unaligned buffers, in place; the table order (the
// hybrid is preferred over plain bsaes and vpaes) and GCM short messages
// (one 4-block ctr32 call, which the policy keeps on vpaes).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aes.h"
#include "tests/rows.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto::internal {
namespace {

const AesRow* Hybrid() { return ctcrypto_test::UsableAesRow("vpaes+bsaes"); }

// RowIndex: the position of `name` in the all-rows list (crypto/testing;
// the table's order). This suite runs on the SIMD CPU families, where
// every build of this repository has the row.
testing::AssertionResult RowIndex(const char* name, size_t* index) {
  const auto all = ctcrypto::internal::all_aes_rows();
  for (size_t i = 0; i < all.size(); i++) {
    if (std::strcmp(all[i]->name, name) == 0) {
      *index = i;
      return testing::AssertionSuccess();
    }
  }
  return testing::AssertionFailure() << "row " << name << " missing from the rows";
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

// The hybrid comes before plain bsaes and vpaes, which need the same
// capabilities: they are left out of the table (never selectable), and a
// CPU without the AES instructions selects the hybrid.
TEST(Hybrid, PreferredOverBsaesAndVpaes) {
  size_t ih = 0;
  ASSERT_TRUE(RowIndex("vpaes+bsaes", &ih));
  size_t ib = 0;
  ASSERT_TRUE(RowIndex("bsaes", &ib));
  EXPECT_LT(ih, ib);
  size_t iv = 0;
  ASSERT_TRUE(RowIndex("vpaes", &iv));
  EXPECT_LT(ih, iv);
  EXPECT_NE(find_aes_row("vpaes+bsaes"), nullptr);
  EXPECT_EQ(find_aes_row("bsaes"), nullptr) << "shadowed row in the table";
  EXPECT_EQ(find_aes_row("vpaes"), nullptr) << "shadowed row in the table";
  if (Hybrid() == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const uint32_t no_hw_aes = caps_remove(cpu_caps(), kCapAesni | kCapAes);
  EXPECT_EQ(select_aes_row(no_hw_aes), find_aes_row("vpaes+bsaes"));
}

// Every seam length for ctr32 and cbc_decrypt (and cbc_encrypt up to 9
// blocks, which is vpaes's own) against the reference row.
TEST(Hybrid, SeamsAgainstReference) {
  const AesRow* h = Hybrid();
  if (h == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const uint32_t t = static_cast<uint32_t>(vpaes_bsaes_threshold_blocks());
  const ctcrypto_test::SeamPlacement kPlacements[] = {
      {0, 7, false, 1},
      {3, 10, false, 0xFFFFFFFDu},  // wraps in batch 1
      {1, 8, true, 0xFFFFFFF5u},    // wraps in batch 2
      {0, 7, true, 0xFFFFFFFFu},    // wraps after block 0
      // Wraps exactly where a threshold-length call's bsaes part would end
      // and, for the calls with a vpaes tail, inside that tail.
      {9, 16, false, 0u - 8u},
      {5, 12, true, 0u - t},
  };
  ctcrypto_test::AesSeamRun base;
  base.cbc_encrypt_max_blocks = 9;
  ctcrypto_test::CheckAesSeamsForKeySizes(h, base, kPlacements, SeamLengths());
}

TEST(Hybrid, SingleBlocksAreVpaes) {
  const AesRow* h = Hybrid();
  if (h == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const AesRow* v = ctcrypto_test::UsableAesRow("vpaes");
  ASSERT_NE(v, nullptr) << "vpaes must be usable wherever the hybrid is";
  const ctcrypto_test::Bytes key = ctcrypto_test::Pattern(32, 5);
  for (size_t key_len : {16, 24, 32}) {
    const std::span<const uint8_t> raw(key.data(), key_len);
    ctcrypto::AesKey kh, kv;
    ASSERT_TRUE(ctcrypto_test::InitAesKey(&kh, raw, h));
    ASSERT_TRUE(ctcrypto_test::InitAesKey(&kv, raw, v));
    // The hybrid keeps the key in vpaes form only.
    EXPECT_EQ(0, ctcrypto_test::compare_bytes(
                     ctcrypto::internal::key_state(kh).storage,
                     ctcrypto::internal::key_state(kv).storage,
                     sizeof(ctcrypto::internal::key_state(kh).storage)));
    // Single blocks, unaligned and in place, against the naive model.
    ctcrypto_test::AesSeamRun run;
    run.key_len = key_len;
    run.in_offset = 3;
    run.in_place = true;
    run.ctr32 = false;
    run.cbc_decrypt = false;
    run.cbc_encrypt_max_blocks = 0;
    run.seed = static_cast<uint32_t>(key_len);
    ctcrypto_test::CheckAesSeams(h, run, {});
  }
}

// GCM through the hybrid, short (16 B: the 4-block head call) and across
// the thresholds, against the same GCM over the reference rows.
TEST(Hybrid, GcmAgainstReference) {
  const AesRow* h = Hybrid();
  if (h == nullptr) GTEST_SKIP() << "vpaes+bsaes not usable here";
  const GhashRow* g = select_ghash_row(cpu_caps());
  const size_t t = vpaes_bsaes_threshold_blocks();
  for (size_t len : {size_t{0}, size_t{1}, size_t{16}, size_t{47}, size_t{48},
                     size_t{64}, 16 * t - 1, 16 * t, 16 * t + 17,
                     16 * (t + 8), size_t{1024}, size_t{1024 + 16 * 5 + 3},
                     size_t{4096 + 7},
                     // GCM bulk from the first byte (ARMv7: from 128 bytes;
                     // tails of 3 and 4 blocks left to the final piece, 5+
                     // as a padded batch)
                     size_t{127}, size_t{128}, size_t{16 * 11 + 5},
                     size_t{16 * 12}, size_t{16 * 13}, size_t{256}}) {
    ctcrypto_test::GcmMessageRun run;
    run.len = len;
    run.ad_len = 20;
    run.seed = 1;
    ctcrypto_test::CheckGcmMessage({h, g}, run);
  }
}


}  // namespace
}  // namespace ctcrypto::internal
