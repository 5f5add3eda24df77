#!/bin/sh
# run-suites.sh [--record | --ci] [CONFIG[:DISABLE]...]: Mbed TLS 3.6's own
# test suites (the @mbedtls targets of mbedtls.BUILD: AES, GCM, CCM, CMAC,
# NIST KW, the cipher layer, CTR_DRBG, PSA Crypto) on ctcrypto's ALT modules
# and on stock Mbed TLS, for each ctcrypto build config (.bazelrc; default
# x86_64_aesni; the QEMU ones run under their emulator), then
# compare_outcomes.py case by case: every case that passes on stock must pass
# on ALT. CONFIG:DISABLE runs the ALT build with CTCRYPTO_DISABLE=DISABLE
# (e.g. x86_64_aesni:aesni,pclmul for the SSSE3 rows, aarch64_ce:aes,pmull
# for the NEON rows): ctcrypto's other rows under the same suites (the stock
# build ignores it).
#
#   (no option)  builds and runs stock and ALT, compares them
#   --record     builds and runs stock only and writes its outcomes, per
#                config, into stock-outcomes.txt (replacing that config's
#                block; a header line says when and how)
#   --ci         builds and runs ALT only and compares it against the
#                recorded stock outcomes of CONFIG (ci-suites.sh); Bazel's
#                output goes to the results directory, and stdout has one
#                SUMMARY line a config
#
# Fetches the Mbed TLS tree first (util/fetch-mbedtls.sh). The stock build
# is the same tree with --@mbedtls//:config=...:stock_config in its own
# output directory (--platform_suffix=<config>_mbedtls_stock), so the two
# builds keep their caches; the ALT build takes the config's own output
# directory (that of util/test-all.sh's `bazel test //...`, whose ctcrypto
# objects it reuses). Logs and reports go to
#   ${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-suites}/<config>/
# (stock/, alt/, report.txt, bazel-<variant>.log in --ci). Environment:
# JOBS (bazel --jobs, default 2), SUITES (targets, default
# @mbedtls//:suites), VARIANTS ("stock alt"; set by --record and --ci).
# Exit status 0 when every config compares clean (--record: every stock
# suite ran to its end).
set -eu
cd "$(dirname "$0")/../.."

mode=compare
case ${1:-} in
  --record) mode=record; shift; VARIANTS=stock ;;
  --ci) mode=ci; shift; VARIANTS=alt ;;
esac

util/fetch-mbedtls.sh >/dev/null

here=integrations/mbedtls
record="$here/stock-outcomes.txt"
results=${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-suites}
jobs=${JOBS:-2}
suites=${SUITES:-@mbedtls//:suites}
variants=${VARIANTS:-stock alt}
[ $# -gt 0 ] || set -- x86_64_aesni

status=0
for config in "$@"; do
  start=$(date +%s)
  disable=""
  case $config in
    *:*) disable=${config#*:}; config=${config%%:*} ;;
  esac
  label="$config${disable:+ CTCRYPTO_DISABLE=$disable}"
  out="$results/$config${disable:+-disable-$(echo "$disable" | tr , -)}"
  mkdir -p "$out"
  for variant in $variants; do
    if [ "$variant" = stock ]; then
      flags="--config=$config --platform_suffix=${config}_mbedtls_stock --@mbedtls//:config=@ctcrypto//integrations/mbedtls:stock_config"
    else
      flags="--config=$config${disable:+ --test_env=CTCRYPTO_DISABLE=$disable}"
    fi
    echo "run-suites: $label $variant" >&2
    log=/dev/stderr
    [ "$mode" != ci ] || log="$out/bazel-$variant.log"
    rm -rf "${out:?}/$variant" "$out/bep-$variant.json"
    # Only the tests with a result in this run's build events give logs
    # (compare_outcomes.py --logs): a suite that fails to build has none,
    # and no log of an earlier run stands in for it. Cached results count:
    # their inputs are unchanged.
    # shellcheck disable=SC2086
    bazel test --jobs="$jobs" --keep_going --test_output=errors \
      --build_event_json_file="$out/bep-$variant.json" $flags $suites \
      >>"$log" 2>&1 || true
    python3 $here/compare_outcomes.py --logs "$out/bep-$variant.json" "$out/$variant"
  done
  {
    echo "== $label =="
    case $mode in
      compare) python3 $here/compare_outcomes.py "$out/stock" "$out/alt" ;;
      record)
        python3 $here/compare_outcomes.py --record "$record" "$config" "$out/stock" \
          "recorded $(date -u +%Y-%m-%d) by run-suites.sh --record $config ($(util/fetch-mbedtls.sh | sed 's|.*/||'))" ;;
      ci)
        python3 $here/compare_outcomes.py --against "$record" "$config" "$out/alt" \
          --summary "$label" ;;
    esac
  } > "$out/report.txt" || status=1
  # ctcrypto's own extra checks (testing/alt_extra_test.c), each build.
  extra=""
  for variant in $variants; do
    line=$(grep -h "^alt_extra_test" "$out/$variant/extra.log" 2>/dev/null || true)
    echo "${line:-alt_extra_test ($variant): did not run}" >> "$out/report.txt"
    case $line in *": PASSED"*) extra="$extra, alt_extra_test ($variant) PASSED" ;;
      *) status=1; extra="$extra, alt_extra_test ($variant) FAILED or did not run" ;; esac
  done
  if [ "$mode" = ci ]; then
    # One line a config: the compare's SUMMARY line, the extra test, seconds.
    summary=$(sed -n 's/^SUMMARY //p' "$out/report.txt")
    printf 'mbedtls-suites %s%s (%ss)\n' "${summary:-$label: no summary (see $out/report.txt)}" \
      "$extra" "$(($(date +%s) - start))"
    if grep -q "problem(s)\|did not run\|FAILED" "$out/report.txt"; then
      sed -n '/^total/,$p' "$out/report.txt" | grep -v '^SUMMARY' | sed 's/^/  /'
      tail -n 20 "$out/bazel-alt.log" | sed 's/^/  bazel: /'
    fi
  else
    cat "$out/report.txt"
  fi
done
exit "$status"
