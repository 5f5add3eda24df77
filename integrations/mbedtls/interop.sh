#!/bin/bash
# interop.sh [TARGET...]: TLS between Mbed TLS 3.6 on ctcrypto (the ALT
# build of mbedtls.BUILD: AES, GCM, CCM through ctcrypto's rows) and the
# host's OpenSSL 3, over loopback, both directions: Mbed TLS's ssl_server2
# against `openssl s_client`, and `openssl s_server` against ssl_client2.
#
# TARGET is a config of .bazelrc (util/configs.tsv), optionally with
# :DISABLE for CTCRYPTO_DISABLE=DISABLE (ctcrypto's other rows in the same
# binaries), as in run-suites.sh. Default, with the rows each one runs
# (util/configs.tsv):
#   x86_64_aesni            this host's (VAES/AES-NI, VPCLMULQDQ/PCLMULQDQ)
#   aarch64_ce              armv8 AES, pmull GHASH (QEMU cortex-a76)
#   aarch64_ce:aes,pmull    vpaes+bsaes AES, neon GHASH (same binaries)
#   armv7_neon              vpaes+bsaes AES, neon GHASH (QEMU cortex-a9)
#   armv7_neon_ce           armv8 AES, pmull GHASH in AArch32 (the
#                           armv7_neon binaries on QEMU's max CPU)
# The Mbed TLS programs are built with --config=<config> (the ALT suites'
# flags and output tree, so run-suites.sh's build of :mbedcrypto and
# ctcrypto is reused) and run natively or under the config's QEMU CPU model
# (util/configs.sh); OpenSSL always runs natively.
#
# Every case checks the client's exit status, the negotiated suite and the
# application data byte for byte in both directions:
#   Mbed TLS server: s_client sends a 12000-byte request (random printable
#     bytes, in 1024-byte records: -max_send_frag) that ssl_server2 must
#     print exactly; ssl_server2 answers with response_size=16384 (its
#     HTTP header naming the suite, then 'B's) that s_client must print
#     exactly. s_client asks for 1024-byte fragments (-maxfraglen), which
#     Mbed TLS honours in TLS 1.2 (16 records) but not in TLS 1.3 (one
#     16384-byte record).
#   Mbed TLS client: ssl_client2 sends request_size=20000 (its HTTP request
#     padded with 'A's; at least two records, 1024-byte ones in TLS 1.2
#     with max_frag_len=1024) that s_server must print exactly; s_server
#     sends 6001 random printable bytes in 1024-byte records that
#     ssl_client2 must print exactly.
#
# Then, per target, Mbed TLS's tests/compat.sh with the same programs
# (COMPAT=0 leaves it out): its 16 TLS 1.2 AES suites with OpenSSL (ECDHE-
# ECDSA and PSK, AES-128/256 CBC-SHA1/SHA256/SHA384 and GCM), both
# directions. It cannot be the only runner: it has no TLS 1.3 (its modes
# are tls12 and dtls12), pairs CCM and CCM-8 only with GnuTLS and Mbed TLS
# peers, never with OpenSSL, and checks exit statuses, not data.
#
# Builds every config first (one bazel at a time), then runs the targets
# PARALLEL at a time (default all at once: a case mostly waits on its peer
# and on process start-up; the 120 cases of the default targets take
# about 18 s of CPU in all, QEMU included). Prints a line per failing case, the table (suite x
# direction, one column per target), one summary line per target with
# counts, and a total; exits 1 if any case fails or is missing. Logs of
# failing cases and the table (table.txt) are kept under
#   ${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls}/interop/
# (beside run-suites.sh's <config> directories when both are given the same
# CTCRYPTO_MBEDTLS_RESULTS). Environment: JOBS (bazel --jobs, default 2), PARALLEL, OPENSSL
# (default openssl).
set -u
cd "$(dirname "$0")/../.." || exit 1
. util/configs.sh

