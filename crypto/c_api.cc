// c_api.cc: the C API is the C++ API behind opaque, suitably sized and
// aligned storage; each entry point checks pointers, then forwards.
//
// State word: the last 4 bytes of each opaque object hold a per-type magic
// value, written by a successful *_init and wiped by *_cleanup (and by a
// failed init). Every entry point reads it as plain bytes before touching
// the C++ object, so an object that was never initialised (stack garbage,
// memset, a cleaned-up object) is refused with CTCRYPTO_NOT_INITIALIZED
// instead of being used as a C++ object (whose backend pointer would be
// garbage). The magic values have distinct bytes, so no memset pattern
// produces one.
#include <cstring>
#include <new>

#include "crypto/internal.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

using ctcrypto::TlsCbcAead;

constexpr uint32_t kAesKeyMagic = 0x41e5c301;
constexpr uint32_t kAesGcmMagic = 0x6c9a4702;
constexpr uint32_t kTlsCbcMagic = 0x7b1d5e03;

// The C++ object sits at the start of the opaque bytes, the state word in
// their last 4 bytes; the two must not overlap.
static_assert(sizeof(AesKey) + 4 <= CTCRYPTO_AES_KEY_SIZE);
static_assert(alignof(AesKey) <= 64);
static_assert(sizeof(AesGcm) + 4 <= CTCRYPTO_AES_GCM_SIZE);
static_assert(alignof(AesGcm) <= 64);
static_assert(sizeof(TlsCbcAead) + 4 <= CTCRYPTO_TLS_CBC_SIZE);
static_assert(alignof(TlsCbcAead) <= 64);

int code(Status s) { return static_cast<int>(s); }

template <size_t N>
uint32_t state_word(const unsigned char (&opaque)[N]) {
  uint32_t w;
  std::memcpy(&w, opaque + N - 4, 4);
  return w;
}
template <size_t N>
void set_state_word(unsigned char (&opaque)[N], uint32_t w) {
  std::memcpy(opaque + N - 4, &w, 4);
}

// live: the C++ object in c->opaque if the state word says init succeeded,
// else null (never initialised, cleaned up, or a failed init).
template <typename T, typename C>
T* live(C* c, uint32_t magic) {
  if (c == nullptr || state_word(c->opaque) != magic) return nullptr;
  return std::launder(reinterpret_cast<T*>(c->opaque));
}
template <typename T, typename C>
const T* live(const C* c, uint32_t magic) {
  if (c == nullptr || state_word(c->opaque) != magic) return nullptr;
  return std::launder(reinterpret_cast<const T*>(c->opaque));
}

// init_object: wipes the opaque bytes (whatever they held, including an
// earlier key), constructs a T there and runs `init` on it; the state word
// is set only on success, and a failed init is wiped again.
template <typename T, typename C, typename Init>
int init_object(C* c, uint32_t magic, Init init) {
  if (live<T>(c, magic)) live<T>(c, magic)->~T();
  ctcrypto::internal::secure_zero(c->opaque, sizeof(c->opaque));
  T* obj = new (c->opaque) T();
  Status s = init(obj);
  if (s == Status::kOk) {
    set_state_word(c->opaque, magic);
  } else {
    obj->~T();
    ctcrypto::internal::secure_zero(c->opaque, sizeof(c->opaque));
  }
  return code(s);
}

// cleanup_object: destroys a live object (its destructor wipes the key)
// and wipes all opaque bytes, state word included.
template <typename T, typename C>
int cleanup_object(C* c, uint32_t magic) {
  if (c == nullptr) return code(Status::kInvalidArgument);
  if (T* obj = live<T>(c, magic)) obj->~T();
  ctcrypto::internal::secure_zero(c->opaque, sizeof(c->opaque));
  return code(Status::kOk);
}

bool bad(const void* p, size_t len) { return p == nullptr && len != 0; }

template <typename T>
std::span<T> sp(T* p, size_t n) {
  return p ? std::span<T>(p, n) : std::span<T>();
}

