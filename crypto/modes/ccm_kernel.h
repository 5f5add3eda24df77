// ccm_kernel.h: the CCM kernel table: CBC-MAC and CTR in one pass, each
// kernel for one AES row (whose key layout it reads).
//
// CCM's CBC-MAC is a serial chain of AES calls, one AES latency per block;
// the independent keystream block of the same index rides in its latency
// shadow, so a row that keeps two or more blocks in flight (AES-NI, ARMv8,
// vpaes 2x) gets CTR almost for free. The loops are AES only, so their
// bodies live with their engine (crypto/aes, exported by the engine's
// internal header); which row uses which loop is CCM's choice and lives
// here: AesCcm's init looks its AES row up once and records the kernel (or
// none: cbc_encrypt for the MAC and ctr32 for the keystream, two passes)
// in the key. The table is generated like the row tables (crypto/rows.bzl,
// keyed = True, table "ccm"); a kernel's `uses` are its AES row's.
#ifndef CTCRYPTO_MODES_CCM_KERNEL_H_
#define CTCRYPTO_MODES_CCM_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"

namespace ctcrypto::internal {

struct CcmKernel {
  const char* name;        // the AES row's
  const AesRow* aes;       // the row it serves

  // seal_bulk / open_bulk: one pass over `blocks` whole blocks that does
  // both for every block i (0-based):
  //   seal: mac = E(mac XOR P_i), C_i = P_i XOR E(ctr_i)
  //   open: P_i = C_i XOR E(ctr_i), mac = E(mac XOR P_i)
  // with ctr_i = `counter` whose last 4 bytes are incremented i times as a
  // 32-bit big-endian integer (as ctr32; `counter` is not updated). `mac`
  // is updated. in and out equal (in place) or disjoint. The caller never
  // lets the 32-bit tail wrap inside one call (it splits at 2^32 and
  // carries into CCM's wider counter field itself), so kernels need not
  // handle a carry.
  void (*seal_bulk)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                    size_t blocks, const uint8_t counter[16], uint8_t mac[16]);
  void (*open_bulk)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                    size_t blocks, const uint8_t counter[16], uint8_t mac[16]);
};

// ccm_kernel_table: the kernels of this configuration (generated,
// ccm_kernel_table.cc).
std::span<const CcmKernel* const> ccm_kernel_table();
extern const uint32_t kCcmKernelUses[];

// find_ccm_kernel: the kernel of `table` for `aes`, or null.
const CcmKernel* find_ccm_kernel(std::span<const CcmKernel* const> table,
                                 const AesRow* aes);

// The kernels: each entry in a file of its own, ccm_kernel_<row>.cc (so
// that the entry of a row a build drops is dropped with it); the loops in
// their engines' files.
extern const CcmKernel kCcmVaes;
extern const CcmKernel kCcmAesni;
extern const CcmKernel kCcmArmv8;
extern const CcmKernel kCcmVpaesBsaes;
extern const CcmKernel kCcmVpaes;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_CCM_KERNEL_H_
