// aead_batch.cc: the line protocol of `ctcrypto aead` (see aead_batch.h).
#include "tool/aead_batch.h"

#include <algorithm>
#include <cstring>

#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "tool/line_protocol.h"

namespace ctcrypto::tool {
namespace {

constexpr size_t kNumFields = 6;

// --- handlers ---------------------------------------------------------------

// run: one request on an initialised AEAD object (AesGcm, AesCcm, TlsCbcAead:
// the same seal/open signature). `seal_len` is the output length sealing needs;
// opening gets room for the whole input, at least one byte so the span
// never has a null data pointer (the library itself rejects an input
// shorter than the tag or a record). On failure the output is empty and
// the status's name is returned.
template <typename Aead>
const char* run(Aead& aead, size_t seal_len, AeadOp op,
                std::span<const uint8_t> nonce, std::span<const uint8_t> ad,
                std::span<const uint8_t> input, std::vector<uint8_t>* out) {
  size_t out_len = 0;
  Status s;
  if (op == AeadOp::kSeal) {
    out->resize(seal_len);
    s = aead.seal(*out, &out_len, nonce, input, ad);
  } else {
    out->resize(std::max<size_t>(input.size(), 1));
    s = aead.open(*out, &out_len, nonce, input, ad);
  }
  if (s != Status::kOk) {
    out->clear();
    return status_string(s);
  }
  out->resize(out_len);
  return nullptr;
}

const char* gcm_handler(AeadOp op, size_t /*key_len*/,
                        std::span<const uint8_t> key,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> ad,
                        std::span<const uint8_t> input,
                        std::vector<uint8_t>* out) {
  AesGcm gcm;
  const Status s = gcm.init(key, kGcmTagLen);
  if (s != Status::kOk) return status_string(s);
  return run(gcm, input.size() + gcm.tag_len(), op, nonce, ad, input, out);
}

// ccm_handler: aes-{128,192,256}-ccm (16-byte tag, any nonce of 7..13 bytes,
// its length taken from the line) and the AES-128 profiles (13-byte nonce,
// 4-, 8- or 16-byte tag).
template <int kProfile>  // -1: generic; else a CcmProfile value
const char* ccm_handler(AeadOp op, size_t /*key_len*/,
                        std::span<const uint8_t> key,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> ad,
                        std::span<const uint8_t> input,
                        std::vector<uint8_t>* out) {
  AesCcm ccm;
  const Status s = kProfile < 0
                       ? ccm.init(key, kCcmTagLen)
                       : ccm.init(key, static_cast<CcmProfile>(kProfile));
  if (s != Status::kOk) return status_string(s);
  return run(ccm, input.size() + ccm.tag_len(), op, nonce, ad, input, out);
}

// tls_handler: the TLS CBC AEADs (tls_cbc.h), one instantiation per suite.
// A fresh object per request, so implicit-IV suites start from the key's
// fixed IV.
template <TlsCbcSuite kSuite>
const char* tls_handler(AeadOp op, size_t /*key_len*/,
                        std::span<const uint8_t> key,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> ad,
                        std::span<const uint8_t> input,
                        std::vector<uint8_t>* out) {
  TlsCbcAead aead;
  const Status s = aead.init(kSuite, key);
  if (s != Status::kOk) return status_string(s);
  return run(aead, aead.seal_len(input.size()), op, nonce, ad, input, out);
}

// --- AES-GCM-SIV ---
// gcm_siv_handler: AES-GCM-SIV (RFC 8452), 12-byte nonce, 16-byte tag.
const char* gcm_siv_handler(AeadOp op, size_t /*key_len*/,
                            std::span<const uint8_t> key,
                            std::span<const uint8_t> nonce,
                            std::span<const uint8_t> ad,
                            std::span<const uint8_t> input,
                            std::vector<uint8_t>* out) {
  AesGcmSiv siv;
  Status s = siv.init(key);
  if (s != Status::kOk) return status_string(s);
  size_t out_len = 0;
  if (op == AeadOp::kSeal) {
    out->resize(input.size() + kGcmSivTagLen);
    s = siv.seal(*out, &out_len, nonce, input, ad);
  } else {
    // At least one byte so the span never has a null data pointer.
    out->resize(std::max<size_t>(input.size(), 1));
    s = siv.open(*out, &out_len, nonce, input, ad);
  }
  if (s != Status::kOk) {
    out->clear();
    return status_string(s);
  }
  out->resize(out_len);
  return nullptr;
}
// --- end AES-GCM-SIV ---

// --- the table --------------------------------------------------------------
// The TLS CBC AEADs (BoringSSL's aes-*-cbc-sha*-tls): key = MAC key || AES
// key (|| 16-byte fixed IV for the implicit-IV variants), nonce = the 16-byte
// explicit IV ("-" for implicit IV), AD = 11 bytes.
constexpr AeadEntry kAeads[] = {
    {"aes-128-gcm", 16, gcm_handler},
    {"aes-192-gcm", 24, gcm_handler},
    {"aes-256-gcm", 32, gcm_handler},
    // CCM
    {"aes-128-ccm", 16, ccm_handler<-1>},
    {"aes-192-ccm", 24, ccm_handler<-1>},
    {"aes-256-ccm", 32, ccm_handler<-1>},
    {"aes-128-ccm-bluetooth", 16,
     ccm_handler<static_cast<int>(CcmProfile::kBluetooth)>},
    {"aes-128-ccm-bluetooth-8", 16,
     ccm_handler<static_cast<int>(CcmProfile::kBluetooth8)>},
    {"aes-128-ccm-matter", 16,
     ccm_handler<static_cast<int>(CcmProfile::kMatter)>},
    // --- AES-GCM-SIV (RFC 8452): 12-byte nonce, 16-byte tag ---
    {"aes-128-gcm-siv", 16, gcm_siv_handler},
    {"aes-256-gcm-siv", 32, gcm_siv_handler},
    // --- end AES-GCM-SIV ---
    {"aes-128-cbc-sha1-tls", 20 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha1>},
    {"aes-128-cbc-sha256-tls", 32 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha256>},
    {"aes-256-cbc-sha1-tls", 20 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha1>},
    {"aes-256-cbc-sha384-tls", 48 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha384>},
    {"aes-256-cbc-sha256-tls", 32 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha256>},
    {"aes-128-cbc-sha1-tls-implicit-iv", 20 + 16 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha1ImplicitIv>},
    {"aes-256-cbc-sha1-tls-implicit-iv", 20 + 32 + 16,
     tls_handler<TlsCbcSuite::kAes256CbcSha1ImplicitIv>},
};

}  // namespace

std::span<const AeadEntry> aead_table() { return kAeads; }

std::string aead_process_line(std::string_view line) {
  // Any other count of fields (including the one empty field of an empty
  // line, or the empty fields that doubled spaces produce) is refused.
  const std::vector<std::string_view> f = split_fields(line);
  if (f.size() != kNumFields) return error("wrong field count");
  if (has_empty_field(f)) return error("empty field");

  AeadOp op;
  if (f[0] == "seal") {
    op = AeadOp::kSeal;
  } else if (f[0] == "open") {
    op = AeadOp::kOpen;
  } else {
    return error("unknown op");
  }

  const AeadEntry* entry = nullptr;
  for (const AeadEntry& e : kAeads)
    if (f[1] == e.name) entry = &e;
  if (entry == nullptr) return error("unknown aead");

  std::vector<uint8_t> key, nonce, ad, input;
  if (!decode_hex(f[2], &key)) return error("bad hex in key");
  if (!decode_hex(f[3], &nonce)) return error("bad hex in nonce");
  if (!decode_hex(f[4], &ad)) return error("bad hex in ad");
  if (!decode_hex(f[5], &input)) return error("bad hex in input");

  if (entry->handler == nullptr) return error("unsupported");
  if (key.size() != entry->key_len)
    return error(status_string(Status::kInvalidKeyLength));

  std::vector<uint8_t> out;
  const char* failure =
      entry->handler(op, entry->key_len, key, nonce, ad, input, &out);
  if (failure != nullptr) return error(failure);
  return encode_hex(out);
}

}  // namespace ctcrypto::tool
