// c_api.cc: the C API is the C++ API behind opaque, suitably sized and
// aligned storage; each entry point checks pointers, then forwards.
//
// State word: the last 4 bytes of each opaque object hold a per-type magic
// value, written by a successful *_init and wiped by *_cleanup (and by a
// failed init). Every entry point reads it as plain bytes before touching
// the C++ object, so an object that was never initialised (stack garbage,
// memset, a cleaned-up object) is refused with CTCRYPTO_NOT_INITIALIZED
// instead of being used as a C++ object (whose row pointer would be
// garbage). Each magic value has four distinct, non-consecutive bytes, so no
// memset pattern or run of counter bytes produces one; each type has its
// own value. Every C object goes through the same helpers: init_object,
// live (through use_object / aead_call) and cleanup_object. A stream's
// start and the GMAC context's init are its init_object; their
// finish/verify end it with cleanup_object once a verdict is out.
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

using ctcrypto::AesCcm;
using ctcrypto::AesCcmStream;
using ctcrypto::AesCmac;
using ctcrypto::AesCmacContext;
using ctcrypto::AesGcm;
using ctcrypto::AesGcmSiv;
using ctcrypto::AesGcmStream;
using ctcrypto::AesGmac;
using ctcrypto::AesGmacContext;
using ctcrypto::AesKey;
using ctcrypto::AesXts;
using ctcrypto::Status;
using ctcrypto::TlsCbcAead;

constexpr uint32_t kAesKeyMagic = 0x41e5c301;
constexpr uint32_t kAesGcmMagic = 0x6c9a4702;
constexpr uint32_t kTlsCbcMagic = 0x7b1d5e03;
constexpr uint32_t kAesCcmMagic = 0x3c8e2b04;
constexpr uint32_t kAesCmacMagic = 0x5a17d905;
constexpr uint32_t kAesCmacCtxMagic = 0x2f64a806;
constexpr uint32_t kAesGcmSivMagic = 0x1db35907;
constexpr uint32_t kAesGmacMagic = 0x47f2c608;
constexpr uint32_t kAesXtsMagic = 0x68a51e09;
constexpr uint32_t kAesGcmStreamMagic = 0x59c7340a;
constexpr uint32_t kAesCcmStreamMagic = 0x2ea6d10b;
constexpr uint32_t kAesGmacCtxMagic = 0x73b8e50c;

// The C++ object sits at the start of the opaque bytes, the state word in
// their last 4 bytes; the two must not overlap, and the C struct's alignment
// (CTCRYPTO_ALIGNAS in ctcrypto.h) must suffice for the C++ object.
template <typename T, typename C>
constexpr bool fits() {
  return sizeof(T) + 4 <= sizeof(C::opaque) && alignof(T) <= alignof(C);
}
static_assert(fits<AesKey, ctcrypto_aes_key>());
static_assert(fits<AesGcm, ctcrypto_aes_gcm>());
static_assert(fits<TlsCbcAead, ctcrypto_tls_cbc>());
static_assert(fits<AesCcm, ctcrypto_aes_ccm>());
static_assert(fits<AesCmac, ctcrypto_aes_cmac>());
static_assert(fits<AesCmacContext, ctcrypto_aes_cmac_ctx>());
static_assert(fits<AesGcmSiv, ctcrypto_aes_gcm_siv>());
static_assert(fits<AesGmac, ctcrypto_aes_gmac>());
static_assert(fits<AesXts, ctcrypto_aes_xts>());
static_assert(fits<AesGcmStream, ctcrypto_aes_gcm_stream>());
static_assert(fits<AesCcmStream, ctcrypto_aes_ccm_stream>());
static_assert(fits<AesGmacContext, ctcrypto_aes_gmac_ctx>());

int code(Status s) { return static_cast<int>(s); }

// The C status macros are Status's values.
static_assert(CTCRYPTO_OK == static_cast<int>(Status::kOk));
static_assert(CTCRYPTO_INVALID_KEY_LENGTH ==
              static_cast<int>(Status::kInvalidKeyLength));
static_assert(CTCRYPTO_INVALID_NONCE_LENGTH ==
              static_cast<int>(Status::kInvalidNonceLength));
