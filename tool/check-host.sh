#!/bin/sh
# Host-only checks (issue 7), run by tool/test-all.sh after the five target
# configurations:
#   1. ctgrind  the constant-time suite under valgrind memcheck, every AES and
#               GHASH row (and every AES x GHASH pair for GCM, and every
#               TLS-CBC suite's seal and open -- good record, bad padding, bad
#               MAC -- on every AES row) this CPU can run under valgrind:
#               0 reports required (//tests/ct:ct_suite).
#   2. control  the negative control through the same harness: both
#               deliberate leaks MUST be reported (valgrind exits 99 and the
#               program confirms each); fails if the harness goes blind.
#   ctarm       tool/ct-arm.sh: the same suite and negative control under
#               valgrind for the guest under QEMU (aarch64_ce, with and
#               without aes,pmull, aarch64_noce, armv7_neon on a CPU with
#               the AArch32 CE rows) and under MemorySanitizer on the host
#               (every x86 row, AVX-512 included); every row checked.
#   3. asan     bazel test --config=asan //...
#   4. ubsan    bazel test --config=ubsan //...
#   5. fuzz     every fuzz target (tag "ctcrypto_fuzzer" in //fuzz:
#               differential_fuzzer, gcm_open_fuzzer, tls_cbc_open_fuzzer) built with
#               --config=fuzz (clang 14, libFuzzer, ASan+UBSan) and run from
#               its seed corpus for CTCRYPTO_FUZZ_SECONDS (default 60) each;
#               no finding allowed. Findings are written to $FUZZ_OUT.
#
#   tool/check-host.sh
#   CTCRYPTO_FUZZ_SECONDS=600 tool/check-host.sh      # longer fuzzing
#   CHECKS="ctgrind control" tool/check-host.sh       # a subset
# Longer fuzzing campaigns: see fuzz/README.md.
set -u
cd "$(dirname "$0")/.." || exit 1

tool/install-deps.sh || exit 1

CHECKS=${CHECKS:-"ctgrind control ctarm asan ubsan fuzz"}
JOBS=${JOBS:-2}
FUZZ_SECONDS=${CTCRYPTO_FUZZ_SECONDS:-60}
FUZZ_OUT=${FUZZ_OUT:-$(mktemp -d /tmp/ctcrypto-fuzz.XXXXXX)}
LOG_DIR=$(mktemp -d /tmp/ctcrypto-check-host.XXXXXX)

summary=""
failed=0
record() {  # record NAME RESULT START
  summary="$summary$(printf '%-9s %s (%ss)' "$1" "$2" "$(($(date +%s) - $3))")
"
  case $2 in PASS*) ;; *) failed=1 ;; esac
}

all_start=$(date +%s)
for check in $CHECKS; do
  echo "=================== check-host: $check ==================="
  start=$(date +%s)
  case $check in
    ctgrind)
      bazel test --config=ctgrind --jobs="$JOBS" //tests/ct:ct_suite
      rc=$?
      log="$(bazel info --config=ctgrind bazel-testlogs 2>/dev/null)/tests/ct/ct_suite/test.log"
      cat "$log"
      if [ "$rc" -eq 0 ] &&
         grep -q 'under valgrind memcheck: constant-time checked' "$log"; then
        pairs=$(grep -c 'ok (0 reports)' "$log")
        skipped=$(grep -c '^SKIPPED' "$log")
        record ctgrind "PASS: $pairs backend x operation pairs, 0 reports ($skipped rows skipped, listed above)" "$start"
      else
        record ctgrind "FAIL: valgrind reports or wrong results (exit $rc, $log)" "$start"
      fi
      ;;
    control)
      bazel run --config=ctgrind --jobs="$JOBS" //tests/ct:ct_negative_control \
        >"$LOG_DIR/control.log" 2>&1
      rc=$?
      grep -E 'negative control|==[0-9]+== (Conditional|Use of)' "$LOG_DIR/control.log"
      if [ "$rc" -eq 99 ] &&
         grep -q 'negative control: all 2 leaks reported' "$LOG_DIR/control.log"; then
        record control "PASS: both deliberate leaks REPORTED (valgrind exit 99)" "$start"
      else
        cat "$LOG_DIR/control.log"
        record control "FAIL: negative control NOT reported (exit $rc) -- harness blind" "$start"
      fi
      ;;
    ctarm)
      if tool/ct-arm.sh; then record ctarm "PASS (table above)" "$start"
      else record ctarm "FAIL (table above)" "$start"; fi
      ;;
    asan|ubsan)
      if bazel test --config="$check" --jobs="$JOBS" --keep_going -- //...; then
        record "$check" "PASS" "$start"
      else
        record "$check" "FAIL" "$start"
      fi
      ;;
    fuzz)
      targets=$(bazel query 'attr(tags, "\bctcrypto_fuzzer\b", kind(cc_binary, //fuzz/...))' 2>/dev/null)
      if [ -z "$targets" ] ||
         ! bazel build --config=fuzz --jobs="$JOBS" $targets; then
        record fuzz "FAIL: build" "$start"
        continue
      fi
      bin=$(bazel info --config=fuzz bazel-bin 2>/dev/null)
      fuzz_result="PASS:"
      for t in $targets; do
        name=${t##*:}
        work="$FUZZ_OUT/$name"
        mkdir -p "$work/corpus" "$work/findings"
        echo "--- $name: ${FUZZ_SECONDS}s from fuzz/corpus/$name (findings -> $work/findings)"
        "$bin/fuzz/$name" -max_total_time="$FUZZ_SECONDS" -timeout=30 \
          -rss_limit_mb=2048 -print_final_stats=1 \
          -artifact_prefix="$work/findings/" \
          "$work/corpus" "fuzz/corpus/$name" >"$work/log" 2>&1
        frc=$?
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
        tail -n 12 "$work/log"
        if [ "$frc" -eq 0 ]; then
          fuzz_result="$fuzz_result $name ${runs:-?} execs;"
        else
          fuzz_result="FAIL: $name found something (exit $frc, $work/findings)"
          cat "$work/log" | grep -A30 -E 'ERROR|runtime error|FUZZ_CHECK' | head -60
          break
        fi
      done
      record fuzz "$fuzz_result" "$start"
      ;;
    *)
      record "$check" "FAIL: unknown check" "$start"
      ;;
  esac
done

echo "=================== check-host summary ==================="
printf '%s' "$summary"
echo "total $(($(date +%s) - all_start))s"
exit "$failed"
