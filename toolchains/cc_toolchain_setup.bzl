"""The parts every ctcrypto cc toolchain shares (gcc: gcc_toolchain.bzl,
clang: clang/clang_toolchain.bzl).

    cc_toolchain_setup(name, constraints, **config)

declares <name>_config (Bazel's own cc_toolchain_config rule from
@bazel_tools with the settings below plus `config`), <name>_cc_toolchain
and the toolchain() <name> for targets matching `constraints`, built on an
x86_64 Linux host. The compilers are local binaries named by absolute path,
so the toolchain declares no files.
"""

load("@bazel_tools//tools/cpp:unix_cc_toolchain_config.bzl", "cc_toolchain_config")
load("@rules_cc//cc:defs.bzl", "cc_toolchain")

# __DATE__ and friends redacted: the same source gives the same object.
REDACTED_DATE_FLAGS = [
    "-Wno-builtin-macro-redefined",
    "-D__DATE__=\"redacted\"",
    "-D__TIMESTAMP__=\"redacted\"",
    "-D__TIME__=\"redacted\"",
]

def cc_toolchain_setup(
        name,
        constraints,
        libc = "glibc",
        cxx_flags = [],
        **config):
    """See the file comment; `libc` names the C library (target_libc),
    `cxx_flags` are added to -std=c++20 for C++ sources."""
    cc_toolchain_config(
        name = name + "_config",
        toolchain_identifier = name,
        host_system_name = "x86_64-linux-gnu",
        target_libc = libc,
        abi_libc_version = libc,
        dbg_compile_flags = ["-g"],
        cxx_flags = ["-std=c++20"] + cxx_flags,
        link_libs = ["-lstdc++", "-lm"],
        coverage_compile_flags = ["--coverage"],
        coverage_link_flags = ["--coverage"],
        supports_start_end_lib = False,
        **config
    )
    empty = name + "_empty"
    native.filegroup(name = empty)
    cc_toolchain(
        name = name + "_cc_toolchain",
        all_files = ":" + empty,
        ar_files = ":" + empty,
        as_files = ":" + empty,
        compiler_files = ":" + empty,
        dwp_files = ":" + empty,
        linker_files = ":" + empty,
        objcopy_files = ":" + empty,
        strip_files = ":" + empty,
        supports_param_files = 1,
        toolchain_config = ":" + name + "_config",
        toolchain_identifier = name,
    )
    native.toolchain(
        name = name,
        exec_compatible_with = [
            "@platforms//cpu:x86_64",
            "@platforms//os:linux",
        ],
        target_compatible_with = constraints,
        toolchain = ":" + name + "_cc_toolchain",
        toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
    )
