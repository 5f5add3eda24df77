#!/bin/sh
# ct-arm.sh: the constant-time suite (//tests/ct:ct_suite) and its negative
# control (//tests/ct:ct_negative_control) on the rows the host ctgrind run
# cannot reach:
#   - every ARM row: valgrind memcheck built for the guest (Debian's
#     valgrind:arm64 / valgrind:armhf, unpacked by util/fetch-valgrind-arm.sh,
#     never installed) run under QEMU user mode, on the static
#     --config=ctgrind_<target> builds;
#   - every x86 row of the host, the AVX-512 ones (VAES, VPCLMULQDQ) included:
#     clang's MemorySanitizer, --config=ctmsan, run natively.
# Each run must report 0 errors, check every row it must check (the suite
# fails on a compiled-in, runnable row without pairs) and have its negative
# control REPORTED. Prints a table run x row -> checker x pairs, and seconds.
#
#   util/ct-arm.sh                       # every run below but armv7_neon
#   CT_RUNS="aarch64_noce ctmsan" util/ct-arm.sh
#
# Runs (name: config, QEMU CPU, environment):
#   aarch64_ce         ctgrind_aarch64_ce, cortex-a76: ARMv8 AES/PMULL rows
#   aarch64_ce_nocrypto  same build, CTCRYPTO_DISABLE=aes,pmull: NEON rows
#   aarch64_noce       ctgrind_aarch64_noce, cortex-a53
#   armv7_neon         ctgrind_armv7_neon, cortex-a9: NEON rows
#   armv7_neon_ce      same build, QEMU "max" (ARMv8 AES/PMULL in AArch32):
#                      the AArch32 crypto-extension rows
#   ctmsan             host, MemorySanitizer: every x86 row
set -u
cd "$(dirname "$0")/.." || exit 1
. util/configs.sh

# The default leaves out armv7_neon on cortex-a9: the suite forces every row
# explicitly, so the armv7_neon_ce run (the same binary on a CPU that runs
# all of its rows) executes the same code for the NEON rows and adds the CE
# rows; the cortex-a9 run would repeat it (about 90 s). CT_RUNS selects it.
RUNS=${CT_RUNS:-"aarch64_ce aarch64_ce_nocrypto aarch64_noce armv7_neon_ce ctmsan"}
JOBS=${JOBS:-2}
CACHE=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
LOG_DIR=${CT_LOG_DIR:-$(mktemp -d /tmp/ctcrypto-ct-arm.XXXXXX)}
SUPP=tests/ct/valgrind-static-glibc.supp
TARGETS="//tests/ct:ct_suite //tests/ct:ct_negative_control"

failed=0
table=""
times=""

# run_spec NAME: sets config, qemu, cpu, vgarch, tool, env for a run. The
# QEMU binary and CPU model are the target config's, from util/configs.tsv
# (the same CPU the target's tests run on), never spelled out here.
run_spec() {
  env_=""
  case $1 in
    aarch64_ce) target=aarch64_ce; vgarch=arm64 ;;
    aarch64_ce_nocrypto) target=aarch64_ce; vgarch=arm64; env_="CTCRYPTO_DISABLE=aes,pmull" ;;
    aarch64_noce) target=aarch64_noce; vgarch=arm64 ;;
    armv7_neon) target=armv7_neon; vgarch=armhf ;;
    armv7_neon_ce) target=armv7_neon_ce; vgarch=armhf ;;
    ctmsan) target=""; config=ctmsan; qemu=""; cpu=host; vgarch="" ;;
    *) return 1 ;;
  esac
  if [ -n "$target" ]; then
    # The ctgrind build of the target's platform (armv7_neon_ce is the
    # armv7_neon build on another CPU model).
    config=ctgrind_$(config_field "$target" 5 | sed 's#.*:\(.*\)_platform#\1#') || return 1
    qemu=$(config_field "$target" 3) || return 1
    cpu=$(config_field "$target" 4) || return 1
    config_runner "$target" > /dev/null || return 1
  fi
  case $vgarch in
    arm64) tool=memcheck-arm64-linux ;;
    armhf) tool=memcheck-arm-linux ;;
    *) tool="" ;;
  esac
}

