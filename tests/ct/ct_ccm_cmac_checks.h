// ct_ccm_cmac_checks.h: the CCM and CMAC part of the constant-time suite.
// Included by ct_suite.cc after its harness (Suite, fill, same,
// reference_aes, kKeyLens, kMaxLen, and for the streaming checks
// StreamPlan, stream_plans and stream_feed), inside its anonymous
// namespace; not a header for anything else.
//
// Secrets as for GCM: the key, plaintext, AD, ciphertext and received
// tags/MACs are marked with ct_secret(); the nonce and all lengths are
// public. The only declassifications in crypto/modes/ccm.cc (through
// internal::open_verdict, crypto/modes/aead_internal.h) and cmac.cc are the
// tag-match verdicts.
#ifndef CTCRYPTO_TESTS_CT_CT_CCM_CMAC_CHECKS_H_
#define CTCRYPTO_TESTS_CT_CT_CCM_CMAC_CHECKS_H_

// Lengths: empty, inside a block, the short path's limit (64) and just past
// it, whole blocks through the bulk loops, and a long message with a tail.
constexpr size_t kCcmLens[] = {0, 1, 16, 64, 65, 16 * 36 + 9,
                               2048 + 16 * 17 + 3};
constexpr size_t kCmacLens[] = {0, 5, 16, 16 * 9 + 3, 16 * 33};

// ccm_stream_checks: AesCcmStream seal, and open with a good and a bad
// tag, on every StreamPlan (ct_suite.cc) but x86-64's long one (its
// 8 KiB piece is for GCM's stitched loops; CCM's whole blocks take the
// same kernel call at any length past a batch), the lengths declared at
// start as CCM needs them. `ref` is the reference row's key, `ccm` the checked one;
// pt, ad: the public originals.
void ccm_stream_checks(const ctcrypto::AesCcm& ref, const ctcrypto::AesCcm& ccm,
                       const std::string& row, const std::string& k,
                       size_t tag_len, std::span<const uint8_t> n,
                       const uint8_t* pt, const uint8_t* ad, Suite* s) {
  static uint8_t want[kMaxLen + 16], got[kMaxLen + 16], buf[kMaxLen + 16];
  s->check(row, k + "stream.seal", [&] {
    bool ok = true;
    for (const StreamPlan& p : stream_plans()) {
      if (p.data_len() > 4096) continue;
      const size_t len = p.data_len(), ad_len = p.ad_len();
      size_t out_len = 0;
      ok &= ref.seal(std::span(want, len + tag_len), &out_len, n,
                     std::span(pt, len),
                     std::span(ad, ad_len)) == Status::kOk;
      uint8_t sad[40];
      std::memcpy(buf, pt, len);
      std::memcpy(sad, ad, ad_len);
      ct_secret(buf, len);
      ct_secret(sad, ad_len);
      uint8_t* out = p.in_place ? buf : got;
      ctcrypto::AesCcmStream st;
      ok &= st.start_seal(ccm, n, ad_len, len) == Status::kOk;
      ok &= stream_feed(st, p, sad, buf, out);
      ok &= st.finish(std::span(out + len, tag_len)) == Status::kOk;
      ok &= same(out, want, len + tag_len);
    }
    return ok;
  });
  for (int bad = 0; bad < 2; ++bad) {
    s->check(row, k + (bad ? "stream.open_bad_tag" : "stream.open_good_tag"),
             [&] {
      bool ok = true;
      for (const StreamPlan& p : stream_plans()) {
        if (p.data_len() > 4096) continue;
        const size_t len = p.data_len(), ad_len = p.ad_len();
        size_t out_len = 0;
        ok &= ref.seal(std::span(want, len + tag_len), &out_len, n,
                       std::span(pt, len),
                       std::span(ad, ad_len)) == Status::kOk;
        std::memcpy(buf, want, len + tag_len);
        if (bad) buf[len + tag_len - 1] ^= 0x80;
        uint8_t sad[40];
        std::memcpy(sad, ad, ad_len);
        ct_secret(buf, len + tag_len);
        ct_secret(sad, ad_len);
        uint8_t* out = p.in_place ? buf : got;
        ctcrypto::AesCcmStream st;
        ok &= st.start_open(ccm, n, ad_len, len) == Status::kOk;
        ok &= stream_feed(st, p, sad, buf, out);
        ok &= st.verify(std::span<const uint8_t>(buf + len, tag_len)) ==
              (bad ? Status::kAuthenticationFailed : Status::kOk);
        ok &= !st.initialized();  // verify ends the stream either way
        ok &= same(out, pt, len);  // released before the verdict
      }
      return ok;
    });
  }
}

