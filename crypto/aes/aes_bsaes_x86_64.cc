// aes_bsaes_x86_64.cc: bitsliced AES on SSSE3 ("bsaes"), x86_64.
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight XMM registers, one register
// per bit plane, the Boyar–Peralta S-box circuit on whole registers,
// ShiftRows as PSHUFB and MixColumns as PSHUFD rotations. The algorithm,
// data layout and constant-time argument live in bsaes_core.h (one source
// for every ISA); the SSSE3 shim is bsaes_ssse3_x86_64.h, shared with the
// stitched bsaes + ssse3 GHASH loop (crypto/modes/gcm_vpaes_bsaes_x86_64.cc, the
// vpaes+bsaes row's GCM bulk). Its rounds are generated asm with the XMM
// registers allocated by bsaes_ssse3_x86_64_round_gen.py (see the shim).
// This file defines the engine entry points and the row.
//
// Kept next to vpaes because it is not slower in bulk: AES-128 ctr32 of
// the two rows called directly on the (heavily shared, noisy) Zen 4 host,
// ns/block: 8 blocks bsaes 98.5 / vpaes 102.8, 64 blocks 99.2 / 128.9,
// 1024 blocks 91.9 / 97.9; vpaes is 3x faster for 1 block and equal at 4,
// which the GCM head (4 blocks) and single blocks would prefer. Neither
// row is the default: the vpaes+bsaes row ahead of both in the table takes
// vpaes below its threshold and bsaes above it
// (aes_vpaes_bsaes_x86_64.cc); the order of the two plain rows only
// matters with vpaes+bsaes disabled, and was not re-measured on a quiet
// machine.
#include "crypto/aes/aes_row.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/aes/bsaes_ssse3_x86_64.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaSsse3)

extern const AesRow kAesBsaes = BsaesRow::row(kCapSsse3);
extern const AesDecryptRow kAesBsaesDecrypt = BsaesRow::decrypt_row(&kAesBsaes);

}  // namespace ctcrypto::internal
