// aes_bsaes_arm.cc: bitsliced AES on armv7 NEON ("bsaes").
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight 128-bit NEON registers, one
// register per bit plane, the Boyar–Peralta S-box circuit on whole
// registers, ShiftRows as VTBL with constant indices and MixColumns as
// VEXT rotations. The algorithm, data layout and constant-time argument live
// in bsaes_core.h (one source for every ISA); this file is the armv7 shim.
// ARMv7 has no 16-byte TBL: a shuffle of a Q register is two VTBL.8 (with a
// two-register table) producing the two D halves. The rounds themselves
// are laid out for the 16 Q registers in bsaes_neon_arm.h (a generated,
// register-allocated asm loop; the generic round spills on ARMv7). Every
// instruction used (VEOR/VAND/VMVN, VSHR/VSHL by constants, VTBL with a
// constant index vector, VEXT, VTST, VLD1/VST1 at public addresses) has
// data-independent timing.
//
// Under QEMU's TCG (the emulated armv7 target) every VTBL.8 is a helper
// call looping over its eight index bytes, while VEOR/VAND/VEXT/shifts are
// inline: the round's rot1 is therefore a VEXT of the shifted plane
// (bsaes_neon_arm_sbox_gen.py) and CTR runs on untransposed blocks
// (encrypt_transposed), 20.7 VTBL.8 per 16 bytes of a 16 KiB GCM seal
// (counted with a TCG plugin), was 44.8; the llvm-mca cortex-a9 round
// loop went from 215 to 213 cycles. CTR's rounds 1 .. Nr-1 are now
// fixsliced (no ShiftRows, encrypt_transposed): for AES-128 16 VTBL.8 a
// batch of 8 blocks (the last round) instead of 160, plus 18 a call
// (T(K_Nr) and the counter block's T), i.e. about 2.3 per 16 bytes of a GCM seal's 1 KiB chunks
// (counted from the code, not measured), and the cortex-a9 model's
// four-round loop takes 812 cycles (203 a round; 15.9 cycles per byte,
// was 16.6).
//
// On its own this row serves every call with bitsliced batches; the
// vpaes+bsaes hybrid (aes_vpaes_bsaes_arm.cc) uses the same engine entry
// points for its bulk calls and vpaes below its threshold.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_neon.h"
#include "crypto/aes/bsaes_neon_arm.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is one 8-block
// bitsliced batch per iteration of its outer loop; the loop measured is
// the fixsliced round loop inside it (selected by its 136 VAND: the ANDs
// of four S-box circuits, bsaes_neon_arm_sbox.inc), four rounds (frames
// 1, 2, 3, 0) of the 128-byte batch; AES-128 has 10 rounds, so an
// iteration is 4/10 of 128 bytes = 51.2 bytes of AES-128 keystream
// (rounds 1 .. Nr-1 all run in it, AES-128's nine leaving through an
// exit after the first round of the third iteration; counter set-up,
// orthogonalisation, last round and the XOR outside the loop are not
// counted; as bench/mca_loops.txt for nohw). The vpaes+bsaes row's bulk
// (vpaes_bsaes_hybrid.h) calls this file's bsaes_ctr32 after converting
// the key, so it is the same loop.
// mca-loop: aes=bsaes IsaNeonV7>::ctr32( 51.2 vand=136
// mca-loop: aes=vpaes+bsaes IsaNeonV7>::ctr32( 51.2 vand=136
// CBC decryption (bsaes_core.h's cbc_decrypt): its loop runs one
// decryption round (InvSubBytes, AddRoundKey, InvMixColumns) of an 8-block
// batch, 1/10 of 128 bytes of AES-128 (the last round, the
// orthogonalisations and the chaining outside it not counted).
// mca-loop: aes=bsaes IsaNeonV7>::cbc_decrypt( 12.8 vand=34

