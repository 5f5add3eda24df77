// aesni_internal.h: the AES-NI key layout and functions shared by the two
// x86 hardware AES rows (aes_aesni_x86_64.cc, aes_vaes_x86_64.cc: the VAES
// row reuses the AES-NI key schedule, single blocks, CBC encryption and
// short runs).
//
//   AES (AesKeyState::storage): encryption round keys rk[0..Nr] at byte 0,
//   decryption round keys for AESDEC (the "equivalent inverse cipher" of
//   FIPS-197 5.3.5: reversed, InvMixColumns applied with AESIMC to the middle
//   ones) at byte 256. Each round key is the 16 bytes AESENC XORs in.
//
// The GHASH arithmetic their stitched GCM loops use is the GHASH rows'
// (crypto/ghash/ghash_clmul_core.h): aesni pairs with clmul, vaes with
// vpclmul.
//
// Constant time: AES-NI, XOR, shifts and shuffles with constant controls;
// every memory index is public (round number, block number).
//
// Helpers here have internal linkage (static inline), for the reason given
// in crypto/simd_x86_64.h.
#ifndef CTCRYPTO_AES_AESNI_INTERNAL_H_
#define CTCRYPTO_AES_AESNI_INTERNAL_H_

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal::x86hw {

inline constexpr size_t kEncKeyOffset = 0;
inline constexpr size_t kDecKeyOffset = 256;
static_assert(kDecKeyOffset + 15 * 16 <= kAesKeyStorageBytes);

static inline const __m128i* enc_keys(const AesKeyState* s) {
  return reinterpret_cast<const __m128i*>(s->storage + kEncKeyOffset);
}
static inline const __m128i* dec_keys(const AesKeyState* s) {
  return reinterpret_cast<const __m128i*>(s->storage + kDecKeyOffset);
}

// The AES-NI functions of aes_aesni_x86_64.cc, shared with the VAES row.
void aesni_set_key(AesKeyState* s, const uint8_t* key, size_t key_len);
size_t aesni_set_encrypt_key(AesKeyState* s, const uint8_t* key,
                             size_t key_len);
void aesni_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]);
void aesni_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                         uint8_t out[16]);
void aesni_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]);
void aesni_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t iv[16]);
void aesni_ecb_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks);
void aesni_ecb_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks);
void aesni_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                 size_t blocks, const uint8_t counter[16]);
// The stitched TLS-CBC seal loop with the "shani" SHA-1 / SHA-256 rows
// (aes_row.h, cbc_sha_seal_bulk; aes_aesni_cbc_sha_x86_64.cc); the VAES
// row uses it as it is (CBC encryption is serial).
size_t aesni_cbc_sha_seal_bulk(const AesKeyState* s, const ShaRow* sha,
                               HashState* h, const uint8_t* hash_in,
                               const uint8_t* in, uint8_t* out, size_t n,
                               uint8_t iv[16]);
// CCM's CBC-MAC and CTR in one pass (aes_row.h, ccm_seal_bulk /
// ccm_open_bulk); the VAES row uses them as they are (the MAC chain is
// serial, so wider vectors would not help it).
void aesni_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);
void aesni_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_AES_AESNI_INTERNAL_H_
