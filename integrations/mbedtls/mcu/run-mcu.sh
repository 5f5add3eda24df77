#!/bin/sh
# run-mcu.sh [CONFIG...]: Mbed TLS 3.6 on ctcrypto's Cortex-M configs
# (default: cortex_m0plus cortex_m4 cortex_m33; bare metal under
# qemu-system-arm, .bazelrc), stock against ALT, in two parts per config:
#
# 1. Mbed TLS's own test suites (MCU_SUITES, below) built with this
#    directory's bare-metal configuration, once stock
#    (:mcu_stock_config) and once with ctcrypto under the five ALT seams
#    (:mcu_alt_config), run under QEMU with semihosting, then compared case
#    by case (../compare_outcomes.py: every case that passes on stock must
#    pass on ALT).
# 2. The Cortex-M trace check over Mbed TLS's AES/GCM/CCM/CMAC calls
#    (mbedtls_trace_driver.c) on both builds, three runs each (secrets all
#    0x00, all 0xff, random) under the trace plugin of util/ct-mcu.sh,
#    analysed by util/mcu_trace_check.py: on ALT every region must give the
#    same instruction and data-address traces and no variable-time
#    instruction (0 reports); stock Mbed TLS is the negative control and
#    must be REPORTED. Both builds must also print the same DIGEST of their
#    outputs for the same secrets, and each run's own negative controls
#    (branch, lookup, division of a secret) must be reported.
#
# Prints one line per config and item with counts, then "mcu: PASS" or
# "mcu: FAIL"; exit status 0 when everything passed. Logs and traces go to
# ${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-mcu}/<config>/.
# Environment: JOBS (bazel --jobs, default 2), MCU_SUITES (test targets),
# MCU_RUNS (trace runs of the ALT build, default 3; stock gets 2), MCU_PARTS
# ("suites ct", default both), MCU_STOCK_FROM (a config: only that config
# builds stock Mbed TLS, and the others compare their ALT outcomes and
# output digest with its stock ones, its stock build being the trace check's
# negative control for all; it must come first in the list. Stock's
# outcomes are the same on the three cores, case by case, so this halves a
# cold run's Mbed TLS builds; util/test-all.sh uses it.)
set -u
cd "$(dirname "$0")/../../.." || exit 1
. integrations/mbedtls/mcu/mcu_lib.sh

all_start=$(date +%s)
util/fetch-mbedtls.sh > /dev/null || { echo "mcu: util/fetch-mbedtls.sh failed"; exit 1; }
for tool in python3 qemu-system-arm arm-none-eabi-nm arm-none-eabi-objdump gcc-12; do
  command -v "$tool" > /dev/null || { echo "mcu: $tool not found (util/install-deps.sh)"; exit 1; }
done

# shellcheck disable=SC2086 # a list of configs
[ $# -gt 0 ] || set -- $MCU_CONFIGS_DEFAULT
CONFIGS=$*
JOBS=${JOBS:-2}
RUNS=${MCU_RUNS:-3}
STOCK_FROM=${MCU_STOCK_FROM:-}
if [ -n "$STOCK_FROM" ]; then
  case " $CONFIGS " in
    " $STOCK_FROM "*) ;;
    *) echo "mcu: MCU_STOCK_FROM=$STOCK_FROM must be the first config"; exit 1 ;;
  esac
fi
PARTS=${MCU_PARTS:-suites ct}
# The suites of the issue that run in CI on every Cortex-M config. Left
# out: test_suite_gcm.aes{128,192,256}_{en,de}, which run every split of
# every message through the API in parts (about a million calls for one
# 1 KiB case): minutes each under QEMU, per config and build
# (MCU_SUITES=@mbedtls//:suites runs them too; README.md, "Cortex-M").
MCU_SUITES=${MCU_SUITES:-$(printf '@mbedtls//:test_suite_%s ' \
  aes.cbc aes.cfb aes.ctr aes.ecb aes.ofb aes.rest aes.xts \
  ccm cmac nist_kw ctr_drbg \
  cipher.aes cipher.ccm cipher.gcm cipher.misc cipher.nist_kw cipher.padding \
  gcm.misc gcm.camellia psa_crypto) @mbedtls//:ctcrypto_alt_extra_test}
results=${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-mcu}
mkdir -p "$results" || exit 1

summary=""
failed=0
line() {
  summary="$summary$(printf 'mcu: %-14s %-8s %s' "$1" "$2" "$3")
"
}
fail() { line "$@"; failed=$((failed + 1)); }

plugin=""
case " $PARTS " in *" ct "*)
  plugin=$(mcu_plugin "$results") || { echo "mcu: cannot build the QEMU trace plugin"; exit 1; } ;;
