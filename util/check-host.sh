#!/bin/sh
# Host-only checks, run by util/test-all.sh after the five target
# configurations:
#   1. ctgrind  the constant-time suite under valgrind memcheck, every AES and
#               GHASH row (and every AES x GHASH pair for GCM, and every
#               TLS-CBC suite's seal and open -- good record, bad padding, bad
#               MAC -- on every AES row) this CPU can run under valgrind:
#               0 reports required (//tests/ct:ct_suite).
#   2. control  the negative control through the same harness: both
#               deliberate leaks MUST be reported (valgrind exits 99 and the
#               program confirms each); fails if the harness goes blind.
#   ctarm       util/ct-arm.sh: the same suite and negative control under
#               valgrind for the guest under QEMU (aarch64_ce, with and
#               without aes,pmull, aarch64_noce, armv7_neon on a CPU with
#               the AArch32 CE rows) and under MemorySanitizer on the host
#               (every x86 row, AVX-512 included); every row checked.
#   ctmcu       util/ct-mcu.sh: the bare-metal Cortex-M builds (every
#               --config run on an MPS2 board) as compiled, by comparing
#               QEMU execution traces (instruction and data addresses) of
#               runs with different secrets, and scanning the executed
#               functions for variable-time instructions; its three
#               negative controls must be reported.
#   3. asan_ubsan  bazel test --config=asan_ubsan //...: AddressSanitizer
#               and UndefinedBehaviorSanitizer in one build (one compile and
#               one run of //...; CHECKS="asan" or "ubsan" runs one alone)
#   4. fuzz     every fuzz target (tag "ctcrypto_fuzzer" in //fuzz:
#               differential_fuzzer, gcm_open_fuzzer, tls_cbc_open_fuzzer,
#               ccm_open_fuzzer, gcm_siv_open_fuzzer, key_wrap_xts_fuzzer,
#               stream_fuzzer) built with
#               --config=fuzz (clang 14, libFuzzer, ASan+UBSan) and run from
#               its seed corpus for CTCRYPTO_FUZZ_SECONDS (default 30) each,
#               JOBS (default 2) of them at a time;
#               no finding allowed. Work and findings go to $FUZZ_OUT (by
#               default a temporary directory, removed at exit unless a
#               fuzzer found something).
#
#   util/check-host.sh
#   CTCRYPTO_FUZZ_SECONDS=600 util/check-host.sh      # longer fuzzing
#   CHECKS="ctgrind control" util/check-host.sh       # a subset
# Longer fuzzing campaigns: see fuzz/README.md.
set -u
cd "$(dirname "$0")/.." || exit 1

util/install-deps.sh || exit 1

CHECKS=${CHECKS:-"ctgrind control ctarm ctmcu asan_ubsan fuzz"}
JOBS=${JOBS:-2}
FUZZ_SECONDS=${CTCRYPTO_FUZZ_SECONDS:-30}
LOG_DIR=$(mktemp -d /tmp/ctcrypto-check-host.XXXXXX) || exit 1
fuzz_tmp=""  # FUZZ_OUT when this script made it
if [ -z "${FUZZ_OUT:-}" ]; then
  FUZZ_OUT=$(mktemp -d /tmp/ctcrypto-fuzz.XXXXXX) || exit 1
  fuzz_tmp=$FUZZ_OUT
fi
keep_fuzz=0   # set when a fuzzer reports a finding
cleanup() {
  rm -rf "$LOG_DIR"
  if [ -n "$fuzz_tmp" ]; then
    if [ "$keep_fuzz" = 1 ]; then
      echo "check-host: fuzzer work and findings kept in $fuzz_tmp" >&2
    else
      rm -rf "$fuzz_tmp"
    fi
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

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
      log="$(bazel info --config=ctgrind bazel-testlogs)/tests/ct/ct_suite/test.log"
      cat "$log"
      if [ "$rc" -eq 0 ] &&
         grep -q 'under valgrind memcheck: constant-time checked' "$log"; then
        pairs=$(grep -c 'ok (0 reports)' "$log")
        skipped=$(grep -c '^SKIPPED' "$log")
        record ctgrind "PASS: $pairs row x operation pairs, 0 reports ($skipped rows skipped, listed above)" "$start"
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
      if util/ct-arm.sh; then record ctarm "PASS (table above)" "$start"
      else record ctarm "FAIL (table above)" "$start"; fi
      ;;
    ctmcu)
      if util/ct-mcu.sh; then record ctmcu "PASS (table above)" "$start"
      else record ctmcu "FAIL (table above)" "$start"; fi
      ;;
    asan|ubsan|asan_ubsan)
      if bazel test --config="$check" --jobs="$JOBS" --keep_going -- //...; then
        record "$check" "PASS" "$start"
      else
        record "$check" "FAIL" "$start"
      fi
      ;;
    fuzz)
      if ! targets=$(bazel query 'attr(tags, "\bctcrypto_fuzzer\b", kind(cc_binary, //fuzz/...))' \
             2>"$LOG_DIR/fuzz-query.log") || [ -z "$targets" ]; then
        cat "$LOG_DIR/fuzz-query.log"
        record fuzz "FAIL: no fuzz targets found (bazel query output above)" "$start"
        continue
      fi
      # shellcheck disable=SC2086 # targets is a list of labels
      if ! bazel build --config=fuzz --jobs="$JOBS" $targets; then
        record fuzz "FAIL: build (bazel output above)" "$start"
        continue
      fi
      bin=$(bazel info --config=fuzz bazel-bin)
      # The fuzzers run in $JOBS lanes at once (each is one process on one
      # core), each for its full FUZZ_SECONDS; the results are read in
      # the targets' order afterwards.
      lane=0
      lanes=""
      for t in $targets; do
        lanes="$lanes $t@$lane"
        lane=$(((lane + 1) % JOBS))
      done
      lane=0
      while [ "$lane" -lt "$JOBS" ]; do
        (
          for entry in $lanes; do
            [ "${entry##*@}" = "$lane" ] || continue
            t=${entry%@*}
            name=${t##*:}
            work="$FUZZ_OUT/$name"
            mkdir -p "$work/corpus" "$work/findings"
            "$bin/fuzz/$name" -max_total_time="$FUZZ_SECONDS" -timeout=30 \
              -rss_limit_mb=2048 -print_final_stats=1 \
              -artifact_prefix="$work/findings/" \
              "$work/corpus" "fuzz/corpus/$name" >"$work/log" 2>&1
            echo $? >"$work/rc"
          done
        ) &
        lane=$((lane + 1))
      done
      echo "--- $(echo "$targets" | wc -w) fuzzers, ${FUZZ_SECONDS}s each from fuzz/corpus/<name>, $JOBS at a time (work and findings in $FUZZ_OUT)"
      wait
      fuzz_result="PASS:"
      for t in $targets; do
        name=${t##*:}
        work="$FUZZ_OUT/$name"
        frc=$(cat "$work/rc" 2>/dev/null || echo "did not run")
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" 2>/dev/null | tail -1)
        echo "--- $name"
        tail -n 12 "$work/log" 2>/dev/null
        if [ "$frc" = 0 ]; then
          case $fuzz_result in PASS:*) fuzz_result="$fuzz_result $name ${runs:-?} execs;" ;; esac
        else
          fuzz_result="FAIL: $name found something (exit $frc, $work/findings)"
          keep_fuzz=1
          if grep -q -E 'ERROR|runtime error|FUZZ_CHECK' "$work/log"; then
            grep -A30 -E 'ERROR|runtime error|FUZZ_CHECK' "$work/log" | head -60
          else
            tail -n 60 "$work/log"
          fi
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
