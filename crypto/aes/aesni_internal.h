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
// The stitched GCM and TLS-CBC loops over these keys are the modes'
// kernels (crypto/modes/gcm_aesni_x86_64.cc, gcm_vaes_x86_64.cc,
// crypto/tls/tls_cbc_sha_aesni_x86_64.cc), which include this header for
// the key layout and the CTR helpers.
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

// add_ctr: the byte-reversed counter c plus i in its low dword (GCM's inc32
// on a PSHUFB-reversed block; wraps mod 2^32).
static inline __m128i add_ctr(__m128i c, int i) {
  return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, i));
}

// ctr_n: N blocks of CTR from byte-reversed counter c.
template <int N>
static inline __attribute__((always_inline)) void ctr_n(
    const __m128i* rk, int nr, __m128i c, const uint8_t* in, uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    b[i] = _mm_aesenclast_si128(b[i], kl);
    storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  }
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
// CCM's CBC-MAC and CTR in one pass: the CCM kernels of the aesni and vaes
// rows (crypto/modes/ccm_kernel.h; the MAC chain is serial, so wider
// vectors would not help it).
void aesni_ccm_seal_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);
void aesni_ccm_open_bulk(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                         size_t blocks, const uint8_t counter[16],
                         uint8_t mac[16]);

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_AES_AESNI_INTERNAL_H_
