"""The external repositories ctcrypto's BUILD files need, all local (offline).

    load("@ctcrypto//third_party:offline_repositories.bzl", "offline_repositories")
    offline_repositories(ctcrypto_path = "../..")

The paths come from the Debian packages bazel-bootstrap-source and
bazel-platforms (util/install-deps.sh installs them). Nothing here may
download: these machines reach only Debian's archive.
"""

_BOOTSTRAP_MOCKS = "/usr/src/bazel-bootstrap/mock_repos/"

def offline_repositories(ctcrypto_path = "."):
    """Declares @platforms, @rules_cc, @rules_java, @rules_proto,
    @remote_java_tools_linux and @remote_coverage_tools.

    Args:
      ctcrypto_path: the ctcrypto checkout, relative to the workspace that
        calls this ("." in ctcrypto itself).
    """
    native.local_repository(
        name = "platforms",
        path = "/usr/share/bazel/tools/platforms",
    )
    for name in ["rules_cc", "rules_java", "rules_proto", "remote_java_tools_linux"]:
        native.local_repository(name = name, path = _BOOTSTRAP_MOCKS + name)

    # `bazel test` depends on @remote_coverage_tools (lcov_merger,
    # coverage_report_generator) even without --coverage; nothing in Debian
    # ships it, so this stand-in provides both as scripts that fail with a
    # message.
    native.new_local_repository(
        name = "remote_coverage_tools",
        build_file = str(Label("//third_party:remote_coverage_tools.BUILD")),
        path = ctcrypto_path + "/third_party/remote_coverage_tools",
    )

def ctcrypto_test_repositories():
    """Declares @googletest, which ctcrypto's own tests (@ctcrypto//tests)
    need: GoogleTest 1.12.1 from the Debian `googletest` source package
    (/usr/src/googletest), compiled per target platform. Labels:
    @googletest//:gtest, @googletest//:gtest_main, @googletest//:gmock,
    @googletest//:gmock_main. A product that runs @ctcrypto//tests/...
    calls it after offline_repositories (README).
    """
    native.new_local_repository(
        name = "googletest",
        build_file = str(Label("//third_party:googletest.BUILD")),
        path = "/usr/src/googletest",
    )