static_assert(CTCRYPTO_INVALID_TAG_LENGTH ==
              static_cast<int>(Status::kInvalidTagLength));
static_assert(CTCRYPTO_OUTPUT_TOO_SMALL ==
              static_cast<int>(Status::kOutputTooSmall));
static_assert(CTCRYPTO_INVALID_LENGTH ==
              static_cast<int>(Status::kInvalidLength));
static_assert(CTCRYPTO_OVERLAPPING_BUFFERS ==
              static_cast<int>(Status::kOverlappingBuffers));
static_assert(CTCRYPTO_MESSAGE_TOO_LONG ==
              static_cast<int>(Status::kMessageTooLong));
static_assert(CTCRYPTO_AUTHENTICATION_FAILED ==
              static_cast<int>(Status::kAuthenticationFailed));
static_assert(CTCRYPTO_NOT_INITIALIZED ==
              static_cast<int>(Status::kNotInitialized));
static_assert(CTCRYPTO_INVALID_ARGUMENT ==
              static_cast<int>(Status::kInvalidArgument));
static_assert(CTCRYPTO_UNSUPPORTED == static_cast<int>(Status::kUnsupported));
static_assert(CTCRYPTO_BAD_STATE == static_cast<int>(Status::kBadState));

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
// Through void*: the byte array's type says alignment 1 (which -Wcast-align
// reports on ARM); the struct's alignment suffices, fits<> asserts it.
template <typename T, typename C>
T* live(C* c, uint32_t magic) {
  if (c == nullptr || state_word(c->opaque) != magic) return nullptr;
  return std::launder(static_cast<T*>(static_cast<void*>(c->opaque)));
}
template <typename T, typename C>
const T* live(const C* c, uint32_t magic) {
  if (c == nullptr || state_word(c->opaque) != magic) return nullptr;
  return std::launder(
      static_cast<const T*>(static_cast<const void*>(c->opaque)));
}

