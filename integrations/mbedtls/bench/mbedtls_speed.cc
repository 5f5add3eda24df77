// mbedtls_speed.cc: throughput and instruction counts of Mbed TLS 3.6's
// AES, GCM, CCM, CBC, CTR, CMAC and XTS calls through Mbed TLS's public API,
// the same program built on the ALT build (ctcrypto under the five seams)
// and on stock Mbed TLS (BUILD.bazel), for run-bench.sh's stock-vs-ALT
// table. Work per call is the same in every build: the same calls, keys,
// nonces and lengths; contexts are keyed once, outside the measurement,
// except for the key set-up lines.
//
//   mbedtls_speed [-timeout_ms N] [-chunks 16,1350,8192] [-filter S]
//       prints, per case, "<build>: <case>: <MB/s> MB/s (<ops> ops in <us> us)"
//       (wall clock; under QEMU these are emulated times, which compare only
//       with each other).
//   valgrind --tool=callgrind mbedtls_speed -count N
//       runs each case N times between CALLGRIND_ZERO_STATS and
//       CALLGRIND_DUMP_STATS_AT("<case>") (one warm-up call first):
//       run-bench.sh reads the instruction totals per dump.
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "mbedtls/aes.h"
#include "mbedtls/ccm.h"
#include "mbedtls/cipher.h"
#include "mbedtls/cmac.h"
#include "mbedtls/gcm.h"

#if defined(MBEDTLS_AES_ALT)
#include <array>

#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#else
#include "aesce.h"  // Mbed TLS's library/ headers: which AES code runs
#include "aesni.h"
#endif

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND 1
#endif

namespace {

constexpr size_t kMaxLen = 16384;
uint8_t g_in[kMaxLen + 64];
uint8_t g_out[kMaxLen + 64];
uint8_t g_tag[16];
const uint8_t kKey[64] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
    0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19,
    0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x27, 0x18, 0x28, 0x18, 0x28, 0x45, 0x90,
    0x45, 0x23, 0x53, 0x60, 0x28, 0x74, 0x71, 0x35, 0x26, 0x62, 0x49, 0x77, 0x57,
    0x24, 0x70, 0x93, 0x69, 0x99, 0x59, 0x57, 0x49, 0x66, 0x96, 0x76, 0x27};
const uint8_t kNonce[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
const uint8_t kAd[13] = {0x17, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};  // a TLS record header

// A case: a name, and a call on `len` bytes returning Mbed TLS's status.
struct Case {
  std::string name;
  size_t len;  // bytes per call (0: a key set-up, counted per call)
  std::function<int(size_t)> run;
};

mbedtls_gcm_context gcm128, gcm256;
mbedtls_ccm_context ccm128;
mbedtls_aes_context aes_enc, aes_dec;
mbedtls_aes_xts_context xts_enc;
mbedtls_cipher_context_t cmac_ctx;
uint8_t gcm_tags[2][kMaxLen / 16 + 2][16];

uint64_t now_us() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<uint64_t>(t.tv_sec) * 1000000u + static_cast<uint64_t>(t.tv_nsec) / 1000u;
}

bool setup() {
  mbedtls_gcm_init(&gcm128);
  mbedtls_gcm_init(&gcm256);
  mbedtls_ccm_init(&ccm128);
  mbedtls_aes_init(&aes_enc);
  mbedtls_aes_init(&aes_dec);
  mbedtls_aes_xts_init(&xts_enc);
  mbedtls_cipher_init(&cmac_ctx);
  for (size_t i = 0; i < sizeof(g_in); ++i) g_in[i] = static_cast<uint8_t>(i * 13 + 5);
  return mbedtls_gcm_setkey(&gcm128, MBEDTLS_CIPHER_ID_AES, kKey, 128) == 0 &&
         mbedtls_gcm_setkey(&gcm256, MBEDTLS_CIPHER_ID_AES, kKey, 256) == 0 &&
         mbedtls_ccm_setkey(&ccm128, MBEDTLS_CIPHER_ID_AES, kKey, 128) == 0 &&
         mbedtls_aes_setkey_enc(&aes_enc, kKey, 128) == 0 &&
         mbedtls_aes_setkey_dec(&aes_dec, kKey, 128) == 0 &&
         mbedtls_aes_xts_setkey_enc(&xts_enc, kKey, 256) == 0 &&
         mbedtls_cipher_setup(&cmac_ctx, mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB)) == 0 &&
         mbedtls_cipher_cmac_starts(&cmac_ctx, kKey, 128) == 0;
}

