// ghash_clmul_x86_64.cc: GHASH with PCLMULQDQ (row "clmul").
//
// Technique. Gueron and Kounavis, "Intel Carry-Less Multiplication
// Instruction and its Usage for Computing the GCM Mode" (rev. 2): blocks are
// byte-reversed with PSHUFB, each 128x128 product takes three PCLMULQDQs
// (Karatsuba: lo*lo, hi*hi, (lo^hi)*(lo^hi)), and eight products are summed
// unreduced before a single reduction ("aggregated reduction"), so the
// serial dependency through Xi is one multiply-and-reduce per 8 blocks. The
// reduction is the Montgomery-style fold by the reciprocal polynomial with
// key powers pre-multiplied by x, so no 256-bit shift is needed; the
// derivation is in crypto/aes/aesni_internal.h, which holds the arithmetic
// shared with the stitched AES-GCM loops and the VPCLMULQDQ row.
//
// Data layout. GhashKeyState::storage is a ClmulKey: x*H^16 ... x*H^1 in
// reflected form (H^16 first) and, for each, the XOR of its two 64-bit
// halves for Karatsuba's middle product. init() computes all 16 so that the
// VPCLMULQDQ row and this one share init() and the key format; this row uses
// the last eight for its 8-block aggregation and tails of 1..7 blocks use
// the last n (one reduction per call of up to 8 blocks, so GCM's short
// head - up to three blocks - costs one multiply chain).
//
// Constant time. PCLMULQDQ runs in data-independent time on every CPU that
// has it (it is the reason the instruction exists); everything else is
// XOR, PSHUFB with constant control and fixed shifts. The conditional
// reduction of x*H in init() is a mask made by an arithmetic shift, not a
// branch. Memory indices are block and power numbers only.
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

// mont_mul: one multiply-and-reduce of two reflected values (see header).
__m128i mont_mul(__m128i a, __m128i b) {
  Acc acc = acc_zero();
  __m128i bk = _mm_xor_si128(b, _mm_shuffle_epi32(b, 0x4e));
  acc_mul(acc, a, b, bk);
  return acc_reduce(acc);
}

}  // namespace

void clmul_init(GhashKeyState* g, const uint8_t h[16]) {
  ClmulKey* k = reinterpret_cast<ClmulKey*>(g->storage);
  __m128i hr = bswap128(loadu(h));
  // x * H*: shift the 128-bit value left by one; if bit 127 fell out, add
  // x^128 mod P* = x^127 + x^126 + x^121 + 1 (0xC2000000..00000001).
  __m128i carry = _mm_shuffle_epi32(_mm_srai_epi32(hr, 31), 0xff);
  __m128i shl = _mm_or_si128(_mm_slli_epi64(hr, 1),
                             _mm_srli_epi64(_mm_slli_si128(hr, 8), 63));
  const __m128i poly =
      _mm_set_epi64x(static_cast<int64_t>(0xc200000000000000ull), 1);
  __m128i h1 = _mm_xor_si128(shl, _mm_and_si128(carry, poly));
  __m128i p = h1;
  for (int i = 1; i <= kNumPowers; ++i) {
    // p = x * (H^i)*
    __m128i pk = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
    pk = _mm_unpacklo_epi64(pk, pk);
    _mm_store_si128(&k->h[kNumPowers - i], p);
    _mm_store_si128(&k->hk[kNumPowers - i], pk);
    if (i < kNumPowers) p = mont_mul(p, h1);
  }
  secure_zero(&hr, sizeof(hr));
  secure_zero(&h1, sizeof(h1));
  secure_zero(&p, sizeof(p));
}

void clmul_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks) {
  __m128i x = bswap128(loadu(xi));
  x = ghash_blocks(clmul_key(g), x, in, blocks);
  storeu(xi, bswap128(x));
}

}  // namespace x86hw

const GhashBackend kGhashClmul = {
    "clmul",
    kCapPclmul | kCapSsse3,
    x86hw::clmul_init,
    x86hw::clmul_update,
};

}  // namespace ctcrypto::internal
