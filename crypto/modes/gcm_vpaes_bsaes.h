// gcm_vpaes_bsaes.h: the GCM kernels over the vpaes+bsaes hybrid AES row
// (crypto/aes/vpaes_bsaes_hybrid.h), one mechanism for the ISAs that have
// one (x86_64 SSSE3 with the ssse3 GHASH row: gcm_vpaes_bsaes_x86_64.cc;
// ARMv7 NEON with the neon GHASH row: gcm_vpaes_bsaes_arm.cc; AArch64
// keeps GCM's ctr32 + GHASH chunks).
//
// Technique. The hybrid's key is in vpaes form, and its ctr32 converts it
// to a bitsliced schedule per call (per GCM 1 KiB chunk). A kernel instead
// converts it once per message (bulk): from thresholds of its own
// (Policy::kSealThresholdBlocks / kOpenThresholdBlocks), all whole 8-block
// batches run through the ISA's `Stitched` loop - bsaes batches with the
// GHASH row interleaved (x86), or alternating per 1 KiB chunk (ARMv7:
// alternate) - and the tail (< 8 blocks) is left to GCM's final piece
// (vpaes), or, with Policy::kTailToBsaes, a tail of that many blocks runs
// as one padded batch here. Policy::kBulkFromBytes is the kernel's
// bulk_from_start_bytes (GCM's head then carries no data, so messages from
// that length run no data block on vpaes).
//
// Constant time. Both engines and the GHASH rows are constant time (see
// their files); the thresholds depend only on the block count, which is
// public; the converted key is wiped and the frames below scrubbed.
#ifndef CTCRYPTO_MODES_GCM_VPAES_BSAES_H_
#define CTCRYPTO_MODES_GCM_VPAES_BSAES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"
#include "crypto/modes/gcm_kernel.h"

namespace ctcrypto::internal::gcm_vpaes_bsaes {

// Stitched: `batches` whole 8-block batches of GCM encryption (seal) or
// decryption (open) on the bitsliced schedule `bs`: CTR from `counter` (not
// updated), the ciphertext folded into `xi` with the GHASH key `g`.
using Stitched = void (*)(const uint8_t* bs, unsigned rounds,
                          const GhashKeyState* g, const uint8_t* in,
                          uint8_t* out, size_t batches,
                          const uint8_t counter[16], uint8_t xi[16]);

// Policy: struct with
//   static constexpr size_t kSealThresholdBlocks, kOpenThresholdBlocks;
// and optionally kTailToBsaes, kBulkFromBytes and kBulkScrubBytes (the
// frames bulk's callees leave, measured per ISA; else the hybrid's bulk
// figure).
template <class Policy>
struct Kernel {
  // kScrubBytes: more than the frames of bulk's callees (key export,
  // bitsliced conversion, the GHASH row's update; bsaes_ctr32 scrubs its
  // own), which hold round keys in spill slots and saved registers that no
  // wipe inside them can name. Scrubbed once per GCM message, it is a fixed
  // cost a short message feels.
  static constexpr size_t scrub_bytes() {
    if constexpr (requires { Policy::kBulkScrubBytes; }) {
      return Policy::kBulkScrubBytes;
    } else {
      return vpaes_bsaes::kHybridBulkScrubBytes;
    }
  }

