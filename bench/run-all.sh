#!/bin/sh
# The benchmark suite (the README's benchmark command). For each target
# configuration of util/configs.tsv, one after another (the machine has 2
# cores):
#   1. builds //bench:speed, //tool:ctcrypto, the size probes (and on the
#      host //bench:speed_vs_openssl);
#   2. finds the row sets the target can reach (bench/row-sets.sh:
#      every distinct active AES/GHASH pair under CTCRYPTO_DISABLE);
#   3. runs //bench:speed once per row set (natively, or under the
#      config's QEMU CPU model from util/configs.tsv, the one `bazel test`
#      uses: emulated figures, not hardware timings) and,
#      natively, //bench:speed_vs_openssl with the matching OPENSSL_ia32cap;
#      every line of both: GCM, CTR, CBC, TLS-CBC and the AES modes (CCM,
#      GCM-SIV, CMAC, GMAC, XTS, KW/KWP), each at the default chunk sizes
#      except XTS, which declares its sectors (512 and 4096 bytes);
#   4. measures what AES-GCM costs a consumer in code size, for the default
#      and the portable-only build (bench/size/measure.sh).
# With a BoringSSL `bssl` binary named for the target's architecture
# (BSSL_X86_64, BSSL_AARCH64, BSSL_ARMV7), step 3 also runs the workloads
# both have through it and //bench:speed, alternately, under the same
# runner and the same mirrored capability mask (bench/bssl-column.sh).
# Then the llvm-mca estimates for the ARM bulk loops (bench/mca.sh) and the
# report (bench/report.py): a results folder with the raw Did lines, JSON,
# Markdown tables and gnuplot PNGs; the summary is printed at the end.
#
#   bench/run-all.sh [extra //bench:speed arguments...]   (a -chunks here
#                                        replaces every line's sizes, XTS's too)
#   TIMEOUT_MS=1000 bench/run-all.sh          # longer measurements
#   CONFIGS="x86_64_aesni aarch64_ce" OUT=/tmp/r bench/run-all.sh -filter GCM
#   SKIP_SIZE=1 SKIP_MCA=1 bench/run-all.sh   # speed only
#   BSSL_X86_64=/path/to/bssl bench/run-all.sh  # with a BoringSSL column
set -u
cd "$(dirname "$0")/.." || exit 1
top=$(pwd)

util/install-deps.sh || exit 1
. util/configs.sh

CONFIGS=${CONFIGS:-$(configs_all)}
# Every config's runner up front: a cross config without one is an error
# before anything is built (its binaries would otherwise run natively, or
# through binfmt on QEMU's default CPU, and be labelled native).
# shellcheck disable=SC2086 # CONFIGS is a list
configs_check $CONFIGS || exit 2

# bssl_for CONFIG: the BoringSSL `bssl` binary named for the config's
# architecture (the first field of its triple), or nothing.
bssl_for() {
  case "$(config_field "$1" 2)" in
    x86_64-*) echo "${BSSL_X86_64:-}" ;;
    aarch64-*) echo "${BSSL_AARCH64:-}" ;;
    arm-*) echo "${BSSL_ARMV7:-}" ;;
  esac
}
for c in $CONFIGS; do
  b=$(bssl_for "$c")
  if [ -n "$b" ] && [ ! -x "$b" ]; then
    echo "bench/run-all.sh: $c: BoringSSL binary '$b' is not an executable file" >&2
    exit 2
  fi
done
TIMEOUT_MS=${TIMEOUT_MS:-150}
OUT=${OUT:-bench/results/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT/raw" || exit 1
OUT=$(cd "$OUT" && pwd)
BAZEL_FLAGS="-c opt --ui_event_filters=-info,-debug,-warning --noshow_progress"

t0=$(date +%s)
progress() {
  printf '[%4ss] %s\n' "$(($(date +%s) - t0))" "$*"
}

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo -dirty)"
  echo "host: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
  echo "timeout_ms: $TIMEOUT_MS"
  echo "speed_args: $*"
  for v in BSSL_X86_64 BSSL_AARCH64 BSSL_ARMV7; do
    eval "b=\${$v:-}"
    [ -n "$b" ] && echo "$v: $b"
  done
} > "$OUT/meta.txt"

