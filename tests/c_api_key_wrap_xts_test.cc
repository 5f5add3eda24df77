// c_api_key_wrap_xts_test.cc: the C API's key wrap and XTS entry points
// (ctcrypto.h): known answers through C, argument checks, the XTS object's
// state word (refusing objects never initialised, failed or cleaned up).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "ctcrypto/ctcrypto.h"
#include "tests/test_util.h"

namespace ctcrypto_test {
namespace {

TEST(CApiKeyWrap, Rfc3394AndRfc5649) {
  // RFC 3394 4.1: 128-bit KEK, 128 bits of key data.
  const Bytes kek = Hex("000102030405060708090a0b0c0d0e0f");
  const Bytes key = Hex("00112233445566778899aabbccddeeff");
  ctcrypto_aes_key k;
  ASSERT_EQ(ctcrypto_aes_key_init(&k, kek.data(), kek.size()), CTCRYPTO_OK);
  uint8_t out[64];
  size_t n = 0;
  ASSERT_EQ(ctcrypto_aes_key_wrap(&k, out, &n, sizeof(out), key.data(), key.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, n)),
            "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5");
  uint8_t back[64];
  size_t m = 0;
  ASSERT_EQ(ctcrypto_aes_key_unwrap(&k, back, &m, sizeof(back), out, n), CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(back, m)), ToHex(key));
  out[3] ^= 1;
  std::memset(back, 0xcc, sizeof(back));
  EXPECT_EQ(ctcrypto_aes_key_unwrap(&k, back, &m, sizeof(back), out, n),
            CTCRYPTO_AUTHENTICATION_FAILED);
  EXPECT_EQ(Bytes(back, back + 16), Bytes(16, 0));
  // RFC 5649 section 6, second example (7 bytes, 192-bit KEK).
  const Bytes kek2 = Hex("5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8");
  const Bytes key2 = Hex("466f7250617369");
  ASSERT_EQ(ctcrypto_aes_key_init(&k, kek2.data(), kek2.size()), CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_aes_key_wrap_padded(&k, out, &n, sizeof(out), key2.data(),
                                         key2.size()),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, n)), "afbeb0f07dfbf5419200f2ccb50bb24f");
  ASSERT_EQ(ctcrypto_aes_key_unwrap_padded(&k, back, &m, sizeof(back), out, n),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(back, m)), ToHex(key2));
  // Argument checks.
  EXPECT_EQ(ctcrypto_aes_key_wrap(nullptr, out, &n, sizeof(out), key.data(), 16), 10);
  EXPECT_EQ(ctcrypto_aes_key_wrap(&k, out, nullptr, sizeof(out), key.data(), 16), 10);
  EXPECT_EQ(ctcrypto_aes_key_wrap(&k, nullptr, &n, 24, key.data(), 16), 10);
  EXPECT_EQ(ctcrypto_aes_key_wrap(&k, out, &n, sizeof(out), nullptr, 16), 10);
  EXPECT_EQ(ctcrypto_aes_key_wrap(&k, out, &n, 23, key.data(), 16), 4);
  EXPECT_EQ(ctcrypto_aes_key_wrap(&k, out, &n, sizeof(out), key.data(), 12), 5);
}

TEST(CApiXts, KnownAnswerStateWordAndCleanup) {
  // Wycheproof aes_xts_test.json tcId 1 (XTS-AES-128, 16 bytes).
  const Bytes key = Hex(
      "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07");
  Bytes tweak = Hex("6e08e4314925b6cf0000000000000000");
  const Bytes msg = Hex("7252a0545fcaa07fc468c636203de219");
  ctcrypto_aes_xts x;
  // Never initialised: refused by the state word (zeroed and random bytes).
  uint8_t out[32];
  std::memset(&x, 0, sizeof(x));
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_NOT_INITIALIZED);
  std::memset(&x, 0xa5, sizeof(x));
  EXPECT_EQ(ctcrypto_aes_xts_decrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_NOT_INITIALIZED);
  // A failed init leaves it refused.
  EXPECT_EQ(ctcrypto_aes_xts_init(&x, key.data(), 48), 1);
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_NOT_INITIALIZED);
  Bytes same(32, 7);
  EXPECT_EQ(ctcrypto_aes_xts_init(&x, same.data(), same.size()), 10);
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_NOT_INITIALIZED);
  ASSERT_EQ(ctcrypto_aes_xts_init(&x, key.data(), key.size()), CTCRYPTO_OK);
  ASSERT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, 16)),
            "d107e084fbaed19c5be05ac4f48b7732");
  ASSERT_EQ(ctcrypto_aes_xts_decrypt(&x, tweak.data(), out, out, 16), CTCRYPTO_OK);
  EXPECT_EQ(ToHex(std::span<const uint8_t>(out, 16)), ToHex(msg));
  // Argument checks.
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(nullptr, tweak.data(), msg.data(), out, 16), 10);
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, nullptr, msg.data(), out, 16), 10);
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), nullptr, out, 16), 10);
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 15), 5);
  EXPECT_EQ(ctcrypto_aes_xts_init(nullptr, key.data(), key.size()), 10);
  // Cleanup wipes everything and refuses later use.
  EXPECT_EQ(ctcrypto_aes_xts_cleanup(&x), CTCRYPTO_OK);
  EXPECT_EQ(Bytes(x.opaque, x.opaque + sizeof(x.opaque)),
            Bytes(sizeof(x.opaque), 0));
  EXPECT_EQ(ctcrypto_aes_xts_encrypt(&x, tweak.data(), msg.data(), out, 16),
            CTCRYPTO_NOT_INITIALIZED);
  EXPECT_EQ(ctcrypto_aes_xts_cleanup(nullptr), 10);
}

}  // namespace
}  // namespace ctcrypto_test
