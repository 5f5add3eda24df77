// aes_bsaes_aarch64.cc: bitsliced AES on aarch64 NEON ("bsaes").
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight 128-bit NEON registers, one
// register per bit plane, the Boyar–Peralta S-box circuit on whole
// registers, ShiftRows as TBL with constant indices and MixColumns as EXT
// rotations. The algorithm, data layout and constant-time argument live in
// bsaes_core.h (one source for every ISA); this file is the aarch64 shim.
// Every instruction used (EOR/AND/MVN, USHR/SHL by constants, TBL with a
// constant index vector, EXT, CMTST) has data-independent timing.
//
// For cores without the ARMv8 AES instructions (Cortex-A53 built without
// +crypto, or CTCRYPTO_DISABLE=aes). The vpaes+bsaes row
// (aes_vpaes_bsaes_aarch64.cc) uses this file's engine entry points for its
// bulk calls; its threshold comment has the measured crossover.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_neon.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is one 8-block
// bitsliced batch per iteration of its outer loop; the loop measured is
// the round loop inside it (selected by its 8 TBL: ShiftRows
// of the 8 bit planes). One iteration is one round of the 128-byte batch;
// AES-128 has 10 rounds, so an iteration is 1/10 of 128 bytes = 12.8 bytes
// of AES-128 keystream (counter set-up, orthogonalisation, last round and
// the XOR outside the loop are not counted; as bench/mca_loops.txt for
// nohw). The vpaes+bsaes row's bulk (vpaes_bsaes_hybrid.h) calls this
// file's bsaes_ctr32 after converting the key, so it is the same loop.
// mca-loop: aes=bsaes IsaNeonA64>::ctr32( 12.8 tbl=8
// mca-loop: aes=vpaes+bsaes IsaNeonA64>::ctr32( 12.8 tbl=8
// CBC decryption's loop runs one decryption round of the 8-block batch
// (InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns), 1/10 of 128
// bytes of AES-128.
// mca-loop: aes=bsaes IsaNeonA64>::cbc_decrypt( 12.8 tbl=8

namespace ctcrypto::internal {
namespace {

using bsaes_neon::kInvShiftRows;
using bsaes_neon::kShiftRows;
using bsaes_neon::kTranspose;

struct IsaNeonA64 : bsaes_neon::NeonOps {
  // Lane 4r + c <- lane 4r + (c + r) mod 4, and the inverse.
  static inline V shift_rows(V v) { return vqtbl1q_u8(v, vld1q_u8(kShiftRows)); }
  static inline V inv_shift_rows(V v) {
    return vqtbl1q_u8(v, vld1q_u8(kInvShiftRows));
  }
  static inline V transpose4x4(V v) { return vqtbl1q_u8(v, vld1q_u8(kTranspose)); }
};

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaNeonA64)

// Advanced SIMD is architectural on ARMv8-A: no capability bit needed.
extern const AesRow kAesBsaes = BsaesRow::row(/*caps=*/0);
extern const AesDecryptRow kAesBsaesDecrypt = BsaesRow::decrypt_row(&kAesBsaes);

}  // namespace ctcrypto::internal