// init_object: wipes the opaque bytes (whatever they held, including an
// earlier key), constructs a T there and runs `init` on it, which checks the
// remaining arguments and sets the object up; the state word is set only on
// success, and any failure (bad argument or init error) is wiped again, so
// a failed init leaves the object uninitialised.
template <typename T, typename C, typename Init>
int init_object(C* c, uint32_t magic, Init init) {
  if (c == nullptr) return code(Status::kInvalidArgument);
  if (T* old = live<T>(c, magic)) old->~T();
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
// and wipes all opaque bytes, state word included. Safe on any bytes.
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

// use_object: the shared body of every entry point on an initialised
// object: a null object or `args_ok` false (a null pointer with a nonzero
// length) is kInvalidArgument, an object without the state word is
// kNotInitialized; only then does `f` see the C++ object (const if the C
// object is).
template <typename T, typename C, typename F>
int use_object(C* c, uint32_t magic, bool args_ok, F f) {
  if (c == nullptr || !args_ok) return code(Status::kInvalidArgument);
  auto* obj = live<T>(c, magic);
  if (obj == nullptr) return code(Status::kNotInitialized);
  return code(f(*obj));
}

// aead_call: the seal/open entry points of every AEAD object (GCM, TLS-CBC,
// CCM, GCM-SIV): every pointer/length pair is checked (null only with
// length 0), then the C++ method (T::seal / T::open) does the rest.
template <typename T, typename C, typename Method>
int aead_call(C* c, uint32_t magic, Method method, uint8_t* out,
              size_t* out_len, size_t max_out_len, const uint8_t* nonce,
              size_t nonce_len, const uint8_t* in, size_t in_len,
              const uint8_t* ad, size_t ad_len) {
  const bool args_ok = out_len != nullptr && !bad(out, max_out_len) &&
                       !bad(nonce, nonce_len) && !bad(in, in_len) &&
                       !bad(ad, ad_len);
  return use_object<T>(c, magic, args_ok, [&](auto& aead) {
    return (aead.*method)(sp(out, max_out_len), out_len, sp(nonce, nonce_len),
                          sp(in, in_len), sp(ad, ad_len));
  });
}

// --- the streaming objects (GCM and CCM streams, the GMAC context) ---------
// Each is started (init_object: a fresh object, state word on success) on a
// live key object, fed through use_object, and ended by end_object.

// start_stream: the body of the streams' start: `direction` must be
// CTCRYPTO_SEAL or CTCRYPTO_OPEN and the nonce a valid pointer/length pair
// (else kInvalidArgument), the key object (K, a C++ key in C's opaque
// bytes) must be live (else kNotInitialized); `start(stream, key, opening)`
// then runs the C++ start_seal / start_open.
template <typename T, typename K, typename C, typename KC, typename Start>
int start_stream(C* c, uint32_t magic, const KC* key_c, uint32_t key_magic,
                 int direction, const uint8_t* nonce, size_t nonce_len,
                 Start start) {
  return init_object<T>(c, magic, [&](T* stream) {
    if ((direction != CTCRYPTO_SEAL && direction != CTCRYPTO_OPEN) ||
        key_c == nullptr || bad(nonce, nonce_len))
      return Status::kInvalidArgument;
    const K* key = live<K>(key_c, key_magic);
    if (key == nullptr) return Status::kNotInitialized;
    return start(*stream, *key, direction == CTCRYPTO_OPEN);
  });
}

// stream_update: the data step of both streams: in_len bytes of `in` to
// `out`, whose capacity max_out_len the C++ update checks
// (kOutputTooSmall).
template <typename T, typename C>
int stream_update(C* c, uint32_t magic, uint8_t* out, size_t max_out_len,
                  const uint8_t* in, size_t in_len) {
  return use_object<T>(c, magic, !bad(out, max_out_len) && !bad(in, in_len),
                       [&](T& stream) {
                         return stream.update(sp(out, max_out_len),
                                              sp(in, in_len));
                       });
}

// end_object: finish / verify / finish_verify of a stream or context. Once
// the call gives a verdict (kOk, or kAuthenticationFailed from a check) the
// message is over and the C object is cleaned up, as
// ctcrypto_aes_cmac_ctx_finish_verify does: any later call but a new start
// is refused with CTCRYPTO_NOT_INITIALIZED, not answered from stale state.
// Any other refusal (a wrong tag length, missing CCM input, a call on the
// wrong direction) leaves the object as it was.
template <typename T, typename C, typename F>
int end_object(C* c, uint32_t magic, bool args_ok, F f) {
  const int rc = use_object<T>(c, magic, args_ok, f);
  if (rc == code(Status::kOk) || rc == code(Status::kAuthenticationFailed))
    cleanup_object<T>(c, magic);
  return rc;
}

// ccm_profile_from_name: the C names of the ctcrypto::CcmProfile values.
bool ccm_profile_from_name(const char* name, ctcrypto::CcmProfile* profile) {
  static constexpr struct {
    const char* name;
    ctcrypto::CcmProfile profile;
  } kProfiles[] = {
      {"aes-128-ccm-bluetooth", ctcrypto::CcmProfile::kBluetooth},
      {"aes-128-ccm-bluetooth-8", ctcrypto::CcmProfile::kBluetooth8},
      {"aes-128-ccm-matter", ctcrypto::CcmProfile::kMatter},
  };
  for (const auto& p : kProfiles) {
    if (std::strcmp(name, p.name) == 0) {
      *profile = p.profile;
      return true;
    }
  }
  return false;
}

// wrap_call: the four key wrap entry points; the KEK is a ctcrypto_aes_key.
using WrapFn = Status (*)(const AesKey&, std::span<const uint8_t>,
                          std::span<uint8_t>, size_t*);
int wrap_call(WrapFn fn, const ctcrypto_aes_key* kek, uint8_t* out,
              size_t* out_len, size_t max_out_len, const uint8_t* in,
              size_t in_len) {
  return use_object<AesKey>(
      kek, kAesKeyMagic,
      out_len != nullptr && !bad(out, max_out_len) && !bad(in, in_len),
      [&](const AesKey& k) {
        return fn(k, sp(in, in_len), sp(out, max_out_len), out_len);
      });
}

// xts_call: XTS encrypt/decrypt of one data unit under a 16-byte tweak.
using XtsMethod = Status (AesXts::*)(std::span<const uint8_t, 16>,
                                     std::span<const uint8_t>,
                                     std::span<uint8_t>) const;
int xts_call(XtsMethod method, const ctcrypto_aes_xts* x,
             const uint8_t* tweak, const uint8_t* in, uint8_t* out,
             size_t len) {
  return use_object<AesXts>(
      x, kAesXtsMagic, tweak != nullptr && !bad(in, len) && !bad(out, len),
      [&](const AesXts& xts) {
        return (xts.*method)(std::span<const uint8_t, 16>(tweak, 16),
                             sp(in, len), sp(out, len));
      });
}

// block_call: one-block AES encryption or decryption under a key object.
using BlockMethod = void (AesKey::*)(const uint8_t*, uint8_t*) const;
int block_call(BlockMethod method, const ctcrypto_aes_key* key,
               const uint8_t* in, uint8_t* out) {
  return use_object<AesKey>(key, kAesKeyMagic, in != nullptr && out != nullptr,
                            [&](const AesKey& k) {
                              (k.*method)(in, out);
                              return Status::kOk;
                            });
}

}  // namespace

