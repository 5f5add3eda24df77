// ghash_clmul_core.h: the GHASH arithmetic and key layouts of the
// carry-less-multiply rows, clmul (ghash_clmul_x86_64.cc, PCLMULQDQ) and
// vpclmul (ghash_vpclmul_x86_64.cc, VPCLMULQDQ on ZMM), inline so that the
// GCM kernels over them stitch the same code into their loops
// (crypto/modes/gcm_aesni_x86_64.cc with clmul, gcm_vaes_x86_64.cc with
// vpclmul), as the other GHASH rows' cores are (ghash_ssse3_core.h,
// ghash_pmull.h).
//
//   GHASH (GhashKeyState::storage): see ClmulKey below; 8 powers of H in a
//   Montgomery form, highest power first, plus their Karatsuba halves-XOR
//   (clmul row). The vpclmul row stores 32 powers the same way (VpclmulKey);
//   the two layouts differ, so each AES row stitches with its own GHASH row.
//
// The GHASH arithmetic (after the Gueron-Kounavis CLMUL white paper, rev. 2,
// and Gueron's later "reduction by folding" form): a GCM block is byte
// reversed (PSHUFB) so that, read as a 128-bit integer, bit i is the
// coefficient of x^(127-i) in GCM's polynomial. Call that the reflected value
// a*. For reflected values the carry-less product a* b* (255 bits) is
// (ab)* and, writing P* = x^128 + x^127 + x^126 + x^121 + 1 for the reciprocal
// of GCM's x^128 + x^7 + x^2 + x + 1, one finds
//     a* b* = x^127 (ab mod P)*  (mod P*),
// so a Montgomery reduction by x^128 modulo P* ("fold the low 128 bits away
// with multiples of P*", two PCLMULQDQs by the low word of P*'s tail,
// 0xC2000000_00000000) yields x^-1 (ab mod P)*. Storing every key power
// pre-multiplied by x (a left shift by one, reduced by 0xC2..01 when the top
// bit falls out) cancels that x^-1: mont(X*, x H*) = (XH)*, and
// mont(x A*, x B*) = x (AB)*, so the powers of H can be built by the same
// multiply. No 256-bit shift is ever needed.
//
// Aggregated reduction: for n = 8 (clmul) or 32 (vpclmul) blocks,
// Xi' = (Xi + X1) H^n + X2 H^(n-1) + ... + Xn H, computed as n unreduced
// Karatsuba products summed, then one reduction.
//
// Constant time: PCLMULQDQ, XOR, shifts and shuffles with constant
// controls; every memory index is public (block number, power number).
//
// Helpers here have internal linkage (static inline), for the reason given
// in crypto/simd_x86_64.h.
#ifndef CTCRYPTO_GHASH_GHASH_CLMUL_CORE_H_
#define CTCRYPTO_GHASH_GHASH_CLMUL_CORE_H_

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"
#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal::x86hw {

// ClmulKey: the GHASH key of the clmul row (and of the aesni+clmul GCM
// kernel, which pairs with it).
//   h[j]  = x * (H^(8-j))*  reduced mod P*   (j = 0..7: H^8 first)
//   hk[j] = h[j].lo ^ h[j].hi in both 64-bit halves (Karatsuba middle term)
// Highest power first so that a run of n <= 8 blocks starting at in[0]
// multiplies block i by h[8 - n + i], a contiguous slice. 8 is the
// aggregation width of every clmul loop (ghash_blocks, the aesni row's gcm8).
inline constexpr int kNumPowers = 8;
struct alignas(64) ClmulKey {
  __m128i h[kNumPowers];
  __m128i hk[kNumPowers];
};
static_assert(sizeof(ClmulKey) <= kGhashKeyStorageBytes);

static inline const ClmulKey* clmul_key(const GhashKeyState* g) {
  return reinterpret_cast<const ClmulKey*>(g->storage);
}

// Unreduced Karatsuba sum of products.
struct Acc {
  __m128i lo, hi, mid;
};

