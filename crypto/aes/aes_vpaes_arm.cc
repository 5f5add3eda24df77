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
  static V tbl(V table, V idx) {
    uint8x8x2_t t;
    t.val[0] = vget_low_u8(table);
    t.val[1] = vget_high_u8(table);
    return vcombine_u8(vtbl2_u8(t, vget_low_u8(idx)),
                       vtbl2_u8(t, vget_high_u8(idx)));
  }
};

using Impl = vpaes::Vpaes<Neon32>;

}  // namespace

extern const AesBackend kAesVpaes = Impl::row("vpaes", kCapNeon);
extern const AesDecryptRow kAesVpaesDecrypt = Impl::decrypt_row(&kAesVpaes);

void vpaes_export_enc_round_keys(const AesKeyState* s, uint8_t rk[15][16]) {
  Impl::export_enc(s, rk);
}

}  // namespace ctcrypto::internal
