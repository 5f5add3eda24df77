// speed.cc: throughput of the public API, printed like BoringSSL's
// `bssl speed` (bench/harness.h):
//
//   Did 25786000 AES-128-GCM (16 bytes) seal operations in 2000050us
//   (12892917.7 ops/sec): 206.3 MB/s          (one line; MB = 10^6 bytes)
//
// Every measurement goes through the public API, so it runs on the rows
// the library's CTCRYPTO_DISABLE-aware dispatch picks; the first line says
// which. To add a measurement, write an Op and add a row to kMeasurements.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/harness.h"
#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;
using ctcrypto::bench::kAdLen;
using ctcrypto::bench::kKey;
using ctcrypto::bench::kNonceLen;
using ctcrypto::bench::kSectorChunks;
using ctcrypto::bench::kTlsCbcKey;
using ctcrypto::bench::kXtsKey;

constexpr size_t kAlign = 64;

// Buffer: `len` bytes, 64-byte aligned, filled with a fixed pattern.
class Buffer {
 public:
  explicit Buffer(size_t len) : len_(len) {
    size_t cap = (len + kAlign - 1) / kAlign * kAlign;
    if (cap == 0) cap = kAlign;
    data_ = static_cast<uint8_t*>(std::aligned_alloc(kAlign, cap));
    if (data_ == nullptr) {
      std::fprintf(stderr, "speed: out of memory\n");
      std::exit(1);
    }
    for (size_t i = 0; i < cap; i++) data_[i] = static_cast<uint8_t>(i * 7);
  }
  ~Buffer() { std::free(data_); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  std::span<uint8_t> span() { return {data_, len_}; }
  std::span<const uint8_t> span() const { return {data_, len_}; }
  const uint8_t* data() const { return data_; }

 private:
  uint8_t* data_;
  size_t len_;
};

// Op: a measured call of the public API. setup() runs init(); run() (one
// virtual call per operation, as the harness times it) passes the call's
// Status through ok(), which keeps it for error().
class Op : public ctcrypto::bench::Op {
 public:
  bool setup() override { return ok(init()); }
  std::string error() const override {
    return ctcrypto::status_string(status_);
  }

 protected:
  virtual Status init() = 0;
  bool ok(Status s) {
    status_ = s;
    return s == Status::kOk;
  }

