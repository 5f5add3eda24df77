// bsaes_core.h: bitsliced AES on 128-bit SIMD registers, one source for
// every ISA (SSSE3, aarch64 NEON, armv7 NEON), after Käsper and Schwabe,
// "Faster and Timing-Attack Resistant AES-GCM" (CHES 2009).
//
// Technique. Eight blocks (128 bytes) are processed together in eight
// 128-bit registers q[0..7]. Register q[j] holds bit j (j = 0 the least
// significant) of all 128 bytes: its byte lane p holds, in bit b, bit j of
// state byte p of block b. SubBytes is then the Boyar–Peralta circuit of
// bitsliced_sbox.h evaluated once on whole registers (128 S-boxes per
// evaluation), and the linear layers act on byte lanes only, identically in
// every plane:
//   - Byte lanes are ordered row-major, lane p = 4r + c for state byte
//     s[r][c] (FIPS-197 input byte r + 4c); a 4x4 byte transpose on load and
//     store converts from and to the column-major byte order of the block.
//   - ShiftRows is one byte shuffle per plane (PSHUFB / TBL / VTBL).
//   - MixColumns needs "row r+1 of the same column", which in row-major
//     order is the lane 4 bytes further: a rotation of the whole register
//     by 32 bits (PSHUFD / EXT). With t_r = a_r ^ a_{r+1},
//       out_r = 2 t_r ^ a_{r+1} ^ t_{r+2},
//     so MixColumns is two rotations, one xtime (a fixed XOR pattern of
//     planes) and XORs per plane.
//   - InvMixColumns = MixColumns o (04 x^2 + 05) (Daemen–Rijmen, "The
//     Design of Rijndael" §4.1.3), InvSubBytes = A' o S o A' (see the
//     S-box header); decryption is the direct inverse cipher of FIPS-197
//     §5.3 on the same round keys in reverse order.
// The conversion to planes ("orthogonalization") is the 8x8 bit-matrix
// transpose between the eight registers done with three swap-move layers
// (shifts 1, 2, 4 within bytes); it is an involution, so the same code
// converts back.
//
// Keys. A bitsliced round key is eight planes of 16 bytes: lane p of plane j
// is 0xFF when bit j of round-key byte (row-major) p is set, else 0x00 -
// the round key broadcast to all eight block slots. (Nr+1) * 128 bytes,
// 1920 for AES-256. The conversion from standard FIPS-197 round keys is a
// per-lane bit test (PCMPEQB / VTST), no branch and no table. The standard
// key expansion (FIPS-197 §5.2) is the shared one of bitsliced_sbox.h, with
// SubWord through the same S-box circuit on uint32_t planes.
//
// Constant time. Every operation on key or data is a fixed sequence of
// SIMD logic ops, constant shifts and constant shuffles; loads and stores
// use addresses that depend only on public values (round, block index,
// length). A batch always holds eight blocks: shorter inputs (tails, lone
// blocks, CBC encryption) run on a zero-padded batch, never on a table.
//
// An ISA shim `Isa` provides:
//   V                          the register type; ^, & and ~ act bitwise
//   load(p) / store(p, v)      16 unaligned bytes
//   splat(byte)                byte broadcast
//   shr<n>(v) / shl<n>(v)      shifts of 64-bit lanes, n in {1, 2, 4}
//   shift_rows(v) / inv_shift_rows(v)   the ShiftRows byte permutations
//   rot_rows1(v) / rot_rows2(v)         lane p <- lane p+4 / p+8 (mod 16)
//   transpose4x4(v)            byte order column-major <-> row-major
//   bit_mask(k, bit)           0xFF in lanes where k & bit != 0, else 0
#ifndef CTCRYPTO_AES_BSAES_CORE_H_
#define CTCRYPTO_AES_BSAES_CORE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/ct.h"
#include "crypto/aes/bitsliced_sbox.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

// ---------------------------------------------------------------------------
// Engine entry points, defined once per target by the ISA file
// (aes_bsaes_x86_64.cc, aes_bsaes_aarch64.cc, aes_bsaes_arm.cc) and shared
// with the vpaes+bsaes hybrid.