extern "C" {

const char* ctcrypto_status_string(int status) {
  if (status < 0 || status > static_cast<int>(Status::kBadState))
    return "unknown status";
  return ctcrypto::status_string(static_cast<Status>(status));
}

// --- AES keys ------------------------------------------------------------------

int ctcrypto_aes_key_init(ctcrypto_aes_key* key, const uint8_t* raw,
                          size_t raw_len) {
  return init_object<AesKey>(key, kAesKeyMagic, [&](AesKey* k) {
    if (bad(raw, raw_len)) return Status::kInvalidArgument;
    return k->init(sp(raw, raw_len));
  });
}

int ctcrypto_aes_key_cleanup(ctcrypto_aes_key* key) {
  return cleanup_object<AesKey>(key, kAesKeyMagic);
}

int ctcrypto_aes_encrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  return block_call(&AesKey::encrypt_block, key, in, out);
}

int ctcrypto_aes_decrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  return block_call(&AesKey::decrypt_block, key, in, out);
}

int ctcrypto_aes_ctr32(const ctcrypto_aes_key* key, const uint8_t counter[16],
                       const uint8_t* in, uint8_t* out, size_t len) {
  return use_object<AesKey>(
      key, kAesKeyMagic, counter != nullptr && !bad(in, len) && !bad(out, len),
      [&](const AesKey& k) {
        return ctcrypto::aes_ctr32(k, std::span<const uint8_t, 16>(counter, 16),
                                   sp(in, len), sp(out, len));
      });
}

int ctcrypto_aes_cbc_encrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  return use_object<AesKey>(
      key, kAesKeyMagic, iv != nullptr && !bad(in, len) && !bad(out, len),
      [&](const AesKey& k) {
        return ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(iv, 16),
                                         sp(in, len), sp(out, len));
      });
}

int ctcrypto_aes_cbc_decrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  return use_object<AesKey>(
      key, kAesKeyMagic, iv != nullptr && !bad(in, len) && !bad(out, len),
      [&](const AesKey& k) {
        return ctcrypto::aes_cbc_decrypt(k, std::span<uint8_t, 16>(iv, 16),
                                         sp(in, len), sp(out, len));
      });
}

// --- AES-GCM -------------------------------------------------------------------

