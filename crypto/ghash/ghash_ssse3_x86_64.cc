// ghash_ssse3_x86_64.cc: constant-time table-driven GHASH with SSSE3 (PSHUFB).
//
// Technique. Shoup's 4-bit method multiplies X by the fixed H with a table
// of the 16 products n(x)*H, one lookup per nibble of X. A lookup into a
// memory table indexed by secret nibbles leaks through the cache, so here no
// table entry is ever *selected*: PSHUFB does the lookup, and PSHUFB reads a
// whole 16-byte register, i.e. all 16 candidates, whatever the index is.
// For that the table is transposed: row b (b = 0..15) is one register whose
// byte n is byte b of the table entry T[n]. PSHUFB(row b, N), with N holding
// the 16 nibbles of X that share a role (all high nibbles, or all low
// nibbles), gives byte b of T[n_j] for every byte position j of X at once.
// Written from first principles (Shoup 1996's 4-bit tables; the transposed
// PSHUFB formulation is the usual vector-permute idea of Hamburg 2009).
//
// Layout ("I-domain"). A GCM block is kept byte-reversed in the register
// (PSHUFB with a reversal mask), so that it is a 128-bit integer whose bit
// 127 is the coefficient of x^0 and bit 0 that of x^127: multiplying by x^s
// is a logical right shift by s. Byte lane m holds GCM byte 15 - m, whose
// high nibble carries x^(8(15-m))..x^(8(15-m)+3) and whose low nibble the
// next four powers. Two tables of 16 entries, T_hi[n] = n(x)*H and
// T_lo[n] = n(x)*x^4*H (n's bit 3 being the lowest power), are stored
// transposed: 2 x 16 rows x 16 bytes = 512 bytes, computed once in init().
//
// Product. X*H = sum over lanes m of T[n_m] * x^(8(15-m)), an unreduced
// 247-degree polynomial held as a 256-bit integer U:L (U = x^0..x^127,
// L = x^128..x^255 in the same reversed order). Let V_b be the vector whose
// lane m is byte b of T[n_m] (the XOR of the T_hi and T_lo lookups). Lane m
// byte b belongs at byte b + m + 1 of U:L, so U:L = (sum_b V_b << 8b) << 8,
// which Horner evaluates with one 256-bit byte shift (PALIGNR + PSLLDQ) per
// row. Two interleaved Horner chains (even and odd rows, each stepping two
// bytes) halve the dependency chain.
//
// Reduction. L stands for L*x^128 and x^128 = 1 + x + x^2 + x^7, so the
// result is U ^ L ^ L>>1 ^ L>>2 ^ L>>7 (128-bit shifts). The lowest byte of
// L is always zero (degree <= 247), so nothing falls off the bottom and a
// single fold suffices.
//
// Constant time. Per block: fixed loads of all 32 rows (addresses depend on
// the row number only), PSHUFB with secret indices into registers, shifts and
// XORs. init() computes H*x^i with mask arithmetic (no branch on H's bits).
// No branch or memory index depends on H or the data.
#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstring>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal {

