// A checked-in generated file, crypto/aes/<stem>.inc, is what its
// generator, crypto/aes/<stem>_gen.py, makes of bitsliced_sbox.h today:
// //crypto:<stem>_inc_diff regenerates it on the host (in every config) and
// writes the unified diff; this test fails, printing the diff, when it is
// not empty. CTC_GEN_STEM names the file (tests/BUILD.bazel: one test per
// generator). A C++ test so that it runs in every config as the others do
// (under the config's --run_under emulator; a shell test would be handed to
// QEMU as a guest binary), reading its file like the vector files.
#include <cstdio>
#include <string>

#include "tests/test_util.h"

#define CTC_GEN_STR2(x) #x
#define CTC_GEN_STR(x) CTC_GEN_STR2(x)

int main() {
  const std::string stem = CTC_GEN_STR(CTC_GEN_STEM);
  const std::string path =
      ctcrypto_test::TestDataPath("crypto/" + stem + "_inc.diff");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    std::printf("%s_inc_test: cannot open %s\n", stem.c_str(), path.c_str());
    return 1;
  }
  std::string diff;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) diff.append(buf, n);
  std::fclose(f);
  if (diff.empty()) {
    std::printf("%s_inc_test: crypto/aes/%s.inc is its generator's output\n",
                stem.c_str(), stem.c_str());
    return 0;
  }
  std::printf(
      "%s_inc_test: FAIL: crypto/aes/%s.inc differs from what "
      "crypto/aes/%s_gen.py generates:\n"
      "%s\n"
      "Regenerate it (and review the difference):\n"
      "  python3 crypto/aes/%s_gen.py > crypto/aes/%s.inc\n",
      stem.c_str(), stem.c_str(), stem.c_str(), diff.c_str(), stem.c_str(),
      stem.c_str());
  return 1;
}
