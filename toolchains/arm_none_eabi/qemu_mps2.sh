#!/bin/sh
# qemu_mps2.sh [--isa=armv6-m] MACHINE BINARY [ARGS...]: the --run_under
# wrapper of the bare-metal configs (.bazelrc: --config=cortex_m4 runs its
# binaries on mps2-an386, --config=cortex_m33 on mps2-an505,
# --config=cortex_m0plus on mps2-an385 with --isa=armv6-m). Runs BINARY, an
# ELF built with the board's runtime (mps2.ld, mps2_vectors.c), under
# qemu-system-arm with semihosting:
#   - printf/fwrite reach this process's stdout/stderr, and fopen opens host
#     files relative to this process's working directory (under `bazel test`
#     the test's runfiles tree, where TestDataPath looks);
#   - ARGS become the program's argv[1..] (QEMU's -append, split at spaces by
#     newlib's crt0, so an argument may not contain whitespace or quotes);
#   - main's return value (or exit's status) is this script's exit status;
#     a fault ends the run with status 1 (mps2_vectors.c).
# The environment does not reach the program (semihosting has no getenv).
#
# --isa=armv6-m: BINARY is an ARMv6-M program run on a core that executes
# more (the Cortex-M3 of mps2-an385; mps2_vectors.c makes it trap unaligned
# accesses as ARMv6-M does). QEMU would execute a Thumb-2 instruction that an
# M0+ does not have, so the binary is checked before it runs: its build
# attributes must say ARMv6-M (the linker gives a program the highest
# architecture of its objects), and its code must hold no instruction
# outside ARMv6-M: of the 32-bit encodings only BL, MRS, MSR, DMB, DSB, ISB
# and UDF.W, and none of the 16-bit ones Thumb-2 added (CBZ, CBNZ, IT).
set -eu
isa=""
case "${1:-}" in
  --isa=armv6-m) isa=armv6-m; shift ;;
  --isa=*) echo "qemu_mps2.sh: unknown $1" >&2; exit 2 ;;
esac
if [ $# -lt 2 ]; then
  echo "usage: qemu_mps2.sh [--isa=armv6-m] MACHINE BINARY [ARGS...]" >&2
  exit 2
fi
machine=$1
bin=$2
shift 2
if [ "$isa" = armv6-m ]; then
  if ! arm-none-eabi-readelf -A "$bin" | grep -Eq '^ *Tag_CPU_arch: v6S?-M$'; then
    echo "qemu_mps2.sh: $bin is not an ARMv6-M program:" >&2
    arm-none-eabi-readelf -A "$bin" | grep 'Tag_CPU_arch:' >&2
    exit 1
  fi
  # objdump prints a 32-bit Thumb instruction as two 4-digit halfwords.
  bad=$(arm-none-eabi-objdump -d "$bin" | awk -F'\t' '
    NF >= 3 && $1 ~ /^ *[0-9a-f]+:$/ {
      split($3, m, " ")
      wide = ($2 ~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f] *$/)
      if (wide && m[1] !~ /^(bl|mrs|msr|dmb|dsb|isb|udf\.w)$/) print
      if (!wide && m[1] ~ /^(cbn?z|it[te]?[te]?[te]?)$/) print
    }' | head -20)
  if [ -n "$bad" ]; then
    echo "qemu_mps2.sh: $bin has instructions outside ARMv6-M (first 20):" >&2
    echo "$bad" >&2
    exit 1
  fi
fi
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
