#!/bin/sh
# run_qemu.sh IMAGE QEMU MACHINE_OPTION...
# Boots the firmware IMAGE on QEMU's system emulator QEMU with the board's
# machine options, its console (UART0) on stdout, and no display, for at
# most 60 s. Passes if QEMU exits 0 (the board's exit path: status 0) and
# the console shows the firmware's PASS line.
set -u
image=$1 qemu=$2
shift 2
out=${TEST_TMPDIR:-/tmp}/console.txt
timeout 60 "$qemu" "$@" -nographic -monitor none -serial stdio \
  -kernel "$image" >"$out" 2>&1
rc=$?
cat "$out"
if [ "$rc" != 0 ]; then
  echo "run_qemu: FAIL: $qemu exited with status $rc (124: timed out)"
  exit 1
fi
if ! grep -q '^firmware: PASS' "$out"; then
  echo "run_qemu: FAIL: no PASS line on the console"
  exit 1
fi
echo "run_qemu: PASS ($qemu $*)"
