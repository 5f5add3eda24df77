#!/bin/sh
# ct-mcu.sh: constant time of the bare-metal Cortex-M builds as compiled
# (arm-none-eabi gcc 12, Thumb-2), by execution-trace comparison.
#
# Valgrind and MemorySanitizer do not run on bare metal, so this checks the
# other way: //tests/ct:mcu_trace_harness runs every operation with secrets
# (AES key setup, block, CTR, CBC; GHASH; GCM seal/open with good and bad
# tags; CCM; CMAC; GMAC; GCM-SIV; key wrap; XTS) in marked regions, for
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
# The functions where a tag check's verdict is declassified and branched on
# (internal::open_verdict is inlined into each AEAD's open_detached; CMAC's
# and GMAC's verify; key_wrap.cc's verdict() into the unwrap functions):
# (d) below.
VERDICT_FUNCTIONS='::open_detached$|::verify$|::aes_key_unwrap(_padded)?$'
# Cores whose 32x32->64 multiplies terminate early on small operands.
EARLY_MUL_CONFIGS="cortex_m3"

if [ "$RUNS" -lt 2 ]; then echo "ct-mcu: CT_MCU_RUNS must be >= 2"; exit 1; fi
for tool in qemu-system-arm arm-none-eabi-nm arm-none-eabi-objdump arm-none-eabi-addr2line gcc-12; do
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

# describe BIN PC: "PC <function>: instruction" from the binary.
describe() {
  fn=$(arm-none-eabi-addr2line -f -C -e "$1" "0x$2" | head -1)
  insn=$(arm-none-eabi-objdump -d --no-show-raw-insn \
           --start-address="0x$2" --stop-address="$(printf '0x%x' $((0x$2 + 4)))" "$1" |
         grep -E "^ *$2:" | head -1 | sed 's/^ *[0-9a-f]*:[[:space:]]*//' | tr '\t' ' ')
  echo "$2 <$fn>: $insn"
}

# explain BIN A B: the first difference between region traces A and B,
# with the instruction (function, address, disassembly) it belongs to; for
# a control-flow difference also the last instruction both executed (the
# branch that went different ways).
explain() {
  line=$(cmp "$2" "$3" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
  [ -z "$line" ] && line=$(($(wc -l < "$2") + 1))
  for f in "$2" "$3"; do
    ev=$(sed -n "${line}p" "$f")
    pc=$(head -n "$line" "$f" | grep '^I ' | tail -1 | cut -d' ' -f2)
    echo "    event $line: ${ev:-<end of region>}   at $(describe "$1" "$pc")"
  done
  case $(sed -n "${line}p" "$2") in
    I*)
      prev=$(head -n "$((line - 1))" "$2" | grep '^I ' | tail -1 | cut -d' ' -f2)
      [ -n "$prev" ] && echo "    diverges after $(describe "$1" "$prev")" ;;
  esac
}

