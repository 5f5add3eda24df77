"""Mbed TLS's own test suites as Bazel targets (used by mbedtls.BUILD).

Each suite is generated the way Mbed TLS's tests/CMakeLists.txt generates
it: framework/scripts/generate_test_code.py over the suite's .function and
.data files with tests/suites/{main_test,host_test,helpers}.function, giving
test_suite_<name>.c and its .datax; the .c is linked with Mbed TLS's shared
test code and the libraries, and runs over the .datax (which `args` names),
printing one line per case (PASS, ---- for skipped, FAILED) and the counts.
"""

load("@rules_cc//cc:defs.bzl", "cc_test")

def mbedtls_test_suites(suites, deps, extra_tests = [], tags = []):
    """Declares test_suite_<name> for each name and :suites for them all.

    Args:
      suites: data-file names, "<function file>.<data file>" ("aes.ecb",
        "gcm.aes128_en") or "<name>" where both files share it ("ccm").
      deps: the test support library (with the Mbed TLS libraries).
      extra_tests: other tests for :suites.
      tags: tags for every test.
    """
    tests = list(extra_tests)
    for data_name in suites:
        function_name = data_name.split(".")[0]
        generated = "generated/test_suite_%s" % data_name
        native.genrule(
            name = "test_suite_%s_code" % data_name,
            testonly = True,
            srcs = [
                "framework/scripts/generate_test_code.py",
                "tests/suites/test_suite_%s.function" % function_name,
                "tests/suites/test_suite_%s.data" % data_name,
                "tests/suites/main_test.function",
                "tests/suites/host_test.function",
                "tests/suites/helpers.function",
            ],
            outs = [generated + ".c", generated + ".datax"],
            cmd = " ".join([
                "python3 $(location framework/scripts/generate_test_code.py)",
                "-f $(location tests/suites/test_suite_%s.function)" % function_name,
                "-d $(location tests/suites/test_suite_%s.data)" % data_name,
                "-t $(location tests/suites/main_test.function)",
                "-p $(location tests/suites/host_test.function)",
                "-s $$(dirname $(location tests/suites/main_test.function))",
                "--helpers-file $(location tests/suites/helpers.function)",
                "-o $(@D)/generated",
                ">/dev/null",
            ]),
        )
        cc_test(
            name = "test_suite_" + data_name,
            srcs = [generated + ".c"],
            args = ["$(rootpath %s.datax)" % generated],
            data = [generated + ".datax"],
            # The suites' own C: Mbed TLS builds them as C11.
            copts = ["-std=c11", "-w"],
            # Under QEMU the GCM suites (every split of every message)
            # and PSA take minutes: ctcrypto's NEON rows emulate slowly.
            size = "large" if function_name in ["gcm", "psa_crypto"] else "medium",
            tags = tags,
            deps = deps,
        )
        tests.append(":test_suite_" + data_name)
    native.test_suite(
        name = "suites",
        tests = tests,
        tags = tags,
    )
