// vpaes_core.h: vector-permute AES, written once over a tiny SIMD interface.
//
// Technique. Mike Hamburg, "Accelerating AES with Vector Permute
// Instructions" (CHES 2009). A byte shuffle with a 16-byte table register
// (x86 PSHUFB, AArch64 TBL, ARMv7 VTBL) is a 16-entry lookup done for all
// 16 bytes of a block at once, with the table in a register: nothing is
// loaded from an address that depends on a secret. AES is split into
// nibble-sized pieces so that every nonlinear step is such a lookup:
//
//   * The state is kept in a "tower" representation of GF(2^8): a field
//     K = F[t]/(t^2 + a t + a) over F = GF(16) (polynomial basis modulo
//     z^4 + z + 1), so a byte is h = i*t + k with nibbles i (high) and k
//     (low). The isomorphism phi from the AES field (x^8+x^4+x^3+x+1) to K
//     is GF(2)-linear, so it is applied as two nibble lookups
//     (phi(y) = T_lo[y & 15] ^ T_hi[y >> 4]) and commutes with AddRoundKey.
//
//   * Inversion in K uses only inversions in F and XORs (the paper's
//     section on inversion). With j = i + k and the norm
//     N = a i^2 + a i k + k^2, the two values
//        io = 1/(1/i + a/k) + j = N / (k + a i)
//        jo = 1/(1/j + a/k) + i = N / (a i + (1+a) k)
//     are the reciprocals of two F-coordinates of 1/x = (i t + k + a i)/N:
//        v = 1/io,  w = 1/jo,  1/x = u t + v,  u = (w + (1+a) v) / a^2.
//     Any GF(2)-linear function of 1/x (the AES affine map, MixColumns
//     multiples, the change back of basis) is therefore G(io) ^ H(jo) for
//     two 16-entry tables G, H that include the final nibble inversion.
//     Zeros are handled projectively as in the paper: 1/0 is stored as 0x80
//     ("infinity"); XORing a nibble into 0x8n keeps bit 7 set, and a shuffle
//     returns 0 for such an index (PSHUFB: bit 7; TBL/VTBL: index >= 16), so
//     1/infinity = 0. Every case (i, k or j zero, x = 0, 1/i = a/k) then
//     gives the right answer without a branch.
//
//   * One AES round is 5 lookups for the inversion, 4 for the output tables
//     (phi(S(.)) and phi(2*S(.)), i.e. the S-box, its affine map and the
//     MixColumns coefficient folded into the tables) and byte rotations
//     within columns for MixColumns. With A = phi(S(x)), B = phi(2 S(x))
//     and C the rotation of each column by one row, MixColumns is
//     2 s_r ^ 3 s_r+1 ^ s_r+2 ^ s_r+3 = B ^ C(A) ^ C(B) ^ C^2(A) ^ C^3(A):
//        out = T ^ C(T) ^ C^3(A),  T = B ^ C(A)     (3 rotations), or
//        out = B ^ P ^ C(A ^ P ^ B),  P = C^2(A)    (C and C^2).
//     C^2 swaps the two halves of each column, which an ISA may do without
//     a lookup (rot2 below): ARMv7, whose lookup is two VTBL.8, does it
//     with VREV32.16 and takes the second form (10 lookups a round); the
//     others take the first (12; see mix).
//     The AES affine constant 0x63 is folded into the round keys (the
//     tables are linear so that a lookup of "infinity" may return 0).
//
//   * ShiftRows is never done on the state: the state after round r is held
//     as h with phi(state) = Q_r(h), Q_r = ShiftRows^r (period 4), and the
//     MixColumns rotation C is conjugated by Q_r instead. Round keys are
//     stored pre-permuted by Q_r^-1; the last round applies Q_Nr once.
//
//   * Decryption is the equivalent inverse cipher (FIPS-197 §5.3.5): the
//     state is held in psi(s) = phi(A^-1(s)) (affine inverse of the S-box
//     affine map, so that InvSubBytes is again just the inversion) and the
//     output tables give psi-coordinates of 0e/0b/0d/09 times InvS, combined
//     Horner-style with three rotations, or where C^2 is free with one
//     rotation and two C^2 (14 lookups a round instead of 16).
//
// Tables. All tables (the nibble inversion tables, input and output
// basis changes, rotations) are derived below at compile time from these
// definitions (constexpr), rather than typed in: the construction is the
// paper's, the concrete tower (the constant a, the image of x) is chosen by
// the first-found rule in gen::. static_asserts and the unit tests check the
// resulting S-box against FIPS-197.
//
// Constant time. Every secret-dependent step is a register shuffle, XOR,
// AND, or a shift by a constant; the only memory indices are the public
// round number (round keys, the four rotation patterns) and block counts.
// The key schedule runs FIPS-197 key expansion with SubWord computed by the
// same vector S-box and converts round keys with vector basis changes.
//
// Usage. An ISA file defines a struct S with
//   using V;                      // 16-byte vector
//   V load(const uint8_t*), void store(uint8_t*, V)   (unaligned)
//   V vxor(V, V), V vand(V, V), V splat(uint8_t), V shr4(V) (per byte >> 4)
//   V tbl(V table, V idx)         // r[n] = idx[n] < 16 ? table[idx[n]] : 0
//                                 // (only idx < 16 or idx >= 0x80 occur)
//   V with_ctr(V prefix, uint32_t ctr)  // prefix with bytes 12..15 = BE ctr
// and optionally, for an ISA whose 16-byte lookup is two 8-byte ones
// (ARMv7: two VTBL.8), the pair that lets CTR skip the lookups of counter
// bytes 0..7 (see ctr32):
//   V tbl_hi(V table, V idx)      // bytes 8..15 as tbl; bytes 0..7 = idx's
//   V join(V lo, V hi)            // bytes 0..7 of lo, 8..15 of hi
// and optionally the pair that does MixColumns' C^2 without a lookup (for
// such an ISA too; see rot2_is_rev32_16_swap64):
//   V rev32_16(V)                 // r[n] = x[n ^ 2]
//   V rev32_16_swap64(V)          // r[n] = x[n ^ 2 ^ 8]
// and then instantiates Vpaes<S>.
#ifndef CTCRYPTO_AES_VPAES_CORE_H_
#define CTCRYPTO_AES_VPAES_CORE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/ct.h"
#include "crypto/internal.h"

