#!/bin/sh
# run-ct.sh: the constant-time checkers over Mbed TLS 3.6's AES, GCM,
# CCM/CCM*, CMAC and NIST key-wrap calls (mbedtls_ct_driver.cc, through
# Mbed TLS's public API, secrets marked for valgrind memcheck), on the ALT
# build (ctcrypto under the five seams) and on stock Mbed TLS with its
# software AES (the negative control), on the host and on the ARM builds:
#   - x86_64: --config=ctgrind, valgrind memcheck natively;
#   - aarch64, armv7: --config=ctgrind_<target> (static), Debian's
#     valgrind:arm64 / valgrind:armhf for the guest (util/fetch-valgrind-arm.sh)
#     under QEMU user mode, on the target config's QEMU CPU (util/configs.tsv),
#     as util/ct-arm.sh runs ctcrypto's own suite.
# Every ALT run must have 0 reports on every call, reach the ctcrypto rows
# named for it (the driver prints the rows its keys set up) and check as
# many calls as its build's stock run; every stock run must have every call
# REPORTED (the checker sees Mbed TLS's table lookups; a blind checker
# fails). Results must be right in both (round trips, tag verdicts).
#
#   integrations/mbedtls/ct/run-ct.sh
#   CT_RUNS="x86_64 x86_64_stock" integrations/mbedtls/ct/run-ct.sh
#
# Prints one line per run (calls, reports, rows, seconds) and a closing
# "mbedtls-ct: N passed, M failed" line; exit status 0 when all pass. Logs
# in $CT_LOG_DIR (default: a new directory under /tmp). JOBS: bazel --jobs,
# and how many runs go at a time (default 2).
set -u
cd "$(dirname "$0")/../../.." || exit 1
. util/configs.sh

# name  build config  target (configs.tsv; - native)  variant  CTCRYPTO_DISABLE  rows (aes/ghash)
SPECS='x86_64_stock ctgrind - stock - -
x86_64 ctgrind - alt - aesni/clmul
x86_64_ssse3_rows ctgrind - alt aesni,pclmul,vaes vpaes+bsaes/ssse3
x86_64_portable_rows ctgrind - alt aesni,pclmul,ssse3,avx,vaes,avx2,avx512 nohw/nohw
aarch64_stock ctgrind_aarch64_ce aarch64_ce stock - -
aarch64_ce ctgrind_aarch64_ce aarch64_ce alt - armv8/pmull
aarch64_ce_neon_rows ctgrind_aarch64_ce aarch64_ce alt aes,pmull vpaes+bsaes/neon
armv7_stock ctgrind_armv7_neon armv7_neon stock - -
armv7_neon ctgrind_armv7_neon armv7_neon alt - vpaes+bsaes/neon
armv7_neon_ce ctgrind_armv7_neon armv7_neon_ce alt - armv8/pmull'

RUNS=${CT_RUNS:-$(printf '%s\n' "$SPECS" | cut -d' ' -f1 | tr '\n' ' ')}
JOBS=${JOBS:-2}
CACHE=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
LOG_DIR=${CT_LOG_DIR:-$(mktemp -d /tmp/ctcrypto-mbedtls-ct.XXXXXX)}
mkdir -p "$LOG_DIR"
SUPP=tests/ct/valgrind-static-glibc.supp
PKG=//integrations/mbedtls/ct
VG_OPTS="--error-exitcode=99 --num-callers=20 --error-limit=no"

all_start=$(date +%s)
table=""
npass=0
nfail=0
result() {  # result NAME PASS|FAIL TEXT
  table="$table$(printf '%-22s %s  %s' "$1" "$2" "$3")
"
  if [ "$2" = PASS ]; then npass=$((npass + 1)); else nfail=$((nfail + 1)); fi
}

spec() {  # spec NAME: sets config target variant disable rows
  line=$(printf '%s\n' "$SPECS" | awk -v n="$1" '$1 == n')
  [ -n "$line" ] || return 1
  # shellcheck disable=SC2086
  set -- $line
  config=$2 target=$3 variant=$4 disable=$5 rows=$6
}

