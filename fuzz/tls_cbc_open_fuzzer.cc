// tls_cbc_open_fuzzer.cc: TlsCbcAead::open on arbitrary input, for every
// TLS-CBC suite on every usable AES row.
//
// Input layout (its own; make_seed_corpus.cc writes it from the
// aes_*_cbc_*_tls_tests.txt vector files):
//
//   byte 0   flags: bits 0-2 suite (v % 7, in TlsCbcSuite order)
//                   bits 3-4 output buffer: 0 exactly the longest possible
//                            plaintext, 1 seven bytes more, 2 one byte
//                            short, 3 in place (out == in)
//                   bit 5    explicit lengths: a nonce-length byte and an
//                            AD-length byte follow the key (else the
//                            suite's nonce length and 11)
//                   bit 6    build: the message is a plaintext; the fuzzer
//                            builds the record itself (naive MAC, padding,
//                            CBC), with a padding length and an optional
//                            one-byte corruption from 4 bytes before it
//                   bit 7    open the record twice on the same object (the
//                            implicit-IV suites chain the IV)
//   byte 1   AES row selector (among the usable rows)
//   key      the suite's key length (MAC key || AES key [|| fixed IV])
//   [nl al]  with bit 5
//   nonce    nl bytes (default: 16, or 0 for the implicit-IV suites)
//   ad       al bytes (default 11)
//   [p h l x] with bit 6: padding selector p, corruption position h:l
//            (big-endian, mod the record length), xor x (0: none)
//   rest     the record (with bit 6: the plaintext), at most kMaxRecord
//
// Properties, for every input:
//   - no crash, no out-of-bounds access (ASan), no UB (UBSan);
//   - the status is the one a naive reference open predicts (decrypt with
//     the portable AES row, check the padding byte by byte, HMAC the
//     plaintext with the public Hmac class and compare, all written
//     plainly here, not with the constant-time code under test): kOk
//     exactly when the record's padding and MAC verify; argument errors
//     in the documented order;
//   - kOk: the plaintext and its length are the reference's, the rest of
//     the longest-plaintext area is zero; with minimal padding, re-sealing
//     the plaintext (fresh object, same key/IV/AD) gives back the record;
//   - kAuthenticationFailed: *out_len = 0 and the whole longest-plaintext
//     area is zero (nothing unauthenticated released);
//   - any other status: the output buffer and *out_len are untouched;
//   - never a byte written past the longest-plaintext area;
//   - implicit-IV suites: the second open on the same object starts from
//     the last ciphertext block of the first record (if the first got past
//     the argument checks), as the reference predicts.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/aes.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;
using ctcrypto::TlsCbcSuiteInfo;

constexpr uint8_t kCanary = 0xa5;
constexpr size_t kNumSuites = 7;
constexpr size_t kMaxRecord = 4096;
constexpr size_t kMaxPadding = 256;

// The CBC pass of the naive reference: the portable AES row, the public
// CBC API.
std::vector<uint8_t> cbc(const TlsCbcSuiteInfo& info, const uint8_t* key,
                         const uint8_t* iv, const std::vector<uint8_t>& in,
                         bool decrypt) {
  ctcrypto::AesKey k;
  FUZZ_CHECK(
      ctcrypto::internal::init_with_rows(
          k, std::span<const uint8_t>(key + info.mac_key_len, info.enc_key_len),
          ctcrypto_fuzz::reference_aes()) == Status::kOk);
  uint8_t civ[16];
  std::memcpy(civ, iv, 16);
  std::vector<uint8_t> out(in.size());
  auto op = decrypt ? ctcrypto::aes_cbc_decrypt : ctcrypto::aes_cbc_encrypt;
  FUZZ_CHECK(op(k, std::span<uint8_t, 16>(civ, 16), in, out) == Status::kOk);
  return out;
}