// aead_call: the shared body of the four C seal/open entry points: every
// pointer/length pair is checked (null only with length 0), `aead` is the
// live() object or null (state word not set: kNotInitialized), then the C++
// method (AesGcm::seal/open, TlsCbcAead::seal/open) does the rest.
template <typename Aead, typename Method>
int aead_call(Aead* aead, Method method, uint8_t* out, size_t* out_len,
              size_t max_out_len, const uint8_t* nonce, size_t nonce_len,
              const uint8_t* in, size_t in_len, const uint8_t* ad,
              size_t ad_len) {
  if (out_len == nullptr || bad(out, max_out_len) || bad(nonce, nonce_len) ||
      bad(in, in_len) || bad(ad, ad_len))
    return code(Status::kInvalidArgument);
  if (aead == nullptr) return code(Status::kNotInitialized);
  return code((aead->*method)(sp(out, max_out_len), out_len,
                              sp(nonce, nonce_len), sp(in, in_len),
                              sp(ad, ad_len)));
}

}  // namespace

extern "C" {

const char* ctcrypto_status_string(int status) {
  if (status < 0 || status > static_cast<int>(Status::kUnsupported))
    return "unknown status";
  return ctcrypto::status_string(static_cast<Status>(status));
}

// --- AES keys ------------------------------------------------------------------

int ctcrypto_aes_key_init(ctcrypto_aes_key* key, const uint8_t* raw,
                          size_t raw_len) {
  if (key == nullptr || bad(raw, raw_len)) return code(Status::kInvalidArgument);
  return init_object<AesKey>(key, kAesKeyMagic, [&](AesKey* k) {
    return k->init(sp(raw, raw_len));
  });
}

int ctcrypto_aes_key_cleanup(ctcrypto_aes_key* key) {
  return cleanup_object<AesKey>(key, kAesKeyMagic);
}

int ctcrypto_aes_encrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  if (key == nullptr || in == nullptr || out == nullptr)
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(key, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  k->encrypt_block(in, out);
  return code(Status::kOk);
}

int ctcrypto_aes_decrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  if (key == nullptr || in == nullptr || out == nullptr)
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(key, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  k->decrypt_block(in, out);
  return code(Status::kOk);
}

int ctcrypto_aes_ctr32(const ctcrypto_aes_key* key, const uint8_t counter[16],
                       const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || counter == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(key, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  return code(ctcrypto::aes_ctr32(*k, std::span<const uint8_t, 16>(counter, 16),
                                  sp(in, len), sp(out, len)));
}

int ctcrypto_aes_cbc_encrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || iv == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(key, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  return code(ctcrypto::aes_cbc_encrypt(*k, std::span<uint8_t, 16>(iv, 16),
                                        sp(in, len), sp(out, len)));
}

int ctcrypto_aes_cbc_decrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || iv == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(key, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  return code(ctcrypto::aes_cbc_decrypt(*k, std::span<uint8_t, 16>(iv, 16),
                                        sp(in, len), sp(out, len)));
}

// --- AES-GCM -------------------------------------------------------------------

int ctcrypto_aes_gcm_init(ctcrypto_aes_gcm* gcm, const uint8_t* key,
                          size_t key_len, size_t tag_len) {
  if (gcm == nullptr || bad(key, key_len)) return code(Status::kInvalidArgument);
  return init_object<AesGcm>(gcm, kAesGcmMagic, [&](AesGcm* g) {
    return g->init(sp(key, key_len), tag_len);
  });
}

int ctcrypto_aes_gcm_cleanup(ctcrypto_aes_gcm* gcm) {
  return cleanup_object<AesGcm>(gcm, kAesGcmMagic);
}

int ctcrypto_aes_gcm_seal(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  if (gcm == nullptr) return code(Status::kInvalidArgument);
  return aead_call(live<AesGcm>(gcm, kAesGcmMagic), &AesGcm::seal, out,
                   out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

int ctcrypto_aes_gcm_open(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  if (gcm == nullptr) return code(Status::kInvalidArgument);
  return aead_call(live<AesGcm>(gcm, kAesGcmMagic), &AesGcm::open, out,
                   out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

// --- TLS CBC AEADs -------------------------------------------------------------

int ctcrypto_tls_cbc_init(ctcrypto_tls_cbc* ctx, const char* name,
                          const uint8_t* key, size_t key_len, size_t tag_len) {
  if (ctx == nullptr || name == nullptr || bad(key, key_len))
    return code(Status::kInvalidArgument);
  return init_object<TlsCbcAead>(ctx, kTlsCbcMagic, [&](TlsCbcAead* t) {
    ctcrypto::TlsCbcSuite suite;
    if (!ctcrypto::tls_cbc_suite_from_name(name, &suite))
      return Status::kInvalidArgument;
    return t->init(suite, sp(key, key_len), tag_len);
  });
}

int ctcrypto_tls_cbc_cleanup(ctcrypto_tls_cbc* ctx) {
  return cleanup_object<TlsCbcAead>(ctx, kTlsCbcMagic);
}

int ctcrypto_tls_cbc_seal(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  if (ctx == nullptr) return code(Status::kInvalidArgument);
  return aead_call(live<TlsCbcAead>(ctx, kTlsCbcMagic), &TlsCbcAead::seal,
                   out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

int ctcrypto_tls_cbc_open(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  if (ctx == nullptr) return code(Status::kInvalidArgument);
  return aead_call(live<TlsCbcAead>(ctx, kTlsCbcMagic), &TlsCbcAead::open,
                   out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

// --- AES-CCM and AES-CMAC ------------------------------------------------------
// Each object is a state word followed by the C++ object. The word holds a
// per-type constant only after a successful init; every other call refuses
// an object without it (kNotInitialized) instead of guessing from the
// object's bytes, and cleanup wipes the whole storage, word included.
// --- AES-GCM-SIV and GMAC -----------------------------------------------------
//
// Each object is a state word followed by the C++ object. The word holds a
// per-type constant only between a successful init and cleanup, so an
// object that was never set up (arbitrary bytes) or was wiped is refused
// with kNotInitialized rather than guessed at through its pointers.

}  // extern "C"

namespace {

template <typename T, uint64_t kReady>
struct Guarded {
  uint64_t state;
  alignas(alignof(T)) T obj;

  static Guarded* start(unsigned char* storage) {
    internal_wipe(storage);
    return new (storage) Guarded{0, T()};
  }
  static Guarded* of(unsigned char* storage) {
    return std::launder(reinterpret_cast<Guarded*>(storage));
  }
  static const Guarded* of(const unsigned char* storage) {
    return std::launder(reinterpret_cast<const Guarded*>(storage));
  }
  // ready: the object if `storage` holds an initialised one, else null.
  static const T* ready(const unsigned char* storage) {
    const Guarded* g = of(storage);
    return g->state == kReady ? &g->obj : nullptr;
  }
  static T* ready(unsigned char* storage) {
    Guarded* g = of(storage);
    return g->state == kReady ? &g->obj : nullptr;
  }
  int finish_init(Status st) {
    if (st == Status::kOk) state = kReady;
    return code(st);
  }
  static void internal_wipe(unsigned char* storage);
};

using CcmObject = Guarded<ctcrypto::AesCcm, 0x63636d2d72656479u>;
using CmacObject = Guarded<ctcrypto::AesCmac, 0x636d61632d726479u>;
using CmacCtxObject = Guarded<ctcrypto::AesCmacContext, 0x636d61632d637478u>;

static_assert(sizeof(CcmObject) <= CTCRYPTO_AES_CCM_SIZE);
static_assert(alignof(CcmObject) <= 64);
static_assert(sizeof(CmacObject) <= CTCRYPTO_AES_CMAC_SIZE);
static_assert(alignof(CmacObject) <= 64);
static_assert(sizeof(CmacCtxObject) <= CTCRYPTO_AES_CMAC_CTX_SIZE);
static_assert(alignof(CmacCtxObject) <= 8);

template <>
void CcmObject::internal_wipe(unsigned char* storage) {
  ctcrypto::internal::secure_zero(storage, CTCRYPTO_AES_CCM_SIZE);
}
template <>
void CmacObject::internal_wipe(unsigned char* storage) {
  ctcrypto::internal::secure_zero(storage, CTCRYPTO_AES_CMAC_SIZE);
}
template <>
void CmacCtxObject::internal_wipe(unsigned char* storage) {
  ctcrypto::internal::secure_zero(storage, CTCRYPTO_AES_CMAC_CTX_SIZE);
}

// ccm_call: a seal/open entry point on a checked CCM object.
int ccm_call(const ctcrypto_aes_ccm* ccm,
             Status (ctcrypto::AesCcm::*method)(
                 std::span<uint8_t>, size_t*, std::span<const uint8_t>,
                 std::span<const uint8_t>, std::span<const uint8_t>) const,
             uint8_t* out, size_t* out_len, size_t max_out_len,
             const uint8_t* nonce, size_t nonce_len, const uint8_t* in,
             size_t in_len, const uint8_t* ad, size_t ad_len) {
  if (ccm == nullptr) return code(Status::kInvalidArgument);
  const ctcrypto::AesCcm* c = CcmObject::ready(ccm->opaque);
  if (c == nullptr) return code(Status::kNotInitialized);
  return aead_call(c, method, out, out_len, max_out_len, nonce, nonce_len, in,
                   in_len, ad, ad_len);
}

template <typename T, uint64_t kMagic>
struct Stateful {
  uint64_t state;
  alignas(64) T obj;
};

constexpr uint64_t kGcmSivMagic = 0x7669732d6d63672dULL;  // "-gcm-siv"
constexpr uint64_t kGmacMagic = 0x63616d672d736561ULL;    // "aes-gmac"
using SivObj = Stateful<ctcrypto::AesGcmSiv, kGcmSivMagic>;
using GmacObj = Stateful<ctcrypto::AesGmac, kGmacMagic>;
static_assert(sizeof(SivObj) <= CTCRYPTO_AES_GCM_SIV_SIZE);
static_assert(alignof(SivObj) <= 64);
static_assert(sizeof(GmacObj) <= CTCRYPTO_AES_GMAC_SIZE);
static_assert(alignof(GmacObj) <= 64);

// live: the C++ object if the state word says init succeeded, else null.
// The word is read as bytes: before init the storage is whatever the caller
// left there.
template <typename S, uint64_t kMagic>
auto* live(const unsigned char* opaque) {
  uint64_t w;
  std::memcpy(&w, opaque, sizeof(w));
  using T = decltype(S::obj);
  return w == kMagic
             ? &std::launder(reinterpret_cast<const S*>(opaque))->obj
             : static_cast<const T*>(nullptr);
}

void set_state(unsigned char* opaque, uint64_t w) {
  std::memcpy(opaque, &w, sizeof(w));
}

}  // namespace

extern "C" {

int ctcrypto_aes_ccm_init(ctcrypto_aes_ccm* ccm, const uint8_t* key,
                          size_t key_len, size_t tag_len, size_t nonce_len) {
  if (ccm == nullptr) return code(Status::kInvalidArgument);
  CcmObject* o = CcmObject::start(ccm->opaque);
  if (bad(key, key_len)) return code(Status::kInvalidArgument);
  return o->finish_init(o->obj.init(sp(key, key_len), tag_len, nonce_len));
}

int ctcrypto_aes_ccm_init_profile(ctcrypto_aes_ccm* ccm, const char* name,
                                  const uint8_t* key, size_t key_len) {
  if (ccm == nullptr) return code(Status::kInvalidArgument);
  CcmObject* o = CcmObject::start(ccm->opaque);
  if (name == nullptr || bad(key, key_len)) return code(Status::kInvalidArgument);
  ctcrypto::CcmProfile profile;
  if (std::strcmp(name, "aes-128-ccm-bluetooth") == 0) {
    profile = ctcrypto::CcmProfile::kBluetooth;
  } else if (std::strcmp(name, "aes-128-ccm-bluetooth-8") == 0) {
    profile = ctcrypto::CcmProfile::kBluetooth8;
  } else if (std::strcmp(name, "aes-128-ccm-matter") == 0) {
    profile = ctcrypto::CcmProfile::kMatter;
  } else {
    return code(Status::kInvalidArgument);
  }
  return o->finish_init(o->obj.init(sp(key, key_len), profile));
}

int ctcrypto_aes_ccm_seal(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return ccm_call(ccm, &ctcrypto::AesCcm::seal, out, out_len, max_out_len,
                  nonce, nonce_len, in, in_len, ad, ad_len);
}

int ctcrypto_aes_ccm_open(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return ccm_call(ccm, &ctcrypto::AesCcm::open, out, out_len, max_out_len,
                  nonce, nonce_len, in, in_len, ad, ad_len);
}

void ctcrypto_aes_ccm_cleanup(ctcrypto_aes_ccm* ccm) {
  if (ccm != nullptr) CcmObject::internal_wipe(ccm->opaque);
}

int ctcrypto_aes_cmac_init(ctcrypto_aes_cmac* cmac, const uint8_t* key,
                           size_t key_len) {
  if (cmac == nullptr) return code(Status::kInvalidArgument);
  CmacObject* o = CmacObject::start(cmac->opaque);
  if (bad(key, key_len)) return code(Status::kInvalidArgument);
  return o->finish_init(o->obj.init(sp(key, key_len)));
}

int ctcrypto_aes_cmac_mac(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                          size_t msg_len, uint8_t* tag, size_t tag_len) {
  if (cmac == nullptr || bad(msg, msg_len) || bad(tag, tag_len))
    return code(Status::kInvalidArgument);
  const ctcrypto::AesCmac* m = CmacObject::ready(cmac->opaque);
  if (m == nullptr) return code(Status::kNotInitialized);
  return code(m->mac(sp(msg, msg_len), sp(tag, tag_len)));
}

int ctcrypto_aes_cmac_verify(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                             size_t msg_len, const uint8_t* tag,
                             size_t tag_len) {
  if (cmac == nullptr || bad(msg, msg_len) || bad(tag, tag_len))
    return code(Status::kInvalidArgument);
  const ctcrypto::AesCmac* m = CmacObject::ready(cmac->opaque);
  if (m == nullptr) return code(Status::kNotInitialized);
  return code(m->verify(sp(msg, msg_len), sp(tag, tag_len)));
}

void ctcrypto_aes_cmac_cleanup(ctcrypto_aes_cmac* cmac) {
  if (cmac != nullptr) CmacObject::internal_wipe(cmac->opaque);
}

int ctcrypto_aes_cmac_ctx_init(ctcrypto_aes_cmac_ctx* ctx,
                               const ctcrypto_aes_cmac* cmac) {
  if (ctx == nullptr) return code(Status::kInvalidArgument);
  CmacCtxObject* o = CmacCtxObject::start(ctx->opaque);
  if (cmac == nullptr) return code(Status::kInvalidArgument);
  const ctcrypto::AesCmac* m = CmacObject::ready(cmac->opaque);
  if (m == nullptr) return code(Status::kNotInitialized);
  return o->finish_init(o->obj.init(*m));
}

int ctcrypto_aes_cmac_ctx_update(ctcrypto_aes_cmac_ctx* ctx,
                                 const uint8_t* data, size_t len) {
  if (ctx == nullptr || bad(data, len)) return code(Status::kInvalidArgument);
  ctcrypto::AesCmacContext* c = CmacCtxObject::ready(ctx->opaque);
  if (c == nullptr) return code(Status::kNotInitialized);
  return code(c->update(sp(data, len)));
}

int ctcrypto_aes_cmac_ctx_finish(ctcrypto_aes_cmac_ctx* ctx, uint8_t* tag,
                                 size_t tag_len) {
  if (ctx == nullptr || bad(tag, tag_len)) return code(Status::kInvalidArgument);
  ctcrypto::AesCmacContext* c = CmacCtxObject::ready(ctx->opaque);
  if (c == nullptr) return code(Status::kNotInitialized);
  Status st = c->finish(sp(tag, tag_len));
  if (st == Status::kOk) CmacCtxObject::internal_wipe(ctx->opaque);
  return code(st);
}

int ctcrypto_aes_cmac_ctx_finish_verify(ctcrypto_aes_cmac_ctx* ctx,
                                        const uint8_t* tag, size_t tag_len) {
  if (ctx == nullptr || bad(tag, tag_len)) return code(Status::kInvalidArgument);
  ctcrypto::AesCmacContext* c = CmacCtxObject::ready(ctx->opaque);
  if (c == nullptr) return code(Status::kNotInitialized);
  Status st = c->finish_verify(sp(tag, tag_len));
  if (st == Status::kOk || st == Status::kAuthenticationFailed)
    CmacCtxObject::internal_wipe(ctx->opaque);
  return code(st);
}

void ctcrypto_aes_cmac_ctx_cleanup(ctcrypto_aes_cmac_ctx* ctx) {
  if (ctx != nullptr) CmacCtxObject::internal_wipe(ctx->opaque);
}
// --- end AES-CCM and AES-CMAC --------------------------------------------------
int ctcrypto_aes_gcm_siv_init(ctcrypto_aes_gcm_siv* siv, const uint8_t* key,
                              size_t key_len) {
  if (siv == nullptr || bad(key, key_len)) return code(Status::kInvalidArgument);
  set_state(siv->opaque, 0);
  auto* o = new (siv->opaque) SivObj();
  Status st = o->obj.init(sp(key, key_len));
  o->state = st == Status::kOk ? kGcmSivMagic : 0;
  return code(st);
}

int ctcrypto_aes_gcm_siv_seal(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len) {
  if (siv == nullptr) return code(Status::kInvalidArgument);
  const auto* o = live<SivObj, kGcmSivMagic>(siv->opaque);
  if (o == nullptr) return code(Status::kNotInitialized);
  return aead_call(o, &ctcrypto::AesGcmSiv::seal, out, out_len, max_out_len,
                   nonce, nonce_len, in, in_len, ad, ad_len);
}

int ctcrypto_aes_gcm_siv_open(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len) {
  if (siv == nullptr) return code(Status::kInvalidArgument);
  const auto* o = live<SivObj, kGcmSivMagic>(siv->opaque);
  if (o == nullptr) return code(Status::kNotInitialized);
  return aead_call(o, &ctcrypto::AesGcmSiv::open, out, out_len, max_out_len,
                   nonce, nonce_len, in, in_len, ad, ad_len);
}

void ctcrypto_aes_gcm_siv_cleanup(ctcrypto_aes_gcm_siv* siv) {
  if (siv == nullptr) return;
  if (live<SivObj, kGcmSivMagic>(siv->opaque) != nullptr)
    std::launder(reinterpret_cast<SivObj*>(siv->opaque))->~SivObj();
  ctcrypto::internal::secure_zero(siv->opaque, sizeof(siv->opaque));
}

int ctcrypto_aes_gmac_init(ctcrypto_aes_gmac* mac, const uint8_t* key,
                           size_t key_len, size_t tag_len) {
  if (mac == nullptr || bad(key, key_len)) return code(Status::kInvalidArgument);
  set_state(mac->opaque, 0);
  auto* o = new (mac->opaque) GmacObj();
  Status st = o->obj.init(sp(key, key_len), tag_len);
  o->state = st == Status::kOk ? kGmacMagic : 0;
  return code(st);
}

int ctcrypto_aes_gmac_compute(const ctcrypto_aes_gmac* mac, uint8_t* tag,
                              size_t tag_len, const uint8_t* nonce,
                              size_t nonce_len, const uint8_t* data,
                              size_t data_len) {
  if (mac == nullptr || bad(tag, tag_len) || bad(nonce, nonce_len) ||
      bad(data, data_len))
    return code(Status::kInvalidArgument);
  const auto* o = live<GmacObj, kGmacMagic>(mac->opaque);
  if (o == nullptr) return code(Status::kNotInitialized);
  return code(o->compute(sp(tag, tag_len), sp(nonce, nonce_len),
                         sp(data, data_len)));
}

int ctcrypto_aes_gmac_verify(const ctcrypto_aes_gmac* mac,
                             const uint8_t* nonce, size_t nonce_len,
                             const uint8_t* data, size_t data_len,
                             const uint8_t* tag, size_t tag_len) {
  if (mac == nullptr || bad(tag, tag_len) || bad(nonce, nonce_len) ||
      bad(data, data_len))
    return code(Status::kInvalidArgument);
  const auto* o = live<GmacObj, kGmacMagic>(mac->opaque);
  if (o == nullptr) return code(Status::kNotInitialized);
  return code(o->verify(sp(nonce, nonce_len), sp(data, data_len),
                        sp(tag, tag_len)));
}

void ctcrypto_aes_gmac_cleanup(ctcrypto_aes_gmac* mac) {
  if (mac == nullptr) return;
  if (live<GmacObj, kGmacMagic>(mac->opaque) != nullptr)
    std::launder(reinterpret_cast<GmacObj*>(mac->opaque))->~GmacObj();
  ctcrypto::internal::secure_zero(mac->opaque, sizeof(mac->opaque));
}
// --- end AES-GCM-SIV and GMAC ---

}  // extern "C"

extern "C" {

// --- key wrap (KW, KWP) ------------------------------------------------------

namespace {

using WrapFn = Status (*)(const AesKey&, std::span<const uint8_t>,
                          std::span<uint8_t>, size_t*);

int wrap_call(WrapFn fn, const ctcrypto_aes_key* kek, uint8_t* out,
              size_t* out_len, size_t max_out_len, const uint8_t* in,
              size_t in_len) {
  if (kek == nullptr || out_len == nullptr || bad(out, max_out_len) ||
      bad(in, in_len))
    return code(Status::kInvalidArgument);
  const AesKey* k = live<AesKey>(kek, kAesKeyMagic);
  if (k == nullptr) return code(Status::kNotInitialized);
  return code(fn(*k, sp(in, in_len), sp(out, max_out_len), out_len));
}

}  // namespace

int ctcrypto_aes_key_wrap(const ctcrypto_aes_key* kek, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* in, size_t in_len) {
  return wrap_call(ctcrypto::aes_key_wrap, kek, out, out_len, max_out_len, in,
                   in_len);
}

int ctcrypto_aes_key_unwrap(const ctcrypto_aes_key* kek, uint8_t* out,
                            size_t* out_len, size_t max_out_len,
                            const uint8_t* in, size_t in_len) {
  return wrap_call(ctcrypto::aes_key_unwrap, kek, out, out_len, max_out_len,
                   in, in_len);
}

int ctcrypto_aes_key_wrap_padded(const ctcrypto_aes_key* kek, uint8_t* out,
                                 size_t* out_len, size_t max_out_len,
                                 const uint8_t* in, size_t in_len) {
  return wrap_call(ctcrypto::aes_key_wrap_padded, kek, out, out_len,
                   max_out_len, in, in_len);
}

int ctcrypto_aes_key_unwrap_padded(const ctcrypto_aes_key* kek, uint8_t* out,
                                   size_t* out_len, size_t max_out_len,
                                   const uint8_t* in, size_t in_len) {
  return wrap_call(ctcrypto::aes_key_unwrap_padded, kek, out, out_len,
                   max_out_len, in, in_len);
}

// --- XTS ---------------------------------------------------------------------

namespace {

// XtsObject: what lives in ctcrypto_aes_xts::opaque. `state` is kXtsReady
// only between a successful init and cleanup, so an object that was never
// initialised (or whose init failed) is refused by value, not by guessing
// from a pointer inside it.
constexpr uint64_t kXtsReady = 0x5854532d52454459u;  // "XTS-REDY"
struct XtsObject {
  uint64_t state;
  ctcrypto::AesXts xts;
};
static_assert(sizeof(XtsObject) <= CTCRYPTO_AES_XTS_SIZE);
static_assert(alignof(XtsObject) <= 64);

const XtsObject* xts_of(const ctcrypto_aes_xts* x) {
  return std::launder(reinterpret_cast<const XtsObject*>(x->opaque));
}

int xts_call(bool decrypt, const ctcrypto_aes_xts* x, const uint8_t* tweak,
             const uint8_t* in, uint8_t* out, size_t len) {
  if (x == nullptr || tweak == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  uint64_t state;
  std::memcpy(&state, x->opaque, sizeof(state));  // any bytes are readable
  if (state != kXtsReady) return code(Status::kNotInitialized);
  const ctcrypto::AesXts& xts = xts_of(x)->xts;
  const std::span<const uint8_t, 16> t(tweak, 16);
  return code(decrypt ? xts.decrypt(t, sp(in, len), sp(out, len))
                      : xts.encrypt(t, sp(in, len), sp(out, len)));
}

}  // namespace

int ctcrypto_aes_xts_init(ctcrypto_aes_xts* xts, const uint8_t* key,
                          size_t key_len) {
  if (xts == nullptr) return code(Status::kInvalidArgument);
  ctcrypto::internal::secure_zero(xts->opaque, sizeof(xts->opaque));
  if (bad(key, key_len)) return code(Status::kInvalidArgument);
  XtsObject* o = new (xts->opaque) XtsObject{0, {}};
  Status st = o->xts.init(sp(key, key_len));
  if (st == Status::kOk) o->state = kXtsReady;
  return code(st);
}

int ctcrypto_aes_xts_encrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len) {
  return xts_call(false, xts, tweak, in, out, len);
}

int ctcrypto_aes_xts_decrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len) {
  return xts_call(true, xts, tweak, in, out, len);
}

void ctcrypto_aes_xts_cleanup(ctcrypto_aes_xts* xts) {
  if (xts == nullptr) return;
  ctcrypto::internal::secure_zero(xts->opaque, sizeof(xts->opaque));
}

}  // extern "C"
