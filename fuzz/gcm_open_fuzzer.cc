// gcm_open_fuzzer.cc: AesGcm::open / open_detached on arbitrary input.
//
// Key, nonce, AD, tag length and the "ciphertext || tag" bytes all come
// from the input (layout in fuzz_common.h); the selector byte picks the
// (AES row, GHASH row) pair among every usable combination and how the
// output buffer is laid out (exact size, larger, in place, too small).
// Properties, for every input:
//   - no crash, no out-of-bounds access (ASan), no UB (UBSan);
//   - kOk only if the tag verifies: re-sealing the returned plaintext with
//     the same key, nonce and AD must give back exactly the input;
//   - kAuthenticationFailed: the plaintext area of the output is zeroed
//     (no unauthenticated plaintext released), nothing else written;
//   - any other status: the output buffer is untouched;
//   - open and open_detached agree.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/aead.h"
#include "ctcrypto/status.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;

using ctcrypto_fuzz::kCanary;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ctcrypto_fuzz::GcmInput in = ctcrypto_fuzz::parse_gcm_input(data, size);
  auto aes = ctcrypto_fuzz::usable_aes();
  auto ghash = ctcrypto_fuzz::usable_ghash();
  size_t pairs = aes.size() * ghash.size();
  size_t pick = in.selector % pairs;
  ctcrypto::AesGcm gcm;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 gcm, std::span<const uint8_t>(in.key, in.key_len), in.tag_len,
                 aes[pick / ghash.size()],
                 ghash[pick % ghash.size()]) == Status::kOk);

  const std::vector<uint8_t>& msg = in.msg;
  size_t ct_len = msg.size() >= in.tag_len ? msg.size() - in.tag_len : 0;
  // Output layout from the selector's top bits: exact, 7 bytes more, one
  // byte short (kOutputTooSmall when there is a message), or in place.
  int layout = (in.selector >> 6) & 3;
  if (in.in_place) layout = 3;
  ctcrypto_fuzz::OpenOutput o(msg, ct_len, layout);
  std::span<uint8_t> dst = o.dst;
  size_t out_len = 12345;
  Status st = gcm.open(dst, &out_len, in.nonce, o.buf, in.ad);

  if (st == Status::kOk) {
    FUZZ_CHECK(msg.size() >= in.tag_len);
    FUZZ_CHECK(out_len == ct_len);
    // The tag verified: sealing the plaintext must reproduce the input.
    std::vector<uint8_t> pt(dst.begin(), dst.begin() + ct_len);
    std::vector<uint8_t> resealed(ct_len + in.tag_len);
    size_t n = 0;
    FUZZ_CHECK(gcm.seal(resealed, &n, in.nonce, pt, in.ad) == Status::kOk);
    FUZZ_CHECK(n == msg.size());
    FUZZ_CHECK(ctcrypto_fuzz::equal(resealed.data(), msg.data(), n));
    ctcrypto_fuzz::check_open_tail(o, ct_len);
  } else {
    ctcrypto_fuzz::check_open_failure(st, out_len, o, msg.size(), in.tag_len, ct_len,
                                      layout);
  }

  // open_detached on a copy must agree on the verdict and the plaintext.
  if (msg.size() >= in.tag_len && layout != 2) {
    std::vector<uint8_t> pt2(ct_len, kCanary);
    Status st2 = gcm.open_detached(
        pt2, in.nonce, std::span<const uint8_t>(msg.data(), ct_len),
        std::span<const uint8_t>(msg.data() + ct_len, in.tag_len), in.ad);
    FUZZ_CHECK(st2 == st);
    FUZZ_CHECK(ctcrypto_fuzz::equal(pt2.data(), dst.data(), ct_len));
  }
  return 0;
}
