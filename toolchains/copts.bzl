"""Warning and language flags shared by ctcrypto's BUILD files.

    load("//toolchains:copts.bzl", "CTCRYPTO_COPTS", "CTCRYPTO_TEST_COPTS")

-std=c++20, the base -march and -O2 (under -c opt, the default in .bazelrc)
come from the toolchain (toolchains/BUILD.bazel).
"""

# For the library (crypto/).
CTCRYPTO_COPTS = [
    "-Wall",
    "-Wextra",
    "-Werror",
    "-fno-exceptions",
    "-fno-rtti",
]

# For tests/, tool/ and bench/.
CTCRYPTO_TEST_COPTS = [
    "-Wall",
    "-Wextra",
    "-Werror",
]