[ $# -gt 0 ] || set -- x86_64_aesni aarch64_ce aarch64_ce:aes,pmull armv7_neon armv7_neon_ce
jobs=${JOBS:-2}
parallel=${PARALLEL:-$#}
compat=${COMPAT:-1}
compat_min=16   # compat.sh's cases below: fewer is a failure
openssl=${OPENSSL:-openssl}
results=${CTCRYPTO_MBEDTLS_RESULTS:-${TMPDIR:-/tmp}/ctcrypto-mbedtls}/interop
start=$(date +%s)

case $("$openssl" version 2>/dev/null) in
  "OpenSSL 3."*) ;;
  *) echo "interop: FAIL: needs OpenSSL 3 as '$openssl' (Debian package openssl)"; exit 1 ;;
esac
dir=$(util/fetch-mbedtls.sh) || { echo "interop: FAIL: util/fetch-mbedtls.sh"; exit 1; }
data="$dir/framework/data_files"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$results"
mkdir -p "$results"

psk=000102030405060708090a0b0c0d0e0f
# The suites: version, Mbed TLS name, OpenSSL name, authentication
# (cert: ECDSA P-256 server certificate, psk: pre-shared key).
suites="
tls13 TLS1-3-AES-128-GCM-SHA256 TLS_AES_128_GCM_SHA256 cert
tls13 TLS1-3-AES-256-GCM-SHA384 TLS_AES_256_GCM_SHA384 cert
tls13 TLS1-3-AES-128-CCM-SHA256 TLS_AES_128_CCM_SHA256 cert
tls13 TLS1-3-AES-128-CCM-8-SHA256 TLS_AES_128_CCM_8_SHA256 cert
tls12 TLS-ECDHE-ECDSA-WITH-AES-128-GCM-SHA256 ECDHE-ECDSA-AES128-GCM-SHA256 cert
tls12 TLS-ECDHE-ECDSA-WITH-AES-128-CCM ECDHE-ECDSA-AES128-CCM cert
tls12 TLS-ECDHE-ECDSA-WITH-AES-128-CCM-8 ECDHE-ECDSA-AES128-CCM8 cert
tls12 TLS-ECDHE-ECDSA-WITH-AES-128-CBC-SHA256 ECDHE-ECDSA-AES128-SHA256 cert
tls12 TLS-PSK-WITH-AES-128-GCM-SHA256 PSK-AES128-GCM-SHA256 psk
tls12 TLS-PSK-WITH-AES-128-CCM PSK-AES128-CCM psk
tls12 TLS-PSK-WITH-AES-128-CCM-8 PSK-AES128-CCM8 psk
tls12 TLS-PSK-WITH-AES-128-CBC-SHA256 PSK-AES128-CBC-SHA256 psk
"
directions="mbedtls-srv openssl-srv"
req_size=20000     # ssl_client2's request (its MAX_REQUEST_SIZE)
resp_size=16384    # ssl_server2's response (MBEDTLS_SSL_OUT_CONTENT_LEN)

# check.py: the byte-for-byte checks, one run per target (a Python start
# costs more than a whole case on a busy machine).
#   check.py gen REQUEST RESPONSE: writes what the OpenSSL peers send.
#   check.py batch REQUEST RESPONSE REQ_SIZE RESP_SIZE < CASES: CASES has
#     "KEY DIRECTION CASEDIR SUITE" lines; prints "KEY ok" or "KEY why" for each.
cat >"$work/check.py" <<'EOF'
import random, re, sys

def payload(seed, head, n, tail):  # random printable between head and tail
    r = random.Random(seed)         # (no '\n': the programs stop reading at one)
    return head + bytes(r.randrange(0x20, 0x7f) for _ in range(n - len(head) - len(tail))) + tail

def chunks(log, pattern):  # the data each "N bytes read" line announces
    out = b""
    for m in re.finditer(pattern, log):
        out += log[m.end():m.end() + int(m.group(1))]
    return out

def differ(what, got, want):
    if got == want:
        return []
    i = next((k for k in range(min(len(got), len(want))) if got[k] != want[k]),
             min(len(got), len(want)))
    return [f"{what}: {len(got)} bytes, expected {len(want)}, first difference at {i}"]

