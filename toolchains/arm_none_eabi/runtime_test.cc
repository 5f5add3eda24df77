// The board runtime's contract with the tests (mps2.ld, mps2_vectors.c,
// qemu_mps2.sh): C++ static constructors run, the heap holds the several
// MiB the vector-file suites read into memory, stdout reaches the host, and
// fopen reads a file of the test's runfiles relative to the working
// directory (how TestDataPath finds the vector files). A failure is main's
// non-zero status, which the runner returns.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {
int constructed = 0;
struct Constructed {
  Constructed() { constructed = 42; }
} constructed_object;

int Fail(const char* what) {
  std::printf("FAIL: %s\n", what);
  return 1;
}
}  // namespace

int main(int argc, char** argv) {
  if (constructed != 42) return Fail("static constructor did not run");
  if (argc < 1 || argv[0] == nullptr) return Fail("no argv[0]");

  constexpr size_t kHeap = 8u << 20;
  std::unique_ptr<unsigned char[]> big(new unsigned char[kHeap]);
  std::memset(big.get(), 0x5a, kHeap);
  if (big[kHeap - 1] != 0x5a) return Fail("heap");

  const char* path = "toolchains/arm_none_eabi/mps2.ld";
  std::FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return Fail("fopen of a runfile");
  char head[32] = {};
  size_t n = std::fread(head, 1, sizeof(head) - 1, f);
  std::fclose(f);
  if (n == 0 || std::strncmp(head, "/* Memory layout", 16) != 0) {
    return Fail("runfile contents");
  }
  std::printf("runtime_test: OK (argc=%d, 8 MiB heap, read %s)\n", argc, path);
  return 0;
}
