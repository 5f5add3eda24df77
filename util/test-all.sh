#!/bin/sh
# Builds and runs every test (bazel test //...) for each target configuration
# of util/configs.tsv in turn: natively on the host for x86_64_aesni, under
# QEMU user mode for the others (see .bazelrc). Stops before building
# anything if a config has no runner the table and .bazelrc agree on (a
# cross config without one would run natively); otherwise keeps going when
# a configuration fails, prints a summary, and exits non-zero if any failed.
#
# Then the test suites (CLANG_TARGETS, default //tests/... //dist/...) of the clang 14
# builds in CLANG_CONFIGS (default clang_armv7_neon: the 32-bit ARM build,
# where the compilers' NEON code differs most and clang has its own inline
# assembly; the other clang configs of util/configs.tsv are not part of this
# run, to keep CI's cold run within its time: run them with
# CLANG_CONFIGS="clang_x86_64_aesni clang_aarch64_ce ..."). CLANG_CONFIGS=
# skips them. Then //tests:stack_residue_test of CLANG_RESIDUE_CONFIGS
# (default clang_x86_64_aesni and clang_armv7_neon_ce, the clang armv7
# build on QEMU's max CPU; CLANG_RESIDUE_CONFIGS= skips it).
#
# Then //tests/... and //toolchains/... of the bare-metal configs,
# MCU_CONFIGS (default all of util/mcu_configs.tsv: cortex_m0plus, cortex_m4,
# cortex_m33; each its own build, the -mcpu differs). MCU_CONFIGS= skips them.
#
# Then the library under a product's build flags, STRICT_CONFIGS (default
# gcc x86_64_aesni, aarch64_ce, armv7_neon and the three Cortex-M configs,
# clang x86_64_aesni, aarch64_ce, armv7_neon; aarch64_noce and the ssse3
# configs compile the same files as aarch64_ce / x86_64_aesni, so they are
# left out to keep a cold run short): every library target built with
# --config=strict (a product's warning set and -Werror) and, on A-profile
# ARM, a product's own -mcpu (below). STRICT_CONFIGS= skips them.
#
# Mbed TLS 3.6 on ctcrypto's ALT modules (integrations/mbedtls/): its suites
# on every Linux target and TLS against OpenSSL 3 after the target configs,
# its suites and the trace check on the Cortex-M configs after theirs, the
# ALT modules in the strict builds, the valgrind check over its calls after
# the host checks. MBEDTLS=0 skips them.
#
#   util/test-all.sh [extra bazel test arguments...]
#   CONFIGS="aarch64_ce armv7_neon" TARGETS=//tests/... util/test-all.sh
set -u
cd "$(dirname "$0")/.." || exit 1
all_start=$(date +%s)

install_start=$all_start
util/install-deps.sh || exit 1
echo "test-all: install-deps.sh $(($(date +%s) - install_start))s"
. util/configs.sh

CONFIGS=${CONFIGS:-$(configs_all)}
CLANG_CONFIGS=${CLANG_CONFIGS-clang_armv7_neon}
CLANG_TARGETS=${CLANG_TARGETS:-"//tests/... //dist/..."}
CLANG_RESIDUE_CONFIGS=${CLANG_RESIDUE_CONFIGS-"clang_x86_64_aesni clang_armv7_neon_ce"}
MCU_CONFIGS=${MCU_CONFIGS-$(configs_mcu)}
STRICT_CONFIGS=${STRICT_CONFIGS-"x86_64_aesni aarch64_ce armv7_neon cortex_m0plus \
cortex_m4 cortex_m33 clang_x86_64_aesni clang_aarch64_ce clang_armv7_neon"}
strict_mcu=""
strict_hosted=""
for c in $STRICT_CONFIGS; do
  case " $(configs_mcu | tr '\n' ' ') " in
    *" $c "*) strict_mcu="$strict_mcu $c" ;;
    *) strict_hosted="$strict_hosted $c" ;;
  esac
done
# shellcheck disable=SC2086 # CONFIGS, CLANG_CONFIGS and MCU_CONFIGS are lists
configs_check $CONFIGS $CLANG_CONFIGS $CLANG_RESIDUE_CONFIGS $strict_hosted || exit 2
# shellcheck disable=SC2086
mcu_configs_check $MCU_CONFIGS $strict_mcu || exit 2
JOBS=${JOBS:-2}
TARGETS=${TARGETS:-//...}

summary=""
failed=0
# suite LABEL TARGETS BAZEL_ARGS...: `bazel test BAZEL_ARGS -- TARGETS`,
# keeping going on failures, and one summary line (LABEL, result, seconds).
suite() {
  _label=$1
  _targets=$2
  shift 2
  echo "=================== bazel test $* $_targets ==================="
  _start=$(date +%s)
  # shellcheck disable=SC2086 # _targets may hold several patterns
  bazel test --jobs="$JOBS" --keep_going "$@" -- $_targets
  _rc=$?
  case $_rc in
    0) _result="PASS" ;;
    4) _result="PASS (built; no test targets)" ;;  # bazel: built, no tests found
    *) _result="FAIL (bazel exit $_rc)"; failed=1 ;;
  esac
  summary="$summary$(printf '%-14s %s (%ss)' "$_label" "$_result" "$(($(date +%s) - _start))")
