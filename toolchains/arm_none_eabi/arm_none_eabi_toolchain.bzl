"""gcc cc toolchains for bare-metal Arm Cortex-M (arm-none-eabi, newlib).

Bazel's own cc_toolchain_config rule from @bazel_tools, through
//toolchains:cc_toolchain_setup.bzl like the Linux toolchains, with Debian's
gcc-arm-none-eabi (gcc 12.2) named by path. The toolchain knows the core and
ABI only; how a binary starts, where it is placed in memory and how it talks
to the outside (semihosting here) belong to the board runtime a binary links
(//toolchains/arm_none_eabi:mps2_*_runtime for the QEMU boards).
"""

load("//toolchains:cc_toolchain_setup.bzl", "REDACTED_DATE_FLAGS", "cc_toolchain_setup")

_PREFIX = "/usr/bin/arm-none-eabi-"

# gcc prints its include directories as
# /usr/lib/gcc/arm-none-eabi/12.2.1/../../../arm-none-eabi/include/...; the
# literal prefix and the normalised newlib directory are listed.
_INCLUDE_DIRS = [
    "/usr/lib/gcc/arm-none-eabi/12.2.1",
    "/usr/lib/arm-none-eabi/include",
]

def arm_none_eabi_toolchain(name, cpu_flags, constraints):
    """Declares <name>_config, <name>_cc_toolchain and the toolchain <name>.

    Args:
      name: toolchain name.
      cpu_flags: -mcpu/-mthumb/-mfloat-abi; also given to the link, where they
        select gcc's multilib (the newlib and libstdc++ built for that core).
      constraints: target_compatible_with of the toolchain.
    """
    tools = {
        "ar": _PREFIX + "ar",
        "cpp": _PREFIX + "cpp",
        "gcc": _PREFIX + "gcc",
        "gcov": _PREFIX + "gcov",
        "ld": _PREFIX + "ld",
        "nm": _PREFIX + "nm",
        "objcopy": _PREFIX + "objcopy",
        "objdump": _PREFIX + "objdump",
        "strip": _PREFIX + "strip",
        # Not shipped for arm-none-eabi; used by neither this build nor gcc.
        "dwp": "/bin/false",
        "llvm-cov": "/bin/false",
    }
    cc_toolchain_setup(
        name = name,
        constraints = constraints,
        cpu = name,
        compiler = "gcc",
        target_system_name = "arm-none-eabi",
        abi_version = "eabi",
        libc = "newlib",
        cxx_builtin_include_directories = _INCLUDE_DIRS,
        tool_paths = tools,
        compile_flags = cpu_flags,
        # No exceptions or RTTI (no unwinder tables and type_info in flash);
        # one thread, so function-local statics need no guard locks.
        cxx_flags = [
            "-fno-exceptions",
            "-fno-rtti",
            "-fno-threadsafe-statics",
        ],
        opt_compile_flags = [
            "-g0",
            "-O2",
            "-DNDEBUG",
            "-ffunction-sections",
            "-fdata-sections",
        ],
        unfiltered_compile_flags = [
            "-no-canonical-prefixes",
            "-fno-canonical-system-headers",
        ] + REDACTED_DATE_FLAGS,
        link_flags = cpu_flags + [
            "-no-canonical-prefixes",
            "-pass-exit-codes",
        ],
        # Debian's newlib and libstdc++ for arm-none-eabi carry DWARF
        # (several MiB per binary) that -g0 code does not: dropped, so QEMU
        # loads smaller files and tests that read a binary (no_portable_test)
        # fit in the board's RAM. Symbols stay.
        opt_link_flags = [
            "-Wl,--gc-sections",
            "-Wl,--strip-debug",
        ],
    )
