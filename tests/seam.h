// seam.h: the one harness for the seam tests of single rows.
//
// A row's bulk entry points (ctr32, cbc_*, ecb_*, GHASH update, the stitched
// GCM loops) change code path at batch boundaries (the 2-block vpaes pair,
// the 4- and 8-block hardware and bitsliced batches, the 16/32-block VAES
// and stitched loops, the hybrid's threshold), where the 32-bit counter
// wraps, and with buffer alignment and aliasing. These checks run one row
// over a list of block counts chosen around its seams and compare every
// output with the portable reference row (ReferenceAesRow(),
// ReferenceGhashRow(), the naive models of reference.h where the row
// under test is the reference itself); each test file only says which
// counts, counter tails and offsets reach its row's seams.
//
// Key set-up goes through the objects' set-up with the explicit row
// (InitAesKey / InitGhashKey over internal::init_with_rows), never around it.
#ifndef CTCRYPTO_TESTS_SEAM_H_
#define CTCRYPTO_TESTS_SEAM_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "tests/rows.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace ctcrypto_test {

// UsableAesRow / UsableGhashRow: the compiled-in row called `name` if this
// CPU (after CTCRYPTO_DISABLE) can run it, else null.
const AesRow* UsableAesRow(const char* name);
const GhashRow* UsableGhashRow(const char* name);

// SetCounterTail: bytes 12..15 of a counter block, GCM's 32-bit big-endian
// counter (SP 800-38D inc32 acts on them).
void SetCounterTail(uint8_t ctr[16], uint32_t tail);

// One run of CheckAesSeams: key size, buffer placement, first counter.
struct AesSeamRun {
  size_t key_len = 16;
  size_t in_offset = 0;   // input starts this many bytes past 64-byte alignment
  size_t out_offset = 3;  // the same for the output (unused in place)
  bool in_place = false;  // output aliases the input
  uint32_t ctr_tail = 1;  // low 32 bits of the first counter block
  bool ctr32 = true;      // which entry points to check
  bool cbc_decrypt = true;
  // cbc_encrypt is serial (one block after the other) in every row, so a
  // shorter list of counts reaches all of its code.
  size_t cbc_encrypt_max_blocks = std::numeric_limits<size_t>::max();
  uint32_t seed = 0;  // varies key and data between runs
};

// CheckAesSeams: for each count in `block_counts`, ctr32, cbc_decrypt and
// cbc_encrypt (as `run` selects) and, where the row has them, ecb_encrypt /
// ecb_decrypt of `row`, against the reference row on the same key and data:
// the output; the counter block left unchanged by ctr32; the chaining value
// after CBC; the same call split in two (counter advanced, IV chained) gives
// the same bytes; nothing written outside the output. Then one block each
// way through encrypt_block / decrypt_block at the same placement. When
// `row` is the reference row, the naive RefCtr32 / RefCbc* models are the
// reference.
void CheckAesSeams(const AesRow* row, const AesSeamRun& run,
                   std::span<const size_t> block_counts);

// SeamPlacement: where the buffers of one CheckAesSeams run sit and where
// its counter starts.
struct SeamPlacement {
  size_t in_offset;
  size_t out_offset;
  bool in_place;
  uint32_t ctr_tail;
};

// CheckAesSeamsForKeySizes: CheckAesSeams with `base` (its entry-point
// choice and cbc_encrypt limit) for AES-128, -192 and -256 at every
// placement, each run with its own key and data.
void CheckAesSeamsForKeySizes(const AesRow* row, const AesSeamRun& base,
                              std::span<const SeamPlacement> placements,
                              std::span<const size_t> block_counts);

// CheckGhashSeams: for each count, `row`'s update from a random accumulator
// over `blocks` blocks at input misalignment `offset` against the reference
// row (RefGhash where `row` is the reference), whole and split in two.
void CheckGhashSeams(const GhashRow* row, const Block& h,
                     std::span<const size_t> block_counts, size_t offset,
                     uint32_t seed);

// The keys of one GCM kernel's (AES row, GHASH row) pair and of the
// reference rows, for CheckGcmBulk.
struct GcmBulkKeys {
  const ctcrypto::internal::GcmKernel* kernel = nullptr;
  ctcrypto::AesKey aes, ref_aes;
  ctcrypto::GhashKey ghash, ref_ghash;
};
// InitGcmBulkKeys: `raw` under the kernel's AES row and the reference AES
// row, H = E_K(0) under its GHASH row and the reference GHASH row. Fails
// for a null kernel.
// GcmKernelOf: the GCM kernel of the AES row `aes` (with whichever GHASH
// row it pairs), among every kernel compiled in; null when none.
const ctcrypto::internal::GcmKernel* GcmKernelOf(const AesRow* aes);

testing::AssertionResult InitGcmBulkKeys(
    GcmBulkKeys* keys, const ctcrypto::internal::GcmKernel* kernel,
    std::span<const uint8_t> raw);

// One call of CheckGcmBulk.
struct GcmBulkRun {
  bool open = false;      // GcmKernel::open_bulk (else seal_bulk)
  uint32_t ctr_tail = 2;  // low 32 bits of the counter passed in
  bool ctr_public = false;  // GcmKernel::seal_bulk's ctr_public
  size_t in_offset = 0;
  size_t out_offset = 1;
  bool in_place = false;
  // From this many blocks on the loop must leave fewer than
  // `max_left_blocks` blocks to the caller (a loop that declines long
  // inputs fails here).
  size_t must_take_from_blocks = std::numeric_limits<size_t>::max();
  size_t max_left_blocks = 0;
  uint32_t seed = 0;
};

// CheckGcmBulk: one stitched bulk call of `blocks` blocks against the
// reference ctr32 + GHASH over the prefix it reports (a whole number of
// blocks): output, counter tail advanced by the blocks done, accumulator;
// nothing written past the prefix. Returns the blocks done.
size_t CheckGcmBulk(const GcmBulkKeys& keys, const GcmBulkRun& run,
                    size_t blocks);

// One message of CheckGcmMessage.
struct GcmMessageRun {
  size_t key_len = 16;
  size_t len = 0;         // plaintext bytes
  size_t in_offset = 0;
  size_t out_offset = 0;  // unused in place
  bool in_place = false;
  size_t ad_len = 13;
  size_t nonce_len = 12;  // 12 is the fast path; others derive J0 by GHASH
  uint32_t seed = 0;
};

// CheckGcmMessage: AesGcm with `rows` against AesGcm with the reference
// rows: seal (combined); open back (combined and detached, in place or
// not); a flipped tag bit and a flipped ciphertext bit are refused with the
// plaintext area zeroed.
void CheckGcmMessage(const GcmRows& rows, const GcmMessageRun& run);

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_SEAM_H_
