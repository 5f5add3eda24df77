// gcm_access.h: the library's access to an AesGcm's keys, for gcm.cc and
// the explicit-row set-ups of crypto/testing. AesGcm befriends GcmAccess
// alone; the keys themselves are reached through their own accessors
// (AesKeyAccess, GhashKeyAccess).
#ifndef CTCRYPTO_MODES_GCM_ACCESS_H_
#define CTCRYPTO_MODES_GCM_ACCESS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_key_access.h"
#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/modes/gcm_kernel.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct GcmAccess {
  // initialized: as the public AesGcm::initialized, inline down to the
  // key's row pointer for the hot paths (AesKey::initialized is out of
  // line).
  static bool initialized(const AesGcm& g) {
    return AesKeyAccess::initialized(g.aes_);
  }

  // kernel: the GCM kernel init() chose for the key's pair of rows
  // (gcm_kernel.h); null when the pair has none.
  static const GcmKernel* kernel(const AesGcm& g) {
    return static_cast<const GcmKernel*>(g.kernel_);
  }
  // attach_kernel: names the kernel of an initialised key's pair, for the
  // explicit-row set-ups of crypto/testing: the library's own kernel table
  // holds only the kernels of rows it can select (crypto/rows.bzl).
  static void attach_kernel(AesGcm& g, const GcmKernel* k) { g.kernel_ = k; }

  // init_with_rows: as AesGcm::init with the given rows instead of the best
  // ones; null or a row the CPU cannot run gives kUnsupported. Defined next
  // to AesGcm::init (gcm.cc).
  static Status init_with_rows(AesGcm& g, std::span<const uint8_t> key,
                               size_t tag_len, const AesRow* aes,
                               const GhashRow* ghash);

  // set_stream_data_len: pretends `len` bytes of data were fed to the
  // stream, so the tests can reach kGcmMaxPlaintextLen without 64 GiB
  // (crypto/testing; the tag is meaningless afterwards). Defined in gcm.cc.
  static void set_stream_data_len(AesGcmStream& s, uint64_t len);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_GCM_ACCESS_H_
