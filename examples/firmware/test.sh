#!/bin/sh
# Builds and runs the firmware example (a bare-metal workspace with its own
# boards: platforms, toolchains, reset code, linker scripts and exit paths)
# for each of its boards: Cortex-M4F hard float on qemu-system-arm
# mps2-an386, rv32imc on qemu-system-riscv32 virt. Each image seals and
# opens an AES-GCM known answer with @ctcrypto//crypto:gcm (firmware.cc).
# Called by ctcrypto's util/test-all.sh; exits non-zero if any board fails.
#
#   examples/firmware/test.sh [extra bazel test arguments...]
#   CONFIGS=rv32imc examples/firmware/test.sh
set -u
cd "$(dirname "$0")" || exit 1
CONFIGS=${CONFIGS:-"cortex_m4f rv32imc"}
failed=0
summary=""
for c in $CONFIGS; do
  echo "=================== examples/firmware: bazel test --config=$c //:firmware_test"
  start=$(date +%s)
  if bazel test --config="$c" --jobs="${JOBS:-2}" --noshow_progress \
      --test_output=all "$@" //:firmware_test; then
    result=PASS
  else
    result=FAIL
    failed=1
  fi
  summary="$summary$(printf '%-12s %s (%ss)' "$c" "$result" "$(($(date +%s) - start))")
"
done
# This workspace has its own Bazel server; free its memory.
bazel shutdown 2>/dev/null
echo "=================== examples/firmware summary"
printf '%s' "$summary"
exit "$failed"