esac

for c in $CONFIGS; do
  out="$results/$c"
  rm -rf "$out"
  mkdir -p "$out" || exit 1
  targets=""
  case " $PARTS " in *" suites "*) targets="$MCU_SUITES" ;; esac
  case " $PARTS " in *" ct "*) targets="$targets $MCU_PKG:mbedtls_trace_driver" ;; esac
  # Where this config's stock outcomes, driver run and digest come from.
  variants="stock alt"
  stock_out=$out
  stock_from=""
  t_build_stock=0
  t_build_alt=0
  t_ct=0
  if [ -n "$STOCK_FROM" ] && [ "$c" != "$STOCK_FROM" ]; then
    variants="alt"
    stock_out="$results/$STOCK_FROM"
    stock_from=" ($STOCK_FROM's)"
  fi
  for variant in $variants; do
    start=$(date +%s)
    eval "set -- $(mcu_bazel_flags "$c" "$variant")"
    testlogs=$(bazel info "$@" bazel-testlogs 2> /dev/null)
    bin=$(bazel info "$@" bazel-bin 2> /dev/null)
    if [ -z "$testlogs" ] || [ -z "$bin" ]; then
      fail "$c" "$variant" "FAIL: bazel info"; continue
    fi
    # No log of an earlier run may stand in for a suite that fails to build.
    rm -rf "$testlogs/external/mbedtls"
    echo "mcu: $c $variant: bazel test" >&2
    # shellcheck disable=SC2086 # MCU_SUITES: a list of targets
    bazel test --jobs="$JOBS" --keep_going --test_output=errors "$@" $targets > "$out/bazel.$variant.log" 2>&1
    mkdir -p "$out/$variant"
    for log in "$testlogs"/external/mbedtls/test_suite_*/test.log; do
      [ -f "$log" ] || continue
      cp "$log" "$out/$variant/$(basename "$(dirname "$log")").log"
    done
    extra="$testlogs/external/mbedtls/ctcrypto_alt_extra_test/test.log"
    [ -f "$extra" ] && cp "$extra" "$out/$variant/extra.log"
    cp "$bin/integrations/mbedtls/mcu/mbedtls_trace_driver" "$out/driver.$variant" 2> /dev/null
    eval "t_build_$variant=$(($(date +%s) - start))"
  done

  # 1. The suites, case by case.
  case " $PARTS " in *" suites "*)
    python3 integrations/mbedtls/compare_outcomes.py "$stock_out/stock" "$out/alt" > "$out/report.txt"
    rc=$?
    nsuites=0
    for f in "$out"/alt/test_suite_*.log; do
      [ -f "$f" ] && nsuites=$((nsuites + 1))
    done
    total=$(sed -n 's/^total  *//p' "$out/report.txt" | tr -s ' ')
    # shellcheck disable=SC2086 # the two counts
    set -- $total
    if [ "$rc" -eq 0 ] && [ "$nsuites" -gt 0 ]; then
      line "$c" suites "PASS: $nsuites suites, stock$stock_from ${1:-?} vs ALT ${2:-?} pass/skip/fail, every stock pass passes on ALT ($(grep -c 'does not apply' "$out/report.txt") not applicable)"
    else
      fail "$c" suites "FAIL: $nsuites suites, stock ${1:-?} vs ALT ${2:-?}: $(grep -v '^test_suite_\|^suite\|^total' "$out/report.txt" | head -3 | tr '\n' ';') ($out/report.txt, $out/bazel.*.log)"
    fi
    for variant in $variants; do
      x=$(grep -h '^alt_extra_test' "$out/$variant/extra.log" 2> /dev/null)
      case $x in
        *": PASSED"*) line "$c" "extra" "PASS ($variant): $x" ;;
        *) fail "$c" "extra" "FAIL ($variant): ${x:-did not run} ($out/bazel.$variant.log)" ;;
      esac
    done ;;
  esac

  # 2. The trace check: ALT must be clean, stock must be reported.
  case " $PARTS " in *" ct "*)
    start=$(date +%s)
    vt="udiv sdiv"   # util/ct-mcu.sh adds the M3's multiplies; no M3 config here
    for variant in alt stock; do
      case " $variants " in *" $variant "*) ;; *) continue ;; esac
      dir="$out/ct.$variant"
      mkdir -p "$dir"
      if [ ! -f "$out/driver.$variant" ]; then
        fail "$c" "ct" "FAIL ($variant): driver not built ($out/bazel.$variant.log)"; continue
      fi
      # Stock only has to be reported: two runs suffice.
      runs=$RUNS
      [ "$variant" = stock ] && runs=2
      ok=1
      r=1
      while [ "$r" -le "$runs" ]; do
        mcu_trace_run "$plugin" "$out/driver.$variant" "$c" "$r" "$dir" || { ok=0; break; }
        r=$((r + 1))
      done
      if [ "$ok" = 0 ]; then
        fail "$c" "ct" "FAIL ($variant): driver run $r failed ($dir/run.$r.log)"; continue
      fi
      python3 util/mcu_trace_check.py check --config "$c" --bin "$out/driver.$variant" \
        --dir "$dir" --runs "$runs" --vt "$vt" || { fail "$c" ct "FAIL ($variant): analysis"; continue; }
      regions=$(grep -vc ' negative_control\.' "$dir/regions")
      reports=$(grep -c 'FAIL' "$dir/result.table")
      # Of those, regions whose traces differ between secrets (the rest:
      # verdict pairs, variable-time instructions).
      leaky=$(grep -v '^ ' "$dir/result.table" | grep 'FAIL' | grep -vc ' verdict \|(variable-time')
      controls=$(grep -c 'all 3 leaks reported' "$dir/result.controls")
      if [ "$controls" != 1 ]; then
        fail "$c" "ct" "FAIL ($variant): the driver's negative controls were not all reported ($dir/result.controls)"
      elif [ "$variant" = alt ] && [ "$reports" -eq 0 ]; then
        line "$c" "ct" "PASS (ALT): $regions regions x $RUNS runs, 0 reports; controls reported"
      elif [ "$variant" = alt ]; then
        fail "$c" "ct" "FAIL (ALT): $reports reports in $regions regions ($dir/result.table)"
      elif [ "$reports" -gt 0 ]; then
        line "$c" "ct" "PASS (stock, negative control): REPORTED: $leaky of $regions regions differ between secrets, $reports findings in all ($runs runs)"
      else
        fail "$c" "ct" "FAIL (stock): not reported: the check is blind to table AES ($dir/result.table)"
      fi
      [ "$reports" -eq 0 ] || grep 'FAIL' "$dir/result.table" | head -40 > "$dir/reports.txt"
    done
    d1=$(sed -n 's/^DIGEST //p' "$out/ct.alt/run.1.log" 2> /dev/null)
    d2=$(sed -n 's/^DIGEST //p' "$stock_out/ct.stock/run.1.log" 2> /dev/null)
    if [ -n "$d1" ] && [ "$d1" = "$d2" ]; then
      line "$c" "ct" "PASS: stock and ALT outputs agree (digest $d1)"
    else
      fail "$c" "ct" "FAIL: stock and ALT outputs differ (digest ${d2:-none} vs ${d1:-none})"
    fi
    # The traces are large; keep them only for a failure.
    [ "$failed" -eq 0 ] && rm -rf "$out"/ct.*/[0-9]*
    t_ct=$(($(date +%s) - start)) ;;
  esac
  if [ -n "$stock_from" ]; then
    line "$c" "time" "build+test ALT ${t_build_alt}s (stock: $STOCK_FROM's), trace check ${t_ct}s"
  else
    line "$c" "time" "build+test stock ${t_build_stock}s, ALT ${t_build_alt}s, trace check ${t_ct}s"
  fi
done

echo "=================== mcu: Mbed TLS on Cortex-M ==================="
printf '%s' "$summary"
echo "mcu: total $(($(date +%s) - all_start))s"
if [ "$failed" -eq 0 ]; then echo "mcu: PASS"; else echo "mcu: FAIL ($failed)"; fi
[ "$failed" -eq 0 ]
