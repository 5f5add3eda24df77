// tls_cbc_kernel.h: the TLS-CBC kernel table: stitched CBC encryption and
// SHA compression loops, each for one pair of rows (an AES row and the
// SHA row of the record's HMAC).
//
// A TLS-CBC record is MAC-then-encrypt: both chains are serial, and a loop
// that interleaves them instruction by instruction keeps both busy (see
// tls_cbc_sha_aesni_x86_64.cc). Such a loop belongs to neither the AES nor
// the SHA table: TlsCbcAead's init looks its pair up here once and records
// the kernel (or none: the two chains alternate in 64-byte calls) in the
// key. The table is generated like the row tables (crypto/rows.bzl, keyed
// = True, table "tls_cbc"); a kernel's `uses` are the union of its pair's.
#ifndef CTCRYPTO_TLS_TLS_CBC_KERNEL_H_
#define CTCRYPTO_TLS_TLS_CBC_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"

namespace ctcrypto::internal {

struct TlsCbcKernel {
  const char* name;        // "<aes row>+<sha row>"
  const AesRow* aes;       // the pair it serves
  const ShaRow* sha;

  // seal_steps: n steps, step i compressing the 64-byte block
  // hash_in + 64 i into the SHA chaining value `h` and CBC-encrypting the
  // four blocks in + 64 i to out + 64 i with chaining value `iv` (updated).
  // in and out equal (in place) or disjoint; hash_in may lie ahead of in in
  // the same buffer (a step reads its SHA block and its plaintext before it
  // writes any ciphertext).
  void (*seal_steps)(const AesKeyState* s, HashState* h,
                     const uint8_t* hash_in, const uint8_t* in, uint8_t* out,
                     size_t n, uint8_t iv[16]);
};

// tls_cbc_kernel_table: the kernels of this configuration (generated,
// tls_cbc_kernel_table.cc).
std::span<const TlsCbcKernel* const> tls_cbc_kernel_table();
extern const uint32_t kTlsCbcKernelUses[];

// find_tls_cbc_kernel: the kernel of `table` for the pair (aes, sha), or
// null.
const TlsCbcKernel* find_tls_cbc_kernel(
    std::span<const TlsCbcKernel* const> table, const AesRow* aes,
    const ShaRow* sha);

// The kernels (tls_cbc_sha_<aes row>_x86_64.cc).
extern const TlsCbcKernel kTlsCbcVaesSha1;
extern const TlsCbcKernel kTlsCbcVaesSha256;
extern const TlsCbcKernel kTlsCbcAesniSha1;
extern const TlsCbcKernel kTlsCbcAesniSha256;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TLS_TLS_CBC_KERNEL_H_