inline constexpr int kBsaesMaxRounds = 14;
inline constexpr size_t kBsaesBatchBlocks = 8;
inline constexpr size_t kBsaesRoundKeyBytes = 128;  // 8 planes x 16 bytes
inline constexpr size_t kBsaesScheduleBytes =
    (kBsaesMaxRounds + 1) * kBsaesRoundKeyBytes;  // 1920

// bsaes_convert_key: (rounds+1) standard FIPS-197 encryption round keys
// (rk[r] = bytes of w[4r..4r+3]) into the bitsliced schedule `bs`
// ((rounds+1) * 128 bytes, any alignment).
void bsaes_convert_key(uint8_t* bs, const uint8_t (*rk)[16], unsigned rounds);

// The bulk operations on a bitsliced schedule; same contracts as the
// AesRow functions of the same names.
void bsaes_ctr32(const uint8_t* bs, unsigned rounds, const uint8_t* in,
                 uint8_t* out, size_t blocks, const uint8_t counter[16]);
void bsaes_cbc_decrypt(const uint8_t* bs, unsigned rounds, const uint8_t* in,
                       uint8_t* out, size_t blocks, uint8_t iv[16]);
// n (0..8) blocks, each independently (ECB), in place allowed.
void bsaes_encrypt_blocks(const uint8_t* bs, unsigned rounds,
                          const uint8_t* in, uint8_t* out, size_t n);
void bsaes_decrypt_blocks(const uint8_t* bs, unsigned rounds,
                          const uint8_t* in, uint8_t* out, size_t n);
// XTS on `blocks` (>= 1) whole blocks with the tweaks tweak * alpha^i,
// `tweak` updated to tweak * alpha^blocks (XtsKernel::encrypt_bulk's
// contract, crypto/modes/xts_kernel.h); in place allowed.
void bsaes_xts_encrypt(const uint8_t* bs, unsigned rounds, const uint8_t* in,
                       uint8_t* out, size_t blocks, uint8_t tweak[16]);
void bsaes_xts_decrypt(const uint8_t* bs, unsigned rounds, const uint8_t* in,
                       uint8_t* out, size_t blocks, uint8_t tweak[16]);

// ---------------------------------------------------------------------------
// Standard key expansion (FIPS-197 §5.2), constant time.

// bsaes_expand_key: the (rounds+1) encryption round keys of `key`
// (key_len 16, 24 or 32; rounds = 6 + key_len/4), as bytes; the expansion
// itself is bs_expand_key of bitsliced_sbox.h.
inline void bsaes_expand_key(const uint8_t* key, size_t key_len,
                             unsigned rounds, uint8_t (*rk)[16]) {
  const size_t total = 4 * (static_cast<size_t>(rounds) + 1);
  uint32_t w[4 * (kBsaesMaxRounds + 1)];
  bs_expand_key(key, key_len, rounds, w);
  for (size_t i = 0; i < total; i++)
    for (int b = 0; b < 4; b++)
      rk[i / 4][4 * (i % 4) + static_cast<size_t>(b)] =
          static_cast<uint8_t>(w[i] >> (8 * b));
  secure_zero(w, sizeof(w));
}

// ---------------------------------------------------------------------------
// The engine, generic over the ISA shim.

template <class Isa>
struct BsaesEngine {
  using V = typename Isa::V;

  // Exchanges bit k of each byte of `lo` with bit k+s ... the swap-move of
  // the transpose: bits (mask << s) of lo trade places with bits mask of hi.
  template <int kShift>
  static CTCRYPTO_BS_INLINE void swap_move(V& lo, V& hi, V mask) {
    const V t = (Isa::template shr<kShift>(lo) ^ hi) & mask;
    hi = hi ^ t;
    lo = lo ^ Isa::template shl<kShift>(t);
  }

