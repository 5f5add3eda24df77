// openssl_peer.cc: //bench:speed_vs_openssl, the same workloads as
// //bench:speed through ctcrypto's public API and through the system OpenSSL 3
// (libcrypto, EVP interface), measured back to back in one process run, with
// the ratio ours/OpenSSL per line:
//
//   Did 2418000 AES-128-GCM (16 bytes) seal operations in 100012us (...): 386.8 MB/s
//   OpenSSL: Did 3100000 AES-128-GCM (16 bytes) seal operations in ...: 495.9 MB/s
//   Ratio AES-128-GCM (16 bytes) seal: ours/OpenSSL 0.78
//
// Host only (x86_64_aesni): the cross targets have no libcrypto.
//
// CTCRYPTO_DISABLE is mirrored into OpenSSL's capability mask: when it is set
// and OPENSSL_ia32cap is not, the program sets OPENSSL_ia32cap to clear the
// matching CPUID bits and re-executes itself (OpenSSL reads the variable once,
// before main). The mapping (bit numbers from OpenSSL's OPENSSL_ia32cap(3):
// word 0 = CPUID.1:EDX | CPUID.1:ECX << 32, word 1 = CPUID.7:EBX |
// CPUID.7:ECX << 32):
//   aesni  -> word 0 bit 57 (AES)       pclmul -> word 0 bit 33 (PCLMULQDQ)
//   ssse3  -> word 0 bit 41 (SSSE3)     avx    -> word 0 bit 60 (AVX)
//   avx2   -> word 1 bit 5              avx512 -> word 1 bits 16,17,30,31
//   vaes   -> word 1 bits 41 (VAES), 42 (VPCLMULQDQ)
// With everything disabled OpenSSL falls back to its table-based AES, which
// is not constant time; ctcrypto's fallback is bitsliced.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <unistd.h>

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
// --- key wrap and XTS ---
#include "ctcrypto/key_wrap.h"
#include "ctcrypto/xts.h"
// --- end key wrap and XTS ---

