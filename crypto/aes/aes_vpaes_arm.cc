// aes_vpaes_arm.cc: vpaes on ARMv7 with NEON VTBL.
//
// The algorithm (Hamburg, CHES 2009: AES as 16-entry nibble lookups done by
// a byte shuffle with the table in registers) lives once in vpaes_core.h;
// this file supplies the vector operations it needs. ARMv7 has no 128-bit
// table lookup: VTBL.8 with a two-register list looks up 8 index bytes in a
// 16-byte table held in two D registers, so a 16-byte lookup is two VTBLs,
// one per half of the index vector, on the same {low, high} table pair.
// VTBL returns 0 for an index >= 16, which realizes the core's
// "1/0 = 0x80 = infinity" convention. The state never indexes memory, so
// the code is constant time.
// The pair is one asm statement on the D halves of the Q registers: built
// from vget_low/vget_high/vcombine, GCC 12 moved every table and result
// through extra Q registers and spilled them in the 2-block loop (llvm-mca
// cortex-a9 round loop 253 cycles, with the asm 99; a 16-byte GCM seal ran
// 2159 guest instructions in ctr32, now 1057).
#include <arm_neon.h>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/aes/vpaes_neon.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is 2 blocks at a
// time, and the loop measured is the round loop inside it (selected by its
// 40 VTBL.8: 10 16-byte lookups per block and round, two D-register VTBLs
// each; the odd rounds' two extra VREV32.16 per block are counted in every
// iteration). One iteration is one round of the 32-byte pair; AES-128 has
// 10 rounds, so an iteration is 1/10 of 32 bytes = 3.2 bytes of AES-128
// keystream (input transform, last round and the XOR outside the loop are
// not counted; as bench/mca_loops.txt for nohw).
// mca-loop: aes=vpaes Neon32>::ctr32( 3.2 vtbl.8=40

namespace ctcrypto::internal {
namespace {

struct Neon32 : vpaes::NeonOps {
  // The two VTBL.8 in one asm statement on the Q registers' D halves
  // (%e/%f): written with vget_low/vget_high/vcombine, GCC 12 copies the
  // table and the result through extra Q registers (VMOV = VORR), which
  // then spill in the 2-block loop.
  static V tbl(V table, V idx) {
    V r;
    __asm__("vtbl.8 %e0, {%e1, %f1}, %e2\n\t"
            "vtbl.8 %f0, {%e1, %f1}, %f2"
            : "=&w"(r)
            : "w"(table), "w"(idx));
    return r;
  }
  // tbl on bytes 8..15 only (the high D half); bytes 0..7 stay idx's. For
  // ctr32, whose counter blocks share bytes 0..7 (vpaes_core.h).
  static V tbl_hi(V table, V idx) {
    V r = idx;
    __asm__("vtbl.8 %f0, {%e1, %f1}, %f0" : "+w"(r) : "w"(table));
    return r;
  }
  static V join(V lo, V hi) { return vcombine_u8(vget_low_u8(lo), vget_high_u8(hi)); }
  // MixColumns' C^2 without a lookup (vpaes_core.h, rot2): VREV32.16 swaps
  // the 2-byte halves of each column; in odd rounds the columns also move
  // by two, i.e. the D halves trade places, which costs nothing when the
  // two VREV32.16 write the halves crosswise. Cortex-A9 (llvm-mca): a
  // D-register VREV issues in one cycle like a VTBL.8, so this is the
  // lookup's cost or half of it, and one table register fewer; in QEMU a
  // VTBL.8 is a helper call and VREV inline code.
  static V rev32_16(V x) {
    return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(x)));
  }
  static V rev32_16_swap64(V x) {
    V r;
    __asm__("vrev32.16 %e0, %f1\n\t"
            "vrev32.16 %f0, %e1"
            : "=&w"(r)
            : "w"(x));
    return r;
  }
};

using Impl = vpaes::Vpaes<Neon32>;

}  // namespace

CTCRYPTO_VPAES_DEFINE_ROW(Impl, kCapNeon)

}  // namespace ctcrypto::internal
