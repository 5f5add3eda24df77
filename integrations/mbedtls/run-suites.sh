#!/bin/sh
# run-suites.sh [CONFIG[:DISABLE]...]: Mbed TLS 3.6's own test suites (the @mbedtls
# targets of mbedtls.BUILD: AES, GCM, CCM, CMAC, NIST KW, the cipher layer,
# CTR_DRBG, PSA Crypto) on ctcrypto's ALT modules and on stock Mbed TLS,
# for each ctcrypto build config (.bazelrc; default x86_64_aesni; the QEMU
# ones run under their emulator), then compare_outcomes.py case by case:
# every case that passes on stock must pass on ALT. CONFIG:DISABLE runs the
# ALT build with CTCRYPTO_DISABLE=DISABLE (e.g. x86_64_aesni:aesni,pclmul
# for the SSSE3 rows, aarch64_ce:aes,pmull for the NEON rows): ctcrypto's
# other rows under the same suites (the stock build ignores it).
#
# Fetches the Mbed TLS tree first (util/fetch-mbedtls.sh). The stock build
# is the same tree with --@mbedtls//:config=...:stock_config in its own
# output directory (--platform_suffix=<config>_mbedtls_stock), so the two
# builds keep their caches. Logs and reports go to
#   ${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-suites}/<config>/
# (stock/, alt/, report.txt). Environment: JOBS (bazel --jobs, default 2),
# SUITES (targets, default @mbedtls//:suites), VARIANTS ("stock alt").
# Exit status 0 when every config compares clean.
set -eu
cd "$(dirname "$0")/../.."

util/fetch-mbedtls.sh >/dev/null

results=${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-suites}
jobs=${JOBS:-2}
suites=${SUITES:-@mbedtls//:suites}
variants=${VARIANTS:-stock alt}
[ $# -gt 0 ] || set -- x86_64_aesni

status=0
for config in "$@"; do
  disable=""
  case $config in
    *:*) disable=${config#*:}; config=${config%%:*} ;;
  esac
  out="$results/$config${disable:+-disable-$(echo "$disable" | tr , -)}"
  for variant in $variants; do
    if [ "$variant" = stock ]; then
      flags="--config=$config --platform_suffix=${config}_mbedtls_stock --@mbedtls//:config=@ctcrypto//integrations/mbedtls:stock_config"
    else
      flags="--config=$config${disable:+ --test_env=CTCRYPTO_DISABLE=$disable}"
    fi
    echo "run-suites: $config $variant" >&2
    # shellcheck disable=SC2086
    testlogs=$(bazel info $flags bazel-testlogs 2>/dev/null) || true
    if [ -z "$testlogs" ]; then
      echo "run-suites: bazel info $flags failed" >&2
      exit 1
    fi
    # No log of an earlier run may stand in for a suite that fails to build.
    rm -rf "$testlogs/external/mbedtls"
    # shellcheck disable=SC2086
    bazel test --jobs="$jobs" --keep_going --test_output=errors $flags $suites >&2 || true
    rm -rf "$out/$variant"
    mkdir -p "$out/$variant"
    for log in "$testlogs"/external/mbedtls/test_suite_*/test.log; do
      [ -f "$log" ] || continue
      name=$(basename "$(dirname "$log")")
      cp "$log" "$out/$variant/$name.log"
    done
    extra="$testlogs/external/mbedtls/ctcrypto_alt_extra_test/test.log"
    if [ -f "$extra" ]; then cp "$extra" "$out/$variant/extra.log"; fi
  done
  echo "== $config${disable:+ with CTCRYPTO_DISABLE=$disable} ==" > "$out/report.txt"
  if ! python3 integrations/mbedtls/compare_outcomes.py "$out/stock" "$out/alt" >> "$out/report.txt"; then
    status=1
  fi
  # ctcrypto's own extra checks (testing/alt_extra_test.c), both builds.
  for variant in $variants; do
    line=$(grep -h "^alt_extra_test" "$out/$variant/extra.log" 2>/dev/null || true)
    echo "${line:-alt_extra_test ($variant): did not run}" >> "$out/report.txt"
    case $line in *": PASSED"*) ;; *) status=1 ;; esac
  done
  cat "$out/report.txt"
done
exit "$status"