# checker_cmd: the command prefix that runs a binary under the checker.
checker_cmd() {
  if [ -n "$vgarch" ]; then
    vg="$CACHE/valgrind-$vgarch"
    echo "env VALGRIND_LAUNCHER=$vg/usr/bin/valgrind VALGRIND_LIB=$vg/usr/libexec/valgrind $env_ $qemu -cpu $cpu $vg/usr/libexec/valgrind/$tool --error-exitcode=99 --num-callers=30 --suppressions=$SUPP"
  else
    echo "env $env_"
  fi
}

record_time() { times="$times$(printf '%-22s %5ss  %s' "$1" "$2" "$3")
"; }

# run_one NAME: the suite and the negative control of one run, on the
# binaries phase 1 built (their directory in $LOG_DIR/NAME.bin); output and
# exit statuses go to $LOG_DIR/NAME.{suite,control}.log, .rc, .seconds. Each
# run is one single-threaded emulator process: the runs go $JOBS at a time.
run_one() {
  run_spec "$1" || return 1
  [ -f "$LOG_DIR/$1.bin" ] || return 0  # its build failed (reported below)
  bin=$(cat "$LOG_DIR/$1.bin")
  if [ "$vgarch" = armhf ]; then
    # Valgrind for ARM hides AT_HWCAP2 (AES/PMULL) from the guest: read the
    # CPU model's value without valgrind, the suite puts it back.
    hwcap2=$($qemu -cpu "$cpu" "$bin/ct_suite" --print-hwcap2)
    env_="$env_ CTCRYPTO_CT_HWCAP2=$hwcap2"
  fi
  cmd=$(checker_cmd)
  start=$(date +%s)
  # shellcheck disable=SC2086
  $cmd "$bin/ct_suite" >"$LOG_DIR/$1.suite.log" 2>&1
  rc=$?
  suite_s=$(($(date +%s) - start))
  start=$(date +%s)
  # shellcheck disable=SC2086
  $cmd "$bin/ct_negative_control" >"$LOG_DIR/$1.control.log" 2>&1
  crc=$?
  echo "$rc $crc" >"$LOG_DIR/$1.rc"
  echo "$suite_s $(($(date +%s) - start))" >"$LOG_DIR/$1.seconds"
}
if [ "${1:-}" = --run-one ]; then
  run_one "$2"
  exit $?
fi

all_start=$(date +%s)
# Phase 0: valgrind for the guest architectures the runs need.
vgarchs=""
for r in $RUNS; do
  run_spec "$r" || { echo "ct-arm: unknown run $r"; exit 1; }
  case " $vgarchs " in *" $vgarch "*) ;; *) [ -n "$vgarch" ] && vgarchs="$vgarchs $vgarch" ;; esac
done
if [ -n "$vgarchs" ]; then
  start=$(date +%s)
  # shellcheck disable=SC2086
  util/fetch-valgrind-arm.sh $vgarchs || { echo "ct-arm: cannot fetch valgrind for$vgarchs"; exit 1; }
  record_time "fetch valgrind" "$(($(date +%s) - start))" "$vgarchs (cached after the first run)"
fi

# Phase 1: each config's build, once (Bazel uses $JOBS cores itself).
built=""
for r in $RUNS; do
  run_spec "$r"
  case " $built " in
    *" $config "*) ;;
    *)
      echo "=================== ct-arm: build $config ==================="
      start=$(date +%s)
      # shellcheck disable=SC2086
      if ! bazel build --config="$config" --jobs="$JOBS" $TARGETS; then
        record_time "build $config" "$(($(date +%s) - start))" "FAILED"
        continue
      fi
      built="$built $config"
      record_time "build $config" "$(($(date +%s) - start))" ""
      ;;
  esac
  echo "$(bazel info --config="$config" bazel-bin 2>/dev/null)/tests/ct" >"$LOG_DIR/$r.bin"
done

# Phase 2: the runs, $JOBS at a time, longest expected first (RUNS' order
# is the table's).
start=$(date +%s)
echo "=================== ct-arm: runs, $JOBS at a time: $RUNS ==================="
order=""
for r in armv7_neon_ce armv7_neon; do
  case " $RUNS " in *" $r "*) order="$order $r" ;; esac
