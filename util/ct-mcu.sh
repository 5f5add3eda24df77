#!/bin/sh
# ct-mcu.sh: constant time of the bare-metal Cortex-M builds as compiled
# (arm-none-eabi gcc 12, Thumb-2), by execution-trace comparison.
#
# Valgrind and MemorySanitizer do not run on bare metal, so this checks the
# other way: //tests/ct:mcu_trace_harness runs every operation with secrets
# (AES key setup, block, CTR, CBC; GHASH; GCM seal/open with good and bad
# tags; CCM; CMAC; GMAC; GCM-SIV; key wrap; XTS; the streaming forms:
# AesGcmStream, AesCcmStream, AesGmacContext) in marked regions, for
# every row of the build's tables. It is
# run CT_MCU_RUNS times (default 3) under qemu-system-arm (the tests'
# wrapper, toolchains/arm_none_eabi/qemu_mps2.sh) with different secrets on
# its command line: all 0x00, all 0xff, then random. A QEMU TCG plugin
# (tests/ct/mcu_trace_plugin.c, compiled here for the host) writes, inside
# the regions only, every executed instruction address and every load and
# store address with its size. Per region, every run must give:
#   (a) the same sequence of instruction addresses (no branch on a secret);
#   (b) the same sequence of data addresses and sizes (no memory index
#       from a secret).
# (c): no variable-time instruction in any function that executes in a
# region (arm-none-eabi-objdump of the binary): UDIV/SDIV on every core,
# also UMULL/SMULL/UMLAL/SMLAL on cores where they terminate early
# (Cortex-M3; not M4, M33), and no call into libgcc's software division.
# (d): an open, verify or unwrap with a good tag and one with a bad tag
# part, if at all, only at a branch in the function that declassifies the
# verdict (VERDICT_FUNCTIONS).
#
# The negative controls (regions negative_control.*) MUST be reported: a
# branch on a secret byte by (a), a secret-indexed table lookup by (b)
# alone, a division of a secret by (c); the script fails if one goes
# unseen.
#
#   util/ct-mcu.sh
#   CT_MCU_CONFIGS=cortex_m33 CT_MCU_RUNS=5 util/ct-mcu.sh
#
# This script builds, runs and reports; the analysis of the traces, (a) to
# (d) and the controls, is util/mcu_trace_check.py (its test:
# //util:mcu_trace_check_test, on a recorded trace).
#
# Not covered: cycle timing itself (QEMU does not model it; with the same
# instruction and data addresses in the same order, bus wait states, flash
# prefetch and any cache see the same sequence, so the timing depends on
# secrets only through (c)); predicated ALU instructions in IT blocks
# (their address is traced whether or not the condition passes, like a
# conditional move; the count per config is printed); TLS-CBC and the
# hashes, which the harness does not run.
set -u
cd "$(dirname "$0")/.." || exit 1

# The bare-metal configs: every --config of .bazelrc whose binaries run on
# an MPS2 board through qemu_mps2.
detect_configs() {
  sed -n "s/^build:\(cortex_[a-z0-9_]*\) --run_under='\/\/toolchains\/arm_none_eabi:qemu_mps2 .*/\1/p" .bazelrc
}
CONFIGS=${CT_MCU_CONFIGS:-$(detect_configs | tr '\n' ' ')}
RUNS=${CT_MCU_RUNS:-3}
JOBS=${JOBS:-2}
# Traces are tens of MB per run: a temporary LOG_DIR is removed when every
# check passed and kept (with the traces split per region) otherwise.
if [ -n "${CT_LOG_DIR:-}" ]; then
  LOG_DIR=$CT_LOG_DIR; mkdir -p "$LOG_DIR" || exit 1; log_tmp=0
else
  LOG_DIR=$(mktemp -d /tmp/ctcrypto-ct-mcu.XXXXXX) || exit 1; log_tmp=1
fi
# (d)'s functions that may branch on a tag check's declassified verdict are
# VERDICT_FUNCTIONS in util/mcu_trace_check.py.
# Cores whose 32x32->64 multiplies terminate early on small operands.
EARLY_MUL_CONFIGS="cortex_m3"

if [ "$RUNS" -lt 2 ]; then echo "ct-mcu: CT_MCU_RUNS must be >= 2"; exit 1; fi
for tool in python3 qemu-system-arm arm-none-eabi-nm arm-none-eabi-objdump arm-none-eabi-addr2line gcc-12; do
  command -v "$tool" > /dev/null || { echo "ct-mcu: $tool not found (util/install-deps.sh)"; exit 1; }
done

all_start=$(date +%s)
plugin="$LOG_DIR/mcu_trace_plugin.so"
if ! gcc-12 -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
     -o "$plugin" tests/ct/mcu_trace_plugin.c; then
  echo "ct-mcu: cannot build the QEMU plugin"; exit 1
fi

