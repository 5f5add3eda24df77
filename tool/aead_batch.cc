// aead_batch.cc: the line protocol of `ctcrypto aead` (see aead_batch.h).
#include "tool/aead_batch.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "tool/line_protocol.h"

namespace ctcrypto::tool {
namespace {

constexpr size_t kNumFields = 6;        // seal, open
constexpr size_t kNumStreamFields = 8;  // sealstream, openstream

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

// init_ccm: aes-{128,192,256}-ccm (16-byte tag, any nonce of 7..13 bytes,
// its length taken from the line) and the AES-128 profiles (13-byte nonce,
// 4-, 8- or 16-byte tag).
template <int kProfile>  // -1: generic; else a CcmProfile value
Status init_ccm(AesCcm& ccm, std::span<const uint8_t> key) {
  return kProfile < 0 ? ccm.init(key, kCcmTagLen)
                      : ccm.init(key, static_cast<CcmProfile>(kProfile));
}

template <int kProfile>
const char* ccm_handler(AeadOp op, size_t /*key_len*/,
                        std::span<const uint8_t> key,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> ad,
                        std::span<const uint8_t> input,
                        std::vector<uint8_t>* out) {
  AesCcm ccm;
  const Status s = init_ccm<kProfile>(ccm, key);
  if (s != Status::kOk) return status_string(s);
  return run(ccm, input.size() + ccm.tag_len(), op, nonce, ad, input, out);
}

// --- the streaming forms (sealstream, openstream) ---

// split: `data` cut into chunks of the sizes in `sizes`, then the rest (if
// any) as one last chunk; false when the sizes add up to more than `data`.
bool split(std::span<const uint8_t> data, const std::vector<size_t>& sizes,
           std::vector<std::span<const uint8_t>>* chunks) {
  chunks->clear();
  size_t pos = 0;
  for (size_t n : sizes) {
    if (n > data.size() - pos) return false;
    chunks->push_back(data.subspan(pos, n));
    pos += n;
  }
  if (pos < data.size()) chunks->push_back(data.subspan(pos));
  return true;
}

// run_stream: one sealstream/openstream request through `stream` (an
// AesGcmStream or AesCcmStream) whose key has tags of `tag_len` bytes.
// `start(opening, ad_len, msg_len)` starts it. The answer is run()'s for the
// same request: the start's checks (nonce, message length) come first, as in
// the one-shot calls; an input shorter than a tag is an authentication
// failure, as one-shot open makes it; a failed verify clears what update
// wrote.
template <typename Stream, typename Start>
const char* run_stream(Stream& stream, size_t tag_len, AeadOp op,
                       std::span<const uint8_t> ad,
                       std::span<const uint8_t> input,
                       const AeadChunks& chunks, Start start,
                       std::vector<uint8_t>* out) {
  const bool opening = op == AeadOp::kOpen;
  const bool too_short = opening && input.size() < tag_len;
  const size_t msg_len =
      !opening ? input.size() : too_short ? 0 : input.size() - tag_len;
  std::vector<std::span<const uint8_t>> ad_chunks, msg_chunks;
  if (!split(ad, chunks.ad, &ad_chunks)) return "ad chunks exceed the ad";
  if (!split(input.first(msg_len), chunks.data, &msg_chunks))
    return opening ? "input chunks exceed the ciphertext"
                   : "input chunks exceed the input";

  Status s = start(opening, uint64_t{ad.size()}, uint64_t{msg_len});
  if (s == Status::kOk && too_short) s = Status::kAuthenticationFailed;
  for (size_t i = 0; s == Status::kOk && i < ad_chunks.size(); ++i)
    s = stream.update_ad(ad_chunks[i]);
  out->resize(opening ? msg_len : msg_len + tag_len);
  const std::span<uint8_t> o(*out);
  size_t pos = 0;
  for (size_t i = 0; s == Status::kOk && i < msg_chunks.size(); ++i) {
    s = stream.update(o.subspan(pos, msg_chunks[i].size()), msg_chunks[i]);
    pos += msg_chunks[i].size();
  }
  if (s == Status::kOk)
    s = opening ? stream.verify(input.subspan(msg_len))
                : stream.finish(o.subspan(msg_len));
  if (s != Status::kOk) {
    stream.clear();
    std::fill(out->begin(), out->end(), uint8_t{0});
    out->clear();
    return status_string(s);
  }
  return nullptr;
}

const char* gcm_stream_handler(AeadOp op, std::span<const uint8_t> key,
                               std::span<const uint8_t> nonce,
                               std::span<const uint8_t> ad,
                               std::span<const uint8_t> input,
                               const AeadChunks& chunks,
                               std::vector<uint8_t>* out) {
  AesGcm gcm;
  const Status s = gcm.init(key, kGcmTagLen);
  if (s != Status::kOk) return status_string(s);
  AesGcmStream stream;
  return run_stream(
      stream, gcm.tag_len(), op, ad, input, chunks,
      [&](bool opening, uint64_t /*ad_len*/, uint64_t /*msg_len*/) {
        return opening ? stream.start_open(gcm, nonce)
                       : stream.start_seal(gcm, nonce);
      },
      out);
}

// ccm_stream_handler: CCM declares the AD's and the message's total lengths
// when it starts (B0 encodes them).
template <int kProfile>
const char* ccm_stream_handler(AeadOp op, std::span<const uint8_t> key,
                               std::span<const uint8_t> nonce,
                               std::span<const uint8_t> ad,
                               std::span<const uint8_t> input,
                               const AeadChunks& chunks,
                               std::vector<uint8_t>* out) {
  AesCcm ccm;
  const Status s = init_ccm<kProfile>(ccm, key);
  if (s != Status::kOk) return status_string(s);
  AesCcmStream stream;
  return run_stream(
      stream, ccm.tag_len(), op, ad, input, chunks,
      [&](bool opening, uint64_t ad_len, uint64_t msg_len) {
        return opening ? stream.start_open(ccm, nonce, ad_len, msg_len)
                       : stream.start_seal(ccm, nonce, ad_len, msg_len);
      },
      out);
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
    {"aes-128-gcm", 16, gcm_handler, gcm_stream_handler},
    {"aes-192-gcm", 24, gcm_handler, gcm_stream_handler},
    {"aes-256-gcm", 32, gcm_handler, gcm_stream_handler},
    // CCM
    {"aes-128-ccm", 16, ccm_handler<-1>, ccm_stream_handler<-1>},
    {"aes-192-ccm", 24, ccm_handler<-1>, ccm_stream_handler<-1>},
    {"aes-256-ccm", 32, ccm_handler<-1>, ccm_stream_handler<-1>},
    {"aes-128-ccm-bluetooth", 16,
     ccm_handler<static_cast<int>(CcmProfile::kBluetooth)>,
     ccm_stream_handler<static_cast<int>(CcmProfile::kBluetooth)>},
    {"aes-128-ccm-bluetooth-8", 16,
     ccm_handler<static_cast<int>(CcmProfile::kBluetooth8)>,
     ccm_stream_handler<static_cast<int>(CcmProfile::kBluetooth8)>},
    {"aes-128-ccm-matter", 16,
     ccm_handler<static_cast<int>(CcmProfile::kMatter)>,
     ccm_stream_handler<static_cast<int>(CcmProfile::kMatter)>},
    // --- AES-GCM-SIV (RFC 8452): 12-byte nonce, 16-byte tag; one-shot only ---
    {"aes-128-gcm-siv", 16, gcm_siv_handler, nullptr},
    {"aes-256-gcm-siv", 32, gcm_siv_handler, nullptr},
    // --- end AES-GCM-SIV ---
    // The TLS CBC suites: one-shot records only.
    {"aes-128-cbc-sha1-tls", 20 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha1>, nullptr},
    {"aes-128-cbc-sha256-tls", 32 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha256>, nullptr},
    {"aes-256-cbc-sha1-tls", 20 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha1>, nullptr},
    {"aes-256-cbc-sha384-tls", 48 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha384>, nullptr},
    {"aes-256-cbc-sha256-tls", 32 + 32,
     tls_handler<TlsCbcSuite::kAes256CbcSha256>, nullptr},
    {"aes-128-cbc-sha1-tls-implicit-iv", 20 + 16 + 16,
     tls_handler<TlsCbcSuite::kAes128CbcSha1ImplicitIv>, nullptr},
    {"aes-256-cbc-sha1-tls-implicit-iv", 20 + 32 + 16,
     tls_handler<TlsCbcSuite::kAes256CbcSha1ImplicitIv>, nullptr},
};

// parse_chunks: a chunk list: "-" (none) or decimal byte counts separated
// by single commas (no signs, no empty entries, each below 2^32 so a
// count never wraps a 32-bit size_t). false for anything else.
bool parse_chunks(std::string_view text, std::vector<size_t>* sizes) {
  sizes->clear();
  if (text == "-") return true;
  size_t pos = 0;
  for (;;) {
    size_t comma = text.find(',', pos);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view item = text.substr(pos, comma - pos);
    if (item.empty() || item.size() > 10) return false;
    uint64_t v = 0;
    for (char c : item) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + static_cast<uint64_t>(c - '0');
    }
    if (v > UINT32_MAX) return false;
    sizes->push_back(static_cast<size_t>(v));
    if (comma == text.size()) return true;
    pos = comma + 1;
  }
}

}  // namespace

