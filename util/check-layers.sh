#!/bin/bash
# check-layers.sh: the include graph of crypto/ has no arrow from a lower
# layer to a higher one:
#
#   0 base:   crypto/cpu/, internal.h, ct.h, key_storage.h, row_table.h,
#             state_in.h, simd_x86_64.h, status.cc; ctcrypto/status.h,
#             ctcrypto/key_sizes.h
#   1 prims:  crypto/aes/, crypto/ghash/, crypto/hash/; ctcrypto/aes.h,
#             ghash.h, hash.h
#   2 modes:  crypto/modes/, crypto/tls/; the other public headers but one
#   3 top:    crypto/c_api.cc, crypto/testing/; ctcrypto/ctcrypto.h
#
# Prints every `#include "crypto/..."` / `#include "ctcrypto/..."` line of
# crypto/ whose target is in a higher layer than its file, and exits 1 if
# there is one. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."

layer() {
  case "$1" in
    crypto/include/ctcrypto/status.h | crypto/include/ctcrypto/key_sizes.h) echo 0 ;;
    crypto/include/ctcrypto/aes.h | crypto/include/ctcrypto/ghash.h | \
      crypto/include/ctcrypto/hash.h) echo 1 ;;
    crypto/include/ctcrypto/ctcrypto.h) echo 3 ;;
    crypto/include/ctcrypto/*) echo 2 ;;
    crypto/cpu/* | crypto/internal.h | crypto/ct.h | crypto/key_storage.h | \
      crypto/row_table.h | crypto/state_in.h | crypto/simd_x86_64.h | \
      crypto/status.cc) echo 0 ;;
    # the generated row lists (crypto/rows.bzl) belong to their tables
    crypto/aes/* | crypto/ghash/* | crypto/hash/* | crypto/aes_*.inc | \
      crypto/ghash_*.inc | crypto/sha*.inc) echo 1 ;;
    # the mode kernels' generated lists (crypto/rows.bzl) belong to the modes
    crypto/modes/* | crypto/tls/* | crypto/gcm_kernels*.inc | \
      crypto/ccm_kernels*.inc | crypto/tls_cbc_kernels*.inc | \
      crypto/xts_kernels*.inc) echo 2 ;;
    crypto/c_api.cc | crypto/testing/*) echo 3 ;;
    *) echo "unclassified: $1" >&2; exit 2 ;;
  esac
}

bad=0
while IFS=: read -r file line text; do
  target=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1/' <<<"$text")
  case "$target" in
    ctcrypto/*) target="crypto/include/$target" ;;
  esac
  from=$(layer "$file")
  to=$(layer "$target")
  if (( to > from )); then
    echo "upward: $file:$line (layer $from) -> $target (layer $to)"
    bad=1
  fi
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"(crypto|ctcrypto)/' \
           crypto --include='*.h' --include='*.cc' --include='*.inc')
if (( bad )); then exit 1; fi
echo "no upward include in crypto/ ($(grep -rlE '#include "(crypto|ctcrypto)/' crypto --include='*.h' --include='*.cc' --include='*.inc' | wc -l) files checked)"
