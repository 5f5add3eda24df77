#!/bin/sh
# fetch-valgrind-arm.sh ARCH...: unpacks Debian's valgrind for the guest
# architectures (arm64, armhf) into ${CTCRYPTO_CACHE:-~/.cache/ctcrypto}/valgrind-ARCH
# and prints nothing but errors. The packages are only downloaded and
# unpacked (dpkg -x), never installed: valgrind:arm64/armhf conflict with
# the host's valgrind. Idempotent: an unpacked tree is reused.
set -eu
cache=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
mkdir -p "$cache"
for arch in "$@"; do
  dir="$cache/valgrind-$arch"
  case $arch in
    arm64) tool=memcheck-arm64-linux ;;
    armhf) tool=memcheck-arm-linux ;;
    *) echo "fetch-valgrind-arm: unknown architecture $arch" >&2; exit 1 ;;
  esac
  [ -x "$dir/usr/libexec/valgrind/$tool" ] && continue
  # apt-get download resolves foreign packages only once dpkg knows the
  # architecture and the package lists include it.
  if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    dpkg --add-architecture "$arch"
    apt-get update -qq
  fi
  tmp=$(mktemp -d)
  chmod 755 "$tmp"  # apt-get download runs as _apt
  if ! (cd "$tmp" && apt-get download -qq "valgrind:$arch" >/dev/null); then
    apt-get update -qq
    (cd "$tmp" && apt-get download -qq "valgrind:$arch" >/dev/null)
  fi
  rm -rf "$dir.tmp"
  dpkg -x "$tmp"/valgrind_*_"$arch".deb "$dir.tmp"
  rm -rf "$tmp" "$dir"
  mv "$dir.tmp" "$dir"
  [ -x "$dir/usr/libexec/valgrind/$tool" ] || {
    echo "fetch-valgrind-arm: $tool missing in valgrind:$arch" >&2; exit 1; }
done
