/* test_dir_hook.c: linked into Mbed TLS's test suites under Bazel.
 *
 * Mbed TLS runs its suites from tests/ and some cases write files next to
 * their data (test_suite_ctr_drbg writes ../framework/data_files/
 * ctr_drbg_seed). Bazel runs a test in its read-only runfiles tree, so
 * before main() this moves the process into a scratch directory of that
 * shape under $TEST_TMPDIR, first making the file arguments (the .datax)
 * absolute. Without $TEST_TMPDIR (a suite run by hand) it does nothing. */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char ctcrypto_test_args[8][PATH_MAX];

static void ctcrypto_make_dir(const char *path) { (void) mkdir(path, 0755); }

__attribute__((constructor)) static void ctcrypto_mbedtls_test_dir(
    int argc, char **argv) {
  const char *tmp = getenv("TEST_TMPDIR");
  if (tmp == NULL || argv == NULL) return;
  int slot = 0;
  for (int i = 1; i < argc && slot < 8; ++i) {
    if (argv[i][0] == '-' || argv[i][0] == '/') continue;
    if (realpath(argv[i], ctcrypto_test_args[slot]) != NULL) {
      argv[i] = ctcrypto_test_args[slot++];
    }
  }
  char dir[PATH_MAX];
  snprintf(dir, sizeof(dir), "%s/mbedtls", tmp);
  ctcrypto_make_dir(dir);
  snprintf(dir, sizeof(dir), "%s/mbedtls/framework", tmp);
  ctcrypto_make_dir(dir);
  snprintf(dir, sizeof(dir), "%s/mbedtls/framework/data_files", tmp);
  ctcrypto_make_dir(dir);
  snprintf(dir, sizeof(dir), "%s/mbedtls/tests", tmp);
  ctcrypto_make_dir(dir);
  if (chdir(dir) != 0) perror("test_dir_hook: chdir");
}
