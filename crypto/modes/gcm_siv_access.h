// gcm_siv_access.h: the library's access to an AesGcmSiv's GHASH row, for
// gcm_siv.cc and crypto/testing. AesGcmSiv befriends GcmSivAccess alone; its
// key-generating key is reached through AesKeyAccess.
#ifndef CTCRYPTO_MODES_GCM_SIV_ACCESS_H_
#define CTCRYPTO_MODES_GCM_SIV_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct GcmSivAccess {
  // ghash_row: the GHASH row the per-nonce POLYVAL keys are set up with
  // (the public header holds it as an untyped pointer); null when
  // uninitialised.
  static const GhashRow* ghash_row(const AesGcmSiv& s) {
    return static_cast<const GhashRow*>(s.ghash_row_);
  }

  // init_with_rows: as AesGcmSiv::init with the given rows; null or a row
  // the CPU cannot run gives kUnsupported. Defined next to AesGcmSiv::init
  // (gcm_siv.cc).
  static Status init_with_rows(AesGcmSiv& s, std::span<const uint8_t> key,
                               const AesRow* aes, const GhashRow* ghash);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_GCM_SIV_ACCESS_H_
