// gcm_siv_open_fuzzer.cc: AesGcmSiv::open / open_detached on arbitrary
// input.
//
// The input layout is fuzz_common.h's: key size bits 0 and 3 give a 16-byte
// key, 2 a 32-byte key, 1 (24 bytes, not a GCM-SIV size) must be refused;
// the tag-length bits are ignored (GCM-SIV's tag is always 16 bytes); a
// nonce of any length other than 12 must be refused. The selector byte
// picks the (AES row, GHASH row) pair and the output layout (exact, larger,
// one byte short, in place). Properties, for every input:
//   - no crash, no out-of-bounds access (ASan), no UB (UBSan);
//   - kOk only if the tag verifies: re-sealing the returned plaintext with
//     the same key, nonce and AD gives back exactly the input;
//   - kAuthenticationFailed: the plaintext area of the output is zeroed,
//     nothing else written;
//   - any other status: the output buffer is untouched;
//   - open and open_detached agree.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/status.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;

using ctcrypto_fuzz::kCanary;
constexpr size_t kTag = ctcrypto::kGcmSivTagLen;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ctcrypto_fuzz::GcmInput in = ctcrypto_fuzz::parse_gcm_input(data, size);
  auto aes = ctcrypto_fuzz::usable_aes();
  auto ghash = ctcrypto_fuzz::usable_ghash();
  size_t pairs = aes.size() * ghash.size();
  size_t pick = in.selector % pairs;
  ctcrypto::AesGcmSiv siv;
  Status init = ctcrypto::internal::init_with_rows(
      siv, std::span<const uint8_t>(in.key, in.key_len),
      aes[pick / ghash.size()], ghash[pick % ghash.size()]);
  if (in.key_len == 24) {
    FUZZ_CHECK(init == Status::kInvalidKeyLength);
    FUZZ_CHECK(!siv.initialized());
    return 0;
  }
  FUZZ_CHECK(init == Status::kOk);

  const std::vector<uint8_t>& msg = in.msg;
  const size_t ct_len = msg.size() >= kTag ? msg.size() - kTag : 0;
  int layout = (in.selector >> 6) & 3;
  if (in.in_place) layout = 3;
  ctcrypto_fuzz::OpenOutput o(msg, ct_len, layout);
  std::span<uint8_t> dst = o.dst;
  const std::vector<uint8_t>& before = o.before;
  size_t out_len = 12345;
  Status st = siv.open(dst, &out_len, in.nonce, o.buf, in.ad);

  if (in.nonce.size() != ctcrypto::kGcmSivNonceLen) {
    FUZZ_CHECK(st == Status::kInvalidNonceLength);
    FUZZ_CHECK(ctcrypto_fuzz::equal(dst.data(), before.data(), dst.size()));
    return 0;
  }
  if (st == Status::kOk) {
    FUZZ_CHECK(msg.size() >= kTag);
    FUZZ_CHECK(out_len == ct_len);
    std::vector<uint8_t> pt(dst.begin(), dst.begin() + ct_len);
    std::vector<uint8_t> resealed(ct_len + kTag);
    size_t n = 0;
    FUZZ_CHECK(siv.seal(resealed, &n, in.nonce, pt, in.ad) == Status::kOk);
    FUZZ_CHECK(n == msg.size());
    FUZZ_CHECK(ctcrypto_fuzz::equal(resealed.data(), msg.data(), n));
    ctcrypto_fuzz::check_open_tail(o, ct_len);
  } else {
    ctcrypto_fuzz::check_open_failure(st, out_len, o, msg.size(), kTag, ct_len,
                                      layout);
  }

  if (msg.size() >= kTag && layout != 2) {
    std::vector<uint8_t> pt2(ct_len, kCanary);
    Status st2 = siv.open_detached(
        pt2, in.nonce, std::span<const uint8_t>(msg.data(), ct_len),
        std::span<const uint8_t>(msg.data() + ct_len, kTag), in.ad);
    FUZZ_CHECK(st2 == st);
    FUZZ_CHECK(ctcrypto_fuzz::equal(pt2.data(), dst.data(), ct_len));
  }
  return 0;
}