static inline Acc acc_zero() {
  return Acc{_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
}

// acc_mul: acc += x * h (x reflected, h and hk from ClmulKey).
static inline void acc_mul(Acc& a, __m128i x, __m128i h, __m128i hk) {
  a.lo = _mm_xor_si128(a.lo, _mm_clmulepi64_si128(x, h, 0x00));
  a.hi = _mm_xor_si128(a.hi, _mm_clmulepi64_si128(x, h, 0x11));
  __m128i xs = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));
  a.mid = _mm_xor_si128(a.mid, _mm_clmulepi64_si128(xs, hk, 0x00));
}

// mont_reduce: the Montgomery reduction by x^128 mod P* of the 256-bit value
// d1:d0 (see the top of this file). Kill the low 64 bits with d00 * P*, then
// the next 64 with the updated word; what is left is the top 128 bits.
static inline __m128i mont_reduce(__m128i d1, __m128i d0) {
  const __m128i q = _mm_set_epi64x(0, static_cast<int64_t>(0xc200000000000000ull));
  __m128i f = _mm_xor_si128(_mm_shuffle_epi32(d0, 0x4e),
                            _mm_clmulepi64_si128(d0, q, 0x00));
  __m128i r = _mm_xor_si128(_mm_shuffle_epi32(f, 0x4e),
                            _mm_clmulepi64_si128(f, q, 0x00));
  return _mm_xor_si128(d1, r);
}

static inline __m128i acc_reduce(const Acc& a) {
  __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
  __m128i d0 = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
  __m128i d1 = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
  return mont_reduce(d1, d0);
}

// mont_mul: one multiply-and-reduce of two reflected values.
static inline __m128i mont_mul(__m128i a, __m128i b) {
  Acc acc = acc_zero();
  __m128i bk = _mm_xor_si128(b, _mm_shuffle_epi32(b, 0x4e));
  acc_mul(acc, a, b, bk);
  return acc_reduce(acc);
}

// ghash_key_powers: the GHASH key material of the clmul (n = 8) and
// vpclmul (n = 32) rows: x*(H^i)* for i = 1..n, highest power first in
// hpow[0..n), and the Karatsuba halves (hi ^ lo, in both lanes) in hk.
// x*H*: shift left by one; if bit 127 fell out, add x^128 mod P* =
// x^127 + x^126 + x^121 + 1 (0xC2000000..00000001), through a mask made by
// an arithmetic shift, not a branch.
static inline void ghash_key_powers(const uint8_t h[16], int n, __m128i* hpow,
                                    __m128i* hk) {
  __m128i hr = bswap128(loadu(h));
  __m128i carry = _mm_shuffle_epi32(_mm_srai_epi32(hr, 31), 0xff);
  __m128i shl = _mm_or_si128(_mm_slli_epi64(hr, 1),
                             _mm_srli_epi64(_mm_slli_si128(hr, 8), 63));
  const __m128i poly =
      _mm_set_epi64x(static_cast<int64_t>(0xc200000000000000ull), 1);
  __m128i h1 = _mm_xor_si128(shl, _mm_and_si128(carry, poly));
  __m128i p = h1;
  for (int i = 1; i <= n; ++i) {
    __m128i pk = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
    pk = _mm_unpacklo_epi64(pk, pk);
    _mm_store_si128(&hpow[n - i], p);
    _mm_store_si128(&hk[n - i], pk);
    if (i < n) p = mont_mul(p, h1);
  }
  secure_zero(&hr, sizeof(hr));
  secure_zero(&h1, sizeof(h1));
  secure_zero(&p, sizeof(p));
}

// ghash_n: x = (x ^ in[0]) H^n + in[1] H^(n-1) + ... + in[n-1] H, n from 1
// to the key's number of powers (public), one reduction, 128-bit multiplies.
// x is reflected. Key: ClmulKey or VpclmulKey (highest power first).
template <class Key>
static inline __m128i ghash_n(const Key* k, __m128i x, const uint8_t* in,
                              size_t n) {
  constexpr size_t kPowers = sizeof(k->h) / sizeof(k->h[0]);
  Acc a = acc_zero();
  const size_t base = kPowers - n;
  for (size_t i = 0; i < n; ++i) {
    __m128i b = bswap128(loadu(in + 16 * i));
    if (i == 0) b = _mm_xor_si128(b, x);
    acc_mul(a, b, _mm_load_si128(&k->h[base + i]),
            _mm_load_si128(&k->hk[base + i]));
  }
  return acc_reduce(a);
}

