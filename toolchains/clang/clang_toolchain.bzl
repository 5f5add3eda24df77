"""clang 14 cc toolchain (host x86_64, dynamic linking) for --config=fuzz.

Same construction as //toolchains:gcc_toolchain.bzl (@bazel_tools' own
cc_toolchain_config rule with fixed tool paths), with Debian's clang-14.
clang++ is used as the driver for compiling and linking so that the
sanitizer runtimes link their C++ parts.
"""

load("@bazel_tools//tools/cpp:unix_cc_toolchain_config.bzl", "cc_toolchain_config")
load("@rules_cc//cc:defs.bzl", "cc_toolchain")

_INCLUDES = [
    "/usr/lib/llvm-14/lib/clang/14.0.6/include",
    "/usr/lib/clang/14.0.6/include",
    "/usr/lib/gcc/x86_64-linux-gnu/12",
    "/usr/include/c++/12",
    "/usr/include/x86_64-linux-gnu/c++/12",
    "/usr/local/include",
    "/usr/include",
]

def clang_toolchain(name, constraints):
    """Declares <name>_config, <name>_cc_toolchain and the toolchain <name>."""
    tools = {
        "ar": "/usr/bin/llvm-ar-14",
        "cpp": "/usr/bin/clang-cpp-14",
        "gcc": "/usr/bin/clang++-14",
        "gcov": "/bin/false",
        "ld": "/usr/bin/ld",
        "nm": "/usr/bin/llvm-nm-14",
        "objcopy": "/usr/bin/llvm-objcopy-14",
        "objdump": "/usr/bin/llvm-objdump-14",
        "strip": "/usr/bin/llvm-strip-14",
        "dwp": "/bin/false",
        "llvm-cov": "/usr/bin/llvm-cov-14",
    }
    cc_toolchain_config(
        name = name + "_config",
        cpu = "k8",
        compiler = "clang",
        toolchain_identifier = name,
        host_system_name = "x86_64-linux-gnu",
        target_system_name = "x86_64-linux-gnu",
        target_libc = "glibc",
        abi_version = "clang",
        abi_libc_version = "glibc",
        cxx_builtin_include_directories = _INCLUDES,
        tool_paths = tools,
        compile_flags = [
            "-march=x86-64",
            "-fstack-protector",
            "-fno-omit-frame-pointer",
        ],
        opt_compile_flags = [
            "-g",
            "-O1",
            "-DNDEBUG",
        ],
        dbg_compile_flags = ["-g"],
        cxx_flags = ["-std=c++20"],
        unfiltered_compile_flags = [
            "-no-canonical-prefixes",
            "-Wno-builtin-macro-redefined",
            "-D__DATE__=\"redacted\"",
            "-D__TIMESTAMP__=\"redacted\"",
            "-D__TIME__=\"redacted\"",
        ],
        link_flags = ["-no-canonical-prefixes"],
        opt_link_flags = [],
        link_libs = ["-lstdc++", "-lm"],
        coverage_compile_flags = ["--coverage"],
        coverage_link_flags = ["--coverage"],
        supports_start_end_lib = False,
    )
    native.filegroup(name = name + "_empty")
    cc_toolchain(
        name = name + "_cc_toolchain",
        all_files = ":" + name + "_empty",
        ar_files = ":" + name + "_empty",
        as_files = ":" + name + "_empty",
        compiler_files = ":" + name + "_empty",
        dwp_files = ":" + name + "_empty",
        linker_files = ":" + name + "_empty",
        objcopy_files = ":" + name + "_empty",
        strip_files = ":" + name + "_empty",
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
