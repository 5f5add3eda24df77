"""The product's cc toolchains (Bazel 4.2.3, local compilers by path).

    product_toolchain(name, cpu, compiler, tool_paths, include_dirs, flags)

declares <name>_config (Bazel's own cc_toolchain_config rule from
@bazel_tools), <name>_cc_toolchain and the toolchain() <name> for targets
with @platforms//os:linux and `cpu`, built on an x86_64 Linux host.

Every binary is linked -static (they run under QEMU user mode with no
sysroot); the product's .bazelrc turns off the supports_dynamic_linker
feature this rule always declares. No -std: each compiler's default applies
(C++17 for gcc 12, C++14 for clang 14), so a library that needs another
standard must ask for it in its own copts.
"""

load("@bazel_tools//tools/cpp:unix_cc_toolchain_config.bzl", "cc_toolchain_config")
load("@rules_cc//cc:defs.bzl", "cc_toolchain")

def product_toolchain(name, cpu, compiler, tool_paths, include_dirs, flags = []):
    """Declares one cc toolchain.

    Args:
      name: toolchain name.
      cpu: the @platforms//cpu (or product) constraint_value it targets.
      compiler: "gcc" or "clang".
      tool_paths: Bazel's tool name -> absolute path.
      include_dirs: the compiler's built-in include directories.
      flags: target flags for compiling and linking (-march, --target ...).
    """
    cc_toolchain_config(
        name = name + "_config",
        toolchain_identifier = name,
        cpu = name,
        compiler = compiler,
        host_system_name = "x86_64-linux-gnu",
        target_system_name = name,
        target_libc = "glibc",
        abi_version = compiler,
        abi_libc_version = "glibc",
        cxx_builtin_include_directories = include_dirs,
        tool_paths = tool_paths,
        compile_flags = flags + ["-fstack-protector", "-Wall"],
        dbg_compile_flags = ["-g"],
        opt_compile_flags = ["-O2", "-DNDEBUG", "-ffunction-sections", "-fdata-sections"],
        # Header paths as the compiler prints them, which the include check
        # can match to include_dirs; the same source gives the same object.
        unfiltered_compile_flags = [
            "-no-canonical-prefixes",
            "-Wno-builtin-macro-redefined",
            "-D__DATE__=\"redacted\"",
            "-D__TIMESTAMP__=\"redacted\"",
            "-D__TIME__=\"redacted\"",
        ] + (["-fno-canonical-system-headers"] if compiler == "gcc" else []),
        link_flags = flags + ["-static", "-no-canonical-prefixes"],
        link_libs = ["-lstdc++", "-lm"],
        opt_link_flags = ["-Wl,--gc-sections"],
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
        target_compatible_with = [cpu, "@platforms//os:linux"],
        toolchain = ":" + name + "_cc_toolchain",
        toolchain_type = "@bazel_tools//tools/cpp:toolchain_type",
    )

def gcc_tools(prefix, version = "12"):
    """The tool_paths of a Debian gcc: prefix "/usr/bin/<triple>-"."""
    return {
        "ar": prefix + "ar",
        "cpp": prefix + "cpp-" + version,
        "gcc": prefix + "gcc-" + version,
        "gcov": prefix + "gcov-" + version,
        "ld": prefix + "ld",
        "nm": prefix + "nm",
        "objcopy": prefix + "objcopy",
        "objdump": prefix + "objdump",
        "strip": prefix + "strip",
        "dwp": "/bin/false",
        "llvm-cov": "/bin/false",
    }

def gcc_cross_includes(triple):
    """The built-in include directories of Debian's gcc 12 cross compiler
    for `triple` (it prints them as .../gcc-cross/<triple>/12/../../../../
    <triple>/include/...; both forms are listed)."""
    return [
        "/usr/lib/gcc-cross/%s/12" % triple,
        "/usr/lib/gcc-cross",
        "/usr/%s/include" % triple,
        "/usr/include",
    ]
