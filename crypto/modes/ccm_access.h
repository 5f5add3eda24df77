// ccm_access.h: the explicit-row set-ups of AesCcm, for the tests,
// benchmarks and fuzzers (crypto/testing/explicit_rows.h). AesCcm befriends
// CcmAccess alone; its key is reached through AesKeyAccess.
#ifndef CTCRYPTO_MODES_CCM_ACCESS_H_
#define CTCRYPTO_MODES_CCM_ACCESS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/modes/ccm_kernel.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct CcmAccess {
  // kernel: the CCM kernel init() chose for the key's AES row
  // (ccm_kernel.h); null when the row has none. attach_kernel: names it,
  // for the explicit-row set-ups of crypto/testing (as GcmAccess's).
  static const CcmKernel* kernel(const AesCcm& c) {
    return static_cast<const CcmKernel*>(c.kernel_);
  }
  static void attach_kernel(AesCcm& c, const CcmKernel* k) { c.kernel_ = k; }

  // init_with_rows: as the two AesCcm::init with `aes` instead of the best
  // row; null or a row the CPU cannot run gives kUnsupported. Defined next
  // to them (ccm.cc).
  static Status init_with_rows(AesCcm& c, std::span<const uint8_t> key,
                               size_t tag_len, size_t nonce_len,
                               const AesRow* aes);
  static Status init_with_rows(AesCcm& c, std::span<const uint8_t> key,
                               CcmProfile profile, const AesRow* aes);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_CCM_ACCESS_H_
