#!/bin/sh
# ARM cost model: llvm-mca-14 cycles-per-byte estimates for the bulk loop of
# each ARM backend, on the cores the ARM targets stand for.
#
#   bench/mca.sh [WORKDIR]       prints TSV on stdout, progress on stderr
#   CONFIGS="aarch64_ce" bench/mca.sh
#
# Which loop: a backend source file names its bulk loop with a comment
#     // mca-loop: <row> <function> <bytes per iteration>
# e.g. `// mca-loop: aes=vpaes vpaes_ctr32_blocks 64`, where <function> is a
# substring of the demangled name of the function that holds the loop in the
# compiled code (after inlining) and <bytes per iteration> may be a decimal.
# bench/mca_loops.txt holds the same for files without a marker, as
# "<file> <row> <function> <bytes>". The loop measured is the largest
# call-free loop of that function (the span from a label to a backward branch
# to it, with no bl/call inside; inner loops in it are counted once, which
# the note says), taken from gcc's own assembly: each config's
# libraries that hold marked files are rebuilt with `bazel build
# --save_temps`, so the flags are exactly the build's. Only files the config
# actually compiles (cquery deps of //crypto:ctcrypto) are measured.
#
# Output columns: config row function file cpu bytes_per_iteration
# cycles_per_iteration cycles_per_byte note. cycles/iteration is llvm-mca's
# Total Cycles / Iterations (steady-state throughput, no cache misses);
# note says when LLVM 14 has no model of its own for the core.
set -u
cd "$(dirname "$0")/.." || exit 1
work=${1:-$(mktemp -d)}
mkdir -p "$work"
CONFIGS=${CONFIGS:-"aarch64_ce aarch64_noce armv7_neon"}
MCA=${MCA:-llvm-mca-14}
BAZEL_FLAGS="-c opt --ui_event_filters=-info,-debug,-warning --noshow_progress"

# Markers: file row function bytes.
{
  grep -rn --include='*.cc' --include='*.h' 'mca-loop:' crypto/ 2>/dev/null |
    sed -n 's|^\([^:]*\):[0-9]*:.*mca-loop: *\([^ ]*\) *\([^ ]*\) *\([0-9.]*\).*|\1 \2 \3 \4|p'
  grep -v '^#' bench/mca_loops.txt | awk 'NF >= 4 { print $1, $2, $3, $4 }'
} | awk '!seen[$1 " " $3]++' > "$work/markers.txt"

printf '# config\trow\tfunction\tfile\tcpu\tbytes_per_iteration\tcycles_per_iteration\tcycles_per_byte\tnote\n'

# The scheduling model LLVM 14 uses for a core, from the names of the
# resources in llvm-mca's report (e.g. A57UnitB -> A57).
model_of() {
  printf 'add %s, %s, #1\n' "$2" "$2" |
    "$MCA" -mtriple="$1" -mcpu="$3" -resource-pressure -instruction-info=0 2>/dev/null |
    sed -n 's/^\[[0-9.]*\] *- *\([A-Za-z]*[0-9][0-9]*\).*/\1/p' | head -1
}

