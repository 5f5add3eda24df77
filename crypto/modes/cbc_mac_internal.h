// cbc_mac_internal.h: the CBC-MAC chain step that CCM (SP 800-38C) and CMAC
// (SP 800-38B) share.
#ifndef CTCRYPTO_MODES_CBC_MAC_INTERNAL_H_
#define CTCRYPTO_MODES_CBC_MAC_INTERNAL_H_

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {

// cbc_mac_blocks: folds n whole blocks at p into the chain value x
// (X_i = E_K(X_{i-1} XOR M_i)) through the row's cbc_encrypt, x being the
// iv. cbc_encrypt writes every chained value; only the last (left in x) is
// wanted, so the others go to a stack scratch of at most 16 blocks (256
// bytes) per call, wiped afterwards as far as it was written.
inline void cbc_mac_blocks(const AesKeyState& a, uint8_t x[16],
                           const uint8_t* p, size_t n) {
  constexpr size_t kScratchBlocks = 16;
  if (n == 0) return;
  alignas(16) uint8_t scratch[16 * kScratchBlocks];
  size_t used = 0;
  while (n) {
    const size_t k = n < kScratchBlocks ? n : kScratchBlocks;
    a.row->cbc_encrypt(&a, p, scratch, k, x);
    if (k > used) used = k;
    p += 16 * k;
    n -= k;
  }
  secure_zero(scratch, 16 * used);
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_CBC_MAC_INTERNAL_H_
