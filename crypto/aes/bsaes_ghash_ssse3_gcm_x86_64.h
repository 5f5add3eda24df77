// bsaes_ghash_ssse3_gcm_x86_64.h: the stitched GCM batches of bitsliced AES
// (SSSE3) and the "ssse3" GHASH row, defined in
// bsaes_ghash_ssse3_gcm_x86_64.cc and used by the x86 vpaes+bsaes row's
// gcm_seal_bulk / gcm_open_bulk (vpaes_bsaes_hybrid.h).
#ifndef CTCRYPTO_AES_BSAES_GHASH_SSSE3_GCM_X86_64_H_
#define CTCRYPTO_AES_BSAES_GHASH_SSSE3_GCM_X86_64_H_

#include <cstddef>
#include <cstdint>

#include "crypto/ghash/ghash_row.h"

namespace ctcrypto::internal {

// `batches` whole 8-block batches of GCM encryption (seal) or decryption
// (open) on the bitsliced schedule `bs`: CTR from `counter` (the first
// block's counter block, not updated; 32-bit big-endian tail mod 2^32), and
// the ciphertext folded into `xi` with the GHASH key `g`, which kGhashSsse3
// set up. in == out allowed.
void bsaes_gcm_seal_ssse3(const uint8_t* bs, unsigned rounds,
                          const GhashKeyState* g, const uint8_t* in,
                          uint8_t* out, size_t batches,
                          const uint8_t counter[16], uint8_t xi[16]);
void bsaes_gcm_open_ssse3(const uint8_t* bs, unsigned rounds,
                          const GhashKeyState* g, const uint8_t* in,
                          uint8_t* out, size_t batches,
                          const uint8_t counter[16], uint8_t xi[16]);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_BSAES_GHASH_SSSE3_GCM_X86_64_H_
