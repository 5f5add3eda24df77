// aes_armv8.h: what the ARMv8 AES row's file exports besides its row: the
// one-pass CBC-MAC+CTR loops, for CCM's kernel of this row
// (crypto/modes/ccm_kernel.h). Defined in aes_armv8_impl.h (one build per
// family: aes_armv8_aarch64.cc, aes_armv8_arm.cc).
#ifndef CTCRYPTO_AES_AES_ARMV8_H_
#define CTCRYPTO_AES_AES_ARMV8_H_

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"

namespace ctcrypto::internal {

void armv8_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);
void armv8_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_AES_ARMV8_H_
