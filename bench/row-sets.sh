#!/bin/sh
# Lists the row sets reachable on one target: every distinct `active:`
# pair that `ctcrypto caps` reports under some CTCRYPTO_DISABLE combination
# of the capabilities the CPU has. Nothing here names a row: the masks
# come from the `cpu:` field of `ctcrypto caps`, the sets from its answers.
#
#   bench/row-sets.sh RUNNER CTCRYPTO_BINARY
#
# RUNNER is the command that runs a target binary ("" for native, or e.g.
# "qemu-aarch64 -cpu cortex-a53", from util/configs.sh). Output, one set
# per line, best first (in the order the sets first appear as more
# capabilities are disabled), tab-separated:
#   <set name>  <CTCRYPTO_DISABLE value or ->  <aes row>  <ghash row>
# where <set name> is "<aes>+<ghash>" (e.g. aesni+clmul, nohw+nohw) and the
# CTCRYPTO_DISABLE value is the LARGEST list that still reaches the set,
# over the capabilities that select AES or GHASH rows (see below: the ones
# that select only hash rows stay on).
set -eu
runner=$1
bin=$2

caps_line() {
  # shellcheck disable=SC2086 # RUNNER is a command with arguments
  CTCRYPTO_DISABLE=$1 $runner "$bin" caps
}

line=$(caps_line "") || true
case "$line" in
  *"active: aes="*" ghash="*"  cpu: "*) ;;
  *) echo "row-sets.sh: no caps line from '$runner${runner:+ }$bin caps': '$line'" >&2; exit 1 ;;
esac
cpu=$(echo "$line" | sed -n 's/.*  cpu: //p')
[ "$cpu" = "-" ] && cpu=""
[ "$cpu" = "none" ] && cpu=""

# pair LINE: the "aes ghash" rows of a caps line; hashes LINE: everything
# else it reports active (the SHA rows).
pair() {
  echo "$1" | sed -n 's/.*active: aes=\([^ ]*\) ghash=\([^ ]*\).*/\1 \2/p'
}
hashes() {
  echo "$1" | sed -n 's/.*active: aes=[^ ]* ghash=[^ ]* \(.*\)  cpu: .*/\1/p'
}
# Capabilities that select only hash rows (disabled alone, they change the
# SHA rows and not the AES+GHASH pair: shani on x86, sha1/sha2 on ARM) are
# left out of the combinations. A set is an AES+GHASH pair; with them in
# its disable list, the TLS-CBC and SHA lines of every set would measure the
# portable hashes on a CPU that has the instructions, and the peers (whose
# masks mirror the list) their hardware ones or none. Left on, each set's
# hashes are the best the CPU offers under its list (capabilities a hash row
# needs, e.g. ssse3 for shani, still take it away, as the library's
# dependency closure and the peers' own dispatch do).
full_pair=$(pair "$line")
full_hashes=$(hashes "$line")
kept=""
for c in $(echo "$cpu" | tr ',' ' '); do
  l=$(caps_line "$c") || true
  if [ "$(pair "$l")" = "$full_pair" ] && [ "$(hashes "$l")" != "$full_hashes" ]; then
    continue
  fi
  kept="$kept${kept:+,}$c"
done
cpu=$kept

# Every subset of the CPU's capability names, fewest names first. Sets are
# listed in order of first appearance (best first), each with the LARGEST
# CTCRYPTO_DISABLE that still reaches it: every capability the set does not
# use is off, so the OpenSSL side by side (which mirrors the list into
# OPENSSL_ia32cap) runs its matching path - e.g. nohw+nohw is reached with
# "ssse3" alone, but OpenSSL would then still use AES-NI.
masks=$(echo "$cpu" | awk -F, '
{
  n = (NF > 0 && $1 != "") ? NF : 0
  if (n > 12) n = 12          # 4096 runs at most
  for (k = 0; k <= n; k++)
    for (m = 0; m < 2 ^ n; m++) {
      c = 0; s = ""
      for (i = 0; i < n; i++)
        if (int(m / 2 ^ i) % 2) { c++; s = s (s == "" ? "" : ",") $(i + 1) }
      if (c == k) print (s == "" ? "-" : s)
    }
}')
# One line per mask, in the loop of this shell so a failed run stops the
# script; then each set once, in order of first appearance, with the last
# (largest) mask that reached it.
sets=""
for mask in $masks; do
  d=$mask
  [ "$d" = "-" ] && d=""
  line=$(caps_line "$d") || true
  aes=$(echo "$line" | sed -n 's/.*active: aes=\([^ ]*\) ghash=\([^ ]*\).*/\1/p')
  ghash=$(echo "$line" | sed -n 's/.*active: aes=\([^ ]*\) ghash=\([^ ]*\).*/\2/p')
  if [ -z "$aes" ] || [ -z "$ghash" ]; then
    echo "row-sets.sh: CTCRYPTO_DISABLE=$d: no active pair in '$line'" >&2
    exit 1
  fi
  sets="$sets$(printf '%s+%s\t%s\t%s\t%s' "$aes" "$ghash" "$mask" "$aes" "$ghash")
"
done
printf '%s' "$sets" | awk -F'\t' '
  !($1 in line) { order[++n] = $1 }
  { line[$1] = $0 }
  END { for (i = 1; i <= n; i++) print line[order[i]] }'