for c in $CONFIGS; do
  case "$c" in
    aarch64*) triple=aarch64-linux-gnu; reg=x0
      cpus="cortex-a53 cortex-a57 cortex-a72 cortex-a75 cortex-a76" ;;
    armv7*) triple=armv7a-linux-gnueabihf; reg=r0; cpus="cortex-a9" ;;
    *) continue ;;
  esac
  libs=$(bazel cquery $BAZEL_FLAGS --config="$c" \
    'kind("cc_library", deps(//crypto:ctcrypto))' 2>/dev/null < /dev/null | sed 's/ (.*//')
  todo=""
  while read -r file row fn bytes; do
    lib=$(bazel query --noshow_progress --ui_event_filters=-info "rdeps(//crypto:all, //${file%%/*}:${file#*/}, 1)" 2>/dev/null < /dev/null |
      grep -v "^//${file%%/*}:${file#*/}\$" | head -1)
    if [ -n "$lib" ] && echo "$libs" | grep -qx "$lib"; then
      todo="$todo $lib"
      echo "$file $row $fn $bytes $lib" >> "$work/$c.todo"
    fi
  done < "$work/markers.txt"
  [ -z "$todo" ] && continue
  echo "mca: $c: bazel build --save_temps$todo" >&2
  # shellcheck disable=SC2086
  bazel build $BAZEL_FLAGS --config="$c" --save_temps $todo >&2 || continue
  bin=$(bazel info $BAZEL_FLAGS --config="$c" bazel-bin 2>/dev/null)
  while read -r file row fn bytes lib; do
    stem=$(basename "$file"); stem=${stem%.*}
    s="$bin/${lib#//}"; s="${s%:*}/_objs/${lib##*:}/$stem.s"
    [ -f "$s" ] || { echo "mca: no $s" >&2; continue; }
    loop="$work/$c.$stem.$fn.s"
    # Demangle the labels, cut out the function, keep its largest innermost
    # call-free loop (instructions only).
    inner=$(c++filt < "$s" | awk -v fn="$fn" -v out="$loop" '
      function flush(  i, j, k, best, bn, n, inner, hascall) {
        # loops: a branch at line i to a label at line j < i
        best = 0; bn = 0
        for (i = 1; i <= nl; i++) {
          if (!(i in tgt) || !(tgt[i] in lab)) continue
          j = lab[tgt[i]]
          if (j >= i) continue
          inner = 0; hascall = 0; n = 0
          for (k = j + 1; k < i; k++) {
            if ((k in tgt) && (tgt[k] in lab) && lab[tgt[k]] < k && lab[tgt[k]] >= j) inner++
            if (isins[k]) n++
            if (line[k] ~ /^[ \t]+(bl|blx|call)[ \t]/) hascall = 1
          }
          if (!hascall && n + 1 > bn) { bn = n + 1; best = i; bj = j; binner = inner }
        }
        if (best) {
          for (k = bj + 1; k <= best; k++) if (isins[k]) print line[k] > out
          print binner
        }
        done = 1
      }
      /^[^ \t.][^:]*:$/ || /^[^ \t].*\):$/ {
        name = $0; sub(/:$/, "", name)
        if (infn && name !~ /^\.L/) { flush(); infn = 0 }
        if (!done && !infn && index(name, fn) > 0) { infn = 1; nl = 0 }
      }
      infn {
        nl++; line[nl] = $0; isins[nl] = 0
        if ($0 ~ /^\.L[A-Za-z0-9_]*:/) { l = $0; sub(/:.*/, "", l); lab[l] = nl }
        else if ($0 ~ /^[ \t]+[a-z]/ && $1 !~ /^\./) {
          isins[nl] = 1
          if ($1 ~ /^(b|b\..*|b[a-z][a-z]|cbn?z|tbn?z)$/ && $NF ~ /^\.L/) tgt[nl] = $NF
        }
      }
      END { if (infn) flush() }')
    if [ ! -s "$loop" ]; then
      echo "mca: $c: no loop found in $fn ($file)" >&2
      continue
    fi
    for cpu in $cpus; do
      r=$("$MCA" -mtriple="$triple" -mcpu="$cpu" -iterations=200 "$loop" 2>"$loop.$cpu.err")
      it=$(echo "$r" | sed -n 's/^Iterations: *//p')
      cy=$(echo "$r" | sed -n 's/^Total Cycles: *//p')
      if [ -z "$it" ] || [ -z "$cy" ]; then
        echo "mca: $c $cpu $fn: llvm-mca failed: $(head -3 "$loop.$cpu.err")" >&2
        continue
      fi
      model=$(model_of "$triple" "$reg" "$cpu")
      want=$(echo "$cpu" | sed 's/cortex-a/A/')
      note="-"
      [ -n "$model" ] && [ "$model" != "$want" ] && note="LLVM 14 schedules $cpu with its $model model"
      [ -z "$model" ] && note="no scheduling model in LLVM 14"
      if [ "${inner:-0}" -gt 0 ]; then
        n="$inner inner loop(s) counted once"
        if [ "$note" = "-" ]; then note=$n; else note="$note; $n"; fi
      fi
      echo "$c $row $fn $file $cpu $bytes $it $cy $note" | awk '{
        cpi = $8 / $7; note = $9; for (i = 10; i <= NF; i++) note = note " " $i
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%.3f\t%s\n", $1, $2, $3, $4, $5, $6, cpi, cpi / $6, note }'
    done
  done < "$work/$c.todo"
done
