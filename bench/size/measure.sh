#!/bin/sh
# Prints one line of the code-size table for a consumer of AES-GCM
# (bench/size/BUILD.bazel): the bytes of code, read-only data and data of
# ctcrypto's own symbols in the static gcm_consumer binary (target `nm -S`,
# after --gc-sections), the whole-binary growth over baseline (target
# `size -A`: also counts the libc/libstdc++ parts the library pulls in), and
# the rows compiled in.
#
#   bench/size/measure.sh CONFIG BAZEL_BIN SET_LABEL
# Output (tab-separated):
#   config set text rodata data total binary_delta compiled_rows
set -eu
cd "$(dirname "$0")/../.."
. util/configs.sh
c=$1
bin=$2
label=$3
prefix=$(config_field "$c" 2)-  # the target's binutils, from util/configs.tsv
sections() {
  "${prefix}size" -A "$1" | awk '
    $1 == ".text" { t += $2 }
    $1 == ".rodata" || $1 == ".data.rel.ro" { r += $2 }
    $1 == ".data" || $1 == ".bss" || $1 == ".tbss" || $1 == ".tdata" { d += $2 }
    END { printf "%d %d %d\n", t, r, d }'
}
for f in gcm_consumer baseline; do
  [ -f "$bin/bench/size/$f" ] || { echo "measure.sh: no $bin/bench/size/$f" >&2; exit 1; }
done
set -- $(sections "$bin/bench/size/gcm_consumer") $(sections "$bin/bench/size/baseline")
dt=$(($1 - $4)); dr=$(($2 - $5)); dd=$(($3 - $6))
# The library's own symbols in the consumer (C++ namespace ctcrypto and the
# C API ctcrypto_*), summed by kind from `nm -S`: the bytes ctcrypto itself
# adds, without the libc/libstdc++ runtime the binary delta also contains.
# (A function template's demangled name starts with its return type:
# "void ctcrypto::...", hence name() and the optional leading words.)
set -- $("${prefix}nm" -C -S -t d "$bin/bench/size/gcm_consumer" | awk '
  function name(l) { sub(/^[^ ]+ +[^ ]+ +[^ ]+ +/, "", l); return l }
  NF >= 4 && (name($0) ~ /^([a-z_ ]+ )?ctcrypto(::|_)/ ||
              $0 ~ / (vtable|typeinfo|guard variable) for ctcrypto::/) {
    n = $2 + 0
    if ($3 ~ /[tTwW]/) t += n
    else if ($3 ~ /[rRvV]/) r += n
    else d += n
  }
  END { printf "%d %d %d\n", t, r, d }')
t=$1; r=$2; d=$3
# The rows the tables hold: the rows' row objects are named kAes<Name> /
# kGhash<Name> (crypto/aes/aes_row.h); list them from the symbol table.
rows=$("${prefix}nm" -C "$bin/bench/size/gcm_consumer" |
  sed -n 's/.* ctcrypto::internal::k\(Aes\|Ghash\)\([A-Z][A-Za-z0-9]*\)$/\1:\2/p' |
  grep -v ":Rows$" | sort -u | tr '\n' ' ' | sed 's/ $//')
printf '%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n' "$c" "$label" "$t" "$r" "$d" $((t + r + d)) $((dt + dr + dd)) "$rows"
