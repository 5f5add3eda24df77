"""clang 14 cc toolchains: the five ctcrypto targets (--config=clang_<target>)
and the dynamically linked host one of the sanitizer builds (--config=fuzz,
ctmsan).

Same construction as //toolchains:gcc_toolchain.bzl (cc_toolchain_setup.bzl:
@bazel_tools' own cc_toolchain_config rule with fixed tool paths), with
Debian's clang-14. The cross targets use the GNU installations of the gcc
toolchains (Debian's g++-12-<triple>: headers, libstdc++, glibc, crt
files), which clang finds itself from --target=<triple>, and link with
lld 14.
"""

load("//toolchains:cc_toolchain_setup.bzl", "REDACTED_DATE_FLAGS", "cc_toolchain_setup")

_RESOURCE_INCLUDES = [
    "/usr/lib/llvm-14/lib/clang/14.0.6/include",
    "/usr/lib/clang/14.0.6/include",
]

# The C++ and C include directories of the GNU installation clang picks for
# each triple (`clang-14 --target=<triple> -v`), normalised.
_GNU_INCLUDES = {
    "x86_64-linux-gnu": [
        "/usr/lib/gcc/x86_64-linux-gnu/12",
        "/usr/include/c++/12",
        "/usr/include/x86_64-linux-gnu/c++/12",
        "/usr/local/include",
        "/usr/include",
    ],
    "aarch64-linux-gnu": [
        "/usr/lib/gcc-cross/aarch64-linux-gnu/12",
        "/usr/aarch64-linux-gnu/include",
        "/usr/local/include",
        "/usr/include",
    ],
    "arm-linux-gnueabihf": [
        "/usr/lib/gcc-cross/arm-linux-gnueabihf/12",
        "/usr/arm-linux-gnueabihf/include",
        "/usr/local/include",
        "/usr/include",
    ],
}

def clang_toolchain(name, triple, march, constraints, static = True, sanitizers = False):
    """Declares <name>_config, <name>_cc_toolchain and the toolchain <name>.

    Args:
      name: toolchain name.
      triple: the --target triple (also the GNU installation clang uses).
      march: base -march (and -mfpu/-mfloat-abi) flags of the target.
      constraints: target_compatible_with of the toolchain.
      static: link every binary with -static (as the gcc toolchains do).
      sanitizers: the host sanitizer build: clang++ as the driver, so that
        the sanitizer runtimes link their C++ parts, -O1 -g, GNU ld.
    """
    tools = {
        "ar": "/usr/bin/llvm-ar-14",
        "cpp": "/usr/bin/clang-cpp-14",
        # clang-14, not clang++-14: the C tests are compiled as C (link_libs
        # of cc_toolchain_setup adds -lstdc++).
        "gcc": "/usr/bin/clang++-14" if sanitizers else "/usr/bin/clang-14",
        "gcov": "/bin/false",
        "ld": "/usr/bin/ld" if sanitizers else "/usr/bin/ld.lld-14",
        "nm": "/usr/bin/llvm-nm-14",
        "objcopy": "/usr/bin/llvm-objcopy-14",
        "objdump": "/usr/bin/llvm-objdump-14",
        "strip": "/usr/bin/llvm-strip-14",
        "dwp": "/bin/false",
        "llvm-cov": "/usr/bin/llvm-cov-14",
    }
    target = ["--target=" + triple]
    cc_toolchain_setup(
        name = name,
        constraints = constraints,
        cpu = name,
        compiler = "clang",
        target_system_name = triple,
        abi_version = "clang",
        cxx_builtin_include_directories = _RESOURCE_INCLUDES + _GNU_INCLUDES[triple],
        tool_paths = tools,
        compile_flags = target + march + [
            "-fstack-protector",
            "-fno-omit-frame-pointer",
        ],
        opt_compile_flags = [
            "-g",
            "-O1",
            "-DNDEBUG",
        ] if sanitizers else [
            "-g0",
            "-O2",
            "-DNDEBUG",
            "-ffunction-sections",
            "-fdata-sections",
        ],
        unfiltered_compile_flags = ["-no-canonical-prefixes"] + REDACTED_DATE_FLAGS,
        link_flags = target + (["-static"] if static else []) + [
            "-no-canonical-prefixes",
        ] + ([] if sanitizers else ["--ld-path=/usr/bin/ld.lld-14"]),
        opt_link_flags = [] if sanitizers else ["-Wl,--gc-sections"],
    )