passed=0
failed=0
table=""
controls=""
times=""
add_row() { table="$table$(printf '%-12s %-52s %s' "$1" "$2" "$3")
"; }
record_time() { times="$times$(printf '%-26s %5ss' "$1" "$2")
"; }

# secrets RUN: the harness's two arguments for run RUN (1-based).
secrets() {
  case $1 in
    1) printf '%064d %032d' 0 0 ;;
    2) printf '%s %s' "$(printf 'f%.0s' $(seq 64))" "$(printf 'f%.0s' $(seq 32))" ;;
    *) printf '%s %s' "$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')" \
                      "$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')" ;;
  esac
}

# The trace analysis (util/mcu_trace_check.py).
trace_check() { python3 util/mcu_trace_check.py "$@"; }

for c in $CONFIGS; do
  echo "=================== ct-mcu: $c ==================="
  # The wrapper's arguments as the config's --run_under gives them (the
  # board, and any option before it).
  runner_args=$(sed -n "s/^build:$c --run_under='\/\/toolchains\/arm_none_eabi:qemu_mps2 \([^']*\)'.*/\1/p" .bazelrc)
  if [ -z "$runner_args" ]; then
    add_row "$c" "-" "FAIL: no qemu_mps2 run_under for --config=$c in .bazelrc"
    failed=$((failed + 1)); continue
  fi
  start=$(date +%s)
  if ! bazel build --config="$c" --jobs="$JOBS" //tests/ct:mcu_trace_harness; then
    add_row "$c" "-" "FAIL: build"
    failed=$((failed + 1)); continue
  fi
  record_time "build $c" "$(($(date +%s) - start))"
  bin=$(bazel info --config="$c" bazel-bin 2>/dev/null)/tests/ct/mcu_trace_harness
  sym() { arm-none-eabi-nm "$bin" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
  begin=$(sym ct_mcu_trace_begin)
  end=$(sym ct_mcu_trace_end)
  if [ -z "$begin" ] || [ -z "$end" ]; then
    add_row "$c" "-" "FAIL: marker symbols not found in $bin"
    failed=$((failed + 1)); continue
  fi

  start=$(date +%s)
  dir="$LOG_DIR/$c"
  rm -rf "$dir"; mkdir -p "$dir"
  ok_runs=1
  r=1
  while [ "$r" -le "$RUNS" ]; do
    # shellcheck disable=SC2046,SC2086 # words: wrapper options, the two secrets
    QEMU_MPS2_OPTS="-d plugin -plugin $plugin,out=$dir/trace.$r,begin=$begin,end=$end" \
      toolchains/arm_none_eabi/qemu_mps2.sh $runner_args "$bin" $(secrets "$r") \
      > "$dir/run.$r.log" 2>&1
    rc=$?
    run_ok=1
    if [ "$rc" -ne 0 ] || ! grep -q '^mcu_trace_harness: .* 0 failed$' "$dir/run.$r.log"; then
      tail -20 "$dir/run.$r.log"
      add_row "$c" "run $r" "FAIL: harness exit $rc or wrong results ($dir/run.$r.log)"
      failed=$((failed + 1)); ok_runs=0; run_ok=0
    fi
    # One file per region: .full (every event) and .pc (instructions only).
    if ! trace_check split "$dir/trace.$r" "$dir/$r" && [ "$run_ok" = 1 ]; then
      add_row "$c" "run $r" "FAIL: cannot split the trace $dir/trace.$r"
      failed=$((failed + 1)); ok_runs=0
    fi
    rm -f "$dir/trace.$r"
    r=$((r + 1))
  done
  record_time "$c: $RUNS runs + split" "$(($(date +%s) - start))"
  [ "$ok_runs" = 1 ] || continue
  # (a) to (d) and the negative controls: result.table and result.controls
  # are this config's lines of the table, result.counts its "passed failed".
  start=$(date +%s)
  nregions=$(grep -c '^REGION ' "$dir/run.1.log")
  vt="udiv sdiv"
  case " $EARLY_MUL_CONFIGS " in *" $c "*) vt="$vt umull smull umlal smlal" ;; esac
  if ! trace_check check --config "$c" --bin "$bin" --dir "$dir" --runs "$RUNS" --vt "$vt"; then
    add_row "$c" "-" "FAIL: trace analysis (util/mcu_trace_check.py)"
    failed=$((failed + 1)); continue
  fi
  [ -s "$dir/result.table" ] && table="$table$(cat "$dir/result.table")
"
  [ -s "$dir/result.controls" ] && controls="$controls$(cat "$dir/result.controls")
"
  read -r p f < "$dir/result.counts"
  passed=$((passed + p)); failed=$((failed + f))
  record_time "$c: compare $nregions regions" "$(($(date +%s) - start))"
done

echo "=================== ct-mcu: config x region -> result ==================="
printf '%s' "$table"
printf '%s' "$controls"
echo "=================== ct-mcu: seconds ==================="
printf '%s' "$times"
if [ "$failed" -eq 0 ] && [ "$log_tmp" = 1 ]; then
  rm -rf "$LOG_DIR"
  echo "total $(($(date +%s) - all_start))s"
else
  echo "total $(($(date +%s) - all_start))s (traces and logs in $LOG_DIR)"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
