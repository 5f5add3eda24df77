// ghash_key_access.h: the library's access to a GhashKey's state
// (internal::GhashKeyState: H in the row's form), for ghash.cc and for the
// layers above it (GCM, the explicit-row set-ups of crypto/testing).
// GhashKey befriends GhashKeyAccess alone; the accessors only reinterpret
// the key's storage (crypto/state_in.h).
#ifndef CTCRYPTO_GHASH_GHASH_KEY_ACCESS_H_
#define CTCRYPTO_GHASH_GHASH_KEY_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/ghash/ghash_row.h"
#include "crypto/state_in.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct GhashKeyAccess {
  static GhashKeyState& state(GhashKey& k) {
    return state_in<GhashKeyState>(k.state_);
  }
  static const GhashKeyState& state(const GhashKey& k) {
    return state_in<GhashKeyState>(k.state_);
  }

  // init_with_rows: as GhashKey::init with `ghash` instead of the best row;
  // null or a row the CPU cannot run gives kUnsupported. Defined next to
  // GhashKey::init (ghash.cc).
  static Status init_with_rows(GhashKey& k, std::span<const uint8_t, 16> h,
                               const GhashRow* ghash);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_GHASH_GHASH_KEY_ACCESS_H_
