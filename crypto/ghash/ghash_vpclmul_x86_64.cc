// ghash_vpclmul_x86_64.cc: GHASH with VPCLMULQDQ on 512-bit vectors (row
// "vpclmul").
//
// Technique. The CLMUL row's arithmetic (ghash_clmul_core.h:
// byte-reflected blocks, Karatsuba, Montgomery-style fold by the reciprocal
// polynomial, key powers pre-multiplied by x), four blocks per ZMM register:
// VPCLMULQDQ multiplies each 128-bit lane independently, so 32 blocks take
// 8 x 3 VPCLMULQDQs against x*H^32..x*H^1, their unreduced sums are kept per
// lane, reduced per lane (reduce512: two VPCLMULQDQs for all four lanes) and
// only then summed across lanes. The running value is added into the first
// block's lane ((Xi + X1) H^n + ...), so a 32-block step is 26 VPCLMULQDQs.
// On the target (AMD Zen 4) VPCLMULQDQ issues once per two cycles at any
// width, so the count of carry-less multiplies is what sets GHASH's speed;
// one reduction per 32 blocks instead of per 16 saves a fifth of them. A
// remainder of 9..31 blocks is one masked pass (one reduction); up to 8
// blocks take the 128-bit code (one reduction).
//
// Data layout. VpclmulKey (ghash_clmul_core.h): 32 powers and their Karatsuba
// halves-XOR, 1 KiB, highest power first; init() computes them with the
// 128-bit multiply. The AES-NI/clmul rows keep the 16-power ClmulKey.
//
// Constant time. As for the clmul row: carry-less multiplies, XOR, shuffles
// with constant controls; masks, indices and branches depend only on block
// counts.
#include <cstddef>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

void vpclmul_init(GhashKeyState* g, const uint8_t h[16]) {
  VpclmulKey* k = reinterpret_cast<VpclmulKey*>(g->storage);
  ghash_key_powers(h, kVNumPowers, k->h, k->hk);
}

// vpclmul_init_powers: x*H^n .. x*H^1 for n = min(max_blocks, 32) in the
// last n slots of both tables: every path of update (ghash_n, ghash_masked,
// the 32-block loop) multiplies a run of m blocks by slots 32 - m .. 31.
GhashKeyExtent vpclmul_init_powers(GhashKeyState* g, const uint8_t h[16],
                                   size_t max_blocks) {
  VpclmulKey* k = reinterpret_cast<VpclmulKey*>(g->storage);
  const int n = max_blocks < kVNumPowers ? static_cast<int>(max_blocks)
                                         : kVNumPowers;
  ghash_key_powers(h, n, k->h + (kVNumPowers - n), k->hk + (kVNumPowers - n));
  const size_t len = sizeof(__m128i) * static_cast<size_t>(n);
  return GhashKeyExtent{{offsetof(VpclmulKey, h) + sizeof(k->h) - len,
                         offsetof(VpclmulKey, hk) + sizeof(k->hk) - len},
                        {len, len}};
}

// ghash_masked: x folded with n blocks, 1 <= n <= 32 (public), in one
// reduction: ceil(n / 4) vectors, the last loaded under a block mask (data
// and key alike, so key reads stay inside VpclmulKey and the missing lanes
// add zero products).
__m512i ghash_masked(const VpclmulKey* k, __m512i x, const uint8_t* in,
                     size_t n) {
  const size_t base = kVNumPowers - n;  // in[0] is multiplied by H^n
  GhAcc a{_mm512_setzero_si512(), _mm512_setzero_si512(),
          _mm512_setzero_si512()};
  // gh_one takes the key vectors by address; where the compiler keeps them
  // in memory (unoptimised or instrumented builds) that is one stack slot
  // each, wiped once after the loop.
  __m512i kh, kk;
  for (size_t v = 0; 4 * v < n; ++v) {
    const size_t nb = n - 4 * v < 4 ? n - 4 * v : 4;
    const __mmask8 m = static_cast<__mmask8>((1u << (2 * nb)) - 1);
    __m512i d = bswap512(_mm512_maskz_loadu_epi64(m, in + 64 * v));
    if (v == 0) d = _mm512_xor_si512(d, x);  // x: lane 0 (fold_all)
    kh = _mm512_maskz_loadu_epi64(m, &k->h[base + 4 * v]);
    kk = _mm512_maskz_loadu_epi64(m, &k->hk[base + 4 * v]);
    gh_one(a, d, &kh, &kk, 0);
  }
  secure_zero(&kh, sizeof(kh));
  secure_zero(&kk, sizeof(kk));
  return fold_all(reduce512(a.lo, a.hi, a.mid));
}

void vpclmul_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                    size_t blocks) {
  const VpclmulKey* k = vpclmul_key(g);
  if (blocks <= 8) {
    // Short runs (GCM's head and length blocks, J0 of a long nonce): the
    // 128-bit multiplies need no lane sum and finish sooner (measured on
    // 16-byte seals).
    // Written out rather than through ghash_n: that form made GCC 12 realign
    // this function's stack frame (objdump), a cost on every call.
    if (blocks == 0) return;
    Acc a = acc_zero();
    const size_t base = kVNumPowers - blocks;
    __m128i x = bswap128(loadu(xi));
    for (size_t i = 0; i < blocks; ++i) {
      __m128i b = bswap128(loadu(in + 16 * i));
      if (i == 0) b = _mm_xor_si128(b, x);
      acc_mul(a, b, _mm_load_si128(&k->h[base + i]),
              _mm_load_si128(&k->hk[base + i]));
    }
    storeu(xi, bswap128(acc_reduce(a)));
    return;
  }
  __m512i x = _mm512_zextsi128_si512(bswap128(loadu(xi)));
  while (blocks >= 32) {
    x = ghash_vecs<8>(k, 0, in, x);
    in += 512;
    blocks -= 32;
  }
  if (blocks) x = ghash_masked(k, x, in, blocks);
  storeu(xi, bswap128(lo128(x)));
}

}  // namespace

}  // namespace x86hw

const GhashRow kGhashVpclmul = {
    .name = "vpclmul",
    .required_caps = kCapPclmul | kCapSsse3 | kCapAvx | kCapAvx2 | kCapVaes | kCapAvx512,
    .init = x86hw::vpclmul_init,
    .update = x86hw::vpclmul_update,
    .init_powers = x86hw::vpclmul_init_powers,
};

}  // namespace ctcrypto::internal