# Mbed TLS's tree, valgrind for the guests (both cached after the first run).
start=$(date +%s)
util/fetch-mbedtls.sh >/dev/null || { echo "mbedtls-ct: cannot fetch Mbed TLS"; exit 1; }
vgarchs=""
for r in $RUNS; do
  spec "$r" || { echo "mbedtls-ct: unknown run $r"; exit 1; }
  case $target in
    aarch64*) a=arm64 ;;
    armv7*) a=armhf ;;
    *) a="" ;;
  esac
  case " $vgarchs " in *" $a "*) ;; *) [ -n "$a" ] && vgarchs="$vgarchs $a" ;; esac
done
if [ -n "$vgarchs" ]; then
  # shellcheck disable=SC2086
  util/fetch-valgrind-arm.sh $vgarchs >/dev/null || { echo "mbedtls-ct: cannot fetch valgrind for$vgarchs"; exit 1; }
fi
times="fetch $(($(date +%s) - start))s"

# Builds: one bazel invocation per build config, both programs.
configs=""
for r in $RUNS; do
  spec "$r"
  case " $configs " in *" $config "*) ;; *) configs="$configs $config" ;; esac
done
built=""
for c in $configs; do
  start=$(date +%s)
  if bazel build --config="$c" --jobs="$JOBS" "$PKG:mbedtls_ct_alt" "$PKG:mbedtls_ct_stock" \
      >"$LOG_DIR/build-$c.log" 2>&1 &&
     bazel info --config="$c" bazel-bin >"$LOG_DIR/bin-$c" 2>/dev/null; then
    built="$built $c"
  else
    tail -40 "$LOG_DIR/build-$c.log"
  fi
  times="$times, build $c $(($(date +%s) - start))s"
done

# launch RUN: runs one program under its checker; writes $LOG_DIR/RUN.log,
# .rc (exit status) and .secs.
launch() {
  spec "$1"
  log=$LOG_DIR/$1.log
  bin=$(cat "$LOG_DIR/bin-$config")/integrations/mbedtls/ct/mbedtls_ct_$variant
  envs=""
  [ "$disable" != - ] && envs="CTCRYPTO_DISABLE=$disable"
  if [ "$target" = - ]; then
    cmd="valgrind $VG_OPTS"
  else
    if ! { qemu=$(config_field "$target" 3) && cpu=$(config_field "$target" 4) &&
           config_runner "$target" >/dev/null; }; then
      echo "no QEMU runner for $target" >"$log"
      echo 1 >"$log.rc"
      return
    fi
    case $target in
      aarch64*) vg=$CACHE/valgrind-arm64 tool=memcheck-arm64-linux ;;
      *) vg=$CACHE/valgrind-armhf tool=memcheck-arm-linux
        # Valgrind for 32-bit ARM hides AT_HWCAP2 (AES/PMULL): the driver
        # puts back the value read without valgrind (static_tls.h).
        envs="$envs CTCRYPTO_CT_HWCAP2=$($qemu -cpu "$cpu" "$bin" --print-hwcap2)" ;;
    esac
    cmd="env VALGRIND_LAUNCHER=$vg/usr/bin/valgrind VALGRIND_LIB=$vg/usr/libexec/valgrind $qemu -cpu $cpu $vg/usr/libexec/valgrind/$tool $VG_OPTS --suppressions=$SUPP"
  fi
  start=$(date +%s)
  # shellcheck disable=SC2086
  env $envs $cmd "$bin" >"$log" 2>&1
  echo $? >"$log.rc"
  echo $(($(date +%s) - start)) >"$log.secs"
}

# The runs, in $JOBS lanes (each run is one single-threaded valgrind):
# run i goes to lane i mod JOBS, each lane runs its share in order.
start=$(date +%s)
lane=0
while [ "$lane" -lt "$JOBS" ]; do
  (
    i=0
    for r in $RUNS; do
      spec "$r"
      case " $built " in *" $config "*) ;; *) continue ;; esac
      [ $((i % JOBS)) -eq "$lane" ] && launch "$r"
      i=$((i + 1))
    done
  ) &
  lane=$((lane + 1))