// The ciphertexts the open/decrypt cases take: sealed once per length.
uint8_t g_sealed[3][kMaxLen];

std::vector<Case> all_cases(const std::vector<size_t>& chunks) {
  std::vector<Case> v;
  v.push_back({"AES-128 setkey_enc", 0, [](size_t) {
                 mbedtls_aes_context c;
                 mbedtls_aes_init(&c);
                 int r = mbedtls_aes_setkey_enc(&c, kKey, 128);
                 mbedtls_aes_free(&c);
                 return r;
               }});
  v.push_back({"AES-128-GCM setkey", 0, [](size_t) {
                 mbedtls_gcm_context c;
                 mbedtls_gcm_init(&c);
                 int r = mbedtls_gcm_setkey(&c, MBEDTLS_CIPHER_ID_AES, kKey, 128);
                 mbedtls_gcm_free(&c);
                 return r;
               }});
  for (size_t len : chunks) {
    const std::string n = " (" + std::to_string(len) + " bytes)";
    v.push_back({"AES-128-GCM" + n + " seal", len, [](size_t l) {
                   return mbedtls_gcm_crypt_and_tag(&gcm128, MBEDTLS_GCM_ENCRYPT, l, kNonce, 12, kAd, 13,
                                                    g_in, g_out, 16, g_tag);
                 }});
    v.push_back({"AES-128-GCM" + n + " open", len, [](size_t l) {
                   return mbedtls_gcm_auth_decrypt(&gcm128, l, kNonce, 12, kAd, 13, gcm_tags[0][l / 16],
                                                   16, g_sealed[0], g_out);
                 }});
    v.push_back({"AES-256-GCM" + n + " seal", len, [](size_t l) {
                   return mbedtls_gcm_crypt_and_tag(&gcm256, MBEDTLS_GCM_ENCRYPT, l, kNonce, 12, kAd, 13,
                                                    g_in, g_out, 16, g_tag);
                 }});
    v.push_back({"AES-128-CCM" + n + " seal", len, [](size_t l) {
                   return mbedtls_ccm_encrypt_and_tag(&ccm128, l, kNonce, 12, kAd, 13, g_in, g_out, g_tag, 16);
                 }});
    v.push_back({"AES-128-CCM" + n + " open", len, [](size_t l) {
                   return mbedtls_ccm_auth_decrypt(&ccm128, l, kNonce, 12, kAd, 13, g_sealed[1], g_out,
                                                   gcm_tags[1][l / 16], 16);
                 }});
    if (len % 16 == 0) {
      v.push_back({"AES-128-CBC" + n + " encrypt", len, [](size_t l) {
                     uint8_t iv[16];
                     std::memcpy(iv, kNonce, 16);
                     return mbedtls_aes_crypt_cbc(&aes_enc, MBEDTLS_AES_ENCRYPT, l, iv, g_in, g_out);
                   }});
      v.push_back({"AES-128-CBC" + n + " decrypt", len, [](size_t l) {
                     uint8_t iv[16];
                     std::memcpy(iv, kNonce, 16);
                     return mbedtls_aes_crypt_cbc(&aes_dec, MBEDTLS_AES_DECRYPT, l, iv, g_in, g_out);
                   }});
    }
    v.push_back({"AES-128-CTR" + n, len, [](size_t l) {
                   uint8_t nc[16], sb[16];
                   size_t off = 0;
                   std::memcpy(nc, kNonce, 16);
                   return mbedtls_aes_crypt_ctr(&aes_enc, l, &off, nc, sb, g_in, g_out);
                 }});
    v.push_back({"AES-128-CMAC" + n, len, [](size_t l) {
                   return mbedtls_cipher_cmac_reset(&cmac_ctx) | mbedtls_cipher_cmac_update(&cmac_ctx, g_in, l) |
                          mbedtls_cipher_cmac_finish(&cmac_ctx, g_tag);
                 }});
    if (len >= 16) {
      v.push_back({"AES-128-XTS" + n + " encrypt", len, [](size_t l) {
                     const uint8_t unit[16] = {7};
                     return mbedtls_aes_crypt_xts(&xts_enc, MBEDTLS_AES_ENCRYPT, l, unit, g_in, g_out);
                   }});
    }
    // The inputs of the open cases, sealed by this build.
    if (mbedtls_gcm_crypt_and_tag(&gcm128, MBEDTLS_GCM_ENCRYPT, len, kNonce, 12, kAd, 13, g_in, g_sealed[0], 16,
                                  gcm_tags[0][len / 16]) != 0 ||
        mbedtls_ccm_encrypt_and_tag(&ccm128, len, kNonce, 12, kAd, 13, g_in, g_sealed[1], gcm_tags[1][len / 16],
                                    16) != 0) {
      std::fprintf(stderr, "sealing %zu bytes failed\n", len);
      std::exit(1);
    }
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t timeout_ms = 300;
  long count = 0;
  std::string filter;
  std::vector<size_t> chunks = {16, 1350, 8192};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "-timeout_ms")) {
      timeout_ms = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (!std::strcmp(argv[i], "-count")) {
      count = std::strtol(argv[i + 1], nullptr, 10);
    } else if (!std::strcmp(argv[i], "-filter")) {
      filter = argv[i + 1];
    } else if (!std::strcmp(argv[i], "-chunks")) {
      chunks.clear();
      for (char* p = argv[i + 1]; *p;) {
        const size_t c = std::strtoul(p, &p, 10);
        if (c == 0 || c > kMaxLen) {
          std::fprintf(stderr, "bad chunk\n");
          return 2;
        }
        chunks.push_back(c);
        if (*p == ',') ++p;
      }
    } else {
      std::fprintf(stderr, "usage: %s [-timeout_ms N] [-count N] [-filter S] [-chunks a,b]\n", argv[0]);
      return 2;
    }
  }
  if (!setup()) {
    std::fprintf(stderr, "key set-up failed\n");
    return 1;
  }
