// ghash_nohw32.h: portable constant-time GHASH on 32-bit words, for 32-bit
// targets (ghash_nohw32.cc makes it the `nohw` row there) and for the tests'
// variant rows (crypto/testing/ghash_nohw32_rows.h), which run both
// multiplier variants below on every target.
//
// Technique: the "holey word" integer multiplication of ghash_nohw.cc (its
// header comment), on 32-bit operands. Each 32-bit operand is split into
// four words keeping every fourth bit (masks 0x11111111 .. 0x88888888), 8
// bits each. Bit s of the integer product of two such words counts the bit
// pairs (p, q) with p + q = s, at most 8; the count fits the nibble starting
// at s (the three bits above s are "holes" of other residue classes), so no
// carry reaches the next bit of the class. XORing the four products of a
// class (or first adding pairs of them whose counts stay below 16: Key's
// comment) and masking yields the exact carry-less product. The multiplier
// decides how many product bits one instruction gives:
//
//  - Mul64 (32x32->64: ARM UMULL, x86 MUL): the whole 63-bit carry-less
//    product of two 32-bit words from 16 multiplies. On ARMv7E-M and
//    ARMv8-M Mainline at -O2 the nine products of a block are Thumb-2
//    assembly (ghash_nohw32.cc: MulV7m), the same arithmetic without gcc's
//    spills.
//  - Mul32 (32x32->32 only: ARMv6-M MULS, or a core whose long multiply is
//    not constant time): the low word of each integer product is exact (the
//    nibbles below bit 32 do not depend on anything above), which gives the
//    low 32 bits of the carry-less product. The high 31 bits come from the
//    same 16 multiplies on bit-reversed operands: for carry-less
//    multiplication rev32(x) * rev32(y) = rev63(x * y), so the low word of
//    the reversed product, reversed and shifted right by one, is bits
//    32..62. 32 multiplies and three 32-bit reversals (one RBIT each on
//    ARMv7-M; shifts and masks on ARMv6-M) per 32x32 product. (Pornin's BearSSL "constant-time
//    mul" write-up describes this reversal; written here from that
//    description.)
//
// 128x128 product: Karatsuba twice, over the 64-bit halves and then over
// their 32-bit words, nine 32x32 products per block. Their operands are the
// words a0..a3 of a block and the sums a0^a1, a2^a3, a0^a2, a1^a3 and
// a0^a1^a2^a3; the key holds the same nine words of H * x^-1 (reduce()
// says why), each already split into its four holey words (144 bytes), so
// no block splits H.
//
// No powers of H, one reduction per block (ghash_nohw.cc's reduction, on
// 64-bit words). The aggregated form (several blocks' unreduced products
// summed, then one Karatsuba recombination and one reduction) would save
// about 50 of the about 660 cycles of a block on the Cortex-M4 (trace
// count, -O2), for another 144 key bytes per power of H (more than the
// 240-byte GHASH storage of the ARMv7-A family, where this is a row too)
// and the code to compute the powers at set-up. So the key is H alone.
//
// Code size. The nine products are one loop over the operand words with one
// copy of the 32x32 product; builds that optimise for speed unroll it
// (CTC_NOHW32_UNROLL), -Os keeps one copy. The frame holds the block's nine
// operand words and nine products (data, not key: the key words are read
// from the key object inside the loop).
//
// Constant time. Integer multiply, shifts, AND, XOR and (Mul32) bit
// reversal on data and key; loop counts and array indices are public
// (block counts, the fixed nine products). The multiply itself must be
// constant time on the core; ghash_nohw32.cc chooses the variant per core.
#ifndef CTCRYPTO_GHASH_GHASH_NOHW32_H_
#define CTCRYPTO_GHASH_GHASH_NOHW32_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "crypto/ghash/ghash_row.h"
#include "crypto/internal.h"

