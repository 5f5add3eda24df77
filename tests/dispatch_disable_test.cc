// dispatch_disable_test.cc: run with CTCRYPTO_DISABLE set (see BUILD.bazel):
// the named capabilities and everything building on them are gone from
// cpu_caps(), rows needing them are neither selected nor usable, and the
// library still works through the remaining rows.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_row.h"
#include "crypto/testing/explicit_rows.h"
#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

using namespace ctcrypto::internal;  // NOLINT

TEST(DisableTest, EnvironmentIsHonoured) {
  const char* env = std::getenv("CTCRYPTO_DISABLE");
  ASSERT_NE(env, nullptr) << "this test must run with CTCRYPTO_DISABLE set";
  size_t unknown = 0;
  uint32_t disabled = parse_disable_list(env, &unknown);
  ASSERT_NE(disabled, 0u);
  uint32_t caps = cpu_caps();
  EXPECT_EQ(caps & disabled, 0u);
  EXPECT_EQ(caps, caps_remove(cpu_detected_caps(), disabled));
  char buf[256];
  RecordProperty("cpu_caps", caps_to_string(caps, buf, sizeof(buf)));

  const AesRow* a = select_aes_row(caps);
  const GhashRow* g = select_ghash_row(caps);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(a->required_caps & ~caps, 0u);
  EXPECT_EQ(g->required_caps & ~caps, 0u);
  for (size_t i = 0; i < kNumAesRows; ++i) {
    const AesRow* b = kAesRows[i];
    bool needs_disabled = (b->required_caps & ~caps) != 0;
    EXPECT_EQ(ctcrypto::internal::aes_row_usable(b), !needs_disabled)
        << b->name;
    if (needs_disabled) {
      ctcrypto::AesKey k;
      EXPECT_EQ(ctcrypto::internal::init_with_rows(k, Bytes(16, 0), b),
                ctcrypto::Status::kUnsupported)
          << b->name;
    }
  }
  for (size_t i = 0; i < kNumGhashRows; ++i) {
    const GhashRow* b = kGhashRows[i];
    EXPECT_EQ(ctcrypto::internal::ghash_row_usable(b),
              (b->required_caps & ~caps) == 0)
        << b->name;
  }

  // The default path still computes FIPS-197 C.1 and GCM test case 2.
  ctcrypto::AesKey k;
  ASSERT_EQ(k.init(Hex("000102030405060708090a0b0c0d0e0f")),
            ctcrypto::Status::kOk);
  EXPECT_STREQ(k.row_name(), a->name);
  uint8_t out[16];
  k.encrypt_block(Hex("00112233445566778899aabbccddeeff").data(), out);
  EXPECT_EQ(ToHex(out), "69c4e0d86a7b0430d8cdb78070b4c55a");
  ctcrypto::AesGcm gcm;
  ASSERT_EQ(gcm.init(Bytes(16, 0)), ctcrypto::Status::kOk);
  EXPECT_STREQ(gcm.ghash_key().row_name(), g->name);
  Bytes sealed(32);
  size_t out_len = 0;
  ASSERT_EQ(gcm.seal(sealed, &out_len, Bytes(12, 0), Bytes(16, 0), {}),
            ctcrypto::Status::kOk);
  EXPECT_EQ(ToHex(sealed),
            "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf");
}

}  // namespace
}  // namespace ctcrypto_test
