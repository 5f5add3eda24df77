// aes_key_access.h: the library's access to an AesKey's state
// (internal::AesKeyState, in the row's form), for aes.cc and for the
// layers above it (modes, TLS, the explicit-row set-ups of crypto/testing).
// AesKey befriends AesKeyAccess alone; the accessors only reinterpret the
// key's storage (crypto/state_in.h).
#ifndef CTCRYPTO_AES_AES_KEY_ACCESS_H_
#define CTCRYPTO_AES_AES_KEY_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/state_in.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct AesKeyAccess {
  static AesKeyState& state(AesKey& k) {
    return state_in<AesKeyState>(k.state_);
  }
  static const AesKeyState& state(const AesKey& k) {
    return state_in<AesKeyState>(k.state_);
  }

  // initialized: as the public AesKey::initialized, inline for the modes'
  // hot paths (the public one is out of line).
  static bool initialized(const AesKey& k) {
    return state(k).row != nullptr;
  }

  // attach_decrypt_row: names the inverse cipher of an initialised key
  // (AesKeyState::decrypt), for the explicit-row set-ups of crypto/testing,
  // whose rows need not be in the library's decrypt table.
  static void attach_decrypt_row(AesKey& k, const AesDecryptRow* d) {
    state(k).decrypt = d;
  }

  // init_with_rows: as AesKey::init with `aes` instead of the best row;
  // null or a row the CPU cannot run gives kUnsupported. Defined next to
  // AesKey::init (aes.cc), which is this with the best row.
  static Status init_with_rows(AesKey& k, std::span<const uint8_t> key,
                               const AesRow* aes);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_AES_AES_KEY_ACCESS_H_
