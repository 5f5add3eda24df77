// gcm_vpaes_bsaes_x86_64.cc: the GCM kernel of the x86 vpaes+bsaes AES row
// with the ssse3 GHASH row ("vpaes+bsaes+ssse3", gcm_kernel.h): the
// stitched GCM batches of bitsliced AES on SSSE3 (bsaes_ssse3_x86_64.h) and
// the ssse3 GHASH row (ghash_ssse3_core.h), under the mechanism of
// gcm_vpaes_bsaes.h (the key converted once per message).
//
// Per 8-block CTR batch, one block of the ssse3 GHASH (PSHUFB over
// registers loaded from the GHASH key at fixed addresses) after each of the
// rounds 1..8. GHASH alone is bound by its serial chain (each block's
// product needs the previous one's, ~30 dependent steps); next to a round's
// ~300 independent logic ops that chain runs for free in the out-of-order
// window. Measured (AES-128-GCM seal, public API, CPU time, Zen
// 4 host): 16 KiB 346 -> 447 MB/s against ctr32 + GHASH in 1 KiB chunks,
// whose GHASH (~15 ns/block) alone was a third of the time. Constant time as
// both parts: the hashed addresses depend on the block index only.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/bsaes_ssse3_x86_64.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/ghash/ghash_ssse3_core.h"
#include "crypto/internal.h"
#include "crypto/modes/gcm_vpaes_bsaes.h"

namespace ctcrypto::internal {
namespace {

// The stitched GCM loop. Per 8-block batch: the eight counter blocks are
// encrypted while the eight GHASH blocks due are folded in, one after each
// of the rounds 1..8 (every key size has at least 9 full rounds), so that
// the serial GHASH chain (each block's product needs the previous one's)
// runs in the shadow of the round's independent logic instead of on its own
// after it. Sealing hashes the previous batch's ciphertext (this batch's
// does not exist yet) and the last batch after the loop; opening hashes the
// batch's own ciphertext, read before the batch's output is stored (in
// place is fine).
template <bool kOpen>
[[gnu::noinline]] void gcm_batches(const uint8_t* bs, unsigned nr,
                                   const GhashKeyState* g, const uint8_t* in, uint8_t* out, size_t batches,
                 const uint8_t counter[16], uint8_t xi[16]) {
  const __m128i* rows = ghash_ssse3::rows(g);
  __m128i y = ghash_ssse3::load_xi(xi);
  alignas(16) uint8_t ctr[128];
  for (int b = 0; b < 8; b++) std::memcpy(ctr + 16 * b, counter, 12);
  uint32_t c = load_be32(counter + 12);
  __m128i q[8];
  for (size_t i = 0; i < batches; i++) {
    for (int b = 0; b < 8; b++) {
      // c is secret when GCM derived it from a long nonce (J0 =
      // GHASH_H(IV)); the opaque index keeps `c + b` from becoming the
      // loop's induction variable (an end test on the secret sum).
      store_be32(ctr + 16 * b + 12,
                 c + ct_opaque(static_cast<uint32_t>(b)));  // mod 2^32
    }
    c += 8;
    BsaesSsse3::load8(q, ctr);
    // The ciphertext to hash in this batch (public address): open, this
    // batch's input; seal, the previous batch's output (none for i = 0).
    const uint8_t* h = kOpen ? in : (i > 0 ? out - 128 : out);
    if (kOpen || i > 0) {
      BsaesSsse3::encrypt_hooked(bs, nr, q, [&](unsigned r) {
        // Opaque per use: the GHASH rows are reloaded from the key rather
        // than hoisted and spilled (a stack copy of the key table).
        __asm__("" : "+r"(rows));
        if (r <= 8) y = ghash_ssse3::block(rows, y, h + 16 * (r - 1));
      });
    } else {
      BsaesSsse3::encrypt(bs, nr, q);
    }
    BsaesSsse3::ortho(q);
    for (int b = 0; b < 8; b++) {
      IsaSsse3::store(out + 16 * b, IsaSsse3::load(in + 16 * b) ^
                                        IsaSsse3::transpose4x4(q[b]));
    }
    in += 128;
    out += 128;
  }
  if (!kOpen && batches > 0) {
    for (int b = 0; b < 8; b++) {
      __asm__("" : "+r"(rows));
      y = ghash_ssse3::block(rows, y, out - 128 + 16 * b);
    }
  }
  ghash_ssse3::store_xi(xi, y);
  BsaesSsse3::wipe_regs(q);
}

// `batches` whole 8-block batches of GCM encryption (seal) or decryption
// (open) on the bitsliced schedule `bs` (gcm_vpaes_bsaes::Stitched), with
// the GHASH key `g`, which kGhashSsse3 set up. in == out allowed.
void bsaes_gcm_seal_ssse3(const uint8_t* bs, unsigned rounds,
                          const GhashKeyState* g, const uint8_t* in,
                          uint8_t* out, size_t batches,
                          const uint8_t counter[16], uint8_t xi[16]) {
  gcm_batches<false>(bs, rounds, g, in, out, batches, counter, xi);
  scrub_stack<kBsaesFrameScrubBytes>();  // the loop's spills, once per call
}

void bsaes_gcm_open_ssse3(const uint8_t* bs, unsigned rounds,
                          const GhashKeyState* g, const uint8_t* in,
                          uint8_t* out, size_t batches,
                          const uint8_t counter[16], uint8_t xi[16]) {
  gcm_batches<true>(bs, rounds, g, in, out, batches, counter, xi);
  scrub_stack<kBsaesFrameScrubBytes>();  // the loop's spills, once per call
}

// GCM's stitched bulk (bsaes batches + a GHASH block per round), called on
// what follows the 3-block head. Opening hashes a batch's own ciphertext
// inside it, so one batch already hides 8 GHASH blocks: from 8 blocks (256 B
// open, 13 blocks after the head: 274 -> 296 MB/s, CPU time, public API,
// Zen 4). Sealing hashes the previous batch, so a lone batch hides nothing
// and pays the conversion: 12 or 8 measured no better than 15 (256 B:
// 272-277 MB/s either way), so it keeps the hybrid's CTR threshold
// (crypto/aes/aes_vpaes_bsaes_x86_64.cc).
struct PolicyX86 {
  static constexpr size_t kSealThresholdBlocks = 15;
  static constexpr size_t kOpenThresholdBlocks = 8;
};

}  // namespace

extern const GcmKernel kGcmVpaesBsaes =
    gcm_vpaes_bsaes::Kernel<PolicyX86>::kernel<bsaes_gcm_seal_ssse3,
                                               bsaes_gcm_open_ssse3>(
        "vpaes+bsaes+ssse3", &kAesVpaesBsaes, &kGhashSsse3);

}  // namespace ctcrypto::internal
