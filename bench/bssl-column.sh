#!/bin/sh
# The BoringSSL column of the benchmark suite: the workloads //bench:speed
# and BoringSSL's `bssl speed` both measure, run alternately (ours, then
# BoringSSL, for each measurement and chunk size), under the same runner
# and, on x86, with CTCRYPTO_DISABLE mirrored into OPENSSL_ia32cap so both
# libraries use the same instruction sets.
#
#   CTCRYPTO_DISABLE=<list> bench/bssl-column.sh RUNNER BSSL SPEED CTCRYPTO \
#       TIMEOUT_MS [//bench:speed arguments...]
#
# RUNNER is the command that runs target binaries ("" for native, or e.g.
# "qemu-arm -cpu cortex-a9", from util/configs.sh); BSSL a `bssl` binary
# for the target (BoringSSL's tool with its `speed` command); SPEED and
# CTCRYPTO the target's //bench:speed and //tool:ctcrypto. A -filter or
# -chunks (or -cputime: CPU time instead of wall time) among the extra
# arguments applies to both sides. The output has,
# for each measurement, our `Did` line, BoringSSL's prefixed with
# "BoringSSL: " and a "Ratio <description>: ours/BoringSSL <r>" line, after
# a header line naming the runner, the binary and the mask. BSSL_ROUNDS=n
# (default 1) measures each pair n times, alternating, and prints each
# side's median line.
#
# The capability mirror. The capabilities CTCRYPTO_DISABLE takes away are
# read from `ctcrypto caps` (the CPU's list without and with the variable,
# so the library's dependency closure is applied) and cleared in
# OPENSSL_ia32cap, which BoringSSL reads at start-up as two 64-bit words:
# word 0 = CPUID.1:EDX | CPUID.1:ECX << 32, word 1 = CPUID.7:EBX |
# CPUID.7:ECX << 32:
#   aesni  -> word 0 bit 57 (AES)
#   pclmul -> word 0 bit 33     ssse3 -> word 0 bit 41     avx -> word 0 bit 60
#   avx2   -> word 1 bit 5      avx512 -> word 1 bits 16, 30, 31 (F, BW, VL)
#   vaes   -> word 1 bits 41, 42 (VAES, VPCLMULQDQ)
#   shani  -> word 1 bit 29 (SHA; the CBC-SHA1 lines' SHA-1 on both sides)
# An OPENSSL_ia32cap already in the environment is used as given.
# BoringSSL on ARM reads no capability mask (its path is the one the CPU,
# here the QEMU model, reports), so on ARM the column is measured only for
# the row set that nothing is disabled for; for any other set this
# script prints its header and a note, and no lines.
set -u
if [ $# -lt 5 ]; then
  echo "usage: CTCRYPTO_DISABLE=<list> $0 RUNNER BSSL SPEED CTCRYPTO TIMEOUT_MS [speed args...]" >&2
  exit 2
fi
runner=$1
bssl=$2
speed=$3
ctcrypto=$4
timeout_ms=$5
shift 5

# The workloads both programs have, with the same parameters (12-byte
# nonce, 13-byte additional data, the TLS record layout for CBC-SHA1).
# bssl speed measures seal and open of a category in one run.
NAMES="AES-128-GCM AES-256-GCM AES-128-GCM-SIV AES-256-GCM-SIV AES-128-CBC-SHA1"
VERBS="seal open"

filter=""
cputime=""
chunks="16,256,1350,8192,16384"  # both programs' default sizes
while [ $# -gt 0 ]; do
  case "$1" in
    -filter) filter=${2-}; shift ;;
    -chunks) chunks=${2-}; shift ;;
    -timeout_ms) timeout_ms=${2-}; shift ;;
    -cputime) cputime=-cputime ;;  # both programs have it
    -json) ;;
    *) echo "bssl-column.sh: ignoring speed argument '$1'" >&2 ;;
  esac
  [ $# -gt 0 ] && shift
done
rounds=${BSSL_ROUNDS:-1}
case "$rounds" in ''|*[!0-9]*|0) echo "bssl-column.sh: BSSL_ROUNDS must be a positive number" >&2; exit 2 ;; esac
seconds=$(awk -v ms="$timeout_ms" 'BEGIN { printf "%.3f", ms / 1000 }')

# cpu_field DISABLE: the capability names `ctcrypto caps` reports under
# CTCRYPTO_DISABLE=DISABLE, one per line; fails without a caps line.
cpu_field() {
  # shellcheck disable=SC2086 # RUNNER is a command with arguments
  _line=$(CTCRYPTO_DISABLE=$1 $runner "$ctcrypto" caps) || true
  case "$_line" in
    *"  cpu: "*) ;;
    *) echo "bssl-column.sh: no caps line from '$runner${runner:+ }$ctcrypto caps': '$_line'" >&2
       return 1 ;;
  esac
  echo "$_line" | sed -n 's/.*  cpu: //p' | tr ',' '\n' |
    grep -v -e '^-$' -e '^none$' -e '^$' | sort
}
detected=$(cpu_field "") || exit 1
active=$(cpu_field "${CTCRYPTO_DISABLE:-}") || exit 1
# The capabilities the CPU has that CTCRYPTO_DISABLE (closed) takes away.
off=$(printf '%s\n' "$detected" | grep -vxF -e "$(printf '%s\n' "$active" | grep . || echo ' ')" | tr '\n' ' ' | sed 's/ $//')

