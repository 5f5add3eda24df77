// bitsliced_sbox.h: the AES S-box as a Boolean circuit over bit planes,
// shared by every bitsliced AES in the tree (aes_nohw.cc on uint64_t words,
// bsaes_core.h on 128-bit SIMD registers), and the FIPS-197 key expansion
// both use, with SubWord through the same circuit on uint32_t planes.
//
// A "word" W is anything with ^, & and ~ acting bitwise: a scalar integer or
// a GCC vector type (__m128i, uint8x16_t). q[j] holds bit j (j = 0 the least
// significant) of every byte processed in parallel, one byte per bit
// position of the word (scalar) or per bit of every lane (SIMD).
//
// The forward S-box is the 128-gate (34 AND, 90 XOR, 4 XNOR), depth-16
// circuit of Boyar and Peralta, "A depth-16 circuit for the AES S-box"
// (IFIP SEC 2012; ePrint 2011/332). The gate list is published data and is
// used exactly as printed there: inputs U0..U7 and outputs S0..S7 are most
// significant bit first. The affine constant 0x63 enters only through the
// four XNORs (bits 6, 5, 1, 0 of 0x63 are S1, S2, S6, S7); with them turned
// into XORs the circuit is inv(z) followed by the linear part of the affine
// map A.
//
// The inverse S-box is InvS = A' o S o A' with A' the inverse affine map of
// FIPS-197 §5.3.2 (S = A o inv, so inv = A' o S and InvS = inv o A'): one
// audited nonlinear circuit plus two linear layers. The constants of the
// inner S and of the outer A' cancel (A'(S(z)) = inv(z) has no constant
// term), so both are dropped: only the first A' keeps its constant.
// The generators read this gate list through bitsliced_sbox_gates.py;
// bs_inv_sub_bytes below and the x86_64 SSSE3 and ARMv7 NEON decryption
// rounds compute InvS with A' folded into the circuit's linear layers
// (bitsliced_sbox_linear.txt: 4 NOTs and 121 gates instead of 162),
// checked against this circuit on all 256 inputs whenever they are
// generated.
//
// Key expansion (FIPS-197 §5.2) runs on little-endian 32-bit words and
// branches only on the public word index; SubWord runs the circuit on eight
// uint32_t planes cut from the word by shifts and masks. It is not on any
// bulk path, so one simple layout serves every engine.
//
// Constant time: straight-line code, no table, no branch on data.
#ifndef CTCRYPTO_AES_BITSLICED_SBOX_H_
#define CTCRYPTO_AES_BITSLICED_SBOX_H_

#include <cstddef>
#include <cstdint>

#include "crypto/internal.h"

// Forced inlining: the planes must stay in registers across the caller's
// round; an out-of-line call would pass them through memory. (It also keeps
// these functions out of the link: a TU built with -mssse3 never provides
// the copy a portable TU calls.)
#define CTCRYPTO_BS_INLINE inline __attribute__((always_inline))

