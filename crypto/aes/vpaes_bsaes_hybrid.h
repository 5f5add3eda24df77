// vpaes_bsaes_hybrid.h: the "vpaes+bsaes" AES row, one mechanism for every
// SIMD ISA (x86_64 SSSE3, AArch64 NEON, ARMv7 NEON).
//
// Technique. Two constant-time engines with opposite strengths share one
// key: vpaes (Hamburg 2009, "Accelerating AES with Vector Permute
// Instructions"; vpaes_core.h) costs the same per block at any length and
// has a cheap key schedule, while bitsliced AES (Käsper–Schwabe 2009;
// bsaes_core.h) is cheaper per block only in full 8-block batches and needs
// a 128-byte-per-round bitsliced schedule. The key is therefore stored in
// vpaes form only (set_key, single blocks and the inherently serial CBC
// encryption are vpaes's own functions), and the parallel bulk
// operations - CTR, CBC decryption and multi-block ECB - go through
// Hybrid::bulk(), whose policy is two functions (bsaes_share and
// with_bitsliced_key, which the XTS and GCM kernels over the row call too):
//   - below Policy::kThresholdBlocks blocks the whole call runs on vpaes;
//   - otherwise the standard round keys are recovered from the vpaes
//     schedule (vpaes_export_enc_round_keys), converted to a bitsliced
//     schedule in a stack buffer, the whole batches run on bsaes and a
//     tail of fewer than Policy::kTailToBsaes blocks on vpaes (longer tails
//     run as one padded bitsliced batch); then the frames below are
//     scrubbed and both the exported round keys and the bitsliced schedule
//     are wiped.
// The two constants are per ISA (the relative cost of a byte shuffle and of
// a bitsliced batch differs widely) and are measured in that ISA's row file
// (aes_vpaes_bsaes_{x86_64,aarch64,arm}.cc), next to the numbers.
//
// GCM. The GCM kernels over this row (the key converted once per message,
// whole batches stitched with or alternating with the GHASH row) are GCM's:
// crypto/modes/gcm_vpaes_bsaes.h, over ctr_advance, wipe_keys and
// kBulkScrubBytes from here. CCM's kernel is vpaes's own one-pass loop
// (crypto/modes/ccm_kernel.h): the key is in vpaes form. XTS's kernel
// (crypto/modes/xts_vpaes_bsaes.cc) splits its calls with bulk()'s own
// bsaes_share and with_bitsliced_key, the policy read through the hooks
// below, and runs its batches through the engine's XTS loop
// (bsaes_xts_encrypt / bsaes_xts_decrypt).
//
// Engines. Each target compiles exactly one vpaes (aes_vpaes_<isa>.cc:
// kAesVpaes, vpaes_export_enc_round_keys) and one bsaes
// (aes_bsaes_<isa>.cc: bsaes_convert_key, bsaes_ctr32, bsaes_cbc_decrypt),
// under the same names on every ISA, so this header is written once against
// those names and the per-ISA file only supplies the Policy.
//
// Data layout. AesKeyState::storage holds the vpaes schedule exactly as
// kAesVpaes lays it out; the bitsliced schedule ((Nr+1) x 128 bytes, at most
// 1920) exists only on the stack during one bulk call.
//
// Constant time. Both engines are constant time (see their files). The
// choice between them depends only on the block count, which is public;
// the key conversion is straight-line vector code (shuffles and bit tests)
// with no secret-dependent branch or address.
#ifndef CTCRYPTO_AES_VPAES_BSAES_HYBRID_H_
#define CTCRYPTO_AES_VPAES_BSAES_HYBRID_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

// The hybrid row's policy constants of this target (defined in its row
// file), for the seam tests and XTS's kernel: bulk calls of at least threshold blocks run on
// bsaes, and after the whole batches a tail of at least tail_to_bsaes blocks
// runs as one padded batch (shorter tails on vpaes).
size_t vpaes_bsaes_threshold_blocks();
size_t vpaes_bsaes_tail_to_bsaes_blocks();

