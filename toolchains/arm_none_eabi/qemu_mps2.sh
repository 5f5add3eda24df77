#!/bin/sh
# qemu_mps2.sh MACHINE BINARY [ARGS...]: the --run_under wrapper of the
# bare-metal configs (.bazelrc: --config=cortex_m4 runs its binaries on
# mps2-an386, --config=cortex_m33 on mps2-an505). Runs BINARY, an ELF built
# with the board's runtime (mps2.ld, mps2_vectors.c), under qemu-system-arm
# with semihosting:
#   - printf/fwrite reach this process's stdout/stderr, and fopen opens host
#     files relative to this process's working directory (under `bazel test`
#     the test's runfiles tree, where TestDataPath looks);
#   - ARGS become the program's argv[1..] (QEMU's -append, split at spaces by
#     newlib's crt0, so an argument may not contain whitespace or quotes);
#   - main's return value (or exit's status) is this script's exit status;
#     a fault ends the run with status 1 (mps2_vectors.c).
# The environment does not reach the program (semihosting has no getenv).
set -eu
if [ $# -lt 2 ]; then
  echo "usage: qemu_mps2.sh MACHINE BINARY [ARGS...]" >&2
  exit 2
fi
machine=$1
bin=$2
shift 2
cmdline=""
for a in "$@"; do
  case "$a" in
    *[[:space:]\"\']*)
      echo "qemu_mps2.sh: argument '$a' contains whitespace or a quote, which the semihosted command line cannot carry" >&2
      exit 2 ;;
  esac
  cmdline="$cmdline${cmdline:+ }$a"
done
# -nodefaults / -display none / -serial none: no UART or monitor on stdio
# (the program talks through semihosting only), and QEMU leaves the
# terminal alone. QEMU_MPS2_OPTS, if set, adds QEMU options (split at
# spaces): util/ct-mcu.sh loads its trace plugin with it.
exec qemu-system-arm -M "$machine" -nodefaults -display none -serial none \
  -monitor none -semihosting-config enable=on,target=native \
  ${QEMU_MPS2_OPTS:-} -kernel "$bin" ${cmdline:+-append "$cmdline"}
