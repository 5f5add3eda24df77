#!/bin/sh
# fetch-mbedtls.sh: unpacks Mbed TLS 3.6.6 (Debian trixie's source package
# mbedtls 3.6.6-0.1~deb13u1, its upstream tarball only) into
#   ${CTCRYPTO_MBEDTLS_DIR:-${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}/mbedtls-3.6.6}
# for integrations/mbedtls (the WORKSPACE's @mbedtls repository looks there).
#
# The machine's apt configuration is not touched: a private source list and
# list directory under the cache (the recipe of ../shared/notes/mbedtls.md).
# The tarball's sha256 is checked against the one Debian's .dsc gives.
# Idempotent: a complete tree (its stamp file written last) is reused; prints
# the tree's path on stdout and nothing else but errors.
set -eu

VERSION=3.6.6
DEB_VERSION=3.6.6-0.1~deb13u1
TARBALL=mbedtls_${VERSION}.orig.tar.bz2
SHA256=8fb65fae8dcae5840f793c0a334860a411f884cc537ea290ce1c52bb64ca007a

cache=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
dir=${CTCRYPTO_MBEDTLS_DIR:-$cache/mbedtls-$VERSION}
stamp="$dir/.ctcrypto-fetched"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$SHA256" ]; then
  echo "$dir"
  exit 0
fi

work="$dir.download"
mkdir -p "$work/lists/partial"
chmod 755 "$work"  # apt-get source downloads as the _apt user
if [ ! -f "$work/$TARBALL" ] ||
   ! echo "$SHA256  $work/$TARBALL" | sha256sum -c --status; then
  # The machine's own Debian mirror (deb822 sources or a one-line list).
  uri=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  fi
  if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
    uri=$(awk '$1 == "deb" {print ($2 ~ /^\[/ ? $3 : $2); exit}' /etc/apt/sources.list)
  fi
  uri=${uri:-http://deb.debian.org/debian}
  printf 'deb-src %s trixie main\n' "$uri" > "$work/src.list"
  set -- -o "Dir::Etc::sourcelist=$work/src.list" -o Dir::Etc::sourceparts=- \
    -o "Dir::State::Lists=$work/lists" -o Dir::Cache::pkgcache= \
    -o Dir::Cache::srcpkgcache=
  # As root, apt's _apt sandbox user may not reach a cache under $HOME.
  if [ "$(id -u)" -eq 0 ]; then set -- "$@" -o APT::Sandbox::User=root; fi
  apt-get "$@" -qq update
  (cd "$work" && apt-get "$@" -qq source --download-only "mbedtls=$DEB_VERSION" >/dev/null)
  if ! echo "$SHA256  $work/$TARBALL" | sha256sum -c --status; then
    echo "fetch-mbedtls: $work/$TARBALL does not have sha256 $SHA256" >&2
    exit 1
  fi
fi

rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
tar -xjf "$work/$TARBALL" -C "$dir.tmp"
for f in library/aes.c include/mbedtls/mbedtls_config.h \
    framework/scripts/generate_test_code.py tests/suites/main_test.function; do
  if [ ! -f "$dir.tmp/mbedtls-$VERSION/$f" ]; then
    echo "fetch-mbedtls: $f missing from $TARBALL" >&2
    exit 1
  fi
done
rm -rf "$dir"
mv "$dir.tmp/mbedtls-$VERSION" "$dir"
rmdir "$dir.tmp"
echo "$SHA256" > "$stamp"
rm -rf "$work"
echo "$dir"
