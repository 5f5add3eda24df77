// differential_fuzzer.cc: every compiled-in row against the portable
// reference, byte for byte.
//
// For one input (key, nonce, AD, message; layout in fuzz_common.h) it runs
//   - every usable AES row: single-block encrypt/decrypt, CTR (32-bit and
//     128-bit counters, starting near the wrap when flag bit 7 is set), CBC
//     encrypt and decrypt (message cut to whole blocks, chaining value
//     compared too);
//   - every usable GHASH row: the streaming hash of AD || message in uneven
//     pieces;
//   - every (AES row, GHASH row) pair, i.e. every GCM combination including
//     the stitched ones: seal (detached and combined, in place or not)
//     compared with the (nohw, nohw) reference; open of the reference
//     ciphertext must succeed with the same plaintext; open with one tag bit
//     flipped (chosen by the selector byte) must fail and zero the output.
// Any difference aborts (a libFuzzer finding). The rows come from the
// row tables, so a new row is fuzzed without touching this file.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;
using ctcrypto_fuzz::GcmInput;

void check_aes(const GcmInput& in) {
  std::span<const uint8_t> key(in.key, in.key_len);
  ctcrypto::AesKey ref;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 ref, key, ctcrypto_fuzz::reference_aes()) == Status::kOk);

  uint8_t block[16] = {}, ctr[16] = {};
  ctcrypto_fuzz::copy(block, in.msg.data(), in.msg.size() < 16 ? in.msg.size() : 16);
  ctcrypto_fuzz::copy(ctr, in.nonce.data(), in.nonce.size() < 16 ? in.nonce.size() : 16);
  if (in.flags & 0x80) {
    // Start a few blocks before the 32-bit (and, for ctr128, the 64-bit
    // word's) wrap so the carry paths run inside a batch.
    ctr[12] = ctr[13] = ctr[14] = 0xff;
    ctr[15] = static_cast<uint8_t>(0xff - (in.selector & 15));
    if (in.selector & 0x10) std::memset(ctr + 8, 0xff, 4);
  }
  const std::vector<uint8_t>& m = in.msg;
  size_t cbc_len = m.size() & ~size_t{15};
  uint8_t iv0[16];
  ctcrypto_fuzz::copy(iv0, ctr, 16);

  uint8_t want_e[16], want_d[16];
  ref.encrypt_block(block, want_e);
  ref.decrypt_block(block, want_d);
  std::vector<uint8_t> want_ctr32(m.size()), want_ctr128(m.size()),
      want_cbce(cbc_len), want_cbcd(cbc_len);
  uint8_t want_ive[16], want_ivd[16];
  ctcrypto_fuzz::copy(want_ive, iv0, 16);
  ctcrypto_fuzz::copy(want_ivd, iv0, 16);
  std::span<const uint8_t, 16> c(ctr, 16);
  FUZZ_CHECK(ctcrypto::aes_ctr32(ref, c, m, want_ctr32) == Status::kOk);
  FUZZ_CHECK(ctcrypto::aes_ctr128(ref, c, m, want_ctr128) == Status::kOk);
  std::span<const uint8_t> mc(m.data(), cbc_len);
  FUZZ_CHECK(ctcrypto::aes_cbc_encrypt(ref, std::span<uint8_t, 16>(want_ive, 16),
                                       mc, want_cbce) == Status::kOk);
  FUZZ_CHECK(ctcrypto::aes_cbc_decrypt(ref, std::span<uint8_t, 16>(want_ivd, 16),
                                       mc, want_cbcd) == Status::kOk);

  for (const auto* row : ctcrypto_fuzz::usable_aes()) {
    ctcrypto::AesKey k;
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(k, key, row) == Status::kOk);
    uint8_t got[16];
    k.encrypt_block(block, got);
    FUZZ_CHECK(ctcrypto_fuzz::equal(got, want_e, 16));
    k.decrypt_block(block, got);
    FUZZ_CHECK(ctcrypto_fuzz::equal(got, want_d, 16));

    // CTR and CBC, in place when the flag says so (a copy otherwise).
    std::vector<uint8_t> buf(m), out(m.size());
    auto dst = [&]() -> std::span<uint8_t> {
      return in.in_place ? std::span<uint8_t>(buf) : std::span<uint8_t>(out);
    };
    FUZZ_CHECK(ctcrypto::aes_ctr32(k, c, buf, dst()) == Status::kOk);
    FUZZ_CHECK(ctcrypto_fuzz::equal(dst().data(), want_ctr32.data(), m.size()));
    buf = m;
    FUZZ_CHECK(ctcrypto::aes_ctr128(k, c, buf, dst()) == Status::kOk);
    FUZZ_CHECK(ctcrypto_fuzz::equal(dst().data(), want_ctr128.data(), m.size()));

    for (int dir = 0; dir < 2; ++dir) {
      auto op = dir ? ctcrypto::aes_cbc_decrypt : ctcrypto::aes_cbc_encrypt;
      const std::vector<uint8_t>& want = dir ? want_cbcd : want_cbce;
      const uint8_t* want_iv = dir ? want_ivd : want_ive;
      buf = m;
      uint8_t iv[16];
      ctcrypto_fuzz::copy(iv, iv0, 16);
      std::span<uint8_t> d = dst().first(cbc_len);
      FUZZ_CHECK(op(k, std::span<uint8_t, 16>(iv, 16),
                    std::span<const uint8_t>(buf.data(), cbc_len),
                    d) == Status::kOk);
      FUZZ_CHECK(ctcrypto_fuzz::equal(d.data(), want.data(), cbc_len));
      FUZZ_CHECK(ctcrypto_fuzz::equal(iv, want_iv, 16));
    }
  }
}