// ghash_blocks: any number of blocks, 8 at a time.
static inline __m128i ghash_blocks(const ClmulKey* k, __m128i x,
                                   const uint8_t* in, size_t blocks) {
  while (blocks >= 8) {
    x = ghash_n(k, x, in, 8);
    in += 128;
    blocks -= 8;
  }
  if (blocks) x = ghash_n(k, x, in, blocks);
  return x;
}

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__VPCLMULQDQ__)
// --- The vpclmul row's own key and its 32-block aggregation ---------------
// VpclmulKey: like ClmulKey but with 32 powers, x*H^32 ... x*H^1 (highest
// first; a run of n blocks multiplies block i by h[32 - n + i]), so that the
// stitched loops reduce once per 32 blocks. Only the vpclmul GHASH row (and
// the vaes+vpclmul GCM kernel, which pairs with it) use this layout; the
// clmul row keeps ClmulKey.
inline constexpr int kVNumPowers = 32;
struct alignas(64) VpclmulKey {
  __m128i h[kVNumPowers];
  __m128i hk[kVNumPowers];
};
static_assert(sizeof(VpclmulKey) <= kGhashKeyStorageBytes);

static inline const VpclmulKey* vpclmul_key(const GhashKeyState* g) {
  return reinterpret_cast<const VpclmulKey*>(g->storage);
}

// swap64: the two 64-bit halves of every lane exchanged (VPSHUFD 0x4E).
static inline __m512i swap64(__m512i x) {
  return _mm512_maskz_shuffle_epi32(0xffff, x, _MM_PERM_BADC);
}

// reduce512: acc_reduce + mont_reduce on every lane at once, with the
// Karatsuba middle term folded in without 64-bit byte shifts. Writing
// m = mid ^ lo ^ hi, acc_reduce's d0 = lo ^ (m << 64), d1 = hi ^ (m >> 64),
// and mont_reduce computes f = swap(d0) ^ T1, T1 = d0.lo * P', then
// d1 ^ swap(f) ^ f.lo * P'. Since d0.lo = lo.lo, T1 = lo.lo * P'; and with
// f' = swap(lo) ^ T1 ^ m, f'.lo = f.lo and swap(f') = swap(f) ^ (m >> 64),
// so the result is hi ^ swap(f') ^ f'.lo * P'. Two VPCLMULQDQs, two
// VPSHUFDs, three VPTERNLOGQs per lane; the lanes are summed afterwards
// (reduction is linear, so reducing before the horizontal sum is exact and
// folds one vector across lanes instead of three).
static inline __m512i reduce512(__m512i lo, __m512i hi, __m512i mid) {
  const __m512i q =
      _mm512_set1_epi64(static_cast<int64_t>(0xc200000000000000ull));
  __m512i m = xor3_512(mid, lo, hi);
  __m512i t1 = _mm512_clmulepi64_epi128(lo, q, 0x00);
  __m512i f = xor3_512(swap64(lo), t1, m);
  __m512i t2 = _mm512_clmulepi64_epi128(f, q, 0x00);
  return xor3_512(hi, swap64(f), t2);
}

// fold_all: the XOR of the four lanes in lane 0, the other lanes zero
// (256- and 128-bit halves XORed; a VEX/EVEX write of a narrower register
// zeroes the rest). The running GHASH value is kept in this form, so the
// next pass adds it to its first data vector with a plain VPXORD
// (load_hash) instead of a masked one, which took GCC a register move too
// (llvm-mca sapphirerapids, the VAES GCM loop: AES-128 seal 88.15 -> 87.15
// cycles per iteration, open 86.61 -> 85.61).
static inline __m512i fold_all(__m512i a) {
  const __m256i t = _mm256_xor_si256(
      (__m256i)__builtin_shufflevector((v8di_t)a, (v8di_t)a, 0, 1, 2, 3),
      (__m256i)__builtin_shufflevector((v8di_t)a, (v8di_t)a, 4, 5, 6, 7));
  const __m128i u = _mm_xor_si128(_mm256_castsi256_si128(t),
                                  _mm256_extracti128_si256(t, 1));
  return _mm512_zextsi128_si512(u);
}

// GhAcc: unreduced Karatsuba sums over ZMM lanes, accumulated two products
// at a time with VPTERNLOGQ.
struct GhAcc {
  __m512i lo, hi, mid;
};

