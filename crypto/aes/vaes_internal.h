// vaes_internal.h: the vector helpers of the vaes row's CTR (four blocks a
// ZMM register, byte-reversed counters with lane offsets 0..3), shared with
// the GCM kernel over that row (crypto/modes/gcm_vaes_x86_64.cc). The key
// layout is the AES-NI row's (aesni_internal.h).
//
// Helpers here have internal linkage (static inline), for the reason given
// in crypto/simd_x86_64.h.
#ifndef CTCRYPTO_AES_VAES_INTERNAL_H_
#define CTCRYPTO_AES_VAES_INTERNAL_H_

#include <immintrin.h>

#include <cstdint>

#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal::x86hw {

// bcast_key: round key r in all four lanes.
static inline __m512i bcast_key(const __m128i* rk, int r) {
  return bcast128(_mm_load_si128(rk + r));
}

// ctr_base: the byte-reversed counter in all four lanes, lane i + offset i.
static inline __m512i ctr_base(const uint8_t counter[16]) {
  __m512i c = bcast128(bswap128(loadu(counter)));
  return _mm512_add_epi32(
      c, _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
}

static inline __m512i lane_step(int n) {
  return _mm512_set_epi32(0, 0, 0, n, 0, 0, 0, n, 0, 0, 0, n, 0, 0, 0, n);
}

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_AES_VAES_INTERNAL_H_
