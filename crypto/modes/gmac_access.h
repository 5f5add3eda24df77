// gmac_access.h: the explicit-row set-up of AesGmac, for the tests,
// benchmarks and fuzzers (crypto/testing/explicit_rows.h). AesGmac
// befriends GmacAccess alone.
#ifndef CTCRYPTO_MODES_GMAC_ACCESS_H_
#define CTCRYPTO_MODES_GMAC_ACCESS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/modes/gcm_access.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct GmacAccess {
  // attach_kernel: GcmAccess::attach_kernel on the object's GCM key.
  static void attach_kernel(AesGmac& g, const GcmKernel* k) {
    GcmAccess::attach_kernel(g.gcm_, k);
  }
  // init_with_rows: as AesGmac::init with the given rows: AesGcm's set-up
  // (GcmAccess::init_with_rows) of the object's GCM key. Defined in gmac.cc.
  static Status init_with_rows(AesGmac& g, std::span<const uint8_t> key,
                               size_t tag_len, const AesRow* aes,
                               const GhashRow* ghash);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_GMAC_ACCESS_H_
