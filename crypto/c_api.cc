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
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/tls_cbc.h"

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

}  // extern "C"
