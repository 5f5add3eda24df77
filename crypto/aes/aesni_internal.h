// aesni_internal.h: private to the x86 hardware backends (aes_aesni_x86_64.cc,
// aes_vaes_x86_64.cc, ghash_clmul_x86_64.cc, ghash_vpclmul_x86_64.cc).
//
// It fixes the two key layouts they share, so that the wide (VAES) rows can
// reuse the AES-NI key schedule and the CLMUL GHASH key, and the stitched GCM
// loops in the AES files can read the GHASH key directly:
//
//   AES (AesKeyState::storage): encryption round keys rk[0..Nr] at byte 0,
//   decryption round keys for AESDEC (the "equivalent inverse cipher" of
//   FIPS-197 5.3.5: reversed, InvMixColumns applied with AESIMC to the middle
//   ones) at byte 256. Each round key is the 16 bytes AESENC XORs in.
//
//   GHASH (GhashKeyState::storage): see ClmulKey below; 16 powers of H in a
//   Montgomery form, highest power first, plus their Karatsuba halves-XOR
//   (clmul row). The vpclmul row stores 32 powers the same way (VpclmulKey).
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
// Aggregated reduction: for 8 (or 16) blocks, Xi' = (Xi + X1) H^n + X2 H^(n-1)
// + ... + Xn H, computed as n unreduced Karatsuba products summed, then one
// reduction.
//
// Constant time: PCLMULQDQ, AES-NI, XOR, shifts and shuffles with constant
// controls; every memory index is public (round number, block number).
//
// All helpers here have internal linkage (static inline): this header is
// compiled with different -m flags in different files, and a shared COMDAT
// copy built with AVX-512 encodings must never be picked by the linker for
// the SSE-only files.
#ifndef CTCRYPTO_AES_AESNI_INTERNAL_H_
#define CTCRYPTO_AES_AESNI_INTERNAL_H_

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_backend.h"
#include "crypto/ghash/ghash_backend.h"
#include "crypto/internal.h"

namespace ctcrypto::internal::x86hw {

inline constexpr size_t kEncKeyOffset = 0;
inline constexpr size_t kDecKeyOffset = 256;
static_assert(kDecKeyOffset + 15 * 16 <= kAesKeyStorageBytes);

static inline const __m128i* enc_keys(const AesKeyState* s) {
  return reinterpret_cast<const __m128i*>(s->storage + kEncKeyOffset);
}
static inline const __m128i* dec_keys(const AesKeyState* s) {
  return reinterpret_cast<const __m128i*>(s->storage + kDecKeyOffset);
}

// The AES-NI functions of aes_aesni_x86_64.cc, shared with the VAES row.
void aesni_set_key(AesKeyState* s, const uint8_t* key, size_t key_len);
void aesni_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]);
void aesni_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]);
void aesni_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]);
void aesni_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]);
void aesni_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, const uint8_t counter[16]);

// ClmulKey: the GHASH key of the clmul and vpclmul rows.
//   h[j]  = x * (H^(16-j))*  reduced mod P*   (j = 0..15: H^16 first)
//   hk[j] = h[j].lo ^ h[j].hi in both 64-bit halves (Karatsuba middle term)
// Highest power first so that a run of n blocks starting at in[0] multiplies
// block i by h[16 - n + i], a contiguous slice: with n = 16 it is four ZMM
// loads, with n = 8 the last eight entries.
inline constexpr int kNumPowers = 16;
struct alignas(64) ClmulKey {
  __m128i h[kNumPowers];
  __m128i hk[kNumPowers];
};
static_assert(sizeof(ClmulKey) <= kGhashKeyStorageBytes);

static inline const ClmulKey* clmul_key(const GhashKeyState* g) {
  return reinterpret_cast<const ClmulKey*>(g->storage);
}

void clmul_init(GhashKeyState* g, const uint8_t h[16]);
void clmul_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks);

