// ghash_nohw.cc: portable constant-time GHASH.
//
// Technique. GF(2^128) multiplication needs carry-less 64x64 products. An
// integer multiplier can compute them if carries are kept from reaching
// any bit that matters: split each operand into four "holey" words that
// keep only every fourth bit (masks 0x1111..., 0x2222..., 0x4444...,
// 0x8888...). The product of two such words has, at any bit position of
// the right residue mod 4, at most 16 contributing bit pairs, and a count
// of 16 occurs only at bit 60 of the low word where its carry leaves the
// 64-bit result; smaller counts fit in the three "hole" bits above. So
// masking each partial product back to its residue class yields the exact
// carry-less low 64 bits. The high 64 bits come from the same routine on
// bit-reversed operands, since rev(a) * rev(b) is rev(a * b) for carry-less
// multiplication. This is the integer-multiplication GHASH of the
// literature (e.g. Pornin's ctmul write-up, Kasper-Schwabe section 5
// discusses the table alternative and its timing leak); written here from
// that description.
//
// Layout. GCM numbers bits from the most significant bit of byte 0 as x^0,
// so a block read as a big-endian 128-bit integer is the polynomial with its
// coefficients reversed. A carry-less product of two reversed 128-bit values
// is the reversed 255-bit product; a shift left by one aligns it to 256
// bits, and reduction by x^128 + x^7 + x^2 + x + 1 in reversed order folds
// the low words into the high ones with right shifts by 0, 1, 2 and 7.
//
// Constant time. Only integer multiplication, shifts and XOR on the data
// and on H; no table, no branch. (Integer multiply is constant time on the
// targets we ship: x86_64, Cortex-A53/A75/A76, Cortex-A9's UMULL.)
//
// Karatsuba: three 64x64 products per block, H's halves and their XOR (and
// the bit reversals of all three) precomputed once in the key.
#include <cstring>

#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal {

namespace {

struct NohwKey {
  uint64_t h[3];   // H high word, low word, high ^ low
  uint64_t hr[3];  // bit-reversed h[i]
};
static_assert(sizeof(NohwKey) <= kGhashKeyStorageBytes);

inline uint64_t load_be64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline void store_be64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

inline uint64_t rev64(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  x = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x & 0x00ff00ff00ff00ffull) << 8);
  x = ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
  return (x >> 32) | (x << 32);
}

// clmul_lo: the low 64 bits of the carry-less product x * y.
inline uint64_t clmul_lo(uint64_t x, uint64_t y) {
  constexpr uint64_t m0 = 0x1111111111111111ull, m1 = 0x2222222222222222ull,
                     m2 = 0x4444444444444444ull, m3 = 0x8888888888888888ull;
  uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

// clmul: the 128-bit carry-less product as (hi, lo); y is given with its
// bit reversal yr so the key's precomputation is reused.
inline void clmul(uint64_t x, uint64_t y, uint64_t yr, uint64_t* hi,
                  uint64_t* lo) {
  *lo = clmul_lo(x, y);
  // rev(x) * rev(y) = rev127(x * y): its low 64 bits, reversed, are bits
  // 127..64 shifted by one.
  *hi = rev64(clmul_lo(rev64(x), yr)) >> 1;
}

void nohw_init(GhashKeyState* g, const uint8_t h[16]) {
  NohwKey k;
  k.h[0] = load_be64(h);
  k.h[1] = load_be64(h + 8);
  k.h[2] = k.h[0] ^ k.h[1];
  for (int i = 0; i < 3; ++i) k.hr[i] = rev64(k.h[i]);
  std::memcpy(g->storage, &k, sizeof(k));
}

void nohw_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                 size_t blocks) {
  NohwKey k;
  std::memcpy(&k, g->storage, sizeof(k));
  uint64_t yh = load_be64(xi), yl = load_be64(xi + 8);
  for (; blocks > 0; --blocks, in += 16) {
    yh ^= load_be64(in);
    yl ^= load_be64(in + 8);

    // Karatsuba over the 64-bit halves.
    uint64_t z0h, z0l, z1h, z1l, z2h, z2l;
    clmul(yl, k.h[1], k.hr[1], &z0h, &z0l);
    clmul(yh, k.h[0], k.hr[0], &z1h, &z1l);
    clmul(yh ^ yl, k.h[2], k.hr[2], &z2h, &z2l);
    z2h ^= z0h ^ z1h;
    z2l ^= z0l ^ z1l;
    // 255-bit reversed product in w3..w0 (w3 most significant).
    uint64_t w3 = z1h, w2 = z1l ^ z2h, w1 = z0h ^ z2l, w0 = z0l;
    // Align to 256 bits.
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
    yh = w3;
    yl = w2;
  }
  store_be64(xi, yh);
  store_be64(xi + 8, yl);
}

}  // namespace

const GhashBackend kGhashNohw = {
    /*name=*/"nohw",
    /*required_caps=*/0,
    /*init=*/nohw_init,
    /*update=*/nohw_update,
};

}  // namespace ctcrypto::internal
