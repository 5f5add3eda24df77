#!/bin/sh
# Runs the throughput benchmark (//bench:speed) for each target
# configuration, one after another (one benchmark at a time: the machine has
# 2 cores). Only x86_64_aesni runs on the hardware; the others run under QEMU
# user mode, whose timings say nothing about real CPUs: compare
# implementations only within the same configuration.
#
#   bench/run-all.sh [extra //bench:speed arguments...]
#   CONFIGS="x86_64_aesni" bench/run-all.sh
set -u
cd "$(dirname "$0")/.." || exit 1

tool/install-deps.sh || exit 1

CONFIGS=${CONFIGS:-"x86_64_aesni x86_64_ssse3 aarch64_ce aarch64_noce armv7_neon"}

failed=0
for c in $CONFIGS; do
  case "$c" in
    x86_64_aesni) how="native, host CPU: hardware numbers" ;;
    x86_64_ssse3) how="EMULATED: qemu-x86_64 -cpu Penryn; not hardware numbers" ;;
    aarch64_ce) how="EMULATED: qemu-aarch64 -cpu cortex-a76; not hardware numbers" ;;
    aarch64_noce) how="EMULATED: qemu-aarch64 -cpu cortex-a53; not hardware numbers" ;;
    armv7_neon) how="EMULATED: qemu-arm -cpu cortex-a9; not hardware numbers" ;;
    *) how="" ;;
  esac
  echo
  echo "=================== $c ($how) ==================="
  if ! bazel run -c opt --config="$c" --ui_event_filters=-info --noshow_progress \
      //bench:speed -- -timeout_ms 200 "$@"; then
    echo "bench/run-all.sh: $c FAILED" >&2
    failed=1
  fi
done
exit "$failed"
