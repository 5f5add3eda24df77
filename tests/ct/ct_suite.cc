// ct_suite.cc: the constant-time suite, for every AES and GHASH row.
//
// Run under valgrind memcheck in the ctgrind build (`bazel test
// --config=ctgrind //tests/ct:ct_suite`; util/check-host.sh does it), every
// secret input (keys, H, plaintexts, ciphertexts, AD, received tags) is
// marked undefined with ct_secret() before the library sees it. Memcheck
// then reports any branch, table index or syscall that depends on a secret
// ("Conditional jump or move depends on uninitialised value(s)", "Use of
// uninitialised value of size N"), and valgrind's --error-exitcode fails
// the run. Public inputs stay defined: lengths, nonces, IVs and counters.
// The only declassifications inside the library are the tag-match bits of
// the AEADs' open_detached - GCM (crypto/modes/gcm.cc, also GMAC's), GCM-SIV
// (gcm_siv.cc) and CCM (ccm.cc), each through its own inlined copy of
// internal::open_verdict (crypto/modes/aead_internal.h) - the CMAC
// tag-match bit (crypto/modes/cmac.cc), the key-unwrap verdict
// (crypto/modes/key_wrap.cc), XTS's Key1 == Key2 refusal bit
// (crypto/modes/xts.cc) and the TLS-CBC record verdict, padding and MAC
// together (crypto/tls/tls_cbc.cc); this file declassifies outputs before
// comparing them with the reference, as a caller who sends them on would.
//
// Coverage is parameterised over the row tables: every compiled-in row
// the CPU can run (after CTCRYPTO_DISABLE) is forced explicitly through
// internal::init_with_rows(object, ..., row) (crypto/testing/explicit_rows.h),
// and GCM runs every AES row crossed with every GHASH row, so a stitched
// (AES, GHASH) pair takes its bulk path.
// The hashes and HMAC run on every SHA compression-function row (one table
// per compression function, tested per hash that uses it). TLS-CBC seal and
// open (good record, bad padding, bad MAC) run every TLS suite over every
// AES row with the selected SHA row, and over every other usable SHA row
// with the first AES row.
// Key wrap (KW, KWP: wrap, unwrap of good and bad inputs) and XTS run over
// every AES row (tests/ct/ct_key_wrap_xts.h).
// The streaming forms run where their one-shot twins do: AesGcmStream
// (seal, open with good and bad tags) and AesGmacContext (compute, verify)
// on every AES x GHASH pair, AesCcmStream on every AES row, each fed in
// chunkings with partial-block seams and long whole-block runs
// (StreamPlan).
// A row added to a table is checked without touching this file.
//
// Valgrind 3.19 cannot execute AVX-512 (and so the 512-bit VAES /
// VPCLMULQDQ code): under valgrind, rows that need kCapAvx512 or kCapVaes
// are skipped and listed as such; the --config=ctmsan build runs this same
// suite under MemorySanitizer (crypto/ct.h maps the marking to MSan's
// poison), which checks every host row, those included. The ARM targets run
// it under valgrind for the guest architecture under QEMU
// (util/ct-arm.sh, which also runs ctmsan).
//
// No silent skips: every compiled-in row the CPU can run (after
// CTCRYPTO_DISABLE) is expected, and a run that attributes no pair to an
// expected row fails (MISSING). The ROW lines give the pairs per row.
//
// Each (row, operation) pair is attributed its own error count with
// VALGRIND_COUNT_ERRORS, and the run ends with a table and a
// "N passed, N failed" line. Outside valgrind (normal builds, every target
// under QEMU) the same program is a correctness test against the reference
// row.
#include <sys/auxv.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/hash/sha_row.h"
#include "crypto/testing/explicit_rows.h"
#include "crypto/testing/ghash_nohw32_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/cmac.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/gmac.h"
#include "ctcrypto/hash.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "tests/ct/ct_key_wrap_xts.h"  // key wrap and XTS
#include "tests/ct/ct_valgrind.h"
#include "tests/ct/static_tls.h"
#include "tests/reference.h"
#include "tests/test_util.h"

namespace {

using ctcrypto_ct::under_valgrind;
using ctcrypto_ct::valgrind_errors;

using ctcrypto::Status;
using ctcrypto::internal::AesRow;
using ctcrypto::internal::ct_declassify;
using ctcrypto::internal::ct_secret;
using ctcrypto::internal::GhashRow;
namespace internal = ctcrypto::internal;

// Capabilities whose instructions valgrind 3.19 cannot execute (its CPUID
// hides them, so their rows are never usable under it).
constexpr uint32_t kValgrindCannotRun =
    internal::kCapAvx512 | internal::kCapVaes | internal::kCapShaNi;

// Test data comes from FillPattern (tests/test_util.h); the values do not
// matter for timing.
using ctcrypto_test::FillPattern;

struct Result {
  std::string row;
  std::string op;
  unsigned reports;
  bool correct;
};

const char* checker_name() {
#if defined(CTCRYPTO_CTMSAN)
  return "MemorySanitizer";
#else
  return under_valgrind() ? "valgrind memcheck" : nullptr;
#endif
}

class Suite {
 public:
  // expect: `row` is compiled in and runnable here, so it must be checked;
  // finish() fails the run if no pair was attributed to it.
  void expect(const std::string& row) { rows_.push_back({row, 0}); }
  // owners: the rows that the following checks exercise (one AES row, one
  // GHASH row, or both for a GCM pair).
  void owners(std::vector<std::string> rows) { owners_ = std::move(rows); }
  // check: runs `body` (which returns whether its outputs were right) and
  // records the valgrind errors it caused (under MSan the first report
  // ends the run, with MSan's own exit code).
  template <typename F>
  void check(const std::string& row, const std::string& op, F body) {
    unsigned before = valgrind_errors();
    const auto start = std::chrono::steady_clock::now();
    bool ok = body();
    const std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - start;
    unsigned reports = valgrind_errors() - before;
    // Time per family (the op name up to its first '.', digits dropped:
    // aes, gcm, tls, ...), to see what the checkers spend their time on.
    // (Plain char arrays: under ctmsan, libstdc++'s out-of-line string code
    // is not instrumented.)
    Family f{};
    size_t n = 0;
    for (const char* c = op.c_str(); *c && *c != '.' && n + 1 < sizeof(f.name);
         ++c)
      if (*c < '0' || *c > '9') f.name[n++] = *c;
    Family* slot = nullptr;
    for (Family& e : seconds_)
      if (std::strcmp(e.name, f.name) == 0) slot = &e;
    if (slot == nullptr) slot = &seconds_.emplace_back(f);
    slot->seconds += took.count();
    results_.push_back({row, op, reports, ok});
    for (RowCount& r : rows_)
      for (const std::string& o : owners_)
        if (r.row == o) r.pairs++;
    if (reports != 0 || !ok)
      std::printf("FAIL %-28s %-26s reports=%u correct=%s\n", row.c_str(),
                  op.c_str(), reports, ok ? "yes" : "NO");
  }
  void skip(const std::string& row, const char* why) {
    skipped_.push_back(row + ": " + why);
  }
  int finish() const {
    size_t passed = 0, failed = 0;
    std::printf("\n%-28s %-26s %s\n", "row", "operation", "result");
    for (const Result& r : results_) {
      bool good = r.reports == 0 && r.correct;
      (good ? passed : failed)++;
      std::printf("%-28s %-26s %s\n", r.row.c_str(), r.op.c_str(),
                  good ? (checker_name() ? "ok (0 reports)" : "ok")
                       : "FAILED");
    }
    for (const std::string& s : skipped_) std::printf("SKIPPED %s\n", s.c_str());
    // Every row that must be checked, with the pairs (row x operation,
    // GCM pairs counted for both of their rows) that exercised it.
    size_t missing = 0;
    std::printf("\n");
    for (const RowCount& r : rows_) {
      std::printf("ROW %-28s %zu pairs\n", r.row.c_str(), r.pairs);
      if (r.pairs == 0) {
        std::printf("MISSING %s: compiled in and runnable, not checked\n",
                    r.row.c_str());
        ++missing;
      }
    }
    for (const Family& f : seconds_)
      std::printf("TIME %-16s %.1fs\n", f.name, f.seconds);
    const char* checker = checker_name();
    if (checker) {
      std::printf("\nct_suite: under %s: constant-time checked\n", checker);
    } else {
      std::printf("\nct_suite: no checker: correctness only (no ct check)\n");
    }
    std::printf("rows checked: %zu of %zu\n", rows_.size() - missing,
                rows_.size());
    std::printf("%zu passed, %zu failed\n", passed, failed + missing);
    return failed + missing == 0 ? 0 : 1;
  }

