"""Language flags for ctcrypto's own packages outside crypto/.

    load("//toolchains:copts.bzl", "CTCRYPTO_COPTS", "CTCRYPTO_TEST_COPTS")

They set only what the code needs whatever the toolchain (its language
standard; the library's own flags are in crypto/rows.bzl). Warnings and
-Werror are this repository's policy: .bazelrc adds them with
--per_file_copt to this repository's sources only, so a consumer building
@ctcrypto//tool:ctcrypto with another compiler is not stopped by a warning.
"""

load("//crypto:rows.bzl", "CTCRYPTO_LIBRARY_COPTS")

# For code built like the library (tool/).
CTCRYPTO_COPTS = CTCRYPTO_LIBRARY_COPTS

# For tests/, bench/ and fuzz/ (C++ only; C sources set -std=c11).
CTCRYPTO_TEST_COPTS = ["-std=c++20"]
