#!/bin/sh
# Installs the Debian packages the ctcrypto build needs, only if some are
# missing (checked with dpkg-query). Idempotent; prints nothing when all are
# installed. Runs apt-get as root, or through sudo when not root.
set -eu

PACKAGES="
bazel-bootstrap
bazel-bootstrap-source
bazel-platforms
g++
g++-aarch64-linux-gnu
g++-arm-linux-gnueabihf
qemu-user
googletest
libssl-dev
gnuplot-nox
valgrind
clang-14
libclang-rt-14-dev
llvm-14
"

missing=""
for p in $PACKAGES; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  if [ "$status" != "installed" ]; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-deps: missing packages:$missing; run this script as root" >&2
  exit 1
fi

echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
