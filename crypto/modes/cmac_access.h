// cmac_access.h: the explicit-row set-up of AesCmac, for the tests,
// benchmarks and fuzzers (crypto/testing/explicit_rows.h). AesCmac
// befriends CmacAccess (and AesCmacContext); its key is reached through
// AesKeyAccess.
#ifndef CTCRYPTO_MODES_CMAC_ACCESS_H_
#define CTCRYPTO_MODES_CMAC_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct CmacAccess {
  // init_with_rows: as AesCmac::init with `aes` instead of the best row;
  // null or a row the CPU cannot run gives kUnsupported. Defined next to
  // AesCmac::init (cmac.cc).
  static Status init_with_rows(AesCmac& c, std::span<const uint8_t> key,
                               const AesRow* aes);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_CMAC_ACCESS_H_