 private:
  Status status_ = Status::kOk;
};

// --- AES block modes ---------------------------------------------------------

// ctr32, cbc_decrypt: the two modes measured, as one signature: the block
// that carries over from call to call (CTR's counter, CBC's IV; which value
// it holds does not matter for the timing) and whole buffers.
using ModeFn = Status (*)(const AesKey&, std::span<uint8_t, 16>,
                          std::span<const uint8_t>, std::span<uint8_t>);

Status ctr32(const AesKey& key, std::span<uint8_t, 16> counter,
             std::span<const uint8_t> in, std::span<uint8_t> out) {
  return ctcrypto::aes_ctr32(key, counter, in, out);
}

Status cbc_decrypt(const AesKey& key, std::span<uint8_t, 16> iv,
                   std::span<const uint8_t> in, std::span<uint8_t> out) {
  return ctcrypto::aes_cbc_decrypt(key, iv, in, out);
}

template <ModeFn kMode, size_t kKeyLen>
class AesMode : public Op {
 public:
  explicit AesMode(size_t len) : in_(len), out_(len) {}
  Status init() override {
    return key_.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
  bool run() override {
    return ok(
        kMode(key_, std::span<uint8_t, 16>(block_), in_.span(), out_.span()));
  }
  const void* output() const override { return out_.data(); }

 private:
  AesKey key_;
  uint8_t block_[16] = {};
  Buffer in_, out_;
};

// --- AEADs -------------------------------------------------------------------
// Gcm<KeyLen>, Ccm<KeyLen>, GcmSiv<KeyLen> and TlsCbc<Suite> key an AEAD
// object; Seal and Open measure its seal() and open(), which have the same
// signature for all of them. For
// TLS-CBC the chunk is the plaintext length, as in bssl speed's legacy AEAD
// lines. open() is measured on the record seal() made (for TLS-CBC: minimal
// padding).

template <size_t kKeyLen>
struct Gcm {
  using Aead = AesGcm;
  static constexpr size_t kNonce = kNonceLen;
  static constexpr size_t kAd = kAdLen;
  static constexpr size_t kMaxOverhead = ctcrypto::kGcmTagLen;
  static Status init(Aead& aead) {
    return aead.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
};

// CCM as a TLS-style AEAD, like GCM: a 12-byte nonce (q = 3), a 16-byte tag
// and the 13-byte AD.
template <size_t kKeyLen>
struct Ccm {
  using Aead = ctcrypto::AesCcm;
  static constexpr size_t kNonce = kNonceLen;
  static constexpr size_t kAd = kAdLen;
  static constexpr size_t kMaxOverhead = ctcrypto::kCcmTagLen;
  static Status init(Aead& aead) {
    return aead.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
};

// GCM-SIV with GCM's workload: one fixed nonce, so every call pays the
// per-nonce key derivation, the encryption-key expansion and the POLYVAL
// key set-up, as every message of a real user does.
template <size_t kKeyLen>
struct GcmSiv {
  using Aead = ctcrypto::AesGcmSiv;
  static constexpr size_t kNonce = ctcrypto::kGcmSivNonceLen;
  static constexpr size_t kAd = kAdLen;
  static constexpr size_t kMaxOverhead = ctcrypto::kGcmSivTagLen;
  static Status init(Aead& aead) {
    return aead.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
};

template <ctcrypto::TlsCbcSuite kSuite>
struct TlsCbc {
  using Aead = ctcrypto::TlsCbcAead;
  static constexpr size_t kNonce = ctcrypto::kTlsCbcIvLen;
  static constexpr size_t kAd = ctcrypto::kTlsCbcAdLen;
  // MAC and padding (at most one block); the explicit IV is the nonce.
  static constexpr size_t kMaxOverhead =
      ctcrypto::internal::kHashMaxDigestLen + 16;
  static Status init(Aead& aead) {
    const size_t key_len = ctcrypto::tls_cbc_suite_info(kSuite).key_len();
    return aead.init(kSuite, std::span<const uint8_t>(kTlsCbcKey, key_len));
  }
};

template <typename K>
class Seal : public Op {
 public:
  explicit Seal(size_t len)
      : in_(len), out_(len + K::kMaxOverhead), nonce_(K::kNonce), ad_(K::kAd) {}
  Status init() override { return K::init(aead_); }
  bool run() override {
    size_t out_len;
    return ok(aead_.seal(out_.span(), &out_len, nonce_.span(), in_.span(),
                         ad_.span()));
  }
  const void* output() const override { return out_.data(); }

 private:
  typename K::Aead aead_;
  Buffer in_, out_, nonce_, ad_;
};

template <typename K>
class Open : public Op {
 public:
  explicit Open(size_t len)
      : len_(len),
        ct_(len + K::kMaxOverhead),
        out_(len + K::kMaxOverhead),
        nonce_(K::kNonce),
        ad_(K::kAd) {}
  Status init() override {
    Status s = K::init(aead_);
    if (s != Status::kOk) return s;
    Buffer pt(len_);
    return aead_.seal(ct_.span(), &ct_len_, nonce_.span(), pt.span(),
                      ad_.span());
  }
  bool run() override {
    size_t out_len;
    return ok(aead_.open(out_.span(), &out_len, nonce_.span(),
                         ct_.span().first(ct_len_), ad_.span()));
  }
  const void* output() const override { return out_.data(); }