namespace ctcrypto::internal::vpaes {

// ---------------------------------------------------------------------------
// Compile-time derivation of the tables.
namespace gen {

constexpr uint8_t gf16_mul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 4; i++) {
    if (b & (1 << i)) r ^= static_cast<uint8_t>(a << i);
  }
  for (int i = 7; i >= 4; i--) {  // reduce modulo z^4 + z + 1
    if (r & (1 << i)) r ^= static_cast<uint8_t>(0x13 << (i - 4));
  }
  return r;
}

constexpr uint8_t gf16_inv(uint8_t a) {
  for (uint8_t b = 1; b < 16; b++) {
    if (gf16_mul(a, b) == 1) return b;
  }
  return 0;
}

// The constant a: the smallest a >= 2 with t^2 + a t + a irreducible over F
// (no root in F). a != 1 keeps 1 + a invertible.
constexpr uint8_t find_a() {
  for (uint8_t a = 2; a < 16; a++) {
    bool root = false;
    for (uint8_t t = 0; t < 16; t++) {
      if ((gf16_mul(t, t) ^ gf16_mul(a, t) ^ a) == 0) root = true;
    }
    if (!root) return a;
  }
  return 0;
}
inline constexpr uint8_t kA = find_a();
static_assert(kA >= 2, "no irreducible t^2 + a t + a");

// Multiplication in K = F[t]/(t^2 + a t + a); byte = (coef of t) << 4 | c.
constexpr uint8_t tower_mul(uint8_t x, uint8_t y) {
  const uint8_t h1 = x >> 4, l1 = x & 15, h2 = y >> 4, l2 = y & 15;
  const uint8_t hh = gf16_mul(h1, h2);
  const uint8_t hi = gf16_mul(hh, kA) ^ gf16_mul(h1, l2) ^ gf16_mul(l1, h2);
  const uint8_t lo = gf16_mul(hh, kA) ^ gf16_mul(l1, l2);
  return static_cast<uint8_t>(hi << 4 | lo);
}

constexpr uint8_t aes_mul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; i++) {
    if (b & 1) r ^= a;
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return r;
}

constexpr uint8_t aes_inv(uint8_t a) {
  for (int b = 1; b < 256; b++) {
    if (aes_mul(a, static_cast<uint8_t>(b)) == 1) return static_cast<uint8_t>(b);
  }
  return 0;
}

// theta: the image in K of the AES generator x, i.e. the first root of
// x^8 + x^4 + x^3 + x + 1 in K.
constexpr uint8_t find_theta() {
  for (int c = 2; c < 256; c++) {
    uint8_t p[9] = {1};
    for (int e = 1; e <= 8; e++)
      p[e] = tower_mul(p[e - 1], static_cast<uint8_t>(c));
    if ((p[8] ^ p[4] ^ p[3] ^ p[1] ^ p[0]) == 0) return static_cast<uint8_t>(c);
  }
  return 0;
}
inline constexpr uint8_t kTheta = find_theta();
static_assert(kTheta != 0, "no image of x in the tower field");

// phi: AES field -> K, GF(2)-linear (bit e of y maps to theta^e).
constexpr uint8_t phi(uint8_t y) {
  uint8_t r = 0, p = 1;
  for (int e = 0; e < 8; e++) {
    if (y & (1 << e)) r ^= p;
    p = tower_mul(p, kTheta);
  }
  return r;
}

constexpr uint8_t rotl8(uint8_t b, int n) {
  return static_cast<uint8_t>((b << n) | (b >> (8 - n)));
}
// The linear part of the S-box affine map (FIPS-197 §5.1.1).
constexpr uint8_t aff(uint8_t b) {
  return b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4);
}

// phi, its inverse and the inverse of aff as 256-entry tables, each computed
// once (phi_inv and aff_inv by inverting the forward table) so that the
// derivation of the output tables below is lookups, not searches: the whole
// evaluation stays within a compiler's default constexpr step budget
// (clang's is 2^20 steps per constant expression).
struct ByteMaps {
  uint8_t phi[256];
  uint8_t phi_inv[256];
  uint8_t aff_inv[256];
};
constexpr ByteMaps make_byte_maps() {
  ByteMaps m{};
  uint8_t basis[8] = {};  // phi(x^e) = theta^e
  uint8_t p = 1;
  for (int e = 0; e < 8; e++) {
    basis[e] = p;
    p = tower_mul(p, kTheta);
  }
  for (int y = 0; y < 256; y++) {
    uint8_t r = 0;
    for (int e = 0; e < 8; e++) {
      if (y & (1 << e)) r ^= basis[e];
    }
    m.phi[y] = r;
    m.phi_inv[r] = static_cast<uint8_t>(y);
    m.aff_inv[aff(static_cast<uint8_t>(y))] = static_cast<uint8_t>(y);
  }
  return m;
}
inline constexpr ByteMaps kMaps = make_byte_maps();

// Both maps are bijections (so the inverted tables are complete): every
// byte is hit once.
constexpr bool maps_are_bijections() {
  for (int y = 0; y < 256; y++) {
    if (kMaps.phi[kMaps.phi_inv[y]] != y) return false;
    if (aff(kMaps.aff_inv[y]) != y) return false;
  }
  return true;
}
static_assert(maps_are_bijections(), "phi or aff is not invertible");

// psi = phi o aff^-1: the decryption state's representation.
constexpr uint8_t psi(uint8_t y) { return kMaps.phi[kMaps.aff_inv[y]]; }

// Self-checks: phi is a field isomorphism on a few samples, and the S-box
// through the tower gives FIPS-197's values.
static_assert(phi(aes_mul(0x57, 0x83)) == tower_mul(phi(0x57), phi(0x83)),
              "phi is not multiplicative");
static_assert(phi(aes_mul(0xca, 0x35)) == tower_mul(phi(0xca), phi(0x35)),
              "phi is not multiplicative");
static_assert((aff(aes_inv(0x53)) ^ 0x63) == 0xed, "S-box check");
static_assert(kMaps.phi[0x57] == phi(0x57) && kMaps.phi[0xca] == phi(0xca),
              "phi table");

