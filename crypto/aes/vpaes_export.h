// vpaes_export.h: standard round keys out of a vpaes key schedule, and the
// vpaes loops other rows and the mode kernels call by name.
//
// For rows that keep keys in vpaes form and need another form on
// demand (the vpaes+bsaes hybrid, vpaes_bsaes_hybrid.h, on every ISA
// converts to bitsliced round keys for bulk work). Only the vpaes-form schedule is stored; this recovers the
// FIPS-197 encryption round keys from it with vector-permute basis changes
// (constant time: every secret byte goes through register shuffles only).
//
// Declared for every ISA that compiles vpaes (x86_64 SSSE3, AArch64 NEON,
// ARMv7 NEON); defined in that ISA's aes_vpaes_*.cc.
#ifndef CTCRYPTO_AES_VPAES_EXPORT_H_
#define CTCRYPTO_AES_VPAES_EXPORT_H_

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"

namespace ctcrypto::internal {

// vpaes_export_enc_round_keys: for a key set up by kAesVpaes (s->row ==
// &kAesVpaes), writes rk[0..s->rounds], round r being FIPS-197's round key r
// (words w[4r..4r+3]) in FIPS byte order. Rows past s->rounds are not
// written. The caller wipes rk when done.
void vpaes_export_enc_round_keys(const AesKeyState* s, uint8_t rk[15][16]);

// vpaes_ccm_seal_bulk / vpaes_ccm_open_bulk: vpaes's one-pass CBC-MAC+CTR
// loops (vpaes_core.h, ccm_bulk) as entry points, for CCM's kernels of the
// rows with a vpaes-form key (vpaes, vpaes+bsaes; crypto/modes/
// ccm_kernel.h), with CcmKernel::seal_bulk's contract.
void vpaes_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);
void vpaes_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_VPAES_EXPORT_H_
