// ghash_nohw.cc: portable constant-time GHASH.
//
// Technique. GF(2^128) multiplication needs carry-less 64x64 products. An
// integer multiplier can compute them if carries are kept from reaching
// any bit that matters: split each operand into four "holey" words that
// keep only every fourth bit (masks 0x1111..., 0x2222..., 0x4444...,
// 0x8888...). Bit s of the integer product of two such words counts the
// bit pairs (p, q) with p + q = s; as long as every count is at most 15 its
// carries stay in the three "hole" bits above s, and masking each partial
// product back to its residue class mod 4 yields the exact carry-less
// product. This is the integer-multiplication GHASH of the literature
// (Pornin's "constant-time mul" write-up for BearSSL; Käsper–Schwabe
// section 5 discusses the table alternative and its timing leak); written
// here from that description. This file is the 64-bit targets' row (the
// compiler has unsigned __int128: x86_64 MUL/MULX, AArch64 MUL+UMULH, riscv64
// MUL+MULHU); 32-bit targets compile ghash_nohw32.cc instead, which works on
// 32-bit words with a multiplier chosen per core.
//
// Each 64x64 multiply yields all 128 product bits. Holey words of a 64-bit
// operand have 16 bits, so one position (bit 60 + i + j of a pair of classes
// i, j) can count 16 and carry into the next bit of its own class. The four
// lowest bits of one operand are therefore multiplied separately: each is a
// word with a single bit, so its integer product with the whole other
// operand is a plain shift and has no carries; the remaining holey words
// have at most 15 bits (the split BoringSSL's portable GHASH also
// describes). 20 multiplies per 64x64 product and no bit reversal.
//
// Layout. GCM numbers bits from the most significant bit of byte 0 as x^0,
// so a block read as a big-endian 128-bit integer is the polynomial with its
// coefficients reversed. A carry-less product of two reversed 128-bit values
// is the reversed 255-bit product; a shift left by one aligns it to 256
// bits, and reduction by x^128 + x^7 + x^2 + x + 1 in reversed order folds
// the low words into the high ones with right shifts by 0, 1, 2 and 7.
//
// Aggregated reduction. Four blocks are folded per
// reduction with the precomputed powers H^4..H^1:
// Y' = (Y ^ X0) H^4 ^ X1 H^3 ^ X2 H^2 ^ X3 H, whose unreduced 255-bit
// products are XORed together and reduced once. A call with 1..3 blocks
// left uses H^n..H^1 the same way, so every call of up to four blocks
// (gcm.cc's short-message call: AD, data, lengths) costs one reduction.
// Karatsuba over the 64-bit halves, three products per block; its middle-
// term correction is also linear and done once per reduction.
// Key: four powers of H, each as high half, low half and their XOR, plus
// the holey words of those (480 bytes).
//
// Constant time. Only integer multiplication, shifts, AND and XOR on the
// data and on H; no table, no branch on secrets (the split of a call into
// groups of four depends only on the public block count). Integer multiply
// is constant time on the 64-bit targets we ship: x86_64,
// Cortex-A53/A75/A76.
#if defined(__SIZEOF_INT128__)

#include <cstring>
#include <new>

#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