 private:
  typename K::Aead aead_;
  size_t len_, ct_len_ = 0;
  Buffer ct_, out_, nonce_, ad_;
};

// --- streamed AEADs ------------------------------------------------------------
// The chunk (by default kStreamMessage: 16 KiB) is one message fed through
// the multipart API (AesGcmStream, AesCcmStream) in kPiece-byte pieces:
// start, the 13-byte AD in one update_ad, the data pieces (the last one
// shorter where kPiece does not divide the message), then finish (seal: the
// tag) or verify (open: the message and tag seal() made). The
// "<AEAD> (16384 bytes) seal" line is the same message in one call.

constexpr size_t kStreamMessage[] = {16384};

template <size_t kKeyLen>
struct GcmStream : Gcm<kKeyLen> {
  using Stream = ctcrypto::AesGcmStream;
  static Status start(Stream& s, const AesGcm& key,
                      std::span<const uint8_t> nonce, size_t /*ad_len*/,
                      size_t /*len*/, bool open) {
    return open ? s.start_open(key, nonce) : s.start_seal(key, nonce);
  }
};

template <size_t kKeyLen>
struct CcmStream : Ccm<kKeyLen> {
  using Stream = ctcrypto::AesCcmStream;
  static Status start(Stream& s, const ctcrypto::AesCcm& key,
                      std::span<const uint8_t> nonce, size_t ad_len,
                      size_t len, bool open) {
    return open ? s.start_open(key, nonce, ad_len, len)
                : s.start_seal(key, nonce, ad_len, len);
  }
};

template <typename K, size_t kPiece, bool kOpen>
class Streamed : public Op {
 public:
  explicit Streamed(size_t len)
      : len_(len),
        in_(len),
        out_(len),
        tag_(K::kMaxOverhead),
        nonce_(K::kNonce),
        ad_(K::kAd) {}
  Status init() override {
    Status s = K::init(aead_);
    if (s != Status::kOk || !kOpen) return s;
    // open: in_ becomes seal()'s ciphertext and tag_ its tag.
    Buffer sealed(len_ + K::kMaxOverhead);
    size_t n = 0;
    s = aead_.seal(sealed.span(), &n, nonce_.span(), in_.span(), ad_.span());
    if (s != Status::kOk) return s;
    std::memcpy(in_.span().data(), sealed.data(), len_);
    std::memcpy(tag_.span().data(), sealed.data() + len_, n - len_);
    return Status::kOk;
  }
  bool run() override {
    const size_t tag_len = aead_.tag_len();
    if (!ok(K::start(stream_, aead_, nonce_.span(), K::kAd, len_, kOpen)) ||
        !ok(stream_.update_ad(ad_.span())))
      return false;
    for (size_t off = 0; off < len_; off += kPiece) {
      const size_t n = len_ - off < kPiece ? len_ - off : kPiece;
      if (!ok(stream_.update(out_.span().subspan(off, n),
                             in_.span().subspan(off, n))))
        return false;
    }
    return ok(kOpen ? stream_.verify(tag_.span().first(tag_len))
                    : stream_.finish(tag_.span().first(tag_len)));
  }
  const void* output() const override { return out_.data(); }

 private:
  typename K::Aead aead_;
  typename K::Stream stream_;  // after aead_: ends (and wipes) first
  size_t len_;
  Buffer in_, out_, tag_, nonce_, ad_;
};

// --- MACs --------------------------------------------------------------------
// The 16-byte tag over the chunk. GMAC: all of the chunk is GCM's AD, under
// a fixed 12-byte nonce.

template <size_t kKeyLen>
class Cmac : public Op {
 public:
  explicit Cmac(size_t len) : in_(len), tag_(ctcrypto::kCmacTagLen) {}
  Status init() override {
    return mac_.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
  bool run() override { return ok(mac_.mac(in_.span(), tag_.span())); }
  const void* output() const override { return tag_.data(); }

 private:
  ctcrypto::AesCmac mac_;
  Buffer in_, tag_;
};

template <size_t kKeyLen>
class Gmac : public Op {
 public:
  explicit Gmac(size_t len)
      : in_(len), tag_(ctcrypto::kGmacTagLen), nonce_(kNonceLen) {}
  Status init() override {
    return mac_.init(std::span<const uint8_t>(kKey, kKeyLen));
  }
  bool run() override {
    return ok(mac_.compute(tag_.span(), nonce_.span(), in_.span()));
  }
  const void* output() const override { return tag_.data(); }

