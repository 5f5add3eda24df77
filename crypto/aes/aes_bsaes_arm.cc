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
// loop went from 215 to 213 cycles.
//
// On its own this row serves every call with bitsliced batches; the
// vpaes+bsaes hybrid (aes_vpaes_bsaes_arm.cc) uses the same engine entry
// points for its bulk calls and vpaes below its threshold.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_neon.h"
#include "crypto/aes/bsaes_neon_arm.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is one 8-block
// bitsliced batch per iteration of its outer loop; the loop measured is
// the round loop inside it (selected by its 34 VAND: the ANDs of one
// S-box circuit, bsaes_neon_arm_sbox.inc). One iteration is one round of
// the 128-byte batch; AES-128 has 10 rounds, so an iteration is 1/10 of
// 128 bytes = 12.8 bytes of AES-128 keystream (counter set-up,
// orthogonalisation, last round and the XOR outside the loop are not
// counted; as bench/mca_loops.txt for nohw). The vpaes+bsaes row's bulk
// (vpaes_bsaes_hybrid.h) calls this file's bsaes_ctr32 after converting
// the key, so it is the same loop.
// mca-loop: aes=bsaes IsaNeonV7>::ctr32( 12.8 vand=34
// mca-loop: aes=vpaes+bsaes IsaNeonV7>::ctr32( 12.8 vand=34

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
// v[SR[T[p]]] (see encrypt_transposed).
struct ByteIdx {
  alignas(16) uint8_t idx[16];
};
constexpr ByteIdx make_tsr() {
  ByteIdx r{};
  for (int p = 0; p < 16; p++) r.idx[p] = kShiftRows[kTranspose[p]];
  return r;
}
alignas(16) constexpr ByteIdx kTransposeShiftRows = make_tsr();
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
  // CTR (BsaesEngine::ctr32): the blocks enter and leave in column-major
  // byte order, without transpose4x4 per block on either side. The byte
  // transposition T is a lane permutation (an involution), and the steps
  // around it act lane by lane (AddRoundKey, SubBytes, and the
  // orthogonalisation, which moves bits only within a byte lane), so
  //   - in: the planes of the untransposed blocks are T(P) for the true
  //     planes P; AddRoundKey with T(K0) and SubBytes keep that form, and
  //     round 1's ShiftRows index composed with T (make_round_idx) undoes it;
  //   - out: T(SR(x) ^ K) = TSR(x) ^ T(K), one shuffle per plane as SR was.
  // The two round keys in T order are made once per call (transpose_keys):
  // 32 VTBL.8 per batch of 8 blocks fewer (4 a block; under QEMU's TCG
  // each is a helper call), 32 more per call.
  static constexpr bool kTransposedIo = true;
  // The CTR loop's frame with the two transposed keys: 968 bytes of locals
  // and 100 of saved registers (gcc 12 -O2), over the default 1024 that the
  // entry points scrub after each call.
  static constexpr size_t kFrameScrubBytes = 1280;
  static void transpose_keys(uint8_t t[256], const uint8_t* bs, unsigned nr) {
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      store(t + 16 * j, transpose4x4(load(bs + 16 * j)));
      store(t + 128 + 16 * j,
            transpose4x4(load(bs + nr * kBsaesRoundKeyBytes + 16 * j)));
    }
  }
  static CTCRYPTO_BS_INLINE void encrypt_transposed(const uint8_t* bs,
                                                    unsigned nr, V q[8],
                                                    const uint8_t* tkeys) {
    static constexpr bsaes_neon_arm::RoundIdx kIdx =
        bsaes_neon_arm::make_round_idx(kShiftRows, kTranspose);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) q[j] = q[j] ^ load(tkeys + 16 * j);
    bsaes_neon_arm::full_rounds(q, bs + kBsaesRoundKeyBytes, nr - 1, kIdx);
    __asm__("" : "+r"(tkeys));
    bsaes_neon_arm::sub_bytes(q);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
      q[j] = tbl16(q[j], kTransposeShiftRows.idx) ^ load(tkeys + 128 + 16 * j);
    }
  }
};

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaNeonV7)

extern const AesBackend kAesBsaes = BsaesRow::row(kCapNeon);
extern const AesDecryptRow kAesBsaesDecrypt = BsaesRow::decrypt_row(&kAesBsaes);

}  // namespace ctcrypto::internal
