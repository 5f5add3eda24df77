// openssl_peer.cc: //bench:speed_vs_openssl, the same workloads as
// //bench:speed through ctcrypto's public API and through the system OpenSSL 3
// (libcrypto, EVP interface), measured back to back in one process run, with
// the ratio ours/OpenSSL per line (timing, options and output:
// bench/harness.h):
//
//   Did 2418000 AES-128-GCM (16 bytes) seal operations in 100012us (...): 386.8
//   MB/s OpenSSL: Did 3100000 AES-128-GCM (16 bytes) seal operations in ...:
//   495.9 MB/s Ratio AES-128-GCM (16 bytes) seal: ours/OpenSSL 0.78
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

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "bench/harness.h"
#include "crypto/cpu/cpu.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"

namespace {

using ctcrypto::Status;
using ctcrypto::bench::kAdLen;
using ctcrypto::bench::kKey;
using ctcrypto::bench::kNonceLen;
namespace ci = ctcrypto::internal;

constexpr size_t kTagLen = 16;

enum class Kind { kGcmSeal, kGcmOpen, kCtr, kCbcDecrypt };

struct Buffers {
  explicit Buffers(size_t len)
      : in(len + kTagLen, 0x5a), out(len + kTagLen), nonce(kNonceLen, 7),
        ad(kAdLen, 9), iv(16, 3) {}
  std::vector<uint8_t> in, out, nonce, ad, iv;
};

// Side: one side's workload: what to run, with which key length, on which
// buffers; output() is `out`.
class Side : public ctcrypto::bench::Op {
 public:
  Side(Kind kind, size_t key_len, size_t len)
      : kind_(kind), key_len_(key_len), len_(len), b_(len) {}
  const void* output() const override { return b_.out.data(); }

 protected:
  Kind kind_;
  size_t key_len_, len_;
  Buffers b_;
};

// --- ctcrypto ----------------------------------------------------------------

class Ours : public Side {
 public:
  using Side::Side;
  bool setup() override {
    std::span<const uint8_t> key(kKey, key_len_);
    if (kind_ == Kind::kCtr || kind_ == Kind::kCbcDecrypt)
      return key_.init(key) == Status::kOk;
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
    }
    return false;
  }

 private:
  ctcrypto::AesKey key_;
  ctcrypto::AesGcm gcm_;
};

// --- OpenSSL EVP -------------------------------------------------------------

class Theirs : public Side {
 public:
  Theirs(Kind kind, size_t key_len, size_t len)
      : Side(kind, key_len, len), ctx_(EVP_CIPHER_CTX_new()) {}
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
    }
    if (EVP_CipherInit_ex(ctx_, c, nullptr, kKey, nullptr, enc ? 1 : 0) != 1)
      return false;
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
        return EVP_CipherInit_ex(ctx_, nullptr, nullptr, nullptr,
                                 b_.iv.data(), -1) == 1 &&
               EVP_CipherUpdate(ctx_, b_.out.data(), &n, b_.in.data(), len) ==
                   1;
    }
    return false;
  }

 private:
  EVP_CIPHER_CTX* ctx_;
};

// --- the table (the names and verbs of //bench:speed) ------------------------

struct Measurement {
  ctcrypto::bench::Measurement m;  // name, verb, granularity
  Kind kind;
  size_t key_len;
};

constexpr Measurement kMeasurements[] = {
    {{"AES-128-GCM", "seal", 1}, Kind::kGcmSeal, 16},
    {{"AES-128-GCM", "open", 1}, Kind::kGcmOpen, 16},
    {{"AES-256-GCM", "seal", 1}, Kind::kGcmSeal, 32},
    {{"AES-256-GCM", "open", 1}, Kind::kGcmOpen, 32},
    {{"AES-128-CTR", "encrypt", 1}, Kind::kCtr, 16},
    {{"AES-128-CBC", "decrypt", 16}, Kind::kCbcDecrypt, 16},
};

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

}  // namespace

int main(int argc, char** argv) {
  mirror_disable_into_openssl(argv);

  std::vector<ctcrypto::bench::Measurement> names;
  for (const Measurement& m : kMeasurements) names.push_back(m.m);
  const ctcrypto::bench::Options opt = ctcrypto::bench::parse_options(
      argc, argv, "speed_vs_openssl",
      "CTCRYPTO_DISABLE is mirrored into OPENSSL_ia32cap unless that is set.",
      names);

  const char* cap = std::getenv("OPENSSL_ia32cap");
  ctcrypto::bench::Printer out(opt.json);
  out.begin(std::string("ctcrypto speed_vs_openssl: ") +
            ctcrypto::bench::active_backends() + "; " +
            OpenSSL_version(OPENSSL_VERSION) +
            "; OPENSSL_ia32cap=" + (cap != nullptr ? cap : "(unset)"));
  int rc = 0;
  for (const Measurement& m : kMeasurements) {
    for (const ctcrypto::bench::Case& c : ctcrypto::bench::cases(opt, m.m)) {
      Ours ours(m.kind, m.key_len, c.len);
      Theirs theirs(m.kind, m.key_len, c.len);
      const uint64_t budget_us = opt.timeout_ms * 1000;
      ctcrypto::bench::Result r_ours, r_theirs;
      if (!ours.setup() ||
          !ctcrypto::bench::time_op(ours, budget_us, &r_ours) ||
          !theirs.setup() ||
          !ctcrypto::bench::time_op(theirs, budget_us, &r_theirs)) {
        std::fprintf(stderr, "speed_vs_openssl: %s failed\n",
                     c.description.c_str());
        rc = 1;
        continue;
      }
      out.result(c, r_ours);
      out.result(c, r_theirs, "OpenSSL: ");
      char ratio[32];
      std::snprintf(ratio, sizeof(ratio), "%.2f",
                    ctcrypto::bench::mbps(r_ours, c.len) /
                        ctcrypto::bench::mbps(r_theirs, c.len));
      out.note("Ratio " + c.description + ": ours/OpenSSL " + ratio);
    }
  }
  out.end();
  return rc;
}
