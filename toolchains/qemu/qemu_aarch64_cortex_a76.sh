#!/bin/sh
# --run_under wrapper: runs a target binary under QEMU user mode, CPU model cortex-a76.
# All arguments are forwarded and the environment (CTCRYPTO_DISABLE, TEST_*,
# ...) reaches the guest unchanged; stdin/stdout/stderr and the working
# directory (the runfiles tree under bazel test) are inherited.
exec qemu-aarch64 -cpu cortex-a76 "$@"