done
wait
times="$times, runs $(($(date +%s) - start))s in $JOBS lanes"

# The calls each config's stock run checked: its ALT runs must check as many.
stock_calls=""
for r in $RUNS; do
  spec "$r"
  [ "$variant" = stock ] && [ -f "$LOG_DIR/$r.log" ] &&
    stock_calls="$stock_calls $config=$(sed -n 's/^mbedtls_ct: STOCK \([0-9]*\) calls checked.*/\1/p' "$LOG_DIR/$r.log")"
done
for r in $RUNS; do
  spec "$r"
  d=""
  [ "$disable" != - ] && d=" CTCRYPTO_DISABLE=$disable"
  echo "=================== mbedtls-ct: $r ($config, $target, $variant$d) ==================="
  case " $built " in
    *" $config "*) ;;
    *) result "$r" FAIL "build $config failed ($LOG_DIR/build-$config.log)"; continue ;;
  esac
  log=$LOG_DIR/$r.log
  rc=$(cat "$log.rc" 2>/dev/null || echo 1)
  secs=$(cat "$log.secs" 2>/dev/null || echo 0)
  grep -E '^(FAIL|mbedtls_ct: )' "$log"
  summary=$(sed -n 's/^mbedtls_ct: \(ALT\|STOCK\) \([0-9]*\) calls checked, \([0-9]*\) calls with reports, \([0-9]*\) reports; \([0-9]*\) passed, \([0-9]*\) failed$/\2 \3 \4 \5 \6/p' "$log")
  if [ -z "$summary" ]; then
    tail -30 "$log"
    result "$r" FAIL "no summary (exit $rc; $log)"
    continue
  fi
  # shellcheck disable=SC2086
  set -- $summary
  calls=$1 rcalls=$2 reports=$3 passed=$4 failed=$5
  got_rows=$(sed -n 's/^mbedtls_ct: ALT build, ctcrypto rows aes:\([^ ]*\) ghash:\([^ ]*\)$/\1\/\2/p' "$log")
  what="$calls calls, $reports reports in $rcalls calls, $passed results right, $failed wrong"
  [ "$variant" = alt ] && what="$calls calls, $reports reports, $passed results right, $failed wrong"
  if [ "$variant" = stock ]; then
    if [ "$rc" -eq 99 ] && [ "$rcalls" -eq "$calls" ] && [ "$calls" -gt 0 ] && [ "$failed" -eq 0 ]; then
      result "$r" PASS "negative control REPORTED as required: $what (${secs}s)"
    else
      grep -B2 -A8 '^CALL .* 0 reports$' "$log" | head -20
      result "$r" FAIL "negative control: $what, exit $rc -- every call must be reported ($log)"
    fi
  else
    # shellcheck disable=SC2086  # one word per config
    want_calls=$(printf '%s\n' $stock_calls | sed -n "s/^$config=//p" | head -1)
    if [ "$rc" -ne 0 ] || [ "$reports" -ne 0 ] || [ "$failed" -ne 0 ] || [ "$passed" -eq 0 ]; then
      grep -E -A12 '==[0-9]+== (Conditional|Use of|Syscall)' "$log" | head -40
      result "$r" FAIL "$what, rows $got_rows, exit $rc ($log)"
    elif [ "$got_rows" != "$rows" ]; then
      result "$r" FAIL "rows $got_rows, expected $rows ($log)"
    elif [ -n "$want_calls" ] && [ "$want_calls" != "$calls" ]; then
      result "$r" FAIL "$calls calls, the stock run checked $want_calls ($log)"
    else
      result "$r" PASS "$what, rows $got_rows (${secs}s)"
    fi
  fi
done

echo "=================== mbedtls-ct: Mbed TLS calls under the constant-time checkers ==================="
printf '%s' "$table"
echo "mbedtls-ct: $times; total $(($(date +%s) - all_start))s (logs in $LOG_DIR)"
echo "mbedtls-ct: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
