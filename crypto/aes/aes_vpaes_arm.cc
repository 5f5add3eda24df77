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

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/vpaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/aes/vpaes_neon.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is 2 blocks at a
// time, and the loop measured is the round loop inside it (selected by its
// 48 VTBL.8: 12 16-byte lookups per block and round, two D-register VTBLs
// each). One iteration is one round of the 32-byte pair; AES-128 has 10
// rounds, so an iteration is 1/10 of 32 bytes = 3.2 bytes of AES-128
// keystream (input transform, last round and the XOR outside the loop are
// not counted; as bench/mca_loops.txt for nohw).
// mca-loop: aes=vpaes Neon32>::ctr32( 3.2 vtbl.8=48

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
};

using Impl = vpaes::Vpaes<Neon32>;

}  // namespace

extern const AesBackend kAesVpaes = Impl::row("vpaes", kCapNeon);
extern const AesDecryptRow kAesVpaesDecrypt = Impl::decrypt_row(&kAesVpaes);

void vpaes_export_enc_round_keys(const AesKeyState* s, uint8_t rk[15][16]) {
  Impl::export_enc(s, rk);
}

}  // namespace ctcrypto::internal
