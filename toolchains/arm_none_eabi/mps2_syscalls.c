// The POSIX calls that tests and GoogleTest link but newlib's semihosting
// library (librdimon) does not provide, because semihosting has no such
// operation. Each fails with ENOSYS, as a kernel without the call would.
// GoogleTest reaches mkdir only to create an output directory for
// --gtest_output, which the bare-metal runs do not request.

#include <errno.h>
#include <sys/stat.h>

int mkdir(const char* path, mode_t mode) {
  (void)path;
  (void)mode;
  errno = ENOSYS;
  return -1;
}
