#!/bin/sh
# Builds and runs the product example (a workspace with its own platforms and
# toolchains that uses ctcrypto) for each of its platforms: x86_64 natively,
# aarch64 (gcc and clang) on QEMU cortex-a76, armv7 on QEMU cortex-a9,
# riscv64 on QEMU rv64. Each run checks the GCM known answer and the rows
# `ctcrypto caps` reports as active (BUILD.bazel, product_test.sh).
# Called by ctcrypto's util/test-all.sh; exits non-zero if any config fails.
#
#   examples/product/test.sh [extra bazel test arguments...]
#   CONFIGS="riscv64 armv7" examples/product/test.sh
set -u
cd "$(dirname "$0")" || exit 1
CONFIGS=${CONFIGS:-"x86_64 aarch64 aarch64_clang armv7 riscv64"}
failed=0
summary=""
for c in $CONFIGS; do
  echo "=================== examples/product: bazel test --config=$c //:product_test"
  start=$(date +%s)
  # --nocache_test_results: the tests run every time (a few seconds), so
  # the rows reported are this machine's (the x86_64 ones depend on the host
  # CPU, which no cache key covers).
  if bazel test --config="$c" --jobs="${JOBS:-2}" --noshow_progress \
      --nocache_test_results --test_output=all "$@" //:product_test; then
    result=PASS
  else
    result=FAIL
    failed=1
  fi
  # The active rows from this run's test log (bazel-testlogs points at
  # this config's output tree; a log older than the run is a previous one's).
  log=bazel-testlogs/product_test/test.log
  caps="test not run (build failed: see above)"
  if [ -f "$log" ] && [ "$(stat -c %Y "$log")" -ge "$start" ]; then
    caps=$(sed -n 's/^ctcrypto caps (\(.*\)): .*active: \(.*\)  cpu:.*/\1: \2/p' "$log")
  fi
  summary="$summary$(printf '%-14s %s (%ss)  %s' "$c" "$result" "$(($(date +%s) - start))" "$caps")
"
done
# This workspace has its own Bazel server; free its memory.
bazel shutdown 2>/dev/null
echo "=================== examples/product summary"
printf '%s' "$summary"
exit "$failed"