int ctcrypto_aes_gcm_init(ctcrypto_aes_gcm* gcm, const uint8_t* key,
                          size_t key_len, size_t tag_len) {
  return init_object<AesGcm>(gcm, kAesGcmMagic, [&](AesGcm* g) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
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
  return aead_call<AesGcm>(gcm, kAesGcmMagic, &AesGcm::seal, out, out_len,
                           max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len);
}

int ctcrypto_aes_gcm_open(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call<AesGcm>(gcm, kAesGcmMagic, &AesGcm::open, out, out_len,
                           max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len);
}

// --- Streaming AES-GCM -----------------------------------------------------------

int ctcrypto_aes_gcm_stream_start(ctcrypto_aes_gcm_stream* s,
                                  const ctcrypto_aes_gcm* gcm, int direction,
                                  const uint8_t* nonce, size_t nonce_len) {
  return start_stream<AesGcmStream, AesGcm>(
      s, kAesGcmStreamMagic, gcm, kAesGcmMagic, direction, nonce, nonce_len,
      [&](AesGcmStream& st, const AesGcm& g, bool opening) {
        return opening ? st.start_open(g, sp(nonce, nonce_len))
                       : st.start_seal(g, sp(nonce, nonce_len));
      });
}

int ctcrypto_aes_gcm_stream_update_ad(ctcrypto_aes_gcm_stream* s,
                                      const uint8_t* ad, size_t ad_len) {
  return use_object<AesGcmStream>(
      s, kAesGcmStreamMagic, !bad(ad, ad_len),
      [&](AesGcmStream& st) { return st.update_ad(sp(ad, ad_len)); });
}

int ctcrypto_aes_gcm_stream_update(ctcrypto_aes_gcm_stream* s, uint8_t* out,
                                   size_t max_out_len, const uint8_t* in,
                                   size_t in_len) {
  return stream_update<AesGcmStream>(s, kAesGcmStreamMagic, out, max_out_len,
                                     in, in_len);
}

int ctcrypto_aes_gcm_stream_finish(ctcrypto_aes_gcm_stream* s, uint8_t* tag,
                                   size_t tag_len) {
  return end_object<AesGcmStream>(
      s, kAesGcmStreamMagic, !bad(tag, tag_len),
      [&](AesGcmStream& st) { return st.finish(sp(tag, tag_len)); });
}

int ctcrypto_aes_gcm_stream_verify(ctcrypto_aes_gcm_stream* s,
                                   const uint8_t* tag, size_t tag_len) {
  return end_object<AesGcmStream>(
      s, kAesGcmStreamMagic, !bad(tag, tag_len),
      [&](AesGcmStream& st) { return st.verify(sp(tag, tag_len)); });
}

int ctcrypto_aes_gcm_stream_cleanup(ctcrypto_aes_gcm_stream* s) {
  return cleanup_object<AesGcmStream>(s, kAesGcmStreamMagic);
}

// --- TLS CBC AEADs -------------------------------------------------------------

int ctcrypto_tls_cbc_init(ctcrypto_tls_cbc* ctx, const char* name,
                          const uint8_t* key, size_t key_len, size_t tag_len) {
  return init_object<TlsCbcAead>(ctx, kTlsCbcMagic, [&](TlsCbcAead* t) {
    ctcrypto::TlsCbcSuite suite;
    if (name == nullptr || bad(key, key_len) ||
        !ctcrypto::tls_cbc_suite_from_name(name, &suite))
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
  return aead_call<TlsCbcAead>(ctx, kTlsCbcMagic, &TlsCbcAead::seal, out,
                               out_len, max_out_len, nonce, nonce_len, in,
                               in_len, ad, ad_len);
}

int ctcrypto_tls_cbc_open(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call<TlsCbcAead>(ctx, kTlsCbcMagic, &TlsCbcAead::open, out,
                               out_len, max_out_len, nonce, nonce_len, in,
                               in_len, ad, ad_len);
}

// --- AES-CCM -------------------------------------------------------------------

int ctcrypto_aes_ccm_init(ctcrypto_aes_ccm* ccm, const uint8_t* key,
                          size_t key_len, size_t tag_len, size_t nonce_len) {
  return init_object<AesCcm>(ccm, kAesCcmMagic, [&](AesCcm* c) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
    return c->init(sp(key, key_len), tag_len, nonce_len);
  });
}

int ctcrypto_aes_ccm_init_profile(ctcrypto_aes_ccm* ccm, const char* name,
                                  const uint8_t* key, size_t key_len) {
  return init_object<AesCcm>(ccm, kAesCcmMagic, [&](AesCcm* c) {
    ctcrypto::CcmProfile profile;
    if (name == nullptr || bad(key, key_len) ||
        !ccm_profile_from_name(name, &profile))
      return Status::kInvalidArgument;
    return c->init(sp(key, key_len), profile);
  });
}

int ctcrypto_aes_ccm_cleanup(ctcrypto_aes_ccm* ccm) {
  return cleanup_object<AesCcm>(ccm, kAesCcmMagic);
}

int ctcrypto_aes_ccm_seal(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call<AesCcm>(ccm, kAesCcmMagic, &AesCcm::seal, out, out_len,
                           max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len);
}

int ctcrypto_aes_ccm_open(const ctcrypto_aes_ccm* ccm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call<AesCcm>(ccm, kAesCcmMagic, &AesCcm::open, out, out_len,
                           max_out_len, nonce, nonce_len, in, in_len, ad,
                           ad_len);
}

// --- Streaming AES-CCM -----------------------------------------------------------

int ctcrypto_aes_ccm_stream_start(ctcrypto_aes_ccm_stream* s,
                                  const ctcrypto_aes_ccm* ccm, int direction,
                                  const uint8_t* nonce, size_t nonce_len,
                                  uint64_t ad_len, uint64_t msg_len) {
  return start_stream<AesCcmStream, AesCcm>(
      s, kAesCcmStreamMagic, ccm, kAesCcmMagic, direction, nonce, nonce_len,
      [&](AesCcmStream& st, const AesCcm& c, bool opening) {
        return opening
                   ? st.start_open(c, sp(nonce, nonce_len), ad_len, msg_len)
                   : st.start_seal(c, sp(nonce, nonce_len), ad_len, msg_len);
      });
}

int ctcrypto_aes_ccm_stream_update_ad(ctcrypto_aes_ccm_stream* s,
                                      const uint8_t* ad, size_t ad_len) {
  return use_object<AesCcmStream>(
      s, kAesCcmStreamMagic, !bad(ad, ad_len),
      [&](AesCcmStream& st) { return st.update_ad(sp(ad, ad_len)); });
}

int ctcrypto_aes_ccm_stream_update(ctcrypto_aes_ccm_stream* s, uint8_t* out,
                                   size_t max_out_len, const uint8_t* in,
                                   size_t in_len) {
  return stream_update<AesCcmStream>(s, kAesCcmStreamMagic, out, max_out_len,
                                     in, in_len);
}

int ctcrypto_aes_ccm_stream_finish(ctcrypto_aes_ccm_stream* s, uint8_t* tag,
                                   size_t tag_len) {
  return end_object<AesCcmStream>(
      s, kAesCcmStreamMagic, !bad(tag, tag_len),
      [&](AesCcmStream& st) { return st.finish(sp(tag, tag_len)); });
}

int ctcrypto_aes_ccm_stream_verify(ctcrypto_aes_ccm_stream* s,
                                   const uint8_t* tag, size_t tag_len) {
  return end_object<AesCcmStream>(
      s, kAesCcmStreamMagic, !bad(tag, tag_len),
      [&](AesCcmStream& st) { return st.verify(sp(tag, tag_len)); });
}

int ctcrypto_aes_ccm_stream_cleanup(ctcrypto_aes_ccm_stream* s) {
  return cleanup_object<AesCcmStream>(s, kAesCcmStreamMagic);
}

// --- AES-CMAC: key object and incremental context -------------------------------

int ctcrypto_aes_cmac_init(ctcrypto_aes_cmac* cmac, const uint8_t* key,
                           size_t key_len) {
  return init_object<AesCmac>(cmac, kAesCmacMagic, [&](AesCmac* m) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
    return m->init(sp(key, key_len));
  });
}

int ctcrypto_aes_cmac_cleanup(ctcrypto_aes_cmac* cmac) {
  return cleanup_object<AesCmac>(cmac, kAesCmacMagic);
}

int ctcrypto_aes_cmac_mac(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                          size_t msg_len, uint8_t* tag, size_t tag_len) {
  return use_object<AesCmac>(
      cmac, kAesCmacMagic, !bad(msg, msg_len) && !bad(tag, tag_len),
      [&](const AesCmac& m) {
        return m.mac(sp(msg, msg_len), sp(tag, tag_len));
      });
}

int ctcrypto_aes_cmac_verify(const ctcrypto_aes_cmac* cmac, const uint8_t* msg,
                             size_t msg_len, const uint8_t* tag,
                             size_t tag_len) {
  return use_object<AesCmac>(
      cmac, kAesCmacMagic, !bad(msg, msg_len) && !bad(tag, tag_len),
      [&](const AesCmac& m) {
        return m.verify(sp(msg, msg_len), sp(tag, tag_len));
      });
}

int ctcrypto_aes_cmac_ctx_init(ctcrypto_aes_cmac_ctx* ctx,
                               const ctcrypto_aes_cmac* cmac) {
  return init_object<AesCmacContext>(
      ctx, kAesCmacCtxMagic, [&](AesCmacContext* c) {
        if (cmac == nullptr) return Status::kInvalidArgument;
        const AesCmac* m = live<AesCmac>(cmac, kAesCmacMagic);
        if (m == nullptr) return Status::kNotInitialized;
        return c->init(*m);
      });
}

int ctcrypto_aes_cmac_ctx_cleanup(ctcrypto_aes_cmac_ctx* ctx) {
  return cleanup_object<AesCmacContext>(ctx, kAesCmacCtxMagic);
}

int ctcrypto_aes_cmac_ctx_update(ctcrypto_aes_cmac_ctx* ctx,
                                 const uint8_t* data, size_t len) {
  return use_object<AesCmacContext>(
      ctx, kAesCmacCtxMagic, !bad(data, len),
      [&](AesCmacContext& c) { return c.update(sp(data, len)); });
}

// finish / finish_verify end the message: once a verdict is out the context
// is cleaned up (a second finish is refused, not a MAC of stale state).
int ctcrypto_aes_cmac_ctx_finish(ctcrypto_aes_cmac_ctx* ctx, uint8_t* tag,
                                 size_t tag_len) {
  int rc = use_object<AesCmacContext>(
      ctx, kAesCmacCtxMagic, !bad(tag, tag_len),
      [&](AesCmacContext& c) { return c.finish(sp(tag, tag_len)); });
  if (rc == code(Status::kOk))
    cleanup_object<AesCmacContext>(ctx, kAesCmacCtxMagic);
  return rc;
}

int ctcrypto_aes_cmac_ctx_finish_verify(ctcrypto_aes_cmac_ctx* ctx,
                                        const uint8_t* tag, size_t tag_len) {
  int rc = use_object<AesCmacContext>(
      ctx, kAesCmacCtxMagic, !bad(tag, tag_len),
      [&](AesCmacContext& c) { return c.finish_verify(sp(tag, tag_len)); });
  if (rc == code(Status::kOk) || rc == code(Status::kAuthenticationFailed))
    cleanup_object<AesCmacContext>(ctx, kAesCmacCtxMagic);
  return rc;
}

// --- AES-GCM-SIV ---------------------------------------------------------------

int ctcrypto_aes_gcm_siv_init(ctcrypto_aes_gcm_siv* siv, const uint8_t* key,
                              size_t key_len) {
  return init_object<AesGcmSiv>(siv, kAesGcmSivMagic, [&](AesGcmSiv* s) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
    return s->init(sp(key, key_len));
  });
}