 private:
  ctcrypto::AesGmac mac_;
  Buffer in_, tag_, nonce_;
};

// --- XTS ---------------------------------------------------------------------
// One data unit (the chunk, a sector: kSectorChunks) per call under a fixed
// tweak; whole blocks, so no ciphertext stealing. kPerBlock runs the same
// key on a copy of the dispatched AES row with its multi-block ECB entry
// removed, i.e. XTS's block-by-block fallback (a copy is not the row the
// XTS kernel table is keyed by, so no kernel either): the "-PERBLOCK" lines
// show what ecb_encrypt / ecb_decrypt, or the kernel, buy on each row.

template <bool kDecrypt, bool kPerBlock, size_t kKeyLen>
class Xts : public Op {
 public:
  explicit Xts(size_t len) : in_(len), out_(len) {}
  Status init() override {
    const std::span<const uint8_t> key(kXtsKey, kKeyLen);
    if (!kPerBlock) return xts_.init(key);
    const ctcrypto::internal::AesRow* row =
        ctcrypto::internal::select_aes_row(
            ctcrypto::internal::cpu_caps());
    if (row == nullptr) return Status::kUnsupported;
    const ctcrypto::internal::AesDecryptRow* drow =
        ctcrypto::internal::aes_decrypt_row_of(row);
    if (drow == nullptr) return Status::kUnsupported;
    row_ = *row;
    row_.ecb_encrypt = nullptr;
    drow_ = *drow;
    drow_.row = &row_;
    drow_.ecb_decrypt = nullptr;
    return ctcrypto::internal::init_with_rows(xts_, key, &row_, &drow_);
  }
  bool run() override {
    return ok(kDecrypt ? xts_.decrypt(tweak_, in_.span(), out_.span())
                       : xts_.encrypt(tweak_, in_.span(), out_.span()));
  }
  const void* output() const override { return out_.data(); }

 private:
  ctcrypto::internal::AesRow row_{};  // declared first: outlive xts_
  ctcrypto::internal::AesDecryptRow drow_{};
  ctcrypto::AesXts xts_;
  uint8_t tweak_[ctcrypto::kXtsTweakLen] = {1};
  Buffer in_, out_;
};

// --- key wrap ----------------------------------------------------------------
// KW (RFC 3394) and KWP (RFC 5649): the chunk is the key being wrapped;
// unwrap is measured on the wrapping of such a key.

template <bool kUnwrap, bool kPadded, size_t kKeyLen>
class KeyWrap : public Op {
 public:
  explicit KeyWrap(size_t len)
      : len_(len),
        in_(len + 2 * ctcrypto::kKeyWrapOverhead),
        out_(len + 2 * ctcrypto::kKeyWrapOverhead) {}
  Status init() override {
    Status s = kek_.init(std::span<const uint8_t>(kKey, kKeyLen));
    if (s != Status::kOk || !kUnwrap) return s;
    Buffer key(len_);
    return wrap(key.span(), in_.span(), &in_len_);
  }
  bool run() override {
    size_t n;
    const std::span<const uint8_t> in = in_.span().first(in_len_);
    return ok(kUnwrap ? unwrap(in, out_.span(), &n)
                      : wrap(in, out_.span(), &n));
  }
  const void* output() const override { return out_.data(); }

 private:
  Status wrap(std::span<const uint8_t> in, std::span<uint8_t> out,
              size_t* n) const {
    return kPadded ? ctcrypto::aes_key_wrap_padded(kek_, in, out, n)
                   : ctcrypto::aes_key_wrap(kek_, in, out, n);
  }
  Status unwrap(std::span<const uint8_t> in, std::span<uint8_t> out,
                size_t* n) const {
    return kPadded ? ctcrypto::aes_key_unwrap_padded(kek_, in, out, n)
                   : ctcrypto::aes_key_unwrap(kek_, in, out, n);
  }