// The output side: given a linear map f on AES-field values of 1/x, the two
// tables indexed by io and jo (see the header comment).
template <class F>
constexpr void out_tables(F f, uint8_t io_t[16], uint8_t jo_t[16]) {
  const uint8_t a2inv = gf16_inv(gf16_mul(kA, kA));
  const uint8_t c = gf16_mul(1 ^ kA, a2inv);
  for (uint8_t n = 0; n < 16; n++) {
    const uint8_t v = gf16_inv(n);  // gf16_inv(0) = 0: index 0 never occurs
    const uint8_t h_io = static_cast<uint8_t>(gf16_mul(c, v) << 4 | v);
    const uint8_t h_jo = static_cast<uint8_t>(gf16_mul(a2inv, v) << 4);
    io_t[n] = f(kMaps.phi_inv[h_io]);
    jo_t[n] = f(kMaps.phi_inv[h_jo]);
  }
}

// Byte positions: n = 4 * column + row (FIPS-197 input order). Gathers are
// arrays G with (G x)[n] = x[G[n]]; applying G2 after G1 is G1[G2[n]].
struct Perm {
  uint8_t p[16];
};
constexpr Perm identity() {
  Perm r{};
  for (int n = 0; n < 16; n++) r.p[n] = static_cast<uint8_t>(n);
  return r;
}
constexpr Perm shift_rows(int dir) {  // dir = +1 ShiftRows, -1 InvShiftRows
  Perm r{};
  for (int c = 0; c < 4; c++)
    for (int row = 0; row < 4; row++)
      r.p[4 * c + row] = static_cast<uint8_t>(4 * ((c + 4 + dir * row) % 4) + row);
  return r;
}
constexpr Perm rot_rows(int d) {  // (R x)[c, r] = x[c, r + d]
  Perm r{};
  for (int c = 0; c < 4; c++)
    for (int row = 0; row < 4; row++)
      r.p[4 * c + row] = static_cast<uint8_t>(4 * c + (row + d) % 4);
  return r;
}
constexpr Perm then(const Perm& first, const Perm& second) {
  Perm r{};
  for (int n = 0; n < 16; n++) r.p[n] = first.p[second.p[n]];
  return r;
}
constexpr Perm inverse(const Perm& g) {
  Perm r{};
  for (int n = 0; n < 16; n++) r.p[g.p[n]] = static_cast<uint8_t>(n);
  return r;
}

}  // namespace gen

struct Tables {
  uint8_t inv[16];    // 1/n in F, 1/0 = 0x80
  uint8_t a_inv[16];  // a/n in F, a/0 = 0x80
  uint8_t enc_in[2][16];  // phi, low / high nibble
  uint8_t dec_in[2][16];  // psi = phi o aff^-1 (linear part)
  uint8_t to_std[2][16];  // phi^-1 (key export)
  uint8_t enc_a[2][16];   // phi(aff(1/x)),      indexed by io / jo
  uint8_t enc_b[2][16];   // phi(2 * aff(1/x))
  uint8_t enc_last[2][16];  // aff(1/x)
  uint8_t dec_mul[4][2][16];  // psi(c * (1/x)), c = 0e, 0b, 0d, 09
  uint8_t dec_last[2][16];    // 1/x
  uint8_t enc_q[4][16];     // Q_m = ShiftRows^m
  uint8_t enc_qinv[4][16];  // Q_m^-1
  uint8_t enc_rot1[4][16];  // Q_m^-1 o R1 o Q_m
  uint8_t enc_rot3[4][16];  // Q_m^-1 o R3 o Q_m
  uint8_t dec_q[4][16];     // P_m = InvShiftRows^m
  uint8_t dec_qinv[4][16];
  uint8_t dec_rot1[4][16];
  uint8_t phi63;  // phi(0x63)
  uint8_t psi63;  // psi(0x63)
};

constexpr Tables make_tables() {
  using namespace gen;
  Tables t{};
  for (uint8_t n = 0; n < 16; n++) {
    t.inv[n] = n ? gf16_inv(n) : 0x80;
    t.a_inv[n] = n ? gf16_mul(kA, gf16_inv(n)) : 0x80;
    t.enc_in[0][n] = kMaps.phi[n];
    t.enc_in[1][n] = kMaps.phi[n << 4];
    t.dec_in[0][n] = psi(n);
    t.dec_in[1][n] = psi(static_cast<uint8_t>(n << 4));
    t.to_std[0][n] = kMaps.phi_inv[n];
    t.to_std[1][n] = kMaps.phi_inv[n << 4];
  }
  out_tables([](uint8_t z) { return kMaps.phi[aff(z)]; }, t.enc_a[0],
             t.enc_a[1]);
  out_tables([](uint8_t z) { return kMaps.phi[aes_mul(2, aff(z))]; },
             t.enc_b[0], t.enc_b[1]);
  out_tables([](uint8_t z) { return aff(z); }, t.enc_last[0], t.enc_last[1]);
  out_tables([](uint8_t z) { return psi(aes_mul(0x0e, z)); },
             t.dec_mul[0][0], t.dec_mul[0][1]);
  out_tables([](uint8_t z) { return psi(aes_mul(0x0b, z)); },
             t.dec_mul[1][0], t.dec_mul[1][1]);
  out_tables([](uint8_t z) { return psi(aes_mul(0x0d, z)); },
             t.dec_mul[2][0], t.dec_mul[2][1]);
  out_tables([](uint8_t z) { return psi(aes_mul(0x09, z)); },
             t.dec_mul[3][0], t.dec_mul[3][1]);
  out_tables([](uint8_t z) { return z; }, t.dec_last[0], t.dec_last[1]);

  Perm q = identity(), p = identity();
  const Perm sr = shift_rows(1), isr = shift_rows(-1);
  const Perm r1 = rot_rows(1), r3 = rot_rows(3);
  for (int m = 0; m < 4; m++) {
    const Perm qi = inverse(q), pi = inverse(p);
    // Q^-1 o R o Q as a gather: apply Q, then R, then Q^-1.
    const Perm e1 = then(then(q, r1), qi), e3 = then(then(q, r3), qi);
    const Perm d1 = then(then(p, r1), pi);
    for (int n = 0; n < 16; n++) {
      t.enc_q[m][n] = q.p[n];
      t.enc_qinv[m][n] = qi.p[n];
      t.enc_rot1[m][n] = e1.p[n];
      t.enc_rot3[m][n] = e3.p[n];
      t.dec_q[m][n] = p.p[n];
      t.dec_qinv[m][n] = pi.p[n];
      t.dec_rot1[m][n] = d1.p[n];
    }
    q = then(q, sr);  // Q_{m+1} = ShiftRows after Q_m
    p = then(p, isr);
  }
  t.phi63 = kMaps.phi[0x63];
  t.psi63 = psi(0x63);
  return t;
}