# vt_scan BIN PCS VT: the functions of BIN that contain an address listed
# in PCS (executed), and in them every instruction whose mnemonic is in VT
# (IT-block condition and .w/.n suffixes ignored) and every libgcc software
# division; prints "VT ..." lines per finding and "FUNCTIONS n".
vt_scan() {
  arm-none-eabi-objdump -d --no-show-raw-insn -C "$1" | awk -v pcs="$2" -v vt="$3" '
    BEGIN {
      while ((getline l < pcs) > 0) exec[l] = 1
      n = split(vt, v, " "); for (k = 1; k <= n; k++) bad[v[k]] = 1
    }
    /^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[0-9a-f]+ </, "", fn); sub(/>:$/, "", fn); next }
    /^ *[0-9a-f]+:\t/ {
      a = $1; sub(/:$/, "", a)
      if (a in exec) used[fn] = 1
      m = $2; sub(/\..*$/, "", m)
      sub(/(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)$/, "", m)
      line = $0; sub(/^ */, "", line); gsub(/\t/, " ", line)
      if (m in bad) hits[fn] = hits[fn] sprintf("      %s\n", line)
      if ($2 ~ /^it[te]*$/) its[fn]++
    }
    END {
      nf = 0
      for (f in used) {
        nf++
        if (f ~ /^__(aeabi_.*div|.*div[sdt]i3|.*mod[sdt]i3|udivmoddi4)/)
          printf "VT %s: software division helper executed in a region\n", f
        if (f in hits) printf "VT %s: variable-time instruction(s)\n%s", f, hits[f]
        nit += its[f]
      }
      printf "FUNCTIONS %d\n", nf
      printf "ITBLOCKS %d\n", nit
    }'
}

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
    if [ "$rc" -ne 0 ] || ! grep -q '^mcu_trace_harness: .* 0 failed$' "$dir/run.$r.log"; then
      tail -20 "$dir/run.$r.log"
      add_row "$c" "run $r" "FAIL: harness exit $rc or wrong results ($dir/run.$r.log)"
      failed=$((failed + 1)); ok_runs=0
    fi
    # One file per region: .full (every event) and .pc (instructions only).
    mkdir -p "$dir/$r"
    awk -v d="$dir/$r" '
      /^B / { f = d "/" $2 ".full"; p = d "/" $2 ".pc"; next }
      /^E/  { close(f); close(p); f = ""; next }
      f == "" { next }
      { print > f }
      /^I / { print $2 > p }' "$dir/trace.$r"
    rm -f "$dir/trace.$r"
    r=$((r + 1))
  done
  record_time "$c: $RUNS runs + split" "$(($(date +%s) - start))"
  [ "$ok_runs" = 1 ] || continue
  # Every run must have run the same regions, in the same order.
  grep '^REGION ' "$dir/run.1.log" > "$dir/regions"
  r=2
  while [ "$r" -le "$RUNS" ]; do
    if ! grep '^REGION ' "$dir/run.$r.log" | cmp -s - "$dir/regions"; then
      add_row "$c" "run $r" "FAIL: not the regions of run 1"
      failed=$((failed + 1)); ok_runs=0
    fi
    r=$((r + 1))
  done
  [ "$ok_runs" = 1 ] || continue

  start=$(date +%s)
  nregions=$(grep -c '^REGION ' "$dir/run.1.log")
  creported=0
  while read -r _ i name; do
    pcs_same=1; full_same=1; first_diff=""
    r=2
    while [ "$r" -le "$RUNS" ]; do
      cmp -s "$dir/1/$i.pc" "$dir/$r/$i.pc" || pcs_same=0
      if ! cmp -s "$dir/1/$i.full" "$dir/$r/$i.full"; then
        full_same=0; [ -z "$first_diff" ] && first_diff=$r
      fi
      r=$((r + 1))
    done
    ninsn=$(wc -l < "$dir/1/$i.pc")
    nmem=$(($(wc -l < "$dir/1/$i.full") - ninsn))
    case $name in
      negative_control.branch_on_secret)
        if [ "$pcs_same" = 0 ]; then
          controls="$controls$c negative control branch_on_secret: REPORTED (instruction addresses differ)
"; creported=$((creported + 1))
        else
          controls="$controls$c negative control branch_on_secret: NOT REPORTED -- the control-flow check is blind
"
        fi ;;
      negative_control.table_lookup)
        if [ "$pcs_same" = 1 ] && [ "$full_same" = 0 ]; then
          controls="$controls$c negative control table_lookup: REPORTED (same instructions, data addresses differ)
"; creported=$((creported + 1))
        else
          controls="$controls$c negative control table_lookup: NOT REPORTED (instructions same: $pcs_same, data addresses same: $full_same) -- the address check is blind
"
        fi ;;
      negative_control.divide_secret) ;;  # checked by (c) below
      negative_control.*)
        add_row "$c" "$name" "FAIL: a negative control this script does not know"
        failed=$((failed + 1)) ;;
      *)
        if [ "$full_same" = 1 ] && [ "$ninsn" -gt 0 ]; then
          add_row "$c" "$name" "ok ($RUNS runs identical: $ninsn insns, $nmem data accesses)"
          passed=$((passed + 1))
        else
          what="data addresses differ"
          [ "$pcs_same" = 0 ] && what="instruction addresses differ"
          [ "$ninsn" -eq 0 ] && what="empty trace"
          add_row "$c" "$name" "FAIL: $what (run 1 vs run $first_diff)"
          [ -n "$first_diff" ] && table="$table$(explain "$bin" "$dir/1/$i.full" "$dir/$first_diff/$i.full")
