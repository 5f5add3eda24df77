#!/bin/sh
# trace_cycles.sh: Cortex-M4 cycle counts of AES-128-CTR, GHASH and
# AES-128-GCM seal from the executed instruction trace under QEMU, the
# second count beside llvm-mca's (bench/mca.sh; doc/cost-model.md has
# both). Builds //bench/mcu:cycle_harness for CONFIG (default cortex_m4),
# runs it once under qemu-system-arm with util/ct-mcu.sh's trace plugin
# (tests/ct/mcu_trace_plugin.c), splits the trace per region
# (util/mcu_trace_check.py split) and prices every executed instruction
# with the Cortex-M4 TRM's timings, no wait states (trace_cycles.py says
# which).
#
#   bench/mcu/trace_cycles.sh [CONFIG]
set -eu
cd "$(dirname "$0")/../.." || exit 1
c=${1:-cortex_m4}
work=$(mktemp -d /tmp/ctcrypto-trace-cycles.XXXXXX)
gcc-12 -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
  -o "$work/plugin.so" tests/ct/mcu_trace_plugin.c
bazel build --config="$c" --jobs="${JOBS:-2}" //bench/mcu:cycle_harness >&2
bin=$(bazel info --config="$c" bazel-bin 2>/dev/null)/bench/mcu/cycle_harness
sym() { arm-none-eabi-nm "$bin" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
runner_args=$(sed -n "s/^build:$c --run_under='\/\/toolchains\/arm_none_eabi:qemu_mps2 \([^']*\)'.*/\1/p" .bazelrc)
# shellcheck disable=SC2086 # the wrapper's options
QEMU_MPS2_OPTS="-d plugin -plugin $work/plugin.so,out=$work/trace,begin=$(sym ct_mcu_trace_begin),end=$(sym ct_mcu_trace_end)" \
  toolchains/arm_none_eabi/qemu_mps2.sh $runner_args "$bin" > "$work/run.log" 2>&1
grep -q '^cycle_harness: ok$' "$work/run.log" || { cat "$work/run.log"; exit 1; }
python3 util/mcu_trace_check.py split "$work/trace" "$work/regions"
python3 bench/mcu/trace_cycles.py --bin "$bin" --dir "$work/regions" --log "$work/run.log" ${TRACE_CYCLES_ARGS:-}
rm -rf "$work"