namespace ctcrypto::internal {

// An XNOR of the circuit: with kAffine false, the plain XOR.
template <bool kAffine, typename W>
CTCRYPTO_BS_INLINE W bs_xnor(W a, W b) {
  if constexpr (kAffine) {
    return ~(a ^ b);
  } else {
    return a ^ b;
  }
}

// bs_sbox_circuit: the Boyar–Peralta circuit on eight bit planes, in place;
// S with kAffine, S without its constant 0x63 otherwise.
template <bool kAffine, typename W>
CTCRYPTO_BS_INLINE void bs_sbox_circuit(W q[8]) {
  // Inputs most significant bit first, as in the paper.
  const W U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4];
  const W U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];

  // Top linear layer.
  const W T1 = U0 ^ U3;
  const W T2 = U0 ^ U5;
  const W T3 = U0 ^ U6;
  const W T4 = U3 ^ U5;
  const W T5 = U4 ^ U6;
  const W T6 = T1 ^ T5;
  const W T7 = U1 ^ U2;
  const W T8 = U7 ^ T6;
  const W T9 = U7 ^ T7;
  const W T10 = T6 ^ T7;
  const W T11 = U1 ^ U5;
  const W T12 = U2 ^ U5;
  const W T13 = T3 ^ T4;
  const W T14 = T6 ^ T11;
  const W T15 = T5 ^ T11;
  const W T16 = T5 ^ T12;
  const W T17 = T9 ^ T16;
  const W T18 = U3 ^ U7;
  const W T19 = T7 ^ T18;
  const W T20 = T1 ^ T19;
  const W T21 = U6 ^ U7;
  const W T22 = T7 ^ T21;
  const W T23 = T2 ^ T22;
  const W T24 = T2 ^ T10;
  const W T25 = T20 ^ T17;
  const W T26 = T3 ^ T16;
  const W T27 = T1 ^ T12;

  // Shared nonlinear middle (inversion in GF(2^8) via GF((2^4)^2)).
  const W M1 = T13 & T6;
  const W M2 = T23 & T8;
  const W M3 = T14 ^ M1;
  const W M4 = T19 & U7;
  const W M5 = M4 ^ M1;
  const W M6 = T3 & T16;
  const W M7 = T22 & T9;
  const W M8 = T26 ^ M6;
  const W M9 = T20 & T17;
  const W M10 = M9 ^ M6;
  const W M11 = T1 & T15;
  const W M12 = T4 & T27;
  const W M13 = M12 ^ M11;
  const W M14 = T2 & T10;
  const W M15 = M14 ^ M11;
  const W M16 = M3 ^ M2;
  const W M17 = M5 ^ T24;
  const W M18 = M8 ^ M7;
  const W M19 = M10 ^ M15;
  const W M20 = M16 ^ M13;
  const W M21 = M17 ^ M15;
  const W M22 = M18 ^ M13;
  const W M23 = M19 ^ T25;
  const W M24 = M22 ^ M23;
  const W M25 = M22 & M20;
  const W M26 = M21 ^ M25;
  const W M27 = M20 ^ M21;
  const W M28 = M23 ^ M25;
  const W M29 = M28 & M27;
  const W M30 = M26 & M24;
  const W M31 = M20 & M23;
  const W M32 = M27 & M31;
  const W M33 = M27 ^ M25;
  const W M34 = M21 & M22;
  const W M35 = M24 & M34;
  const W M36 = M24 ^ M25;
  const W M37 = M21 ^ M29;
  const W M38 = M32 ^ M33;
  const W M39 = M23 ^ M30;
  const W M40 = M35 ^ M36;
  const W M41 = M38 ^ M40;
  const W M42 = M37 ^ M39;
  const W M43 = M37 ^ M38;
  const W M44 = M39 ^ M40;
  const W M45 = M42 ^ M41;
  const W M46 = M44 & T6;
  const W M47 = M40 & T8;
  const W M48 = M39 & U7;
  const W M49 = M43 & T16;
  const W M50 = M38 & T9;
  const W M51 = M37 & T17;
  const W M52 = M42 & T15;
  const W M53 = M45 & T27;
  const W M54 = M41 & T10;
  const W M55 = M44 & T13;
  const W M56 = M40 & T23;
  const W M57 = M39 & T19;
  const W M58 = M43 & T3;
  const W M59 = M38 & T22;
  const W M60 = M37 & T20;
  const W M61 = M42 & T1;
  const W M62 = M45 & T4;
  const W M63 = M41 & T2;

  // Bottom linear layer (includes the affine constant as XNORs).
  const W L0 = M61 ^ M62;
  const W L1 = M50 ^ M56;
  const W L2 = M46 ^ M48;
  const W L3 = M47 ^ M55;
  const W L4 = M54 ^ M58;
  const W L5 = M49 ^ M61;
  const W L6 = M62 ^ L5;
  const W L7 = M46 ^ L3;
  const W L8 = M51 ^ M59;
  const W L9 = M52 ^ M53;
  const W L10 = M53 ^ L4;
  const W L11 = M60 ^ L2;
  const W L12 = M48 ^ M51;
  const W L13 = M50 ^ L0;
  const W L14 = M52 ^ M61;
  const W L15 = M55 ^ L1;
  const W L16 = M56 ^ L0;
  const W L17 = M57 ^ L1;
  const W L18 = M58 ^ L8;
  const W L19 = M63 ^ L4;
  const W L20 = L0 ^ L1;
  const W L21 = L1 ^ L7;
  const W L22 = L3 ^ L12;
  const W L23 = L18 ^ L2;
  const W L24 = L15 ^ L9;
  const W L25 = L6 ^ L10;
  const W L26 = L7 ^ L9;
  const W L27 = L8 ^ L10;
  const W L28 = L11 ^ L14;
  const W L29 = L11 ^ L17;

  q[7] = L6 ^ L24;                   // S0
  q[6] = bs_xnor<kAffine>(L16, L26);  // S1
  q[5] = bs_xnor<kAffine>(L19, L28);  // S2
  q[4] = L6 ^ L21;                   // S3
  q[3] = L20 ^ L22;                  // S4
  q[2] = L25 ^ L29;                  // S5
  q[1] = bs_xnor<kAffine>(L13, L27);  // S6
  q[0] = bs_xnor<kAffine>(L6, L23);   // S7
}

