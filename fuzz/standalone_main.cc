// standalone_main.cc: a main() for the fuzz targets when libFuzzer is not
// linked (every gcc configuration, including the four under QEMU). It runs
// LLVMFuzzerTestOneInput over each file given on the command line (a
// directory means every file in it), so the seed corpora in fuzz/corpus/
// are a regression test on every target platform: on aarch64/armv7 this is
// how the ARM row pairs get differential coverage against nohw.
//
// 32-bit targets (armv7): without large-file support, glibc's readdir()
// fails with EOVERFLOW on the host's 64-bit inode numbers (and stat() can
// too), which once made every corpus directory look empty under qemu-arm, so
// the corpus tests replayed nothing. Hence _FILE_OFFSET_BITS=64, and a
// directory that yields no file, or a readdir() error, fails the run.
#if !defined(_FILE_OFFSET_BITS)
#define _FILE_OFFSET_BITS 64
#endif

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool run_file(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    return false;
  }
  std::vector<uint8_t> data;
  uint8_t buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
    data.insert(data.end(), buf, buf + n);
  std::fclose(f);
  LLVMFuzzerTestOneInput(data.data(), data.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t runs = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (!arg.empty() && arg[0] == '-') continue;  // libFuzzer-style flags
    struct stat st;
    if (stat(arg.c_str(), &st) != 0) {
      std::fprintf(stderr, "no such file or directory: %s\n", arg.c_str());
      return 1;
    }
    std::vector<std::string> files;
    if (S_ISDIR(st.st_mode)) {
      DIR* d = opendir(arg.c_str());
      if (!d) {
        std::fprintf(stderr, "cannot open directory %s\n", arg.c_str());
        return 1;
      }
      errno = 0;
      while (dirent* e = readdir(d)) {
        if (e->d_name[0] != '.') files.push_back(arg + "/" + e->d_name);
        errno = 0;
      }
      const int err = errno;
      closedir(d);
      if (err != 0 || files.empty()) {
        std::fprintf(stderr, "%s: %s\n", arg.c_str(),
                     err ? "readdir failed" : "no input files");
        return 1;
      }
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(arg);
    }
    for (const std::string& f : files) {
      if (!run_file(f)) return 1;
      ++runs;
    }
  }
  // An empty input too: the parsers pad with zeros.
  LLVMFuzzerTestOneInput(nullptr, 0);
  ++runs;
  std::printf("standalone fuzz driver: %zu inputs, no finding\n", runs);
  std::printf("%zu passed, 0 failed\n", runs);
  return 0;
}