int ctcrypto_aes_gcm_siv_cleanup(ctcrypto_aes_gcm_siv* siv) {
  return cleanup_object<AesGcmSiv>(siv, kAesGcmSivMagic);
}

int ctcrypto_aes_gcm_siv_seal(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len) {
  return aead_call<AesGcmSiv>(siv, kAesGcmSivMagic, &AesGcmSiv::seal, out,
                              out_len, max_out_len, nonce, nonce_len, in,
                              in_len, ad, ad_len);
}

int ctcrypto_aes_gcm_siv_open(const ctcrypto_aes_gcm_siv* siv, uint8_t* out,
                              size_t* out_len, size_t max_out_len,
                              const uint8_t* nonce, size_t nonce_len,
                              const uint8_t* in, size_t in_len,
                              const uint8_t* ad, size_t ad_len) {
  return aead_call<AesGcmSiv>(siv, kAesGcmSivMagic, &AesGcmSiv::open, out,
                              out_len, max_out_len, nonce, nonce_len, in,
                              in_len, ad, ad_len);
}

// --- GMAC ----------------------------------------------------------------------

int ctcrypto_aes_gmac_init(ctcrypto_aes_gmac* mac, const uint8_t* key,
                           size_t key_len, size_t tag_len) {
  return init_object<AesGmac>(mac, kAesGmacMagic, [&](AesGmac* g) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
    return g->init(sp(key, key_len), tag_len);
  });
}