namespace {

using ctcrypto::Status;
namespace ci = ctcrypto::internal;

constexpr uint8_t kKey[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
    0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
constexpr size_t kNonceLen = 12;
constexpr size_t kAdLen = 13;  // a TLS record header, as bssl speed
constexpr size_t kTagLen = 16;
// --- key wrap and XTS ---
// XTS keys: Key1 || Key2 with distinct halves (both libraries refuse equal
// halves); the 64-byte one for AES-256-XTS.
constexpr uint8_t kXtsKey[64] = {
    0x27, 0x18, 0x28, 0x18, 0x28, 0x45, 0x90, 0x45, 0x23, 0x53, 0x60, 0x28,
    0x74, 0x71, 0x35, 0x26, 0x62, 0x49, 0x77, 0x57, 0x24, 0x70, 0x93, 0x69,
    0x99, 0x59, 0x57, 0x49, 0x66, 0x96, 0x76, 0x27, 0x31, 0x41, 0x59, 0x26,
    0x53, 0x58, 0x97, 0x93, 0x23, 0x84, 0x62, 0x64, 0x33, 0x83, 0x27, 0x95,
    0x02, 0x88, 0x41, 0x97, 0x16, 0x93, 0x99, 0x37, 0x51, 0x05, 0x82, 0x09,
    0x74, 0x94, 0x45, 0x92};
constexpr size_t kWrapOverhead = 8;
// --- end key wrap and XTS ---

inline void clobber(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

// One workload: a seal/open/encrypt/decrypt of `len` bytes, by one side.
class Op {
 public:
  virtual ~Op() = default;
  virtual bool setup() = 0;
  virtual bool run() = 0;
  virtual const void* output() const = 0;
};

enum class Kind {
  kGcmSeal,
  kGcmOpen,
  kCtr,
  kCbcDecrypt,
  // --- key wrap and XTS ---
  kXtsEncrypt,  // key_len is the whole XTS key (32 or 64); iv = the tweak
  kXtsDecrypt,
  kKwWrap,  // KW (RFC 3394), OpenSSL's id-aes128-wrap / id-aes256-wrap
  kKwUnwrap,
  // --- end key wrap and XTS ---
};

struct Buffers {
  explicit Buffers(size_t len)
      : in(len + kTagLen, 0x5a), out(len + kTagLen), nonce(kNonceLen, 7),
        ad(kAdLen, 9), iv(16, 3) {}
  std::vector<uint8_t> in, out, nonce, ad, iv;
};

// --- ctcrypto ----------------------------------------------------------------

class Ours : public Op {
 public:
  Ours(Kind kind, size_t key_len, size_t len)
      : kind_(kind), key_len_(key_len), len_(len), b_(len) {}
  bool setup() override {
    std::span<const uint8_t> key(kKey, key_len_);
    if (kind_ == Kind::kCtr || kind_ == Kind::kCbcDecrypt)
      return key_.init(key) == Status::kOk;
    // --- key wrap and XTS ---
    if (kind_ == Kind::kXtsEncrypt || kind_ == Kind::kXtsDecrypt)
      return xts_.init(std::span<const uint8_t>(kXtsKey, key_len_)) ==
             Status::kOk;
    if (kind_ == Kind::kKwWrap || kind_ == Kind::kKwUnwrap) {
      if (key_.init(key) != Status::kOk) return false;
      if (kind_ == Kind::kKwWrap) return true;
      size_t n;  // make `in` a valid wrapped key of len_ bytes
      std::vector<uint8_t> k(len_, 0x5a);
      return ctcrypto::aes_key_wrap(key_, k, b_.in, &n) == Status::kOk;
    }
    // --- end key wrap and XTS ---
    if (gcm_.init(key) != Status::kOk) return false;
    if (kind_ == Kind::kGcmOpen) {  // make `in` a valid ciphertext || tag
      size_t n;
      std::vector<uint8_t> pt(len_, 0x5a);
      return gcm_.seal(b_.in, &n, b_.nonce, pt, b_.ad) == Status::kOk;
    }
    return true;
  }
  bool run() override {
    size_t n;
    switch (kind_) {
      case Kind::kGcmSeal:
        return gcm_.seal(b_.out, &n, b_.nonce,
                         std::span<const uint8_t>(b_.in.data(), len_),
                         b_.ad) == Status::kOk;
      case Kind::kGcmOpen:
        return gcm_.open(std::span<uint8_t>(b_.out.data(), len_), &n,
                         b_.nonce,
                         std::span<const uint8_t>(b_.in.data(), len_ + kTagLen),
                         b_.ad) == Status::kOk;
      case Kind::kCtr: {
        uint8_t counter[16] = {};
        return ctcrypto::aes_ctr32(
                   key_, counter, std::span<const uint8_t>(b_.in.data(), len_),
                   std::span<uint8_t>(b_.out.data(), len_)) == Status::kOk;
      }
      case Kind::kCbcDecrypt: {
        uint8_t iv[16] = {};
        return ctcrypto::aes_cbc_decrypt(
                   key_, iv, std::span<const uint8_t>(b_.in.data(), len_),
                   std::span<uint8_t>(b_.out.data(), len_)) == Status::kOk;
      }
      // --- key wrap and XTS ---
      case Kind::kXtsEncrypt:
      case Kind::kXtsDecrypt: {
        const std::span<const uint8_t, 16> tweak(b_.iv.data(), 16);
        const std::span<const uint8_t> in(b_.in.data(), len_);
        const std::span<uint8_t> out(b_.out.data(), len_);
        return (kind_ == Kind::kXtsEncrypt ? xts_.encrypt(tweak, in, out)
                                           : xts_.decrypt(tweak, in, out)) ==
               Status::kOk;
      }
      case Kind::kKwWrap:
        return ctcrypto::aes_key_wrap(
                   key_, std::span<const uint8_t>(b_.in.data(), len_), b_.out,
                   &n) == Status::kOk;
      case Kind::kKwUnwrap:
        return ctcrypto::aes_key_unwrap(
                   key_,
                   std::span<const uint8_t>(b_.in.data(), len_ + kWrapOverhead),
                   b_.out, &n) == Status::kOk;
      // --- end key wrap and XTS ---
    }
    return false;
  }
  const void* output() const override { return b_.out.data(); }

 private:
  Kind kind_;
  size_t key_len_, len_;
  Buffers b_;
  ctcrypto::AesKey key_;
  ctcrypto::AesGcm gcm_;
  ctcrypto::AesXts xts_;  // key wrap and XTS
};

// --- OpenSSL EVP -------------------------------------------------------------

class Theirs : public Op {
 public:
  Theirs(Kind kind, size_t key_len, size_t len)
      : kind_(kind), key_len_(key_len), len_(len), b_(len),
        ctx_(EVP_CIPHER_CTX_new()) {}
  ~Theirs() override { EVP_CIPHER_CTX_free(ctx_); }
  bool setup() override {
    if (ctx_ == nullptr) return false;
    const EVP_CIPHER* c = nullptr;
    bool enc = true;
    switch (kind_) {
      case Kind::kGcmSeal:
      case Kind::kGcmOpen:
        c = key_len_ == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
        enc = kind_ == Kind::kGcmSeal;
        break;
      case Kind::kCtr:
        c = key_len_ == 16 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
        break;
      case Kind::kCbcDecrypt:
        c = key_len_ == 16 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
        enc = false;
        break;
      // --- key wrap and XTS ---
      case Kind::kXtsEncrypt:
      case Kind::kXtsDecrypt:
        c = key_len_ == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
        enc = kind_ == Kind::kXtsEncrypt;
        break;
      case Kind::kKwWrap:
      case Kind::kKwUnwrap:
        c = key_len_ == 16 ? EVP_aes_128_wrap() : EVP_aes_256_wrap();
        enc = kind_ == Kind::kKwWrap;
        EVP_CIPHER_CTX_set_flags(ctx_, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
        break;
      // --- end key wrap and XTS ---
    }
    const bool xts = kind_ == Kind::kXtsEncrypt || kind_ == Kind::kXtsDecrypt;
    if (EVP_CipherInit_ex(ctx_, c, nullptr, xts ? kXtsKey : kKey, nullptr,
                          enc ? 1 : 0) != 1)
      return false;
    if (kind_ == Kind::kKwUnwrap) {  // a valid wrapped key to unwrap
      Theirs wrapper(Kind::kKwWrap, key_len_, len_);
      if (!wrapper.setup() || !wrapper.run()) return false;
      std::memcpy(b_.in.data(), wrapper.b_.out.data(), len_ + kWrapOverhead);
    }
    if (kind_ == Kind::kCbcDecrypt) EVP_CIPHER_CTX_set_padding(ctx_, 0);
    if (kind_ == Kind::kGcmOpen) {  // a valid ciphertext || tag to open
      Theirs sealer(Kind::kGcmSeal, key_len_, len_);
      if (!sealer.setup() || !sealer.run()) return false;
      std::memcpy(b_.in.data(), sealer.b_.out.data(), len_ + kTagLen);
    }
    return true;
  }
  bool run() override {
    int n = 0;
    const int len = static_cast<int>(len_);
    switch (kind_) {
      case Kind::kGcmSeal:
        return EVP_EncryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_EncryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_EncryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               EVP_EncryptFinal_ex(ctx_, b_.out.data() + n, &n) == 1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_GET_TAG, kTagLen,
                                   b_.out.data() + len_) == 1;
      case Kind::kGcmOpen:
        return EVP_DecryptInit_ex(ctx_, nullptr, nullptr, nullptr,
                                  b_.nonce.data()) == 1 &&
               EVP_DecryptUpdate(ctx_, nullptr, &n, b_.ad.data(),
                                 static_cast<int>(kAdLen)) == 1 &&
               EVP_DecryptUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_GCM_SET_TAG, kTagLen,
                                   b_.in.data() + len_) == 1 &&
               EVP_DecryptFinal_ex(ctx_, b_.out.data() + n, &n) == 1;
      case Kind::kCtr:
      case Kind::kCbcDecrypt:
      case Kind::kXtsEncrypt:  // key wrap and XTS: the IV is the tweak
      case Kind::kXtsDecrypt:
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr,
                                 b_.iv.data(), -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1;
      // --- key wrap and XTS: one update is one whole (un)wrap, default IV ---
      case Kind::kKwWrap:
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr, nullptr,
                                 -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1 &&
               n == len + static_cast<int>(kWrapOverhead);
      case Kind::kKwUnwrap:
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr, nullptr,
                                 -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(),
                                len + static_cast<int>(kWrapOverhead)) == 1 &&
               n == len;
      // --- end key wrap and XTS ---
    }
    return false;
  }
  const void* output() const override { return b_.out.data(); }

 private:
  Kind kind_;
  size_t key_len_, len_;
  Buffers b_;
  EVP_CIPHER_CTX* ctx_;
};

// --- the table (the names and verbs of //bench:speed) ------------------------

struct Measurement {
  const char* name;
  const char* verb;
  Kind kind;
  size_t key_len;
  size_t granularity;
};

constexpr Measurement kMeasurements[] = {
    {"AES-128-GCM", "seal", Kind::kGcmSeal, 16, 1},
    {"AES-128-GCM", "open", Kind::kGcmOpen, 16, 1},
    {"AES-256-GCM", "seal", Kind::kGcmSeal, 32, 1},
    {"AES-256-GCM", "open", Kind::kGcmOpen, 32, 1},
    {"AES-128-CTR", "encrypt", Kind::kCtr, 16, 1},
    {"AES-128-CBC", "decrypt", Kind::kCbcDecrypt, 16, 16},
    // --- key wrap and XTS ---
    {"AES-128-XTS", "encrypt", Kind::kXtsEncrypt, 32, 16},
    {"AES-128-XTS", "decrypt", Kind::kXtsDecrypt, 32, 16},
    {"AES-256-XTS", "encrypt", Kind::kXtsEncrypt, 64, 16},
    {"AES-256-XTS", "decrypt", Kind::kXtsDecrypt, 64, 16},
    {"AES-128-KW", "wrap", Kind::kKwWrap, 16, 8},
    {"AES-128-KW", "unwrap", Kind::kKwUnwrap, 16, 8},
    // --- end key wrap and XTS ---
};

// --- timing (as //bench:speed) ------------------------------------------------

struct Result {
  uint64_t calls = 0, us = 0;
};

uint64_t now_us() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

bool time_op(Op& op, uint64_t budget_us, Result* r) {
  if (!op.run()) return false;
  uint64_t batch = 1, done = 0;
  const uint64_t start = now_us();
  uint64_t last = start;
  for (;;) {
    for (uint64_t i = 0; i < batch; i++) {
      if (!op.run()) return false;
      clobber(op.output());
    }
    done += batch;
    const uint64_t now = now_us();
    if (now - start >= budget_us) {
      r->calls = done;
      r->us = now - start;
      return true;
    }
    if ((now - last) * 32 < budget_us) batch *= 2;
    last = now;
  }
}

double mbps(const Result& r, size_t bytes) {
  return static_cast<double>(r.calls) * static_cast<double>(bytes) /
         static_cast<double>(r.us ? r.us : 1);
}

void print_did(const char* prefix, const std::string& desc, size_t bytes,
               const Result& r) {
  const double us = static_cast<double>(r.us ? r.us : 1);
  std::printf("%sDid %" PRIu64 " %s operations in %" PRIu64
              "us (%.1f ops/sec): %.1f MB/s\n",
              prefix, r.calls, desc.c_str(), r.us,
              static_cast<double>(r.calls) * 1e6 / us, mbps(r, bytes));
}

// --- CTCRYPTO_DISABLE -> OPENSSL_ia32cap ---------------------------------------

std::string ia32cap_for(uint32_t disabled) {
  uint64_t w0 = 0, w1 = 0;
  if (disabled & ci::kCapAesni) w0 |= uint64_t{1} << 57;
  if (disabled & ci::kCapPclmul) w0 |= uint64_t{1} << 33;
  if (disabled & ci::kCapSsse3) w0 |= uint64_t{1} << 41;
  if (disabled & ci::kCapAvx) w0 |= uint64_t{1} << 60;
  if (disabled & ci::kCapAvx2) w1 |= uint64_t{1} << 5;
  if (disabled & ci::kCapAvx512)
    w1 |= (uint64_t{1} << 16) | (uint64_t{1} << 17) | (uint64_t{1} << 30) |
          (uint64_t{1} << 31);
  if (disabled & ci::kCapVaes) w1 |= (uint64_t{3} << 41);
  if (w0 == 0 && w1 == 0) return "";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "~0x%" PRIx64 ":~0x%" PRIx64, w0, w1);
  return buf;
}