// gh_pair: acc (or nothing, when first) += d0 * K[j0] + d1 * K[j1]; d0, d1
// already byte reflected.
template <bool kFirst>
static inline void gh_pair(GhAcc& a, __m512i d0, __m512i d1, const __m512i* kh,
                           const __m512i* kk, int j0, int j1) {
  const __m512i h0 = _mm512_load_si512(kh + j0), h1 = _mm512_load_si512(kh + j1);
  const __m512i k0 = _mm512_load_si512(kk + j0), k1 = _mm512_load_si512(kk + j1);
  __m512i s0 = _mm512_xor_si512(d0, swap64(d0));
  __m512i s1 = _mm512_xor_si512(d1, swap64(d1));
  __m512i lo0 = _mm512_clmulepi64_epi128(d0, h0, 0x00);
  __m512i lo1 = _mm512_clmulepi64_epi128(d1, h1, 0x00);
  __m512i hi0 = _mm512_clmulepi64_epi128(d0, h0, 0x11);
  __m512i hi1 = _mm512_clmulepi64_epi128(d1, h1, 0x11);
  __m512i mi0 = _mm512_clmulepi64_epi128(s0, k0, 0x00);
  __m512i mi1 = _mm512_clmulepi64_epi128(s1, k1, 0x00);
  if (kFirst) {
    a.lo = _mm512_xor_si512(lo0, lo1);
    a.hi = _mm512_xor_si512(hi0, hi1);
    a.mid = _mm512_xor_si512(mi0, mi1);
  } else {
    a.lo = xor3_512(a.lo, lo0, lo1);
    a.hi = xor3_512(a.hi, hi0, hi1);
    a.mid = xor3_512(a.mid, mi0, mi1);
  }
}

// gh_one: acc += d * K[j].
static inline void gh_one(GhAcc& a, __m512i d, const __m512i* kh,
                          const __m512i* kk, int j) {
  const __m512i h = _mm512_load_si512(kh + j), k = _mm512_load_si512(kk + j);
  __m512i s = _mm512_xor_si512(d, swap64(d));
  a.lo = _mm512_xor_si512(a.lo, _mm512_clmulepi64_epi128(d, h, 0x00));
  a.hi = _mm512_xor_si512(a.hi, _mm512_clmulepi64_epi128(d, h, 0x11));
  a.mid = _mm512_xor_si512(a.mid, _mm512_clmulepi64_epi128(s, k, 0x00));
}

// load_hash: a data vector, byte reflected; the first one of a run gets the
// running value x (lane 0; the other lanes zero, see fold_all) added:
// (x + X1) H^n + ... in one pass.
static inline __m512i load_hash(const uint8_t* p, bool first, __m512i x) {
  __m512i d = bswap512(load512(p));
  return first ? _mm512_xor_si512(d, x) : d;
}

// ghash_vecs: x folded with NV full vectors (4 * NV blocks) at `in`, one
// reduction. kv: the key vector of the first (0 for 32 blocks, 4 for 16).
// x and the result carry the value in lane 0, the other lanes zero.
template <int NV>
static inline __m512i ghash_vecs(const VpclmulKey* k, int kv,
                                 const uint8_t* in, __m512i x) {
  static_assert(NV % 2 == 0);
  const __m512i* kh = reinterpret_cast<const __m512i*>(k->h) + kv;
  const __m512i* kk = reinterpret_cast<const __m512i*>(k->hk) + kv;
  GhAcc a{_mm512_setzero_si512(), _mm512_setzero_si512(),
          _mm512_setzero_si512()};
  // The vector carrying x goes last so the others need not wait for it.
  for (int j = NV - 2; j >= 0; j -= 2) {
    __m512i d0 = load_hash(in + 64 * j, j == 0, x);
    __m512i d1 = load_hash(in + 64 * (j + 1), false, x);
    if (j == NV - 2)
      gh_pair<true>(a, d0, d1, kh, kk, j, j + 1);
    else
      gh_pair<false>(a, d0, d1, kh, kk, j, j + 1);
  }
  return fold_all(reduce512(a.lo, a.hi, a.mid));
}
#endif  // AVX-512 + VPCLMULQDQ

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_GHASH_GHASH_CLMUL_CORE_H_
