// xts_vpaes_bsaes.cc: XTS's kernel of the vpaes+bsaes AES row
// (xts_kernel.h), one source for the three ISAs of the row (x86_64 SSSE3,
// AArch64 NEON, ARMv7 NEON), as the row's own bulk operations are
// (crypto/aes/vpaes_bsaes_hybrid.h).
//
// The split between the engines is the row's policy, read through its
// hooks (vpaes_bsaes_threshold_blocks, vpaes_bsaes_tail_to_bsaes_blocks,
// defined in the row file next to their measurements) and applied by the
// row's own bsaes_share and with_bitsliced_key: a call below the
// threshold runs on vpaes; otherwise the key is converted to bitsliced
// form once for the call, the whole 8-block batches (and a tail of at least
// the row's tail count as one padded batch) run through the bitsliced
// engine's XTS loop (bsaes_xts_encrypt / bsaes_xts_decrypt, bsaes_core.h:
// tweaks one batch ahead, whitening fused with the batch's transposes, one
// pass over the data), and a shorter tail on vpaes. Without the kernel
// xts.cc whitened in passes of its own around the row's ECB entry, which
// ran each 8-block batch through a padded-batch call (copies in and out of
// a stack buffer and a 1 KiB frame scrub per batch).
//
// Measured (//bench:speed_vs_openssl -cputime -filter XTS with
// CTCRYPTO_DISABLE=aesni,vaes, so OpenSSL 3.0 runs its bsaes XTS; medians
// of 3 runs interleaved with the build without this kernel; Zen 4 host,
// shared), MB/s before -> after (ratio to OpenSSL after):
//   AES-128 4 KiB encrypt 415 -> 542 (0.78), decrypt 410 -> 483 (0.80);
//   AES-128 512 B encrypt 377 -> 458 (0.81), decrypt 372 -> 419 (0.83);
//   AES-256 4 KiB encrypt 317 -> 397 (0.77), decrypt 313 -> 353 (0.80).
// The loop runs at the bitsliced core's speed (the row's CTR, 4 KiB,
// 509 MB/s against OpenSSL's 737), so the gap to OpenSSL is the core's.
// With the core's rounds as generated asm on x86_64
// (bsaes_ssse3_x86_64_round_gen.py; same measurement, old and new builds
// interleaved): AES-128 4 KiB encrypt 544 -> 658 MB/s (0.93), decrypt
// 488 -> 515 (0.84); 512 B 462 -> 544 (0.95) / 417 -> 445 (0.87); AES-256
// 4 KiB 401 -> 481 (0.93) / 353 -> 374 (0.84). The
// same build with the tweak doubling removed (wrong output, a bound on what
// any other tweak scheme could save) ran within -3 .. -0.5% of it: the
// general-register tweaks cost nothing measurable, and no vector scheme
// was added.
// Under QEMU (//bench:speed, -cputime, medians of 2 interleaved runs;
// emulated, so only ratios within one CPU model mean anything): ARMv7
// cortex-a9 XTS 4 KiB encrypt x1.25, decrypt x1.12, 512 B x1.14 / x1.08
// (the unchanged CTR line of the same binaries: x0.96 .. x0.99); AArch64
// cortex-a53 XTS x1.00 .. x1.05, within the CTR line's own drift (x1.08).
//
// vpaes part: the blocks whitened into `out`, vpaes's multi-block ECB on
// `out`, whitened again with the tweaks recomputed (as xts.cc's path
// without a kernel, so no tweak buffer holds secrets).
//
// Memory: the exported round keys and the bitsliced schedule are wiped, the
// frames below this one scrubbed (the hybrid's bulk figure); this one's
// the kernel marks and the caller wipes (run_scrubbed, xts_kernel.h).
//
// Constant time: both engines are; the split and every loop bound depend on
// the block count only; the tweak doubling is shifts and a mask.
//
// In a file of its own, so that a build that drops the row drops its entry;
// the encrypting entry reaches no inverse cipher (if constexpr).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_bsaes_hybrid.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_kernel.h"