  // 8x8 bit transpose across the registers, per byte lane; an involution.
  static CTCRYPTO_BS_INLINE void ortho(V q[8]) {
    const V m1 = Isa::splat(0x55), m2 = Isa::splat(0x33), m4 = Isa::splat(0x0F);
    swap_move<1>(q[0], q[1], m1);
    swap_move<1>(q[2], q[3], m1);
    swap_move<1>(q[4], q[5], m1);
    swap_move<1>(q[6], q[7], m1);
    swap_move<2>(q[0], q[2], m2);
    swap_move<2>(q[1], q[3], m2);
    swap_move<2>(q[4], q[6], m2);
    swap_move<2>(q[5], q[7], m2);
    swap_move<4>(q[0], q[4], m4);
    swap_move<4>(q[1], q[5], m4);
    swap_move<4>(q[2], q[6], m4);
    swap_move<4>(q[3], q[7], m4);
  }

  // Full batch from 128 contiguous bytes.
  static CTCRYPTO_BS_INLINE void load8(V q[8], const uint8_t* in) {
#pragma GCC unroll 8
    for (int b = 0; b < 8; b++) q[b] = Isa::transpose4x4(Isa::load(in + 16 * b));
    ortho(q);
  }

  static CTCRYPTO_BS_INLINE void store8(V q[8], uint8_t* out) {
    ortho(q);
#pragma GCC unroll 8
    for (int b = 0; b < 8; b++) Isa::store(out + 16 * b, Isa::transpose4x4(q[b]));
  }

