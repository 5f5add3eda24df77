#!/bin/sh
# Builds and runs every test (bazel test //...) for each target configuration
# of util/configs.tsv in turn: natively on the host for x86_64_aesni, under
# QEMU user mode for the others (see .bazelrc). Stops before building
# anything if a config has no runner the table and .bazelrc agree on (a
# cross config without one would run natively); otherwise keeps going when
# a configuration fails, prints a summary, and exits non-zero if any failed.
#
#   util/test-all.sh [extra bazel test arguments...]
#   CONFIGS="aarch64_ce armv7_neon" TARGETS=//tests/... util/test-all.sh
set -u
cd "$(dirname "$0")/.." || exit 1

util/install-deps.sh || exit 1
. util/configs.sh

CONFIGS=${CONFIGS:-$(configs_all)}
# shellcheck disable=SC2086 # CONFIGS is a list
configs_check $CONFIGS || exit 2
JOBS=${JOBS:-2}
TARGETS=${TARGETS:-//...}

summary=""
failed=0
for c in $CONFIGS; do
  echo "=================== bazel test --config=$c $TARGETS ==================="
  start=$(date +%s)
  # shellcheck disable=SC2086 # TARGETS may hold several patterns
  bazel test --config="$c" --jobs="$JOBS" --keep_going "$@" -- $TARGETS
  rc=$?
  case $rc in
    0) result="PASS" ;;
    4) result="PASS (built; no test targets)" ;;  # bazel: built, no tests found
    *) result="FAIL (bazel exit $rc)"; failed=1 ;;
  esac
  summary="$summary$(printf '%-14s %s (%ss)' "$c" "$result" "$(($(date +%s) - start))")
"
done

# The NEON paths of a crypto-extension build: every QEMU aarch64 model reports
# AES and PMULL, so they are reached with the library's own override.
for c in $CONFIGS; do
  [ "$c" = aarch64_ce ] || continue
  echo "=================== bazel test --config=$c (CTCRYPTO_DISABLE=aes,pmull) $TARGETS ==================="
  start=$(date +%s)
  bazel test --config="$c" --jobs="$JOBS" --keep_going \
    --test_env=CTCRYPTO_DISABLE=aes,pmull "$@" -- $TARGETS
  rc=$?
  case $rc in
    0|4) result="PASS" ;;
    *) result="FAIL (bazel exit $rc)"; failed=1 ;;
  esac
  summary="$summary$(printf '%-14s %s (%ss)' "$c-neon" "$result" "$(($(date +%s) - start))")
"
done

CONFIGS="$CONFIGS" examples/consumer/test.sh || failed=1  # the consumer workspace, all configs
examples/product/test.sh || failed=1  # the product workspace: own platforms and toolchains
[ "${HOST_CHECKS:-1}" = 0 ] || util/check-host.sh || failed=1  # valgrind ct, asan, ubsan, fuzz; HOST_CHECKS=0 skips
echo "=================== summary ==================="
printf '%s' "$summary"
exit "$failed"