  // bulk: GcmKernel::seal_bulk / open_bulk: below kMinBlocks nothing (GCM
  // runs its ctr32 + GHASH chunks, i.e. vpaes); otherwise the key is
  // converted once for the whole message, all whole 8-block batches run
  // through kFn, and a tail of at least Policy::kTailToBsaes blocks (when
  // the Policy has it) as one padded batch (bsaes_ctr32 and the GHASH row's
  // update), with the key already converted; shorter tails stay with GCM's
  // final piece (vpaes).
  template <Stitched kFn, size_t kMinBlocks, bool kOpening>
  static size_t bulk(const AesKeyState* s, const GhashKeyState* g,
                     const uint8_t* in, uint8_t* out, size_t len,
                     uint8_t ctr[16], bool /*ctr_public: unused*/,
                     uint8_t xi[16]) {
    static_assert(kMinBlocks >= kBsaesBatchBlocks, "a whole batch at least");
    const size_t blocks = len / 16;
    if (blocks < kMinBlocks) return 0;
    const size_t batches = blocks / kBsaesBatchBlocks;
    size_t done = kBsaesBatchBlocks * batches;
    vpaes_bsaes::with_bitsliced_key<scrub_bytes()>(s, [&](const uint8_t* bs) {
      kFn(bs, s->rounds, g, in, out, batches, ctr, xi);
      vpaes_bsaes::ctr_advance(ctr, done);
      if constexpr (requires { Policy::kTailToBsaes; }) {
        const size_t tail = blocks - done;
        if (tail >= Policy::kTailToBsaes) {
          const uint8_t* tin = in + 16 * done;
          uint8_t* tout = out + 16 * done;
          if (kOpening) g->row->update(g, xi, tin, tail);
          bsaes_ctr32(bs, s->rounds, tin, tout, tail, ctr);
          if (!kOpening) g->row->update(g, xi, tout, tail);
          vpaes_bsaes::ctr_advance(ctr, tail);
          done = blocks;
        }
      }
    });
    return 16 * done;
  }

  // alternate: a Stitched loop for an ISA whose bsaes and GHASH are not
  // interleaved (ARMv7: the Cortex-A9 has one in-order NEON pipe, so
  // interleaving would not overlap the two): per 1 KiB chunk (hot in L1 for
  // the second pass, as GCM's own chunks), bsaes CTR and the GHASH row's
  // update of the ciphertext - open hashes a chunk before decrypting it, so
  // in place works. What it saves over GCM's ctr32 + GHASH chunks is the
  // key conversion and the wiping of every chunk: the key is bitsliced
  // once per message (bulk).
  static constexpr size_t kAlternateChunkBatches = 8;
  template <bool kOpen>
  static void alternate(const uint8_t* bs, unsigned rounds,
                        const GhashKeyState* g, const uint8_t* in,
                        uint8_t* out, size_t batches,
                        const uint8_t counter[16], uint8_t xi[16]) {
    uint8_t ctr[16];
    std::memcpy(ctr, counter, 16);
    while (batches > 0) {
      const size_t n = batches < kAlternateChunkBatches
                           ? batches
                           : kAlternateChunkBatches;
      const size_t blocks = kBsaesBatchBlocks * n;
      if (kOpen) g->row->update(g, xi, in, blocks);
      bsaes_ctr32(bs, rounds, in, out, blocks, ctr);
      if (!kOpen) g->row->update(g, xi, out, blocks);
      vpaes_bsaes::ctr_advance(ctr, blocks);
      in += 16 * blocks;
      out += 16 * blocks;
      batches -= n;
    }
  }

  // kernel: the GcmKernel of the pair (aes, ghash) with Stitched loops
  // kSeal / kOpen.
  template <Stitched kSeal, Stitched kOpen>
  static constexpr GcmKernel kernel(const char* name, const AesRow* aes,
                                    const GhashRow* ghash) {
    GcmKernel k{.name = name,
                .aes = aes,
                .ghash = ghash,
                .seal_bulk = bulk<kSeal, Policy::kSealThresholdBlocks, false>,
                .open_bulk = bulk<kOpen, Policy::kOpenThresholdBlocks, true>};
    if constexpr (requires { Policy::kBulkFromBytes; }) {
      k.bulk_from_start_bytes = Policy::kBulkFromBytes;
    }
    return k;
  }
};

}  // namespace ctcrypto::internal::gcm_vpaes_bsaes

#endif  // CTCRYPTO_MODES_GCM_VPAES_BSAES_H_
