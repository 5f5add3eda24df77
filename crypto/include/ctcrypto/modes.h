// modes.h: CTR and CBC (SP 800-38A) over an AesKey.
//
// Every function checks its arguments before writing anything: a wrong
// length or a bad overlap returns an error with `out` untouched. `in` and
// `out` may be the same buffer (in place) but must not otherwise overlap.
#ifndef CTCRYPTO_MODES_H_
#define CTCRYPTO_MODES_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

// aes_ctr32: out = in XOR keystream; counter block i is `counter` with its
// last 32 bits incremented i times modulo 2^32 (GCM's inc32). Any length;
// out.size() must be >= in.size().
Status aes_ctr32(const AesKey& key, std::span<const uint8_t, 16> counter,
                 std::span<const uint8_t> in, std::span<uint8_t> out);

// aes_ctr128: as aes_ctr32 but the whole 16-byte counter block is one
// 128-bit big-endian integer (SP 800-38A's standard incrementing function,
// wrapping modulo 2^128).
Status aes_ctr128(const AesKey& key, std::span<const uint8_t, 16> counter,
                  std::span<const uint8_t> in, std::span<uint8_t> out);

// aes_cbc_encrypt / aes_cbc_decrypt: whole blocks only (kInvalidLength
// otherwise), no padding. `iv` is updated to the last ciphertext block, so
// consecutive calls continue one chain.
Status aes_cbc_encrypt(const AesKey& key, std::span<uint8_t, 16> iv,
                       std::span<const uint8_t> in, std::span<uint8_t> out);
Status aes_cbc_decrypt(const AesKey& key, std::span<uint8_t, 16> iv,
                       std::span<const uint8_t> in, std::span<uint8_t> out);

}  // namespace ctcrypto

#endif  // CTCRYPTO_MODES_H_
