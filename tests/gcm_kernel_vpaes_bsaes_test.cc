// gcm_kernel_vpaes_bsaes_test.cc: the GCM kernel of the x86 vpaes+bsaes
// row with the ssse3 GHASH row (crypto/modes/gcm_vpaes_bsaes_x86_64.cc:
// bitsliced batches with one GHASH block per round), against
// the reference rows' ctr32 + GHASH through the seam harness (seam.h):
// block counts around the threshold and the 8-block
// batch (7/8/9, 14/15/16/17, 23/24/25, 31/32/33, 63/64/65, 128), the 32-bit
// counter wrap inside a batch and at a batch boundary, unaligned buffers,
// in place; and whole AES-GCM messages through the pairing against the
// reference rows' GCM (lengths around head + batches). The pairing exists
// wherever both rows are compiled (x86-64); the seam tests skip only on a
// CPU that cannot run it.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "tests/rows.h"
#include "tests/seam.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

// The GCM kernel of vpaes+bsaes with the ssse3 GHASH row, when this CPU
// runs both.
const ctcrypto::internal::GcmKernel* Stitched() {
  const AesRow* b = UsableAesRow("vpaes+bsaes");
  const GhashRow* g = UsableGhashRow("ssse3");
  if (b == nullptr || g == nullptr) return nullptr;
  return ctcrypto::internal::find_gcm_kernel(
      ctcrypto::internal::all_gcm_kernels(), b, g);
}

TEST(Ssse3GcmStitch, PairedWhereBothRowsAreCompiled) {
  // Which rows a build has is //tests:row_set_test's to check.
  const AesRow* b = ctcrypto::internal::find_aes_row("vpaes+bsaes");
  const GhashRow* g = ctcrypto::internal::find_ghash_row("ssse3");
  if (b == nullptr || g == nullptr) {
    GTEST_SKIP() << "the ssse3 GHASH row is compiled on x86-64 only";
  }
  const ctcrypto::internal::GcmKernel* k = ctcrypto::internal::find_gcm_kernel(
      ctcrypto::internal::gcm_kernel_table(), b, g);
  ASSERT_NE(k, nullptr) << "no GCM kernel for vpaes+bsaes with ssse3";
  EXPECT_NE(k->seal_bulk, nullptr);
  EXPECT_NE(k->open_bulk, nullptr);
}

TEST(Ssse3GcmStitch, BulkAgainstReference) {
  const ctcrypto::internal::GcmKernel* b = Stitched();
  if (b == nullptr) GTEST_SKIP() << "vpaes+bsaes with ssse3 GHASH not here";
  const size_t counts[] = {0,  1,  7,  8,  9,  14, 15, 16, 17, 23,
                           24, 25, 31, 32, 33, 63, 64, 65, 128};
  for (size_t key_len : {16, 24, 32}) {
    GcmBulkKeys keys;
    ASSERT_TRUE(InitGcmBulkKeys(&keys, b, Pattern(key_len, static_cast<uint32_t>(key_len))));
    for (bool open : {false, true}) {
      GcmBulkRun run;
      run.open = open;
      // From 16 blocks on the loop takes all but a tail of under 8.
      run.must_take_from_blocks = 16;
      run.max_left_blocks = 8;
      struct Placement {
        uint32_t ctr_tail;
        size_t in_offset;
        bool in_place;
      };
      for (const Placement& p : {Placement{2, 0, false},
                                 Placement{0x12345678u, 3, false},
                                 Placement{5, 0, true},
                                 Placement{0xfffffff0u, 9, true}}) {
        run.ctr_tail = p.ctr_tail;
        run.in_offset = p.in_offset;
        run.out_offset = (p.in_offset ^ 1) % 16;
        run.in_place = p.in_place;
        for (size_t n : counts) CheckGcmBulk(keys, run, n);
      }
      // The 32-bit wrap at every position inside a batch and across the
      // batch boundary.
      run.in_offset = 1;
      run.out_offset = 0;
      run.in_place = false;
      for (uint32_t back = 1; back <= 17; back++) {
        run.ctr_tail = 0u - back;
        CheckGcmBulk(keys, run, 33);
      }
    }
  }
}

// Whole messages through the pairing against the reference rows' GCM: the
// bulk starts after the 3-block head and leaves its < 8-block tail to the
// final piece.
TEST(Ssse3GcmStitch, GcmAgainstReference) {
  const ctcrypto::internal::GcmKernel* b = Stitched();
  if (b == nullptr) GTEST_SKIP() << "vpaes+bsaes with ssse3 GHASH not here";
  std::vector<size_t> lens;
  for (size_t blocks : {14, 15, 16, 17, 18, 19, 20, 26, 27, 28, 34, 35, 36,
                        67, 68, 131}) {
    for (size_t extra : {0, 5}) lens.push_back(48 + 16 * (blocks - 3) + extra);
  }
  for (size_t len : {size_t{1350}, size_t{8192}, size_t{16384}}) {
    lens.push_back(len);
  }
  for (size_t len : lens) {
    for (bool in_place : {false, true}) {
      GcmMessageRun run;
      run.len = len;
      run.in_place = in_place;
      run.ad_len = 13;
      run.seed = 11;
      CheckGcmMessage({b->aes, b->ghash}, run);
    }
  }
}

}  // namespace
}  // namespace ctcrypto_test
