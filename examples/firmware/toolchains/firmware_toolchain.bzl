"""The firmware's cc toolchains (Bazel 4.2.3, local bare-metal compilers).

    firmware_toolchain(name, cpu, tool_paths, include_dirs, flags, cxx_flags)

declares <name>_config (Bazel's own cc_toolchain_config rule from
@bazel_tools), <name>_cc_toolchain and the toolchain() <name> for targets
with @platforms//os:none and `cpu`, built on an x86_64 Linux host.

Bare metal: nothing of the C library's start-up is linked (-nostartfiles):
the board's reset code (boards/<board>/) starts the program, and its linker
script (the board library's linkopts) places it. The C library supplies
memcpy, memset and memcmp only. No -std: the product's code and ctcrypto
each ask for their own; C++ code gets -fno-exceptions -fno-rtti
-fno-threadsafe-statics (no unwinder, no RTTI, no guard locks on a single
core without an OS).
"""

load("@bazel_tools//tools/cpp:unix_cc_toolchain_config.bzl", "cc_toolchain_config")
load("@rules_cc//cc:defs.bzl", "cc_toolchain")

def firmware_toolchain(name, cpu, tool_paths, include_dirs, flags, cxx_flags = []):
    """Declares one bare-metal cc toolchain.

    Args:
      name: toolchain name.
      cpu: the CPU constraint_value it targets (//platforms).
      tool_paths: Bazel's tool name -> absolute path.
      include_dirs: every directory the compiler searches for system headers.
      flags: target flags for compiling and linking (-mcpu, -march, ...).
      cxx_flags: more flags for C++ only (where the C++ headers are).
    """
    cc_toolchain_config(
        name = name + "_config",
        toolchain_identifier = name,
        cpu = name,
        compiler = "gcc",
        host_system_name = "x86_64-linux-gnu",
        target_system_name = name,
        target_libc = "none",
        abi_version = "gcc",
        abi_libc_version = "none",
        cxx_builtin_include_directories = include_dirs,
        tool_paths = tool_paths,
        compile_flags = flags + ["-Wall"],
        cxx_flags = cxx_flags + [
            "-fno-exceptions",
            "-fno-rtti",
            "-fno-threadsafe-statics",
        ],
        dbg_compile_flags = ["-g"],
        opt_compile_flags = ["-O2", "-DNDEBUG", "-ffunction-sections", "-fdata-sections"],
        unfiltered_compile_flags = [
            "-no-canonical-prefixes",
            "-fno-canonical-system-headers",
            "-Wno-builtin-macro-redefined",
            "-D__DATE__=\"redacted\"",
            "-D__TIMESTAMP__=\"redacted\"",
            "-D__TIME__=\"redacted\"",
        ],
        link_flags = flags + ["-nostartfiles", "-no-canonical-prefixes", "-Wl,--gc-sections"],
        link_libs = ["-lc", "-lgcc"],
        supports_start_end_lib = False,
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
        target_compatible_with = [cpu, "@platforms//os:none"],
        toolchain = ":" + name + "_cc_toolchain",
        toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
    )

def gcc_tools(prefix):
    """The tool_paths of a Debian bare-metal gcc (unversioned names): prefix "/usr/bin/<triple>-"."""
    return {
        "ar": prefix + "ar",
        "cpp": prefix + "cpp",
        "gcc": prefix + "gcc",
        "gcov": prefix + "gcov",
        "ld": prefix + "ld",
        "nm": prefix + "nm",
        "objcopy": prefix + "objcopy",
        "objdump": prefix + "objdump",
        "strip": prefix + "strip",
        "dwp": "/bin/false",
        "llvm-cov": "/bin/false",
    }
