// xts_aesni_x86_64.cc: XTS's kernel of the aesni AES row (xts_kernel.h).
//
// Eight blocks in flight (eight AESENC chains cover the instruction's
// latency, as the row's CTR and ECB loops), each batch's eight tweaks made
// in XMM registers while the previous batch's rounds run: T_{j+1} = T_j *
// alpha is a 64-bit lane shift (PADDQ) plus the two bits shifted out of
// each lane, spread by PSRAD and PSHUFD into a mask of the bit x^64 (from
// x^63) and of the reduction 0x87 (from x^127). The whitening rides on
// round keys 0 and Nr (AESENCLAST / AESDECLAST end with the XOR of their
// key operand), so a batch is one pass over the data. The last 1..7 blocks
// run as as many chains. SSE2 and AES-NI only: the row requires no
// PCLMULQDQ.
//
// Memory. Eight blocks, eight tweaks and a round key want 17 registers of
// 16, so the compiler spills a tweak or two to the loop's frame; the entry
// points scrub that frame (the stack residue test checks every row).
//
// Constant time. AES-NI, shifts, shuffles with constant controls and
// XORs; branches depend on the block count and round number only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_kernel.h"
#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

// mul_alpha: the tweak times alpha (IEEE 1619 5.2; the low qword holds
// x^0..x^63). The sign of dword 1 (x^63) becomes bit 0 of the high qword
// and the sign of dword 3 (x^127) becomes 0x87 in the low one.
static inline __m128i mul_alpha(__m128i t) {
  const __m128i sign = _mm_srai_epi32(t, 31);
  const __m128i carry = _mm_and_si128(_mm_shuffle_epi32(sign, 0x13),
                                      _mm_set_epi32(0, 1, 0, 0x87));
  return _mm_xor_si128(_mm_add_epi64(t, t), carry);
}

// xts_n: N blocks, tweaks t, t * alpha, ...; returns the next tweak
// (t * alpha^N). All loads come before the first store (in place).
template <int N, bool kDec>
inline __attribute__((always_inline)) __m128i xts_n(const __m128i* rk, int nr,
                                                    __m128i t,
                                                    const uint8_t* in,
                                                    uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i tw[static_cast<size_t>(N)];
  __m128i b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    tw[i] = t;
    t = mul_alpha(t);
    b[i] = _mm_xor_si128(loadu(in + 16 * i), _mm_xor_si128(tw[i], k0));
  }
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      b[i] = kDec ? _mm_aesdec_si128(b[i], k) : _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    const __m128i kt = _mm_xor_si128(kl, tw[i]);
    b[i] = kDec ? _mm_aesdeclast_si128(b[i], kt) : _mm_aesenclast_si128(b[i], kt);
    storeu(out + 16 * i, b[i]);
  }
  return t;
}

template <bool kDec>
[[gnu::noinline]] void xts_bulk(const AesKeyState* s, const uint8_t* in,
                                uint8_t* out, size_t blocks,
                                uint8_t tweak[16]) {
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m128i t = loadu(tweak);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128)
    t = xts_n<8, kDec>(rk, nr, t, in, out);
  switch (blocks) {
    case 0: break;
    case 1: t = xts_n<1, kDec>(rk, nr, t, in, out); break;
    case 2: t = xts_n<2, kDec>(rk, nr, t, in, out); break;
    case 3: t = xts_n<3, kDec>(rk, nr, t, in, out); break;
    case 4: t = xts_n<4, kDec>(rk, nr, t, in, out); break;
    case 5: t = xts_n<5, kDec>(rk, nr, t, in, out); break;
    case 6: t = xts_n<6, kDec>(rk, nr, t, in, out); break;
    default: t = xts_n<7, kDec>(rk, nr, t, in, out); break;
  }
  storeu(tweak, t);
}

// The loop's frame (a few spilled tweaks with GCC 12 -O2), rounded up.
constexpr size_t kXtsFrameScrubBytes = 256;

void aesni_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16]) {
  xts_bulk<false>(s, in, out, blocks, tweak);
  scrub_stack<kXtsFrameScrubBytes>();
}

void aesni_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16]) {
  xts_bulk<true>(s, in, out, blocks, tweak);
  scrub_stack<kXtsFrameScrubBytes>();
}

}  // namespace

}  // namespace x86hw

const XtsKernel kXtsAesni = {
    .name = "aesni",
    .aes = &kAesAesni,
    .encrypt_bulk = x86hw::aesni_xts_encrypt_bulk,
    .decrypt_bulk = x86hw::aesni_xts_decrypt_bulk,
};

}  // namespace ctcrypto::internal
