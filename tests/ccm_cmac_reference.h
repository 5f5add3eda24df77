// ccm_cmac_reference.h: deliberately naive AES-CCM and AES-CMAC for the
// randomised tests, written from SP 800-38C / RFC 3610 and SP 800-38B /
// RFC 4493 with AesKey::encrypt_block one block at a time: the whole
// formatted CBC-MAC input is built as one byte string, every counter block
// is formatted from its index. They share no code with crypto/modes/.
#ifndef CTCRYPTO_TESTS_CCM_CMAC_REFERENCE_H_
#define CTCRYPTO_TESTS_CCM_CMAC_REFERENCE_H_

#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "tests/test_util.h"

namespace ctcrypto_test {

// RefCcmSeal: ciphertext || tag (tag_len 4..16 even, nonce 7..13 bytes).
Bytes RefCcmSeal(const ctcrypto::AesKey& key, std::span<const uint8_t> nonce,
                 std::span<const uint8_t> in, std::span<const uint8_t> ad,
                 size_t tag_len);

// RefCmac: the full 16-byte CMAC of msg.
Bytes RefCmac(const ctcrypto::AesKey& key, std::span<const uint8_t> msg);

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_CCM_CMAC_REFERENCE_H_
