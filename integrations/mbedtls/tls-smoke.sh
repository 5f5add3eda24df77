#!/bin/bash
# tls-smoke.sh: Mbed TLS's ssl_server2/ssl_client2 on the ALT build (AES,
# GCM, CCM through ctcrypto) against OpenSSL's s_client/s_server over
# loopback, both directions, natively: TLS 1.3 AES-128/256-GCM, AES-128-CCM,
# CCM-8; TLS 1.2 ECDHE-ECDSA and PSK with AES-128-GCM, CCM, CCM-8 and
# CBC-SHA256. A smoke test, the seed of issue 27's interop matrix (which
# wants Mbed TLS's tests/compat.sh and the QEMU targets too). Prints one
# line per suite and direction and exits 1 if any fails.
set -u
cd "$(dirname "$0")/../.."

dir=$(util/fetch-mbedtls.sh)
data="$dir/framework/data_files"
bazel build --jobs="${JOBS:-2}" @mbedtls//:ssl_client2 @mbedtls//:ssl_server2 >&2 || exit 1
bin="$(bazel info bazel-bin 2>/dev/null)/external/mbedtls"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
psk=000102030405060708090a0b0c0d0e0f
fails=0

# suite lines: version mbedtls-name openssl-name kind (cert|psk)
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

wait_port() {  # wait_port PORT: until something listens (5 s at most)
  for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

report() {  # report RESULT VERSION SUITE DIRECTION
  printf '%-6s %-5s %-42s %s\n' "$1" "$2" "$3" "$4"
  [ "$1" = ok ] || fails=$((fails + 1))
}

while read -r version mname oname kind; do
  [ -n "$version" ] || continue
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
    o_cli_auth=(-CAfile "$data/test-ca2.crt")
  fi

  # Mbed TLS (ALT) server, OpenSSL client: the client checks the page.
  port=$((port + 1))
  "$bin/ssl_server2" server_port=$port exchanges=1 force_version=$version \
    force_ciphersuite="$mname" "${m_auth[@]}" >"$work/srv.log" 2>&1 &
  srv=$!
  wait_port $port
  printf 'GET / HTTP/1.0\r\n\r\n' |
    timeout 20 openssl s_client -connect 127.0.0.1:$port $ossl_ver "${ossl_suite[@]}" \
      "${o_cli_auth[@]}" -ign_eof >"$work/cli.log" 2>&1
  kill $srv 2>/dev/null  # ssl_server2 waits for the next connection
  wait $srv 2>/dev/null
  if grep -q "Successful connection using: $mname" "$work/cli.log"; then
    report ok $version "$mname" "mbedtls-server/openssl-client"
  else
    report FAILED $version "$mname" "mbedtls-server/openssl-client"
  fi

  # OpenSSL server, Mbed TLS (ALT) client: the client checks the page
  # (s_server -www names the suite it negotiated).
  port=$((port + 1))
  openssl s_server -accept $port -www $ossl_ver "${ossl_suite[@]}" "${o_srv_auth[@]}" \
    >"$work/osrv.log" 2>&1 &
  osrv=$!
  wait_port $port
  timeout 20 "$bin/ssl_client2" server_addr=127.0.0.1 server_port=$port \
    force_version=$version force_ciphersuite="$mname" "${m_cli_auth[@]}" \
    >"$work/mcli.log" 2>&1
  rc=$?
  kill $osrv 2>/dev/null
  wait $osrv 2>/dev/null
  if [ $rc -eq 0 ] && grep -q "Cipher is $oname" "$work/mcli.log" &&
     grep -qi "HTTP/1.0 200" "$work/mcli.log"; then
    report ok $version "$mname" "openssl-server/mbedtls-client"
  else
    report FAILED $version "$mname" "openssl-server/mbedtls-client"
  fi
done <<<"$suites"

echo "tls-smoke: $fails failure(s)"
[ $fails -eq 0 ]
