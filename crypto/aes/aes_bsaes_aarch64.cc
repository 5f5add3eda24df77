// aes_bsaes_aarch64.cc: bitsliced AES on aarch64 NEON ("bsaes").
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight 128-bit NEON registers, one
// register per bit plane, the Boyar–Peralta S-box circuit on whole
// registers, ShiftRows as TBL with constant indices and MixColumns as EXT
// rotations. The algorithm, data layout and constant-time argument live in
// bsaes_core.h (one source for every ISA); this file is the aarch64 shim.
// Every instruction used (EOR/AND/MVN, USHR/SHL by constants, TBL with a
// constant index vector, EXT, CMTST) has data-independent timing.
//
// For cores without the ARMv8 AES instructions (Cortex-A53 built without
// +crypto, or CTCRYPTO_DISABLE=aes); see the speed notes in the report of
// the bsaes branch.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is one 8-block
// bitsliced batch per iteration of its outer loop; the loop measured is
// the round loop inside it (selected by its 8 TBL: ShiftRows
// of the 8 bit planes). One iteration is one round of the 128-byte batch;
// AES-128 has 10 rounds, so an iteration is 1/10 of 128 bytes = 12.8 bytes
// of AES-128 keystream (counter set-up, orthogonalisation, last round and
// the XOR outside the loop are not counted; as bench/mca_loops.txt for
// nohw). The vpaes+bsaes row's bulk (vpaes_bsaes_hybrid.h) calls this
// file's bsaes_ctr32 after converting the key, so it is the same loop.
// mca-loop: aes=bsaes IsaNeonA64>::ctr32( 12.8 tbl=8
// mca-loop: aes=vpaes+bsaes IsaNeonA64>::ctr32( 12.8 tbl=8

namespace ctcrypto::internal {
namespace {

alignas(16) constexpr uint8_t kShiftRows[16] = {0, 1, 2,  3,  5,  6,  7,  4,
                                                10, 11, 8, 9, 15, 12, 13, 14};
alignas(16) constexpr uint8_t kInvShiftRows[16] = {0,  1,  2, 3, 7,  4,  5,  6,
                                                   10, 11, 8, 9, 13, 14, 15, 12};
alignas(16) constexpr uint8_t kTranspose[16] = {0, 4, 8,  12, 1, 5, 9,  13,
                                                2, 6, 10, 14, 3, 7, 11, 15};

struct IsaNeonA64 {
  using V = uint8x16_t;

  static inline V load(const uint8_t* p) { return vld1q_u8(p); }
  static inline void store(uint8_t* p, V v) { vst1q_u8(p, v); }
  static inline V splat(uint8_t b) { return vdupq_n_u8(b); }
  template <int n>
  static inline V shr(V v) {
    return vreinterpretq_u8_u64(vshrq_n_u64(vreinterpretq_u64_u8(v), n));
  }
  template <int n>
  static inline V shl(V v) {
    return vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(v), n));
  }
  // Lane 4r + c <- lane 4r + (c + r) mod 4, and the inverse.
  static inline V shift_rows(V v) { return vqtbl1q_u8(v, vld1q_u8(kShiftRows)); }
  static inline V inv_shift_rows(V v) {
    return vqtbl1q_u8(v, vld1q_u8(kInvShiftRows));
  }
  // Lane p <- lane p+4 / p+8 (mod 16).
  static inline V rot_rows1(V v) { return vextq_u8(v, v, 4); }
  static inline V rot_rows2(V v) { return vextq_u8(v, v, 8); }
  static inline V transpose4x4(V v) { return vqtbl1q_u8(v, vld1q_u8(kTranspose)); }
  static inline V bit_mask(V k, V bit) { return vtstq_u8(k, bit); }
};

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaNeonA64)

extern const AesBackend kAesBsaes = {
    .name = "bsaes",
    .required_caps = 0,  // Advanced SIMD is architectural on ARMv8-A
    .set_key = bsaes_row::set_key,
    .encrypt_block = bsaes_row::encrypt_block,
    .decrypt_block = bsaes_row::decrypt_block,
    .ctr32 = bsaes_row::ctr32,
    .cbc_encrypt = bsaes_row::cbc_encrypt,
    .cbc_decrypt = bsaes_row::cbc_decrypt,
    .ecb_encrypt = bsaes_row::ecb_encrypt,
    .ecb_decrypt = bsaes_row::ecb_decrypt,
};

}  // namespace ctcrypto::internal