int ctcrypto_aes_gmac_cleanup(ctcrypto_aes_gmac* mac) {
  return cleanup_object<AesGmac>(mac, kAesGmacMagic);
}

int ctcrypto_aes_gmac_compute(const ctcrypto_aes_gmac* mac, uint8_t* tag,
                              size_t tag_len, const uint8_t* nonce,
                              size_t nonce_len, const uint8_t* data,
                              size_t data_len) {
  return use_object<AesGmac>(
      mac, kAesGmacMagic,
      !bad(tag, tag_len) && !bad(nonce, nonce_len) && !bad(data, data_len),
      [&](const AesGmac& g) {
        return g.compute(sp(tag, tag_len), sp(nonce, nonce_len),
                         sp(data, data_len));
      });
}

int ctcrypto_aes_gmac_verify(const ctcrypto_aes_gmac* mac,
                             const uint8_t* nonce, size_t nonce_len,
                             const uint8_t* data, size_t data_len,
                             const uint8_t* tag, size_t tag_len) {
  return use_object<AesGmac>(
      mac, kAesGmacMagic,
      !bad(tag, tag_len) && !bad(nonce, nonce_len) && !bad(data, data_len),
      [&](const AesGmac& g) {
        return g.verify(sp(nonce, nonce_len), sp(data, data_len),
                        sp(tag, tag_len));
      });
}