inline constexpr Tables kTables = make_tables();

// C^2 conjugated by Q_m (Q_m^-1 o R2 o Q_m) moves byte (column c, row r)
// from (c + 2m, r + 2), and conjugated by decryption's P_m from
// (c - 2m, r + 2), the same column: row r + 2 is position n ^ 2, column
// c + 2 (odd m) is n ^ 8. So rot2 below is rev32_16 or (odd m)
// rev32_16_swap64 in both directions.
constexpr bool rot2_is_rev32_16_swap64() {
  using namespace gen;
  for (int dir = -1; dir <= 1; dir += 2) {
    Perm q = identity();
    for (int m = 0; m < 4; m++) {
      const Perm e2 = then(then(q, rot_rows(2)), inverse(q));
      for (int n = 0; n < 16; n++)
        if (e2.p[n] != (n ^ 2 ^ (m & 1 ? 8 : 0))) return false;
      q = then(q, shift_rows(dir));
    }
  }
  return true;
}
static_assert(rot2_is_rev32_16_swap64(), "conjugated C^2 is not n ^ 2 (^ 8)");

// The expanded key in AesKeyState::storage.
struct Schedule {
  uint8_t enc[15][16];  // enc[r]: see set_key
  uint8_t dec[15][16];
};
static_assert(sizeof(Schedule) <= kAesKeyStorageBytes, "schedule too big");

template <class S>
struct Vpaes {
  using V = typename S::V;

  static V ld(const uint8_t* p) { return S::load(p); }

  static const Schedule* sched(const AesKeyState* s) {
    return reinterpret_cast<const Schedule*>(s->storage);
  }

  // The byte lookup of the functions below: S::tbl, or (HalfLookup) only
  // bytes 8..15 of it, for ctr32's counter blocks.
  struct FullLookup {
    static V tbl(V table, V idx) { return S::tbl(table, idx); }
  };
  struct HalfLookup {
    static V tbl(V table, V idx) { return S::tbl_hi(table, idx); }
  };
  static constexpr bool kHalfLookups = requires(V v) {
    S::tbl_hi(v, v);
    S::join(v, v);
  };

  // A linear byte map given by two nibble tables.
  template <class L = FullLookup>
  static V lin(V x, const uint8_t t[2][16]) {
    const V m = S::splat(0x0F);
    return S::vxor(L::tbl(ld(t[0]), S::vand(x, m)), L::tbl(ld(t[1]), S::shr4(x)));
  }

  // The inversion in K: x -> (io, jo).
  template <class L = FullLookup>
  static void invert(V x, V& io, V& jo) {
    const V m = S::splat(0x0F);
    const V inv = ld(kTables.inv);
    const V k = S::vand(x, m);
    const V i = S::shr4(x);
    const V j = S::vxor(i, k);
    const V ak = L::tbl(ld(kTables.a_inv), k);
    const V iak = S::vxor(L::tbl(inv, i), ak);
    const V jak = S::vxor(L::tbl(inv, j), ak);
    io = S::vxor(L::tbl(inv, iak), j);
    jo = S::vxor(L::tbl(inv, jak), i);
  }

  template <class L = FullLookup>
  static V out(V io, V jo, const uint8_t t[2][16]) {
    return S::vxor(L::tbl(ld(t[0]), io), L::tbl(ld(t[1]), jo));
  }

  // Everything up to round 1's first rotation acts on each byte alone: the
  // input transform, round key 0, round 1's inversion and its two output
  // tables (9 of round 1's 10 or 12 lookups and the transform's 2: 11 in
  // all).
  // byte_stage computes that part, with L's lookups: (a, b) are round 1's
  // enc_a and enc_b outputs.
  template <class L>
  [[gnu::always_inline]] static void byte_stage(const Schedule* ks, V x,
                                                V& a, V& b) {
    x = S::vxor(lin<L>(x, kTables.enc_in), ld(ks->enc[0]));
    V io, jo;
    invert<L>(x, io, jo);
    a = out<L>(io, jo, kTables.enc_a);
    b = out<L>(io, jo, kTables.enc_b);
  }

  static constexpr bool kCheapRot2 = requires(V v) {
    S::rev32_16(v);
    S::rev32_16_swap64(v);
  };

  // rot2: C^2 in round m = r & 3 (odd: m odd), for an ISA with the pair
  // for it (a branch on the public round number picks the one for m's
  // parity).
  [[gnu::always_inline]] static V rot2(V x, bool odd) {
    return odd ? S::rev32_16_swap64(x) : S::rev32_16(x);
  }

  // mix: the rest of a round from its output tables' (a, b): MixColumns
  // and the round key; rot1 and rot3 are enc_rot1[m] and enc_rot3[m], odd
  // says m is odd. With C^2 free (kCheapRot2), out = B ^ P ^ C(A ^ P ^ B),
  // P = C^2(A): one lookup and five XORs. Otherwise the Horner form
  // out = T ^ C(T) ^ C^3(A), T = B ^ C(A): three lookups and four XORs,
  // which llvm-mca puts ahead of C^2 as a third lookup (two lookups, five
  // XORs) on the AArch64 cores (cortex-a53 31.3 against 32.5 c/B, a57 20.3
  // against 20.9).
  [[gnu::always_inline]] static V mix(V a, V b, V rot1, V rot3, V rk,
                                      bool odd) {
    if constexpr (kCheapRot2) {
      const V p = rot2(a, odd);
      const V c = S::tbl(S::vxor(S::vxor(a, p), b), rot1);
      return S::vxor(S::vxor(b, p), S::vxor(c, rk));
    } else {
      const V t = S::vxor(b, S::tbl(a, rot1));
      return S::vxor(S::vxor(t, S::tbl(t, rot1)),
                     S::vxor(S::tbl(a, rot3), rk));
    }
  }