def read(path):
    try:
        return open(path, "rb").read()
    except OSError:
        return b""

def check(direction, case, suite, request, response, req_size, resp_size):
    if direction == "mbedtls-srv":
        # ssl_server2 prints what it reads; its response names its suite.
        log = read(f"{case}/ssl_server2.log")
        got = chunks(log, rb" (\d+) bytes read(?: \(\d+ \+ \d+\))?\n\n")
        want = (b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n"
                b"<h2>Mbed TLS Test Server</h2>\r\n"
                b"<p>Successful connection using: " + suite.encode() + b"</p>\r\n")
        return (differ("request read by ssl_server2", got, request) +
                differ("response read by s_client", read(f"{case}/s_client.out"),
                       want.ljust(resp_size, b"B")))
    # ssl_client2 prints what it reads and how many records it wrote.
    log = read(f"{case}/ssl_client2.log")
    got = chunks(log, rb"  < Read from server: (\d+) bytes read\n\n")
    want = b"GET / HTTP/1.0\r\nHost: localhost\r\nExtra-header: "
    why = (differ("response read by ssl_client2", got, response) +
           differ("request read by s_server", read(f"{case}/s_server.out"),
                  want.ljust(req_size - 4, b"A") + b"\r\n\r\n"))
    m = re.search(rb"bytes written in (\d+) fragments", log)
    if not m or int(m.group(1)) < 2:
        why.append("ssl_client2 did not write its request in two records or more")
    if not re.search(rb"Ciphersuite is " + re.escape(suite.encode()) + rb" ", log):
        why.append(f"ssl_client2 did not negotiate {suite}")
    return why

if sys.argv[1] == "gen":
    open(sys.argv[2], "wb").write(payload(27, b"GET / HTTP/1.0\r\nX-Pad: ", 12000, b"\r\n\r\n"))
    open(sys.argv[3], "wb").write(payload(28, b"", 6001, b"\n"))
else:
    request, response = read(sys.argv[2]), read(sys.argv[3])
    req_size, resp_size = int(sys.argv[4]), int(sys.argv[5])
    for line in sys.stdin:
        key, direction, case, suite = line.split()
        why = check(direction, case, suite, request, response, req_size, resp_size)
        print(key, "; ".join(why) if why else "ok")
EOF
# What the OpenSSL peers send: s_client a 12000-byte request, s_server 6001
# bytes (random printable between an HTTP head and an end of line).
python3 "$work/check.py" gen "$work/request" "$work/response" || exit 1