// mac: HMAC(mac_key, ad || uint16_be(len) || data[0..len)).
void mac(const TlsCbcSuiteInfo& info, const uint8_t* key, const uint8_t* ad,
         const uint8_t* data, size_t len, uint8_t* out) {
  uint8_t hdr[13];
  std::memcpy(hdr, ad, 11);
  hdr[11] = static_cast<uint8_t>(len >> 8);
  hdr[12] = static_cast<uint8_t>(len);
  ctcrypto::Hmac h;
  FUZZ_CHECK(h.init(info.hash, std::span<const uint8_t>(
                                   key, info.mac_key_len)) == Status::kOk);
  h.update(std::span<const uint8_t>(hdr, 13));
  h.update(std::span<const uint8_t>(data, len));
  FUZZ_CHECK(h.finish(std::span<uint8_t>(out, info.mac_key_len)) ==
             Status::kOk);
}

// naive_open: the record (a multiple of 16 bytes, at least MAC + 1)
// verifies? Then *pt is its plaintext. Plain, early-exit code on purpose.
bool naive_open(const TlsCbcSuiteInfo& info, const uint8_t* key,
                const uint8_t* iv, const uint8_t* ad,
                const std::vector<uint8_t>& rec, std::vector<uint8_t>* pt) {
  const size_t n = rec.size(), ml = info.mac_key_len;
  std::vector<uint8_t> dec = cbc(info, key, iv, rec, true);
  const size_t pad = dec[n - 1];
  if (pad + 1 + ml > n) return false;
  for (size_t i = 0; i <= pad; ++i)
    if (dec[n - 1 - i] != pad) return false;
  const size_t len = n - (pad + 1) - ml;
  uint8_t want[64];
  mac(info, key, ad, dec.data(), len, want);
  if (std::memcmp(want, dec.data() + len, ml) != 0) return false;
  pt->assign(dec.begin(), dec.begin() + static_cast<ptrdiff_t>(len));
  return true;
}

