#!/bin/sh
# bench-mcu.sh [CONFIG...]: stock Mbed TLS 3.6 against Mbed TLS on ctcrypto
# (ALT) on the Cortex-M configs (default: cortex_m0plus cortex_m4
# cortex_m33), by instructions executed, not by QEMU's time.
#
# Runs mbedtls_trace_driver.c (Mbed TLS's public AES/GCM/CCM/CMAC calls,
# each in a marked region) once per config and build under QEMU with the
# trace plugin of util/ct-mcu.sh, and counts the instructions each region
# executed (util/mcu_trace_check.py split). The count is exact and the same
# on every run (the ALT build is constant time; stock's AES and GHASH are
# too in their instruction counts, only their addresses vary). It is not a
# cycle count: QEMU models no timing. On these cache-less cores most
# instructions take one cycle, loads and stores two (M0+: one/two), taken
# branches two to four; a stock table lookup costs the same as any load
# here, where on a core with a cache it is also what leaks.
#
# Also: flash (text + rodata + data) and RAM (data + bss) of the driver
# program, each build, and sizeof Mbed TLS's contexts.
#
# Prints a Markdown table per config on stdout. JOBS: bazel --jobs (2).
# Reuses run-mcu.sh's builds (the same flags and output trees).
set -eu
cd "$(dirname "$0")/../../.."
. integrations/mbedtls/mcu/mcu_lib.sh

util/fetch-mbedtls.sh > /dev/null
# shellcheck disable=SC2086 # a list of configs
[ $# -gt 0 ] || set -- $MCU_CONFIGS_DEFAULT
CONFIGS=$*
JOBS=${JOBS:-2}
work=$(mktemp -d /tmp/ctcrypto-mbedtls-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
plugin=$(mcu_plugin "$work")

# flash ram of an ELF (bytes), as bench/mcu/footprint.sh counts them.
mem() {
  arm-none-eabi-size -A "$1" | awk '
    $1 == ".text" || $1 == ".rodata" || $1 == ".ARM.exidx" || $1 == ".ARM.extab" ||
    $1 == ".init_array" || $1 == ".fini_array" || $1 == ".preinit_array" { f += $2 }
    $1 == ".data" { f += $2; r += $2 }
    $1 == ".bss" { r += $2 }
    END { printf "%d %d\n", f, r }'
}

for c in $CONFIGS; do
  for variant in stock alt; do
    eval "set -- $(mcu_bazel_flags "$c" "$variant")"
    bazel build --jobs="$JOBS" "$@" "$MCU_PKG:mbedtls_trace_driver" >&2
    bin=$(bazel info "$@" bazel-bin 2> /dev/null)/integrations/mbedtls/mcu/mbedtls_trace_driver
    mkdir -p "$work/$c.$variant"
    cp "$bin" "$work/$c.$variant/driver"
    mcu_trace_run "$plugin" "$work/$c.$variant/driver" "$c" 3 "$work/$c.$variant" || {
      echo "bench-mcu: $c $variant: driver run failed" >&2
      cat "$work/$c.$variant/run.3.log" >&2
      exit 1
    }
    # region name -> instructions
    sed -n 's/^REGION \([0-9]*\) \(.*\)/\1 \2/p' "$work/$c.$variant/run.3.log" |
      while read -r i name; do
        printf '%s %s\n' "$name" "$(wc -l < "$work/$c.$variant/3/$i.pc")"
      done > "$work/$c.$variant/counts"
  done
  echo
  echo "### $c: instructions per call (QEMU $(mcu_runner "$c"), gcc 12 -O2)"
  echo
  echo "| Mbed TLS call | bytes | stock | ALT (ctcrypto) | ALT / stock |"
  echo "|---|---|---|---|---|"
  awk 'NR == FNR { stock[$1] = $2; next }
       $1 !~ /^negative_control/ && ($1 in stock) {
         name = $1; len = "-"
         if (match(name, /\.len[0-9]+$/)) { len = substr(name, RSTART + 4); name = substr(name, 1, RSTART - 1) }
         printf "| %s | %s | %d | %d | %.2f |\n", name, len, stock[$1], $2, $2 / stock[$1]
       }' "$work/$c.stock/counts" "$work/$c.alt/counts"
  echo
  # shellcheck disable=SC2046 # two numbers each
  set -- $(mem "$work/$c.stock/driver") $(mem "$work/$c.alt/driver")
  echo "Driver program flash / RAM (bytes): stock $1 / $2, ALT $3 / $4 (RAM: static data only; contexts live on the caller's stack or heap)."
  echo
  echo "| context (sizeof, bytes) | stock | ALT |"
  echo "|---|---|---|"
  for variant in stock alt; do
    sed -n 's/^SIZEOF //p' "$work/$c.$variant/run.3.log" | sort > "$work/$c.$variant/sizeof"
  done
  join "$work/$c.stock/sizeof" "$work/$c.alt/sizeof" |
    awk '{ printf "| %s | %s | %s |\n", $1, $2, $3 }'
done