# x86 capability names have an OPENSSL_ia32cap bit; ARM ones (neon, aes,
# pmull) have no BoringSSL mask.
x86=1
for c in $off; do
  case "$c" in aesni|pclmul|ssse3|avx|avx2|avx512|vaes|shani) ;; *) x86="" ;; esac
done

cap=${OPENSSL_ia32cap-}
skip=""
if [ -z "${OPENSSL_ia32cap+set}" ] && [ -n "$off" ]; then
  if [ -n "$x86" ]; then
    cap=$(echo "$off" | awk '
      { for (i = 1; i <= NF; i++) {
          if ($i == "aesni")  w0[57] = 1
          if ($i == "shani")  w1[29] = 1
          if ($i == "pclmul") w0[33] = 1
          if ($i == "ssse3")  w0[41] = 1
          if ($i == "avx")    w0[60] = 1
          if ($i == "avx2")   w1[5] = 1
          if ($i == "avx512") { w1[16] = 1; w1[30] = 1; w1[31] = 1 }
          if ($i == "vaes")   { w1[41] = 1; w1[42] = 1 }
      } }
      function hex(w,   s, n, b, v) {   # 64-bit word from 16 nibbles
        s = ""
        for (n = 15; n >= 0; n--) {
          v = 0
          for (b = 0; b < 4; b++) if ((4 * n + b) in w) v += 2 ^ b
          s = s substr("0123456789abcdef", v + 1, 1)
        }
        sub(/^0+/, "", s)
        return s == "" ? "0" : s
      }
      END { printf "~0x%s:~0x%s", hex(w0), hex(w1) }')
  else
    skip="BoringSSL reads no capability mask on ARM; it runs the path the CPU reports, not this set (CTCRYPTO_DISABLE takes away: $off)"
  fi
fi

echo "BoringSSL column: $(basename "$bssl")${runner:+ under $runner}${cputime:+ (CPU time)}; OPENSSL_ia32cap=${cap:-(unset)}; CTCRYPTO_DISABLE=${CTCRYPTO_DISABLE:-(unset)}"
if [ -n "$skip" ]; then
  echo "# $skip"
  exit 0
fi

# did_rate: calls per microsecond of a Did line (the printed MB/s is
# rounded, too coarse for a ratio of slow emulated lines).
did_rate() {
  awk '{ for (i = 1; i < NF; i++) if ($i == "in") { us = $(i + 1); sub(/us$/, "", us) }
         if (us > 0) printf "%.9g", $2 / us }'
}

# median_line PATTERN: of the lines on stdin that match, the one with the
# median rate (the lower middle one for an even count).
median_line() {
  grep -e "$1" | while IFS= read -r line; do
    printf '%s\t%s\n' "$(echo "$line" | did_rate)" "$line"
  done | sort -g | awk -F'\t' '{ l[NR] = $2 } END { if (NR) print l[int((NR + 1) / 2)] }'
}

failed=0
for name in $NAMES; do
  # Ours measures only the verbs the filter selects ("<name> " is both).
  ofilter=""
  n=0
  for verb in $VERBS; do
    case "$name $verb" in *"$filter"*) n=$((n + 1)); ofilter="$name $verb" ;; esac
  done
  [ "$n" -gt 0 ] || continue
  [ "$n" -gt 1 ] && ofilter="$name "
  for chunk in $(echo "$chunks" | tr ',' ' '); do
    ours=""
    theirs=""
    r=0
    while [ "$r" -lt "$rounds" ]; do
      r=$((r + 1))
      # shellcheck disable=SC2086
      ours="$ours
$($runner "$speed" -filter "$ofilter" -chunks "$chunk" \
    -timeout_ms "$timeout_ms" $cputime < /dev/null)" || failed=1
      # shellcheck disable=SC2086
      if [ -n "$cap" ]; then
        theirs="$theirs
$(OPENSSL_ia32cap=$cap $runner "$bssl" speed -filter "$name" \
    -chunks "$chunk" -timeout "$seconds" $cputime < /dev/null)" || failed=1
      else
        theirs="$theirs
$(env -u OPENSSL_ia32cap $runner "$bssl" speed -filter "$name" \
    -chunks "$chunk" -timeout "$seconds" $cputime < /dev/null)" || failed=1
      fi
    done
    for verb in $VERBS; do
      case "$name $verb" in *"$filter"*) ;; *) continue ;; esac
      pat="^Did [0-9]* $name ($chunk bytes) $verb operations"
      o=$(printf '%s\n' "$ours" | median_line "$pat")
      t=$(printf '%s\n' "$theirs" | median_line "$pat")
      if [ -z "$o" ] || [ -z "$t" ]; then
        who=BoringSSL
        [ -z "$o" ] && who=ctcrypto
        echo "bssl-column.sh: no '$name ($chunk bytes) $verb' line from $who" >&2
        failed=1
        continue
      fi
      echo "$o"
      echo "BoringSSL: $t"
      ratio=$(awk -v a="$(echo "$o" | did_rate)" -v b="$(echo "$t" | did_rate)" \
                'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
      echo "Ratio $name ($chunk bytes) $verb: ours/BoringSSL $ratio"
    done
  done
done
exit "$failed"
