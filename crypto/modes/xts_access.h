// xts_access.h: the explicit-row set-up of AesXts, for the tests,
// benchmarks and fuzzers (crypto/testing/explicit_rows.h). AesXts
// befriends XtsAccess alone; its two keys are reached through AesKeyAccess.
#ifndef CTCRYPTO_MODES_XTS_ACCESS_H_
#define CTCRYPTO_MODES_XTS_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/aes/aes_key_access.h"
#include "crypto/aes/aes_row.h"
#include "ctcrypto/status.h"
#include "ctcrypto/xts.h"

namespace ctcrypto::internal {

struct XtsAccess {
  // init_with_rows: as AesXts::init with `aes` for both keys instead of the
  // best row; null or a row the CPU cannot run gives kUnsupported. Defined
  // next to AesXts::init (xts.cc).
  static Status init_with_rows(AesXts& x, std::span<const uint8_t> key,
                               const AesRow* aes);

  // attach_decrypt_row: AesKeyAccess::attach_decrypt_row on both keys.
  static void attach_decrypt_row(AesXts& x, const AesDecryptRow* d) {
    AesKeyAccess::attach_decrypt_row(x.data_key_, d);
    AesKeyAccess::attach_decrypt_row(x.tweak_key_, d);
  }
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_XTS_ACCESS_H_
