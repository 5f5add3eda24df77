// gcm_kat.cc: the product's check that ctcrypto works on its target: an
// AES-128-GCM known answer sealed and opened through ctcrypto's C API, from a
// C++17 translation unit (the product's language; ctcrypto's own sources are
// C++20, which must not leak into its users). Vector: test case 4 of McGrew
// and Viega, "The Galois/Counter Mode of Operation (GCM)" (60-byte message,
// 20 bytes of additional data). Exits 0 only if every check passes.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "ctcrypto/ctcrypto.h"

static_assert(__cplusplus == 201703L, "the product is built as C++17");

namespace {

constexpr std::string_view kKey = "feffe9928665731c6d6a8f9467308308";
constexpr std::string_view kNonce = "cafebabefacedbaddecaf888";
constexpr std::string_view kAd = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
constexpr std::string_view kPlaintext =
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
constexpr std::string_view kSealed =  // ciphertext || tag
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
    "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
    "5bc94fbc3221a5db94fae95ae7121a47";

std::optional<std::vector<uint8_t>> from_hex(std::string_view hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return out;
}

int fail(const char* what, int rc) {
  std::fprintf(stderr, "gcm_kat: FAIL: %s (status %d)\n", what, rc);
  return 1;
}

}  // namespace

int main() {
  const auto key = from_hex(kKey), nonce = from_hex(kNonce), ad = from_hex(kAd),
             pt = from_hex(kPlaintext), want = from_hex(kSealed);
  if (!key || !nonce || !ad || !pt || !want) return fail("bad hex", -1);

  ctcrypto_aes_gcm gcm;
  if (int rc = ctcrypto_aes_gcm_init(&gcm, key->data(), key->size(), 16);
      rc != CTCRYPTO_OK)
    return fail("init", rc);

  std::array<uint8_t, 128> sealed{};
  size_t sealed_len = 0;
  if (int rc = ctcrypto_aes_gcm_seal(&gcm, sealed.data(), &sealed_len,
                                     sealed.size(), nonce->data(), nonce->size(),
                                     pt->data(), pt->size(), ad->data(), ad->size());
      rc != CTCRYPTO_OK)
    return fail("seal", rc);
  if (sealed_len != want->size() ||
      std::memcmp(sealed.data(), want->data(), want->size()) != 0)
    return fail("seal gave the wrong ciphertext or tag", 0);

  std::array<uint8_t, 128> opened{};
  size_t opened_len = 0;
  if (int rc = ctcrypto_aes_gcm_open(&gcm, opened.data(), &opened_len,
                                     opened.size(), nonce->data(), nonce->size(),
                                     sealed.data(), sealed_len, ad->data(),
                                     ad->size());
      rc != CTCRYPTO_OK)
    return fail("open of the known answer", rc);
  if (opened_len != pt->size() ||
      std::memcmp(opened.data(), pt->data(), pt->size()) != 0)
    return fail("open gave the wrong plaintext", 0);

  // A flipped tag bit must be refused, with the plaintext area zeroed.
  sealed[sealed_len - 1] ^= 0x80;
  opened.fill(0xa5);
  const int rc = ctcrypto_aes_gcm_open(&gcm, opened.data(), &opened_len,
                                       opened.size(), nonce->data(),
                                       nonce->size(), sealed.data(), sealed_len,
                                       ad->data(), ad->size());
  if (rc != CTCRYPTO_AUTHENTICATION_FAILED)
    return fail("a forged tag was not refused", rc);
  for (size_t i = 0; i < pt->size(); ++i)
    if (opened[i] != 0) return fail("plaintext released on a failed open", rc);

  if (int c = ctcrypto_aes_gcm_cleanup(&gcm); c != CTCRYPTO_OK)
    return fail("cleanup", c);
  std::printf("gcm_kat: AES-128-GCM known answer OK (seal, open, forgery "
              "refused) through the C API from C++17\n");
  return 0;
}
