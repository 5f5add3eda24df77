#!/bin/sh
# gcm_only_deps_test.sh GCM_SOURCES WHOLE_SOURCES
# The GCM-only library (//crypto:gcm) compiles only what AES-GCM needs: no
# source file of another mode, of the hashes or of TLS-CBC is among its
# dependencies (GCM_SOURCES: `bazel query kind("source file", deps(...))`,
# every select() branch), while the whole library's (WHOLE_SOURCES,
# //crypto:ctcrypto) has each kind: the control that the patterns match.
set -u
# The labels without their repository ("@ctcrypto//crypto:..." when a
# product runs the test).
gcm=${TEST_TMPDIR:-/tmp}/gcm_sources whole=${TEST_TMPDIR:-/tmp}/ctcrypto_sources
sed 's/^@[^/]*//' "$1" >"$gcm" && sed 's/^@[^/]*//' "$2" >"$whole" || exit 1
# One pattern per part a GCM-only product must not compile.
patterns='//crypto:hash/ //crypto:tls/ //crypto:modes/ccm //crypto:modes/cmac
//crypto:modes/gcm_siv //crypto:modes/xts //crypto:modes/key_wrap
//crypto:modes/modes.cc //crypto:c_api.cc'
failed=0
for p in $patterns; do
  if ! grep -q "^$p" "$whole"; then
    echo "FAIL: control: //crypto:ctcrypto has no source matching $p"
    failed=1
  fi
  hits=$(grep "^$p.*\.cc$" "$gcm")
  if [ -n "$hits" ]; then
    echo "FAIL: //crypto:gcm compiles $hits"
    failed=1
  fi
done
for f in //crypto:modes/gcm.cc //crypto:modes/gmac.cc //crypto:aes/aes.cc //crypto:ghash/ghash.cc; do
  grep -qx "$f" "$gcm" || { echo "FAIL: //crypto:gcm lacks $f"; failed=1; }
done
[ "$failed" = 0 ] && echo "PASS: //crypto:gcm compiles $(grep -c '\.cc$' "$gcm") .cc files (every CPU family's rows), //crypto:ctcrypto $(grep -c '\.cc$' "$whole")"
exit "$failed"
