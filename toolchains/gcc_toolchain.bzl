"""gcc 12 cc toolchains for the ctcrypto platforms (Bazel 4.2.3, offline).

Each is Bazel's own cc_toolchain_config rule from @bazel_tools (the one its
autodetected Unix toolchain uses; cc_toolchain_setup.bzl) with fixed tool
paths and flags per target.
Static toolchains put -static in the link flags; that rule always declares
the supports_dynamic_linker feature, so .bazelrc turns it off
(--features=-supports_dynamic_linker: no per-library .so, which a -static
link could not produce) and links tests statically (--dynamic_mode=off).
"""

load(":cc_toolchain_setup.bzl", "REDACTED_DATE_FLAGS", "cc_toolchain_setup")

# -no-canonical-prefixes / -fno-canonical-system-headers keep gcc from turning
# header paths into ones Bazel cannot match (without them, headers of
# new_local_repository repos are reported as "undeclared inclusion").
_UNFILTERED = [
    "-no-canonical-prefixes",
    "-fno-canonical-system-headers",
] + REDACTED_DATE_FLAGS

def gcc_toolchain(name, prefix, march, include_dirs, constraints, static = True):
    """Declares <name>_config, <name>_cc_toolchain and the toolchain <name>.

    Args:
      name: toolchain name.
      prefix: path prefix of the gcc binaries, e.g. "/usr/bin/aarch64-linux-gnu-".
      march: base -march (and -mfpu/-mfloat-abi) flags of the target.
      include_dirs: the compiler's built-in include directories.
      constraints: target_compatible_with of the toolchain.
      static: link every binary with -static.
    """
    tools = {
        "ar": prefix + "ar",
        "cpp": prefix + "cpp-12",
        "gcc": prefix + "gcc-12",
        "gcov": prefix + "gcov-12",
        "ld": prefix + "ld",
        "nm": prefix + "nm",
        "objcopy": prefix + "objcopy",
        "objdump": prefix + "objdump",
        "strip": prefix + "strip",
        "dwp": prefix + "dwp",
        # Only read by clang coverage; unused with gcc.
        "llvm-cov": "/bin/false",
    }
    cc_toolchain_setup(
        name = name,
        constraints = constraints,
        cpu = name,
        compiler = "gcc",
        target_system_name = name,
        abi_version = "gcc",
        cxx_builtin_include_directories = include_dirs,
        tool_paths = tools,
        compile_flags = march + [
            "-fstack-protector",
            "-fno-omit-frame-pointer",
        ],
        opt_compile_flags = [
            "-g0",
            "-O2",
            "-DNDEBUG",
            "-ffunction-sections",
            "-fdata-sections",
        ],
        unfiltered_compile_flags = _UNFILTERED,
        link_flags = (["-static"] if static else []) + [
            "-no-canonical-prefixes",
            "-pass-exit-codes",
        ],
        opt_link_flags = ["-Wl,--gc-sections"],
    )