namespace ctcrypto::internal {
namespace {

using bsaes_neon::kInvShiftRows;
using bsaes_neon::kShiftRows;
using bsaes_neon::kTranspose;

// A Q-register shuffle by a constant index: VTBL on the {lo, hi} table.
// (The memcpy view of the Q register as a D pair spares GCC the moves that
// vget_low/vget_high would cost.)
inline uint8x16_t tbl16(uint8x16_t v, const uint8_t* idx) {
  uint8x8x2_t t;
  __builtin_memcpy(&t, &v, 16);
  return vcombine_u8(vtbl2_u8(t, vld1_u8(idx)), vtbl2_u8(t, vld1_u8(idx + 8)));
}

// TSR: ShiftRows followed by transpose4x4 as one index, (T o SR)(v)[p] =
// v[SR[T[p]]] (see encrypt_transposed), for planes in fixslicing frame f
// (bsaes_neon_arm.h): the true lane SR[T[p]] is stored at SR^f of it.
struct ByteIdx {
  alignas(16) uint8_t idx[16];
};
constexpr ByteIdx make_last_idx(unsigned f) {
  const bsaes_neon_arm::Idx16 back = bsaes_neon_arm::sr_pow(kShiftRows, f);
  ByteIdx r{};
  for (int p = 0; p < 16; p++) r.idx[p] = back.idx[kShiftRows[kTranspose[p]]];
  return r;
}
// The word rotations of transpose_keys are the frame permutations: with
// little-endian lanes, rotating row word r left by n bits moves byte c to
// byte c + n / 8 (mod 4), i.e. stored lane 4 r + c takes lane
// 4 r + (c - n / 8) mod 4; n + 32 must be the right count (-32: zero).
constexpr bool rotations_are_frames(const int32_t (&left)[4][4],
                                    const int32_t (&right)[4][4]) {
  for (unsigned f = 0; f < 4; f++) {
    const bsaes_neon_arm::Idx16 pi = bsaes_neon_arm::frame_perm(kShiftRows, f);
    for (int r = 0; r < 4; r++) {
      if (left[f][r] % 8 != 0 || left[f][r] < 0 || left[f][r] > 24 ||
          right[f][r] != left[f][r] - 32) {
        return false;
      }
      for (int c = 0; c < 4; c++) {
        if (pi.idx[4 * r + c] != 4 * r + (c - left[f][r] / 8 + 4) % 4) {
          return false;
        }
      }
    }
  }
  return true;
}
template <size_t n>
constexpr unsigned affine_mask(const int (&planes)[n]) {
  unsigned m = 0;
  for (int a : planes) m |= 1u << a;
  return m;
}
alignas(16) constexpr uint8_t kIdentity[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                               8, 9, 10, 11, 12, 13, 14, 15};

struct IsaNeonV7 : bsaes_neon::NeonOps {
  // Lane 4r + c <- lane 4r + (c + r) mod 4, and the inverse.
  static inline V shift_rows(V v) { return tbl16(v, kShiftRows); }
  static inline V inv_shift_rows(V v) {
    return tbl16(v, kInvShiftRows);
  }
  static inline V transpose4x4(V v) { return tbl16(v, kTranspose); }
  // Register-budgeted steps of the decryption rounds (bsaes_neon_arm.h).
  static CTCRYPTO_BS_INLINE void inv_sub_bytes(V q[8]) {
    bsaes_neon_arm::inv_sub_bytes(q);
  }
  static CTCRYPTO_BS_INLINE void mix_columns(V q[8]) {
    bsaes_neon_arm::mix_columns(q);
  }
  static CTCRYPTO_BS_INLINE void wipe_regs(V q[8]) {
    bsaes_neon_arm::wipe_regs(q);
  }
  // The cipher: AddRoundKey, the nr - 1 full rounds as one asm loop, the
  // last round (SubBytes, ShiftRows, AddRoundKey).
  static CTCRYPTO_BS_INLINE void encrypt(const uint8_t* bs, unsigned nr, V q[8]) {
    static constexpr bsaes_neon_arm::RoundIdx kIdx =
        bsaes_neon_arm::make_round_idx(kShiftRows, kIdentity);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = q[j] ^ load(bs + 16 * j);
    bsaes_neon_arm::full_rounds(q, bs + kBsaesRoundKeyBytes, nr - 1, kIdx);
    // The schedule pointer made opaque (as in bsaes_core.h): the last
    // round key's loads stay after the loop instead of being hoisted into
    // registers the asm clobbers, i.e. spilled to the frame.
    __asm__("" : "+r"(bs));
    bsaes_neon_arm::sub_bytes(q);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      q[j] = shift_rows(q[j]) ^ load(bs + nr * kBsaesRoundKeyBytes + 16 * j);
    }
  }
  // CTR (BsaesEngine::ctr32): the counter blocks come in the engine's byte
  // order (ctr_nonce and ctr_block below), the keystream leaves in block order, so no block goes
  // through transpose4x4 (4 VTBL.8 each). The rounds 1 .. Nr-1 are
  // fixsliced (bsaes_neon_arm.h, bsaes_neon_arm_sbox_gen.py): no ShiftRows
  // (16 VTBL.8 a round per batch of 8 blocks, each a helper call under
  // QEMU's TCG), the planes in frame round mod 4 and the round keys with
  // them. The last round's one shuffle per plane does ShiftRows, brings
  // the planes back from frame (Nr - 1) mod 4 (1 for AES-128 and AES-256,
  // 3 for AES-192) and transposes the bytes to block order T (an
  // involution): T(SR(x) ^ K) = shuffle(x) ^ T(K). transpose_keys makes,
  // once per call, T(K_Nr) (16 VTBL.8) and K_1 .. K_Nr-1 each in its
  // round's frame (word rotations, no shuffle). The rounds' S-box lacks
  // the affine constant (0x63 in every byte, which ShiftRows and
  // MixColumns leave as it is: bsaes_neon_arm_sbox_gen.py), so K_1 .. K_Nr
  // carry it, complemented in the planes kAffinePlanes: four VMVN a round
  // fewer.
  static constexpr bool kTransposedIo = true;
  // T(K_Nr), then K_1 .. K_13 (AES-256 at most).
  static constexpr size_t kTransposedKeyBytes = 14 * kBsaesRoundKeyBytes;
  // The CTR loop's frame with those keys, which it leaves unwiped to the
  // entry point's scrub: 2372 bytes of locals and 100 of saved registers
  // (gcc 12 -O2), about 2260 in all with clang 14, over the default 1024
  // that the entry points scrub after each call.
  static constexpr size_t kFrameScrubBytes = 2560;
  static constexpr int kAffinePlanes[] = CTCRYPTO_BSAES_ARM_SBOX_AFFINE_PLANES;
  // The planes as a bit mask, a constant that the unrolled plane loops
  // fold (a search of kAffinePlanes per plane was left as a run-time loop).
  static constexpr unsigned kAffineMask = affine_mask(kAffinePlanes);
  // Plane j of a round key that carries SubBytes' constant.
  static inline V with_affine(V v, int j) {
    return (kAffineMask >> j) & 1 ? vmvnq_u8(v) : v;
  }
  // CTR's counter blocks in the engine's byte order (BsaesEngine::ctr32),
  // made in registers: ctr_nonce is T(counter block) with the lanes of its
  // bytes 12..15 (3, 7, 11, 15: the top byte of each 32-bit word) cleared,
  // once per call; ctr_block puts the big-endian counter v there: byte
  // 12 + k of it, bits 24 - 8k .. 31 - 8k of v, is the top byte of v
  // shifted left by 8k, so one VDUP, one VSHL by the constant counts
  // {0, 8, 16, 24}, a VAND and a VORR per block, no byte store.
  static inline V ctr_nonce(const uint8_t counter[16]) {
    return vbicq_u8(transpose4x4(load(counter)),
                    vreinterpretq_u8_u32(vdupq_n_u32(0xFF000000u)));
  }
  static inline V ctr_block(V nonce, uint32_t v) {
    alignas(16) static constexpr int32_t kCtrShift[4] = {0, 8, 16, 24};
    const uint32x4_t w = vandq_u32(vshlq_u32(vdupq_n_u32(v), vld1q_s32(kCtrShift)),
                                   vdupq_n_u32(0xFF000000u));
    return vorrq_u8(nonce, vreinterpretq_u8_u32(w));
  }
  static void transpose_keys(uint8_t* t, const uint8_t* bs, unsigned nr) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      store(t + 16 * j,
            with_affine(transpose4x4(
                            load(bs + nr * kBsaesRoundKeyBytes + 16 * j)),
                        j));
    }
    // Frame f (bsaes_neon_arm.h) as a key permutation: frame_perm(f) =
    // SR^-f rotates the 32-bit row word r left by 8 r f bits, i.e. a
    // VSHL left and a VSHL right (negative counts; by 32 it gives zero)
    // per word by constant counts: inline code under QEMU's TCG, where a
    // VTBL.8 is a helper call (the counts are checked against frame_perm
    // below).
    static constexpr int32_t kLeft[4][4] = {
        {0, 0, 0, 0}, {0, 8, 16, 24}, {0, 16, 0, 16}, {0, 24, 16, 8}};
    static constexpr int32_t kRight[4][4] = {{-32, -32, -32, -32},
                                             {-32, -24, -16, -8},
                                             {-32, -16, -32, -16},
                                             {-32, -8, -16, -24}};
    static_assert(rotations_are_frames(kLeft, kRight));
    // nr and so the frames are public.
    for (unsigned r = 1; r < nr; r++) {
      const uint8_t* k = bs + r * kBsaesRoundKeyBytes;
      uint8_t* o = t + r * kBsaesRoundKeyBytes;
      const unsigned f = r % 4;
      if (f == 0) {
#pragma GCC unroll 8
        for (int j = 0; j < 8; j++) {
          store(o + 16 * j, with_affine(load(k + 16 * j), j));
        }
      } else {
        const int32x4_t left = vld1q_s32(kLeft[f]);
        const int32x4_t right = vld1q_s32(kRight[f]);
#pragma GCC unroll 8
        for (int j = 0; j < 8; j++) {
          const uint32x4_t w = vreinterpretq_u32_u8(load(k + 16 * j));
          store(o + 16 * j,
                with_affine(vreinterpretq_u8_u32(vorrq_u32(
                                vshlq_u32(w, left), vshlq_u32(w, right))),
                            j));
        }
      }
    }
  }
  static CTCRYPTO_BS_INLINE void encrypt_transposed(const uint8_t* bs,
                                                    unsigned nr, V q[8],
                                                    const uint8_t* tkeys) {
    // The last round's shuffle from frame f: lane p <- the stored lane of
    // true lane SR[T[p]], SR^f of it.
    static constexpr ByteIdx kLast[4] = {make_last_idx(0), make_last_idx(1),
                                         make_last_idx(2), make_last_idx(3)};
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = q[j] ^ load(bs + 16 * j);
    bsaes_neon_arm::full_rounds_fixsliced(q, tkeys + kBsaesRoundKeyBytes,
                                          nr - 1);
    __asm__("" : "+r"(tkeys));
    bsaes_neon_arm::sbox_circuit<false>(q);  // the constant is in T(K_Nr)
    const uint8_t* last = kLast[(nr - 1) % 4].idx;
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      q[j] = tbl16(q[j], last) ^ load(tkeys + 16 * j);
    }
  }
};

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaNeonV7)

extern const AesRow kAesBsaes = BsaesRow::row(kCapNeon);
extern const AesDecryptRow kAesBsaesDecrypt = BsaesRow::decrypt_row(&kAesBsaes);

}  // namespace ctcrypto::internal
