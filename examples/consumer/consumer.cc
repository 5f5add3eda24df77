// consumer.cc: AES-128-GCM seal and open through ctcrypto's C++ API, then
// the same through the C API (consumer_c.c). Vector: test case 2 of McGrew
// and Viega, "The Galois/Counter Mode of Operation (GCM)" (zero key, zero
// nonce, 16 zero bytes).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ctcrypto/aead.h"
#include "ctcrypto/status.h"

extern "C" int c_api_round_trip(const uint8_t key[16], const uint8_t nonce[12],
                                const uint8_t* msg, size_t len,
                                const uint8_t* want);

int main() {
  const uint8_t key[16] = {}, nonce[12] = {}, msg[16] = {};
  const uint8_t want[32] = {  // ciphertext || tag
      0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92, 0xf3, 0x28, 0xc2,
      0xb9, 0x71, 0xb2, 0xfe, 0x78, 0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec,
      0x13, 0xbd, 0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf};

  ctcrypto::AesGcm gcm;
  uint8_t ct[32], pt[16];
  size_t ct_len = 0, pt_len = 0;
  if (gcm.init(key) != ctcrypto::Status::kOk ||
      gcm.seal(ct, &ct_len, nonce, msg, {}) != ctcrypto::Status::kOk ||
      ct_len != sizeof(want) || std::memcmp(ct, want, sizeof(want)) != 0) {
    std::fprintf(stderr, "consumer: C++ seal gave the wrong answer\n");
    return 1;
  }
  if (gcm.open(pt, &pt_len, nonce, ct, {}) != ctcrypto::Status::kOk ||
      pt_len != sizeof(msg) || std::memcmp(pt, msg, sizeof(msg)) != 0) {
    std::fprintf(stderr, "consumer: C++ open failed\n");
    return 1;
  }
  if (int rc = c_api_round_trip(key, nonce, msg, sizeof(msg), want); rc != 0) {
    std::fprintf(stderr, "consumer: C API round trip failed (%d)\n", rc);
    return 1;
  }
  // The build-time row set check (--config=my_board links only the
  // portable rows): test.sh passes the expected AES row.
  const char* expect = std::getenv("CONSUMER_EXPECT_AES");
  if (expect != nullptr &&
      std::strcmp(expect, gcm.aes_key().row_name()) != 0) {
    std::fprintf(stderr, "consumer: AES row %s, expected %s\n",
                 gcm.aes_key().row_name(), expect);
    return 1;
  }
  std::printf("consumer: AES-128-GCM seal/open OK through the C++ and C APIs "
              "(aes=%s ghash=%s)\n",
              gcm.aes_key().row_name(), gcm.ghash_key().row_name());
  return 0;
}
