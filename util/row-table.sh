#!/bin/sh
# util/row-table.sh: prints the README's table of rows per configuration
# from util/configs.tsv (//tests:row_set_test checks that README.md has
# exactly these lines, and that each build has exactly these rows).
set -eu
cd "$(dirname "$0")/.."
echo "| config | AES rows (best first) | GHASH rows (best first) | chosen on its CPU |"
echo "|---|---|---|---|"
awk -F'\t' '!/^#/ && NF {
  where = ($4 == "-") ? "this host" : "QEMU " $4
  aes = $6; gsub(",", ", ", aes)
  gh = $7; gsub(",", ", ", gh)
  printf "| %s | %s | %s | %s + %s (%s) |\n", $1, aes, gh, $8, $9, where
}' util/configs.tsv
