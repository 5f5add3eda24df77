#!/bin/sh
# Installs the Debian packages the ctcrypto build needs, only if some are
# missing (checked with dpkg-query), then checks that every compiler and
# include directory the toolchains (toolchains/) name exists: they name
# gcc 12 and clang 14.0.6 by path, and another version fails here with the
# package to install rather than later with an obscure compile error.
# Idempotent; prints nothing when all is in place. Runs apt-get as root, or
# through sudo when not root.
set -eu
cd "$(dirname "$0")/.."

PACKAGES="
bazel-bootstrap
bazel-bootstrap-source
bazel-platforms
g++-12
g++-12-aarch64-linux-gnu
g++-12-arm-linux-gnueabihf
g++-12-riscv64-linux-gnu
qemu-user
googletest
libssl-dev
gnuplot-nox
valgrind
clang-14
libclang-rt-14-dev
llvm-14
lld-14
gcc-arm-none-eabi
libnewlib-arm-none-eabi
libstdc++-arm-none-eabi-newlib
qemu-system-arm
python3
gcc-riscv64-unknown-elf
picolibc-riscv64-unknown-elf
libstdc++-arm-none-eabi-dev
qemu-system-misc
openssl
lsof
"

missing=""
for p in $PACKAGES; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  if [ "$status" != "installed" ]; then
    missing="$missing $p"
  fi
done
# package_of PATH: the Debian package that ships a path the toolchains name
# (GCC_VERSION: the gcc major version they use).
package_of() {
  case "$1" in
    *-linux-gnu*-ar|*-linux-gnu*-ld) t=${1##*/}; echo "binutils-${t%-*}" ;;
    /usr/bin/ld) echo binutils ;;
    *aarch64-linux-gnu*) echo "g++-$GCC_VERSION-aarch64-linux-gnu" ;;
    *arm-linux-gnueabihf*) echo "g++-$GCC_VERSION-arm-linux-gnueabihf" ;;
    /usr/lib/arm-none-eabi/*) echo libnewlib-arm-none-eabi ;;
    /usr/include/newlib/c++*) echo libstdc++-arm-none-eabi-dev ;;
    /usr/include/newlib*) echo libnewlib-dev ;;
    /usr/lib/picolibc/*) echo picolibc-riscv64-unknown-elf ;;
    *riscv64-unknown-elf-ar|*riscv64-unknown-elf-ld) echo binutils-riscv64-unknown-elf ;;
    *riscv64-unknown-elf*) echo gcc-riscv64-unknown-elf ;;
    *arm-none-eabi*) echo gcc-arm-none-eabi ;;
    *riscv64-linux-gnu*) echo "g++-$GCC_VERSION-riscv64-linux-gnu" ;;
    */clang/[0-9]*/include)
      v=${1%/include}; v=${v##*/}
      echo "libclang-common-${v%%.*}-dev (version $v)" ;;
    */clang*-[0-9]*) echo "clang-${1##*-}" ;;
    */ld.lld-[0-9]*) echo "lld-${1##*-}" ;;
    */llvm-*-[0-9]*) echo "llvm-${1##*-}" ;;
    *) echo "g++-$GCC_VERSION" ;;
  esac
}

# check_toolchain_paths: every absolute path literal in the toolchain
# definitions (ctcrypto's, and the product example's in
# examples/product/toolchains and the firmware example's in
# examples/firmware/toolchains: include directories, clang tools) and, for
# each gcc prefix ("/usr/bin/<triple>-"), the gcc, cpp and binutils it
# completes to, with the gcc version of toolchains/gcc_toolchain.bzl.
check_toolchain_paths() {
  GCC_VERSION=$(sed -n 's/.*"gcc": prefix + "gcc-\([0-9][0-9]*\)".*/\1/p' toolchains/gcc_toolchain.bzl)
  if [ -z "$GCC_VERSION" ]; then
    echo "install-deps: cannot read the gcc version from toolchains/gcc_toolchain.bzl" >&2
    return 1
  fi
  bad=0
  for p in $(grep -ho '"/[^/"][^"]*"' toolchains/BUILD.bazel toolchains/clang/clang_toolchain.bzl toolchains/arm_none_eabi/arm_none_eabi_toolchain.bzl \
      examples/product/toolchains/BUILD.bazel examples/firmware/toolchains/BUILD.bazel | tr -d '"' | sort -u); do
    case "$p" in
      /usr/local/*) continue ;;  # searched by gcc, present or not
      */) continue ;;
      # Debian's bare-metal gcc has unversioned names.
      */arm-none-eabi-|*/riscv64-unknown-elf-) set -- "${p}gcc" "${p}cpp" "${p}ar" "${p}ld" ;;
      *-) set -- "${p}gcc-$GCC_VERSION" "${p}cpp-$GCC_VERSION" "${p}ar" "${p}ld" ;;
      *) set -- "$p" ;;
    esac
    for f in "$@"; do
      if [ ! -e "$f" ]; then
        echo "install-deps: the toolchains (toolchains/) need $f, which is missing: install the Debian package $(package_of "$f"), or point toolchains/ at the compiler this system has" >&2
        bad=1
      fi
    done
  done
  return "$bad"
}

if [ -z "$missing" ]; then
  check_toolchain_paths
  exit
fi

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
check_toolchain_paths