done
for r in $RUNS; do
  case " $order " in *" $r "*) ;; *) order="$order $r" ;; esac
done
# shellcheck disable=SC2086 # order is a list
printf '%s\n' $order | CT_LOG_DIR="$LOG_DIR" CT_RUNS="$RUNS" xargs -P "$JOBS" -I{} "$0" --run-one {}
record_time "runs" "$(($(date +%s) - start))" "$JOBS at a time"

# Phase 3: the table, from the logs.
for r in $RUNS; do
  run_spec "$r"
  echo "=================== ct-arm: $r ($config, cpu $cpu${env_:+, $env_}) ==================="
  if [ ! -f "$LOG_DIR/$r.bin" ]; then
    table="$table$(printf '%-20s %-28s %s' "$r" "-" "FAIL: build")
"
    failed=1
    continue
  fi
  if [ ! -f "$LOG_DIR/$r.rc" ]; then
    table="$table$(printf '%-20s %-28s %s' "$r" "-" "FAIL: did not run")
"
    failed=1
    continue
  fi
  read -r rc crc <"$LOG_DIR/$r.rc"
  read -r suite_s control_s <"$LOG_DIR/$r.seconds"
  record_time "$r suite" "$suite_s" "$(grep -E '^[0-9]+ passed' "$LOG_DIR/$r.suite.log")"
  record_time "$r control" "$control_s" ""

  checker=$(sed -n 's/^ct_suite: under \(.*\): constant-time checked$/\1/p' "$LOG_DIR/$r.suite.log")
  summary=$(grep -E '^[0-9]+ passed, 0 failed$' "$LOG_DIR/$r.suite.log")
  if [ "$rc" -ne 0 ] || [ -z "$checker" ] || [ -z "$summary" ]; then
    grep -E '^(FAIL|MISSING)|==[0-9]+== (Conditional|Use of|Syscall)|WARNING: MemorySanitizer' "$LOG_DIR/$r.suite.log" | head -20
    grep -A12 -E 'WARNING: MemorySanitizer|==[0-9]+== (Conditional|Use of|Syscall)' "$LOG_DIR/$r.suite.log" | head -40
    table="$table$(printf '%-20s %-28s %s' "$r" "-" "FAIL: suite exit $rc, checker '${checker:-none}' ($LOG_DIR/$r.suite.log)")
"
    failed=1
  else
    rows=$(sed -n 's/^rows checked: //p' "$LOG_DIR/$r.suite.log")
    table="$table$(sed -n 's/^ROW \([^ ]*\) *\([0-9]*\) pairs$/\1 \2/p' "$LOG_DIR/$r.suite.log" |
      while read -r row pairs; do
        printf '%-20s %-28s %-18s %5s pairs\n' "$r" "$row" "$checker" "$pairs"
      done)
$(printf '%-20s %-28s %s' "$r" "(rows checked)" "$rows; $summary; ${suite_s}s")
"
  fi
  # The negative control: valgrind exits 99, MSan aborts at the first leak
  # (exit 77 is not special: any non-zero with MSan's report counts).
  if grep -q 'negative control: all 2 leaks reported' "$LOG_DIR/$r.control.log" ||
     { [ -z "$vgarch" ] && [ "$crc" -ne 0 ] &&
       grep -q 'WARNING: MemorySanitizer: use-of-uninitialized-value' "$LOG_DIR/$r.control.log"; }; then
    if [ "$crc" -eq 0 ]; then
      table="$table$(printf '%-20s %-28s %s' "$r" "(negative control)" "FAIL: reported but exit 0")
"
      failed=1
    else
      table="$table$(printf '%-20s %-28s %s' "$r" "(negative control)" "REPORTED as required (exit $crc)")
"
    fi
  else
    cat "$LOG_DIR/$r.control.log" | tail -30
    table="$table$(printf '%-20s %-28s %s' "$r" "(negative control)" "FAIL: NOT reported (exit $crc) -- checker blind")
"
    failed=1
  fi
done
echo "=================== ct-arm: run x row -> checker x pairs ==================="
printf '%s' "$table"
echo "=================== ct-arm: seconds ==================="
printf '%s' "$times"
echo "total $(($(date +%s) - all_start))s (logs in $LOG_DIR)"
exit "$failed"