// build_record: plaintext || MAC || padding, CBC-encrypted (naive), with
// pad_sel choosing among the valid padding lengths (minimal + 16k <= 256).
std::vector<uint8_t> build_record(const TlsCbcSuiteInfo& info,
                                  const uint8_t* key, const uint8_t* iv,
                                  const uint8_t* ad,
                                  const std::vector<uint8_t>& pt,
                                  uint8_t pad_sel) {
  const size_t ml = info.mac_key_len;
  const size_t minimal = 16 - (pt.size() + ml) % 16;
  const size_t choices = (kMaxPadding - minimal) / 16 + 1;
  const size_t pad_len = minimal + 16 * (pad_sel % choices);
  std::vector<uint8_t> plain(pt);
  plain.resize(pt.size() + ml + pad_len, static_cast<uint8_t>(pad_len - 1));
  mac(info, key, ad, pt.data(), pt.size(), plain.data() + pt.size());
  return cbc(info, key, iv, plain, false);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ctcrypto_fuzz::Reader r(data, size);
  const uint8_t flags = r.byte();
  const uint8_t selector = r.byte();
  const auto suite = static_cast<ctcrypto::TlsCbcSuite>((flags & 7) % kNumSuites);
  const TlsCbcSuiteInfo& info = ctcrypto::tls_cbc_suite_info(suite);
  const int layout = (flags >> 3) & 3;
  const size_t ml = info.mac_key_len;

  uint8_t key[96];
  r.bytes(key, info.key_len());
  size_t nonce_len = info.nonce_len(), ad_len = ctcrypto::kTlsCbcAdLen;
  if (flags & 0x20) {
    nonce_len = r.byte();
    ad_len = r.byte();
  }
  std::vector<uint8_t> nonce(nonce_len), ad(ad_len);
  r.bytes(nonce.data(), nonce_len);
  r.bytes(ad.data(), ad_len);
  // The reference's IV and AD where the arguments are malformed (the open
  // must refuse before using them; the values do not matter).
  uint8_t ref_iv[16] = {}, ref_ad[11] = {};
  if (info.implicit_iv)
    std::memcpy(ref_iv, key + ml + info.enc_key_len, 16);
  else if (nonce_len == 16)
    std::memcpy(ref_iv, nonce.data(), 16);
  if (ad_len == 11) std::memcpy(ref_ad, ad.data(), 11);

  std::vector<uint8_t> rec;
  if (flags & 0x40) {
    uint8_t b[4];
    r.bytes(b, 4);
    std::vector<uint8_t> pt = r.rest(kMaxRecord - ml - kMaxPadding);
    rec = build_record(info, key, ref_iv, ref_ad, pt, b[0]);
    if (b[3] != 0) rec[((size_t{b[1]} << 8) | b[2]) % rec.size()] ^= b[3];
  } else {
    rec = r.rest(kMaxRecord);
  }
  const size_t n = rec.size();

  auto aes = ctcrypto_fuzz::usable_aes();
  const auto* row = aes[selector % aes.size()];
  ctcrypto::TlsCbcAead aead;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 aead, suite, std::span<const uint8_t>(key, info.key_len()),
                 (selector & 0x80) ? ml : 0, row) == Status::kOk);
  FUZZ_CHECK(aead.mac_len() == ml);

  const int rounds = (flags & 0x80) ? 2 : 1;
  for (int round = 0; round < rounds; ++round) {
    // What the documented argument checks say, in their order.
    const bool length_ok = n % 16 == 0 && n >= ml + 1;
    const size_t max_plain = length_ok ? n - ml - 1 : n;
    Status want = Status::kOk;
    if (nonce_len != info.nonce_len()) {
      want = Status::kInvalidNonceLength;
    } else if (ad_len != ctcrypto::kTlsCbcAdLen || !length_ok) {
      want = Status::kInvalidLength;
    } else if (layout == 2) {
      want = Status::kOutputTooSmall;
    }
    std::vector<uint8_t> ref_pt;
    if (want == Status::kOk)
      want = naive_open(info, key, ref_iv, ref_ad, rec, &ref_pt)
                 ? Status::kOk
                 : Status::kAuthenticationFailed;

    std::vector<uint8_t> buf(rec);  // in place works on this copy
    std::vector<uint8_t> out;
    std::span<uint8_t> dst;
    switch (layout) {
      case 0: out.assign(max_plain, kCanary); dst = out; break;
      case 1: out.assign(max_plain + 7, kCanary); dst = out; break;
      case 2:
        out.assign(max_plain ? max_plain - 1 : 0, kCanary);
        dst = out;
        break;
      default: dst = std::span<uint8_t>(buf.data(), max_plain); break;
    }
    std::vector<uint8_t> before(dst.begin(), dst.end());
    size_t out_len = 12345;
    const Status st = aead.open(dst, &out_len, nonce, buf, ad);
    FUZZ_CHECK(st == want);

    if (st == Status::kOk) {
      FUZZ_CHECK(out_len == ref_pt.size());
      FUZZ_CHECK(ctcrypto_fuzz::equal(dst.data(), ref_pt.data(), out_len));
      for (size_t i = out_len; i < max_plain; ++i) FUZZ_CHECK(dst[i] == 0);
    } else if (st == Status::kAuthenticationFailed) {
      FUZZ_CHECK(out_len == 0);
      for (size_t i = 0; i < max_plain; ++i) FUZZ_CHECK(dst[i] == 0);
    } else {
      FUZZ_CHECK(out_len == 12345);
      FUZZ_CHECK(ctcrypto_fuzz::equal(dst.data(), before.data(), dst.size()));
    }
    for (size_t i = max_plain; i < dst.size(); ++i)
      FUZZ_CHECK(dst[i] == before[i]);

    // Minimal padding: the record is exactly what seal() makes of the
    // plaintext (a fresh object starts from the key's IV, so only in the
    // first round for the implicit-IV suites).
    if (st == Status::kOk && n == aead.seal_len(out_len) &&
        (round == 0 || !info.implicit_iv)) {
      ctcrypto::TlsCbcAead sealer;
      FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                     sealer, suite,
                     std::span<const uint8_t>(key, info.key_len()), 0,
                     row) == Status::kOk);
      std::vector<uint8_t> resealed(n);
      size_t sealed_len = 0;
      FUZZ_CHECK(sealer.seal(resealed, &sealed_len, nonce, ref_pt, ad) ==
                 Status::kOk);
      FUZZ_CHECK(sealed_len == n);
      FUZZ_CHECK(ctcrypto_fuzz::equal(resealed.data(), rec.data(), n));
    }

    // The implicit-IV chain: the next record continues from this one's last
    // ciphertext block once decryption ran.
    if (info.implicit_iv &&
        (st == Status::kOk || st == Status::kAuthenticationFailed))
      std::memcpy(ref_iv, rec.data() + n - 16, 16);
  }
  return 0;
}
