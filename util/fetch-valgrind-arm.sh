#!/bin/sh
# fetch-valgrind-arm.sh ARCH...: unpacks Debian's valgrind for the guest
# architectures (arm64, armhf) into ${CTCRYPTO_CACHE:-~/.cache/ctcrypto}/valgrind-ARCH
# and prints nothing but errors. The packages are only downloaded and
# unpacked (dpkg -x), never installed: valgrind:arm64/armhf conflict with
# the host's valgrind. Idempotent: an unpacked tree is reused.
set -eu
cache=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
mkdir -p "$cache"
# update: apt-get update, tried three times 20 s apart. A Debian mirror in
# the middle of a sync serves index files of the wrong size for a while
# ("File has unexpected size ... Mirror sync in progress?": a cold CI run's
# armhf lists, 2026-12-06), which failed the whole constant-time step.
update() {
  for _try in 1 2 3; do
    apt-get update -qq && return 0
    [ "$_try" = 3 ] || sleep 20
  done
  return 1
}
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
    update
  fi
  tmp=$(mktemp -d)
  chmod 755 "$tmp"  # apt-get download runs as _apt
  if ! (cd "$tmp" && apt-get download -qq "valgrind:$arch" >/dev/null); then
    update
    (cd "$tmp" && apt-get download -qq "valgrind:$arch" >/dev/null)
  fi
  rm -rf "$dir.tmp"
  dpkg -x "$tmp"/valgrind_*_"$arch".deb "$dir.tmp"
  rm -rf "$tmp" "$dir"
  mv "$dir.tmp" "$dir"
  [ -x "$dir/usr/libexec/valgrind/$tool" ] || {
    echo "fetch-valgrind-arm: $tool missing in valgrind:$arch" >&2; exit 1; }
done