  AesKey kek_;
  size_t len_, in_len_ = len_;
  Buffer in_, out_;
};

// --- hashes ------------------------------------------------------------------
// One-shot digest of the chunk (bssl speed's "SHA-256 (16 bytes)" lines),
// on the compression-function row the library selects.

template <ctcrypto::HashAlgorithm kAlg>
class HashOp : public Op {
 public:
  explicit HashOp(size_t len)
      : in_(len), out_(ctcrypto::internal::kHashMaxDigestLen) {}
  Status init() override { return Status::kOk; }
  bool run() override { return ok(ctcrypto::hash(kAlg, in_.span(), out_.span())); }
  const void* output() const override { return out_.data(); }

 private:
  Buffer in_, out_;
};

template <typename T>
std::unique_ptr<Op> make(size_t len) {
  return std::make_unique<T>(len);
}

// --- the table ---------------------------------------------------------------

struct Measurement {
  ctcrypto::bench::Measurement m;  // name, verb, granularity
  std::unique_ptr<Op> (*make)(size_t len);
};

constexpr Measurement kMeasurements[] = {
    {{"AES-128-GCM", "seal", 1}, make<Seal<Gcm<16>>>},
    {{"AES-128-GCM", "open", 1}, make<Open<Gcm<16>>>},
    {{"AES-128-GCM", "seal (streamed, 64-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 64, false>>},
    {{"AES-128-GCM", "seal (streamed, 1024-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 1024, false>>},
    {{"AES-128-GCM", "seal (streamed, 4096-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 4096, false>>},
    {{"AES-128-GCM", "open (streamed, 64-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 64, true>>},
    {{"AES-128-GCM", "open (streamed, 1024-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 1024, true>>},
    {{"AES-128-GCM", "open (streamed, 4096-byte chunks)", 1, kStreamMessage},
     make<Streamed<GcmStream<16>, 4096, true>>},
    {{"AES-256-GCM", "seal", 1}, make<Seal<Gcm<32>>>},
    {{"AES-256-GCM", "open", 1}, make<Open<Gcm<32>>>},
    {{"AES-128-CTR", "encrypt", 1}, make<AesMode<ctr32, 16>>},
    {{"AES-128-CBC", "decrypt", ctcrypto::kAesBlockSize},
     make<AesMode<cbc_decrypt, 16>>},
    {{"AES-128-CBC-SHA1", "seal", 1},
     make<Seal<TlsCbc<ctcrypto::TlsCbcSuite::kAes128CbcSha1>>>},
    {{"AES-128-CBC-SHA1", "open", 1},
     make<Open<TlsCbc<ctcrypto::TlsCbcSuite::kAes128CbcSha1>>>},
    {{"AES-128-CBC-SHA256", "seal", 1},
     make<Seal<TlsCbc<ctcrypto::TlsCbcSuite::kAes128CbcSha256>>>},
    {{"AES-128-CBC-SHA256", "open", 1},
     make<Open<TlsCbc<ctcrypto::TlsCbcSuite::kAes128CbcSha256>>>},
    {{"AES-256-CBC-SHA384", "seal", 1},
     make<Seal<TlsCbc<ctcrypto::TlsCbcSuite::kAes256CbcSha384>>>},
    {{"AES-256-CBC-SHA384", "open", 1},
     make<Open<TlsCbc<ctcrypto::TlsCbcSuite::kAes256CbcSha384>>>},
    {{"AES-128-CCM", "seal", 1}, make<Seal<Ccm<16>>>},
    {{"AES-128-CCM", "open", 1}, make<Open<Ccm<16>>>},
    {{"AES-128-CCM", "seal (streamed, 1024-byte chunks)", 1, kStreamMessage},
     make<Streamed<CcmStream<16>, 1024, false>>},
    {{"AES-128-CCM", "open (streamed, 1024-byte chunks)", 1, kStreamMessage},
     make<Streamed<CcmStream<16>, 1024, true>>},
    {{"AES-128-GCM-SIV", "seal", 1}, make<Seal<GcmSiv<16>>>},
    {{"AES-128-GCM-SIV", "open", 1}, make<Open<GcmSiv<16>>>},
    {{"AES-256-GCM-SIV", "seal", 1}, make<Seal<GcmSiv<32>>>},
    {{"AES-256-GCM-SIV", "open", 1}, make<Open<GcmSiv<32>>>},
    {{"AES-128-CMAC", "mac", 1}, make<Cmac<16>>},
    {{"AES-128-GMAC", "mac", 1}, make<Gmac<16>>},
    {{"AES-128-XTS", "encrypt", 16, kSectorChunks},
     make<Xts<false, false, 32>>},
    {{"AES-128-XTS", "decrypt", 16, kSectorChunks},
     make<Xts<true, false, 32>>},
    {{"AES-256-XTS", "encrypt", 16, kSectorChunks},
     make<Xts<false, false, 64>>},
    {{"AES-256-XTS", "decrypt", 16, kSectorChunks},
     make<Xts<true, false, 64>>},
    {{"AES-128-XTS-PERBLOCK", "encrypt", 16, kSectorChunks},
     make<Xts<false, true, 32>>},
    {{"AES-128-XTS-PERBLOCK", "decrypt", 16, kSectorChunks},
     make<Xts<true, true, 32>>},
    {{"AES-256-XTS-PERBLOCK", "encrypt", 16, kSectorChunks},
     make<Xts<false, true, 64>>},
    {{"AES-256-XTS-PERBLOCK", "decrypt", 16, kSectorChunks},
     make<Xts<true, true, 64>>},
    {{"AES-128-KW", "wrap", 8}, make<KeyWrap<false, false, 16>>},
    {{"AES-128-KW", "unwrap", 8}, make<KeyWrap<true, false, 16>>},
    {{"AES-256-KW", "wrap", 8}, make<KeyWrap<false, false, 32>>},
    {{"AES-256-KW", "unwrap", 8}, make<KeyWrap<true, false, 32>>},
    {{"AES-128-KWP", "wrap", 1}, make<KeyWrap<false, true, 16>>},
    {{"AES-128-KWP", "unwrap", 1}, make<KeyWrap<true, true, 16>>},
    {{"SHA-1", "hash", 1}, make<HashOp<ctcrypto::HashAlgorithm::kSha1>>},
    {{"SHA-256", "hash", 1}, make<HashOp<ctcrypto::HashAlgorithm::kSha256>>},
    {{"SHA-384", "hash", 1}, make<HashOp<ctcrypto::HashAlgorithm::kSha384>>},
    {{"SHA-512", "hash", 1}, make<HashOp<ctcrypto::HashAlgorithm::kSha512>>},
};

std::string header() {
  char cpu[256];
  ctcrypto::internal::caps_to_string(ctcrypto::internal::cpu_caps(), cpu,
                                     sizeof(cpu));
  return "ctcrypto speed: " + ctcrypto::bench::active_rows() +
         " (cpu: " + (cpu[0] != '\0' ? cpu : "-") + ")";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<ctcrypto::bench::Measurement> names;
  for (const Measurement& m : kMeasurements) names.push_back(m.m);
  const ctcrypto::bench::Options opt =
      ctcrypto::bench::parse_options(argc, argv, "speed", "", names);

  ctcrypto::bench::Printer out(opt.json);
  out.begin(header());
  int rc = 0;
  for (const Measurement& m : kMeasurements) {
    for (const ctcrypto::bench::Case& c : ctcrypto::bench::cases(opt, m.m)) {
      std::unique_ptr<Op> op = m.make(c.len);
      ctcrypto::bench::Result r;
      if (!op->setup() || !ctcrypto::bench::time_op(*op, opt.timeout_ms * 1000,
                                                    &r, opt.clock)) {
        std::fprintf(stderr, "speed: %s failed: %s\n", c.description.c_str(),
                     op->error().c_str());
        rc = 1;
        continue;
      }
      out.result(c, r);
    }
  }
  out.end();
  return rc;
}
