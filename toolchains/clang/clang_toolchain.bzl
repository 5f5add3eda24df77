"""clang 14 cc toolchain (host x86_64, dynamic linking) for --config=fuzz.

Same construction as //toolchains:gcc_toolchain.bzl (cc_toolchain_setup.bzl:
@bazel_tools' own cc_toolchain_config rule with fixed tool paths), with
Debian's clang-14.
clang++ is used as the driver for compiling and linking so that the
sanitizer runtimes link their C++ parts.
"""

load("//toolchains:cc_toolchain_setup.bzl", "REDACTED_DATE_FLAGS", "cc_toolchain_setup")

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
    cc_toolchain_setup(
        name = name,
        constraints = constraints,
        cpu = "k8",
        compiler = "clang",
        target_system_name = "x86_64-linux-gnu",
        abi_version = "clang",
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
        unfiltered_compile_flags = ["-no-canonical-prefixes"] + REDACTED_DATE_FLAGS,
        link_flags = ["-no-canonical-prefixes"],
        opt_link_flags = [],
    )