#if defined(MBEDTLS_AES_ALT)
  const char* build = "ALT";
  {
    ctcrypto::AesKey k;
    ctcrypto::GhashKey h;
    const std::array<uint8_t, 16> z{};
    (void)k.init(z);
    (void)h.init(z);
    std::printf("build: ALT (ctcrypto rows aes:%s ghash:%s)\n", k.row_name(), h.row_name());
  }
#else
  const char* build = "stock";
  const char* aes_code = "software tables";
#if defined(MBEDTLS_AESNI_HAVE_CODE)
  if (mbedtls_aesni_has_support(MBEDTLS_AESNI_AES)) aes_code = "AES-NI";
#endif
#if defined(MBEDTLS_AESCE_HAVE_CODE)
  if (MBEDTLS_AESCE_HAS_SUPPORT()) aes_code = "AESCE";
#endif
  std::printf("build: stock (Mbed TLS AES: %s)\n", aes_code);
#endif
  for (const Case& c : all_cases(chunks)) {
    if (!filter.empty() && c.name.find(filter) == std::string::npos) continue;
    if (c.run(c.len) != 0) {
      std::fprintf(stderr, "%s failed\n", c.name.c_str());
      return 1;
    }
    if (count > 0) {
#if defined(HAVE_CALLGRIND)
      CALLGRIND_ZERO_STATS;
      for (long i = 0; i < count; ++i) (void)c.run(c.len);
      CALLGRIND_DUMP_STATS_AT(c.name.c_str());
#else
      std::fprintf(stderr, "-count needs valgrind/callgrind.h at build time\n");
      return 2;
#endif
      continue;
    }
    uint64_t calls = 0, batch = 1;
    const uint64_t start = now_us();
    uint64_t elapsed = 0;
    while (elapsed < timeout_ms * 1000) {
      for (uint64_t i = 0; i < batch; ++i) (void)c.run(c.len);
      calls += batch;
      batch *= 2;
      elapsed = now_us() - start;
    }
    const double secs = static_cast<double>(elapsed) / 1e6;
    if (c.len == 0) {
      std::printf("%s: %s: %.1f ops/s (%" PRIu64 " ops in %" PRIu64 " us)\n", build, c.name.c_str(),
                  static_cast<double>(calls) / secs, calls, elapsed);
    } else {
      std::printf("%s: %s: %.1f MB/s (%" PRIu64 " ops in %" PRIu64 " us)\n", build, c.name.c_str(),
                  static_cast<double>(calls) * static_cast<double>(c.len) / secs / 1e6, calls, elapsed);
    }
    std::fflush(stdout);
  }
  return 0;
}
