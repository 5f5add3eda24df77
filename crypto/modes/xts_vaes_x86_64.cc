// xts_vaes_x86_64.cc: XTS's kernel of the vaes AES row (xts_kernel.h).
//
// Tweaks. Four tweaks a ZMM register (lanes T_j .. T_j+3) and eight
// registers a batch of 32 blocks, as the row's CTR keeps eight chains in
// flight (crypto/aes/aes_vaes_x86_64.cc). After a batch each register is
// multiplied by alpha^32 on its own (mul_alpha_lanes: the eight steps are
// independent, so no chain of doublings runs through the batch): a lane is
// shifted left by k as two qwords, the k bits leaving the low qword enter
// the high one, and the k bits leaving x^127 (a polynomial of degree
// < k) fold back as their carry-less product with x^7 + x^2 + x + 1
// (VPCLMULQDQ), of degree < k + 7 <= 63, so in the low qword with no
// second reduction. The first register's lanes are T * alpha^0..3 by the
// same step with per-lane counts.
//
// Whitening. The first whitening rides on round key 0 (one VPTERNLOG:
// block ^ tweak ^ rk0) and the second on the last round key (AESENCLAST
// and AESDECLAST end with the XOR of their key operand, so they take
// rk[Nr] ^ tweak): a whole batch is one pass over the data and no tweak is
// ever stored. Fewer than 32 blocks at the end run as 1..8 chains, the
// last loaded and stored under a mask of whole blocks (the block count is
// public). The tweak handed back is T_0 of the last batch times
// alpha^(blocks in it), from the same step.
//
// Memory. All values live in registers (8 blocks, 8 tweak registers and two
// keys of 32 ZMM registers). The kernel marks its frame, which the caller
// wipes anyway (run_scrubbed; xts_kernel.h says why it is the caller's job).
//
// Constant time. VAES, VPCLMULQDQ, shifts and XORs only; branches and masks
// depend on the block count, round number and nothing else.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/aes/vaes_internal.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_kernel.h"
#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

// The shifts are the zero-masking forms with an all-ones mask (the same
// instructions): the plain intrinsics trip GCC 12's -Wuninitialized (GCC
// bug 105593, see crypto/simd_x86_64.h).

// mul_alpha_lanes: each 128-bit lane of v (an XTS tweak: IEEE 1619's
// little-endian polynomial, the low qword holding x^0..x^63) times
// alpha^k, k being the lane's count in `k` (both qwords; 0 <= k <= 56).
static inline __m512i mul_alpha_lanes(__m512i v, __m512i k) {
  const __m512i t = _mm512_maskz_srlv_epi64(
      0xff, v, _mm512_maskz_sub_epi64(0xff, _mm512_set1_epi64(64), k));
  return xor3_512(_mm512_maskz_sllv_epi64(0xff, v, k),
                  _mm512_bslli_epi128(t, 8),
                  _mm512_clmulepi64_epi128(t, _mm512_set1_epi64(0x87), 0x01));
}

// mul_alpha_32: every lane times alpha^32 (mul_alpha_lanes with a constant
// count: immediate shifts).
static inline __m512i mul_alpha_32(__m512i v) {
  const __m512i t = _mm512_maskz_srli_epi64(0xff, v, 32);
  return xor3_512(_mm512_maskz_slli_epi64(0xff, v, 32),
                  _mm512_bslli_epi128(t, 8),
                  _mm512_clmulepi64_epi128(t, _mm512_set1_epi64(0x87), 0x01));
}

// xts_z: 4 * NZ blocks as NZ ZMM chains with tweaks tw[0..NZ-1]; the last
// chain loads and stores only the qwords in `last` (whole blocks). All
// loads come before the first store (in place).
template <int NZ, bool kDec>
inline __attribute__((always_inline)) void xts_z(const __m128i* rk, int nr,
                                                 const __m512i* tw,
                                                 const uint8_t* in,
                                                 uint8_t* out, __mmask8 last) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m512i b[static_cast<size_t>(NZ)];
  const __m512i k0 = bcast_key(rk, 0);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    const __m512i x = i < NZ - 1 ? load512(in + 64 * i)
                                 : _mm512_maskz_loadu_epi64(last, in + 64 * i);
    b[i] = xor3_512(x, tw[i], k0);
  }
  for (int r = 1; r < nr; ++r) {
    const __m512i k = bcast_key(rk, r);
#pragma GCC unroll 8
    for (int i = 0; i < NZ; ++i)
      b[i] = kDec ? _mm512_aesdec_epi128(b[i], k)
                  : _mm512_aesenc_epi128(b[i], k);
  }
  const __m512i kl = bcast_key(rk, nr);
