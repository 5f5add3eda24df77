// aes_vpaes_bsaes_arm.cc: the armv7 NEON hybrid "vpaes+bsaes".
//
// Technique. Two constant-time engines with opposite strengths share one
// key: vpaes (Hamburg 2009, "Accelerating AES with Vector Permute
// Instructions"; aes_vpaes_arm.cc) costs the same per block at any length
// and has a cheap key schedule, while bitsliced AES (Käsper–Schwabe 2009;
// bsaes_core.h) is cheaper per block only in full 8-block batches and needs
// a 128-byte-per-round bitsliced schedule. The key is therefore stored in
// vpaes form only (set_key, single blocks and the inherently serial CBC
// encryption are vpaes's own functions), and the two parallel bulk
// operations - CTR and CBC decryption - go through hybrid_bulk(), the one
// place that holds the policy:
//   - below kBsaesThresholdBlocks blocks the whole call runs on vpaes;
//   - otherwise the standard round keys are recovered from the vpaes
//     schedule (vpaes_export_enc_round_keys), converted to a bitsliced
//     schedule in a stack buffer, the whole batches run on bsaes and a
//     tail of fewer than kTailToBsaes blocks on vpaes (longer tails run as
//     one padded bitsliced batch); then both the exported round keys and
//     the bitsliced schedule are wiped.
//
// Data layout. AesKeyState::storage holds the vpaes schedule exactly as
// kAesVpaes lays it out; the bitsliced schedule ((Nr+1) x 128 bytes, at most
// 1920) exists only on the stack during one bulk call.
//
// Constant time. Both engines are constant time (see their files). The
// choice between them depends only on the block count, which is public;
// the key conversion is straight-line vector code (shuffles and bit tests)
// with no secret-dependent branch or address.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {
namespace {

// kBsaesThresholdBlocks: see hybrid_bulk() for the measurement.
constexpr size_t kBsaesThresholdBlocks = 5;
// kTailToBsaes: a tail of at least this many blocks runs as a padded batch.
constexpr size_t kTailToBsaes = 4;

enum class BulkOp { kCtr32, kCbcDecrypt };

// Adds `n` to the big-endian 32-bit tail of a counter block (mod 2^32).
void ctr_advance(uint8_t ctr[16], size_t n) {
  uint32_t c = (uint32_t{ctr[12]} << 24) | (uint32_t{ctr[13]} << 16) |
               (uint32_t{ctr[14]} << 8) | uint32_t{ctr[15]};
  c += static_cast<uint32_t>(n);
  ctr[12] = static_cast<uint8_t>(c >> 24);
  ctr[13] = static_cast<uint8_t>(c >> 16);
  ctr[14] = static_cast<uint8_t>(c >> 8);
  ctr[15] = static_cast<uint8_t>(c);
}

// hybrid_bulk: THE policy of the hybrid (threshold, tail, wiping).
//
// Measurement (AES-128 CTR; llvm-mca-14 -mcpu=cortex-a9 on the gcc 12 -O2
// code of both engines as built here):
//   vpaes ctr32, 2-block loop:  397 + 8 x 250 cycles per 2 blocks
//                               = ~1200 cycles/block (75 c/B)
//   bsaes ctr32, 8-block batch: 1106 + 8 x 419 = ~4460 cycles per batch
//                               = ~560 cycles/block (35 c/B)
//   export (~300) + convert_key (~550) + wiping 2 KiB (~250): ~1100 cycles
// A whole call of n < 8 blocks: vpaes n x 1200 vs bsaes 1100 + 4460, so
// bsaes wins from n = 5 (5560 < 6000; n = 4: 5560 > 4800). A tail of r
// blocks after whole batches: vpaes r x 1200 vs one padded batch 4460, so
// the padded batch wins from r = 4. Under qemu-arm -cpu cortex-a9 (TCG,
// wall time, where VTBL is costly to emulate) the same probe gave vpaes
// ~2100-4700 ns/block, bsaes ~440-580 ns/block in whole batches and
// export+convert ~2800 ns: the crossover there is at 2-3 blocks, so the
// model's 5 is the conservative choice of the two.
void hybrid_bulk(BulkOp op, const AesKeyState* s, const uint8_t* in,
                 uint8_t* out, size_t blocks, uint8_t* ctr_or_iv) {
  if (blocks < kBsaesThresholdBlocks) {
    if (op == BulkOp::kCtr32) {
      kAesVpaes.ctr32(s, in, out, blocks, ctr_or_iv);
    } else {
      kAesVpaes.cbc_decrypt(s, in, out, blocks, ctr_or_iv);
    }
    return;
  }
  alignas(16) uint8_t rk[15][16];
  alignas(16) uint8_t bs[kBsaesScheduleBytes];
  vpaes_export_enc_round_keys(s, rk);
  bsaes_convert_key(bs, rk, s->rounds);

  size_t bulk = blocks - blocks % kBsaesBatchBlocks;
  if (blocks - bulk >= kTailToBsaes) bulk = blocks;  // padded last batch
  const size_t tail = blocks - bulk;
  if (op == BulkOp::kCtr32) {
    bsaes_ctr32(bs, s->rounds, in, out, bulk, ctr_or_iv);
    if (tail > 0) {
      uint8_t ctr[16];
      std::memcpy(ctr, ctr_or_iv, 16);
      ctr_advance(ctr, bulk);
      kAesVpaes.ctr32(s, in + 16 * bulk, out + 16 * bulk, tail, ctr);
    }
  } else {
    bsaes_cbc_decrypt(bs, s->rounds, in, out, bulk, ctr_or_iv);  // iv updated
    if (tail > 0) {
      kAesVpaes.cbc_decrypt(s, in + 16 * bulk, out + 16 * bulk, tail,
                            ctr_or_iv);
    }
  }
  std::memset(rk, 0, sizeof(rk));
  std::memset(bs, 0, sizeof(bs));
  __asm__ __volatile__("" : : "r"(rk), "r"(bs) : "memory");
}

void hybrid_set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
  kAesVpaes.set_key(s, key, key_len);
}

void hybrid_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                          uint8_t out[16]) {
  kAesVpaes.encrypt_block(s, in, out);
}

void hybrid_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                          uint8_t out[16]) {
  kAesVpaes.decrypt_block(s, in, out);
}

void hybrid_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                  size_t blocks, const uint8_t counter[16]) {
  // ctr32 does not update the counter; hybrid_bulk works on a copy.
  uint8_t ctr[16];
  std::memcpy(ctr, counter, 16);
  hybrid_bulk(BulkOp::kCtr32, s, in, out, blocks, ctr);
}

void hybrid_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                        size_t blocks, uint8_t iv[16]) {
  kAesVpaes.cbc_encrypt(s, in, out, blocks, iv);
}

void hybrid_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                        size_t blocks, uint8_t iv[16]) {
  hybrid_bulk(BulkOp::kCbcDecrypt, s, in, out, blocks, iv);
}

}  // namespace

size_t vpaes_bsaes_threshold_blocks() { return kBsaesThresholdBlocks; }

extern const AesBackend kAesVpaesBsaes = {
    "vpaes+bsaes",
    kCapNeon,
    hybrid_set_key,
    hybrid_encrypt_block,
    hybrid_decrypt_block,
    hybrid_ctr32,
    hybrid_cbc_encrypt,
    hybrid_cbc_decrypt,
    nullptr,
    nullptr,
    nullptr,
};

}  // namespace ctcrypto::internal