namespace vpaes_bsaes {

// Adds `n` to the big-endian 32-bit tail of a counter block (mod 2^32).
// kHybridBulkScrubBytes: see Hybrid::kBulkScrubBytes.
inline constexpr size_t kHybridBulkScrubBytes = 2048;

inline void ctr_advance(uint8_t ctr[16], size_t n) {
  store_be32(ctr + 12, load_be32(ctr + 12) + static_cast<uint32_t>(n));
}

// wipe_keys: the exported round keys and the bitsliced schedule, as far as
// they were written (rounds + 1 of each; AES-128: 176 + 1408 bytes of the
// 240 + 1920 a buffer holds for AES-256).
inline void wipe_keys(uint8_t (&rk)[15][16],
                      uint8_t (&bs)[kBsaesScheduleBytes], unsigned rounds) {
  secure_zero(rk, 16 * (rounds + 1));
  secure_zero(bs, kBsaesRoundKeyBytes * (rounds + 1));
}

// bsaes_share: THE split of a bulk call of `blocks` blocks between the
// engines (the row's bulk() and XTS's kernel over the row call it with the
// row's policy): how many leading blocks run on bsaes - none below
// `threshold`; else the whole 8-block batches, and the tail too, as one
// padded batch, when it has at least `tail` blocks. The rest runs on vpaes.
constexpr size_t bsaes_share(size_t blocks, size_t threshold, size_t tail) {
  if (blocks < threshold) return 0;
  const size_t whole = blocks - blocks % kBsaesBatchBlocks;
  return blocks - whole >= tail ? blocks : whole;
}

// with_bitsliced_key: the bitsliced engine's key for one bulk call, the one
// place that makes it and removes it (the row's bulk() and the GCM and XTS
// kernels over the row): the standard round keys exported from the vpaes
// schedule, converted to the bitsliced schedule in a stack buffer,
// body(bs) run, then the frames below scrubbed (kScrubBytes: more than the
// frames of everything body calls, which hold round keys in spill slots
// and saved vector registers that no wipe inside them can name) and both
// buffers wiped.
template <size_t kScrubBytes, class Body>
inline void with_bitsliced_key(const AesKeyState* s, Body&& body) {
  alignas(16) uint8_t rk[15][16];
  alignas(16) uint8_t bs[kBsaesScheduleBytes];
  vpaes_export_enc_round_keys(s, rk);
  bsaes_convert_key(bs, rk, s->rounds);
  body(static_cast<const uint8_t*>(bs));
  scrub_stack<kScrubBytes>();
  wipe_keys(rk, bs, s->rounds);
}

// Policy: struct with
//   static constexpr size_t kThresholdBlocks;  // whole call on bsaes from here
//   static constexpr size_t kTailToBsaes;      // padded last batch from here
template <class Policy>
struct Hybrid {
  static constexpr size_t kThreshold = Policy::kThresholdBlocks;
  static constexpr size_t kTail = Policy::kTailToBsaes;

  // GCM's short-message path makes one ctr32 call of 4 blocks (3 blocks of
  // message head + the tag mask): it must stay on vpaes, never pay a key
  // conversion and a padded batch.
  static_assert(kThreshold > 4, "4-block calls (GCM head) must stay on vpaes");
  // A tail that would go to bsaes alone must not be cheaper on vpaes than a
  // whole call of that length; and a padded batch holds at most 8 blocks.
  static_assert(kTail >= 1 && kTail <= kThreshold, "tail policy");
  static_assert(kTail <= kBsaesBatchBlocks, "tail policy");

  enum class Op { kCtr32, kCbcDecrypt, kEcbEncrypt, kEcbDecrypt };

  // vpaes_part: `op` on vpaes alone (short calls and tails). `op` is a
  // template argument so that the encrypting entries reach no inverse
  // cipher (AesDecryptRow: an encrypting program links none).
  template <Op op>
  static void vpaes_part(const AesKeyState* s, const uint8_t* in,
                         uint8_t* out, size_t blocks, uint8_t* ctr_or_iv) {
    if constexpr (op == Op::kCtr32) {
      kAesVpaes.ctr32(s, in, out, blocks, ctr_or_iv);
    } else if constexpr (op == Op::kCbcDecrypt) {
      kAesVpaesDecrypt.cbc_decrypt(s, in, out, blocks, ctr_or_iv);
    } else if constexpr (op == Op::kEcbEncrypt) {
      kAesVpaes.ecb_encrypt(s, in, out, blocks);
    } else {
      kAesVpaesDecrypt.ecb_decrypt(s, in, out, blocks);
    }
  }

