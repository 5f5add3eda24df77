#!/bin/sh
# ARM cost model: llvm-mca-14 cycles-per-byte estimates for the bulk loop of
# each ARM row, on the cores the ARM targets stand for.
#
#   bench/mca.sh [WORKDIR]       prints TSV on stdout, progress on stderr
#   CONFIGS="aarch64_ce" bench/mca.sh
#
# Which loop: a row source file names its bulk loop with a comment
#     // mca-loop: <row> <function> <bytes per iteration> [<select>]
# e.g. `// mca-loop: aes=vpaes vpaes_ctr32_blocks 64`, where <function> is a
# substring of the demangled name of the function that holds the loop in the
# compiled code (after inlining; the first function that matches; spaces
# of the demangled name are ignored: `gcm_seal_nr<10,false>`) and
# <bytes per iteration> may be a decimal. Put the marker in the .cc file the
# config compiles (a header is not a compilation unit of its own).
# bench/mca_loops.txt holds the same for files without a marker, as
# "<file> <row> <function> <bytes> [<select>]". A loop is a span from a
# label to a backward branch to it, with no bl/call inside. Without
# <select> the largest such loop of the function is measured (inner loops
# in it are counted once, which the note says). <select> picks the loop
# by its instruction mix instead: a comma-separated list of
# <mnemonic>=<count>, e.g. `aese=80,pmull=17` or `vtbl.8=48` (the
# mnemonic exactly as gcc prints it); the shortest loop with exactly these
# counts is measured (a round loop inside a batch loop; a GCM loop of one
# key size when the dispatcher inlined all three). The assembly is gcc's
# own: each config's libraries that hold marked files are rebuilt with
# `bazel build --save_temps`, so the flags are exactly the build's. Only
# files the config actually compiles (cquery deps of //crypto:ctcrypto) are
# measured. AArch32 code built for ARMv8 (.arch armv8-a in the assembly, the
# armv7_neon config's Crypto Extension rows) is estimated on the ARMv8 cores
# LLVM 14 has an AArch32 model for (cortex-a57, cortex-a72), not on the
# Cortex-A9.
#
# Output columns: config row function file cpu bytes_per_iteration
# cycles_per_iteration cycles_per_byte note. cycles/iteration is llvm-mca's
# Total Cycles / Iterations (steady-state throughput, no cache misses);
# note says when LLVM 14 has no model of its own for the core, and which
# <select> picked the loop.
set -u
cd "$(dirname "$0")/.." || exit 1
work=${1:-$(mktemp -d)}
mkdir -p "$work"
CONFIGS=${CONFIGS:-"aarch64_ce aarch64_noce armv7_neon cortex_m4 cortex_m33"}
MCA=${MCA:-llvm-mca-14}
# x86 loops: LLVM 14 has no scheduling model of Sapphire Rapids (it uses
# Skylake-server's) and none of an AMD core with AVX-512; LLVM 17 and later
# have both (sapphirerapids, znver4). MCA_X86 picks the llvm-mca for them:
# llvm-mca-19 when installed (Debian bookworm's llvm-19), else $MCA.
if [ -z "${MCA_X86:-}" ]; then
  if command -v llvm-mca-19 > /dev/null 2>&1; then MCA_X86=llvm-mca-19; else MCA_X86=$MCA; fi
fi
BAZEL_FLAGS="-c opt --ui_event_filters=-info,-debug,-warning --noshow_progress"

# Markers: file row function bytes select ("-": largest loop).
{
  grep -rn --include='*.cc' --include='*.h' 'mca-loop:' crypto/ 2>/dev/null |
    sed -n 's|^\([^:]*\):[0-9]*:.*mca-loop: *\(.*\)$|\1 \2|p'
  grep -v '^#' bench/mca_loops.txt
} | awk 'NF >= 4 && $4 ~ /^[0-9.]+$/ {
    sel = (NF >= 5 && $5 ~ /^[a-z0-9.]+=[0-9]+(,[a-z0-9.]+=[0-9]+)*$/) ? $5 : "-"
    if (!seen[$1 " " $2 " " $3 " " sel]++) print $1, $2, $3, $4, sel }' \
  > "$work/markers.txt"

