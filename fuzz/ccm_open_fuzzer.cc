// ccm_open_fuzzer.cc: AesCcm::open / open_detached on arbitrary input.
//
// Input layout (all lengths public parameters chosen by the fuzzer):
//   byte 0   selector: the usable AES row (modulo their number) and, in its
//            top two bits, the output layout (exact, larger, one byte
//            short, in place)
//   byte 1   bits 0-1: key length 16/24/32 (3 = 16); bits 2-4: tag length
//            4 + 2*v (v = 7: the 13-byte-nonce profile kBluetooth)
//   byte 2   nonce length 0..15 (lengths outside 7..13 must be refused)
//   byte 3   AD length
//   then the key, the nonce, the AD, and the rest: ciphertext || tag.
// Properties, for every input:
//   - no crash, no out-of-bounds access (ASan), no UB (UBSan);
//   - a nonce length outside 7..13: kInvalidNonceLength, output untouched;
//   - kOk only if the tag verifies: re-sealing the plaintext with the same
//     key, nonce and AD gives back exactly the input;
//   - kAuthenticationFailed: the plaintext area is zeroed, nothing else
//     written;
//   - any other status (kOutputTooSmall): the output is untouched;
//   - the reference row (fuzz_common.h) returns the same status and
//     plaintext, and open_detached agrees.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/ccm.h"
#include "ctcrypto/status.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;

using ctcrypto_fuzz::kCanary;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  const uint8_t selector = data[0];
  const size_t key_len = 16 + 8 * ((data[1] & 3) % 3);
  const unsigned tv = (data[1] >> 2) & 7;
  const bool profile = tv == 7;
  const size_t nonce_len = data[2] & 15;
  const size_t ad_len = data[3];
  size_t pos = 4;
  if (profile && key_len != 16) return 0;
  if (size < pos + key_len + nonce_len + ad_len) return 0;
  std::span<const uint8_t> key(data + pos, key_len);
  pos += key_len;
  std::span<const uint8_t> nonce(data + pos, nonce_len);
  pos += nonce_len;
  std::span<const uint8_t> ad(data + pos, ad_len);
  pos += ad_len;
  std::vector<uint8_t> msg(data + pos, data + size);
  if (msg.size() > ctcrypto_fuzz::kMaxMessage) msg.resize(ctcrypto_fuzz::kMaxMessage);

  auto rows = ctcrypto_fuzz::usable_aes();
  const auto* row = rows[selector % rows.size()];
  ctcrypto::AesCcm ccm, ref;
  if (profile) {
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                   ccm, key, ctcrypto::CcmProfile::kBluetooth, row) ==
               Status::kOk);
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                   ref, key, ctcrypto::CcmProfile::kBluetooth,
                   ctcrypto_fuzz::reference_aes()) == Status::kOk);
  } else {
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(ccm, key, 4 + 2 * tv, 0,
                                                  row) == Status::kOk);
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                   ref, key, 4 + 2 * tv, 0, ctcrypto_fuzz::reference_aes()) ==
               Status::kOk);
  }
  const size_t tag_len = ccm.tag_len();
  const bool nonce_ok = nonce_len >= 7 && nonce_len <= 13 &&
                        (!profile || nonce_len == 13);
  const size_t ct_len = msg.size() >= tag_len ? msg.size() - tag_len : 0;

  int layout = (selector >> 6) & 3;
  ctcrypto_fuzz::OpenOutput o(msg, ct_len, layout);
  std::span<uint8_t> dst = o.dst;
  const std::vector<uint8_t>& before = o.before;
  size_t out_len = 12345;
  Status st = ccm.open(dst, &out_len, nonce, o.buf, ad);

  if (!nonce_ok) {
    FUZZ_CHECK(st == Status::kInvalidNonceLength);
    FUZZ_CHECK(ctcrypto_fuzz::equal(dst.data(), before.data(), dst.size()));
    return 0;
  }
  if (st == Status::kOk) {
    FUZZ_CHECK(msg.size() >= tag_len && out_len == ct_len);
    std::vector<uint8_t> pt(dst.begin(), dst.begin() + ct_len);
    std::vector<uint8_t> resealed(ct_len + tag_len);
    size_t n = 0;
    FUZZ_CHECK(ccm.seal(resealed, &n, nonce, pt, ad) == Status::kOk);
    FUZZ_CHECK(n == msg.size());
    FUZZ_CHECK(ctcrypto_fuzz::equal(resealed.data(), msg.data(), n));
    ctcrypto_fuzz::check_open_tail(o, ct_len);
  } else {
    ctcrypto_fuzz::check_open_failure(st, out_len, o, msg.size(), tag_len, ct_len,
                                      layout);
  }

  if (msg.size() >= tag_len && layout != 2) {
    // The reference row: same verdict, same plaintext.
    std::vector<uint8_t> pt_ref(ct_len, kCanary);
    size_t n_ref = 0;
    Status st_ref = ref.open(pt_ref, &n_ref, nonce, msg, ad);
    FUZZ_CHECK(st_ref == st);
    FUZZ_CHECK(ctcrypto_fuzz::equal(pt_ref.data(), dst.data(), ct_len));
    // open_detached agrees.
    std::vector<uint8_t> pt2(ct_len, kCanary);
    Status st2 = ccm.open_detached(
        pt2, nonce, std::span<const uint8_t>(msg.data(), ct_len),
        std::span<const uint8_t>(msg.data() + ct_len, tag_len), ad);
    FUZZ_CHECK(st2 == st);
    FUZZ_CHECK(ctcrypto_fuzz::equal(pt2.data(), dst.data(), ct_len));
  }
  return 0;
}
