// aes_bsaes_x86_64.cc: bitsliced AES on SSSE3 ("bsaes"), x86_64.
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight XMM registers, one register
// per bit plane, the Boyar–Peralta S-box circuit on whole registers,
// ShiftRows as PSHUFB and MixColumns as PSHUFD rotations. The algorithm,
// data layout and constant-time argument live in bsaes_core.h (one source
// for every ISA); this file is the SSSE3 shim: the only SSSE3 instruction is
// PSHUFB with constant index vectors (data-independent shuffles), the rest
// is SSE2 logic, 64-bit shifts by constants, PSHUFD and PCMPEQB.
//
// Stitched GCM (bsaes_gcm_x86_64.h, the vpaes+bsaes row's GCM bulk): per
// 8-block CTR batch, one block of the ssse3 GHASH (ghash_ssse3_core.h,
// PSHUFB over registers loaded from the GHASH key at fixed addresses) after
// each of the rounds 1..8. GHASH alone is bound by its serial chain (each
// block's product needs the previous one's, ~30 dependent steps); next to
// a round's ~300 independent logic ops that chain runs for free in the
// out-of-order window. Measured (AES-128-GCM seal, public API, CPU time, Zen
// 5 host): 16 KiB 346 -> 447 MB/s against ctr32 + GHASH in 1 KiB chunks,
// whose GHASH (~15 ns/block) alone was a third of the time. Constant time as
// both parts: the hashed addresses depend on the block index only.
//
// Kept next to vpaes because it is not slower in bulk: AES-128 ctr32 of
// the two rows called directly on the (heavily shared, noisy) Zen 5 host,
// ns/block: 8 blocks bsaes 98.5 / vpaes 102.8, 64 blocks 99.2 / 128.9,
// 1024 blocks 91.9 / 97.9; vpaes is 3x faster for 1 block and equal at 4,
// which the GCM head (4 blocks) and single blocks would prefer - the table
// order (bsaes before vpaes) is the lead's; re-measure on a quiet machine.
#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_gcm_x86_64.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_ssse3_core.h"

namespace ctcrypto::internal {
namespace {

struct IsaSsse3 {
  using V = __m128i;

  static inline V load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static inline void store(uint8_t* p, V v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  static inline V splat(uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  template <int n>
  static inline V shr(V v) {
    return _mm_srli_epi64(v, n);
  }
  template <int n>
  static inline V shl(V v) {
    return _mm_slli_epi64(v, n);
  }
  // Lane 4r + c <- lane 4r + (c + r) mod 4.
  static inline V shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14));
  }
  // Lane 4r + c <- lane 4r + (c - r) mod 4.
  static inline V inv_shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12));
  }
  // Dword k <- dword k+1 (lane p <- p+4), and by two dwords.
  static inline V rot_rows1(V v) { return _mm_shuffle_epi32(v, 0x39); }
  static inline V rot_rows2(V v) { return _mm_shuffle_epi32(v, 0x4E); }
  static inline V transpose4x4(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
  }
  static inline V bit_mask(V k, V bit) {
    return _mm_cmpeq_epi8(_mm_and_si128(k, bit), bit);
  }
};

using Engine = BsaesEngine<IsaSsse3>;

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
[[gnu::noinline]] void gcm_batches(const uint8_t* bs, unsigned nr, const GhashKeyState* g,
                 const uint8_t* in, uint8_t* out, size_t batches,
                 const uint8_t counter[16], uint8_t xi[16]) {
  const __m128i* rows = ghash_ssse3::rows(g);
  __m128i y = ghash_ssse3::load_xi(xi);
  alignas(16) uint8_t ctr[128];
  for (int b = 0; b < 8; b++) std::memcpy(ctr + 16 * b, counter, 12);
  uint32_t c = (uint32_t{counter[12]} << 24) | (uint32_t{counter[13]} << 16) |
               (uint32_t{counter[14]} << 8) | uint32_t{counter[15]};
  __m128i q[8];
  for (size_t i = 0; i < batches; i++) {
    for (int b = 0; b < 8; b++) {
      const uint32_t v = c + static_cast<uint32_t>(b);  // mod 2^32
      ctr[16 * b + 12] = static_cast<uint8_t>(v >> 24);
      ctr[16 * b + 13] = static_cast<uint8_t>(v >> 16);
      ctr[16 * b + 14] = static_cast<uint8_t>(v >> 8);
      ctr[16 * b + 15] = static_cast<uint8_t>(v);
    }
    c += 8;
    Engine::load8(q, ctr);
    // The ciphertext to hash in this batch (public address): open, this
    // batch's input; seal, the previous batch's output (none for i = 0).
    const uint8_t* h = kOpen ? in : (i > 0 ? out - 128 : out);
    if (kOpen || i > 0) {
      Engine::encrypt_hooked(bs, nr, q, [&](unsigned r) {
        // Opaque per use: the GHASH rows are reloaded from the key rather
        // than hoisted and spilled (a stack copy of the key table).
        __asm__("" : "+r"(rows));
        if (r <= 8) y = ghash_ssse3::block(rows, y, h + 16 * (r - 1));
      });
    } else {
      Engine::encrypt(bs, nr, q);
    }
    Engine::ortho(q);
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
  Engine::wipe_regs(q);
}

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaSsse3)

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

extern const AesBackend kAesBsaes = {
    .name = "bsaes",
    .required_caps = kCapSsse3,
    .set_key = bsaes_row::set_key,
    .encrypt_block = bsaes_row::encrypt_block,
    .decrypt_block = bsaes_row::decrypt_block,
    .ctr32 = bsaes_row::ctr32,
    .cbc_encrypt = bsaes_row::cbc_encrypt,
    .cbc_decrypt = bsaes_row::cbc_decrypt,
};

}  // namespace ctcrypto::internal