// --- Incremental GMAC: the context, started on a ctcrypto_aes_gmac ---------------

int ctcrypto_aes_gmac_ctx_init(ctcrypto_aes_gmac_ctx* ctx,
                               const ctcrypto_aes_gmac* mac,
                               const uint8_t* nonce, size_t nonce_len) {
  return init_object<AesGmacContext>(
      ctx, kAesGmacCtxMagic, [&](AesGmacContext* c) {
        if (mac == nullptr || bad(nonce, nonce_len))
          return Status::kInvalidArgument;
        const AesGmac* g = live<AesGmac>(mac, kAesGmacMagic);
        if (g == nullptr) return Status::kNotInitialized;
        return c->init(*g, sp(nonce, nonce_len));
      });
}

int ctcrypto_aes_gmac_ctx_update(ctcrypto_aes_gmac_ctx* ctx,
                                 const uint8_t* data, size_t len) {
  return use_object<AesGmacContext>(
      ctx, kAesGmacCtxMagic, !bad(data, len),
      [&](AesGmacContext& c) { return c.update(sp(data, len)); });
}

int ctcrypto_aes_gmac_ctx_finish(ctcrypto_aes_gmac_ctx* ctx, uint8_t* tag,
                                 size_t tag_len) {
  return end_object<AesGmacContext>(
      ctx, kAesGmacCtxMagic, !bad(tag, tag_len),
      [&](AesGmacContext& c) { return c.finish(sp(tag, tag_len)); });
}

int ctcrypto_aes_gmac_ctx_finish_verify(ctcrypto_aes_gmac_ctx* ctx,
                                        const uint8_t* tag, size_t tag_len) {
  return end_object<AesGmacContext>(
      ctx, kAesGmacCtxMagic, !bad(tag, tag_len),
      [&](AesGmacContext& c) { return c.finish_verify(sp(tag, tag_len)); });
}

int ctcrypto_aes_gmac_ctx_cleanup(ctcrypto_aes_gmac_ctx* ctx) {
  return cleanup_object<AesGmacContext>(ctx, kAesGmacCtxMagic);
}

// --- AES key wrap (KW, KWP): the KEK is a ctcrypto_aes_key -----------------------

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

// --- AES-XTS -------------------------------------------------------------------

int ctcrypto_aes_xts_init(ctcrypto_aes_xts* xts, const uint8_t* key,
                          size_t key_len) {
  return init_object<AesXts>(xts, kAesXtsMagic, [&](AesXts* x) {
    if (bad(key, key_len)) return Status::kInvalidArgument;
    return x->init(sp(key, key_len));
  });
}

int ctcrypto_aes_xts_cleanup(ctcrypto_aes_xts* xts) {
  return cleanup_object<AesXts>(xts, kAesXtsMagic);
}

int ctcrypto_aes_xts_encrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len) {
  return xts_call(&AesXts::encrypt, xts, tweak, in, out, len);
}

int ctcrypto_aes_xts_decrypt(const ctcrypto_aes_xts* xts,
                             const uint8_t tweak[16], const uint8_t* in,
                             uint8_t* out, size_t len) {
  return xts_call(&AesXts::decrypt, xts, tweak, in, out, len);
}

}  // extern "C"