  // N blocks in place (N = 1 or 2; the loops over b are unrolled, and the
  // independent chains interleave to hide shuffle latency).
  // Always inlined into the mode loops: an out-of-line call would push the
  // caller's callee-saved vector registers (AArch32 d8-d15), which may
  // still hold a round key of the caller's last block, into its frame.
  // (x[static_cast<size_t>(N)]: gcc 12's -Wsign-conversion reports an int
  // template parameter used as an array bound, here and below.)
  template <int N>
  [[gnu::always_inline]] static void encrypt(
      const Schedule* ks, uint32_t rounds, V x[static_cast<size_t>(N)]) {
    const V k0 = ld(ks->enc[0]);
    _Pragma("GCC unroll 2") for (int b = 0; b < N; b++)
        x[b] = S::vxor(lin(x[b], kTables.enc_in), k0);
    rounds_from<N>(ks, rounds, 1, x);
  }

  // rounds_from: rounds first..Nr of encrypt on the state x after round
  // first - 1.
  template <int N>
  [[gnu::always_inline]] static void rounds_from(
      const Schedule* ks, uint32_t rounds, uint32_t first,
      V x[static_cast<size_t>(N)]) {
    for (uint32_t r = first; r < rounds; r++) {
      const uint32_t m = r & 3;
      const V rot1 = ld(kTables.enc_rot1[m]);
      const V rot3 = ld(kTables.enc_rot3[m]);
      const V rk = ld(ks->enc[r]);
      _Pragma("GCC unroll 2") for (int b = 0; b < N; b++) {
        V io, jo;
        invert(x[b], io, jo);
        x[b] = mix(out(io, jo, kTables.enc_a), out(io, jo, kTables.enc_b),
                   rot1, rot3, rk, m & 1);
      }
    }
    // The schedule pointer made opaque: otherwise the last round key's
    // load may be hoisted out of a caller's block loop and its register
    // spilled to the frame (a stack copy of key material).
    __asm__("" : "+r"(ks));
    const V q = ld(kTables.enc_q[rounds & 3]);
    const V rk = ld(ks->enc[rounds]);
    _Pragma("GCC unroll 2") for (int b = 0; b < N; b++) {
      V io, jo;
      invert(x[b], io, jo);
      x[b] = S::vxor(S::tbl(out(io, jo, kTables.enc_last), q), rk);
    }
  }

  template <int N>
  [[gnu::always_inline]] static void decrypt(
      const Schedule* ks, uint32_t rounds, V x[static_cast<size_t>(N)]) {
    const V k0 = ld(ks->dec[0]);
    _Pragma("GCC unroll 2") for (int b = 0; b < N; b++)
        x[b] = S::vxor(lin(x[b], kTables.dec_in), k0);
    for (uint32_t r = 1; r < rounds; r++) {
      const uint32_t m = r & 3;
      const V rot = ld(kTables.dec_rot1[m]);
      const V rk = ld(ks->dec[r]);
      _Pragma("GCC unroll 2") for (int b = 0; b < N; b++) {
        V io, jo;
        invert(x[b], io, jo);
        // e*y_r + b*y_{r+1} + d*y_{r+2} + 9*y_{r+3}: with C^2 free (rot2),
        // M0 ^ C^2(M2) ^ C(M1 ^ C^2(M3)) (one lookup), else Horner in the
        // rotation (three); the XORs are four either way.
        V t;
        if constexpr (kCheapRot2) {
          const bool odd = m & 1;
          t = S::vxor(out(io, jo, kTables.dec_mul[1]),
                      rot2(out(io, jo, kTables.dec_mul[3]), odd));
          t = S::vxor(S::tbl(t, rot),
                      S::vxor(out(io, jo, kTables.dec_mul[0]),
                              rot2(out(io, jo, kTables.dec_mul[2]), odd)));
        } else {
          t = out(io, jo, kTables.dec_mul[3]);
          t = S::vxor(S::tbl(t, rot), out(io, jo, kTables.dec_mul[2]));
          t = S::vxor(S::tbl(t, rot), out(io, jo, kTables.dec_mul[1]));
          t = S::vxor(S::tbl(t, rot), out(io, jo, kTables.dec_mul[0]));
        }
        x[b] = S::vxor(t, rk);
      }
    }
    const V q = ld(kTables.dec_q[rounds & 3]);
    __asm__("" : "+r"(ks));  // as in encrypt: no hoisted, spilled key
    const V rk = ld(ks->dec[rounds]);
    _Pragma("GCC unroll 2") for (int b = 0; b < N; b++) {
      V io, jo;
      invert(x[b], io, jo);
      x[b] = S::vxor(S::tbl(out(io, jo, kTables.dec_last), q), rk);
    }
  }

  // The AES S-box on every byte of a vector (key schedule).
  static V sub_bytes(V y) {
    V io, jo;
    invert(lin(y, kTables.enc_in), io, jo);
    return S::vxor(out(io, jo, kTables.enc_last), S::splat(0x63));
  }

  // ---- key schedule ------------------------------------------------------

  static uint8_t xtime(uint8_t b) {  // constant time: mask, no branch
    return static_cast<uint8_t>(static_cast<unsigned>(b << 1) ^
                                (0x1bu & (0u - static_cast<unsigned>(b >> 7))));
  }
  static void inv_mix_column(uint8_t c[4]) {
    uint8_t a[4];
    for (int r = 0; r < 4; r++) a[r] = c[r];
    for (int r = 0; r < 4; r++) {
      auto mul = [](uint8_t b, int e) {  // b * {0e, 0b, 0d, 09}[e]
        const uint8_t b2 = xtime(b), b4 = xtime(b2), b8 = xtime(b4);
        switch (e) {  // e is a public position, not data
          case 0: return static_cast<uint8_t>(b8 ^ b4 ^ b2);
          case 1: return static_cast<uint8_t>(b8 ^ b2 ^ b);
          case 2: return static_cast<uint8_t>(b8 ^ b4 ^ b);
          default: return static_cast<uint8_t>(b8 ^ b);
        }
      };
      c[r] = mul(a[r], 0) ^ mul(a[(r + 1) & 3], 1) ^ mul(a[(r + 2) & 3], 2) ^
             mul(a[(r + 3) & 3], 3);
    }
  }