std::span<const AeadEntry> aead_table() { return kAeads; }

std::string aead_process_line(std::string_view line) {
  // Any other count of fields (including the one empty field of an empty
  // line, or the empty fields that doubled spaces produce) is refused.
  const std::vector<std::string_view> f = split_fields(line);
  if (f.size() != kNumFields && f.size() != kNumStreamFields)
    return error("wrong field count");
  if (has_empty_field(f)) return error("empty field");

  AeadOp op;
  bool streamed = false;
  if (f[0] == "seal" || f[0] == "sealstream") {
    op = AeadOp::kSeal;
    streamed = f[0] == "sealstream";
  } else if (f[0] == "open" || f[0] == "openstream") {
    op = AeadOp::kOpen;
    streamed = f[0] == "openstream";
  } else {
    return error("unknown op");
  }
  if (f.size() != (streamed ? kNumStreamFields : kNumFields))
    return error("wrong field count");

  const AeadEntry* entry = nullptr;
  for (const AeadEntry& e : kAeads)
    if (f[1] == e.name) entry = &e;
  if (entry == nullptr) return error("unknown aead");

  std::vector<uint8_t> key, nonce, ad, input;
  if (!decode_hex(f[2], &key)) return error("bad hex in key");
  if (!decode_hex(f[3], &nonce)) return error("bad hex in nonce");
  if (!decode_hex(f[4], &ad)) return error("bad hex in ad");
  if (!decode_hex(f[5], &input)) return error("bad hex in input");
  AeadChunks chunks;
  if (streamed) {
    if (!parse_chunks(f[6], &chunks.ad)) return error("bad ad chunk list");
    if (!parse_chunks(f[7], &chunks.data))
      return error("bad input chunk list");
  }

  if (streamed ? entry->stream == nullptr : entry->handler == nullptr)
    return error("unsupported");
  if (key.size() != entry->key_len)
    return error(status_string(Status::kInvalidKeyLength));

  std::vector<uint8_t> out;
  const char* failure =
      streamed ? entry->stream(op, key, nonce, ad, input, chunks, &out)
               : entry->handler(op, entry->key_len, key, nonce, ad, input,
                                &out);
  if (failure != nullptr) return error(failure);
  return encode_hex(out);
}

}  // namespace ctcrypto::tool
