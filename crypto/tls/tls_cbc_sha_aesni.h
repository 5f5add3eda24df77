// tls_cbc_sha_aesni.h: the stitched CBC+SHA step loops over the AES-NI key
// layout (tls_cbc_sha_aesni_x86_64.cc), for the TLS-CBC kernels of the two
// rows with that layout, aesni and vaes (TlsCbcKernel::seal_steps).
#ifndef CTCRYPTO_TLS_TLS_CBC_SHA_AESNI_H_
#define CTCRYPTO_TLS_TLS_CBC_SHA_AESNI_H_

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_row.h"
#include "crypto/hash/hash_internal.h"

namespace ctcrypto::internal::x86hw {

void aesni_cbc_sha1_steps(const AesKeyState* s, HashState* h,
                          const uint8_t* hash_in, const uint8_t* in,
                          uint8_t* out, size_t n, uint8_t iv[16]);
void aesni_cbc_sha256_steps(const AesKeyState* s, HashState* h,
                            const uint8_t* hash_in, const uint8_t* in,
                            uint8_t* out, size_t n, uint8_t iv[16]);

}  // namespace ctcrypto::internal::x86hw

#endif  // CTCRYPTO_TLS_TLS_CBC_SHA_AESNI_H_
