// reference.h: deliberately naive reference implementations used by the
// randomised tests: the AES block cipher and key expansion written straight
// from FIPS-197 (byte-oriented, S-box from the GF(2^8) inverse and the
// affine map), CTR and CBC built from AesKey::encrypt_block /
// decrypt_block one block at a time, GHASH as the bitwise GF(2^128)
// multiplication of SP 800-38D Algorithm 1, and AES-GCM assembled from
// those. They share no code with the library. Test-only: the AES model
// indexes tables with data and is not constant time.
#ifndef CTCRYPTO_TESTS_REFERENCE_H_
#define CTCRYPTO_TESTS_REFERENCE_H_

#include <array>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "tests/test_util.h"

namespace ctcrypto_test {

using Block = std::array<uint8_t, 16>;

// RefAesExpandKey: FIPS-197 KeyExpansion of a 16-, 24- or 32-byte key: the
// round keys w[0 .. 4(Nr+1)) as 16(Nr+1) bytes, round key r at 16r.
Bytes RefAesExpandKey(std::span<const uint8_t> key);
// RefAesEncryptBlock / RefAesDecryptBlock: FIPS-197 Cipher and InvCipher.
Block RefAesEncryptBlock(std::span<const uint8_t> key, const Block& in);
Block RefAesDecryptBlock(std::span<const uint8_t> key, const Block& in);

// RefGfMul: X * Y in GCM's bit-reflected GF(2^128) (SP 800-38D, 6.3).
Block RefGfMul(const Block& x, const Block& y);
// RefGhash: GHASH_H over `data` zero-padded to whole blocks, starting from
// accumulator `xi` (zero by default).
Block RefGhash(const Block& h, std::span<const uint8_t> data,
               Block xi = Block{});

// RefGfInverse: X^-1 (X != 0), as X^(2^128 - 2).
Block RefGfInverse(const Block& x);
// RefJ0: GCM's pre-counter block for `nonce` under hash key h.
Block RefJ0(const Block& h, std::span<const uint8_t> nonce);
// NonceForJ0: a 16-byte nonce whose J0 is `j0` (solves
// J0 = N*H^2 ^ L*H for N), to steer the counter to chosen values such as
// a 32-bit tail just below the wrap.
Bytes NonceForJ0(const Block& h, const Block& j0);

// RefCtr32 / RefCtr128: CTR with GCM's inc32 / a 128-bit big-endian counter.
Bytes RefCtr32(const ctcrypto::AesKey& key, const Block& counter,
               std::span<const uint8_t> in);
Bytes RefCtr128(const ctcrypto::AesKey& key, const Block& counter,
                std::span<const uint8_t> in);
// RefCbc*: whole blocks only; `iv` is not modified.
Bytes RefCbcEncrypt(const ctcrypto::AesKey& key, const Block& iv,
                    std::span<const uint8_t> in);
Bytes RefCbcDecrypt(const ctcrypto::AesKey& key, const Block& iv,
                    std::span<const uint8_t> in);

// RefGcmSeal: ciphertext || tag (tag truncated to tag_len). nonce may have
// any non-zero length.
Bytes RefGcmSeal(const ctcrypto::AesKey& key, std::span<const uint8_t> nonce,
                 std::span<const uint8_t> in, std::span<const uint8_t> ad,
                 size_t tag_len = 16);

Block ToBlock(std::span<const uint8_t> b);  // first 16 bytes (zero-padded)

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_REFERENCE_H_