"
          failed=$((failed + 1))
        fi ;;
    esac
  done < "$dir/regions"
  # (d) The verdict of a tag check is public (internal::open_verdict
  # declassifies it; CMAC's verify likewise): an open with a good tag and
  # one with a bad tag, from the same call site, may part only at a branch
  # in the function that declassifies it, after identical traces up to
  # there (or not at all, when the verdict becomes the status without a
  # branch).
  # shellcheck disable=SC2094 # the regions file is only read
  while read -r _ i name; do
    case $name in *open_good_tag*|*verify_good*|*unwrap_good*) ;; *) continue ;; esac
    bad=$(echo "$name" | sed 's/open_good_tag/open_bad_tag/; s/verify_good/verify_bad/; s/unwrap_good/unwrap_bad/')
    j=$(awk -v n="$bad" '$3 == n { print $2 }' "$dir/regions")
    label=$(echo "$name" | sed 's/open_good_tag/open/; s/verify_good/verify/; s/unwrap_good/unwrap/')
    if [ -z "$j" ]; then
      add_row "$c" "verdict $label" "FAIL: no region $bad"
      failed=$((failed + 1)); continue
    fi
    if cmp -s "$dir/1/$i.full" "$dir/1/$j.full"; then
      add_row "$c" "verdict $label" "ok: good and bad tag traces identical (no branch on the verdict inside)"
      passed=$((passed + 1)); continue
    fi
    line=$(cmp "$dir/1/$i.full" "$dir/1/$j.full" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
    [ -z "$line" ] && line=$(($(wc -l < "$dir/1/$i.full") + 1))
    first=$(sed -n "${line}p" "$dir/1/$i.full")
    pc=$(head -n "$((line - 1))" "$dir/1/$i.full" | grep '^I ' | tail -1 | cut -d' ' -f2)
    fn=$(arm-none-eabi-addr2line -f -C -e "$bin" "0x$pc" | head -1 | sed 's/(.*//')
    case "$first" in
      I*) if echo "$fn" | grep -Eq "$VERDICT_FUNCTIONS"; then
            add_row "$c" "verdict $label" "ok: good/bad tag part at $pc in $fn, after $((line - 1)) identical events"
            passed=$((passed + 1)); continue
          fi ;;
    esac
    add_row "$c" "verdict $label" "FAIL: good/bad tag traces part outside the verdict"
    table="$table$(explain "$bin" "$dir/1/$i.full" "$dir/1/$j.full")
"
    failed=$((failed + 1))
  done < "$dir/regions"

  # (c) Variable-time instructions in every function that executed in a
  # region other than the negative controls; the division control must be
  # found the same way.
  vt="udiv sdiv"
  case " $EARLY_MUL_CONFIGS " in *" $c "*) vt="$vt umull smull umlal smlal" ;; esac
  grep -v ' negative_control\.' "$dir/regions" | while read -r _ i _; do cat "$dir/1/$i.pc"; done |
    sort -u > "$dir/executed_pcs"
  vt_scan "$bin" "$dir/executed_pcs" "$vt" > "$dir/vt.txt"
  nfun=$(sed -n 's/^FUNCTIONS //p' "$dir/vt.txt")
  if grep -q '^VT ' "$dir/vt.txt"; then
    add_row "$c" "(variable-time instructions)" "FAIL: in the $nfun functions executed in the regions:"
    table="$table$(grep -v -E '^(FUNCTIONS|ITBLOCKS)' "$dir/vt.txt")
"
    failed=$((failed + 1))
  else
    # IT blocks are listed, not refused: a predicated instruction whose
    # condition fails still issues (1 cycle on M4/M33, as a single-cycle
    # ALU instruction that passes), a skipped load or store shows in (b),
    # and a predicated branch in (a).
    nit=$(sed -n 's/^ITBLOCKS //p' "$dir/vt.txt")
    add_row "$c" "(variable-time instructions)" "ok: no $vt and no libgcc division in the $nfun functions executed in the regions ($nit IT blocks in them)"
    passed=$((passed + 1))
  fi
  i=$(awk '$3 == "negative_control.divide_secret" { print $2 }' "$dir/regions")
  if [ -n "$i" ] && vt_scan "$bin" "$dir/1/$i.pc" "$vt" | grep -q '^VT '; then
    controls="$controls$c negative control divide_secret: REPORTED ($(vt_scan "$bin" "$dir/1/$i.pc" "$vt" | grep -v -E '^(FUNCTIONS|ITBLOCKS)' | head -2 | sed 's/^ *//; s/^VT //' | tr '\n' ' ' | sed 's/ $//'))
"; creported=$((creported + 1))
  else
    controls="$controls$c negative control divide_secret: NOT REPORTED -- the instruction check is blind
"
  fi
  if [ "$creported" = 3 ]; then
    controls="$controls$c negative control: all 3 leaks reported
"
  else
    controls="$controls$c negative control: only $creported of 3 leaks reported -- checker blind
"
    failed=$((failed + 1))
  fi
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