  static CTCRYPTO_BS_INLINE void add_round_key(V q[8], const uint8_t* k) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = q[j] ^ Isa::load(k + 16 * j);
  }

  static CTCRYPTO_BS_INLINE void shift_rows(V q[8]) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = Isa::shift_rows(q[j]);
  }

  static CTCRYPTO_BS_INLINE void inv_shift_rows(V q[8]) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = Isa::inv_shift_rows(q[j]);
  }

  // Multiplication by x modulo x^8 + x^4 + x^3 + x + 1, on planes.
  static CTCRYPTO_BS_INLINE void xtime(V o[8], const V a[8]) {
    const V hi = a[7];
    o[7] = a[6];
    o[6] = a[5];
    o[5] = a[4];
    o[4] = a[3] ^ hi;
    o[3] = a[2] ^ hi;
    o[2] = a[1];
    o[1] = a[0] ^ hi;
    o[0] = hi;
  }

  // InvSubBytes / MixColumns: the shim's own, when it has one (ARMv7 NEON
  // lays them out for its 16 registers), else the generic code here.
  static CTCRYPTO_BS_INLINE void inv_sub_bytes(V q[8]) {
    if constexpr (requires { Isa::inv_sub_bytes(q); }) {
      Isa::inv_sub_bytes(q);
    } else {
      bs_inv_sub_bytes(q);
    }
  }

  static CTCRYPTO_BS_INLINE void mix_columns(V q[8]) {
    if constexpr (requires { Isa::mix_columns(q); }) {
      Isa::mix_columns(q);
      return;
    }
    V r1[8], t[8], t2[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      r1[j] = Isa::rot_rows1(q[j]);
      t[j] = q[j] ^ r1[j];
    }
    xtime(t2, t);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = t2[j] ^ r1[j] ^ Isa::rot_rows2(t[j]);
  }

  // a_r -> a_r ^ 4 (a_r ^ a_{r+2}), then MixColumns.
  static CTCRYPTO_BS_INLINE void inv_mix_columns(V q[8]) {
    V w[8], w2[8], w4[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) w[j] = q[j] ^ Isa::rot_rows2(q[j]);
    xtime(w2, w);
    xtime(w4, w2);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = q[j] ^ w4[j];
    mix_columns(q);
  }

  // The rounds may be the shim's own (Isa::full_round, Isa::last_round:
  // the generated SSSE3 asm of bsaes_ssse3_x86_64.h), else the generic
  // steps above.
  //
  // encrypt with a hook called after each full round r = 1 .. nr-1 (at
  // least 9): a stitched mode (the x86 GCM loop of the vpaes+bsaes row)
  // puts independent work there, e.g. one GHASH block per round, so the
  // out-of-order core overlaps its latency chain with the round's logic.
  template <class Hook>
  static CTCRYPTO_BS_INLINE void encrypt_hooked(const uint8_t* bs, unsigned nr,
                                                V q[8], Hook&& hook) {
    add_round_key(q, bs);
    for (unsigned r = 1; r < nr; r++) {
      if constexpr (requires { Isa::full_round(q, bs); }) {
        Isa::full_round(q, bs + r * kBsaesRoundKeyBytes);
      } else {
        bs_sub_bytes(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, bs + r * kBsaesRoundKeyBytes);
      }
      hook(r);
    }
    // The schedule pointer made opaque: otherwise the last round key's
    // loads may be hoisted above the round loop and their registers spilled
    // to the frame, a copy of key material left on the stack.
    __asm__("" : "+r"(bs));
    if constexpr (requires { Isa::last_round(q, bs); }) {
      Isa::last_round(q, bs + nr * kBsaesRoundKeyBytes);
    } else {
      bs_sub_bytes(q);
      shift_rows(q);
      add_round_key(q, bs + nr * kBsaesRoundKeyBytes);
    }
  }

  // The shim's own cipher when it has one (ARMv7 NEON: the full rounds as
  // one asm loop), else the rounds above with no hook.
  static CTCRYPTO_BS_INLINE void encrypt(const uint8_t* bs, unsigned nr, V q[8]) {
    if constexpr (requires { Isa::encrypt(bs, nr, q); }) {
      Isa::encrypt(bs, nr, q);
    } else {
      encrypt_hooked(bs, nr, q, [](unsigned) {});
    }
  }

  // The rounds may be the shim's own (Isa::inv_round, Isa::inv_last_round:
  // the generated SSSE3 asm), else the generic steps.
  static CTCRYPTO_BS_INLINE void decrypt(const uint8_t* bs, unsigned nr, V q[8]) {
    add_round_key(q, bs + nr * kBsaesRoundKeyBytes);
    for (unsigned r = nr - 1; r > 0; r--) {
      if constexpr (requires { Isa::inv_round(q, bs); }) {
        Isa::inv_round(q, bs + r * kBsaesRoundKeyBytes);
      } else {
        inv_shift_rows(q);
        inv_sub_bytes(q);
        add_round_key(q, bs + r * kBsaesRoundKeyBytes);
        inv_mix_columns(q);
      }
    }
    // Opaque, as in encrypt_hooked: the first round key's loads stay after
    // the loop.
    __asm__("" : "+r"(bs));
    if constexpr (requires { Isa::inv_last_round(q, bs); }) {
      Isa::inv_last_round(q, bs);
    } else {
      inv_shift_rows(q);
      inv_sub_bytes(q);
      add_round_key(q, bs);
    }
  }

  // The shim's own wipe when it has one (ARMv7 NEON, SSSE3: in the
  // registers, so the
  // planes' address is not taken and they are not stored every round).
  static CTCRYPTO_BS_INLINE void wipe_regs(V q[8]) {
    if constexpr (requires { Isa::wipe_regs(q); }) {
      Isa::wipe_regs(q);
    } else {
      secure_zero(q, 8 * sizeof(V));
    }
  }

  // ---- entry points ------------------------------------------------------

  // The eight bit constants are built once and the plane loop is unrolled:
  // a variable shift + GPR-to-vector DUP per plane made this ~1700 cycles
  // for AES-128 on Cortex-A53 (llvm-mca), a cost the vpaes+bsaes hybrid
  // pays on every bulk call.
  static void convert_key(uint8_t* bs, const uint8_t (*rk)[16],
                          unsigned rounds) {
    V bit[8];
    _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++) {
      bit[j] = Isa::splat(static_cast<uint8_t>(1u << j));
    }
    for (unsigned r = 0; r <= rounds; r++) {
      const V k = Isa::transpose4x4(Isa::load(rk[r]));
      _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++) {
        Isa::store(bs + r * kBsaesRoundKeyBytes + 16 * j,
                   Isa::bit_mask(k, bit[j]));
      }
    }
  }

  // n (0..8) blocks through one padded batch.
  template <bool kDecrypt>
  [[gnu::noinline]] static void crypt_blocks(const uint8_t* bs, unsigned nr, const uint8_t* in,
                           uint8_t* out, size_t n) {
    alignas(16) uint8_t buf[128] = {};
    std::memcpy(buf, in, 16 * n);
    V q[8];
    load8(q, buf);
    if (kDecrypt) {
      decrypt(bs, nr, q);
    } else {
      encrypt(bs, nr, q);
    }
    store8(q, buf);
    std::memcpy(out, buf, 16 * n);
    wipe_regs(q);
    secure_zero(buf, sizeof(buf));
  }

  static constexpr size_t tkey_bytes() {
    if constexpr (requires { Isa::kTransposedKeyBytes; }) {
      return Isa::kTransposedKeyBytes;
    } else {
      return 16;
    }
  }

  [[gnu::noinline]] static void ctr32(const uint8_t* bs, unsigned nr,
                                      const uint8_t* in,
                    uint8_t* out, size_t blocks, const uint8_t counter[16]) {
    // A shim with kTransposedIo (ARMv7) takes the counter blocks already in
    // the engine's byte order (transpose4x4: byte i of a block at lane
    // 4 (i mod 4) + i / 4), built in registers by its ctr_nonce (the
    // transposed counter block without its last four bytes, once per call)
    // and ctr_block (the nonce with the four big-endian counter bytes, in
    // lanes 3, 7, 11, 15), and returns the keystream in block order (its
    // encrypt_transposed, with the round keys it needs made once here,
    // Isa::kTransposedKeyBytes of them), so neither the counters nor the
    // keystream go through transpose4x4 per block, nor through memory.
    constexpr bool kTOut = requires { Isa::kTransposedIo; };
    [[maybe_unused]] alignas(16) uint8_t ctr[kTOut ? 16 : 128];
    [[maybe_unused]] V nonce;
    if constexpr (kTOut) {
      nonce = Isa::ctr_nonce(counter);
    } else {
      for (int b = 0; b < 8; b++) std::memcpy(ctr + 16 * b, counter, 12);
    }
    uint32_t c = load_be32(counter + 12);
    [[maybe_unused]] alignas(16) uint8_t tkey[tkey_bytes()];
    if constexpr (kTOut) Isa::transpose_keys(tkey, bs, nr);
    V q[8];
    while (blocks > 0) {
      if constexpr (kTOut) {
#pragma GCC unroll 8
        for (int b = 0; b < 8; b++) {
          // c is secret when GCM derived it from a long nonce (J0 =
          // GHASH_H(IV)); see below for the opaque index.
          q[b] = Isa::ctr_block(nonce, c + ct_opaque(static_cast<uint32_t>(b)));
        }
        ortho(q);
        Isa::encrypt_transposed(bs, nr, q, tkey);
      } else {
        for (int b = 0; b < 8; b++) {
          // c is secret when GCM derived it from a long nonce (J0 =
          // GHASH_H(IV)); the opaque index keeps `c + b` from becoming the
          // loop's induction variable (an end test on the secret sum).
          const uint32_t v = c + ct_opaque(static_cast<uint32_t>(b));  // mod 2^32
          store_be32(ctr + 16 * b + 12, v);
        }
        load8(q, ctr);
        encrypt(bs, nr, q);
      }
      if (blocks >= 8) {
        ortho(q);
#pragma GCC unroll 8
        for (int b = 0; b < 8; b++) {
          if constexpr (kTOut) {
            Isa::store(out + 16 * b, Isa::load(in + 16 * b) ^ q[b]);
          } else {
            Isa::store(out + 16 * b, Isa::load(in + 16 * b) ^
                                         Isa::transpose4x4(q[b]));
          }
        }
        in += 128;
        out += 128;
        blocks -= 8;
      } else {
        // Tail: the keystream of the padded batch, of which `blocks` are used.
        alignas(16) uint8_t ks[128];
        if constexpr (kTOut) {
          ortho(q);
#pragma GCC unroll 8
          for (int b = 0; b < 8; b++) Isa::store(ks + 16 * b, q[b]);
          // Whole blocks (the count is public).
          for (size_t b = 0; b < blocks; b++) {
            Isa::store(out + 16 * b,
                       Isa::load(in + 16 * b) ^ Isa::load(ks + 16 * b));
          }
        } else {
          store8(q, ks);
          for (size_t i = 0; i < 16 * blocks; i++) out[i] = in[i] ^ ks[i];
        }
        secure_zero(ks, sizeof(ks));
        blocks = 0;
      }
      c += 8;
    }
    // tkey (the shim's prepared round keys) is not wiped here: it lies in
    // this (out-of-line) function's frame, which the entry point's
    // scrub_stack overwrites whole after the return (Isa::kFrameScrubBytes
    // covers it; tests/stack_residue_test.cc checks the residue).
    wipe_regs(q);
  }

  [[gnu::noinline]] static void cbc_decrypt(const uint8_t* bs, unsigned nr,
                                            const uint8_t* in,
                          uint8_t* out, size_t blocks, uint8_t iv[16]) {
    // ct keeps [previous ciphertext block | this batch's ciphertext], since
    // out may be in.
    alignas(16) uint8_t ct[16 + 128];
    std::memcpy(ct, iv, 16);
    V q[8];
    while (blocks > 0) {
      const size_t n = blocks < 8 ? blocks : 8;
      if (n < 8) std::memset(ct + 16, 0, 128);  // the padding is public
      std::memcpy(ct + 16, in, 16 * n);
      load8(q, ct + 16);
      decrypt(bs, nr, q);
      ortho(q);
      for (size_t b = 0; b < n; b++) {
        Isa::store(out + 16 * b, Isa::transpose4x4(q[b]) ^ Isa::load(ct + 16 * b));
      }
      std::memcpy(ct, ct + 16 * n, 16);
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
    }
    std::memcpy(iv, ct, 16);
    wipe_regs(q);
  }

  // xts: XTS (IEEE 1619 5.3.1 / 5.4.1) on `blocks` whole blocks, block i
  // with the tweak T_i = tweak * alpha^i; `tweak` is updated to
  // tweak * alpha^blocks (the XtsKernel contract, crypto/modes/xts_kernel.h).
  // Whole 8-block batches, the last one padded when blocks is not a
  // multiple of 8 (the padding lanes carry only their tweaks, and their
  // output is dropped). The whitening is fused with the batch's transposes:
  // the tweak XOR rides on the block load before transpose4x4 and on the
  // output store after it, so a batch is one pass over the data (the path
  // without a kernel whitens in passes of its own around the ECB entry).
  //
  // Tweaks: made in general registers (two 64-bit halves, a shift and the
  // bit out of x^127 as a 0x87 mask, as the aesni kernel) one batch ahead
  // into a stack buffer that the batch's vector loads read. Eight doublings
  // a batch are a few dozen integer operations beside a bitsliced batch of
  // well over a thousand vector ones, and they need nothing of the shim;
  // the buffer is wiped before return.
  template <bool kDecrypt>
  [[gnu::noinline]] static void xts(const uint8_t* bs, unsigned nr,
                                    const uint8_t* in, uint8_t* out,
                                    size_t blocks, uint8_t tweak[16]) {
    alignas(16) uint8_t tw[2][128];
    uint64_t lo, hi;
    std::memcpy(&lo, tweak, 8);
    std::memcpy(&hi, tweak + 8, 8);
    xts_fill(lo, hi, tw[0]);
    size_t j = 0, n = 0;
    V q[8];
    while (blocks > 0) {
      n = blocks < 8 ? blocks : 8;
      const uint8_t* t = tw[j];
      if (n == 8) {
#pragma GCC unroll 8
        for (int b = 0; b < 8; b++) {
          q[b] = Isa::transpose4x4(Isa::load(in + 16 * b) ^
                                   Isa::load(t + 16 * b));
        }
      } else {
        // The padded last batch (n is public).
#pragma GCC unroll 8
        for (size_t b = 0; b < 8; b++) {
          q[b] = b < n ? Isa::transpose4x4(Isa::load(in + 16 * b) ^
                                           Isa::load(t + 16 * b))
                       : Isa::splat(0);
        }
      }
      // The next batch's tweaks while this one runs (the last fill also
      // gives the tweak after a full last batch).
      xts_fill(lo, hi, tw[j ^ 1]);
      ortho(q);
      if (kDecrypt) {
        decrypt(bs, nr, q);
      } else {
        encrypt(bs, nr, q);
      }
      ortho(q);
      for (size_t b = 0; b < n; b++) {
        Isa::store(out + 16 * b,
                   Isa::transpose4x4(q[b]) ^ Isa::load(t + 16 * b));
      }
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
      if (n == 8) j ^= 1;
    }
    // The next tweak: after a whole last batch the first of the buffer
    // filled during it, after a padded one its own T_n.
    std::memcpy(tweak, tw[j] + 16 * (n % 8), 16);
    wipe_regs(q);
    secure_zero(tw, sizeof(tw));
  }

  // xts_fill: the eight tweaks from (lo, hi) as 16-byte little-endian
  // images into t; (lo, hi) advanced by alpha^8. The bit shifted out of
  // x^127 selects the reduction 0x87 through a mask, never a branch.
  static CTCRYPTO_BS_INLINE void xts_fill(uint64_t& lo, uint64_t& hi,
                                          uint8_t* t) {
#pragma GCC unroll 8
    for (int b = 0; b < 8; b++) {
      std::memcpy(t + 16 * b, &lo, 8);
      std::memcpy(t + 16 * b + 8, &hi, 8);
      const uint64_t c = 0 - (hi >> 63);
      hi = (hi << 1) | (lo >> 63);
      lo = (lo << 1) ^ (c & 0x87);
    }
  }
};

