#!/bin/sh
# BoringSSL's VAES AES-GCM loops priced by llvm-mca, the peer column of the
# x86 VAES GCM cost model (doc/cost-model.md, "x86: the VAES GCM loop").
#
#   bench/mca_boringssl.sh [BSSL]    prints TSV on stdout
#
# BSSL is the stripped bssl-x86_64 of ../shared/peers/boringssl (BoringSSL
# a0689af, gcc 12.2); the loop addresses below are that binary's, so the
# script checks its SHA-256 first. Each loop (seal, open) encrypts 256 bytes
# an iteration as four ZMM chains, with the GHASH of four vectors stitched
# in, and enters its AES rounds by a branch on the key size. The loop is
# taken from the disassembly (objdump, AT&T syntax) as llvm-mca's straight
# line: the key-size compare and branches and the loop branch dropped, and
# for AES-128 the rounds that only AES-192/256 run (from the branch to the
# AES-128 entry) left out; AES-256 keeps them all. Cycles are reported per
# 512 bytes (two iterations), the unit of our 32-block loop.
set -eu
BSSL=${1:-$(dirname "$0")/../../shared/peers/boringssl/bssl-x86_64}
MCA=${MCA_X86:-llvm-mca-19}
WANT=259a62d86e0c0b1e18705d9be61714302794e5daa52b6ce2d09653fbb628e720
got=$(sha256sum "$BSSL" | cut -d' ' -f1)
if [ "$got" != "$WANT" ]; then
  echo "mca_boringssl: $BSSL is not the bssl-x86_64 these addresses are for" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# name start stop skip_from skip_to (hex; the AES-128 skip: from the
# key-size branch up to the AES-128 entry)
echo "# loop	key	cpu	cycles_per_512_bytes"
for spec in "seal 12e370 12e6aa 12e3b8 12e43c" "open 12ea8d 12ede2 12eaf0 12eb74"; do
  # shellcheck disable=SC2086 # spec is five words
  set -- $spec
  objdump -d --no-show-raw-insn --start-address="0x$2" --stop-address="0x$3" \
    "$BSSL" | grep -E '^ +[0-9a-f]+:' > "$work/$1.dis"
  for key in 128 256; do
    awk -v key="$key" -v lo="$((0x$4))" -v hi="$((0x$5))" '
      BEGIN { print "loop:" }
      {
        addr = $1; sub(":", "", addr); a = 0
        for (i = 1; i <= length(addr); i++)
          a = a * 16 + index("0123456789abcdef", substr(addr, i, 1)) - 1
        ins = $0; sub(/^ +[0-9a-f]+:[ \t]+/, "", ins); sub(/ +<.*>$/, "", ins)
        if (ins ~ /^cmp +\$0x18,/ || ins ~ /^j[a-z]+ / || ins ~ /^\.byte/) next
        if (key == 128 && a >= lo && a < hi) next
        print "  " ins
      }
      END { print "  jae loop" }' "$work/$1.dis" > "$work/$1$key.s"
    for cpu in sapphirerapids znver4; do
      c=$("$MCA" -mtriple=x86_64 -mcpu="$cpu" -iterations=200 "$work/$1$key.s" 2>/dev/null |
        awk '/^Total Cycles:/ { t = $3 } /^Iterations:/ { n = $2 } END { printf "%.2f", 2 * t / n }')
      printf '%s\t%s\t%s\t%s\n' "$1" "$key" "$cpu" "$c"
    done
  done
done
