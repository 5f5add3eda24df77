// gcm_kernel.h: the GCM kernel table: stitched AES+GHASH loops, each for
// one pair of rows (an AES row and the GHASH row whose key layout and
// arithmetic it inlines).
//
// Why a table of its own. The AES row table describes the block cipher
// (set-up, blocks, CTR, CBC, ECB) and the GHASH table the hash; a loop that
// interleaves the two belongs to neither: it is GCM's. So GCM owns it:
// AesGcm's init looks the pair of rows it chose up here, once, and records
// the kernel (or none) in the key; seal and open then call it without
// asking again. A pair with no kernel runs the generic path of gcm.cc
// (ctr32 + GHASH in 1 KiB chunks), which is also the reference the kernels
// are tested against (tests/seam.h).
//
// The table is generated like the row tables (crypto/rows.bzl, keyed =
// True): each kernel is a ctcrypto_row of table "gcm" in crypto/BUILD.bazel,
// its `uses` the union of its two rows', so an opt-out that drops either
// row drops the kernel with it. Adding a kernel: its file next to gcm.cc
// (gcm_<aes row>_<arch>.cc, defining a GcmKernel), one ctcrypto_row and one
// line in the gcm_kernels table; no AES or GHASH row changes.
//
// Every kernel is constant time under the rows' contract: lengths, block
// counts and the pair are public; no branch or address depends on key,
// counter or data.
#ifndef CTCRYPTO_MODES_GCM_KERNEL_H_
#define CTCRYPTO_MODES_GCM_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {

struct GcmKernel {
  const char* name;        // "<aes row>+<ghash row>", e.g. "aesni+clmul"
  const AesRow* aes;       // the pair it serves
  const GhashRow* ghash;

  // seal_bulk / open_bulk: each processes a prefix of `len` bytes (a whole
  // number of blocks, possibly 0) and returns its length: encrypts (seal)
  // or decrypts (open) with counter `ctr` (updated: its 32-bit tail
  // advanced by the blocks done) and folds the ciphertext into the GHASH
  // accumulator `xi` (updated).
  //
  // ctr_public: the counter's value is public, so the kernel may branch on
  // it (the VAES loop adds to the big-endian counter directly when its low
  // byte cannot carry within an iteration). True for a 96-bit nonce, where
  // J0 = IV || 1 and the IV is public; false for any other nonce length,
  // where J0 = GHASH_H(IV) depends on the key and its value must not steer
  // a branch (tests/ct/ct_suite.cc runs such nonces under ctgrind and
  // ctmsan).
  size_t (*seal_bulk)(const AesKeyState* s, const GhashKeyState* g,
                      const uint8_t* in, uint8_t* out, size_t len,
                      uint8_t ctr[16], bool ctr_public, uint8_t xi[16]);
  size_t (*open_bulk)(const AesKeyState* s, const GhashKeyState* g,
                      const uint8_t* in, uint8_t* out, size_t len,
                      uint8_t ctr[16], bool ctr_public, uint8_t xi[16]);
  // bulk_from_start_bytes: 0, or the message length from which GCM hands
  // the whole message to seal_bulk / open_bulk: no data goes through the
  // head, and the tag mask is one encrypt_block call. For kernels that do
  // better starting at the caller's buffer (the VAES loop: aligned wide
  // loads and stores, the first blocks in its own pass) or whose AES row's
  // short calls are dear per block (the ARMv7 vpaes+bsaes hybrid: the
  // head's blocks would run on vpaes). At least the bulk's own minimum, so
  // the bulk always takes the first blocks, unless the kernel's last pass
  // takes every shorter message whole (aesni: 49 bytes, its bulk needing
  // 128); what the bulk leaves goes on as usual. More than the mode's head
  // (kGcmHeadBytes): gcm.cc writes the length block only for longer
  // messages.
  size_t bulk_from_start_bytes = 0;
  // Optional (null when absent): the message's last pass. As seal_bulk /
  // open_bulk over all of `len` bytes (last_min_bytes <= len <=
  // last_max_bytes; the last block may be partial: only its bytes are read
  // and written, and it is hashed zero-padded), then GCM's length block
  // `len_block` folded into xi in the same reduction, so that no GHASH call
  // of its own follows the data's. GCM calls it for the end of a message
  // (after the bulk, or all of it) when that end is such a run.
  void (*seal_last)(const AesKeyState* s, const GhashKeyState* g,
                    const uint8_t* in, uint8_t* out, size_t len,
                    uint8_t ctr[16], uint8_t xi[16],
                    const uint8_t len_block[16]) = nullptr;
  void (*open_last)(const AesKeyState* s, const GhashKeyState* g,
                    const uint8_t* in, uint8_t* out, size_t len,
                    uint8_t ctr[16], uint8_t xi[16],
                    const uint8_t len_block[16]) = nullptr;
  size_t last_min_bytes = 0;
  size_t last_max_bytes = 0;
  // Optional (null when absent): seal_bulk for a stream (AesGcmStream),
  // for a kernel whose seal pipeline hashes each batch of ciphertext while
  // it encrypts the next: a call of seal_bulk encrypts its first batch
  // alone and hashes its last alone, which a stream fed in 1 KiB chunks
  // would pay at every chunk. seal_bulk_carry instead hashes `carry`
  // (*carry_len bytes: 0 or carry_bytes, ciphertext that precedes `in`'s
  // in the message) stitched with its first batch, and leaves its own last
  // batch unhashed, copied to carry (*carry_len = carry_bytes). It takes
  // whole batches of carry_bytes from `len` and returns their length; a
  // call shorter than one batch returns 0 and leaves carry as it was.
  // carry_bytes <= kGcmStreamCarryBytes (crypto/key_storage.h).
  // ctr_public as for seal_bulk.
  size_t (*seal_bulk_carry)(const AesKeyState* s, const GhashKeyState* g,
                            const uint8_t* in, uint8_t* out, size_t len,
                            uint8_t ctr[16], bool ctr_public, uint8_t xi[16],
                            uint8_t* carry, size_t* carry_len) = nullptr;
  size_t carry_bytes = 0;
};


// gcm_kernel_table: the kernels of this configuration (generated,
// gcm_kernel_table.cc); a pair's kernel is in it when both its rows can be
// selected here.
std::span<const GcmKernel* const> gcm_kernel_table();
// kGcmKernelUses[i]: the capabilities kernel i is declared to use.
extern const uint32_t kGcmKernelUses[];

// find_gcm_kernel: the kernel of `table` for the pair (aes, ghash), or null
// (the generic path). `table` is gcm_kernel_table() for the public set-up;
// crypto/testing passes every kernel compiled in.
const GcmKernel* find_gcm_kernel(std::span<const GcmKernel* const> table,
                                 const AesRow* aes, const GhashRow* ghash);

// The kernels, defined each in its file next to gcm.cc.
extern const GcmKernel kGcmVaes;         // gcm_vaes_x86_64.cc: vaes+vpclmul
extern const GcmKernel kGcmAesni;        // gcm_aesni_x86_64.cc: aesni+clmul
extern const GcmKernel kGcmArmv8;        // gcm_armv8_*.cc: armv8+pmull
extern const GcmKernel kGcmVpaesBsaes;   // gcm_vpaes_bsaes_*.cc

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_GCM_KERNEL_H_