"
}

# step LABEL COMMAND...: a script of its own (Mbed TLS, examples, host
# checks), one summary line (LABEL, result, seconds) as suite.
step() {
  _label=$1
  shift
  echo "=================== $* ==================="
  _start=$(date +%s)
  if "$@"; then
    _result="PASS"
  else
    _result="FAIL (exit $?)"
    failed=1
  fi
  summary="$summary$(printf '%-14s %s (%ss)' "$_label" "$_result" "$(($(date +%s) - _start))")
"
}

for c in $CONFIGS; do
  suite "$c" "$TARGETS" --config="$c" "$@"
done

# The NEON paths of a crypto-extension build: every QEMU aarch64 model reports
# AES and PMULL, so they are reached with the library's own override.
case " $CONFIGS " in
  *" aarch64_ce "*)
    suite aarch64_ce-neon "$TARGETS" --config=aarch64_ce \
      --test_env=CTCRYPTO_DISABLE=aes,pmull "$@" ;;
esac

for c in $CLANG_CONFIGS; do
  suite "$c" "$CLANG_TARGETS" --config="$c" "$@"
done

# What a call leaves on the stack depends on the compiler's spills (clang 14
# kept an HMAC opad state that gcc 12 did not): the stack-residue scan also
# runs on the clang x86-64 build (about half a minute cold) and on the
# clang armv7 build on QEMU's max CPU, clang_armv7_neon_ce: the
# CLANG_CONFIGS run's cortex-a9 never reaches the AArch32 crypto-extension
# rows (armv8, pmull), whose clang code spilled round keys and H powers
# that gcc's did not. That build is clang_armv7_neon's, already built
# above, so only the test runs (about 35 s, Bazel's re-analysis included).
# CLANG_RESIDUE_CONFIGS= skips it.
for c in $CLANG_RESIDUE_CONFIGS; do
  suite "$c-residue" //tests:stack_residue_test --config="$c" "$@"
done

# Mbed TLS 3.6 on ctcrypto's ALT modules (issue 27,
# integrations/mbedtls/README.md; the tree is fetched from Debian's archive
# by util/fetch-mbedtls.sh into the ctcrypto cache): Mbed TLS's own suites on
# every Linux target, each case against stock's recorded outcomes
# (ci-suites.sh; in the target suites' output trees), then TLS 1.2/1.3
# against OpenSSL 3 both ways, natively and under QEMU (interop.sh, on the
# suites' builds). MBEDTLS=0 skips every Mbed TLS step.
if [ "${MBEDTLS:-1}" != 0 ]; then
  step mbedtls-suites integrations/mbedtls/ci-suites.sh
  step mbedtls-tls integrations/mbedtls/interop.sh
fi

# The microcontroller configs (util/mcu_configs.tsv: bare metal,
# qemu-system-arm with semihosting; default all of them): the test suites
# that can run without an OS. MCU_CONFIGS="" skips them.
for c in $MCU_CONFIGS; do
  suite "$c" "//tests/... //toolchains/... //dist/..." --config="$c" "$@"
done

# Mbed TLS on the Cortex-M configs (integrations/mbedtls/mcu/run-mcu.sh): its
# suites that fit (ALT against stock, case by case; stock is built for
# cortex_m4 only and is the same on all three, MCU_STOCK_FROM) and the trace
# check over Mbed TLS's calls (ALT 0 reports; stock REPORTED).
# shellcheck disable=SC2086,SC2116 # a list of configs, one line or several
mcu_list=" $(echo $MCU_CONFIGS) "
if [ "${MBEDTLS:-1}" != 0 ] && [ "$mcu_list" != "  " ]; then
  case $mcu_list in
    *" cortex_m4 "*)
      # shellcheck disable=SC2046 # a list of configs
      step mbedtls-mcu env MCU_STOCK_FROM=cortex_m4 \
        integrations/mbedtls/mcu/run-mcu.sh cortex_m4 \
        $(echo "$mcu_list" | sed 's/ cortex_m4 / /') ;;
    *)
      # shellcheck disable=SC2086
      step mbedtls-mcu integrations/mbedtls/mcu/run-mcu.sh $mcu_list ;;
  esac
fi

