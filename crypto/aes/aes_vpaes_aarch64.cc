// aes_vpaes_aarch64.cc: vpaes on AArch64 with NEON TBL.
//
// The algorithm (Hamburg, CHES 2009: AES as 16-entry nibble lookups done by
// a byte shuffle with the table in a register) lives once in vpaes_core.h;
// this file supplies the vector operations it needs. TBL with one table
// register returns 0 for any index >= 16, which realizes the core's
// "1/0 = 0x80 = infinity" convention (1/infinity = 0). Tables sit in
// registers or are loaded from fixed addresses; the state never indexes
// memory, so the code is constant time. This is the AES row for ARMv8 cores
// without the crypto extensions (and with CTCRYPTO_DISABLE=aes).
#include <arm_neon.h>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/vpaes_core.h"
#include "crypto/aes/vpaes_export.h"
#include "crypto/aes/vpaes_neon.h"
#include "crypto/cpu/cpu.h"

// llvm-mca cost model (bench/mca.sh): the bulk of ctr32 is 2 blocks at a
// time, and the loop measured is the round loop inside it (selected by its
// 24 TBL: 12 per block and round). One iteration is one round of the
// 32-byte pair; AES-128 has 10 rounds, so an iteration is 1/10 of 32 bytes
// = 3.2 bytes of AES-128 keystream (input transform, last round and the
// XOR outside the loop are not counted; as bench/mca_loops.txt for nohw).
// mca-loop: aes=vpaes Neon64>::ctr32( 3.2 tbl=24

namespace ctcrypto::internal {
namespace {

struct Neon64 : vpaes::NeonOps {
  static V tbl(V table, V idx) { return vqtbl1q_u8(table, idx); }
};

using Impl = vpaes::Vpaes<Neon64>;

}  // namespace

// Advanced SIMD is architectural on ARMv8-A: no capability bit needed (the
// rows ending the aarch64 table need nothing; nohw is not linked there).
CTCRYPTO_VPAES_DEFINE_ROW(Impl, /*caps=*/0)

}  // namespace ctcrypto::internal