void ccm_checks(const AesRow* row, Suite* s) {
  const AesRow* aref = reference_aes();
  for (size_t key_len : kKeyLens) {
    for (size_t tag_len : {size_t{4}, size_t{16}}) {
      std::string k = "ccm" + std::to_string(key_len * 8) + "/t" +
                      std::to_string(tag_len) + ".";
      uint8_t raw[32], pt[kMaxLen], ad[40], nonce[13];
      FillPattern(raw, sizeof(raw), 61 + static_cast<uint32_t>(key_len));
      FillPattern(pt, sizeof(pt), 62);
      FillPattern(ad, sizeof(ad), 63);
      FillPattern(nonce, sizeof(nonce), 64);
      ctcrypto::AesCcm ref, ccm;
      if (ctcrypto::internal::init_with_rows(ref, std::span(raw, key_len),
                                             tag_len, 0, aref) != Status::kOk) {
        s->check(row->name, k + "reference_key", [] { return false; });
        continue;
      }
      s->check(row->name, k + "init", [&] {
        uint8_t secret[32];
        std::memcpy(secret, raw, key_len);
        ct_secret(secret, key_len);
        return ctcrypto::internal::init_with_rows(
                   ccm, std::span(secret, key_len), tag_len, 0, row) ==
               Status::kOk;
      });
      if (!ccm.initialized()) continue;
      static uint8_t want[kMaxLen + 16], got[kMaxLen + 16], buf[kMaxLen + 16];
      // A 13-byte nonce (q = 2, the profiles) and an 8-byte one (q = 7).
      for (size_t nlen : {size_t{13}, size_t{8}}) {
        std::span<const uint8_t> n(nonce, nlen);
        std::string nn = "n" + std::to_string(nlen) + ".";
        s->check(row->name, k + nn + "seal", [&] {
          bool ok = true;
          for (size_t len : kCcmLens) {
            size_t out_len = 0;
            ok &= ref.seal(std::span(want, len + tag_len), &out_len, n,
                           std::span(pt, len),
                           std::span(ad, 13)) == Status::kOk;
            std::memcpy(buf, pt, len);
            uint8_t sad[40];
            std::memcpy(sad, ad, 13);
            ct_secret(buf, len);
            ct_secret(sad, 13);
            ok &= ccm.seal(std::span(got, len + tag_len), &out_len, n,
                           std::span(buf, len),
                           std::span(sad, 13)) == Status::kOk;
            ok &= same(got, want, len + tag_len);
          }
          return ok;
        });
        for (int bad = 0; bad < 2; ++bad) {
          s->check(row->name, k + nn + (bad ? "open_bad_tag" : "open_good_tag"),
                   [&] {
                     bool ok = true;
                     for (size_t len : kCcmLens) {
                       size_t out_len = 0;
                       ok &= ref.seal(std::span(want, len + tag_len), &out_len,
                                      n, std::span(pt, len),
                                      std::span(ad, 13)) == Status::kOk;
                       std::memcpy(buf, want, len + tag_len);
                       if (bad) buf[len + tag_len - 1] ^= 0x80;
                       uint8_t sad[40];
                       std::memcpy(sad, ad, 13);
                       ct_secret(buf, len + tag_len);
                       ct_secret(sad, 13);
                       Status st = ccm.open(std::span(got, len), &out_len, n,
                                            std::span(buf, len + tag_len),
                                            std::span(sad, 13));
                       ok &= st == (bad ? Status::kAuthenticationFailed
                                        : Status::kOk);
                       if (bad) {
                         static const uint8_t zeros[kMaxLen] = {};
                         ok &= same(got, zeros, len);
                       } else {
                         ok &= same(got, pt, len);
                       }
                     }
                     return ok;
                   });
        }
        ccm_stream_checks(ref, ccm, row->name, k + nn, tag_len, n, pt, ad, s);
      }
    }
  }
}

void cmac_checks(const AesRow* row, Suite* s) {
  const AesRow* aref = reference_aes();
  for (size_t key_len : kKeyLens) {
    std::string k = "cmac" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], msg[kMaxLen];
    FillPattern(raw, sizeof(raw), 71 + static_cast<uint32_t>(key_len));
    FillPattern(msg, sizeof(msg), 72);
    ctcrypto::AesCmac ref, cmac;
    if (ctcrypto::internal::init_with_rows(ref, std::span(raw, key_len),
                                           aref) != Status::kOk) {
      s->check(row->name, k + "reference_key", [] { return false; });
      continue;
    }
    s->check(row->name, k + "init", [&] {
      uint8_t secret[32];
      std::memcpy(secret, raw, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(
                 cmac, std::span(secret, key_len), row) == Status::kOk;
    });
    if (!cmac.initialized()) continue;
    static uint8_t buf[kMaxLen];
    s->check(row->name, k + "mac+incremental", [&] {
      bool ok = true;
      for (size_t len : kCmacLens) {
        uint8_t want[16], got[16];
        ok &= ref.mac(std::span(msg, len), want) == Status::kOk;
        std::memcpy(buf, msg, len);
        ct_secret(buf, len);
        ok &= cmac.mac(std::span(buf, len), got) == Status::kOk;
        ok &= same(got, want, 16);
        ctcrypto::AesCmacContext c;
        ok &= c.init(cmac) == Status::kOk;
        ok &= c.update(std::span(buf, len / 3)) == Status::kOk;
        ok &= c.update(std::span(buf + len / 3, len - len / 3)) == Status::kOk;
        ok &= c.finish(got) == Status::kOk;
        ok &= same(got, want, 16);
      }
      return ok;
    });
    for (int bad = 0; bad < 2; ++bad) {
      s->check(row->name, k + (bad ? "verify_bad" : "verify_good"), [&] {
        bool ok = true;
        for (size_t len : kCmacLens) {
          uint8_t tag[16];
          ok &= ref.mac(std::span(msg, len), tag) == Status::kOk;
          if (bad) tag[15] ^= 1;
          std::memcpy(buf, msg, len);
          ct_secret(buf, len);
          ct_secret(tag, 16);
          ok &= cmac.verify(std::span(buf, len), tag) ==
                (bad ? Status::kAuthenticationFailed : Status::kOk);
        }
        return ok;
      });
    }
  }
}

#endif  // CTCRYPTO_TESTS_CT_CT_CCM_CMAC_CHECKS_H_