namespace {

struct Ssse3Key {
  // rows[0][b][n] = byte b of T_hi[n]; rows[1][b][n] = byte b of T_lo[n]
  // (bytes of the I-domain 128-bit integer, least significant first).
  alignas(16) uint8_t rows[2][16][16];
};
static_assert(sizeof(Ssse3Key) <= kGhashKeyStorageBytes);

inline uint64_t load_be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

void ssse3_init(GhashKeyState* g, const uint8_t h[16]) {
  // pow[i] = H * x^i in the I-domain, as (hi, lo) 64-bit halves.
  uint64_t pow_hi[8], pow_lo[8];
  uint64_t hi = load_be64(h), lo = load_be64(h + 8);
  for (int i = 0; i < 8; ++i) {
    pow_hi[i] = hi;
    pow_lo[i] = lo;
    // Times x: shift right; the x^127 coefficient that leaves (bit 0) is
    // folded back as x^128 = 1 + x + x^2 + x^7 (0xE1 in the top byte).
    uint64_t carry = 0 - (lo & 1);
    lo = (lo >> 1) | (hi << 63);
    hi = (hi >> 1) ^ (0xE100000000000000ull & carry);
  }
  Ssse3Key k;
  for (int set = 0; set < 2; ++set) {
    for (int n = 0; n < 16; ++n) {
      uint64_t th = 0, tl = 0;
      for (int i = 0; i < 4; ++i) {
        // Bit 3 - i of n is the coefficient of x^i (x^(4+i) for T_lo).
        uint64_t m = 0 - static_cast<uint64_t>((n >> (3 - i)) & 1);
        th ^= pow_hi[4 * set + i] & m;
        tl ^= pow_lo[4 * set + i] & m;
      }
      for (int b = 0; b < 16; ++b) {
        uint64_t w = b < 8 ? tl : th;
        k.rows[set][b][n] = static_cast<uint8_t>(w >> (8 * (b & 7)));
      }
    }
  }
  std::memcpy(g->storage, &k, sizeof(k));
}

// shl256: (u:l) <<= 8*n bits, n in 1..15 bytes.
template <int n>
inline void shl256(__m128i& u, __m128i& l) {
  u = _mm_alignr_epi8(u, l, 16 - n);
  l = _mm_slli_si128(l, n);
}

// shr128: the 128-bit logical right shift of x by s bits (0 < s < 64); xh
// is x shifted right by 8 bytes.
template <int s>
inline __m128i shr128(__m128i x, __m128i xh) {
  return _mm_or_si128(_mm_srli_epi64(x, s), _mm_slli_epi64(xh, 64 - s));
}

void ssse3_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks) {
  const __m128i* rows = reinterpret_cast<const __m128i*>(g->storage);
  const __m128i* rhi = rows;
  const __m128i* rlo = rows + 16;
  const __m128i bswap =
      _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i low4 = _mm_set1_epi8(0x0f);
  __m128i y = _mm_shuffle_epi8(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)), bswap);
  for (; blocks > 0; --blocks, in += 16) {
    y = _mm_xor_si128(
        y, _mm_shuffle_epi8(
               _mm_loadu_si128(reinterpret_cast<const __m128i*>(in)), bswap));
    const __m128i nlo = _mm_and_si128(y, low4);
    const __m128i nhi = _mm_and_si128(_mm_srli_epi16(y, 4), low4);
    auto row = [&](int b) {
      return _mm_xor_si128(_mm_shuffle_epi8(_mm_load_si128(rhi + b), nhi),
                           _mm_shuffle_epi8(_mm_load_si128(rlo + b), nlo));
    };
    // Two Horner chains: E = sum_c V_2c << 16c, O = sum_c V_(2c+1) << 16c.
    __m128i eu = _mm_setzero_si128(), el = row(14);
    __m128i ou = _mm_setzero_si128(), ol = row(15);
#define CTCRYPTO_SSSE3_STEP(c)                 \
  shl256<2>(eu, el);                           \
  el = _mm_xor_si128(el, row(2 * (c)));        \
  shl256<2>(ou, ol);                           \
  ol = _mm_xor_si128(ol, row(2 * (c) + 1));
    CTCRYPTO_SSSE3_STEP(6)
    CTCRYPTO_SSSE3_STEP(5)
    CTCRYPTO_SSSE3_STEP(4)
    CTCRYPTO_SSSE3_STEP(3)
    CTCRYPTO_SSSE3_STEP(2)
    CTCRYPTO_SSSE3_STEP(1)
    CTCRYPTO_SSSE3_STEP(0)
#undef CTCRYPTO_SSSE3_STEP
    // U:L = (E ^ O << 8) << 8 = E << 8 ^ O << 16.
    shl256<1>(eu, el);
    shl256<2>(ou, ol);
    __m128i u = _mm_xor_si128(eu, ou);
    __m128i l = _mm_xor_si128(el, ol);
    // Reduce: u ^= l ^ l>>1 ^ l>>2 ^ l>>7.
    __m128i lh = _mm_srli_si128(l, 8);
    u = _mm_xor_si128(u, l);
    u = _mm_xor_si128(u, shr128<1>(l, lh));
    u = _mm_xor_si128(u, shr128<2>(l, lh));
    y = _mm_xor_si128(u, shr128<7>(l, lh));
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(xi),
                   _mm_shuffle_epi8(y, bswap));
}

}  // namespace

const GhashBackend kGhashSsse3 = {
    /*name=*/"ssse3",
    /*required_caps=*/kCapSsse3,
    /*init=*/ssse3_init,
    /*update=*/ssse3_update,
};

}  // namespace ctcrypto::internal
