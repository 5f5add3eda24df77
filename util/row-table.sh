#!/bin/sh
# util/row-table.sh: the table of rows per configuration in doc/design.md
# ("Rows per configuration"), made from util/configs.tsv and
# util/mcu_configs.tsv, the files //tests:row_set_test checks every build
# against.
#
#   util/row-table.sh           prints the table
#   util/row-table.sh --write   replaces the lines between the markers in the
#                               doc with the table
#   util/row-table.sh --check   exits 1, with a diff, when the doc's lines
#                               between the markers differ from the table
#                               (//util:row_table_test runs this)
#
# The markers are the lines
#   <!-- row-table: begin (util/row-table.sh --write; do not edit by hand) -->
#   <!-- row-table: end -->
# ROW_TABLE_DOC names another file to write or check (default doc/design.md).
# With CAP_NAMES (a file with the names of crypto/cpu/caps.bzl, in order),
# --check also finds that list in README (default README.md).
set -eu
cd "$(dirname "$0")/.."
doc=${ROW_TABLE_DOC:-doc/design.md}
begin='<!-- row-table: begin (util/row-table.sh --write; do not edit by hand) -->'
end='<!-- row-table: end -->'

table() {
  echo "| config | AES rows (best first) | GHASH rows | SHA-1/SHA-256 rows | SHA-512 rows | chosen on its CPU (AES + GHASH + SHA-256 + SHA-512) |"
  echo "|---|---|---|---|---|---|"
  awk -F'\t' '!/^#/ && NF {
    if (NF != 16) {
      printf "row-table.sh: %s: 16 columns expected, %d found\n", FILENAME, NF > "/dev/stderr"
      exit 1
    }
    where = ($4 == "-") ? "this host" : "QEMU " $4
    aes = $7; gsub(",", ", ", aes)
    gh = $8; gsub(",", ", ", gh)
    sha = $11; gsub(",", ", ", sha)
    s512 = $12; gsub(",", ", ", s512)
    printf "| %s | %s | %s | %s | %s | %s + %s + %s + %s (%s) |\n", $1, aes, gh, sha, s512, $9, $10, $13, $14, where
  }' util/configs.tsv util/mcu_configs.tsv
}

# The doc's lines between the markers; fails unless each marker is there once.
between() {
  awk -v b="$begin" -v e="$end" -v f="$doc" '
    $0 == b { nb++; inside = 1; next }
    $0 == e { ne++; inside = 0; next }
    inside { print }
    END {
      if (nb != 1 || ne != 1) {
        printf "row-table.sh: %s must have each marker line exactly once:\n  %s\n  %s\n", f, b, e > "/dev/stderr"
        exit 1
      }
    }' "$doc"
}

case "${1:-}" in
  "")
    table ;;
  --check)
    [ -f "$doc" ] || { echo "row-table.sh: $doc not found" >&2; exit 1; }
    want=$(table)
    have=$(between)
    if [ "$want" != "$have" ]; then
      echo "row-table.sh: the row table in $doc differs from util/configs.tsv + util/mcu_configs.tsv" >&2
      echo "(run util/row-table.sh --write; - is the doc, + the tables):" >&2
      printf '%s\n' "$have" > "${TMPDIR:-/tmp}/row-table.have.$$"
      printf '%s\n' "$want" > "${TMPDIR:-/tmp}/row-table.want.$$"
      diff -u "${TMPDIR:-/tmp}/row-table.have.$$" "${TMPDIR:-/tmp}/row-table.want.$$" >&2 || true
      rm -f "${TMPDIR:-/tmp}/row-table.have.$$" "${TMPDIR:-/tmp}/row-table.want.$$"
      exit 1
    fi
    echo "row-table.sh: $doc matches util/configs.tsv + util/mcu_configs.tsv"
    # The README's list of capability names is crypto/cpu/caps.bzl's
    # (CAP_NAMES: the file //crypto:cap_names writes from it).
    if [ -n "${CAP_NAMES:-}" ]; then
      line="\`$(cat "$CAP_NAMES")\`."
      if ! grep -qF -- "$line" "${README:-README.md}"; then
        echo "row-table.sh: ${README:-README.md} lacks the capability names of crypto/cpu/caps.bzl: $line" >&2
        exit 1
      fi
      echo "row-table.sh: ${README:-README.md} lists the capability names of crypto/cpu/caps.bzl"
    fi ;;
  --write)
    between > /dev/null
    tmp="$doc.tmp.$$"
    table > "$tmp.table"
    awk -v b="$begin" -v e="$end" -v t="$tmp.table" '
      $0 == b { print; while ((getline line < t) > 0) print line; skip = 1; next }
      $0 == e { skip = 0 }
      !skip { print }' "$doc" > "$tmp"
    rm -f "$tmp.table"
    mv "$tmp" "$doc"
    echo "row-table.sh: wrote the row table into $doc" ;;
  *)
    echo "usage: util/row-table.sh [--check | --write]" >&2
    exit 2 ;;
esac
