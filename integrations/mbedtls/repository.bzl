"""mbedtls_source: the @mbedtls repository of ctcrypto's own workspace.

The Mbed TLS 3.6.6 tree util/fetch-mbedtls.sh unpacks, overlaid with
mbedtls.BUILD. The tree is looked for at $CTCRYPTO_MBEDTLS_DIR, else
$CTCRYPTO_CACHE/mbedtls-3.6.6, else $HOME/.cache/ctcrypto/mbedtls-3.6.6
(fetch-mbedtls.sh's own defaults). Bazel reads the repository only when a
target in it is built, so a checkout without the tree builds and tests
everything else (`bazel test //...` never names @mbedtls); building an
@mbedtls target without the tree stops with the command that fetches it.

A product does not use this rule: it declares its own Mbed TLS tree with
new_local_repository (mbedtls.BUILD says how).
"""

_VERSION = "3.6.6"

def _mbedtls_source_impl(ctx):
    env = ctx.os.environ
    if env.get("CTCRYPTO_MBEDTLS_DIR"):
        path = env["CTCRYPTO_MBEDTLS_DIR"]
    else:
        cache = env.get("CTCRYPTO_CACHE") or (env.get("HOME", "") + "/.cache/ctcrypto")
        path = cache + "/mbedtls-" + _VERSION
    tree = ctx.path(path)
    if not tree.get_child("library").get_child("aes.c").exists:
        fail(("Mbed TLS %s is not at %s: run util/fetch-mbedtls.sh (or set " +
              "CTCRYPTO_MBEDTLS_DIR to a tree)") % (_VERSION, path))
    for child in tree.readdir():
        if child.basename in ["BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel"]:
            continue
        ctx.symlink(child, child.basename)
    ctx.symlink(ctx.attr.build_file, "BUILD.bazel")
    ctx.file("WORKSPACE", 'workspace(name = "mbedtls")\n')

mbedtls_source = repository_rule(
    implementation = _mbedtls_source_impl,
    attrs = {
        "build_file": attr.label(allow_single_file = True, mandatory = True),
    },
    environ = ["CTCRYPTO_MBEDTLS_DIR", "CTCRYPTO_CACHE", "HOME"],
    local = True,
)
