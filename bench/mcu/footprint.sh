#!/bin/sh
# bench/mcu/footprint.sh: the microcontroller footprint table
# (doc/microcontrollers.md, "Footprint, RAM and stack"). For
# --config=cortex_m0plus, cortex_m4 and cortex_m33 at -Os and -O2:
#   - flash (text + rodata) and RAM (data + bss) of bench/size:gcm_consumer,
#     a program that seals and opens one AES-128-GCM message, and what it
#     adds over bench/size:baseline (the same program without ctcrypto), from
#     arm-none-eabi-size -A;
#   - the part of that which is ctcrypto's own symbols (nm -S);
#   - sizeof the key objects and the peak stack of init/seal/open, from
#     //bench/mcu:stack_depth run under QEMU (bazel run, .bazelrc runner).
# Each -Os build has its own output tree (--platform_suffix), so the -O2
# builds of the configs stay cached.
#
#   bench/mcu/footprint.sh            prints TSV
set -eu
cd "$(dirname "$0")/../.."
FLAGS="--ui_event_filters=-info,-debug,-warning --noshow_progress"
CONFIGS=${CONFIGS:-"cortex_m0plus cortex_m4 cortex_m33"}

# flash ram of an ELF (bytes)
mem() {
  arm-none-eabi-size -A "$1" | awk '
    $1 == ".text" || $1 == ".rodata" || $1 == ".ARM.exidx" || $1 == ".ARM.extab" ||
    $1 == ".init_array" || $1 == ".fini_array" || $1 == ".preinit_array" { f += $2 }
    $1 == ".data" { f += $2; r += $2 }
    $1 == ".bss" { r += $2 }
    END { printf "%d %d\n", f, r }'
}

printf '# config\topt\tconsumer_flash\tconsumer_ram\tdelta_flash\tdelta_ram\tctcrypto_text\tctcrypto_rodata\tctcrypto_data_bss\n'
for c in $CONFIGS; do
  for opt in -Os -O2; do
    extra=""
    [ "$opt" = -Os ] && extra="--copt=-Os --platform_suffix=${c}_Os"
    # shellcheck disable=SC2086
    bazel build $FLAGS --config="$c" $extra //bench/size:gcm_consumer //bench/size:baseline >&2
    # shellcheck disable=SC2086
    bin=$(bazel info $FLAGS --config="$c" $extra bazel-bin 2>/dev/null)
    set -- $(mem "$bin/bench/size/gcm_consumer") $(mem "$bin/bench/size/baseline")
    cf=$1; cr=$2; df=$(($1 - $3)); dr=$(($2 - $4))
    # ctcrypto's own symbols, by kind (as bench/size/measure.sh; a function
    # template's demangled name starts with its return type: "void ctcrypto::";
    # ctc_*: the library's internal assembly routines, with C names)
    set -- $(arm-none-eabi-nm -C -S -t d "$bin/bench/size/gcm_consumer" | awk '
      function name(l) { sub(/^[^ ]+ +[^ ]+ +[^ ]+ +/, "", l); return l }
      NF >= 4 && (name($0) ~ /^([a-z_ ]+ )?ctcrypto(::|_)/ || name($0) ~ /^ctc_/ ||
                  $0 ~ / (vtable|typeinfo|guard variable) for ctcrypto::/) {
        n = $2 + 0
        if ($3 ~ /[tTwW]/) t += n
        else if ($3 ~ /[rRvV]/) r += n
        else d += n
      }
      END { printf "%d %d %d\n", t, r, d }')
    printf '%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n' "$c" "$opt" "$cf" "$cr" "$df" "$dr" "$1" "$2" "$3"
    # shellcheck disable=SC2086
    bazel run $FLAGS --config="$c" $extra //bench/mcu:stack_depth 2>/dev/null |
      grep -E '^(sizeof|stack)' | sed "s/^/# $c $opt /" || true
  done
done