  // FIPS-197 §5.2 key expansion, SubWord by the vector S-box.
  // expand_nk: FIPS-197 KeyExpansion for Nk = kNk (a template parameter, so
  // that i % Nk and i / Nk are multiplies, not run-time divisions).
  template <size_t kNk>
  static void expand_nk(const uint8_t* key, uint8_t w[15 * 16]) {
    static constexpr uint8_t kRcon[11] = {0x00, 0x01, 0x02, 0x04, 0x08, 0x10,
                                          0x20, 0x40, 0x80, 0x1b, 0x36};
    constexpr size_t kTotal = 4 * (kNk + 7);
    std::memcpy(w, key, 4 * kNk);
    alignas(16) uint8_t buf[16] = {0};
    for (size_t i = kNk; i < kTotal; i++) {
      uint8_t* t = w + 4 * i;
      std::memcpy(t, w + 4 * (i - 1), 4);
      if (i % kNk == 0 || (kNk > 6 && i % kNk == 4)) {
        const bool rot = i % kNk == 0;  // public: depends on i only
        for (int b = 0; b < 4; b++) buf[b] = t[rot ? (b + 1) & 3 : b];
        S::store(buf, sub_bytes(ld(buf)));
        std::memcpy(t, buf, 4);
        if (rot) t[0] ^= kRcon[i / kNk];
      }
      for (int b = 0; b < 4; b++)
        t[b] ^= w[4 * (i - kNk) + static_cast<size_t>(b)];
    }
    secure_zero(buf, sizeof(buf));
  }

  // expand: the round keys w[0..Nr] for a 16-, 24- or 32-byte key (Nr =
  // rounds = Nk + 6).
  static void expand(const uint8_t* key, size_t key_len, uint32_t /*rounds*/,
                     uint8_t w[15 * 16]) {
    switch (key_len) {  // public
      case 16: expand_nk<4>(key, w); break;
      case 24: expand_nk<6>(key, w); break;
      default: expand_nk<8>(key, w); break;
    }
  }

  // The schedules set_key writes (set_encrypt_key: enc only):
  //   enc[0]       = phi(k_0)
  //   enc[r]       = Q_r^-1(phi(k_r) ^ phi(63))          0 < r < Nr
  //   enc[Nr]      = k_Nr ^ 63
  //   dec[0]       = psi(k_Nr) ^ psi(63)
  //   dec[r]       = P_r^-1(psi(InvMC(k_{Nr-r})) ^ psi(63))  0 < r < Nr
  //   dec[Nr]      = k_0
  //
  // store_enc: enc[0..Nr] from the FIPS-197 round keys w.
  static void store_enc(Schedule* ks, const uint8_t* w, uint32_t nr) {
    const V phi63 = S::splat(kTables.phi63);
    S::store(ks->enc[0], lin(ld(w), kTables.enc_in));
    for (uint32_t r = 1; r < nr; r++) {
      const V k = ld(w + 16 * r);
      S::store(ks->enc[r],
               S::tbl(S::vxor(lin(k, kTables.enc_in), phi63),
                      ld(kTables.enc_qinv[r & 3])));
    }
    S::store(ks->enc[nr], S::vxor(ld(w + 16 * nr), S::splat(0x63)));
  }

  // set_encrypt_key: enc[0..Nr] only (AesRow::set_encrypt_key); enc is
  // the first member of Schedule, so the bytes written are a prefix.
  static size_t set_encrypt_key(AesKeyState* s, const uint8_t* key,
                                size_t key_len) {
    Schedule* ks = reinterpret_cast<Schedule*>(s->storage);
    const uint32_t nr = s->rounds;
    alignas(16) uint8_t w[15 * 16];
    expand(key, key_len, nr, w);
    store_enc(ks, w, nr);
    secure_zero(w, sizeof(w));
    static_assert(offsetof(Schedule, enc) == 0);
    return 16 * (size_t{nr} + 1);
  }

