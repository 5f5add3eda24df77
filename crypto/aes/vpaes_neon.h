// vpaes_neon.h: the vector operations of the vpaes core (vpaes_core.h,
// "Usage") that AArch64 and ARMv7 NEON spell the same. Each ISA file
// (aes_vpaes_aarch64.cc, aes_vpaes_arm.cc) derives its shim from NeonOps
// and adds tbl, the one operation that differs: a 16-byte TBL on AArch64,
// two VTBL.8 over a D-register pair on ARMv7.
#ifndef CTCRYPTO_AES_VPAES_NEON_H_
#define CTCRYPTO_AES_VPAES_NEON_H_

#include <arm_neon.h>

#include <cstdint>

#include "crypto/internal.h"

namespace ctcrypto::internal::vpaes {

struct NeonOps {
  using V = uint8x16_t;
  static V load(const uint8_t* p) { return vld1q_u8(p); }
  static void store(uint8_t* p, V v) { vst1q_u8(p, v); }
  static V vxor(V a, V b) { return veorq_u8(a, b); }
  static V vand(V a, V b) { return vandq_u8(a, b); }
  static V splat(uint8_t c) { return vdupq_n_u8(c); }
  static V shr4(V x) { return vshrq_n_u8(x, 4); }
  static V with_ctr(V prefix, uint32_t ctr) {
    return vreinterpretq_u8_u32(vsetq_lane_u32(be32_lane(ctr),
                                               vreinterpretq_u32_u8(prefix), 3));
  }
};

}  // namespace ctcrypto::internal::vpaes

#endif  // CTCRYPTO_AES_VPAES_NEON_H_
