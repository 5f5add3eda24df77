// speed.cc: throughput of the public API, printed like BoringSSL's
// `bssl speed`:
//
//   Did 25786000 AES-128-GCM (16 bytes) seal operations in 2000050us
//   (12892917.7 ops/sec): 206.3 MB/s          (one line; MB = 10^6 bytes)
//
// Every measurement goes through the public API, so it runs on the backends
// the library's CTCRYPTO_DISABLE-aware dispatch picks; the first line says
// which. To add a measurement, write an Op and add a row to kMeasurements.
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/cpu/cpu.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
// --- key wrap and XTS ---
#include "crypto/aes/aes_backend.h"
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/xts.h"
// --- end key wrap and XTS ---

namespace {

using ctcrypto::AesGcm;
using ctcrypto::AesKey;
using ctcrypto::Status;

constexpr size_t kAlign = 64;
constexpr size_t kNonceLen = 12;  // as bssl: the AEAD's nonce length
constexpr size_t kGcmAdLen = 13;     // as bssl: a TLS record header
constexpr uint8_t kKey[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
    0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};

// clobber: makes the compiler assume `p`'s memory is read and written, so
// work whose result is never looked at cannot be optimised away.
inline void clobber(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  asm volatile("" : : "r"(p) : "memory");
#else
  static volatile const void* sink;
  sink = p;
#endif
}

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

// Op: one measured operation on a fixed chunk; all buffers and keys are set
// up by the constructor/setup(), so run() neither allocates nor copies.
class Op {
 public:
  virtual ~Op() = default;
  virtual Status setup() = 0;
  virtual Status run() = 0;
  virtual const void* output() const = 0;
};

// --- AES-GCM -----------------------------------------------------------------

class GcmSeal : public Op {
 public:
  GcmSeal(size_t key_len, size_t len)
      : key_len_(key_len), in_(len), out_(len + ctcrypto::kGcmTagLen),
        nonce_(kNonceLen), ad_(kGcmAdLen) {}
  Status setup() override {
    return gcm_.init(std::span<const uint8_t>(kKey, key_len_));
  }
  Status run() override {
    size_t out_len;
    return gcm_.seal(out_.span(), &out_len, nonce_.span(), in_.span(),
                     ad_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  AesGcm gcm_;
  size_t key_len_;
  Buffer in_, out_, nonce_, ad_;
};

class GcmOpen : public Op {
 public:
  GcmOpen(size_t key_len, size_t len)
      : key_len_(key_len), len_(len), ct_(len + ctcrypto::kGcmTagLen),
        out_(len), nonce_(kNonceLen), ad_(kGcmAdLen) {}
  Status setup() override {
    Status s = gcm_.init(std::span<const uint8_t>(kKey, key_len_));
    if (s != Status::kOk) return s;
    Buffer pt(len_);
    size_t ct_len;
    return gcm_.seal(ct_.span(), &ct_len, nonce_.span(), pt.span(),
                     ad_.span());
  }
  Status run() override {
    size_t out_len;
    return gcm_.open(out_.span(), &out_len, nonce_.span(), ct_.span(),
                     ad_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  AesGcm gcm_;
  size_t key_len_, len_;
  Buffer ct_, out_, nonce_, ad_;
};

// --- AES block modes ---------------------------------------------------------

class Ctr32 : public Op {
 public:
  Ctr32(size_t key_len, size_t len) : key_len_(key_len), in_(len), out_(len) {}
  Status setup() override {
    return key_.init(std::span<const uint8_t>(kKey, key_len_));
  }
  Status run() override {
    return ctcrypto::aes_ctr32(key_, counter_, in_.span(), out_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  AesKey key_;
  size_t key_len_;
  uint8_t counter_[16] = {};
  Buffer in_, out_;
};

class CbcDecrypt : public Op {
 public:
  CbcDecrypt(size_t key_len, size_t len)
      : key_len_(key_len), in_(len), out_(len) {}
  Status setup() override {
    return key_.init(std::span<const uint8_t>(kKey, key_len_));
  }
  Status run() override {
    // The IV chains on from call to call; which value it holds does not
    // matter for the timing.
    return ctcrypto::aes_cbc_decrypt(key_, iv_, in_.span(), out_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  AesKey key_;
  size_t key_len_;
  uint8_t iv_[16] = {};
  Buffer in_, out_;
};

// --- TLS CBC records ----------------------------------------------------------
// The chunk is the plaintext length, as in bssl speed's legacy AEAD lines;
// open() is measured on the record seal() made (minimal padding).

constexpr size_t kTlsKeyMax = 48 + 32;
constexpr uint8_t kTlsKey[kTlsKeyMax] = {
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b,
    0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37,
    0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43,
    0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b,
    0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
    0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f};

class TlsCbcSeal : public Op {
 public:
  TlsCbcSeal(ctcrypto::TlsCbcSuite suite, size_t len)
      : suite_(suite), in_(len),
        out_(len + ctcrypto::internal::kHashMaxDigestLen + 16),
        nonce_(ctcrypto::kTlsCbcIvLen), ad_(ctcrypto::kTlsCbcAdLen) {}
  Status setup() override {
    const size_t key_len = ctcrypto::tls_cbc_suite_info(suite_).key_len();
    return aead_.init(suite_, std::span<const uint8_t>(kTlsKey, key_len));
  }
  Status run() override {
    size_t out_len;
    return aead_.seal(out_.span(), &out_len, nonce_.span(), in_.span(),
                      ad_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  ctcrypto::TlsCbcAead aead_;
  ctcrypto::TlsCbcSuite suite_;
  Buffer in_, out_, nonce_, ad_;
};

class TlsCbcOpen : public Op {
 public:
  TlsCbcOpen(ctcrypto::TlsCbcSuite suite, size_t len)
      : suite_(suite), len_(len),
        ct_(len + ctcrypto::internal::kHashMaxDigestLen + 16),
        out_(len + ctcrypto::internal::kHashMaxDigestLen + 16),
        nonce_(ctcrypto::kTlsCbcIvLen), ad_(ctcrypto::kTlsCbcAdLen) {}
  Status setup() override {
    const size_t key_len = ctcrypto::tls_cbc_suite_info(suite_).key_len();
    Status s = aead_.init(suite_, std::span<const uint8_t>(kTlsKey, key_len));
    if (s != Status::kOk) return s;
    Buffer pt(len_);
    return aead_.seal(ct_.span(), &ct_len_, nonce_.span(), pt.span(),
                      ad_.span());
  }
  Status run() override {
    size_t out_len;
    return aead_.open(out_.span(), &out_len, nonce_.span(),
                      ct_.span().first(ct_len_), ad_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  ctcrypto::TlsCbcAead aead_;
  ctcrypto::TlsCbcSuite suite_;
  size_t len_, ct_len_ = 0;
  Buffer ct_, out_, nonce_, ad_;
};

// --- key wrap and XTS -----------------------------------------------------------
// XTS: one data unit (the chunk) per operation under a fixed tweak. The
// "-PERBLOCK" lines run the same key on a copy of the selected row with
// its multi-block ECB entry removed, i.e. XTS's block-by-block fallback,
// to measure what ecb_encrypt / ecb_decrypt buy on each row.

constexpr uint8_t kXtsKey[64] = {
    0x27, 0x18, 0x28, 0x18, 0x28, 0x45, 0x90, 0x45, 0x23, 0x53, 0x60, 0x28,
    0x74, 0x71, 0x35, 0x26, 0x62, 0x49, 0x77, 0x57, 0x24, 0x70, 0x93, 0x69,
    0x99, 0x59, 0x57, 0x49, 0x66, 0x96, 0x76, 0x27, 0x31, 0x41, 0x59, 0x26,
    0x53, 0x58, 0x97, 0x93, 0x23, 0x84, 0x62, 0x64, 0x33, 0x83, 0x27, 0x95,
    0x02, 0x88, 0x41, 0x97, 0x16, 0x93, 0x99, 0x37, 0x51, 0x05, 0x82, 0x09,
    0x74, 0x94, 0x45, 0x92};

template <bool kDecrypt, bool kPerBlock>
class Xts : public Op {
 public:
  Xts(size_t key_len, size_t len) : key_len_(key_len), in_(len), out_(len) {}
  Status setup() override {
    row_ = *ctcrypto::internal::select_aes_backend(ctcrypto::internal::cpu_caps());
    if (kPerBlock) row_.ecb_encrypt = row_.ecb_decrypt = nullptr;
    return xts_.init(std::span<const uint8_t>(kXtsKey, key_len_), &row_);
  }
  Status run() override {
    return kDecrypt ? xts_.decrypt(tweak_, in_.span(), out_.span())
                    : xts_.encrypt(tweak_, in_.span(), out_.span());
  }
  const void* output() const override { return out_.data(); }

 private:
  ctcrypto::internal::AesBackend row_{};  // outlives the key that uses it
  ctcrypto::AesXts xts_;
  size_t key_len_;
  uint8_t tweak_[16] = {1};
  Buffer in_, out_;
};

template <bool kUnwrap, bool kPadded>
class KeyWrap : public Op {
 public:
  KeyWrap(size_t key_len, size_t len)
      : key_len_(key_len), len_(len), in_(len + 16), out_(len + 16) {}
  Status setup() override {
    Status s = key_.init(std::span<const uint8_t>(kKey, key_len_));
    if (s != Status::kOk || !kUnwrap) return s;
    // Unwrap measures a valid wrapped key of `len` bytes.
    Buffer key(len_);
    return kPadded
               ? ctcrypto::aes_key_wrap_padded(key_, key.span(), in_.span(), &ct_len_)
               : ctcrypto::aes_key_wrap(key_, key.span(), in_.span(), &ct_len_);
  }
  Status run() override {
    size_t n;
    const std::span<const uint8_t> in = in_.span().first(kUnwrap ? ct_len_ : len_);
    if (kUnwrap) {
      return kPadded ? ctcrypto::aes_key_unwrap_padded(key_, in, out_.span(), &n)
                     : ctcrypto::aes_key_unwrap(key_, in, out_.span(), &n);
    }
    return kPadded ? ctcrypto::aes_key_wrap_padded(key_, in, out_.span(), &n)
                   : ctcrypto::aes_key_wrap(key_, in, out_.span(), &n);
  }
  const void* output() const override { return out_.data(); }

 private:
  AesKey key_;
  size_t key_len_, len_, ct_len_ = 0;
  Buffer in_, out_;
};
// --- end key wrap and XTS ---

template <typename T, ctcrypto::TlsCbcSuite kSuite>
std::unique_ptr<Op> make_tls(size_t len) {
  return std::make_unique<T>(kSuite, len);
}

template <typename T, size_t KeyLen>
std::unique_ptr<Op> make(size_t len) {
  return std::make_unique<T>(KeyLen, len);
}

// --- the table ---------------------------------------------------------------

struct Measurement {
  const char* name;     // e.g. "AES-128-GCM"
  const char* verb;     // e.g. "seal": "... seal operations in ..."
  size_t granularity;   // the chunk is rounded down to a multiple of this
  std::unique_ptr<Op> (*make)(size_t len);
};

constexpr Measurement kMeasurements[] = {
    {"AES-128-GCM", "seal", 1, make<GcmSeal, 16>},
    {"AES-128-GCM", "open", 1, make<GcmOpen, 16>},
    {"AES-256-GCM", "seal", 1, make<GcmSeal, 32>},
    {"AES-256-GCM", "open", 1, make<GcmOpen, 32>},
    {"AES-128-CTR", "encrypt", 1, make<Ctr32, 16>},
    {"AES-128-CBC", "decrypt", ctcrypto::kAesBlockSize, make<CbcDecrypt, 16>},
    {"AES-128-CBC-SHA1", "seal", 1,
     make_tls<TlsCbcSeal, ctcrypto::TlsCbcSuite::kAes128CbcSha1>},
    {"AES-128-CBC-SHA1", "open", 1,
     make_tls<TlsCbcOpen, ctcrypto::TlsCbcSuite::kAes128CbcSha1>},
    {"AES-256-CBC-SHA384", "seal", 1,
     make_tls<TlsCbcSeal, ctcrypto::TlsCbcSuite::kAes256CbcSha384>},
    {"AES-256-CBC-SHA384", "open", 1,
     make_tls<TlsCbcOpen, ctcrypto::TlsCbcSuite::kAes256CbcSha384>},
    // --- key wrap and XTS (data units and keys are whole blocks / semiblocks
    // here; XTS's stealing tail is not what these lines measure) ---
    {"AES-128-XTS", "encrypt", 16, make<Xts<false, false>, 32>},
    {"AES-128-XTS", "decrypt", 16, make<Xts<true, false>, 32>},
    {"AES-256-XTS", "encrypt", 16, make<Xts<false, false>, 64>},
    {"AES-256-XTS", "decrypt", 16, make<Xts<true, false>, 64>},
    {"AES-128-XTS-PERBLOCK", "encrypt", 16, make<Xts<false, true>, 32>},
    {"AES-128-XTS-PERBLOCK", "decrypt", 16, make<Xts<true, true>, 32>},
    {"AES-256-XTS-PERBLOCK", "encrypt", 16, make<Xts<false, true>, 64>},
    {"AES-256-XTS-PERBLOCK", "decrypt", 16, make<Xts<true, true>, 64>},
    {"AES-128-KW", "wrap", 8, make<KeyWrap<false, false>, 16>},
    {"AES-128-KW", "unwrap", 8, make<KeyWrap<true, false>, 16>},
    {"AES-256-KW", "wrap", 8, make<KeyWrap<false, false>, 32>},
    {"AES-256-KW", "unwrap", 8, make<KeyWrap<true, false>, 32>},
    {"AES-128-KWP", "wrap", 1, make<KeyWrap<false, true>, 16>},
    {"AES-128-KWP", "unwrap", 1, make<KeyWrap<true, true>, 16>},
    // --- end key wrap and XTS ---
};

// --- timing ------------------------------------------------------------------

struct Result {
  uint64_t calls = 0;
  uint64_t us = 0;
};

uint64_t now_us() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// time_op: runs `op` in batches until `budget_us` have passed, reading the
// clock once per batch. The batch doubles while one batch takes under
// 1/32 of the budget, so the clock costs nothing measurable and the
// overshoot stays small.
Status time_op(Op& op, uint64_t budget_us, Result* r) {
  Status s = op.run();  // warm up (and fail early)
  if (s != Status::kOk) return s;
  uint64_t batch = 1;
  uint64_t done = 0;
  const uint64_t start = now_us();
  uint64_t last = start;
  for (;;) {
    for (uint64_t i = 0; i < batch; i++) {
      s = op.run();
      if (s != Status::kOk) return s;
      clobber(op.output());
    }
    done += batch;
    const uint64_t now = now_us();
    if (now - start >= budget_us) {
      r->calls = done;
      r->us = now - start;
      return Status::kOk;
    }
    if ((now - last) * 32 < budget_us) batch *= 2;
    last = now;
  }
}

// --- output ------------------------------------------------------------------

std::string json_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

void print_result(const std::string& description, size_t bytes,
                  const Result& r, bool json, bool* first_json) {
  if (json) {
    std::printf("%s{\"description\": \"%s\", \"numCalls\": %" PRIu64
                ", \"microseconds\": %" PRIu64 ", \"bytesPerCall\": %zu}",
                *first_json ? "" : ",\n", json_escape(description).c_str(),
                r.calls, r.us, bytes);
    *first_json = false;
  } else {
    const double us = r.us != 0 ? static_cast<double>(r.us) : 1.0;
    std::printf("Did %" PRIu64 " %s operations in %" PRIu64
                "us (%.1f ops/sec): %.1f MB/s\n",
                r.calls, description.c_str(), r.us,
                static_cast<double>(r.calls) * 1e6 / us,
                static_cast<double>(r.calls) * static_cast<double>(bytes) /
                    us);
  }
  std::fflush(stdout);
}

std::string backend_line() {
  AesGcm gcm;
  const char* aes = "none";
  const char* ghash = "none";
  if (gcm.init(std::span<const uint8_t>(kKey, 16)) == Status::kOk) {
    aes = gcm.aes_key().backend_name();
    ghash = gcm.ghash_key().backend_name();
  }
  char cpu[256];
  ctcrypto::internal::caps_to_string(ctcrypto::internal::cpu_caps(), cpu,
                                     sizeof(cpu));
  return std::string("ctcrypto speed: aes=") + aes + " ghash=" + ghash +
         " (cpu: " + (cpu[0] != '\0' ? cpu : "-") + ")";
}

// --- options -----------------------------------------------------------------

constexpr char kUsage[] =
    "usage: speed [options]\n"
    "  -filter <substring>   only measurements whose name (e.g. \"AES-128-GCM "
    "seal\")\n"
    "                        contains <substring>\n"
    "  -chunks <n,n,...>     chunk sizes in bytes (default "
    "16,256,1350,8192,16384);\n"
    "                        CBC rounds each down to a multiple of 16\n"
    "  -timeout_ms <n>       time per measurement in ms (default 1000)\n"
    "  -json                 print a JSON array of {description, numCalls,\n"
    "                        microseconds, bytesPerCall}; backend line on "
    "stderr\n"
    "  -help                 this message\n"
    "measurements:\n";

[[noreturn]] void usage(int code) {
  FILE* f = code == 0 ? stdout : stderr;
  std::fputs(kUsage, f);
  for (const Measurement& m : kMeasurements)
    std::fprintf(f, "  %s %s\n", m.name, m.verb);
  std::exit(code);
}

bool parse_u64(std::string_view s, uint64_t* out) {
  if (s.empty() || s.size() > 12) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

bool parse_chunks(std::string_view s, std::vector<size_t>* out) {
  out->clear();
  for (;;) {
    size_t comma = s.find(',');
    uint64_t v;
    // 1 GiB cap: a chunk is allocated (several times) per measurement.
    if (!parse_u64(s.substr(0, comma), &v) || v == 0 || v > (1u << 30))
      return false;
    out->push_back(static_cast<size_t>(v));
    if (comma == std::string_view::npos) return true;
    s.remove_prefix(comma + 1);
  }
}

struct Options {
  std::string filter;
  std::vector<size_t> chunks = {16, 256, 1350, 8192, 16384};
  uint64_t timeout_ms = 1000;
  bool json = false;
};

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--")) arg.remove_prefix(1);  // accept --x as -x
    const bool has_value = i + 1 < argc;
    if (arg == "-help" || arg == "-h") {
      usage(0);
    } else if (arg == "-json") {
      o.json = true;
    } else if (arg == "-filter" && has_value) {
      o.filter = argv[++i];
    } else if (arg == "-chunks" && has_value) {
      if (!parse_chunks(argv[++i], &o.chunks)) {
        std::fprintf(stderr, "speed: bad -chunks '%s'\n", argv[i]);
        usage(2);
      }
    } else if (arg == "-timeout_ms" && has_value) {
      if (!parse_u64(argv[++i], &o.timeout_ms) || o.timeout_ms == 0) {
        std::fprintf(stderr, "speed: bad -timeout_ms '%s'\n", argv[i]);
        usage(2);
      }
    } else {
      std::fprintf(stderr, "speed: unknown or incomplete option '%s'\n",
                   argv[i]);
      usage(2);
    }
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);

  const std::string header = backend_line();
  if (opt.json) {
    std::fprintf(stderr, "%s\n", header.c_str());
    std::printf("[\n");
  } else {
    std::printf("%s\n", header.c_str());
  }

  bool first_json = true;
  int rc = 0;
  for (const Measurement& m : kMeasurements) {
    const std::string selector = std::string(m.name) + " " + m.verb;
    if (selector.find(opt.filter) == std::string::npos) continue;
    for (size_t chunk : opt.chunks) {
      const size_t len = chunk / m.granularity * m.granularity;
      const std::string description = std::string(m.name) + " (" +
                                      std::to_string(len) + " bytes) " +
                                      m.verb;
      if (len == 0) {
        std::fprintf(stderr, "speed: skipping %s %s: chunk %zu is below %zu\n",
                     m.name, m.verb, chunk, m.granularity);
        continue;
      }
      std::unique_ptr<Op> op = m.make(len);
      Status s = op->setup();
      Result r;
      if (s == Status::kOk) s = time_op(*op, opt.timeout_ms * 1000, &r);
      if (s != Status::kOk) {
        std::fprintf(stderr, "speed: %s failed: %s\n", description.c_str(),
                     ctcrypto::status_string(s));
        rc = 1;
        continue;
      }
      print_result(description, len, r, opt.json, &first_json);
    }
  }
  if (opt.json) std::printf("\n]\n");
  return rc;
}