#pragma GCC unroll 8
  for (int i = 0; i < NZ; ++i) {
    const __m512i kt = _mm512_xor_si512(kl, tw[i]);
    b[i] = kDec ? _mm512_aesdeclast_epi128(b[i], kt)
                : _mm512_aesenclast_epi128(b[i], kt);
    if (i < NZ - 1) {
      _mm512_storeu_si512(out + 64 * i, b[i]);
    } else {
      _mm512_mask_storeu_epi64(out + 64 * i, last, b[i]);
    }
  }
}

template <bool kDec>
inline void xts_bulk(const AesKeyState* s, const uint8_t* in,
                                uint8_t* out, size_t blocks,
                                uint8_t tweak[16], StackMark* mark) {
  // The frame the caller wipes (xts_kernel.h): this function keeps the
  // tweaks and its inlined loops' spills, and under AddressSanitizer it
  // is not inlined into the entry point.
  mark_frame(mark);
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  __m512i tw[8];
  tw[0] = mul_alpha_lanes(bcast128(loadu(tweak)),
                          _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0));
#pragma GCC unroll 8
  for (int i = 1; i < 8; ++i)
    tw[i] = mul_alpha_lanes(tw[0], _mm512_set1_epi64(4 * i));
  for (; blocks >= 32; blocks -= 32, in += 512, out += 512) {
    xts_z<8, kDec>(rk, nr, tw, in, out, 0xff);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) tw[i] = mul_alpha_32(tw[i]);
  }
  if (blocks != 0) {
    const size_t nz = (blocks + 3) / 4;
    const size_t tail = blocks - 4 * (nz - 1);  // 1..4 blocks in the last
    const __mmask8 m = static_cast<__mmask8>((1u << (2 * tail)) - 1);
    switch (nz) {
      case 1: xts_z<1, kDec>(rk, nr, tw, in, out, m); break;
      case 2: xts_z<2, kDec>(rk, nr, tw, in, out, m); break;
      case 3: xts_z<3, kDec>(rk, nr, tw, in, out, m); break;
      case 4: xts_z<4, kDec>(rk, nr, tw, in, out, m); break;
      case 5: xts_z<5, kDec>(rk, nr, tw, in, out, m); break;
      case 6: xts_z<6, kDec>(rk, nr, tw, in, out, m); break;
      case 7: xts_z<7, kDec>(rk, nr, tw, in, out, m); break;
      default: xts_z<8, kDec>(rk, nr, tw, in, out, m); break;
    }
  }
  // T_0 of the last batch (lane 0 of tw[0]) times alpha^(its blocks), or
  // the next batch's T_0 itself when there was no partial batch.
  const __m512i next = mul_alpha_lanes(
      tw[0], _mm512_set1_epi64(static_cast<long long>(blocks)));
  storeu(tweak, lo128(next));
}

void vaes_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                           uint8_t* out, size_t blocks, uint8_t tweak[16],
                           StackMark* mark) {
  xts_bulk<false>(s, in, out, blocks, tweak, mark);
}

void vaes_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                           uint8_t* out, size_t blocks, uint8_t tweak[16],
                           StackMark* mark) {
  xts_bulk<true>(s, in, out, blocks, tweak, mark);
}

}  // namespace

}  // namespace x86hw

const XtsKernel kXtsVaes = {
    .name = "vaes",
    .aes = &kAesVaes,
    .encrypt_bulk = x86hw::vaes_xts_encrypt_bulk,
    .decrypt_bulk = x86hw::vaes_xts_decrypt_bulk,
};

}  // namespace ctcrypto::internal