  static void set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
    Schedule* ks = reinterpret_cast<Schedule*>(s->storage);
    const uint32_t nr = s->rounds;
    alignas(16) uint8_t w[15 * 16];
    expand(key, key_len, nr, w);
    const V psi63 = S::splat(kTables.psi63);
    store_enc(ks, w, nr);
    S::store(ks->dec[nr], ld(w));
    S::store(ks->dec[0],
             S::vxor(lin(ld(w + 16 * nr), kTables.dec_in), psi63));
    for (uint32_t r = 1; r < nr; r++) {
      uint8_t* k = w + 16 * (nr - r);
      for (int c = 0; c < 4; c++) inv_mix_column(k + 4 * c);
      S::store(ks->dec[r],
               S::tbl(S::vxor(lin(ld(k), kTables.dec_in), psi63),
                      ld(kTables.dec_qinv[r & 3])));
    }
    secure_zero(w, sizeof(w));
  }

  // Standard FIPS-197 encryption round keys from the enc schedule.
  static void export_enc(const AesKeyState* s, uint8_t rk[15][16]) {
    const Schedule* ks = sched(s);
    const uint32_t nr = s->rounds;
    S::store(rk[0], lin(ld(ks->enc[0]), kTables.to_std));
    for (uint32_t r = 1; r < nr; r++) {
      const V h = S::tbl(ld(ks->enc[r]), ld(kTables.enc_q[r & 3]));
      S::store(rk[r], S::vxor(lin(h, kTables.to_std), S::splat(0x63)));
    }
    S::store(rk[nr], S::vxor(ld(ks->enc[nr]), S::splat(0x63)));
  }

  // ---- block functions and modes ---------------------------------------

  static void encrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out_[16]) {
    V x[1] = {ld(in)};
    encrypt<1>(sched(s), s->rounds, x);
    S::store(out_, x[0]);
  }

  static void decrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out_[16]) {
    V x[1] = {ld(in)};
    decrypt<1>(sched(s), s->rounds, x);
    S::store(out_, x[0]);
  }

  // ctr32_shared_head: ctr32 for an ISA with tbl_hi and join (ARMv7).
  // Bytes 0..7 of every counter block are the counter's, so up to round 1's
  // first rotation (byte_stage: 9 of round 1's 10 16-byte lookups and the
  // input transform's 2) they take the same values in every block: the
  // call's first block computes them, and every later block looks up only
  // its bytes 8..15 (tbl_hi: one VTBL.8 of two) and takes bytes 0..7 from
  // the first (11 VTBL.8 fewer per block after the first, of 200 with
  // AES-128). The first block's values live through the call: they are
  // kept in a buffer of this frame, read back per block and wiped at the
  // end, rather than in registers that the compiler would spill to slots
  // no wipe can name (enc_a and enc_b of counter XOR round key 0, bytewise
  // invertible to the key's first 8 bytes).
  [[gnu::always_inline]] static void ctr32_shared_head(
      const Schedule* ks, uint32_t nr, V prefix, uint32_t ctr,
      const uint8_t* in, uint8_t* out_, size_t blocks) {
    // The first block's round-1 enc_a and enc_b outputs; the pointer is
    // made opaque so that every block reloads them.
    alignas(16) uint8_t first[2][16];
    {
      V pa, pb;
      byte_stage<FullLookup>(ks, S::with_ctr(prefix, ctr), pa, pb);
      S::store(first[0], pa);
      S::store(first[1], pb);
    }
    const uint8_t(*fp)[16] = first;
    __asm__("" : "+r"(fp) : : "memory");
    const auto run = [&]<int N, bool kFirst>(uint32_t c, const uint8_t* i,
                                             uint8_t* o) {
      const V rot1 = ld(kTables.enc_rot1[1]);
      const V rot3 = ld(kTables.enc_rot3[1]);
      const V rk1 = ld(ks->enc[1]);
      V x[static_cast<size_t>(N)];
      _Pragma("GCC unroll 2") for (int b = 0; b < N; b++) {
        if (kFirst && b == 0) {
          x[b] = mix(ld(fp[0]), ld(fp[1]), rot1, rot3, rk1, true);
        } else {
          V a, bb;
          byte_stage<HalfLookup>(
              ks, S::with_ctr(prefix, c + static_cast<uint32_t>(b)), a, bb);
          x[b] = mix(S::join(ld(fp[0]), a), S::join(ld(fp[1]), bb), rot1,
                     rot3, rk1, true);
        }
      }
      rounds_from<N>(ks, nr, 2, x);
      _Pragma("GCC unroll 2") for (int b = 0; b < N; b++)
        S::store(o + 16 * b, S::vxor(x[b], ld(i + 16 * b)));
    };
    if (blocks >= 2) {
      run.template operator()<2, true>(ctr, in, out_);
      for (blocks -= 2; blocks >= 2; blocks -= 2) {
        ctr = ct_opaque(ctr + 2);  // see ctr32
        in += 32;
        out_ += 32;
        run.template operator()<2, false>(ctr, in, out_);
      }
      if (blocks) run.template operator()<1, false>(ctr + 2, in + 32, out_ + 32);
    } else if (blocks) {
      run.template operator()<1, true>(ctr, in, out_);
    }
    secure_zero(first, sizeof(first));
  }
  static void ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out_,
                    size_t blocks, const uint8_t counter[16]) {
    const Schedule* ks = sched(s);
    const uint32_t nr = s->rounds;
    alignas(16) uint8_t pre[16];
    std::memcpy(pre, counter, 12);
    std::memset(pre + 12, 0, 4);
    const V prefix = ld(pre);
    uint32_t ctr = load_be32(counter + 12);
    if constexpr (kHalfLookups) {
      ctr32_shared_head(ks, nr, prefix, ctr, in, out_, blocks);
      return;
    }
    // Two blocks per iteration; the counter wraps mod 2^32 between them.
    for (; blocks >= 2; blocks -= 2) {
      V x[2] = {S::with_ctr(prefix, ctr), S::with_ctr(prefix, ctr + 1)};
      encrypt<2>(ks, nr, x);
      S::store(out_, S::vxor(x[0], ld(in)));
      S::store(out_ + 16, S::vxor(x[1], ld(in + 16)));
      // ctr may be secret (GCM's J0 from a long nonce): the opaque update
      // keeps the compiler from testing the loop's end on the counter.
      ctr = ct_opaque(ctr + 2);
      in += 32;
      out_ += 32;
    }
    if (blocks) {
      V x[1] = {S::with_ctr(prefix, ctr)};
      encrypt<1>(ks, nr, x);
      S::store(out_, S::vxor(x[0], ld(in)));
    }
  }

  static void cbc_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out_, size_t blocks, uint8_t iv[16]) {
    const Schedule* ks = sched(s);
    V x[1] = {ld(iv)};
    for (size_t n = 0; n < blocks; n++) {
      x[0] = S::vxor(x[0], ld(in + 16 * n));
      encrypt<1>(ks, s->rounds, x);
      S::store(out_ + 16 * n, x[0]);
    }
    S::store(iv, x[0]);
  }

  static void cbc_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out_, size_t blocks, uint8_t iv[16]) {
    const Schedule* ks = sched(s);
    V prev = ld(iv);
    for (; blocks >= 2; blocks -= 2) {
      const V c0 = ld(in), c1 = ld(in + 16);  // read before out is written
      V x[2] = {c0, c1};
      decrypt<2>(ks, s->rounds, x);
      S::store(out_, S::vxor(x[0], prev));
      S::store(out_ + 16, S::vxor(x[1], c0));
      prev = c1;
      in += 32;
      out_ += 32;
    }
    if (blocks) {
      const V c0 = ld(in);
      V x[1] = {c0};
      decrypt<1>(ks, s->rounds, x);
      S::store(out_, S::vxor(x[0], prev));
      prev = c0;
    }
    S::store(iv, prev);
  }

  // ecb_encrypt / ecb_decrypt: two interleaved blocks per iteration, both
  // loaded before either is stored (in place).
  template <bool kDec>
  static void ecb(const AesKeyState* s, const uint8_t* in, uint8_t* out_,
                  size_t blocks) {
    const Schedule* ks = sched(s);
    for (; blocks >= 2; blocks -= 2, in += 32, out_ += 32) {
      V x[2] = {ld(in), ld(in + 16)};
      if (kDec) {
        decrypt<2>(ks, s->rounds, x);
      } else {
        encrypt<2>(ks, s->rounds, x);
      }
      S::store(out_, x[0]);
      S::store(out_ + 16, x[1]);
    }
    if (blocks) {
      V x[1] = {ld(in)};
      if (kDec) {
        decrypt<1>(ks, s->rounds, x);
      } else {
        encrypt<1>(ks, s->rounds, x);
      }
      S::store(out_, x[0]);
    }
  }
  static void ecb_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out_, size_t blocks) {
    ecb<false>(s, in, out_, blocks);
  }
  static void ecb_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out_, size_t blocks) {
    ecb<true>(s, in, out_, blocks);
  }

  // ccm_bulk: CCM's CBC-MAC and CTR in one pass (CCM's kernel of the vpaes
  // and vpaes+bsaes rows, crypto/modes/ccm_kernel.h, through
  // vpaes_ccm_seal_bulk / vpaes_ccm_open_bulk). The 2-block path costs about what one
  // block does (the shuffles of the two blocks interleave), so pairing each
  // block of the serial MAC chain with a keystream block makes CTR nearly
  // free. Seal pairs block j's MAC with block j's keystream; open needs
  // P_j = C_j ^ E(ctr_j) before MACing it, so its keystream runs one block
  // ahead (the last step computes one block it does not use). The counter
  // wraps mod 2^32 like ctr32's; ccm.cc never lets it.
  template <bool kOpen>
  static void ccm_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out_,
                       size_t blocks, const uint8_t counter[16],
                       uint8_t mac[16]) {
    if (blocks == 0) return;
    const Schedule* ks = sched(s);
    const uint32_t nr = s->rounds;
    alignas(16) uint8_t pre[16];
    std::memcpy(pre, counter, 12);
    std::memset(pre + 12, 0, 4);
    const V prefix = ld(pre);
    uint32_t ctr = load_be32(counter + 12);
    V m = ld(mac);
    V kst = S::splat(0);
    if (kOpen) {
      V x[1] = {S::with_ctr(prefix, ctr)};
      encrypt<1>(ks, nr, x);
      kst = x[0];
      ++ctr;
    }
    for (size_t j = 0; j < blocks; ++j) {
      const V d = ld(in + 16 * j);
      const V p = kOpen ? S::vxor(d, kst) : d;
      if (kOpen) S::store(out_ + 16 * j, p);
      V x[2] = {S::vxor(m, p), S::with_ctr(prefix, ctr)};
      encrypt<2>(ks, nr, x);
      m = x[0];
      if (kOpen) {
        kst = x[1];
      } else {
        S::store(out_ + 16 * j, S::vxor(d, x[1]));
      }
      ++ctr;
    }
    S::store(mac, m);
  }

  // ---- entry points ------------------------------------------------------
  //
  // A shim with few vector registers spills in the block loops: with 16
  // XMM registers (SSSE3), clang 14 keeps round keys of cbc_decrypt's
  // two-block loop in its frame (tests/stack_residue_test.cc). Such a shim
  // declares kFrameScrubBytes, more than any entry point's frame including
  // the x86-64 red zone; its row's entry points then run the function out
  // of line and scrub that many bytes after it returns (scrub_stack,
  // crypto/internal.h), once per call. The other shims' entry points are
  // the functions themselves.
  template <auto F>
  struct Scrubbed;
  template <class... A, void (*F)(A...)>
  struct Scrubbed<F> {
    [[gnu::noinline]] static void body(A... a) { F(a...); }
    static void entry(A... a) {
      body(a...);
      scrub_stack<S::kFrameScrubBytes>();
    }
  };
  template <auto F>
  static constexpr auto entry() {
    if constexpr (requires { S::kFrameScrubBytes; }) {
      return &Scrubbed<F>::entry;
    } else {
      return F;
    }
  }

  static constexpr AesRow row(const char* name, uint32_t caps) {
    AesRow r = basic_row<Vpaes>(name, caps);
    r.encrypt_block = entry<encrypt_block>();
    r.ctr32 = entry<ctr32>();
    r.cbc_encrypt = entry<cbc_encrypt>();
    r.ecb_encrypt = entry<ecb_encrypt>();
    r.set_encrypt_key = set_encrypt_key;
    return r;
  }
  // decrypt_row: its inverse cipher (the transformed inverse schedule).
  static constexpr AesDecryptRow decrypt_row(const AesRow* row) {
    AesDecryptRow r = basic_decrypt_row<Vpaes>(row);
    r.decrypt_block = entry<decrypt_block>();
    r.cbc_decrypt = entry<cbc_decrypt>();
    r.ecb_decrypt = entry<ecb_decrypt>();
    return r;
  }
};

}  // namespace ctcrypto::internal::vpaes

