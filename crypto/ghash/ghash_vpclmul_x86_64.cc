// ghash_vpclmul_x86_64.cc: GHASH with VPCLMULQDQ on 512-bit vectors (row
// "vpclmul").
//
// Technique. The CLMUL row's arithmetic (crypto/aes/aesni_internal.h:
// byte-reflected blocks, Karatsuba, Montgomery-style fold by the reciprocal
// polynomial, key powers pre-multiplied by x), four blocks per ZMM register:
// VPCLMULQDQ multiplies each 128-bit lane independently, so sixteen blocks
// take 4 x 3 VPCLMULQDQs against x*H^16..x*H^1 (four aligned ZMM loads of
// the key), their unreduced sums are folded across lanes with XORs, and one
// reduction follows. The serial dependency through Xi is one multiply and
// reduce per 16 blocks. A remainder of 9..15 blocks is one masked ZMM pass
// (one reduction); up to 8 use the 128-bit code (one reduction).
//
// Data layout. Identical to the clmul row (ClmulKey), and init() is the
// clmul row's: it already computes 16 powers.
//
// Constant time. As for the clmul row: carry-less multiplies, XOR, shuffles
// with constant controls; indices and branches depend only on block counts.
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_backend.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

void vpclmul_update(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                    size_t blocks) {
  const ClmulKey* k = clmul_key(g);
  __m128i x = bswap128(loadu(xi));
  while (blocks >= 16) {
    x = ghash16(k, x, in);
    in += 256;
    blocks -= 16;
  }
  if (blocks > 8) {
    x = ghash_tail16(k, x, in, blocks);
  } else if (blocks) {
    x = ghash_n(k, x, in, blocks);
  }
  storeu(xi, bswap128(x));
}

}  // namespace

}  // namespace x86hw

const GhashBackend kGhashVpclmul = {
    "vpclmul",
    kCapPclmul | kCapSsse3 | kCapAvx | kCapAvx2 | kCapVaes | kCapAvx512,
    x86hw::clmul_init,
    x86hw::vpclmul_update,
};

}  // namespace ctcrypto::internal
