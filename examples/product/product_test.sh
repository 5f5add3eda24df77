#!/bin/sh
# product_test.sh GCM_KAT CTCRYPTO QEMU CPU EXPECTED
# Runs the product's GCM known answer (GCM_KAT) and `CTCRYPTO caps` on the
# target CPU: under QEMU user mode (QEMU -cpu CPU), or natively when QEMU is
# "-". Fails unless the known answer passes and caps reports the active rows
# EXPECTED ("aes=<row> ghash=<row>"; "host": the best rows this x86_64 host
# can run, from /proc/cpuinfo).
set -u
kat=$1 tool=$2 qemu=$3 cpu=$4 expected=$5

run() {
  if [ "$qemu" = - ]; then "$@"; else "$qemu" -cpu "$cpu" "$@"; fi
}

# host_rows: ctcrypto's best x86_64 rows for this CPU's flags (their
# required capabilities: crypto/aes/aes_*_x86_64.cc, crypto/ghash/).
host_rows() {
  flags=" $(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo | head -n 1) "
  has() { for f; do case "$flags" in *" $f "*) ;; *) return 1 ;; esac; done; }
  if has ssse3 aes pclmulqdq avx avx2 vaes vpclmulqdq avx512f avx512bw avx512vl; then
    echo "aes=vaes ghash=vpclmul"
  elif has ssse3 aes pclmulqdq; then
    echo "aes=aesni ghash=clmul"
  elif has ssse3; then
    echo "aes=vpaes+bsaes ghash=ssse3"
  else
    echo "aes=nohw ghash=nohw"
  fi
}
[ "$expected" = host ] && expected=$(host_rows)
where=${qemu}${cpu:+ -cpu $cpu}
[ "$qemu" = - ] && where=native

failed=0
if ! run "$kat"; then
  echo "product_test: FAIL: the GCM known answer ($where)"
  failed=1
fi
caps=$(run "$tool" caps) || { echo "product_test: FAIL: ctcrypto caps ($where)"; exit 1; }
echo "ctcrypto caps ($where): $caps"
case "$caps" in
  *"active: $expected "*)
    echo "product_test: active rows $expected, as expected" ;;
  *)
    echo "product_test: FAIL: expected active rows '$expected'"
    failed=1 ;;
esac
exit "$failed"
