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
// derivation is in ghash_clmul_core.h, which holds the arithmetic shared
// with the VPCLMULQDQ row and the aesni+clmul GCM kernel.
//
// Data layout. GhashKeyState::storage is a ClmulKey: x*H^8 ... x*H^1 in
// reflected form (H^8 first) and, for each, the XOR of its two 64-bit
// halves for Karatsuba's middle product. The 8-block aggregation uses all
// eight; tails of 1..7 blocks use the last n (one reduction per call of up
// to 8 blocks, so GCM's short head - up to three blocks - costs one multiply
// chain). The vpclmul row has its own layout (VpclmulKey, 32 powers), so a
// key set up by one of the two rows is never read by the other; they share
// the power computation (ghash_key_powers) and the 128-bit multiply.
//
// Constant time. PCLMULQDQ runs in data-independent time on every CPU that
// has it (it is the reason the instruction exists); everything else is
// XOR, PSHUFB with constant control and fixed shifts. The conditional
// reduction of x*H in init() is a mask made by an arithmetic shift, not a
// branch. Memory indices are block and power numbers only.
#include <cstddef>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

void clmul_init(GhashKeyState* g, const uint8_t h[16]) {
  ClmulKey* k = reinterpret_cast<ClmulKey*>(g->storage);
  ghash_key_powers(h, kNumPowers, k->h, k->hk);
}

// clmul_init_powers: x*H^n .. x*H^1 for n = min(max_blocks, 8) in the last
// n slots of both tables, which is what a call of up to n blocks reads
// (ghash_n with a run of m blocks reads slots 8 - m .. 7).
GhashKeyExtent clmul_init_powers(GhashKeyState* g, const uint8_t h[16],
                                 size_t max_blocks) {
  ClmulKey* k = reinterpret_cast<ClmulKey*>(g->storage);
  const int n = max_blocks < kNumPowers ? static_cast<int>(max_blocks)
                                        : kNumPowers;
  ghash_key_powers(h, n, k->h + (kNumPowers - n), k->hk + (kNumPowers - n));
  const size_t len = sizeof(__m128i) * static_cast<size_t>(n);
  return GhashKeyExtent{{offsetof(ClmulKey, h) + sizeof(k->h) - len,
                         offsetof(ClmulKey, hk) + sizeof(k->hk) - len},
                        {len, len}};
}

// clmul_update: ghash_blocks, with the key pointer passed through an empty
// asm once per 8 blocks. Otherwise clang hoists the sixteen key vectors
// (x*H^8..x*H^1 and their Karatsuba halves) out of the loop; with the
// accumulators and data that is more than the sixteen XMM registers, so
// it spills powers of H to the frame and leaves them there after return
// (//tests:stack_residue_test, clang build). Reloaded per iteration they
// are memory operands of PCLMULQDQ and never reach the stack.
void clmul_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks) {
  const ClmulKey* k = clmul_key(g);
  __m128i x = bswap128(loadu(xi));
  while (blocks >= 8) {
    __asm__("" : "+r"(k));
    x = ghash_n(k, x, in, 8);
    in += 128;
    blocks -= 8;
  }
  if (blocks) x = ghash_n(k, x, in, blocks);
  storeu(xi, bswap128(x));
}

}  // namespace

}  // namespace x86hw

const GhashRow kGhashClmul = {
    .name = "clmul",
    .required_caps = kCapPclmul | kCapSsse3,
    .init = x86hw::clmul_init,
    .update = x86hw::clmul_update,
    .init_powers = x86hw::clmul_init_powers,
};

}  // namespace ctcrypto::internal
