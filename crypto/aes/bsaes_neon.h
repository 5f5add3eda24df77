// bsaes_neon.h: the part of the bitsliced AES shim (bsaes_core.h) that
// AArch64 and ARMv7 NEON spell the same, and the constant byte permutations
// both look up. Each ISA file (aes_bsaes_aarch64.cc, aes_bsaes_arm.cc)
// derives its shim from NeonOps and adds the shuffles, which differ: a
// 16-byte TBL on AArch64, two VTBL.8 over a D-register pair on ARMv7.
#ifndef CTCRYPTO_AES_BSAES_NEON_H_
#define CTCRYPTO_AES_BSAES_NEON_H_

#include <arm_neon.h>

#include <cstdint>

namespace ctcrypto::internal::bsaes_neon {

// Row-major byte lanes (bsaes_core.h): ShiftRows moves lane 4r + c to
// 4r + (c - r) mod 4, i.e. lane 4r + c <- lane 4r + (c + r) mod 4; its
// inverse; and the 4x4 byte transpose between block and row-major order.
alignas(16) inline constexpr uint8_t kShiftRows[16] = {
    0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14};
alignas(16) inline constexpr uint8_t kInvShiftRows[16] = {
    0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12};
alignas(16) inline constexpr uint8_t kTranspose[16] = {
    0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

struct NeonOps {
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
  // Lane p <- lane p+4 / p+8 (mod 16).
  static inline V rot_rows1(V v) { return vextq_u8(v, v, 4); }
  static inline V rot_rows2(V v) { return vextq_u8(v, v, 8); }
  static inline V bit_mask(V k, V bit) { return vtstq_u8(k, bit); }
};

}  // namespace ctcrypto::internal::bsaes_neon

#endif  // CTCRYPTO_AES_BSAES_NEON_H_