# A product's build flags (issue 28). --config=strict (.bazelrc) adds a
# product's warning set with -Werror as --copt, i.e. before the library's own
# copts and each row's instruction-set flags, as a product's toolchain would.
# The targets are //crypto:all, the library's targets: //crypto:ctcrypto on
# its own compiles only its own sources (Bazel compiles a dependency's
# objects only for something that links them), not the rows. On A-profile
# ARM the build also gets a product's -mcpu, which no row's flags may
# contradict (gcc reports a -march of another architecture, an error under
# -Werror; crypto/cpu/armv8_crypto_target.h). This repository's toolchains
# give -march=armv8-a / armv7-a, which gcc would itself report against a
# newer -mcpu: there the matching -march comes with it. Each build has its own
# output tree (--platform_suffix), so it does not discard the target suites'
# objects, nor they its. Cold, about 5 minutes on 2 busy cores (20 to 50 s a
# config); a rerun with nothing changed, seconds.
strict_cpu() {
  case $1 in
    aarch64_ce) echo "--copt=-mcpu=cortex-a53" ;;  # the SHA-512 row: ARMv8.2
    aarch64_noce) echo "--copt=-march=armv8.2-a --copt=-mcpu=cortex-a55" ;;
    armv7_neon) echo "--copt=-march=armv7-a+mp+sec --copt=-mcpu=cortex-a9" ;;
    clang_aarch64_*) echo "--copt=-mcpu=cortex-a55" ;;
    clang_armv7_*) echo "--copt=-mcpu=cortex-a9" ;;
  esac
}
# strict LABEL TARGETS BAZEL_ARGS...: `bazel build BAZEL_ARGS -- TARGETS`
# and one summary line, as suite.
strict() {
  _label=$1
  _targets=$2
  shift 2
  echo "=================== bazel build $* $_targets ==================="
  _start=$(date +%s)
  # shellcheck disable=SC2086 # _targets may hold several patterns
  if bazel build --jobs="$JOBS" --keep_going "$@" -- $_targets; then
    _result="PASS"
  else
    _result="FAIL (bazel exit $?)"
    failed=1
  fi
  summary="$summary$(printf '%-14s %s (%ss)' "$_label" "$_result" "$(($(date +%s) - _start))")
"
}
for c in $STRICT_CONFIGS; do
  # shellcheck disable=SC2046 # strict_cpu's flags are separate words
  strict "$c-strict" //crypto:all --config="$c" --config=strict \
    --platform_suffix="$c-strict" $(strict_cpu "$c")
done
# The crypto-extension rows of aarch64_ce again for a newer product core
# (Cortex-A55, ARMv8.2): gcc reported a -march=armv8-a+crypto of theirs
# against it, as it did the SHA-512 row's armv8.2-a against the Cortex-A53.
case " $STRICT_CONFIGS " in
  *" aarch64_ce "*)
    strict aarch64_ce-a55 "//crypto:aes_armv8 //crypto:ghash_pmull \
//crypto:sha_armv8 //crypto:gcm_armv8 //crypto:sha512_armv8" \
      --config=aarch64_ce --config=strict --platform_suffix=aarch64_ce-strict-a55 \
      --copt=-march=armv8.2-a --copt=-mcpu=cortex-a55 ;;
esac

# The Mbed TLS ALT modules under the same warning set (they are compiled
# with the product's Mbed TLS build, so a product's flags reach them too;
# Mbed TLS's own sources keep theirs: --per_file_copt), in the target
# suites' output trees.
if [ "${MBEDTLS:-1}" != 0 ]; then
  strict_alt="-Wall,-Wextra,-Wshadow,-Wconversion,-Wsign-conversion,-Wcast-align,-Wundef,-Werror"
  for c in x86_64_aesni armv7_neon clang_x86_64_aesni; do
    case " $STRICT_CONFIGS " in *" $c "*) ;; *) continue ;; esac
    strict "$c-mbedtls" @mbedtls//:ctcrypto_alt --config="$c" \
      "--per_file_copt=integrations/mbedtls/src/.*@$strict_alt"
  done
fi

step consumer env CONFIGS="$CONFIGS" examples/consumer/test.sh  # the consumer workspace, all configs
# The product workspace has platforms of its own: all of them, whatever
# CONFIGS (this repository's config names) says.
step product env CONFIGS='' examples/product/test.sh
step firmware env CONFIGS='' examples/firmware/test.sh  # the bare-metal product workspace, its two boards
# valgrind ct, asan+ubsan, fuzz; HOST_CHECKS=0 skips
[ "${HOST_CHECKS:-1}" = 0 ] || step host-checks util/check-host.sh
# The valgrind constant-time check over Mbed TLS's calls, ALT and stock (the
# negative control), on the host and ARM builds check-host.sh's ctgrind and
# ctarm steps built (integrations/mbedtls/ct/run-ct.sh).
if [ "${MBEDTLS:-1}" != 0 ] && [ "${HOST_CHECKS:-1}" != 0 ]; then
  step mbedtls-ct integrations/mbedtls/ct/run-ct.sh
fi
echo "=================== summary ==================="
printf '%s' "$summary"
echo "total $(($(date +%s) - all_start))s"
exit "$failed"