 private:
  struct RowCount {
    std::string row;
    size_t pairs;
  };
  std::vector<Result> results_;
  std::vector<RowCount> rows_;
  std::vector<std::string> owners_;
  std::vector<std::string> skipped_;
  struct Family {
    char name[24];
    double seconds;
  };
  std::vector<Family> seconds_;
};

bool runnable(uint32_t required_caps, const std::string& name, Suite* s) {
  if (under_valgrind() && (required_caps & kValgrindCannotRun)) {
    s->skip(name,
            "needs AVX-512/VAES or SHA-NI, which valgrind 3.19 cannot "
            "execute (its CPUID hides them); checked by the ctmsan build");
    return false;
  }
  return true;
}

const AesRow* reference_aes() {
  const AesRow* r = internal::find_any_aes_row("nohw");
  return r ? r : internal::all_aes_rows().back();
}
const GhashRow* reference_ghash() {
  const GhashRow* r = internal::find_any_ghash_row("nohw");
  return r ? r : internal::all_ghash_rows().back();
}

// Output lengths are public: compare after declassifying, as a caller
// sending the bytes on would.
bool same(uint8_t* got, const uint8_t* want, size_t n) {
  ct_declassify(got, n);
  return std::memcmp(got, want, n) == 0;
}

constexpr size_t kKeyLens[] = {16, 24, 32};
// Lengths around batch sizes (4, 8, 16 blocks), GCM's 3-block head and
// 1 KiB chunks, with partial tails.
constexpr size_t kCtrLens[] = {5, 16, 16 * 9 + 3, 16 * 33, 16 * 70 + 11};
constexpr size_t kCbcBlocks[] = {1, 9, 33};
constexpr size_t kGhashLens[] = {16, 16 * 9, 16 * 33 + 7};
// 48 + 16 * 20 + 5: a bulk call of 20 blocks and a tail (the VAES row's
// single masked pass for 5..31 blocks). The longest: two 512-byte stitched
// batches of the widest rows, then 291 bytes (one 256-byte half batch and a
// partial tail), past GCM's first 1 KiB chunk.
// On x86-64 also 16 * 520 + 3: the stitched iterations that take their
// counter blocks from memory (the aesni row from 16 batches on), with a
// secret J0 for the nonces other than 96 bits.
#if defined(__x86_64__)
constexpr size_t kGcmLens[] = {0,           1,           16,
                               48 + 7,      48 + 16 * 20 + 5,
                               16 * 36 + 9, 16 * 82 + 3, 16 * 520 + 3};
constexpr size_t kMaxLen = 16 * 528;
#else
constexpr size_t kGcmLens[] = {0,           1, 16, 48 + 7, 48 + 16 * 20 + 5,
                               16 * 36 + 9, 16 * 82 + 3};
constexpr size_t kMaxLen = 4096;
#endif

void aes_checks(const AesRow* row, Suite* s) {
  const AesRow* ref = reference_aes();
  std::string name = row->name;
  for (size_t key_len : kKeyLens) {
    std::string k = "aes" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], in[kMaxLen], want[kMaxLen], got[kMaxLen];
    FillPattern(raw, sizeof(raw), static_cast<uint32_t>(key_len));
    FillPattern(in, sizeof(in), 7);
    ctcrypto::AesKey ref_key;
    if (ctcrypto::internal::init_with_rows(ref_key, std::span(raw, key_len),
                                           ref) != Status::kOk) {
      s->check(name, k + "reference_key", [] { return false; });
      continue;
    }

    ctcrypto::AesKey key;
    s->check(name, k + "set_key", [&] {
      uint8_t secret[32];
      std::memcpy(secret, raw, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(key, std::span(secret, key_len),
                                                row) == Status::kOk;
    });
    if (!key.initialized()) continue;

    s->check(name, k + "encrypt_block", [&] {
      ref_key.encrypt_block(in, want);
      std::memcpy(got, in, 16);
      ct_secret(got, 16);
      key.encrypt_block(got, got);
      return same(got, want, 16);
    });
    s->check(name, k + "decrypt_block", [&] {
      ref_key.decrypt_block(in, want);
      std::memcpy(got, in, 16);
      ct_secret(got, 16);
      key.decrypt_block(got, got);
      return same(got, want, 16);
    });
    s->check(name, k + "ctr32", [&] {
      bool ok = true;
      uint8_t ctr[16];
      FillPattern(ctr, 16, 3);
      // 0xfffffffb: the 32-bit counter wraps to 0 after five blocks, inside
      // every length but the first two (CTR mode: the wrap stays inside the
      // low 32 bits, SP 800-38D's inc32).
      ctr[12] = ctr[13] = ctr[14] = 0xff;
      ctr[15] = 0xfb;
      for (size_t len : kCtrLens) {
        ok &= ctcrypto::aes_ctr32(ref_key, std::span<const uint8_t, 16>(ctr, 16),
                                  std::span(in, len),
                                  std::span(want, len)) == Status::kOk;
        std::memcpy(got, in, len);
        ct_secret(got, len);
        ok &= ctcrypto::aes_ctr32(key, std::span<const uint8_t, 16>(ctr, 16),
                                  std::span(got, len),
                                  std::span(got, len)) == Status::kOk;
        ok &= same(got, want, len);
      }
      return ok;
    });
    for (int dir = 0; dir < 2; ++dir) {
      s->check(name, k + (dir ? "cbc_decrypt" : "cbc_encrypt"), [&] {
        bool ok = true;
        auto op = dir ? ctcrypto::aes_cbc_decrypt : ctcrypto::aes_cbc_encrypt;
        for (size_t blocks : kCbcBlocks) {
          size_t len = blocks * 16;
          uint8_t iv_ref[16], iv[16];
          FillPattern(iv_ref, 16, 11);
          std::memcpy(iv, iv_ref, 16);
          ok &= op(ref_key, std::span<uint8_t, 16>(iv_ref, 16),
                   std::span(in, len), std::span(want, len)) == Status::kOk;
          std::memcpy(got, in, len);
          ct_secret(got, len);
          ok &= op(key, std::span<uint8_t, 16>(iv, 16), std::span(got, len),
                   std::span(got, len)) == Status::kOk;
          ok &= same(got, want, len);
          ok &= same(iv, iv_ref, 16);  // the chaining value is output too
        }
        return ok;
      });
    }
  }
}

void ghash_checks(const GhashRow* row, Suite* s) {
  const GhashRow* ref = reference_ghash();
  std::string name = std::string("ghash:") + row->name;
  uint8_t h[16], data[kMaxLen];
  FillPattern(h, 16, 21);
  FillPattern(data, sizeof(data), 22);
  ctcrypto::GhashKey ref_key;
  ctcrypto::GhashKey key;
  s->check(name, "init", [&] {
    uint8_t secret[16];
    std::memcpy(secret, h, 16);
    ct_secret(secret, 16);
    return ctcrypto::internal::init_with_rows(
               ref_key, std::span<const uint8_t, 16>(h, 16), ref) ==
               Status::kOk &&
           ctcrypto::internal::init_with_rows(
               key, std::span<const uint8_t, 16>(secret, 16), row) ==
               Status::kOk;
  });
  if (!key.initialized() || !ref_key.initialized()) return;
  s->check(name, "update", [&] {
    bool ok = true;
    for (size_t len : kGhashLens) {
      uint8_t want[16], got[16], buf[kMaxLen];
      ctcrypto::Ghash r(ref_key);
      r.update(std::span(data, len));
      r.finish(std::span<uint8_t, 16>(want, 16));
      std::memcpy(buf, data, len);
      ct_secret(buf, len);
      ctcrypto::Ghash g(key);
      // Two pieces with a partial block between them, then the rest.
      g.update(std::span(buf, 5));
      g.update(std::span(buf + 5, len - 5));
      g.finish(std::span<uint8_t, 16>(got, 16));
      ok &= same(got, want, 16);
    }
    return ok;
  });
}

// --- streaming: AesGcmStream, AesGmacContext, AesCcmStream ---------------
//
// The multipart forms (ctcrypto/aead.h, gmac.h, ccm.h) on the same keys,
// rows and secrets as the one-shot checks: key, plaintext or ciphertext,
// AD and the received tag secret, nonces and every chunk length public.
// The expected output is the one-shot call of the reference rows on the
// whole message. The chunkings (StreamPlan) give the partial-block seams
// between chunks (the kept keystream and GHASH/CBC-MAC input block) and
// runs of whole blocks long enough for each row's fused or batched
// kernel. The verdict of verify() is the only declassification inside;
// what update() wrote is released before it (the stream cannot take it
// back) and is compared after declassifying, as for one-shot open.
struct StreamPlan {
  std::vector<size_t> ad;    // AD pieces, in order (GMAC: the data pieces)
  std::vector<size_t> data;  // data pieces
  bool in_place;             // data pieces sealed / opened with out == in
  size_t ad_len() const {
    size_t n = 0;
    for (size_t c : ad) n += c;
    return n;
  }
  size_t data_len() const {
    size_t n = 0;
    for (size_t c : data) n += c;
    return n;
  }
};

// kStreamPlans: (1) AD 5 + 30 (a block boundary inside the second piece);
// data 1 + 15 (ends on a block boundary), 17, then 600 (completes the
// partial block, 36 whole blocks through the kernel, a tail), 3 inside a
// block, 2061 (128 whole blocks: past the widest rows' 512-byte batches),
// 80 starting mid-block and a 7-byte tail. (2) No AD, empty pieces and
// whole-block pieces from block boundaries (64, 1024, 1024, 528), in
// place: a seal stream's kernel carries its last batch of ciphertext into
// the next piece (GcmKernel::seal_bulk_carry) across both 1024-byte seams
// and into the 528.
// (3) 13 bytes of AD and no data. On x86-64 also (4): a 5-byte piece and
// then one of 16 * 520 + 3 bytes, the stitched iterations that take their
// counter blocks from memory (as kGcmLens's longest), through a seam.
const std::vector<StreamPlan>& stream_plans() {
  static const std::vector<StreamPlan> p = {
      {{5, 30}, {1, 15, 17, 600, 3, 2048 + 13, 16 * 5, 7}, false},
      {{0}, {0, 64, 1024, 1024, 16 * 33, 0}, true},
      {{13}, {}, false},
#if defined(__x86_64__)
      {{13}, {5, 16 * 520 + 3}, false},
#endif
  };
  return p;
}

// stream_feed: the plan's AD pieces from `ad`, then its data pieces from
// `in` to `out` (out may equal in), through a started AesGcmStream or
// AesCcmStream; false if a call refused.
template <typename Stream>
bool stream_feed(Stream& st, const StreamPlan& p, const uint8_t* ad,
                 const uint8_t* in, uint8_t* out) {
  bool ok = true;
  size_t off = 0;
  for (size_t c : p.ad) {
    ok &= st.update_ad(std::span(ad + off, c)) == Status::kOk;
    off += c;
  }
  off = 0;
  for (size_t c : p.data) {
    ok &= st.update(std::span(out + off, c), std::span(in + off, c)) ==
          Status::kOk;
    off += c;
  }
  return ok;
}

// gcm_stream_checks: AesGcmStream seal, and open with a good and a bad tag,
// on every plan with a 12-byte nonce and, for AES-128, plan (1) again with
// a 60-byte one (J0 = GHASH_H(IV), secret). `ref` is the reference rows'
// key, `gcm` the checked one; pt, ad: the public originals.
void gcm_stream_checks(const ctcrypto::AesGcm& ref,
                       const ctcrypto::AesGcm& gcm, const std::string& name,
                       const std::string& k, const uint8_t* pt,
                       const uint8_t* ad, std::span<const uint8_t> nonce12,
                       std::span<const uint8_t> nonce60, bool aes128,
                       Suite* s) {
  struct Case {
    const StreamPlan* plan;
    std::span<const uint8_t> nonce;
  };
  std::vector<Case> cases;
  for (const StreamPlan& p : stream_plans()) cases.push_back({&p, nonce12});
  if (aes128) cases.push_back({&stream_plans().front(), nonce60});
  static uint8_t want[kMaxLen + 16], got[kMaxLen + 16], buf[kMaxLen + 16];
  s->check(name, k + "stream.seal", [&] {
    bool ok = true;
    for (const Case& c : cases) {
      const StreamPlan& p = *c.plan;
      const size_t len = p.data_len(), ad_len = p.ad_len();
      size_t out_len = 0;
      ok &= ref.seal(std::span(want, len + 16), &out_len, c.nonce,
                     std::span(pt, len),
                     std::span(ad, ad_len)) == Status::kOk;
      uint8_t sad[40];
      std::memcpy(buf, pt, len);
      std::memcpy(sad, ad, ad_len);
      ct_secret(buf, len);
      ct_secret(sad, ad_len);
      uint8_t* out = p.in_place ? buf : got;
      ctcrypto::AesGcmStream st;
      ok &= st.start_seal(gcm, c.nonce) == Status::kOk;
      ok &= stream_feed(st, p, sad, buf, out);
      ok &= st.finish(std::span(out + len, 16)) == Status::kOk;
      ok &= same(out, want, len + 16);
    }
    return ok;
  });
  for (int bad = 0; bad < 2; ++bad) {
    s->check(name, k + (bad ? "stream.open_bad_tag" : "stream.open_good_tag"),
             [&] {
      bool ok = true;
      for (const Case& c : cases) {
        const StreamPlan& p = *c.plan;
        const size_t len = p.data_len(), ad_len = p.ad_len();
        size_t out_len = 0;
        ok &= ref.seal(std::span(want, len + 16), &out_len, c.nonce,
                       std::span(pt, len),
                       std::span(ad, ad_len)) == Status::kOk;
        std::memcpy(buf, want, len + 16);
        if (bad) buf[len + 15] ^= 0x80;
        uint8_t sad[40];
        std::memcpy(sad, ad, ad_len);
        ct_secret(buf, len + 16);
        ct_secret(sad, ad_len);
        uint8_t* out = p.in_place ? buf : got;
        ctcrypto::AesGcmStream st;
        ok &= st.start_open(gcm, c.nonce) == Status::kOk;
        ok &= stream_feed(st, p, sad, buf, out);
        ok &= st.verify(std::span<const uint8_t>(buf + len, 16)) ==
              (bad ? Status::kAuthenticationFailed : Status::kOk);
        ok &= !st.initialized();  // verify ends the stream either way
        // Released before the verdict, good tag or bad (the caller must
        // discard it on a failure).
        ok &= same(out, pt, len);
      }
      return ok;
    });
  }
}

void gcm_checks(const AesRow* arow, const GhashRow* grow, Suite* s) {
  const AesRow* aref = reference_aes();
  const GhashRow* gref = reference_ghash();
  std::string name = std::string(arow->name) + "+" + grow->name;
  for (size_t key_len : kKeyLens) {
    std::string k = "gcm" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], pt[kMaxLen], ad[40], nonce[12], nonce60[60];
    FillPattern(raw, sizeof(raw), 31 + static_cast<uint32_t>(key_len));
    FillPattern(pt, sizeof(pt), 32);
    FillPattern(ad, sizeof(ad), 33);
    FillPattern(nonce, sizeof(nonce), 34);
    FillPattern(nonce60, sizeof(nonce60), 35);
    ctcrypto::AesGcm ref;
    if (ctcrypto::internal::init_with_rows(ref, std::span(raw, key_len), 16,
                                           aref, gref) != Status::kOk) {
      s->check(name, k + "reference_key", [] { return false; });
      continue;
    }
    ctcrypto::AesGcm gcm;
    s->check(name, k + "init", [&] {
      uint8_t secret[32];
      std::memcpy(secret, raw, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(gcm, std::span(secret, key_len),
                                                16, arow, grow) == Status::kOk;
    });
    if (!gcm.initialized()) continue;

    static uint8_t want[kMaxLen + 16], got[kMaxLen + 16], buf[kMaxLen + 16];
    for (int long_nonce = 0; long_nonce < 2; ++long_nonce) {
      std::span<const uint8_t> n =
          long_nonce ? std::span<const uint8_t>(nonce60, 60)
                     : std::span<const uint8_t>(nonce, 12);
      std::string nn = long_nonce ? "nonce60." : "";
      s->check(name, k + nn + "seal", [&] {
        bool ok = true;
        for (size_t len : kGcmLens) {
          size_t out_len = 0;
          ok &= ref.seal(std::span(want, len + 16), &out_len, n,
                         std::span(pt, len), std::span(ad, 13)) == Status::kOk;
          std::memcpy(buf, pt, len);
          uint8_t sad[40];
          std::memcpy(sad, ad, 13);
          ct_secret(buf, len);
          ct_secret(sad, 13);
          ok &= gcm.seal(std::span(got, len + 16), &out_len, n,
                         std::span(buf, len), std::span(sad, 13)) ==
                Status::kOk;
          ok &= same(got, want, len + 16);
        }
        return ok;
      });
      for (int bad = 0; bad < 2; ++bad) {
        s->check(name, k + nn + (bad ? "open_bad_tag" : "open_good_tag"), [&] {
          bool ok = true;
          for (size_t len : kGcmLens) {
            size_t out_len = 0;
            ok &= ref.seal(std::span(want, len + 16), &out_len, n,
                           std::span(pt, len),
                           std::span(ad, 13)) == Status::kOk;
            // Ciphertext, AD and the received tag all secret (stronger
            // than needed: ciphertext is public on the wire).
            std::memcpy(buf, want, len + 16);
            if (bad) buf[len + 15] ^= 0x80;
            uint8_t sad[40];
            std::memcpy(sad, ad, 13);
            ct_secret(buf, len + 16);
            ct_secret(sad, 13);
            Status st = gcm.open(std::span(got, len), &out_len, n,
                                 std::span(buf, len + 16), std::span(sad, 13));
            ok &= st == (bad ? Status::kAuthenticationFailed : Status::kOk);
            if (bad) {
              static const uint8_t zeros[kMaxLen] = {};
              ok &= same(got, zeros, len);  // nothing released
            } else {
              ok &= same(got, pt, len);
            }
          }
          return ok;
        });
      }
    }
    gcm_stream_checks(ref, gcm, name, k, pt, ad, std::span(nonce, 12),
                      std::span(nonce60, 60), key_len == 16, s);
    if (key_len != 16) continue;
    // The counter wrap: a 16-byte nonce steered (NonceForJ0) so that J0's
    // 32-bit tail, secret as J0 is, is 0xfffffff0. The 3-block head takes
    // J0 .. J0 + 3, so inc32 wraps 12 blocks into the first bulk or
    // ctr32 call of a multi-batch message (and after 16 blocks of a
    // stitched loop's 32-block pass).
    ctcrypto_test::Block j0{};
    FillPattern(j0.data(), 12, 36);
    j0[12] = j0[13] = j0[14] = 0xff;
    j0[15] = 0xf0;
    const ctcrypto_test::Bytes wrap_nonce = ctcrypto_test::NonceForJ0(
        ctcrypto_test::RefAesEncryptBlock(std::span(raw, key_len), {}), j0);
    s->check(name, k + "nonce_wrap.seal_open", [&] {
      constexpr size_t kLen = 16 * 82 + 3;
      size_t out_len = 0;
      bool ok = ref.seal(std::span(want, kLen + 16), &out_len, wrap_nonce,
                         std::span(pt, kLen),
                         std::span(ad, 13)) == Status::kOk;
      uint8_t sad[40];
      std::memcpy(buf, pt, kLen);
      std::memcpy(sad, ad, 13);
      ct_secret(buf, kLen);
      ct_secret(sad, 13);
      ok &= gcm.seal(std::span(got, kLen + 16), &out_len, wrap_nonce,
                     std::span(buf, kLen), std::span(sad, 13)) == Status::kOk;
      ok &= same(got, want, kLen + 16);
      std::memcpy(buf, want, kLen + 16);
      ct_secret(buf, kLen + 16);
      ok &= gcm.open(std::span(got, kLen), &out_len, wrap_nonce,
                     std::span(buf, kLen + 16),
                     std::span(sad, 13)) == Status::kOk;
      ok &= same(got, pt, kLen);
      return ok;
    });
  }
}


// gcm_variant_checks: the GCM parameters the main loop keeps fixed, on a
// short message: nonces of 1, 16 and 100 bytes (J0 = GHASH_H(IV), secret),
// AD longer than 64 bytes (secret), tags of 12..15 bytes, and seal and open
// in place (out aliases in), with a good and a bad tag. AES-128 only: the
// key length does not change these paths.
void gcm_variant_checks(const AesRow* arow, const GhashRow* grow,
                        Suite* s) {
  const std::string name = std::string(arow->name) + "+" + grow->name;
  constexpr size_t kLen = 16 * 3 + 7;
  constexpr size_t kAdLen = 80;
  constexpr size_t kNonceLens[] = {1, 16, 100};
  uint8_t raw[16], pt[kLen], ad[kAdLen], nonce[100];
  FillPattern(raw, sizeof(raw), 51);
  FillPattern(pt, sizeof(pt), 52);
  FillPattern(ad, sizeof(ad), 53);
  FillPattern(nonce, sizeof(nonce), 54);
  for (size_t tag_len = 12; tag_len <= 16; ++tag_len) {
    s->check(name, "gcm128.tag" + std::to_string(tag_len) +
                       ".nonce1_16_100.ad80.in_place", [&] {
      ctcrypto::AesGcm ref, gcm;
      uint8_t secret[16];
      std::memcpy(secret, raw, 16);
      ct_secret(secret, 16);
      if (ctcrypto::internal::init_with_rows(
              ref, std::span(raw, 16), tag_len, reference_aes(),
              reference_ghash()) != Status::kOk ||
          ctcrypto::internal::init_with_rows(
              gcm, std::span(secret, 16), tag_len, arow, grow) != Status::kOk)
        return false;
      bool ok = true;
      for (size_t nl : kNonceLens) {
        const std::span<const uint8_t> n(nonce, nl);
        uint8_t want[kLen + 16], buf[kLen + 16], sad[kAdLen];
        size_t out_len = 0;
        ok &= ref.seal(std::span(want, kLen + tag_len), &out_len, n,
                       std::span(pt, kLen), std::span(ad, kAdLen)) ==
              Status::kOk;
        // Seal in place: the plaintext in buf becomes ciphertext || tag.
        std::memcpy(buf, pt, kLen);
        std::memcpy(sad, ad, kAdLen);
        ct_secret(buf, kLen);
        ct_secret(sad, kAdLen);
        ok &= gcm.seal(std::span(buf, kLen + tag_len), &out_len, n,
                       std::span(buf, kLen), std::span(sad, kAdLen)) ==
              Status::kOk;
        ok &= same(buf, want, kLen + tag_len);
        // Open in place, good tag then the last tag byte flipped.
        for (int bad = 0; bad < 2; ++bad) {
          std::memcpy(buf, want, kLen + tag_len);
          if (bad) buf[kLen + tag_len - 1] ^= 0x01;
          std::memcpy(sad, ad, kAdLen);
          ct_secret(buf, kLen + tag_len);
          ct_secret(sad, kAdLen);
          Status st = gcm.open(std::span(buf, kLen), &out_len, n,
                               std::span(buf, kLen + tag_len),
                               std::span(sad, kAdLen));
          if (bad) {
            static const uint8_t zeros[kLen] = {};
            ok &= st == Status::kAuthenticationFailed && same(buf, zeros, kLen);
          } else {
            ok &= st == Status::kOk && same(buf, pt, kLen);
          }
        }
      }
      return ok;
    });
  }
}

// The SHA tables, one per compression function, and the hashes that use
// each (SHA-384 shares SHA-512's compression function).
struct ShaTable {
  internal::ShaFamily family;
  const char* label;  // row names print as "<label>:<row>", e.g. "sha1:shani"
  std::vector<ctcrypto::HashAlgorithm> algs;
};
const std::vector<ShaTable>& sha_tables() {
  static const std::vector<ShaTable> t = {
      {internal::ShaFamily::kSha1, "sha1", {ctcrypto::HashAlgorithm::kSha1}},
      {internal::ShaFamily::kSha256, "sha256",
       {ctcrypto::HashAlgorithm::kSha256}},
      {internal::ShaFamily::kSha512, "sha512",
       {ctcrypto::HashAlgorithm::kSha384, ctcrypto::HashAlgorithm::kSha512}},
  };
  return t;
}
std::string sha_row_name(internal::ShaFamily f, const internal::ShaRow* b) {
  for (const ShaTable& t : sha_tables())
    if (t.family == f) return std::string(t.label) + ":" + b->name;
  return b->name;
}
const internal::ShaRow* reference_sha(internal::ShaFamily f) {
  const internal::ShaRow* r = internal::find_sha_row(f, "portable");
  return r ? r : internal::sha_table(f).back();
}
const char* hash_name(ctcrypto::HashAlgorithm a) {
  switch (a) {
    case ctcrypto::HashAlgorithm::kSha1: return "sha1";
    case ctcrypto::HashAlgorithm::kSha256: return "sha256";
    case ctcrypto::HashAlgorithm::kSha384: return "sha384";
    case ctcrypto::HashAlgorithm::kSha512: return "sha512";
  }
  return "?";
}

// hash_checks: the public hash and HMAC APIs on one compression-function
// row, on secret data and secret keys, one-shot and incremental, with keys
// shorter and longer than the hash block (a long key is hashed first). The
// expected value is the portable row on a public copy: correctness against
// the standards is tests/hash_test.cc's job.
void hash_checks(const ShaTable& table, const internal::ShaRow* row,
                 Suite* s) {
  const internal::ShaRow* ref = reference_sha(table.family);
  const std::string rname = sha_row_name(table.family, row);
  constexpr size_t kLens[] = {0, 55, 129, 300};
  constexpr size_t kKeyLens[] = {16, 200};
  uint8_t data[300], key[200];
  FillPattern(data, sizeof(data), 61);
  FillPattern(key, sizeof(key), 62);
  for (ctcrypto::HashAlgorithm alg : table.algs) {
    // One-shot and HMAC on an explicit row, as ctcrypto::hash / hmac do on
    // the selected one.
    auto hash_on = [&](const internal::ShaRow* r, const uint8_t* in,
                       size_t len, uint8_t* out, size_t dl) {
      ctcrypto::Hash h(alg);
      bool ok = internal::init_with_rows(h, alg, r) == Status::kOk;
      h.update(std::span(in, len));
      return ok && h.finish(std::span(out, dl)) == Status::kOk;
    };
    auto hmac_on = [&](const internal::ShaRow* r, const uint8_t* k,
                       size_t kl, const uint8_t* in, size_t len, uint8_t* out,
                       size_t dl) {
      ctcrypto::Hmac m;
      bool ok = internal::init_with_rows(m, alg, std::span(k, kl), r) ==
                Status::kOk;
      m.update(std::span(in, len));
      return ok && m.finish(std::span(out, dl)) == Status::kOk;
    };
    s->check(rname, std::string("hash.") + hash_name(alg), [&] {
      bool ok = true;
      for (size_t len : kLens) {
        uint8_t want[64], got[64], buf[300];
        const size_t dl = ctcrypto::hash_digest_len(alg);
        ok &= hash_on(ref, data, len, want, dl);
        std::memcpy(buf, data, len);
        ct_secret(buf, len);
        ok &= hash_on(row, buf, len, got, dl);
        ok &= same(got, want, dl);
        ctcrypto::Hash h(alg);
        ok &= internal::init_with_rows(h, alg, row) == Status::kOk;
        h.update(std::span(buf, len / 3));
        h.update(std::span(buf + len / 3, len - len / 3));
        ok &= h.finish(std::span(got, dl)) == Status::kOk;
        ok &= same(got, want, dl);
      }
      return ok;
    });
    s->check(rname, std::string("hmac.") + hash_name(alg), [&] {
      bool ok = true;
      const size_t dl = ctcrypto::hash_digest_len(alg);
      for (size_t kl : kKeyLens) {
        uint8_t skey[200];
        std::memcpy(skey, key, kl);
        ct_secret(skey, kl);
        ctcrypto::Hmac m;
        ok &= internal::init_with_rows(m, alg, std::span(skey, kl), row) ==
              Status::kOk;
        for (size_t len : kLens) {
          uint8_t want[64], got[64], buf[300];
          ok &= hmac_on(ref, key, kl, data, len, want, dl);
          std::memcpy(buf, data, len);
          ct_secret(buf, len);
          ok &= hmac_on(row, skey, kl, buf, len, got, dl);
          ok &= same(got, want, dl);
          // The keyed object, reused for every message (reset, not init).
          m.reset();
          m.update(std::span(buf, len / 2));
          m.update(std::span(buf + len / 2, len - len / 2));
          ok &= m.finish(std::span(got, dl)) == Status::kOk;
          ok &= same(got, want, dl);
        }
      }
      return ok;
    });
  }
}

// --- TLS 1.0-1.2 CBC records -------------------------------------------

constexpr ctcrypto::TlsCbcSuite kTlsSuites[] = {
    ctcrypto::TlsCbcSuite::kAes128CbcSha1,
    ctcrypto::TlsCbcSuite::kAes128CbcSha256,
    ctcrypto::TlsCbcSuite::kAes256CbcSha1,
    ctcrypto::TlsCbcSuite::kAes256CbcSha256,
    ctcrypto::TlsCbcSuite::kAes256CbcSha384,
    ctcrypto::TlsCbcSuite::kAes128CbcSha1ImplicitIv,
    ctcrypto::TlsCbcSuite::kAes256CbcSha1ImplicitIv,
};
// Plaintext lengths for seal (0, inside a block, around the MAC/padding
// tail, a few hundred bytes).
constexpr size_t kTlsSealLens[] = {0, 13, 16 * 5 + 3, 300, 16384};
// The 2^14-byte records (seal and good open) run for one suite, the one
// with the longest MAC and hash block (SHA-384): the record length takes
// the same code in every suite, and bulk AES under the emulated checkers is
// what the run's time goes on.
constexpr bool tls_large_records(ctcrypto::TlsCbcSuite suite) {
  return suite == ctcrypto::TlsCbcSuite::kAes256CbcSha384;
}
// Records for open: plaintext length and extra padding blocks on top of the
// minimal padding (kTlsMaxExtra: as many as fit in 256 bytes), so that the
// secret padding length, MAC position and plaintext length all vary,
// including the longest padding TLS allows.
constexpr size_t kTlsMaxExtra = 99;
struct TlsRecordShape {
  size_t pt_len;
  size_t extra_blocks;
};
constexpr TlsRecordShape kTlsRecords[] = {
    {0, 0}, {13, 0}, {13, kTlsMaxExtra}, {77, 3}, {300, 0}, {300, kTlsMaxExtra}};
// The largest record (2^14 bytes of plaintext, the TLS maximum, and the
// longest padding), opened good (and in place) only, for the suites of
// tls_large_records.
constexpr TlsRecordShape kTlsLargest = {16384 - 7, kTlsMaxExtra};
// The largest record: 2^14 bytes of plaintext (the TLS maximum), the
// largest MAC (48) and 256 bytes of padding.
constexpr size_t kTlsMaxRecord = 16384 + 48 + 256;

enum class TlsDefect { kNone, kPaddingByte, kPaddingLength, kMac };

// tls_make_record: a CBC record built by hand, independently of the code
// under test: plaintext || HMAC(ad || len || plaintext) || padding
// (pad_len bytes of value pad_len - 1), AES-CBC under the reference row,
// with one defect if asked. Returns the record length.
size_t tls_make_record(const ctcrypto::TlsCbcSuiteInfo& info,
                       const uint8_t* key, const uint8_t iv[16],
                       const uint8_t* ad, const uint8_t* pt, size_t pt_len,
                       size_t extra_blocks, TlsDefect defect, uint8_t* out) {
  const size_t ml = info.mac_key_len;
  size_t pad_len = 16 - (pt_len + ml) % 16;
  for (size_t i = 0; i < extra_blocks && pad_len + 16 <= 256; ++i)
    pad_len += 16;
  const size_t n = pt_len + ml + pad_len;
  uint8_t plain[kTlsMaxRecord];
  if (pt_len) std::memcpy(plain, pt, pt_len);
  uint8_t hdr[13];
  std::memcpy(hdr, ad, 11);
  hdr[11] = static_cast<uint8_t>(pt_len >> 8);
  hdr[12] = static_cast<uint8_t>(pt_len);
  ctcrypto::Hmac h;
  h.init(info.hash, std::span(key, ml));
  h.update(std::span(hdr, 13));
  h.update(std::span(pt, pt_len));
  h.finish(std::span(plain + pt_len, ml));
  std::memset(plain + pt_len + ml, static_cast<int>(pad_len - 1), pad_len);
  switch (defect) {
    case TlsDefect::kNone: break;
    // A padding byte other than the length byte (pad_len >= 2 here).
    case TlsDefect::kPaddingByte: plain[n - 1 - pad_len / 2] ^= 0x01; break;
    // The length byte claims more padding than the record holds.
    case TlsDefect::kPaddingLength: plain[n - 1] = 0xff; break;
    case TlsDefect::kMac: plain[pt_len + ml / 2] ^= 0x80; break;
  }
  ctcrypto::AesKey k;
  ctcrypto::internal::init_with_rows(k, std::span(key + ml, info.enc_key_len),
                                     reference_aes());
  uint8_t civ[16];
  std::memcpy(civ, iv, 16);
  ctcrypto::aes_cbc_encrypt(k, std::span<uint8_t, 16>(civ, 16),
                            std::span(plain, n), std::span(out, n));
  return n;
}

// tls_cbc_checks: seal and open for every suite on one AES row, with the
// suite's selected SHA row (sha_name null) or, for the suites whose hash
// has a usable row called sha_name that is not the selected one, with that
// row (the selected combination is checked by the null call). Secret:
// the whole key (MAC key, AES key, implicit IV), the plaintext, and for
// open the received record (stronger than needed: the ciphertext is public
// on the wire; what matters is that the decrypted record, its padding and
// its MAC are secret, which they are through the key). Public: lengths,
// the explicit IV and the AD (sequence number, type and version, public in
// TLS). The verdict is declassified inside the library; this function
// declassifies the plaintext length and bytes a successful open releases.
void tls_cbc_checks(const AesRow* row, const char* sha_name, Suite* s) {
  const AesRow* aref = reference_aes();
  for (ctcrypto::TlsCbcSuite suite : kTlsSuites) {
    const ctcrypto::TlsCbcSuiteInfo& info = ctcrypto::tls_cbc_suite_info(suite);
    const internal::ShaFamily family = internal::alg_of(info.hash).family;
    const internal::ShaRow* selected =
        internal::select_sha_row(family, internal::cpu_caps());
    const internal::ShaRow* sha = selected;
    if (sha_name != nullptr) {
      sha = internal::find_sha_row(family, sha_name);
      if (sha == nullptr || sha == selected ||
          !ctcrypto::internal::hash_row_usable(info.hash, sha))
        continue;
    }
    const std::string name =
        std::string(row->name) + "+" + sha_row_name(family, sha);
    const std::string k = std::string("tls.") + info.name + ".";
    uint8_t key[96], pt[kTlsMaxRecord], ad[ctcrypto::kTlsCbcAdLen],
        nonce[ctcrypto::kTlsCbcIvLen];
    const size_t key_len = info.key_len();
    FillPattern(key, sizeof(key), 41 + static_cast<uint32_t>(suite));
    FillPattern(pt, sizeof(pt), 42);
    FillPattern(ad, sizeof(ad), 43);
    FillPattern(nonce, sizeof(nonce), 44);
    // The CBC IV of the first record: the explicit nonce, or for the
    // implicit-IV suites the last 16 key bytes (every object is fresh).
    const uint8_t* iv = info.implicit_iv ? key + key_len - 16 : nonce;
    const std::span<const uint8_t> n(nonce, info.nonce_len());
    const bool large = tls_large_records(suite);

    // init: a fresh object per operation, from a secret copy of the key.
    auto init = [&](ctcrypto::TlsCbcAead* aead) {
      uint8_t secret[96];
      std::memcpy(secret, key, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(*aead, suite,
                                                std::span(secret, key_len), 0,
                                                row, sha) == Status::kOk;
    };

    s->check(name, k + "seal", [&] {
      bool ok = true;
      for (size_t len : kTlsSealLens) {
        if (len > 1024 && !large) continue;
        ctcrypto::TlsCbcAead ref, aead;
        ok &= ctcrypto::internal::init_with_rows(
                  ref, suite, std::span(key, key_len), 0, aref) == Status::kOk;
        ok &= init(&aead);
        if (!ok) return false;
        static uint8_t want[kTlsMaxRecord], got[kTlsMaxRecord],
            buf[kTlsMaxRecord];
        size_t want_len = 0, got_len = 0;
        ok &= ref.seal(std::span(want, sizeof(want)), &want_len, n,
                       std::span(pt, len), std::span(ad, 11)) == Status::kOk;
        std::memcpy(buf, pt, len);
        ct_secret(buf, len);
        ok &= aead.seal(std::span(got, sizeof(got)), &got_len, n,
                        std::span(buf, len),
                        std::span(ad, 11)) == Status::kOk;
        ok &= got_len == want_len && got_len == aead.seal_len(len);
        ok &= same(got, want, want_len);  // the record goes on the wire
      }
      return ok;
    });

    struct OpenCase {
      const char* op;
      TlsDefect defect;
      bool in_place;  // the plaintext overwrites the record
    };
    static constexpr OpenCase kOpens[] = {
        {"open_good", TlsDefect::kNone, false},
        {"open_bad_padding", TlsDefect::kPaddingByte, false},
        {"open_bad_mac", TlsDefect::kMac, false},
        {"open_in_place_good", TlsDefect::kNone, true},
        {"open_in_place_bad_mac", TlsDefect::kMac, true},
    };
    for (const OpenCase& oc : kOpens) {
      s->check(name, k + oc.op, [&] {
        bool ok = true;
        auto open_one = [&](const TlsRecordShape& shape, TlsDefect defect) {
          static uint8_t rec_buf[kTlsMaxRecord], got_buf[kTlsMaxRecord];
          uint8_t* rec = rec_buf;
          uint8_t* got = oc.in_place ? rec_buf : got_buf;
          const size_t len =
              tls_make_record(info, key, iv, ad, pt, shape.pt_len,
                              shape.extra_blocks, defect, rec);
          const size_t max_plain = len - info.mac_key_len - 1;
          ctcrypto::TlsCbcAead aead;
          if (!init(&aead)) return false;
          ct_secret(rec, len);
          size_t out_len = 12345;
          Status st = aead.open(std::span(got, max_plain), &out_len, n,
                                std::span(rec, len), std::span(ad, 11));
          // Released with the plaintext: its length (public once the
          // record is accepted, as the caller acts on it).
          ct_declassify(&out_len, sizeof(out_len));
          static const uint8_t zeros[kTlsMaxRecord] = {};
          if (defect == TlsDefect::kNone) {
            bool good = st == Status::kOk && out_len == shape.pt_len;
            good &= same(got, pt, shape.pt_len);
            good &= same(got + shape.pt_len, zeros, max_plain - shape.pt_len);
            return good;
          }
          return st == Status::kAuthenticationFailed && out_len == 0 &&
                 same(got, zeros, max_plain);  // nothing released
        };
        // In place: two shapes (short with the longest padding, longer
        // with the shortest) besides the largest record; aliasing does not
        // depend on the record's shape, and the run time is bounded.
        static constexpr TlsRecordShape kInPlace[] = {{13, kTlsMaxExtra},
                                                      {300, 0}};
        for (const TlsRecordShape& shape :
             oc.in_place ? std::span<const TlsRecordShape>(kInPlace)
                         : std::span<const TlsRecordShape>(kTlsRecords))
          ok &= open_one(shape, oc.defect);
        if (oc.defect == TlsDefect::kNone && large)
          ok &= open_one(kTlsLargest, oc.defect);
        if (oc.defect == TlsDefect::kPaddingByte)
          ok &= open_one({0, 0}, TlsDefect::kPaddingLength);
        return ok;
      });
    }
  }
}
// CCM and CMAC: seal, open (good and bad tag), MAC and verify, every AES row.
#include "tests/ct/ct_ccm_cmac_checks.h"

}  // namespace

// --- AES-GCM-SIV and GMAC ------------------------------------------------
//
// GCM-SIV on every (AES row, GHASH row) pair, 128- and 256-bit keys: the
// key-generating key, plaintext, AD and (for open) the whole received
// ciphertext || tag are secret. Everything derived per message - the
// authentication and encryption keys, the expanded encryption key, the
// POLYVAL key material, the tag and the counter built from it - inherits
// that, so a branch or index on any of them is reported. The only
// declassification inside is the tag-match bit (crypto/modes/gcm_siv.cc,
// through internal::open_verdict).
// GMAC: the key, the data and the received tag secret; compute, and verify
// with a good and a bad tag.

void gcm_siv_checks(const AesRow* arow, const GhashRow* grow,
                    Suite* s) {
  const AesRow* aref = reference_aes();
  const GhashRow* gref = reference_ghash();
  const std::string name = std::string(arow->name) + "+" + grow->name;
  for (size_t key_len : {size_t{16}, size_t{32}}) {
    const std::string k = "gcm_siv" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], pt[kMaxLen], ad[40], nonce[12];
    FillPattern(raw, sizeof(raw), 51 + static_cast<uint32_t>(key_len));
    FillPattern(pt, sizeof(pt), 52);
    FillPattern(ad, sizeof(ad), 53);
    FillPattern(nonce, sizeof(nonce), 54);
    ctcrypto::AesGcmSiv ref, siv;
    if (ctcrypto::internal::init_with_rows(ref, std::span(raw, key_len), aref,
                                           gref) != Status::kOk) {
      s->check(name, k + "reference_key", [] { return false; });
      continue;
    }
    s->check(name, k + "init", [&] {
      uint8_t secret[32];
      std::memcpy(secret, raw, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(siv, std::span(secret, key_len),
                                                arow, grow) == Status::kOk;
    });
    if (!siv.initialized()) continue;
    static uint8_t want[kMaxLen + 16], got[kMaxLen + 16], buf[kMaxLen + 16];
    s->check(name, k + "seal", [&] {
      bool ok = true;
      for (size_t len : kGcmLens) {
        size_t out_len = 0;
        ok &= ref.seal(std::span(want, len + 16), &out_len, nonce,
                       std::span(pt, len), std::span(ad, 13)) == Status::kOk;
        std::memcpy(buf, pt, len);
        uint8_t sad[40];
        std::memcpy(sad, ad, 13);
        ct_secret(buf, len);
        ct_secret(sad, 13);
        ok &= siv.seal(std::span(got, len + 16), &out_len, nonce,
                       std::span(buf, len), std::span(sad, 13)) == Status::kOk;
        ok &= same(got, want, len + 16);
      }
      return ok;
    });
    for (int bad = 0; bad < 2; ++bad) {
      s->check(name, k + (bad ? "open_bad_tag" : "open_good_tag"), [&] {
        bool ok = true;
        for (size_t len : kGcmLens) {
          size_t out_len = 0;
          ok &= ref.seal(std::span(want, len + 16), &out_len, nonce,
                         std::span(pt, len), std::span(ad, 13)) == Status::kOk;
          std::memcpy(buf, want, len + 16);
          if (bad) buf[len + 15] ^= 0x01;
          uint8_t sad[40];
          std::memcpy(sad, ad, 13);
          ct_secret(buf, len + 16);
          ct_secret(sad, 13);
          Status st = siv.open(std::span(got, len), &out_len, nonce,
                               std::span(buf, len + 16), std::span(sad, 13));
          ok &= st == (bad ? Status::kAuthenticationFailed : Status::kOk);
          if (bad) {
            static const uint8_t zeros[kMaxLen] = {};
            ok &= same(got, zeros, len);  // nothing released
          } else {
            ok &= same(got, pt, len);
          }
        }
        return ok;
      });
    }
  }
}

void gmac_checks(const AesRow* arow, const GhashRow* grow, Suite* s) {
  const AesRow* aref = reference_aes();
  const GhashRow* gref = reference_ghash();
  const std::string name = std::string(arow->name) + "+" + grow->name;
  for (size_t key_len : kKeyLens) {
    const std::string k = "gmac" + std::to_string(key_len * 8) + ".";
    uint8_t raw[32], data[kMaxLen], nonce[12];
    FillPattern(raw, sizeof(raw), 61 + static_cast<uint32_t>(key_len));
    FillPattern(data, sizeof(data), 62);
    FillPattern(nonce, sizeof(nonce), 63);
    ctcrypto::AesGmac ref, mac;
    if (ctcrypto::internal::init_with_rows(ref, std::span(raw, key_len), 16,
                                           aref, gref) != Status::kOk) {
      s->check(name, k + "reference_key", [] { return false; });
      continue;
    }
    s->check(name, k + "init", [&] {
      uint8_t secret[32];
      std::memcpy(secret, raw, key_len);
      ct_secret(secret, key_len);
      return ctcrypto::internal::init_with_rows(mac, std::span(secret, key_len),
                                                16, arow, grow) == Status::kOk;
    });
    if (!mac.initialized()) continue;
    static uint8_t buf[kMaxLen];
    s->check(name, k + "compute", [&] {
      bool ok = true;
      for (size_t len : kGcmLens) {
        uint8_t want[16], got[16];
        ok &= ref.compute(want, nonce, std::span(data, len)) == Status::kOk;
        std::memcpy(buf, data, len);
        ct_secret(buf, len);
        ok &= mac.compute(got, nonce, std::span(buf, len)) == Status::kOk;
        ok &= same(got, want, 16);
      }
      return ok;
    });
    for (int bad = 0; bad < 2; ++bad) {
      s->check(name, k + (bad ? "verify_bad_tag" : "verify_good_tag"), [&] {
        bool ok = true;
        for (size_t len : kGcmLens) {
          uint8_t tag[16];
          ok &= ref.compute(tag, nonce, std::span(data, len)) == Status::kOk;
          if (bad) tag[7] ^= 0x10;
          std::memcpy(buf, data, len);
          ct_secret(buf, len);
          ct_secret(tag, 16);
          ok &= mac.verify(nonce, std::span(buf, len), tag) ==
                (bad ? Status::kAuthenticationFailed : Status::kOk);
        }
        return ok;
      });
    }
    // AesGmacContext: the pieces of each plan (AD pieces, then data
    // pieces) as GMAC data; compute, and finish_verify with a good and a
    // bad tag.
    auto pieces = [](const StreamPlan& p) {
      std::vector<size_t> v = p.ad;
      v.insert(v.end(), p.data.begin(), p.data.end());
      return v;
    };
    auto feed = [&](ctcrypto::AesGmacContext& c, const StreamPlan& p) {
      bool ok = c.init(mac, nonce) == Status::kOk;
      size_t off = 0;
      for (size_t n : pieces(p)) {
        ok &= c.update(std::span(buf + off, n)) == Status::kOk;
        off += n;
      }
      return ok;
    };
    s->check(name, k + "ctx.compute", [&] {
      bool ok = true;
      for (const StreamPlan& p : stream_plans()) {
        const size_t len = p.ad_len() + p.data_len();
        uint8_t want[16], got[16];
        ok &= ref.compute(want, nonce, std::span(data, len)) == Status::kOk;
        std::memcpy(buf, data, len);
        ct_secret(buf, len);
        ctcrypto::AesGmacContext c;
        ok &= feed(c, p);
        ok &= c.finish(got) == Status::kOk;
        ok &= same(got, want, 16);
      }
      return ok;
    });
    for (int bad = 0; bad < 2; ++bad) {
      s->check(name, k + (bad ? "ctx.verify_bad_tag" : "ctx.verify_good_tag"),
               [&] {
        bool ok = true;
        for (const StreamPlan& p : stream_plans()) {
          const size_t len = p.ad_len() + p.data_len();
          uint8_t tag[16];
          ok &= ref.compute(tag, nonce, std::span(data, len)) == Status::kOk;
          if (bad) tag[7] ^= 0x10;
          std::memcpy(buf, data, len);
          ct_secret(buf, len);
          ct_secret(tag, 16);
          ctcrypto::AesGmacContext c;
          ok &= feed(c, p);
          ok &= c.finish_verify(tag) ==
                (bad ? Status::kAuthenticationFailed : Status::kOk);
          ok &= !c.initialized();
        }
        return ok;
      });
    }
  }
}
// --- end AES-GCM-SIV and GMAC ---

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--print-hwcap2") == 0) {
    std::printf("%#lx\n", getauxval(AT_HWCAP2));
    return 0;
  }
  ctcrypto_test::mark_static_thread_block_defined();
  ctcrypto_test::restore_hwcap2();
  Suite s;
  uint32_t caps = internal::cpu_caps();
  char buf[256] = {};  // whole: static glibc's strlen reads past the NUL
  std::printf("ct_suite: cpu caps %s; %zu AES rows, %zu GHASH rows compiled\n",
              internal::caps_to_string(caps, buf, sizeof(buf)),
              internal::all_aes_rows().size(), internal::all_ghash_rows().size());

  std::vector<const AesRow*> aes;
  std::vector<const GhashRow*> ghash;
  // Every row compiled in (crypto/testing's all-rows lists), the ones the
  // library's tables leave out included.
  for (const AesRow* b : internal::all_aes_rows()) {
    // Valgrind's own CPUID hides AVX-512/VAES, so test that reason first.
    if (!runnable(b->required_caps, b->name, &s)) continue;
    if (!ctcrypto::internal::aes_row_usable(b)) {
      s.skip(b->name, "not usable on this CPU (or CTCRYPTO_DISABLE)");
    } else {
      aes.push_back(b);
      s.expect(b->name);
    }
  }
  for (const GhashRow* b : internal::all_ghash_rows()) {
    std::string name = std::string("ghash:") + b->name;
    if (!runnable(b->required_caps, name, &s)) continue;
    if (!ctcrypto::internal::ghash_row_usable(b)) {
      s.skip(name, "not usable on this CPU (or CTCRYPTO_DISABLE)");
    } else {
      ghash.push_back(b);
      s.expect(name);
    }
  }
  // The 32-bit portable GHASH's two multiplier variants, portable rows of no
  // table (crypto/testing/ghash_nohw32_rows.h): the one for cores without a
  // constant-time long multiply is the table's `nohw` row only on ARMv6-M /
  // ARMv7-M builds, which run on bare metal, not under this suite.
  for (const GhashRow* b : {&internal::kGhashNohw32Mul64,
                                &internal::kGhashNohw32Mul32}) {
    ghash.push_back(b);
    s.expect(std::string("ghash:") + b->name);
  }

  auto gname = [](const GhashRow* g) {
    return std::string("ghash:") + g->name;
  };
  for (const AesRow* a : aes) {
    s.owners({a->name});
    aes_checks(a, &s);
  }
  for (const GhashRow* g : ghash) {
    s.owners({gname(g)});
    ghash_checks(g, &s);
  }
  for (const AesRow* a : aes)
    for (const GhashRow* g : ghash) {
      s.owners({a->name, gname(g)});
      gcm_checks(a, g, &s);
      gcm_variant_checks(a, g, &s);
      gcm_siv_checks(a, g, &s);  // AES-GCM-SIV
      gmac_checks(a, g, &s);     // GMAC
    }
  for (const AesRow* a : aes) {
    s.owners({a->name});
    tls_cbc_checks(a, nullptr, &s);
    ccm_checks(a, &s);   // CCM
    cmac_checks(a, &s);  // CMAC
    ctcrypto_ct::key_wrap_checks(a, reference_aes(), &s);  // key wrap
    ctcrypto_ct::xts_checks(a, reference_aes(), &s);       // XTS
  }
  s.owners({});
  // Every usable SHA row: the hashes and HMAC, then TLS-CBC on the rows
  // that are not the selected ones (those ran with every AES row above).
  std::vector<std::string> sha_names;
  for (const ShaTable& t : sha_tables()) {
    for (const internal::ShaRow* b : internal::sha_table(t.family)) {
      const std::string name = sha_row_name(t.family, b);
      if (!runnable(b->required_caps, name, &s)) continue;
      if (!ctcrypto::internal::hash_row_usable(t.algs.front(), b)) {
        s.skip(name, "not usable on this CPU (or CTCRYPTO_DISABLE)");
        continue;
      }
      s.expect(name);
      s.owners({name});
      hash_checks(t, b, &s);
      bool seen = false;
      for (const std::string& n : sha_names) seen |= n == b->name;
      if (!seen) sha_names.push_back(b->name);
    }
  }
  s.owners({});
  if (!aes.empty()) {
    for (const std::string& n : sha_names) tls_cbc_checks(aes.front(), n.c_str(), &s);
  }
  return s.finish();
}