// bs_sub_bytes: SubBytes on eight bit planes, in place.
template <typename W>
CTCRYPTO_BS_INLINE void bs_sub_bytes(W q[8]) {
  bs_sbox_circuit<true>(q);
}

// A' (FIPS-197 §5.3.2): b_i = a_{i+2} ^ a_{i+5} ^ a_{i+7} ^ (0x05)_i, the
// constant only with kConst.
template <bool kConst, typename W>
CTCRYPTO_BS_INLINE void bs_inv_affine(W q[8]) {
  W a[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; i++) a[i] = q[i];
#pragma GCC unroll 8
  for (int i = 0; i < 8; i++)
    q[i] = a[(i + 2) & 7] ^ a[(i + 5) & 7] ^ a[(i + 7) & 7];
  if constexpr (kConst) {
    q[0] = ~q[0];
    q[2] = ~q[2];
  }
}

// bs_inv_sbox_folded: InvS(y) = inv(A'(y)), inv = A'_lin o (S without its
// constant), as one circuit: this one's middle between linear layers with
// A' folded in (NOTs of four planes and 121 gates for A', the 128 gates
// and A' again), generated by bitsliced_inv_sbox_gen.py from this circuit
// and checked against it on all 256 inputs there.
#include "crypto/aes/bitsliced_inv_sbox.inc"

// bs_inv_sub_bytes: InvSubBytes on eight bit planes, in place.
template <typename W>
CTCRYPTO_BS_INLINE void bs_inv_sub_bytes(W q[8]) {
  bs_inv_sbox_folded(q);
}

// ---------------------------------------------------------------------------
// Key expansion.

// BsSubBytes32: bs_sub_bytes on eight uint32_t planes as a function object,
// the default SubBytes of the key expansion below. A row that keeps one
// out-of-line copy of the circuit for size passes its own instead, so the
// key schedule calls that copy rather than inlining another.
struct BsSubBytes32 {
  CTCRYPTO_BS_INLINE void operator()(uint32_t q[8]) const { bs_sub_bytes(q); }
};

// bs_sub_word: SubWord. Plane j is bit j of every byte of w, left in place
// at bit 8b for byte b (a shift and a mask); the circuit runs on all 32 bit
// positions and the 28 that hold no byte are masked off on the way back.
template <typename SubBytes = BsSubBytes32>
CTCRYPTO_BS_INLINE uint32_t bs_sub_word(uint32_t w, SubBytes sub_bytes = {}) {
  uint32_t q[8];
  for (int j = 0; j < 8; j++) q[j] = (w >> j) & 0x01010101u;
  sub_bytes(q);
  uint32_t r = 0;
  for (int j = 0; j < 8; j++) r |= (q[j] & 0x01010101u) << j;
  secure_zero(q, sizeof(q));
  return r;
}

// bs_expand_key: FIPS-197 §5.2. key_len is 16, 24 or 32 and rounds
// 6 + key_len/4 (both public); writes the 4 * (rounds + 1) words w[i] as
// little-endian uint32_t (byte 0 of the word in the low bits, so RotWord,
// [a0 a1 a2 a3] -> [a1 a2 a3 a0], is a right rotation by 8). Round key r is
// w[4r..4r+3]. The caller wipes w. sub_bytes: as for bs_sub_word.
template <typename SubBytes = BsSubBytes32>
CTCRYPTO_BS_INLINE void bs_expand_key(const uint8_t* key, size_t key_len,
                                      unsigned rounds, uint32_t* w,
                                      SubBytes sub_bytes = {}) {
  const size_t nk = key_len / 4;
  const size_t total = 4 * (static_cast<size_t>(rounds) + 1);
  for (size_t i = 0; i < nk; i++) {
    w[i] = load_le32(key + 4 * i);
  }
  uint32_t rcon = 1;  // public; doubles in GF(2^8) each use
  // j = i mod nk (i and nk are public), kept as a counter rather than
  // computed: Cortex-M's UDIV takes a time that depends on its operands,
  // and util/ct-mcu.sh refuses it in any function that handles a secret.
  size_t j = 0;
  for (size_t i = nk; i < total; i++) {
    uint32_t t = w[i - 1];
    if (j == 0) {
      t = bs_sub_word((t >> 8) | (t << 24), sub_bytes) ^ rcon;
      rcon = ((rcon << 1) ^ ((rcon >> 7) * 0x11Bu)) & 0xFFu;
    } else if (nk > 6 && j == 4) {
      t = bs_sub_word(t, sub_bytes);
    }
    w[i] = w[i - nk] ^ t;
    if (++j == nk) j = 0;
  }
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_BITSLICED_SBOX_H_