// CTCRYPTO_VPAES_DEFINE_ROW(ImplType, caps): what every ISA's vpaes file
// (aes_vpaes_<isa>.cc) defines from its Vpaes<Isa>, under the same names
// on every ISA (vpaes_export.h; the hybrid row and CCM's kernel are
// written against them): the row and its inverse cipher, the round-key
// export and CCM's one-pass entries. Used inside namespace
// ctcrypto::internal; `caps` is the capability bit the row needs (0 where
// the ISA is architectural).
#define CTCRYPTO_VPAES_DEFINE_ROW(ImplType, caps)                             \
  extern const AesRow kAesVpaes = ImplType::row("vpaes", caps);               \
  extern const AesDecryptRow kAesVpaesDecrypt =                               \
      ImplType::decrypt_row(&kAesVpaes);                                      \
  void vpaes_export_enc_round_keys(const AesKeyState* s,                      \
                                   uint8_t rk[15][16]) {                      \
    ImplType::export_enc(s, rk);                                              \
  }                                                                           \
  void vpaes_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in,           \
                           uint8_t* out, size_t blocks,                       \
                           const uint8_t counter[16], uint8_t mac[16]) {      \
    ImplType::entry<ImplType::ccm_bulk<false>>()(s, in, out, blocks, counter, \
                                                 mac);                        \
  }                                                                           \
  void vpaes_ccm_open_bulk(const AesKeyState* s, const uint8_t* in,           \
                           uint8_t* out, size_t blocks,                       \
                           const uint8_t counter[16], uint8_t mac[16]) {      \
    ImplType::entry<ImplType::ccm_bulk<true>>()(s, in, out, blocks, counter,  \
                                                mac);                         \
  }

#endif  // CTCRYPTO_AES_VPAES_CORE_H_