  // kBulkScrubBytes: more than the frames of everything a bulk call calls
  // (key export, bitsliced conversion, the bsaes and vpaes loops), which
  // hold round keys - the first is the raw key - in spill slots and saved
  // callee-saved vector registers that no wipe inside them can name.
  // Scrubbed once per bulk call, which costs far more itself.
  static constexpr size_t kBulkScrubBytes = kHybridBulkScrubBytes;
  // bulk: THE policy of the hybrid (threshold, tail, wiping).
  template <Op op>
  static void bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                   size_t blocks, uint8_t* ctr_or_iv) {
    const size_t nb = bsaes_share(blocks, kThreshold, kTail);
    if (nb == 0) {
      vpaes_part<op>(s, in, out, blocks, ctr_or_iv);
      return;
    }
    const size_t tail = blocks - nb;
    with_bitsliced_key<kBulkScrubBytes>(s, [&](const uint8_t* bs) {
      if constexpr (op == Op::kCtr32) {
        bsaes_ctr32(bs, s->rounds, in, out, nb, ctr_or_iv);
        if (tail > 0) {
          uint8_t ctr[16];
          std::memcpy(ctr, ctr_or_iv, 16);
          ctr_advance(ctr, nb);
          kAesVpaes.ctr32(s, in + 16 * nb, out + 16 * nb, tail, ctr);
        }
      } else if constexpr (op == Op::kCbcDecrypt) {
        bsaes_cbc_decrypt(bs, s->rounds, in, out, nb, ctr_or_iv);  // iv updated
        if (tail > 0) {
          kAesVpaesDecrypt.cbc_decrypt(s, in + 16 * nb, out + 16 * nb, tail,
                                       ctr_or_iv);
        }
      } else {
        // ECB: batches of 8 (the last one padded when nb is not a multiple).
        for (size_t done = 0; done < nb; done += kBsaesBatchBlocks) {
          const size_t n =
              nb - done < kBsaesBatchBlocks ? nb - done : kBsaesBatchBlocks;
          if constexpr (op == Op::kEcbEncrypt) {
            bsaes_encrypt_blocks(bs, s->rounds, in + 16 * done,
                                 out + 16 * done, n);
          } else {
            bsaes_decrypt_blocks(bs, s->rounds, in + 16 * done,
                                 out + 16 * done, n);
          }
        }
        if (tail > 0) {
          vpaes_part<op>(s, in + 16 * nb, out + 16 * nb, tail, nullptr);
        }
      }
    });
  }

  static void set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
    kAesVpaes.set_key(s, key, key_len);
  }
  // Every encryption entry of this row reads only the vpaes encryption
  // schedule (the bsaes one is derived from it per call).
  static size_t set_encrypt_key(AesKeyState* s, const uint8_t* key,
                                size_t key_len) {
    return kAesVpaes.set_encrypt_key(s, key, key_len);
  }
  static void encrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out[16]) {
    kAesVpaes.encrypt_block(s, in, out);
  }
  static void decrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out[16]) {
    kAesVpaesDecrypt.decrypt_block(s, in, out);
  }
  static void ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                    size_t blocks, const uint8_t counter[16]) {
    // Short calls (GCM's head, a short message's tail) straight to vpaes,
    // without bulk's frame.
    if (blocks < kThreshold) {
      kAesVpaes.ctr32(s, in, out, blocks, counter);
      return;
    }
    // ctr32 does not update the counter; bulk works on a copy.
    uint8_t ctr[16];
    std::memcpy(ctr, counter, 16);
    bulk<Op::kCtr32>(s, in, out, blocks, ctr);
  }
  static void cbc_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks, uint8_t iv[16]) {
    kAesVpaes.cbc_encrypt(s, in, out, blocks, iv);
  }
  static void cbc_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks, uint8_t iv[16]) {
    bulk<Op::kCbcDecrypt>(s, in, out, blocks, iv);
  }
  static void ecb_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks) {
    bulk<Op::kEcbEncrypt>(s, in, out, blocks, nullptr);
  }
  static void ecb_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks) {
    bulk<Op::kEcbDecrypt>(s, in, out, blocks, nullptr);
  }

  static constexpr AesRow row(const char* name, uint32_t caps) {
    AesRow r = basic_row<Hybrid>(name, caps);
    r.ecb_encrypt = ecb_encrypt;
    r.set_encrypt_key = set_encrypt_key;
    return r;
  }
  // decrypt_row: its inverse cipher (vpaes blocks, bsaes bulk).
  static constexpr AesDecryptRow decrypt_row(const AesRow* row) {
    AesDecryptRow r = basic_decrypt_row<Hybrid>(row);
    r.ecb_decrypt = ecb_decrypt;
    return r;
  }
};

}  // namespace vpaes_bsaes

// Defines the row and the test hooks for one target's Policy.
#define CTCRYPTO_VPAES_BSAES_DEFINE_HOOKS(PolicyType)                         \
  size_t vpaes_bsaes_threshold_blocks() {                                     \
    return PolicyType::kThresholdBlocks;                                      \
  }                                                                           \
  size_t vpaes_bsaes_tail_to_bsaes_blocks() {                                 \
    return PolicyType::kTailToBsaes;                                          \
  }

#define CTCRYPTO_VPAES_BSAES_DEFINE_ROW(PolicyType, caps)                     \
  CTCRYPTO_VPAES_BSAES_DEFINE_HOOKS(PolicyType)                               \
  extern const AesRow kAesVpaesBsaes =                                    \
      vpaes_bsaes::Hybrid<PolicyType>::row("vpaes+bsaes", caps);              \
  extern const AesDecryptRow kAesVpaesBsaesDecrypt =                          \
      vpaes_bsaes::Hybrid<PolicyType>::decrypt_row(&kAesVpaesBsaes);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_VPAES_BSAES_HYBRID_H_
