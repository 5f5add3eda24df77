#!/bin/sh
# ci-suites.sh: CI's run of Mbed TLS's own test suites on ctcrypto (issue
# 27), for util/test-all.sh: the ALT build of @mbedtls//:suites (27 suites
# and alt_extra_test) on every Linux target, each case checked against the
# stock outcomes recorded in stock-outcomes.txt (run-suites.sh --record), so
# CI builds Mbed TLS once a target, not twice. Fetches the Mbed TLS tree
# first (util/fetch-mbedtls.sh, idempotent).
#
# Targets: MBEDTLS_SUITE_CONFIGS, default every Linux target of
# util/configs.tsv but the two whose rows another build reaches with
# CTCRYPTO_DISABLE: x86_64_ssse3's (vpaes+bsaes, the SSSE3 GHASH) run as
# x86_64_aesni:aesni,pclmul and aarch64_noce's (vpaes+bsaes, NEON GHASH) as
# aarch64_ce:aes,pmull, the same row code under the same suites without a
# third and fourth Mbed TLS build (about 6 minutes of a cold CI run;
# util/test-all.sh still runs ctcrypto's own suites on both builds).
# armv7_neon_ce reuses armv7_neon's build (same platform and output tree,
# run on QEMU's max CPU), and a CONFIG:DISABLE target its CONFIG's; each
# other target is its own build, in the output tree of util/test-all.sh's
# `bazel test --config=<target>` (its ctcrypto objects are reused).
#
# Prints one line a target (suites, ALT pass/skip/fail, the recorded stock
# counts, the verdict, seconds; the failing cases and Bazel's last lines
# when it fails) and a total; the full reports and Bazel's output are in
# ${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls-suites}/<target>/.
# Exit status 0 when every target compares clean.
set -u
cd "$(dirname "$0")/../.." || exit 1

start=$(date +%s)
# shellcheck source=util/configs.sh
. util/configs.sh
CONFIGS=${MBEDTLS_SUITE_CONFIGS:-"$(configs_all | tr ' ' '\n' |
  grep -vx 'x86_64_ssse3\|aarch64_noce' | tr '\n' ' ')x86_64_aesni:aesni,pclmul aarch64_ce:aes,pmull"}

# The fetch on its own, so that a cold run shows what it cost.
fetch_start=$(date +%s)
if ! dir=$(util/fetch-mbedtls.sh); then
  echo "mbedtls-suites: FAIL: util/fetch-mbedtls.sh could not fetch Mbed TLS"
  exit 1
fi
echo "mbedtls-suites fetch: $dir ($(($(date +%s) - fetch_start))s)"

# shellcheck disable=SC2086 # CONFIGS is a list
integrations/mbedtls/run-suites.sh --ci $CONFIGS
rc=$?
echo "mbedtls-suites: $([ "$rc" = 0 ] && echo PASS || echo FAIL) ($(echo "$CONFIGS" | wc -w) targets, $(($(date +%s) - start))s)"
exit "$rc"
