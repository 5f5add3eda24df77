"""One static archive of a cc_library and everything it links.

A product that does not build with Bazel (CMake: Zephyr, ESP-IDF, Mbed
TLS's own build) links ctcrypto as one `.a` plus the headers of
`crypto/include`. Bazel keeps one archive per cc_library; this rule merges
the archives a target links (its CcInfo's linker inputs, in link order) into
one with the toolchain's own archiver (an `ar` MRI script: ADDLIB copies
every member, so two members of the same name in different libraries are
both kept), so the archive is built for whatever platform and toolchain the
build selects (`--config=cortex_m4`, or the product's own platform).
"""

load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

def _static_libraries(cc_info):
    libs = []
    for linker_input in cc_info.linking_context.linker_inputs.to_list():
        for lib in linker_input.libraries:
            a = lib.static_library or lib.pic_static_library
            if a and a not in libs:
                libs.append(a)
    return libs

def _cc_merged_archive_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    ar = cc_common.get_tool_for_action(
        feature_configuration = feature_configuration,
        action_name = ACTION_NAMES.cpp_link_static_library,
    )
    libs = []
    for dep in ctx.attr.deps:
        for a in _static_libraries(dep[CcInfo]):
            if a not in libs:
                libs.append(a)
    out = ctx.actions.declare_file("lib%s.a" % ctx.attr.archive_name)
    script = ctx.actions.declare_file(ctx.label.name + ".mri")
    ctx.actions.write(
        script,
        "CREATE %s\n%sSAVE\nEND\n" % (
            out.path,
            "".join(["ADDLIB %s\n" % a.path for a in libs]),
        ),
    )
    ctx.actions.run_shell(
        outputs = [out],
        inputs = depset([script] + libs),
        tools = cc_toolchain.all_files,
        # `ar -M` reads the MRI script; `ar s` then writes the symbol index
        # (MRI's SAVE does on GNU ar; llvm-ar too, but both are cheap).
        command = '"$1" -M < "$2" && "$1" s "$3"',
        arguments = [ar, script.path, out.path],
        mnemonic = "CcMergedArchive",
        progress_message = "Merging %d archives into %s" % (len(libs), out.short_path),
    )
    return [DefaultInfo(files = depset([out]))]

cc_merged_archive = rule(
    implementation = _cc_merged_archive_impl,
    doc = "lib<archive_name>.a: every static library the deps link, in one archive.",
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
        "archive_name": attr.string(mandatory = True),
        "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    },
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    fragments = ["cpp"],
)