wait_listen() {  # wait_listen PORT PID: until PID's server listens (30 s at most)
  local hex
  printf -v hex '%04X' "$1"
  for _ in $(seq 300); do
    # A listening TCP socket on PORT (state 0A), IPv4 or IPv6: no probe
    # connection, which s_server -naccept 1 would take for its client.
    grep -q "^ *[0-9]*: [0-9A-F]*:$hex [0-9A-F]*:0000 0A " /proc/net/tcp /proc/net/tcp6 2>/dev/null &&
      return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

wait_log() {  # wait_log FILE PATTERN COUNT: until PATTERN is in FILE COUNT times (30 s at most)
  for _ in $(seq 300); do
    [ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
    sleep 0.1
  done
  return 1
}

# run_case CASEDIR PORT BIN RUNNER... -- VERSION MNAME ONAME KIND DIRECTION:
# one connection, logs in CASEDIR; prints why it failed (nothing when the
# programs ran; check.py then checks the data).
run_case() {
  local log=$1 port=$2 bin=$3 run=() srv rc
  shift 3
  while [ "$1" != -- ]; do run+=("$1"); shift; done
  shift
  local version=$1 mname=$2 oname=$3 kind=$4 direction=$5
  local ossl_ver ossl_suite m_auth m_cli_auth o_srv_auth o_cli_auth
  mkdir -p "$log"
  if [ "$version" = tls13 ]; then
    ossl_ver=-tls1_3 ossl_suite=(-ciphersuites "$oname")
  else
    ossl_ver=-tls1_2 ossl_suite=(-cipher "$oname")
  fi
  if [ "$kind" = psk ]; then
    m_auth=(psk="$psk" psk_identity=Client_identity)
    m_cli_auth=("${m_auth[@]}")
    o_srv_auth=(-psk "$psk" -nocert)
    o_cli_auth=(-psk "$psk" -psk_identity Client_identity)
  else
    m_auth=(crt_file="$data/server5.crt" key_file="$data/server5.key")
    m_cli_auth=(ca_file="$data/test-ca2.crt")
    o_srv_auth=(-cert "$data/server5.crt" -key "$data/server5.key")
    o_cli_auth=(-CAfile "$data/test-ca2.crt" -verify_return_error)
  fi
  if [ "$direction" = mbedtls-srv ]; then
    "${run[@]}" "$bin/ssl_server2" server_port=$port server_addr=127.0.0.1 exchanges=1 \
      force_version=$version force_ciphersuite="$mname" "${m_auth[@]}" \
      response_size=$resp_size >"$log/ssl_server2.log" 2>&1 &
    srv=$!
    if ! wait_listen $port $srv; then
      echo "ssl_server2 did not start"
    else
      timeout 60 "$openssl" s_client -connect 127.0.0.1:$port -quiet $ossl_ver \
        "${ossl_suite[@]}" "${o_cli_auth[@]}" -max_send_frag 1024 -maxfraglen 1024 \
        <"$work/request" >"$log/s_client.out" 2>"$log/s_client.err"
      rc=$?
      # ssl_server2 has flushed its output once it waits for the next
      # connection.
      wait_log "$log/ssl_server2.log" "Waiting for a remote connection" 2
      [ $rc -eq 0 ] || echo "s_client exit status $rc"
    fi
  else
    mkfifo "$log/stdin"
    "$openssl" s_server -accept $port -naccept 1 -quiet $ossl_ver "${ossl_suite[@]}" \
      "${o_srv_auth[@]}" -max_send_frag 1024 <"$log/stdin" \
      >"$log/s_server.out" 2>"$log/s_server.err" &
    srv=$!
    # s_server sends what it reads on stdin; the fifo stays open (fd 4)
    # until s_server is done, so that it never sees its end.
    exec 4>"$log/stdin"
    cat "$work/response" >&4
    if ! wait_listen $port $srv; then
      echo "s_server did not start"
    else
      timeout 60 "${run[@]}" "$bin/ssl_client2" server_addr=127.0.0.1 server_port=$port \
        force_version=$version force_ciphersuite="$mname" "${m_cli_auth[@]}" \
        request_size=$req_size max_frag_len=1024 >"$log/ssl_client2.log" 2>&1
      rc=$?
      [ $rc -eq 0 ] || echo "ssl_client2 exit status $rc"
    fi
    # s_server -naccept 1 ends after the client's close_notify, once it has
    # read everything before it; the end of its stdin would end it at once.
    for _ in $(seq 100); do kill -0 $srv 2>/dev/null || break; sleep 0.1; done
    exec 4>&-
  fi
  kill $srv 2>/dev/null
  wait $srv 2>/dev/null
}

port_base=$((20000 + RANDOM % 20000))  # target i's case n: port_base + 100 i + n
# run_target TARGET INDEX BIN: every case of TARGET, then its data checks;
# writes "MNAME DIRECTION PASS|FAIL [why]" lines to its results file.
run_target() {
  local target=$1 port=$((port_base + $2 * 100)) bin=$3
  local config=${1%%:*} disable="" runner tdir key why n=0 t0 p rc
  t0=$(date +%s)
  case $target in *:*) disable=${target#*:} ;; esac
  runner=$(config_runner "$config") || return 1
  tdir="$work/${target//[:,]/-}"
  mkdir -p "$tdir"
  : >"$tdir/cases"
  : >"$tdir/failed"
  while read -r version mname oname kind; do
    [ -n "$version" ] || continue
    for direction in $directions; do
      n=$((n + 1))
      key="$mname/$direction"
      # shellcheck disable=SC2086
      why=$(run_case "$tdir/$n" $((port + n)) "$bin" \
        env ${disable:+CTCRYPTO_DISABLE=$disable} $runner -- \
        "$version" "$mname" "$oname" "$kind" "$direction")
      if [ -n "$why" ]; then
        echo "$key ${why//$'\n'/; }" >>"$tdir/failed"
      else
        echo "$key $direction $tdir/$n $mname" >>"$tdir/cases"
      fi
    done
  done <<<"$suites"
  { cat "$tdir/failed"
    python3 "$work/check.py" batch "$work/request" "$work/response" $req_size $resp_size \
      <"$tdir/cases" || echo "check.py failed"
  } | while read -r key why; do
    [ "$why" = ok ] && echo "${key%/*} ${key#*/} PASS" || echo "${key%/*} ${key#*/} FAIL $why"
  done >"$tdir/results"
  echo "interop: $target: $n cases ran in $(( $(date +%s) - t0 )) s" >&2
  [ "$compat" = 1 ] || return 0
  # Mbed TLS's compat.sh, from a copy of its tests/ (it writes its logs
  # there) with the same programs behind M_SRV/M_CLI: its TLS 1.2 AES
  # suites with OpenSSL, client authentication off, less static ECDH
  # (OpenSSL 3 has none: compat.sh would skip them); its default exclusions
  # kept. A row each ("compat:m->O": Mbed TLS client), SKIP for any it
  # skips itself.
  t0=$(date +%s)
  mkdir -p "$tdir/compat/tests"
  cp "$dir/tests/compat.sh" "$tdir/compat/tests/"
  ln -s "$dir/framework" "$tdir/compat/framework"
  for p in ssl_server2 ssl_client2; do
    printf '#!/bin/sh\nexec env %s %s "%s" "$@"\n' "${disable:+CTCRYPTO_DISABLE=$disable}" \
      "$runner" "$bin/$p" >"$tdir/compat/$p"
    chmod +x "$tdir/compat/$p"
  done
  M_SRV="$tdir/compat/ssl_server2" M_CLI="$tdir/compat/ssl_client2" OPENSSL="$openssl" \
    "$tdir/compat/tests/compat.sh" -p OpenSSL -m tls12 -t "ECDSA PSK" -V NO -f AES \
    -e 'NULL\|ARIA\|CHACHA20_POLY1305\|TLS_ECDH_ECDSA' \
    --min "$compat_min" >"$tdir/compat.out" 2>&1
  rc=$?
  awk '$1 ~ /^[mO]->[mO]$/ && $NF ~ /^(PASS|FAIL|SKIP)$/ { print $3, "compat:" $1, $NF }' \
    "$tdir/compat.out" >>"$tdir/results"
  if [ $rc -ne 0 ]; then
    echo "compat.sh compat:exit FAIL exit status $rc: $(tail -1 "$tdir/compat.out")" >>"$tdir/results"
  fi
  echo "interop: $target: compat.sh ran in $(( $(date +%s) - t0 )) s" >&2
}

# Build each config once (the ALT build: --config alone, as run-suites.sh).
declare -A bins
for target in "$@"; do
  config=${target%%:*}
  [ -z "${bins[$config]:-}" ] || continue
  config_runner "$config" >/dev/null || { echo "interop: FAIL: config $config"; exit 1; }
  echo "interop: building $config" >&2
  if ! bazel build --jobs="$jobs" --config="$config" \
      @mbedtls//:ssl_client2 @mbedtls//:ssl_server2 >&2; then
    echo "interop: FAIL: bazel build --config=$config @mbedtls//:ssl_client2 @mbedtls//:ssl_server2"
    exit 1
  fi
  bins[$config]="$(bazel info --config="$config" bazel-bin 2>/dev/null)/external/mbedtls"
  # The ALT build links ctcrypto, whose run-time dispatch reads this name.
  for p in ssl_client2 ssl_server2; do
    if ! grep -q CTCRYPTO_DISABLE "${bins[$config]}/$p" 2>/dev/null; then
      echo "interop: FAIL: ${bins[$config]}/$p missing or not linked with ctcrypto"
      exit 1
    fi
  done
done
echo "interop: built in $(( $(date +%s) - start )) s" >&2

i=0
for target in "$@"; do
  i=$((i + 1))
  run_target "$target" $i "${bins[${target%%:*}]}" &
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
done
wait

# Failures with why, the table (one row per suite and direction, one
# column per target; "mbedtls-srv": Mbed TLS server and OpenSSL client,
# "compat:m->O": compat.sh's Mbed TLS client and OpenSSL server), the counts.
status=0
declare -A result
compat_rows=()
for target in "$@"; do
  tdir="$work/${target//[:,]/-}"
  while read -r mname direction verdict why; do
    result[$target|$mname|$direction]=$verdict
    case $direction in
      compat:*) [ -n "${result[row|$mname|$direction]:-}" ] || compat_rows+=("$mname $direction")
                result[row|$mname|$direction]=1 ;;
    esac
    if [ "$verdict" = FAIL ]; then
      echo "interop: FAIL $target $mname $direction${why:+: $why}"
      cp -r "$tdir" "$results/" 2>/dev/null
    fi
  done <"$tdir/results" 2>/dev/null
done
{
  printf '%-5s %-40s %-11s' version suite direction
  for t in "$@"; do printf ' %-20s' "$t"; done
  echo
  while read -r version mname oname kind; do
    [ -n "$version" ] || continue
    for direction in $directions; do
      printf '%-5s %-40s %-11s' "$version" "$mname" "$direction"
      for t in "$@"; do printf ' %-20s' "${result[$t|$mname|$direction]:-MISSING}"; done
      echo
    done
  done <<<"$suites"
  for row in "${compat_rows[@]}"; do
    printf '%-5s %-40s %-11s' tls12 ${row}
    for t in "$@"; do printf ' %-20s' "${result[$t|${row% *}|${row#* }]:-MISSING}"; done
    echo
  done
} | tee "$results/table.txt"
total=0 passed=0 cpass=0 cskip=0
for t in "$@"; do
  n=0 p=0 cp=0 cs=0 cf=0
  while read -r version mname oname kind; do
    [ -n "$version" ] || continue
    for direction in $directions; do
      n=$((n + 1))
      [ "${result[$t|$mname|$direction]:-}" = PASS ] && p=$((p + 1))
    done
  done <<<"$suites"
  for row in "${compat_rows[@]}"; do
    case ${result[$t|${row% *}|${row#* }]:-MISSING} in
      PASS) cp=$((cp + 1)) ;;
      SKIP) cs=$((cs + 1)) ;;
      *) cf=$((cf + 1)) ;;
    esac
  done
  [ -z "${result[$t|compat.sh|compat:exit]:-}" ] || cf=$((cf + 1))
  total=$((total + n)) passed=$((passed + p)) cpass=$((cpass + cp)) cskip=$((cskip + cs))
  line="$p/$n (12 suites x 2 directions vs OpenSSL $("$openssl" version | cut -d' ' -f2))"
  if [ "$compat" = 1 ]; then
    line="$line; compat.sh $cp passed, $cs skipped, $cf failed"
    [ $cf -eq 0 ] && [ $cp -ge $compat_min ] || cf=$((cf + 1))
  fi
  [ $p -eq $n ] && [ $cf -eq 0 ] && verdict=PASS || { verdict=FAIL; status=1; }
  echo "interop: $t: $verdict $line"
done
[ $status -eq 0 ] && [ $total -gt 0 ] && verdict=PASS || verdict=FAIL
[ "$compat" = 1 ] && c=" + compat.sh $cpass passed, $cskip skipped" || c=""
echo "interop: $verdict $passed/$total cases$c on $# targets in $(( $(date +%s) - start )) s"
[ "$verdict" = PASS ]