static inline __m128i bswap128(__m128i x) {
  return _mm_shuffle_epi8(
      x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

static inline __m128i loadu(const uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
static inline void storeu(uint8_t* p, __m128i v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
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

// ghash_key_powers: the GHASH key material of the clmul (n = 16) and
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

// ghash_n: x = (x ^ in[0]) H^n + in[1] H^(n-1) + ... + in[n-1] H, n in
// 1..16 (public), one reduction. x is reflected.
static inline __m128i ghash_n(const ClmulKey* k, __m128i x, const uint8_t* in,
                              size_t n) {
  Acc a = acc_zero();
  const size_t base = kNumPowers - n;
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
// --- 512-bit helpers (compiled only in the VAES/VPCLMULQDQ files) ---------
// A ZMM register holds four blocks, one per 128-bit lane; VAES and
// VPCLMULQDQ act on each lane independently, so the 128-bit arithmetic above
// carries over lane by lane.

// Lane moves: GCC 12's <immintrin.h> versions of _mm512_broadcast_i32x4,
// _mm512_cast*, _mm512_extracti64x4_epi64, _mm512_shuffle_epi32 pass a
// self-initialised "undefined" operand that -Werror=uninitialized rejects
// (GCC bug 105593). Vector shuffles and the zero-masking forms with an
// all-ones mask compile to the same single instructions (checked with
// objdump: vbroadcasti32x4, vshufi64x2, vpshufd; a 128-bit "shuffle" into a
// 512-bit vector must not be used: GCC builds it through the stack).
typedef long long v2di_t __attribute__((vector_size(16)));
typedef long long v4di_t __attribute__((vector_size(32)));
typedef long long v8di_t __attribute__((vector_size(64)));

static inline __m512i bcast128(__m128i x) {
  // The zero-masking form with an all-ones mask is VBROADCASTI32X4 itself.
  return _mm512_maskz_broadcast_i32x4(0xffff, x);
}
static inline __m128i lo128(__m512i x) {
  return (__m128i)__builtin_shufflevector((v8di_t)x, (v8di_t)x, 0, 1);
}
static inline __m256i lo256(__m512i x) {
  return (__m256i)__builtin_shufflevector((v8di_t)x, (v8di_t)x, 0, 1, 2, 3);
}
static inline __m256i hi256(__m512i x) {
  return (__m256i)__builtin_shufflevector((v8di_t)x, (v8di_t)x, 4, 5, 6, 7);
}
static inline __m128i lo128_256(__m256i x) {
  return (__m128i)__builtin_shufflevector((v4di_t)x, (v4di_t)x, 0, 1);
}
static inline __m128i hi128_256(__m256i x) {
  return (__m128i)__builtin_shufflevector((v4di_t)x, (v4di_t)x, 2, 3);
}
// xor_lane0: d with x XORed into its first 128-bit lane (VINSERTI32X4; a
// zero-extension plus XOR goes through the stack with GCC 12).
static inline __m512i xor_lane0(__m512i d, __m128i x) {
  return _mm512_inserti32x4(d, _mm_xor_si128(lo128(d), x), 0);
}

static inline __m512i bswap512(__m512i x) {
  const __m512i m = bcast128(
      _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm512_shuffle_epi8(x, m);
}

static inline __m512i xor3_512(__m512i a, __m512i b, __m512i c) {
#if defined(CTCRYPTO_CTMSAN)
  // The same function (truth table 0x96 is a ^ b ^ c) in a form MSan models:
  // clang 14 has no shadow rule for VPTERNLOG (see crypto/ct.h).
  return _mm512_xor_si512(_mm512_xor_si512(a, b), c);
#else
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
#endif
}

// fold4: the XOR of the four 128-bit lanes.
static inline __m128i fold4(__m512i x) {
  __m256i t = _mm256_xor_si256(lo256(x), hi256(x));
  return _mm_xor_si128(lo128_256(t), hi128_256(t));
}

struct Acc512 {
  __m512i lo, hi, mid;
};

static inline void acc512_mul(Acc512& a, __m512i x, __m512i h, __m512i hk) {
  __m512i xs = _mm512_xor_si512(x, _mm512_maskz_shuffle_epi32(0xffff, x, _MM_PERM_BADC));
  a.lo = _mm512_xor_si512(a.lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a.hi = _mm512_xor_si512(a.hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a.mid = _mm512_xor_si512(a.mid, _mm512_clmulepi64_epi128(xs, hk, 0x00));
}

static inline __m128i acc512_reduce(const Acc512& a) {
  return acc_reduce(Acc{fold4(a.lo), fold4(a.hi), fold4(a.mid)});
}

static inline __m512i load512(const uint8_t* p) {
  return _mm512_loadu_si512(reinterpret_cast<const void*>(p));
}

// acc512_finish: the lane-folded sums plus x * H^16, reduced. By linearity
// (x + X1) H^16 + ... = x H^16 + (X1 H^16 + ...), so the 16 data products
// never wait for x: only three 128-bit PCLMULQDQs and the reduction are on
// the serial path from one x to the next.
static inline __m128i acc512_finish(const Acc512& a, const ClmulKey* k,
                                    __m128i x) {
  Acc s{fold4(a.lo), fold4(a.hi), fold4(a.mid)};
  acc_mul(s, x, _mm_load_si128(&k->h[0]), _mm_load_si128(&k->hk[0]));
  return acc_reduce(s);
}

// ghash_tail16: n blocks, 9 <= n <= 15 (public), in one reduction: ZMM
// chains whose missing lanes are loaded as zero under a block mask (data
// and key alike, so the key reads never leave ClmulKey and zero lanes add
// zero products); x * H^n stays off the data path as in acc512_finish.
static inline __m128i ghash_tail16(const ClmulKey* k, __m128i x,
                                   const uint8_t* in, size_t n) {
  const size_t base = kNumPowers - n;  // in[0] is multiplied by H^n
  Acc512 a{_mm512_setzero_si512(), _mm512_setzero_si512(),
           _mm512_setzero_si512()};
  for (size_t i = 0; 4 * i < n; ++i) {
    const size_t nb = n - 4 * i < 4 ? n - 4 * i : 4;
    const __mmask8 m = static_cast<__mmask8>((1u << (2 * nb)) - 1);
    __m512i d = bswap512(_mm512_maskz_loadu_epi64(m, in + 64 * i));
    __m512i kh = _mm512_maskz_loadu_epi64(m, &k->h[base + 4 * i]);
    __m512i kk = _mm512_maskz_loadu_epi64(m, &k->hk[base + 4 * i]);
    acc512_mul(a, d, kh, kk);
  }
  Acc s{fold4(a.lo), fold4(a.hi), fold4(a.mid)};
  acc_mul(s, x, _mm_load_si128(&k->h[base]), _mm_load_si128(&k->hk[base]));
  return acc_reduce(s);
}

// ghash16: 16 blocks at once with H^16..H^1, one reduction.
static inline __m128i ghash16(const ClmulKey* k, __m128i x, const uint8_t* in) {
  const __m512i* kh = reinterpret_cast<const __m512i*>(k->h);
  const __m512i* kk = reinterpret_cast<const __m512i*>(k->hk);
  Acc512 a{_mm512_setzero_si512(), _mm512_setzero_si512(),
           _mm512_setzero_si512()};
  for (int i = 0; i < 4; ++i) {
    __m512i d = bswap512(load512(in + 64 * i));
    acc512_mul(a, d, _mm512_load_si512(kh + i), _mm512_load_si512(kk + i));
  }
  return acc512_finish(a, k, x);
}

// --- The vpclmul row's own key and its 32-block aggregation ---------------
// VpclmulKey: like ClmulKey but with 32 powers, x*H^32 ... x*H^1 (highest
// first; a run of n blocks multiplies block i by h[32 - n + i]), so that the
// stitched loops reduce once per 32 blocks. Only the vpclmul GHASH row (and
// the VAES row's stitched loops, which pair with it) use this layout; the
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

// fold_all: every lane set to the XOR of the four lanes (two VSHUFI64X2).
static inline __m512i fold_all(__m512i a) {
  __m512i t = _mm512_xor_si512(a, _mm512_maskz_shuffle_i64x2(0xff, a, a, 0x4e));
  return _mm512_xor_si512(t, _mm512_maskz_shuffle_i64x2(0xff, t, t, 0xb1));
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
// running value x (its first lane) added: (x + X1) H^n + ... in one pass.
static inline __m512i load_hash(const uint8_t* p, bool first, __m512i x) {
  __m512i d = bswap512(load512(p));
  return first ? _mm512_mask_xor_epi64(d, 0x03, d, x) : d;
}

// ghash_vecs: x folded with NV full vectors (4 * NV blocks) at `in`, one
// reduction. kv: the key vector of the first (0 for 32 blocks, 4 for 16).
// x and the result carry the value in every lane (only lane 0 is read).
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

#endif  // CTCRYPTO_AES_AESNI_INTERNAL_H_
