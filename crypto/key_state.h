// key_state.h: the internal state behind the public key objects.
//
// The public headers (ctcrypto/*.h) hold each object's state as opaque,
// aligned bytes whose size is a published constant (kAesKeyStateSize, ...),
// so that they name no internal type. The library reaches that state
// through KeyAccess, the one friend of the public classes: its accessors
// only reinterpret the storage (no copy, no call), so the modes' hot paths
// cost what they did when the state was a member. The static_asserts in the
// .cc files that own each object check that the internal state fits its
// storage and is aligned for it.
//
// KeyAccess also holds the explicit-row set-ups (init_with_rows): every
// public init() is one of them with the best rows for this CPU; the tests,
// benchmarks, fuzzers and the tool reach them by name through
// crypto/testing/explicit_rows.h.
#ifndef CTCRYPTO_KEY_STATE_H_
#define CTCRYPTO_KEY_STATE_H_

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>

#include "crypto/aes/aes_row.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_row.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace ctcrypto::internal {

// The state types are implicit-lifetime aggregates (trivial constructor,
// copy and destructor), so the byte arrays that hold them provide their
// storage and a copy of the bytes is a copy of the state.
template <class State, size_t N>
State& state_in(unsigned char (&storage)[N]) {
  static_assert(sizeof(State) <= N);
  return *std::launder(reinterpret_cast<State*>(storage));
}

template <class State, size_t N>
const State& state_in(const unsigned char (&storage)[N]) {
  static_assert(sizeof(State) <= N);
  return *std::launder(reinterpret_cast<const State*>(storage));
}

struct GcmKernel;     // crypto/modes/gcm_kernel.h
struct CcmKernel;     // crypto/modes/ccm_kernel.h
struct TlsCbcKernel;  // crypto/tls/tls_cbc_kernel.h

struct KeyAccess {
  // --- state accessors ---------------------------------------------------
  static AesKeyState& state(AesKey& k) {
    return state_in<AesKeyState>(k.state_);
  }
  static const AesKeyState& state(const AesKey& k) {
    return state_in<AesKeyState>(k.state_);
  }
  static GhashKeyState& state(GhashKey& k) {
    return state_in<GhashKeyState>(k.state_);
  }
  static const GhashKeyState& state(const GhashKey& k) {
    return state_in<GhashKeyState>(k.state_);
  }
  static HashCtx& ctx(Hash& h) { return state_in<HashCtx>(h.ctx_); }
  static const HashCtx& ctx(const Hash& h) {
    return state_in<HashCtx>(h.ctx_);
  }
  static HmacKeyState& key(Hmac& h) { return state_in<HmacKeyState>(h.key_); }
  static const HmacKeyState& key(const Hmac& h) {
    return state_in<HmacKeyState>(h.key_);
  }
  static HashCtx& ctx(Hmac& h) { return state_in<HashCtx>(h.ctx_); }
  static HmacKeyState& mac(TlsCbcAead& t) {
    return state_in<HmacKeyState>(t.mac_);
  }
  static const HmacKeyState& mac(const TlsCbcAead& t) {
    return state_in<HmacKeyState>(t.mac_);
  }
  static const GhashRow* ghash_row(const AesGcmSiv& s) {
    return static_cast<const GhashRow*>(s.ghash_row_);
  }
  // The mode kernels a key's init() chose (crypto/modes/gcm_kernel.h,
  // ccm_kernel.h, crypto/tls/tls_cbc_kernel.h); null when none.
  static const GcmKernel* gcm_kernel(const AesGcm& g) {
    return static_cast<const GcmKernel*>(g.kernel_);
  }
  static const CcmKernel* ccm_kernel(const AesCcm& c) {
    return static_cast<const CcmKernel*>(c.kernel_);
  }
  static const TlsCbcKernel* tls_cbc_kernel(const TlsCbcAead& t) {
    return static_cast<const TlsCbcKernel*>(t.kernel_);
  }

  // initialized: as the public initialized(), inline for the modes' hot
  // paths (the public AesKey::initialized is out of line).
  static bool initialized(const AesKey& k) {
    return state(k).row != nullptr;
  }
  static bool initialized(const AesGcm& g) { return initialized(g.aes_); }

  // attach_decrypt_row: names the inverse cipher of an initialised object's
  // AES keys (AesKeyState::decrypt), for the explicit-row set-ups of
  // crypto/testing, whose rows need not be in the library's decrypt table.
  static void attach_decrypt_row(AesKey& k, const AesDecryptRow* d) {
    state(k).decrypt = d;
  }
  static void attach_decrypt_row(AesXts& x, const AesDecryptRow* d) {
    attach_decrypt_row(x.data_key_, d);
    attach_decrypt_row(x.tweak_key_, d);
  }
  static void attach_decrypt_row(TlsCbcAead& t, const AesDecryptRow* d) {
    attach_decrypt_row(t.aes_, d);
  }
  // attach_kernel: names the kernel of an initialised object's pair of
  // rows, for the same set-ups: the library's own kernel tables hold only
  // the kernels of rows it can select (crypto/rows.bzl).
  static void attach_kernel(AesGcm& g, const GcmKernel* k) { g.kernel_ = k; }
  static void attach_kernel(AesGmac& g, const GcmKernel* k) {
    attach_kernel(g.gcm_, k);
  }
  static void attach_kernel(AesCcm& c, const CcmKernel* k) { c.kernel_ = k; }
  static void attach_kernel(TlsCbcAead& t, const TlsCbcKernel* k) {
    t.kernel_ = k;
  }

  // --- explicit-row set-ups ------------------------------------------------
  // As the public init() with the given rows instead of the best ones; null
  // or a row the CPU cannot run gives kUnsupported. Defined next to each
  // object's public init().
  static Status init_with_rows(AesKey& k, std::span<const uint8_t> key,
                               const AesRow* aes);
  static Status init_with_rows(GhashKey& k, std::span<const uint8_t, 16> h,
                               const GhashRow* ghash);
  static Status init_with_rows(AesGcm& g, std::span<const uint8_t> key,
                               size_t tag_len, const AesRow* aes,
                               const GhashRow* ghash);
  static Status init_with_rows(AesGmac& g, std::span<const uint8_t> key,
                               size_t tag_len, const AesRow* aes,
                               const GhashRow* ghash);
  static Status init_with_rows(AesGcmSiv& s, std::span<const uint8_t> key,
                               const AesRow* aes,
                               const GhashRow* ghash);
  static Status init_with_rows(AesCcm& c, std::span<const uint8_t> key,
                               size_t tag_len, size_t nonce_len,
                               const AesRow* aes);
  static Status init_with_rows(AesCcm& c, std::span<const uint8_t> key,
                               CcmProfile profile, const AesRow* aes);
  static Status init_with_rows(AesCmac& c, std::span<const uint8_t> key,
                               const AesRow* aes);
  static Status init_with_rows(AesXts& x, std::span<const uint8_t> key,
                               const AesRow* aes);
  static Status init_with_rows(TlsCbcAead& t, TlsCbcSuite suite,
                               std::span<const uint8_t> key, size_t tag_len,
                               const AesRow* aes);
  static Status init_with_rows(TlsCbcAead& t, TlsCbcSuite suite,
                               std::span<const uint8_t> key, size_t tag_len,
                               const AesRow* aes, const ShaRow* sha);
  static Status init_with_rows(Hash& h, HashAlgorithm alg,
                               const ShaRow* row);
  static Status init_with_rows(Hmac& h, HashAlgorithm alg,
                               std::span<const uint8_t> key,
                               const ShaRow* row);
};

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_KEY_STATE_H_
