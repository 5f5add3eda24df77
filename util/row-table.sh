#!/bin/sh
# util/row-table.sh: prints the README's table of rows per configuration
# from util/configs.tsv and util/mcu_configs.tsv (//tests:row_set_test
# checks that README.md has exactly these lines, and that each build has
# exactly these rows).
set -eu
cd "$(dirname "$0")/.."
echo "| config | AES rows (best first) | GHASH rows | SHA-1/SHA-256 rows | SHA-512 rows | chosen on its CPU (AES + GHASH + SHA-256 + SHA-512) |"
echo "|---|---|---|---|---|---|"
awk -F'\t' '!/^#/ && NF {
  where = ($4 == "-") ? "this host" : "QEMU " $4
  aes = $7; gsub(",", ", ", aes)
  gh = $8; gsub(",", ", ", gh)
  sha = $11; gsub(",", ", ", sha)
  s512 = $12; gsub(",", ", ", s512)
  printf "| %s | %s | %s | %s | %s | %s + %s + %s + %s (%s) |\n", $1, aes, gh, sha, s512, $9, $10, $13, $14, where
}' util/configs.tsv util/mcu_configs.tsv