namespace ctcrypto::internal::ghash_nohw32 {

#define CTC_NOHW32_INLINE [[gnu::always_inline]] inline
#if defined(__OPTIMIZE_SIZE__)
#define CTC_NOHW32_UNROLL
#else
#define CTC_NOHW32_UNROLL _Pragma("GCC unroll 9")
#endif

using u32 = uint32_t;
using u64 = uint64_t;

constexpr u32 kM0 = 0x11111111u, kM1 = 0x22222222u, kM2 = 0x44444444u,
              kM3 = 0x88888888u;

// The key: the nine Karatsuba operand words of H (see above), in the order
// of operands(), each split into its four holey words (word & kM0 .. kM3),
// so that no block splits H again.
struct Key {
  u32 hp[9][4];
};
static_assert(sizeof(Key) <= kGhashKeyStorageBytes);
static_assert(alignof(Key) <= kKeyStateAlign);  // GhashKeyState::storage

// Summing two holey products of one residue class with an integer add (one
// UMLAL on ARM) instead of an XOR is exact when no nibble count exceeds 15.
// x_i * y_j (i, j the residues of the two words) has at bit i + j + 4t the
// count C_t = #{(k, m) : k + m = t} <= min(t + 1, 15 - t) (k, m < 8: the
// eight bits of each holey word). Products with i + j = c and i + j = c + 4
// sit in the same class c one nibble apart, so at bit c + 4t their counts
// add to at most min(t + 1, 15 - t) + min(t, 16 - t) <= 15 (t = 7 and 8
// give 8 + 7 and 7 + 8). Two products with the same i + j could reach
// 8 + 8 = 16 at t = 7 and carry into the next bit of the class, so each sum
// pairs one of each: class 0 = (0,0) + (1,3), then (2,2), (3,1); class 1 =
// (0,1) + (2,3) and (1,0) + (3,2); class 2 = (0,2) + (3,3), then (1,1),
// (2,0); class 3 has no i + j = 7 and XORs its four. 9 XORs of products
// instead of 12.

// The 32x32 carry-less product with 32x32->64 multiplies, y given as its
// four holey words. One residue class of the product at a time: x's four
// holey words, y's, one class's accumulator and the result live.
struct Mul64 {
  CTC_NOHW32_INLINE static u64 m(u32 a, u32 b) { return u64{a} * b; }
  CTC_NOHW32_INLINE static u64 clmul(u32 x, const u32 y[4]) {
    const u32 x0 = x & kM0, x1 = x & kM1, x2 = x & kM2, x3 = x & kM3;
    constexpr u64 k0 = (u64{kM0} << 32) | kM0;
    u64 r = ((m(x0, y[0]) + m(x1, y[3])) ^ m(x2, y[2]) ^ m(x3, y[1])) & k0;
    r |= ((m(x0, y[1]) + m(x2, y[3])) ^ (m(x1, y[0]) + m(x3, y[2]))) &
         (k0 << 1);
    r |= ((m(x0, y[2]) + m(x3, y[3])) ^ m(x1, y[1]) ^ m(x2, y[0])) &
         (k0 << 2);
    r |= (m(x0, y[3]) ^ m(x1, y[2]) ^ m(x2, y[1]) ^ m(x3, y[0])) & (k0 << 3);
    return r;
  }
  static void products(u32 io[18], const Key* k);
};

// rev32: the bit reversal of a 32-bit word. RBIT on ARMv7 and later with
// Thumb-2 or ARM state (clang's builtin finds it itself); elsewhere (ARMv6-M,
// ARMv8-M Baseline, other ISAs) swaps of bits, pairs and nibbles and a byte
// swap.
CTC_NOHW32_INLINE u32 rev32(u32 x) {
#if defined(__clang__)
  return __builtin_bitreverse32(x);
#elif defined(__ARM_ARCH) && (__ARM_ARCH >= 7) && \
    (defined(__ARM_ARCH_ISA_ARM) ||                \
     (defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2))
  u32 r;
  __asm__("rbit %0, %1" : "=r"(r) : "r"(x));
  return r;
#else
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
#endif
}

// The 32x32 carry-less product with 32x32->32 multiplies.
struct Mul32 {
  // lo: the low 32 bits of the carry-less product (class by class, with the
  // sums of Mul64::clmul), y as its four holey words.
  CTC_NOHW32_INLINE static u32 lo(u32 x, const u32 y[4]) {
    const u32 x0 = x & kM0, x1 = x & kM1, x2 = x & kM2, x3 = x & kM3;
    u32 r = ((x0 * y[0] + x1 * y[3]) ^ (x2 * y[2]) ^ (x3 * y[1])) & kM0;
    r |= ((x0 * y[1] + x2 * y[3]) ^ (x1 * y[0] + x3 * y[2])) & kM1;
    r |= ((x0 * y[2] + x3 * y[3]) ^ (x1 * y[1]) ^ (x2 * y[0])) & kM2;
    r |= ((x0 * y[3]) ^ (x1 * y[2]) ^ (x2 * y[1]) ^ (x3 * y[0])) & kM3;
    return r;
  }
  CTC_NOHW32_INLINE static u64 clmul(u32 x, const u32 y[4]) {
    const u32 ry = rev32(y[0] | y[1] | y[2] | y[3]);
    const u32 ryp[4] = {ry & kM0, ry & kM1, ry & kM2, ry & kM3};
    const u32 hi = rev32(lo(rev32(x), ryp)) >> 1;
    return (u64{hi} << 32) | lo(x, y);
  }
  static void products(u32 io[18], const Key* k);
};

// c_products: the nine 32x32 products of a block in C: io[2i] holds operand
// word i of the block on entry, io[2i] and io[2i + 1] the low and high
// words of its product with H's on return (the layout of the ARMv7-M
// routine of ghash_nohw32.cc).
template <class Mul>
CTC_NOHW32_INLINE void c_products(u32 io[18], const Key* k) {
  CTC_NOHW32_UNROLL
  for (int i = 0; i < 9; ++i) {
    const u64 p = Mul::clmul(io[2 * i], k->hp[i]);
    io[2 * i] = static_cast<u32>(p);
    io[2 * i + 1] = static_cast<u32>(p >> 32);
    // A scheduling barrier (GCC does not move instructions across a
    // volatile asm): without it the unrolled products' operand splits are
    // hoisted together and spill (about a quarter more cycles per block).
    __asm__ __volatile__("");
  }
}
CTC_NOHW32_INLINE void Mul64::products(u32 io[18], const Key* k) {
  c_products<Mul64>(io, k);
}
CTC_NOHW32_INLINE void Mul32::products(u32 io[18], const Key* k) {
  c_products<Mul32>(io, k);
}

// operands: the nine Karatsuba operand words of the 128-bit value
// w3:w2:w1:w0 (w3 most significant): per 64-bit product (low halves, high
// halves, their sum) its 32-bit low word, high word and their sum; word i
// at o[kStride * i] (2: the even words of the products' io array).
template <int kStride = 1>
CTC_NOHW32_INLINE void operands(u32 w0, u32 w1, u32 w2, u32 w3, u32* o) {
  const u32 s02 = w0 ^ w2, s13 = w1 ^ w3;
  o[0 * kStride] = w0;
  o[1 * kStride] = w1;
  o[2 * kStride] = w0 ^ w1;
  o[3 * kStride] = w2;
  o[4 * kStride] = w3;
  o[5 * kStride] = w2 ^ w3;
  o[6 * kStride] = s02;
  o[7 * kStride] = s13;
  o[8 * kStride] = s02 ^ s13;
}

// karatsuba64: the 127-bit product of a 64-bit Karatsuba triple (low-word
// product, high-word product, product of the sums) as hi:lo.
CTC_NOHW32_INLINE void karatsuba64(const u64 p[3], u64* hi, u64* lo) {
  const u64 mid = p[2] ^ p[0] ^ p[1];
  *hi = p[1] ^ (mid >> 32);
  *lo = p[0] ^ (mid << 32);
}

// Reduces the 256-bit reversed product w3..w0 by x^128 + x^7 + x^2 + x + 1
// in reversed bit order (ghash_nohw.cc's reduction). The 255-bit product of
// the reversed X and H needs a shift left by one to be aligned to 256 bits;
// the key holds H * x^-1 instead (init_key), whose product with X is that
// shifted product modulo the polynomial, so there is no shift here.
CTC_NOHW32_INLINE void reduce(u64 w3, u64 w2, u64 w1, u64 w0, u64* yh,
                              u64* yl) {
  w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
  w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
  w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
  w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
  *yh = w3;
  *yl = w2;
}

// Key words are read straight from the storage, where init created the Key
// object (no stack copy of H).
CTC_NOHW32_INLINE const Key* key_of(const GhashKeyState* g) {
  // Through void*: the storage is aligned for Key (asserted above), which
  // its uint8_t type does not say (-Wcast-align on ARM).
  return std::launder(
      static_cast<const Key*>(static_cast<const void*>(g->storage)));
}

inline size_t init_key(GhashKeyState* g, const uint8_t h[16]) {
  Key* k = new (g->storage) Key;
  // H * x^-1 (reduce() says why), in the reversed order of GCM (the
  // coefficient of x^0 is the top bit of hh): x^-1 = (P - x^128) / x +
  // x^127, so with H's x^0 coefficient set, H + P is divided by x (a shift
  // left here; P's low terms x^0, x^1, x^2, x^7 are 0xE1 at the top) and
  // x^128 / x = x^127 is the bottom bit. Masks, not a branch, on that bit.
  u64 hh = load_be64(h), hl = load_be64(h + 8);
  const u64 top = hh >> 63, mask = 0 - top;
  hh ^= mask & (u64{0xE1} << 56);
  hh = (hh << 1) | (hl >> 63);
  hl = (hl << 1) | top;
  u32 o[9];
  operands(static_cast<u32>(hl), static_cast<u32>(hl >> 32),
           static_cast<u32>(hh), static_cast<u32>(hh >> 32), o);
  for (int i = 0; i < 9; ++i) {
    k->hp[i][0] = o[i] & kM0;
    k->hp[i][1] = o[i] & kM1;
    k->hp[i][2] = o[i] & kM2;
    k->hp[i][3] = o[i] & kM3;
  }
  return sizeof(Key);
}

inline void init(GhashKeyState* g, const uint8_t h[16]) { init_key(g, h); }

// init_powers: there are no powers; every update reads the same 36 bytes.
inline GhashKeyExtent init_powers(GhashKeyState* g, const uint8_t h[16],
                                  size_t /*max_blocks*/) {
  return GhashKeyExtent{{0, 0}, {init_key(g, h), 0}};
}

// update: the blocks, out of line so that scrubbed_update (below) can wipe
// its frame after it.
template <class Mul>
[[gnu::noinline]] void update(const GhashKeyState* g, uint8_t xi[16],
                              const uint8_t* in, size_t blocks) {
  u64 yh = load_be64(xi), yl = load_be64(xi + 8);
  // One loop variable (the data pointer against its end), not two: GCC
  // keeps both in the frame across the products.
  const uint8_t* const end = in + 16 * blocks;
  for (; in != end; in += 16) {
    // The key pointer made opaque per block: the key words are reloaded
    // from the key, not hoisted into registers that spill to this frame.
    __asm__("" : "+r"(g));
    const Key* k = key_of(g);
    const u64 ah = yh ^ load_be64(in), al = yl ^ load_be64(in + 8);
    u32 io[18];
    operands<2>(static_cast<u32>(al), static_cast<u32>(al >> 32),
                static_cast<u32>(ah), static_cast<u32>(ah >> 32), io);
    Mul::products(io, k);
    u64 p[9];
#pragma GCC unroll 9
    for (int i = 0; i < 9; ++i)
      p[i] = (u64{io[2 * i + 1]} << 32) | io[2 * i];
    // 64-bit products of the low halves, the high halves and their sums,
    // then the outer Karatsuba step as in ghash_nohw.cc's finish().
    u64 lh, ll, hh, hl, mh, ml;
    karatsuba64(p, &lh, &ll);
    karatsuba64(p + 3, &hh, &hl);
    karatsuba64(p + 6, &mh, &ml);
    mh ^= lh ^ hh;
    ml ^= ll ^ hl;
    reduce(hh, hl ^ mh, lh ^ ml, ll, &yh, &yl);
  }
  store_be64(xi, yh);
  store_be64(xi + 8, yl);
}

// scrubbed_update: the row's update. Its frame holds the operand splits of
// Y XOR X and the partial products (io[], p[] and their spills: 136..200
// bytes on 32-bit ARM, objdump) and the new accumulator on its way out:
// every one a function of H and public data from which H can be solved
// for, so the frame is wiped after each call (tests/stack_residue_test.cc's
// streamed GCM victim searches the last, unmasked GHASH value).
inline constexpr size_t kUpdateScrubBytes = sizeof(void*) == 4 ? 256 : 512;

template <class Mul>
void scrubbed_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                     size_t blocks) {
  update<Mul>(g, xi, in, blocks);
  scrub_stack<kUpdateScrubBytes>();
}

#undef CTC_NOHW32_UNROLL
#undef CTC_NOHW32_INLINE

}  // namespace ctcrypto::internal::ghash_nohw32

#endif  // CTCRYPTO_GHASH_GHASH_NOHW32_H_
