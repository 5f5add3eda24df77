// tls_cbc_access.h: the library's access to a TlsCbcAead's MAC key state
// (internal::HmacKeyState), for tls_cbc.cc and the explicit-row set-ups of
// crypto/testing. TlsCbcAead befriends TlsCbcAccess alone; the accessor
// only reinterprets the object's storage (crypto/state_in.h), and the AES
// key is reached through AesKeyAccess.
#ifndef CTCRYPTO_TLS_TLS_CBC_ACCESS_H_
#define CTCRYPTO_TLS_TLS_CBC_ACCESS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_key_access.h"
#include "crypto/aes/aes_row.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "crypto/state_in.h"
#include "crypto/tls/tls_cbc_kernel.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"

namespace ctcrypto::internal {

struct TlsCbcAccess {
  static HmacKeyState& mac(TlsCbcAead& t) {
    return state_in<HmacKeyState>(t.mac_);
  }
  static const HmacKeyState& mac(const TlsCbcAead& t) {
    return state_in<HmacKeyState>(t.mac_);
  }

  // kernel: the TLS-CBC kernel init() chose for the key's pair of rows
  // (tls_cbc_kernel.h); null when the pair has none. attach_kernel: names
  // it, for the explicit-row set-ups of crypto/testing (as GcmAccess's).
  static const TlsCbcKernel* kernel(const TlsCbcAead& t) {
    return static_cast<const TlsCbcKernel*>(t.kernel_);
  }
  static void attach_kernel(TlsCbcAead& t, const TlsCbcKernel* k) {
    t.kernel_ = k;
  }

  // attach_decrypt_row: AesKeyAccess::attach_decrypt_row on the AES key.
  static void attach_decrypt_row(TlsCbcAead& t, const AesDecryptRow* d) {
    AesKeyAccess::attach_decrypt_row(t.aes_, d);
  }

  // init_with_rows: as TlsCbcAead::init with `aes` instead of the best AES
  // row, and the MAC on the best SHA row or on `sha` (kUnsupported when it
  // is null, of another hash than the suite's, or not runnable). Defined
  // next to TlsCbcAead::init (tls_cbc.cc).
  static Status init_with_rows(TlsCbcAead& t, TlsCbcSuite suite,
                               std::span<const uint8_t> key, size_t tag_len,
                               const AesRow* aes);
  static Status init_with_rows(TlsCbcAead& t, TlsCbcSuite suite,
                               std::span<const uint8_t> key, size_t tag_len,
                               const AesRow* aes, const ShaRow* sha);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_TLS_TLS_CBC_ACCESS_H_