// ISA-file glue: defines the engine entry points for one shim.
// kBsaesFrameScrubBytes: more than the frame of any engine batch loop on
// the five targets. The loops keep the bitsliced state (key- and
// data-dependent) and, on register pressure, pieces of round keys in spill
// slots that no wipe inside them can name; each entry point below scrubs
// that area once per call, after the (out-of-line) loop returned.
// A shim whose loop needs more says so (Isa::kFrameScrubBytes: ARMv7,
// whose CTR keeps its transposed and fixsliced round keys in its frame).
inline constexpr size_t kBsaesFrameScrubBytes = 1024;
template <class Isa>
constexpr size_t bsaes_frame_scrub_bytes() {
  if constexpr (requires { Isa::kFrameScrubBytes; }) {
    return Isa::kFrameScrubBytes > kBsaesFrameScrubBytes
               ? Isa::kFrameScrubBytes
               : kBsaesFrameScrubBytes;
  } else {
    return kBsaesFrameScrubBytes;
  }
}

#define CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaType)                          \
  void bsaes_convert_key(uint8_t* bs, const uint8_t(*rk)[16],                \
                         unsigned rounds) {                                  \
    BsaesEngine<IsaType>::convert_key(bs, rk, rounds);                       \
  }                                                                          \
  void bsaes_ctr32(const uint8_t* bs, unsigned rounds, const uint8_t* in,    \
                   uint8_t* out, size_t blocks, const uint8_t counter[16]) { \
    BsaesEngine<IsaType>::ctr32(bs, rounds, in, out, blocks, counter);       \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }                                                                          \
  void bsaes_cbc_decrypt(const uint8_t* bs, unsigned rounds,                 \
                         const uint8_t* in, uint8_t* out, size_t blocks,     \
                         uint8_t iv[16]) {                                   \
    BsaesEngine<IsaType>::cbc_decrypt(bs, rounds, in, out, blocks, iv);      \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }                                                                          \
  void bsaes_encrypt_blocks(const uint8_t* bs, unsigned rounds,              \
                            const uint8_t* in, uint8_t* out, size_t n) {     \
    BsaesEngine<IsaType>::template crypt_blocks<false>(bs, rounds, in, out,  \
                                                       n);                   \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }                                                                          \
  void bsaes_decrypt_blocks(const uint8_t* bs, unsigned rounds,              \
                            const uint8_t* in, uint8_t* out, size_t n) {     \
    BsaesEngine<IsaType>::template crypt_blocks<true>(bs, rounds, in, out,   \
                                                      n);                    \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }                                                                          \
  void bsaes_xts_encrypt(const uint8_t* bs, unsigned rounds,                 \
                         const uint8_t* in, uint8_t* out, size_t blocks,     \
                         uint8_t tweak[16]) {                                \
    BsaesEngine<IsaType>::template xts<false>(bs, rounds, in, out, blocks,   \
                                              tweak);                        \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }                                                                          \
  void bsaes_xts_decrypt(const uint8_t* bs, unsigned rounds,                 \
                         const uint8_t* in, uint8_t* out, size_t blocks,     \
                         uint8_t tweak[16]) {                                \
    BsaesEngine<IsaType>::template xts<true>(bs, rounds, in, out, blocks,    \
                                             tweak);                         \
    scrub_stack<bsaes_frame_scrub_bytes<IsaType>()>();                      \
  }

