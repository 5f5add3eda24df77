// hash_access.h: the library's access to the state of Hash (a running
// internal::HashCtx) and Hmac (the internal::HmacKeyState key states and
// the running inner HashCtx), for hash.cc, hmac.cc and the explicit-row
// set-ups of crypto/testing. Hash and Hmac befriend HashAccess alone; the
// accessors only reinterpret the objects' storage (crypto/state_in.h).
#ifndef CTCRYPTO_HASH_HASH_ACCESS_H_
#define CTCRYPTO_HASH_HASH_ACCESS_H_

#include <cstdint>
#include <span>

#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/state_in.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

struct HashAccess {
  static HashCtx& ctx(Hash& h) { return state_in<HashCtx>(h.ctx_); }
  static const HashCtx& ctx(const Hash& h) {
    return state_in<HashCtx>(h.ctx_);
  }
  static HmacKeyState& key(Hmac& h) { return state_in<HmacKeyState>(h.key_); }
  static const HmacKeyState& key(const Hmac& h) {
    return state_in<HmacKeyState>(h.key_);
  }
  static HashCtx& ctx(Hmac& h) { return state_in<HashCtx>(h.ctx_); }

  // init_with_rows: as the public init() with `row` instead of the best
  // compression-function row; null or a row that is not alg's or that the
  // CPU cannot run gives kUnsupported. Defined next to each public init()
  // (hash.cc, hmac.cc).
  static Status init_with_rows(Hash& h, HashAlgorithm alg, const ShaRow* row);
  static Status init_with_rows(Hmac& h, HashAlgorithm alg,
                               std::span<const uint8_t> key,
                               const ShaRow* row);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_HASH_ACCESS_H_
