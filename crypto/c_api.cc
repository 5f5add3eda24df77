// c_api.cc: the C API is the C++ API behind opaque, suitably sized and
// aligned storage; each entry point checks pointers, then forwards.
#include <new>

#include "ctcrypto/aead.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/tls_cbc.h"
// --- key wrap and XTS ---
#include <cstdint>
#include <cstring>

#include "crypto/internal.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/xts.h"
// --- end key wrap and XTS ---

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

static_assert(sizeof(AesKey) <= CTCRYPTO_AES_KEY_SIZE);
static_assert(alignof(AesKey) <= 64);
static_assert(sizeof(AesGcm) <= CTCRYPTO_AES_GCM_SIZE);
static_assert(alignof(AesGcm) <= 64);

int code(Status s) { return static_cast<int>(s); }

const AesKey* key_of(const ctcrypto_aes_key* k) {
  return std::launder(reinterpret_cast<const AesKey*>(k->opaque));
}
const AesGcm* gcm_of(const ctcrypto_aes_gcm* g) {
  return std::launder(reinterpret_cast<const AesGcm*>(g->opaque));
}

bool bad(const void* p, size_t len) { return p == nullptr && len != 0; }

template <typename T>
std::span<T> sp(T* p, size_t n) {
  return p ? std::span<T>(p, n) : std::span<T>();
}

// aead_call: the shared body of the four C seal/open entry points: every
// pointer/length pair is checked (null only with length 0), then the C++
// method (AesGcm::seal/open, TlsCbcAead::seal/open) does the rest.
template <typename Aead, typename Method>
int aead_call(Aead* aead, Method method, uint8_t* out, size_t* out_len,
              size_t max_out_len, const uint8_t* nonce, size_t nonce_len,
              const uint8_t* in, size_t in_len, const uint8_t* ad,
              size_t ad_len) {
  if (aead == nullptr || out_len == nullptr || bad(out, max_out_len) ||
      bad(nonce, nonce_len) || bad(in, in_len) || bad(ad, ad_len))
    return code(Status::kInvalidArgument);
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

int ctcrypto_aes_key_init(ctcrypto_aes_key* key, const uint8_t* raw,
                          size_t raw_len) {
  if (key == nullptr || bad(raw, raw_len)) return code(Status::kInvalidArgument);
  AesKey* k = new (key->opaque) AesKey();
  return code(k->init(sp(raw, raw_len)));
}

int ctcrypto_aes_encrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  if (key == nullptr || in == nullptr || out == nullptr)
    return code(Status::kInvalidArgument);
  if (!key_of(key)->initialized()) return code(Status::kNotInitialized);
  key_of(key)->encrypt_block(in, out);
  return code(Status::kOk);
}

int ctcrypto_aes_decrypt_block(const ctcrypto_aes_key* key,
                               const uint8_t in[16], uint8_t out[16]) {
  if (key == nullptr || in == nullptr || out == nullptr)
    return code(Status::kInvalidArgument);
  if (!key_of(key)->initialized()) return code(Status::kNotInitialized);
  key_of(key)->decrypt_block(in, out);
  return code(Status::kOk);
}

int ctcrypto_aes_ctr32(const ctcrypto_aes_key* key, const uint8_t counter[16],
                       const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || counter == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  return code(ctcrypto::aes_ctr32(*key_of(key),
                                  std::span<const uint8_t, 16>(counter, 16),
                                  sp(in, len), sp(out, len)));
}

int ctcrypto_aes_cbc_encrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || iv == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  return code(ctcrypto::aes_cbc_encrypt(*key_of(key),
                                        std::span<uint8_t, 16>(iv, 16),
                                        sp(in, len), sp(out, len)));
}

int ctcrypto_aes_cbc_decrypt(const ctcrypto_aes_key* key, uint8_t iv[16],
                             const uint8_t* in, uint8_t* out, size_t len) {
  if (key == nullptr || iv == nullptr || bad(in, len) || bad(out, len))
    return code(Status::kInvalidArgument);
  return code(ctcrypto::aes_cbc_decrypt(*key_of(key),
                                        std::span<uint8_t, 16>(iv, 16),
                                        sp(in, len), sp(out, len)));
}

int ctcrypto_aes_gcm_init(ctcrypto_aes_gcm* gcm, const uint8_t* key,
                          size_t key_len, size_t tag_len) {
  if (gcm == nullptr || bad(key, key_len)) return code(Status::kInvalidArgument);
  AesGcm* g = new (gcm->opaque) AesGcm();
  return code(g->init(sp(key, key_len), tag_len));
}

int ctcrypto_aes_gcm_seal(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call(gcm ? gcm_of(gcm) : nullptr, &AesGcm::seal, out, out_len,
                   max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
}

int ctcrypto_aes_gcm_open(const ctcrypto_aes_gcm* gcm, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call(gcm ? gcm_of(gcm) : nullptr, &AesGcm::open, out, out_len,
                   max_out_len, nonce, nonce_len, in, in_len, ad, ad_len);
}

// --- TLS CBC AEADs -----------------------------------------------------------

static_assert(sizeof(ctcrypto::TlsCbcAead) <= CTCRYPTO_TLS_CBC_SIZE);
static_assert(alignof(ctcrypto::TlsCbcAead) <= 64);

static ctcrypto::TlsCbcAead* tls_of(ctcrypto_tls_cbc* c) {
  return std::launder(reinterpret_cast<ctcrypto::TlsCbcAead*>(c->opaque));
}

int ctcrypto_tls_cbc_init(ctcrypto_tls_cbc* ctx, const char* name,
                          const uint8_t* key, size_t key_len, size_t tag_len) {
  if (ctx == nullptr || name == nullptr || bad(key, key_len))
    return code(Status::kInvalidArgument);
  auto* t = new (ctx->opaque) ctcrypto::TlsCbcAead();
  ctcrypto::TlsCbcSuite suite;
  if (!ctcrypto::tls_cbc_suite_from_name(name, &suite))
    return code(Status::kInvalidArgument);
  return code(t->init(suite, sp(key, key_len), tag_len));
}

int ctcrypto_tls_cbc_seal(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call(ctx ? tls_of(ctx) : nullptr, &ctcrypto::TlsCbcAead::seal,
                   out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

int ctcrypto_tls_cbc_open(ctcrypto_tls_cbc* ctx, uint8_t* out,
                          size_t* out_len, size_t max_out_len,
                          const uint8_t* nonce, size_t nonce_len,
                          const uint8_t* in, size_t in_len, const uint8_t* ad,
                          size_t ad_len) {
  return aead_call(ctx ? tls_of(ctx) : nullptr, &ctcrypto::TlsCbcAead::open,
                   out, out_len, max_out_len, nonce, nonce_len, in, in_len, ad,
                   ad_len);
}

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
  return code(fn(*key_of(kek), sp(in, in_len), sp(out, max_out_len), out_len));
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