failed=0
nconf=$(echo $CONFIGS | wc -w)
i=0
for c in $CONFIGS; do
  i=$((i + 1))
  runner=$(config_runner "$c") || exit 2
  bssl=$(bssl_for "$c")
  dir="$OUT/raw/$c"
  mkdir -p "$dir"
  echo "${runner:-native}" > "$dir/runner.txt"
  targets="//bench:speed //tool:ctcrypto //bench/size:all"
  [ -z "$runner" ] && [ "$c" = x86_64_aesni ] && targets="$targets //bench:speed_vs_openssl"
  progress "[$i/$nconf $c] build ($targets)"
  # shellcheck disable=SC2086
  if ! bazel build $BAZEL_FLAGS --config="$c" $targets; then
    echo "bench/run-all.sh: $c: build FAILED" >&2
    failed=1
    continue
  fi
  bin=$(bazel info $BAZEL_FLAGS --config="$c" bazel-bin 2>/dev/null)

  progress "[$i/$nconf $c] discover row sets (${runner:-native})"
  bench/row-sets.sh "$runner" "$bin/tool/ctcrypto" > "$dir/sets.tsv" || failed=1
  nsets=$(wc -l < "$dir/sets.tsv")
  j=0
  while IFS='	' read -r set mask aes ghash; do
    j=$((j + 1))
    d=$mask
    [ "$d" = "-" ] && d=""
    progress "[$i/$nconf $c] [$j/$nsets] speed $set (CTCRYPTO_DISABLE=${d:-})${runner:+ EMULATED: $runner}"
    # shellcheck disable=SC2086
    if ! CTCRYPTO_DISABLE=$d $runner "$bin/bench/speed" -timeout_ms "$TIMEOUT_MS" "$@" \
        > "$dir/speed.$set.txt" < /dev/null; then
      echo "bench/run-all.sh: $c $set: speed FAILED" >&2
      failed=1
    fi
    if [ -x "$bin/bench/speed_vs_openssl" ] && [ -z "$runner" ]; then
      progress "[$i/$nconf $c] [$j/$nsets] speed_vs_openssl $set"
      if ! CTCRYPTO_DISABLE=$d "$bin/bench/speed_vs_openssl" -timeout_ms "$TIMEOUT_MS" \
          > "$dir/openssl.$set.txt" < /dev/null; then
        echo "bench/run-all.sh: $c $set: speed_vs_openssl FAILED" >&2
        failed=1
      fi
    fi
    if [ -n "$bssl" ]; then
      progress "[$i/$nconf $c] [$j/$nsets] BoringSSL column $set${runner:+ EMULATED: $runner}"
      # shellcheck disable=SC2086
      if ! CTCRYPTO_DISABLE=$d bench/bssl-column.sh "$runner" "$bssl" \
          "$bin/bench/speed" "$bin/tool/ctcrypto" "$TIMEOUT_MS" "$@" \
          > "$dir/bssl.$set.txt" < /dev/null; then
        echo "bench/run-all.sh: $c $set: BoringSSL column FAILED" >&2
        failed=1
      fi
    fi
  done < "$dir/sets.tsv"

  if [ -z "${SKIP_SIZE:-}" ]; then
    progress "[$i/$nconf $c] code size, default row set"
    bench/size/measure.sh "$c" "$bin" all >> "$OUT/raw/size.tsv" || failed=1
    progress "[$i/$nconf $c] code size, //config:rows_portable"
    # The config's platform with the portable row setting (platforms/).
    portable=$(config_field "$c" 5)
    portable=${portable%_platform}_portable_platform
    # shellcheck disable=SC2086
    if bazel build $BAZEL_FLAGS --config="$c" --platforms="$portable" //bench/size:all; then
      bench/size/measure.sh "$c" "$bin" portable >> "$OUT/raw/size.tsv" || failed=1
    else
      failed=1
    fi
  fi
done

if [ -z "${SKIP_MCA:-}" ]; then
  progress "llvm-mca estimates for the ARM bulk loops (bench/mca.sh)"
  bench/mca.sh "$OUT/mca" > "$OUT/raw/mca.tsv" || failed=1
fi

progress "report"
python3 bench/report.py "$OUT" || failed=1
ln -sfn "$OUT" "$top/bench/results/latest" 2>/dev/null
cat "$OUT/summary.md"
progress "done: $OUT (results.md, results.json, plots/*.png); total $(($(date +%s) - t0)) s"
exit "$failed"
