"""ctcrypto_fuzzer: one libFuzzer target plus its seed-corpus regression test.

    ctcrypto_fuzzer(name = "x_fuzzer", srcs = ["x_fuzzer.cc"])

declares
  :x_fuzzer              the fuzzer. Under --config=fuzz (clang, libFuzzer,
                         ASan+UBSan) it links libFuzzer's main; elsewhere it
                         links standalone_main.cc and replays files.
                         Tagged "ctcrypto_fuzzer": util/check-host.sh runs
                         every target with that tag for a bounded time.
  :x_fuzzer_corpus_test  replays fuzz/corpus/x_fuzzer/ on every target
                         configuration (natively or under QEMU).
Seeds live in fuzz/corpus/<name>/ (see make_seed_corpus.cc).
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_test")
load("//toolchains:copts.bzl", "CTCRYPTO_TEST_COPTS")

def ctcrypto_fuzzer(name, srcs, deps = []):
    all_deps = deps + [
        ":fuzz_common",
        "//crypto:ctcrypto",
        "//crypto:internal_headers",
    ]
    cc_binary(
        name = name,
        srcs = srcs,
        copts = CTCRYPTO_TEST_COPTS,
        deps = all_deps + select({
            ":fuzzing": [],
            "//conditions:default": [":standalone_main"],
        }),
        linkopts = select({
            ":fuzzing": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        tags = ["ctcrypto_fuzzer"],
    )
    cc_test(
        name = name + "_corpus_test",
        size = "medium",
        srcs = srcs,
        copts = CTCRYPTO_TEST_COPTS,
        deps = all_deps + [":standalone_main"],
        data = native.glob(["corpus/" + name + "/**"]),
        args = ["fuzz/corpus/" + name],
    )