printf '# config\trow\tfunction\tfile\tcpu\tbytes_per_iteration\tcycles_per_iteration\tcycles_per_byte\tnote\n'

# The scheduling model llvm-mca uses for a core, from the names of the
# resources in its report (e.g. A57UnitB -> A57).
model_of() {
  # x86: the prefix of the first resource (SKXDivider -> SKX, SPRPort00 ->
  # SPR, Zn4AGU0 -> Zn4).
  if [ "$2" = x86 ]; then
    echo 'add %eax, %eax' | "$MCA_X86" -mtriple="$1" -mcpu="$3" -resource-pressure -instruction-info=0 2>/dev/null |
      sed -n 's/^\[0\] *- *\([A-Z][A-Za-z]*[0-9]*\)\(Port\|AGU\|Divider\|ALU\).*$/\1/p' | head -1
    return
  fi
  printf 'add %s, %s, #1\n' "$2" "$2" |
    "$MCA" -mtriple="$1" -mcpu="$3" -resource-pressure -instruction-info=0 2>/dev/null |
    sed -n 's/^\[[0-9.]*\] *- *\([A-Za-z]*[0-9][0-9]*\).*/\1/p' | head -1
}

for c in $CONFIGS; do
  case "$c" in
    aarch64*) triple=aarch64-linux-gnu; reg=x0
      cpus="cortex-a53 cortex-a57 cortex-a72 cortex-a75 cortex-a76" ;;
    armv7*) triple=armv7a-linux-gnueabihf; reg=r0; cpus="cortex-a9" ;;
    # Bare-metal Thumb-2 (toolchains/arm_none_eabi). LLVM 14 schedules both
    # cores with its Cortex-M4 model (single issue), which the note says.
    # The Cortex-M7 (dual issue, own model) runs the same ARMv7E-M code, so
    # the cortex_m4 build is estimated on it too (code tuned for the M4).
    # LLVM 14 has no model for ARMv6-M (Cortex-M0/M0+).
    cortex_m4) triple=thumbv7em-none-eabi; reg=r0; cpus="cortex-m4 cortex-m7" ;;
    cortex_m33) triple=thumbv8m.main-none-eabi; reg=r0; cpus="cortex-m33" ;;
    # x86-64, only with CONFIGS=x86_64_aesni (the x86 rows are timed on the
    # host; this is for the cores the host is not), with $MCA_X86: Intel
    # Sapphire Rapids and AMD Zen 4. With LLVM 14 only sapphirerapids,
    # which it schedules with its Skylake-server model (the note says so;
    # that model lets 512-bit ALU ops issue on port 1, which Intel fuses off
    # while 512-bit uops run), and no AMD core (its znver3 model rejects ZMM
    # instructions even with -mattr).
    x86_64_aesni) triple=x86_64-linux-gnu; reg=x86
      if echo 'add %eax, %eax' | "$MCA_X86" -mtriple=$triple -mcpu=znver4 > /dev/null 2>&1; then
        cpus="sapphirerapids znver4"
      else
        cpus="sapphirerapids"
      fi ;;
    *) continue ;;
  esac
  libs=$(bazel cquery $BAZEL_FLAGS --config="$c" \
    'kind("cc_library", deps(//crypto:ctcrypto))' 2>/dev/null < /dev/null | sed 's/ (.*//')
  todo=""
  : > "$work/$c.todo"
  while read -r file row fn bytes sel; do
    # The library that compiles the file (a filegroup such as
    # //crypto:sources may list it too).
    lib=$(bazel query --noshow_progress --ui_event_filters=-info "rdeps(//crypto:all, //${file%%/*}:${file#*/}, 1)" 2>/dev/null < /dev/null |
      grep -v "^//${file%%/*}:${file#*/}\$" | grep -Fx "$libs" | head -1)
    if [ -n "$lib" ]; then
      todo="$todo $lib"
      echo "$file $row $fn $bytes $sel $lib" >> "$work/$c.todo"
    fi
  done < "$work/markers.txt"
  [ -z "$todo" ] && continue
  echo "mca: $c: bazel build --save_temps$todo" >&2
  # shellcheck disable=SC2086
  bazel build $BAZEL_FLAGS --config="$c" --save_temps $todo >&2 || continue
  bin=$(bazel info $BAZEL_FLAGS --config="$c" bazel-bin 2>/dev/null)
  idx=0
  while read -r file row fn bytes sel lib; do
    idx=$((idx + 1))
    stem=$(basename "$file"); stem=${stem%.*}
    s="$bin/${lib#//}"; s="${s%:*}/_objs/${lib##*:}/$stem.s"
    if [ ! -f "$s" ]; then
      # A select()ed source of the library for another platform (e.g.
      # aes_vpaes_arm.cc on aarch64): not compiled here, nothing to measure.
      ls "${s%/*}"/*.s > /dev/null 2>&1 || echo "mca: no $s" >&2
      continue
    fi
    loop="$work/$c.$stem.$idx.s"
    # Demangle the labels, cut out the function, keep its largest call-free
    # loop, or with a selector the shortest one with that instruction mix
    # (instructions only).
    inner=$(c++filt < "$s" | awk -v fn="$fn" -v sel="$sel" -v out="$loop" '
      BEGIN {
        nw = 0
        if (sel != "-") {
          nw = split(sel, parts, ",")
          for (w = 1; w <= nw; w++) {
            split(parts[w], kv, "=")
            wname[w] = kv[1]; wcount[w] = kv[2] + 0
          }
        }
      }
      function flush(  i, j, k, w, best, bn, n, inner, hascall, ok, cnt) {
        # loops: a branch at line i to a label at line j < i
        best = 0; bn = 0
        for (i = 1; i <= nl; i++) {
          if (!(i in tgt) || !(tgt[i] in lab)) continue
          j = lab[tgt[i]]
          if (j >= i) continue
          inner = 0; hascall = 0; n = 0
          for (w = 1; w <= nw; w++) cnt[w] = 0
          for (k = j + 1; k <= i; k++) {
            if (k < i && (k in tgt) && (tgt[k] in lab) && lab[tgt[k]] < k && lab[tgt[k]] >= j) inner++
            if (isins[k]) {
              n++
              for (w = 1; w <= nw; w++) if (mn[k] == wname[w]) cnt[w]++
            }
            if (line[k] ~ /^[ \t]+(bl|blx|call)[ \t]/) hascall = 1
          }
          if (hascall) continue
          ok = 1
          for (w = 1; w <= nw; w++) if (cnt[w] != wcount[w]) ok = 0
          if (!ok) continue
          if (nw == 0 ? n > bn : (bn == 0 || n < bn)) {
            bn = n; best = i; bj = j; binner = inner
          }
        }
        if (best) {
          for (k = bj + 1; k <= best; k++) if (isins[k]) print line[k] > out
          print binner
        }
        done = 1
      }
      /^[^ \t.][^:]*:$/ || /^[^ \t].*(\)|\]):$/ {
        name = $0; sub(/:$/, "", name)
        if (infn && name !~ /^\.L/) { flush(); infn = 0 }
        # spaces of the demangled name are ignored (a marker is one word)
        bare = name; gsub(/ /, "", bare)
        if (!done && !infn && index(bare, fn) > 0) { infn = 1; nl = 0 }
      }
      infn {
        nl++; line[nl] = $0; isins[nl] = 0
        if ($0 ~ /^\.L[A-Za-z0-9_]*:/) { l = $0; sub(/:.*/, "", l); lab[l] = nl }
        else if ($0 ~ /^[ \t]+[a-z]/ && $1 !~ /^\./) {
          isins[nl] = 1; mn[nl] = $1
          if ($1 ~ /^(b|b\..*|b[a-z][a-z]|cbn?z|tbn?z|j[a-z]+)$/ && $NF ~ /^\.L/) tgt[nl] = $NF
        }
      }
      END { if (infn) flush() }')
    if [ ! -s "$loop" ]; then
      echo "mca: $c: no loop${sel#-} found in $fn ($file)" >&2
      continue
    fi
    # Target and cores from the file's own assembly: AArch32 code built for
    # ARMv8 (the Crypto Extension rows of armv7_neon) runs on ARMv8 cores,
    # and its .fpu names the SIMD features llvm-mca must accept.
    ftriple=$triple; fcpus=$cpus; mattr=""
    case "$c" in
      armv7*)
        # Every .fpu of the file: with gcc the Crypto Extension rows set
        # theirs per function (#pragma GCC target), after the file's neon.
        fpu=$(sed -n 's/^[[:space:]]*\.fpu[[:space:]]*//p' "$s" | sort -u | tr '\n' ' ')
        case "$fpu" in
          *crypto*) mattr="-mattr=+neon,+crypto" ;;
          *neon*) mattr="-mattr=+neon" ;;
        esac
        if grep -q '^[[:space:]]*\.arch[[:space:]]*armv8' "$s"; then
          ftriple=armv8a-linux-gnueabihf; fcpus="cortex-a57 cortex-a72"
          echo "mca: $c $fn: ARMv8 AArch32 code; LLVM 14 has AArch32 models only for cortex-a57 (and a72 -> A57), none for cortex-a53/a75/a76" >&2
        fi ;;
    esac
    # VSWP has no itinerary in LLVM 14 (NoItinerary), so the itinerary-based
    # Cortex-A9 model rejects it; it is scheduled as VTRN.32 of the same
    # registers (same NEON permute class, reads and writes both), noted.
    swp=""
    if [ "$ftriple" = armv7a-linux-gnueabihf ] && grep -q '^[[:space:]]*vswp[[:space:]]' "$loop"; then
      sed 's/^\([[:space:]]*\)vswp\([[:space:]]\)/\1vtrn.32\2/' "$loop" > "$loop.a9"
      swp="$(grep -c '^[[:space:]]*vswp[[:space:]]' "$loop") vswp scheduled as vtrn.32 (no A9 itinerary)"
    fi
    for cpu in $fcpus; do
      in=$loop; [ -n "$swp" ] && in=$loop.a9
      # shellcheck disable=SC2086
      mca=$MCA; [ "$reg" = x86 ] && mca=$MCA_X86
      r=$("$mca" -mtriple="$ftriple" -mcpu="$cpu" $mattr -iterations=200 "$in" 2>"$loop.$cpu.err")
      it=$(echo "$r" | sed -n 's/^Iterations: *//p')
      cy=$(echo "$r" | sed -n 's/^Total Cycles: *//p')
      if [ -z "$it" ] || [ -z "$cy" ]; then
        echo "mca: $c $cpu $fn: llvm-mca failed: $(head -3 "$loop.$cpu.err")" >&2
        continue
      fi
      model=$(model_of "$ftriple" "$reg" "$cpu")
      want=$(echo "$cpu" | sed 's/cortex-a/A/; s/cortex-m/M/')
      [ "$reg" = x86 ] && want=$(echo "$cpu" | sed 's/^sapphirerapids$/SPR/; s/^znver\([0-9]\)$/Zn\1/')
      ver=$("$mca" --version 2>/dev/null | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p' | head -1)
      note="-"
      [ -n "$model" ] && [ "$model" != "$want" ] && note="LLVM ${ver:-?} schedules $cpu with its $model model"
      [ -z "$model" ] && note="no scheduling model in LLVM ${ver:-?}"
      [ "$reg" = x86 ] && [ "$note" = "-" ] && note="LLVM ${ver:-?}"
      add() { if [ "$note" = "-" ]; then note=$1; else note="$note; $1"; fi; }
      [ "$ftriple" != "$triple" ] && add "AArch32 (ARMv8) code"
      [ "$sel" != "-" ] && add "loop with $sel"
      [ -n "$swp" ] && add "$swp"
      [ "${inner:-0}" -gt 0 ] && add "$inner inner loop(s) counted once"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$row" "$fn" "$file" "$cpu" "$bytes" "$it" "$cy" "$note" | awk -F'\t' '{
        cpi = $8 / $7
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%.3f\t%s\n", $1, $2, $3, $4, $5, $6, cpi, cpi / $6, $9 }'
    done
  done < "$work/$c.todo"
done