void mirror_disable_into_openssl(char** argv) {
  const char* list = std::getenv("CTCRYPTO_DISABLE");
  if (list == nullptr || std::getenv("OPENSSL_ia32cap") != nullptr) return;
  // The same closure the library applies ("no avx" also removes avx2, ...).
  const uint32_t all = ~uint32_t{0};
  const uint32_t disabled =
      all & ~ci::caps_remove(all, ci::parse_disable_list(list, nullptr));
  const std::string cap = ia32cap_for(disabled);
  if (cap.empty()) return;
  setenv("OPENSSL_ia32cap", cap.c_str(), 1);
  execv("/proc/self/exe", argv);
  std::perror("speed_vs_openssl: re-exec with OPENSSL_ia32cap");
  std::exit(1);
}

std::vector<size_t> parse_chunks(const char* s) {
  std::vector<size_t> out;
  while (*s != '\0') {
    char* end;
    unsigned long v = std::strtoul(s, &end, 10);
    if (end == s || v == 0 || v > (1ul << 30)) return {};
    out.push_back(v);
    s = *end == ',' ? end + 1 : end;
    if (*end != ',' && *end != '\0') return {};
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  mirror_disable_into_openssl(argv);

  std::string filter;
  std::vector<size_t> chunks = {16, 256, 1350, 8192, 16384};
  uint64_t timeout_ms = 1000;
  for (int i = 1; i < argc; i++) {
    std::string_view a = argv[i];
    if (a.starts_with("--")) a.remove_prefix(1);
    if (a == "-filter" && i + 1 < argc) {
      filter = argv[++i];
    } else if (a == "-chunks" && i + 1 < argc) {
      chunks = parse_chunks(argv[++i]);
    } else if (a == "-timeout_ms" && i + 1 < argc) {
      timeout_ms = std::strtoull(argv[++i], nullptr, 10);
    } else {
      std::fprintf(stderr,
                   "usage: speed_vs_openssl [-filter S] [-chunks n,n,...] "
                   "[-timeout_ms n]\n(CTCRYPTO_DISABLE is mirrored into "
                   "OPENSSL_ia32cap unless that is set)\n");
      return 2;
    }
  }
  if (chunks.empty() || timeout_ms == 0) {
    std::fprintf(stderr, "speed_vs_openssl: bad -chunks or -timeout_ms\n");
    return 2;
  }

  ctcrypto::AesGcm probe;
  const char* aes = "none";
  const char* ghash = "none";
  if (probe.init(std::span<const uint8_t>(kKey, 16)) == Status::kOk) {
    aes = probe.aes_key().backend_name();
    ghash = probe.ghash_key().backend_name();
  }
  const char* cap = std::getenv("OPENSSL_ia32cap");
  std::printf("ctcrypto speed_vs_openssl: aes=%s ghash=%s; %s; "
              "OPENSSL_ia32cap=%s\n",
              aes, ghash, OpenSSL_version(OPENSSL_VERSION),
              cap != nullptr ? cap : "(unset)");

  int rc = 0;
  for (const Measurement& m : kMeasurements) {
    const std::string selector = std::string(m.name) + " " + m.verb;
    if (selector.find(filter) == std::string::npos) continue;
    for (size_t chunk : chunks) {
      const size_t len = chunk / m.granularity * m.granularity;
      if (len == 0) continue;
      const std::string desc = std::string(m.name) + " (" +
                               std::to_string(len) + " bytes) " + m.verb;
      Ours ours(m.kind, m.key_len, len);
      Theirs theirs(m.kind, m.key_len, len);
      Result r_ours, r_theirs;
      if (!ours.setup() || !time_op(ours, timeout_ms * 1000, &r_ours) ||
          !theirs.setup() ||
          !time_op(theirs, timeout_ms * 1000, &r_theirs)) {
        std::fprintf(stderr, "speed_vs_openssl: %s failed\n", desc.c_str());
        rc = 1;
        continue;
      }
      print_did("", desc, len, r_ours);
      print_did("OpenSSL: ", desc, len, r_theirs);
      std::printf("Ratio %s: ours/OpenSSL %.2f\n", desc.c_str(),
                  mbps(r_ours, len) / mbps(r_theirs, len));
      std::fflush(stdout);
    }
  }
  return rc;
}