// ---------------------------------------------------------------------------
// The `bsaes` row's functions over the entry points: the key storage holds
// the bitsliced schedule; single blocks and CBC encryption (inherently
// serial) run one block in a padded batch - slow, but constant time.

struct BsaesRow {
  static void set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
    static_assert(kBsaesScheduleBytes <= kAesKeyStorageBytes,
                  "bitsliced schedule must fit in AesKeyState::storage");
    uint8_t rk[kBsaesMaxRounds + 1][16];
    bsaes_expand_key(key, key_len, s->rounds, rk);
    bsaes_convert_key(s->storage, rk, s->rounds);
    secure_zero(rk, sizeof(rk));
  }

  static void encrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out[16]) {
    bsaes_encrypt_blocks(s->storage, s->rounds, in, out, 1);
  }

  static void decrypt_block(const AesKeyState* s, const uint8_t in[16],
                            uint8_t out[16]) {
    bsaes_decrypt_blocks(s->storage, s->rounds, in, out, 1);
  }

  static void ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                    size_t blocks, const uint8_t counter[16]) {
    bsaes_ctr32(s->storage, s->rounds, in, out, blocks, counter);
  }

  // cbc_encrypt: also CBC-MAC's path (CCM, CMAC), where the last chain
  // block x is the MAC: wiped, or a failed verify would leave a valid tag
  // for the caller's message here (the batch's bit planes are in
  // bsaes_encrypt_blocks's frame, which its entry point scrubs).
  static void cbc_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks, uint8_t iv[16]) {
    uint8_t x[16];
    std::memcpy(x, iv, 16);
    for (size_t k = 0; k < blocks; k++) {
      for (int i = 0; i < 16; i++)
        x[i] ^= in[16 * k + static_cast<size_t>(i)];
      bsaes_encrypt_blocks(s->storage, s->rounds, x, x, 1);
      std::memcpy(out + 16 * k, x, 16);
    }
    std::memcpy(iv, x, 16);
    secure_zero(x, sizeof(x));
  }

  static void cbc_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks, uint8_t iv[16]) {
    bsaes_cbc_decrypt(s->storage, s->rounds, in, out, blocks, iv);
  }

  // ecb_encrypt / ecb_decrypt: whole batches of 8, the last one padded.
  static void ecb_encrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks) {
    for (; blocks > 0; in += 128, out += 128) {
      const size_t n = blocks < kBsaesBatchBlocks ? blocks : kBsaesBatchBlocks;
      bsaes_encrypt_blocks(s->storage, s->rounds, in, out, n);
      blocks -= n;
    }
  }

  static void ecb_decrypt(const AesKeyState* s, const uint8_t* in,
                          uint8_t* out, size_t blocks) {
    for (; blocks > 0; in += 128, out += 128) {
      const size_t n = blocks < kBsaesBatchBlocks ? blocks : kBsaesBatchBlocks;
      bsaes_decrypt_blocks(s->storage, s->rounds, in, out, n);
      blocks -= n;
    }
  }

  // row: the "bsaes" row of an ISA file, which needs `caps` at run time.
  static constexpr AesRow row(uint32_t caps) {
    AesRow r = basic_row<BsaesRow>("bsaes", caps);
    r.ecb_encrypt = ecb_encrypt;
    return r;
  }
  // decrypt_row: its inverse cipher.
  static constexpr AesDecryptRow decrypt_row(const AesRow* row) {
    AesDecryptRow r = basic_decrypt_row<BsaesRow>(row);
    r.ecb_decrypt = ecb_decrypt;
    return r;
  }
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_BSAES_CORE_H_