namespace {

#define CTC_GH_INLINE [[gnu::always_inline]] inline

using u64 = uint64_t;

constexpr int kPowers = 4;

// One power of H in Karatsuba form: [0] high half, [1] low half, [2] their
// XOR.
struct Power {
  u64 h[3];
  u64 c[3][4];  // c[k][i]: the holey word of h[k] for residue class i
};

struct NohwKey {
  Power p[kPowers];  // p[i] = H^(i+1)
};
static_assert(sizeof(NohwKey) <= kGhashKeyStorageBytes);

constexpr u64 kM0 = 0x1111111111111111ull, kM1 = 0x2222222222222222ull,
              kM2 = 0x4444444444444444ull, kM3 = 0x8888888888888888ull;

using u128 = unsigned __int128;

CTC_GH_INLINE u128 mul(u64 a, u64 b) { return static_cast<u128>(a) * b; }

// clmul: the full 128-bit carry-less product x * y; yc are y's four holey
// words (precomputed in the key).
CTC_GH_INLINE u128 clmul(u64 x, u64 y, const u64 yc[4]) {
  // x's bits 0..3 go separately (single-bit words, exact products); the
  // holey words of the rest have at most 15 bits each.
  const u64 xh = x & ~u64{0xf};
  const u64 x0 = xh & kM0, x1 = xh & kM1, x2 = xh & kM2, x3 = xh & kM3;
  const u64 y0 = yc[0], y1 = yc[1], y2 = yc[2], y3 = yc[3];
  const u128 z0 = mul(x0, y0) ^ mul(x1, y3) ^ mul(x2, y2) ^ mul(x3, y1);
  const u128 z1 = mul(x0, y1) ^ mul(x1, y0) ^ mul(x2, y3) ^ mul(x3, y2);
  const u128 z2 = mul(x0, y2) ^ mul(x1, y1) ^ mul(x2, y0) ^ mul(x3, y3);
  const u128 z3 = mul(x0, y3) ^ mul(x1, y2) ^ mul(x2, y1) ^ mul(x3, y0);
  const u128 m0 = (static_cast<u128>(kM0) << 64) | kM0;
  const u128 m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const u128 low = mul(x & 1, y) ^ mul(x & 2, y) ^ mul(x & 4, y) ^
                   mul(x & 8, y);
  return ((z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3)) ^ low;
}

// Sum of unreduced Karatsuba products: lo = sum(yl * Pl), hi = sum(yh * Ph),
// mid = sum((yh ^ yl) * (Ph ^ Pl)).
struct Acc {
  u128 lo = 0, hi = 0, mid = 0;
};

CTC_GH_INLINE void mul_acc(Acc& a, u64 yh, u64 yl, const Power& p) {
  a.hi ^= clmul(yh, p.h[0], p.c[0]);
  a.lo ^= clmul(yl, p.h[1], p.c[1]);
  a.mid ^= clmul(yh ^ yl, p.h[2], p.c[2]);
}

// The 255-bit reversed product as w3..w0 (w3 most significant).
CTC_GH_INLINE void finish(const Acc& a, u64 w[4]) {
  const u128 mid = a.mid ^ a.lo ^ a.hi;
  w[3] = static_cast<u64>(a.hi >> 64);
  w[2] = static_cast<u64>(a.hi) ^ static_cast<u64>(mid >> 64);
  w[1] = static_cast<u64>(a.lo >> 64) ^ static_cast<u64>(mid);
  w[0] = static_cast<u64>(a.lo);
}

// Aligns the 255-bit reversed product to 256 bits and reduces it.
CTC_GH_INLINE void reduce(u64 w[4], u64* yh, u64* yl) {
  u64 w3 = w[3], w2 = w[2], w1 = w[1], w0 = w[0];
  w3 = (w3 << 1) | (w2 >> 63);
  w2 = (w2 << 1) | (w1 >> 63);
  w1 = (w1 << 1) | (w0 >> 63);
  w0 <<= 1;
  // Fold x^128.. terms: x^128 = x^7 + x^2 + x + 1, multiplying by x being a
  // right shift in reversed order. First w0 into w2:w1, then w1 into w3:w2.
  w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
  w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
  w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
  w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
  *yh = w3;
  *yl = w2;
}

Power make_power(u64 hh, u64 hl) {
  Power p;
  p.h[0] = hh;
  p.h[1] = hl;
  p.h[2] = hh ^ hl;
  for (int i = 0; i < 3; ++i) {
    p.c[i][0] = p.h[i] & kM0;
    p.c[i][1] = p.h[i] & kM1;
    p.c[i][2] = p.h[i] & kM2;
    p.c[i][3] = p.h[i] & kM3;
  }
  return p;
}

// Key words are read straight from the storage, where nohw_init created the
// NohwKey object: no per-call copy of the powers (a copy would be a stack
// copy of key material, spilled by the compiler and left behind).
CTC_GH_INLINE const Power& key_power(const GhashKeyState* g, int i) {
  return std::launder(reinterpret_cast<const NohwKey*>(g->storage))->p[i];
}

// nohw_powers: H^1 .. H^n into p[0..n); returns the bytes written.
size_t nohw_powers(GhashKeyState* g, const uint8_t h[16], int n) {
  NohwKey k;
  const u64 hh = load_be64(h), hl = load_be64(h + 8);
  k.p[0] = make_power(hh, hl);
  u64 ph = hh, pl = hl;
  for (int i = 1; i < n; ++i) {
    Acc a;
    mul_acc(a, ph, pl, k.p[0]);
    u64 w[4];
    finish(a, w);
    reduce(w, &ph, &pl);
    k.p[i] = make_power(ph, pl);
  }
  const size_t bytes = sizeof(Power) * static_cast<size_t>(n);
  std::memcpy(g->storage, &k, bytes);
  secure_zero(&k, bytes);
  return bytes;
}

void nohw_init(GhashKeyState* g, const uint8_t h[16]) {
  nohw_powers(g, h, kPowers);
}

// nohw_init_powers: update multiplies a run of m <= kPowers blocks by
// H^m .. H^1 (p[m-1] .. p[0]), so calls of at most n blocks need p[0..n).
GhashKeyExtent nohw_init_powers(GhashKeyState* g, const uint8_t h[16],
                                size_t max_blocks) {
  const int n = max_blocks < static_cast<size_t>(kPowers)
                    ? static_cast<int>(max_blocks)
                    : kPowers;
  return GhashKeyExtent{{0, 0}, {nohw_powers(g, h, n), 0}};
}

// nohw_update_blocks: the blocks; out of line so that nohw_update can wipe
// its frame after it.
[[gnu::noinline]] void nohw_update_blocks(const GhashKeyState* g,
                                          uint8_t xi[16], const uint8_t* in,
                                          size_t blocks) {
  u64 yh = load_be64(xi), yl = load_be64(xi + 8);
  u64 w[4];
  for (; blocks >= kPowers; blocks -= kPowers, in += 16 * kPowers) {
    // The key pointer made opaque per iteration: the powers' words are
    // reloaded from the key instead of hoisted out of the loop into
    // registers that then spill to this frame (a stack copy of H^i).
    __asm__("" : "+r"(g));
    Acc a;
    mul_acc(a, yh ^ load_be64(in), yl ^ load_be64(in + 8), key_power(g, 3));
    mul_acc(a, load_be64(in + 16), load_be64(in + 24), key_power(g, 2));
    mul_acc(a, load_be64(in + 32), load_be64(in + 40), key_power(g, 1));
    mul_acc(a, load_be64(in + 48), load_be64(in + 56), key_power(g, 0));
    finish(a, w);
    reduce(w, &yh, &yl);
  }
  if (blocks > 0) {  // 1..3 blocks: H^blocks..H^1, one reduction
    Acc a;
    yh ^= load_be64(in);
    yl ^= load_be64(in + 8);
    for (size_t i = 0; i < blocks; ++i, in += 16) {
      if (i > 0) {
        yh = load_be64(in);
        yl = load_be64(in + 8);
      }
      mul_acc(a, yh, yl, key_power(g, static_cast<int>(blocks - 1 - i)));
    }
    finish(a, w);
    reduce(w, &yh, &yl);
  }
  store_be64(xi, yh);
  store_be64(xi + 8, yl);
}

// nohw_update: the row's update. The blocks' frame (about 850 bytes with
// gcc on x86-64, objdump: the 255-bit products, the key powers' splits and
// the new accumulator on its way out) holds functions of H and public data
// from which H can be solved for, so it is wiped after each call (the
// streamed GCM victim of tests/stack_residue_test.cc searches the last,
// unmasked GHASH value).
void nohw_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                 size_t blocks) {
  nohw_update_blocks(g, xi, in, blocks);
  scrub_stack<1024>();
}

#undef CTC_GH_INLINE

}  // namespace

const GhashRow kGhashNohw = {
    .name = "nohw",
    .required_caps = 0,
    .init = nohw_init,
    .update = nohw_update,
    .init_powers = nohw_init_powers,
};

}  // namespace ctcrypto::internal

#endif  // defined(__SIZEOF_INT128__)
