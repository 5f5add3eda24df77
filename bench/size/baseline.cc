// baseline.cc: gcm_consumer.cc without ctcrypto (same input and output), so
// that the size difference of the two binaries is what AES-GCM costs.
#include <algorithm>
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  unsigned char key[16] = {}, msg[64] = {}, ct[80] = {};
  for (int i = 1; i < argc; i++) {
    std::memcpy(msg, argv[i], std::min(std::strlen(argv[i]), sizeof(msg)));
    key[i % 16] ^= msg[0];
  }
  std::memcpy(ct, msg, sizeof(msg));
  std::memcpy(ct + 64, key, sizeof(key));
  std::fwrite(ct, 1, sizeof(ct), stdout);
  std::fwrite(msg, 1, sizeof(msg), stdout);
  return 0;
}
