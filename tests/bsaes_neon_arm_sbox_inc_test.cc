// The checked-in crypto/aes/bsaes_neon_arm_sbox.inc is what its generator,
// crypto/aes/bsaes_neon_arm_sbox_gen.py, makes of bitsliced_sbox.h today:
// //crypto:bsaes_neon_arm_sbox_inc_diff regenerates it on the host (in every
// config) and writes the unified diff; this test fails, printing the diff,
// when it is not empty. A C++ test so that it runs in every config as the
// others do (under the config's --run_under emulator; a shell test would be
// handed to QEMU as a guest binary), reading its file like the vector files.
#include <cstdio>
#include <string>

#include "tests/test_util.h"

int main() {
  const std::string path =
      ctcrypto_test::TestDataPath("crypto/bsaes_neon_arm_sbox_inc.diff");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    std::printf("bsaes_neon_arm_sbox_inc_test: cannot open %s\n",
                path.c_str());
    return 1;
  }
  std::string diff;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) diff.append(buf, n);
  std::fclose(f);
  if (diff.empty()) {
    std::printf(
        "bsaes_neon_arm_sbox_inc_test: crypto/aes/bsaes_neon_arm_sbox.inc "
        "is its generator's output\n");
    return 0;
  }
  std::printf(
      "bsaes_neon_arm_sbox_inc_test: FAIL: crypto/aes/bsaes_neon_arm_sbox.inc "
      "differs from what crypto/aes/bsaes_neon_arm_sbox_gen.py generates:\n"
      "%s\n"
      "Regenerate it (and review the difference):\n"
      "  python3 crypto/aes/bsaes_neon_arm_sbox_gen.py > "
      "crypto/aes/bsaes_neon_arm_sbox.inc\n",
      diff.c_str());
  return 1;
}