void check_ghash(const GcmInput& in) {
  uint8_t h[16] = {};
  ctcrypto_fuzz::copy(h, in.key, 16);
  std::span<const uint8_t, 16> hs(h, 16);
  // Cut points for uneven pieces, from the selector.
  size_t total = in.ad.size() + in.msg.size();
  std::vector<uint8_t> all(in.ad);
  all.insert(all.end(), in.msg.begin(), in.msg.end());
  size_t cut1 = total ? in.selector % (total + 1) : 0;
  size_t cut2 = cut1 + (total - cut1) / 2;

  ctcrypto::GhashKey ref_key;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 ref_key, hs, ctcrypto_fuzz::reference_ghash()) == Status::kOk);
  uint8_t want[16];
  ctcrypto::Ghash r(ref_key);
  r.update(all);
  r.finish(std::span<uint8_t, 16>(want, 16));

  for (const auto* row : ctcrypto_fuzz::usable_ghash()) {
    ctcrypto::GhashKey k;
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(k, hs, row) == Status::kOk);
    ctcrypto::Ghash g(k);
    std::span<const uint8_t> a(all);
    g.update(a.first(cut1));
    g.update(a.subspan(cut1, cut2 - cut1));
    g.update(a.subspan(cut2));
    uint8_t got[16];
    g.finish(std::span<uint8_t, 16>(got, 16));
    FUZZ_CHECK(ctcrypto_fuzz::equal(got, want, 16));
  }
}

void check_gcm(const GcmInput& in) {
  std::span<const uint8_t> key(in.key, in.key_len);
  const std::vector<uint8_t>& m = in.msg;
  ctcrypto::AesGcm ref;
  FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                 ref, key, in.tag_len, ctcrypto_fuzz::reference_aes(),
                 ctcrypto_fuzz::reference_ghash()) == Status::kOk);
  std::vector<uint8_t> sealed(m.size() + in.tag_len);
  size_t out_len = 0;
  FUZZ_CHECK(ref.seal(sealed, &out_len, in.nonce, m, in.ad) == Status::kOk);
  FUZZ_CHECK(out_len == sealed.size());
  // Which tag bit to flip for the negative open.
  size_t flip_byte = m.size() + in.selector % in.tag_len;
  uint8_t flip_bit = static_cast<uint8_t>(1u << ((in.selector >> 4) & 7));

  for (const auto* arow : ctcrypto_fuzz::usable_aes()) {
    for (const auto* grow : ctcrypto_fuzz::usable_ghash()) {
      ctcrypto::AesGcm gcm;
      FUZZ_CHECK(ctcrypto::internal::init_with_rows(gcm, key, in.tag_len, arow,
                                                    grow) == Status::kOk);

      // seal, combined form, in place or into a separate buffer.
      std::vector<uint8_t> buf(m.size() + in.tag_len);
      ctcrypto_fuzz::copy(buf.data(), m.data(), m.size());
      std::vector<uint8_t> sep(m.size() + in.tag_len);
      std::span<uint8_t> dst = in.in_place ? std::span<uint8_t>(buf)
                                           : std::span<uint8_t>(sep);
      FUZZ_CHECK(gcm.seal(dst, &out_len, in.nonce,
                          std::span<const uint8_t>(buf.data(), m.size()),
                          in.ad) == Status::kOk);
      FUZZ_CHECK(ctcrypto_fuzz::equal(dst.data(), sealed.data(), sealed.size()));

      // seal, detached form.
      std::vector<uint8_t> ct(m.size());
      uint8_t tag[16];
      FUZZ_CHECK(gcm.seal_detached(ct, std::span<uint8_t>(tag, in.tag_len),
                                   in.nonce, m, in.ad) == Status::kOk);
      FUZZ_CHECK(ctcrypto_fuzz::equal(ct.data(), sealed.data(), m.size()));
      FUZZ_CHECK(ctcrypto_fuzz::equal(tag, sealed.data() + m.size(), in.tag_len));

      // open of the reference ciphertext.
      buf = sealed;
      std::vector<uint8_t> pt(m.size());
      std::span<uint8_t> pdst =
          in.in_place ? std::span<uint8_t>(buf.data(), m.size())
                      : std::span<uint8_t>(pt);
      FUZZ_CHECK(gcm.open(pdst, &out_len, in.nonce, buf, in.ad) == Status::kOk);
      FUZZ_CHECK(out_len == m.size());
      FUZZ_CHECK(ctcrypto_fuzz::equal(pdst.data(), m.data(), m.size()));

      // open with one tag bit flipped: refused, and nothing released.
      buf = sealed;
      buf[flip_byte] ^= flip_bit;
      std::fill(pt.begin(), pt.end(), 0xa5);
      FUZZ_CHECK(gcm.open(pdst, &out_len, in.nonce, buf, in.ad) ==
                 Status::kAuthenticationFailed);
      for (uint8_t b : pdst) FUZZ_CHECK(b == 0);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  GcmInput in = ctcrypto_fuzz::parse_gcm_input(data, size);
  check_aes(in);
  check_ghash(in);
  check_gcm(in);
  return 0;
}