namespace ctcrypto::internal {

namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the tweak halves are little-endian memory images");

// A tweak as IEEE 1619's little-endian halves.
struct Tw {
  uint64_t lo, hi;
  void load(const uint8_t* p) {
    std::memcpy(&lo, p, 8);
    std::memcpy(&hi, p + 8, 8);
  }
  void store(uint8_t* p) const {
    std::memcpy(p, &lo, 8);
    std::memcpy(p + 8, &hi, 8);
  }
  // Times alpha: the bit out of x^127 selects 0x87 through a mask.
  void dbl() {
    const uint64_t c = 0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (c & 0x87);
  }
  // out = in ^ this (16 bytes).
  void whiten(const uint8_t* in, uint8_t* out) const {
    uint64_t x[2];
    std::memcpy(x, in, 16);
    x[0] ^= lo;
    x[1] ^= hi;
    std::memcpy(out, x, 16);
  }
};

// vpaes_xts: `blocks` blocks on vpaes; `tweak` advanced by alpha^blocks.
template <bool kDec>
void vpaes_xts(const AesKeyState* s, const uint8_t* in, uint8_t* out,
               size_t blocks, uint8_t tweak[16], StackMark* mark) {
  mark_frame(mark);  // it holds the tweaks when it is not inlined
  Tw t, t0;
  t.load(tweak);
  t0 = t;
  for (size_t i = 0; i < blocks; ++i) {
    t.whiten(in + 16 * i, out + 16 * i);
    t.dbl();
  }
  if constexpr (kDec) {
    kAesVpaesDecrypt.ecb_decrypt(s, out, out, blocks);
  } else {
    kAesVpaes.ecb_encrypt(s, out, out, blocks);
  }
  for (size_t i = 0; i < blocks; ++i) {
    t0.whiten(out + 16 * i, out + 16 * i);
    t0.dbl();
  }
  t.store(tweak);
  secure_zero(&t, sizeof(t));
  secure_zero(&t0, sizeof(t0));
}

template <bool kDec>
void xts_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
              size_t blocks, uint8_t tweak[16], StackMark* mark) {
  // The frame the caller wipes (xts_kernel.h): this function keeps the
  // tweaks and its inlined loops' spills, and under AddressSanitizer it
  // is not inlined into the entry point.
  mark_frame(mark);
  // The hybrid's own split and key handling (vpaes_bsaes_hybrid.h).
  const size_t nb = vpaes_bsaes::bsaes_share(
      blocks, vpaes_bsaes_threshold_blocks(),
      vpaes_bsaes_tail_to_bsaes_blocks());
  if (nb == 0) {
    vpaes_xts<kDec>(s, in, out, blocks, tweak, mark);
    return;
  }
  vpaes_bsaes::with_bitsliced_key<vpaes_bsaes::kHybridBulkScrubBytes>(
      s, [&](const uint8_t* bs) {
        if constexpr (kDec) {
          bsaes_xts_decrypt(bs, s->rounds, in, out, nb, tweak);
        } else {
          bsaes_xts_encrypt(bs, s->rounds, in, out, nb, tweak);
        }
        if (nb < blocks) {
          vpaes_xts<kDec>(s, in + 16 * nb, out + 16 * nb, blocks - nb, tweak,
                         mark);
        }
      });
}

void vpaes_bsaes_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                                  uint8_t* out, size_t blocks,
                                  uint8_t tweak[16], StackMark* mark) {
  xts_bulk<false>(s, in, out, blocks, tweak, mark);
}

void vpaes_bsaes_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                                  uint8_t* out, size_t blocks,
                                  uint8_t tweak[16], StackMark* mark) {
  xts_bulk<true>(s, in, out, blocks, tweak, mark);
}

}  // namespace

const XtsKernel kXtsVpaesBsaes = {
    .name = "vpaes+bsaes",
    .aes = &kAesVpaesBsaes,
    .encrypt_bulk = vpaes_bsaes_xts_encrypt_bulk,
    .decrypt_bulk = vpaes_bsaes_xts_decrypt_bulk,
};

}  // namespace ctcrypto::internal
