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
// Code. The per-block product is in ghash_ssse3_core.h, inline, so that the
// stitched GCM loop of the x86 vpaes+bsaes row
// (modes/gcm_vpaes_bsaes_x86_64.cc) runs the same code between
// bitsliced AES rounds; this file holds init() and the row's update loop.
//
// Constant time. Per block: fixed loads of all 32 rows (addresses depend on
// the row number only), PSHUFB with secret indices into registers, shifts and
// XORs. init() computes H*x^i with mask arithmetic (no branch on H's bits).
// No branch or memory index depends on H or the data.
#include <cstring>

#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/ghash/ghash_ssse3_core.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace {

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
  Ssse3GhashKey k;
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
  secure_zero(&k, sizeof(k));
  secure_zero(pow_hi, sizeof(pow_hi));
  secure_zero(pow_lo, sizeof(pow_lo));
}

// ssse3_init_powers: the row keeps H alone (as tables), whatever the call
// size; the entry is init with its extent, for exact wiping.
GhashKeyExtent ssse3_init_powers(GhashKeyState* g, const uint8_t h[16],
                                 size_t /*max_blocks*/) {
  ssse3_init(g, h);
  return GhashKeyExtent{{0, 0}, {sizeof(Ssse3GhashKey), 0}};
}

// The per-block product is ghash_ssse3::block (ghash_ssse3_core.h), shared
// with the vpaes+bsaes row's stitched GCM loop.
void ssse3_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                  size_t blocks) {
  const __m128i* rows = ghash_ssse3::rows(g);
  __m128i y = ghash_ssse3::load_xi(xi);
  for (; blocks > 0; --blocks, in += 16) {
    // The table pointer made opaque per block: the 32 rows do not fit in
    // the 16 XMM registers, and loads hoisted out of the loop would be
    // spilled to this frame - a copy of the key table left on the stack.
    // Reloaded from the key each block instead (the same number of loads).
    __asm__("" : "+r"(rows));
    y = ghash_ssse3::block(rows, y, in);
  }
  ghash_ssse3::store_xi(xi, y);
}

}  // namespace

const GhashRow kGhashSsse3 = {
    .name = "ssse3",
    .required_caps = kCapSsse3,
    .init = ssse3_init,
    .update = ssse3_update,
    .init_powers = ssse3_init_powers,
};

}  // namespace ctcrypto::internal
