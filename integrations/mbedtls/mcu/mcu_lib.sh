# mcu_lib.sh: shell functions shared by run-mcu.sh and bench-mcu.sh
# (sourced from the repository root; POSIX sh).
# shellcheck shell=sh

# shellcheck disable=SC2034 # used by the scripts that source this
MCU_CONFIGS_DEFAULT="cortex_m0plus cortex_m4 cortex_m33"
MCU_PKG=//integrations/mbedtls/mcu

# mcu_bazel_flags CONFIG VARIANT: the bazel flags of the Mbed TLS build
# VARIANT (stock or alt) for the Cortex-M CONFIG, shell-quoted (callers:
# eval "set -- $(mcu_bazel_flags ...)"). These are the config's build:
# lines of .bazelrc (platform, board runtime, the qemu_mps2 runner), not
# --config itself: its test: line adds --test_arg=--ctcrypto_test_config=,
# which Mbed TLS's suites would take for a data file. The ALT build shares
# the config's own output tree (and so ctcrypto's objects with
# `bazel test --config=CONFIG //tests/...`); stock gets a tree of its own,
# so switching between the two rebuilds nothing.
mcu_bazel_flags() {
  sed -n "s/^build:$1 //p" .bazelrc | tr '\n' ' '
  [ "$2" = stock ] && printf ' --platform_suffix=%s_mbedtls_stock' "$1"
  printf ' --@mbedtls//:config=%s:mcu_%s_config\n' "$MCU_PKG" "$2"
}

# mcu_runner CONFIG: the qemu_mps2.sh arguments of CONFIG's --run_under
# (the board, and --isa=armv6-m for cortex_m0plus).
mcu_runner() {
  sed -n "s/^build:$1 --run_under='\/\/toolchains\/arm_none_eabi:qemu_mps2 \([^']*\)'.*/\1/p" .bazelrc
}

# mcu_secrets RUN: the driver's two arguments for run RUN (1: all 0x00,
# 2: all 0xff, then random), as util/ct-mcu.sh gives its harness.
mcu_secrets() {
  case $1 in
    1) printf '%064d %032d' 0 0 ;;
    2) printf '%s %s' "$(printf 'f%.0s' $(seq 64))" "$(printf 'f%.0s' $(seq 32))" ;;
    *) printf '%s %s' "$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')" \
                      "$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')" ;;
  esac
}

# mcu_plugin DIR: builds the QEMU trace plugin (tests/ct/mcu_trace_plugin.c)
# into DIR and prints its path.
mcu_plugin() {
  gcc-12 -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
    -o "$1/mcu_trace_plugin.so" tests/ct/mcu_trace_plugin.c || return 1
  echo "$1/mcu_trace_plugin.so"
}

# mcu_trace_run PLUGIN BIN CONFIG RUN DIR: runs the driver BIN once under
# the plugin with run RUN's secrets; DIR/run.RUN.log is its output and
# DIR/RUN/ its trace split per region (util/mcu_trace_check.py split).
mcu_trace_run() {
  _sym() { arm-none-eabi-nm "$2" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
  _b=$(_sym ct_mcu_trace_begin "$2")
  _e=$(_sym ct_mcu_trace_end "$2")
  if [ -z "$_b" ] || [ -z "$_e" ]; then
    echo "mcu: no marker symbols in $2" >&2
    return 1
  fi
  # shellcheck disable=SC2046,SC2086 # words: runner options, the secrets
  QEMU_MPS2_OPTS="-d plugin -plugin $1,out=$5/trace.$4,begin=$_b,end=$_e" \
    toolchains/arm_none_eabi/qemu_mps2.sh $(mcu_runner "$3") "$2" \
    $(mcu_secrets "$4") > "$5/run.$4.log" 2>&1 || return 1
  grep -q '^mbedtls_trace_driver: .* 0 failed$' "$5/run.$4.log" || return 1
  python3 util/mcu_trace_check.py split "$5/trace.$4" "$5/$4" || return 1
  rm -f "$5/trace.$4"
}
