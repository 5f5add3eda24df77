// gcm_consumer.cc: a minimal AES-GCM consumer for the code-size report: the
// key, nonce and message come from argv (so nothing is constant-folded), one
// seal and one open, the result goes to stdout. baseline.cc is the same
// program without ctcrypto.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <span>

#include "ctcrypto/aead.h"
#include "ctcrypto/status.h"

int main(int argc, char** argv) {
  unsigned char key[16] = {}, nonce[12] = {}, msg[64] = {}, ct[80], pt[64];
  for (int i = 1; i < argc; i++) {
    std::memcpy(msg, argv[i], std::min(std::strlen(argv[i]), sizeof(msg)));
    key[i % 16] ^= msg[0];
  }
  ctcrypto::AesGcm gcm;
  size_t n = 0, m = 0;
  if (gcm.init(key) != ctcrypto::Status::kOk ||
      gcm.seal(ct, &n, nonce, msg, {}) != ctcrypto::Status::kOk ||
      gcm.open(pt, &m, nonce, std::span<const unsigned char>(ct, n), {}) !=
          ctcrypto::Status::kOk)
    return 1;
  std::fwrite(ct, 1, n, stdout);
  std::fwrite(pt, 1, m, stdout);
  return 0;
}
