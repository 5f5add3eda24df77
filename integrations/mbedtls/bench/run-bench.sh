#!/bin/sh
# run-bench.sh [TARGET...]: stock Mbed TLS 3.6 vs the ALT build (ctcrypto
# under the five seams), through Mbed TLS's API (mbedtls_speed.cc), in the
# same run, per target, and the markdown table "what constant time costs or
# saves on this core" (table.py). Not part of CI.
#
# TARGET: x86_64 (native), aarch64 (QEMU cortex-a76), armv7 (QEMU
# cortex-a9); default all three. For each, two measurements of every pair:
#   - speed: wall-clock MB/s (ops/s for key set-up), natively on x86_64; under
#     QEMU user mode on the ARM targets, where the times are EMULATED and
#     compare only with each other (not with any real core);
#   - instructions per byte (per call for key set-up): valgrind's callgrind
#     (host valgrind; on ARM, valgrind for the guest under QEMU, as
#     util/ct-arm.sh runs memcheck), counting exactly the calls of each case.
#     Instruction counts are no cycle counts, but they do not depend on the
#     emulator or the machine's load. Valgrind runs no AVX-512: on x86_64
#     the ALT build's instructions are its AES-NI/CLMUL rows, while its
#     native speed is whatever row the CPU selects (the table says which).
# Pairs: ALT on the CPU's best rows vs stock as shipped (its AES-NI or
# AESCE code where the CPU has the instructions); ALT on the rows of a core
# without AES instructions (CTCRYPTO_DISABLE) vs stock on its software
# tables (the code stock Mbed TLS runs on such a core).
#
# The programs are built in the ctgrind output trees of run-ct.sh
# (--config=ctgrind, ctgrind_aarch64_ce, ctgrind_armv7_neon): the release
# flags (-O2) plus -g and valgrind client requests at the ALT modules' and
# ctcrypto's verdict declassifications (a few no-op instructions per
# verifying call outside valgrind). Environment: BENCH_MS (ms per case,
# default 300), BENCH_COUNT (calls per case under callgrind, default 20),
# BENCH_CHUNKS (default 16,1350,8192), BENCH_OUT (results directory), JOBS.
set -u
cd "$(dirname "$0")/../../.." || exit 1
. util/configs.sh

TARGETS=${*:-x86_64 aarch64 armv7}
MS=${BENCH_MS:-300}
COUNT=${BENCH_COUNT:-20}
CHUNKS=${BENCH_CHUNKS:-16,1350,8192}
OUT=${BENCH_OUT:-$(mktemp -d /tmp/ctcrypto-mbedtls-bench.XXXXXX)}
JOBS=${JOBS:-2}
CACHE=${CTCRYPTO_CACHE:-$HOME/.cache/ctcrypto}
PKG=//integrations/mbedtls/bench

util/fetch-mbedtls.sh >/dev/null || exit 1
util/fetch-valgrind-arm.sh arm64 armhf >/dev/null || exit 1

# run TARGET_DIR NAME BINARY ENV: the timing run and the callgrind run.
run() {
  dir=$1 name=$2 binary=$3 envs=$4
  echo "run-bench: $(basename "$dir") $name" >&2
  # shellcheck disable=SC2086
  env $envs $prefix "$binary" -timeout_ms "$MS" -chunks "$CHUNKS" >"$dir/$name.speed" 2>&1 ||
    echo "run-bench: $name failed (see $dir/$name.speed)" >&2
  rm -rf "$dir/$name.cg"
  mkdir -p "$dir/$name.cg"
  # shellcheck disable=SC2086
  env $envs $cg --tool=callgrind --callgrind-out-file="$dir/$name.cg/out.%p" \
    "$binary" -count "$COUNT" -chunks "$CHUNKS" >"$dir/$name.cgout" 2>&1 ||
    echo "run-bench: $name under callgrind failed (see $dir/$name.cgout)" >&2
}

for t in $TARGETS; do
  case $t in
    x86_64) config=ctgrind target="" vgarch="" ;;
    aarch64) config=ctgrind_aarch64_ce target=aarch64_ce vgarch=arm64 ;;
    armv7) config=ctgrind_armv7_neon target=armv7_neon vgarch=armhf ;;
    *) echo "run-bench: unknown target $t (x86_64, aarch64, armv7)" >&2; exit 1 ;;
  esac
  bazel build --config="$config" --jobs="$JOBS" "$PKG:mbedtls_speed_alt" "$PKG:mbedtls_speed_stock" \
    "$PKG:mbedtls_speed_stock_sw" >&2 || exit 1
  bin=$(bazel info --config="$config" bazel-bin 2>/dev/null)/integrations/mbedtls/bench
  dir=$OUT/$t
  mkdir -p "$dir"
  echo "$COUNT" >"$dir/count"
  if [ -z "$target" ]; then
    prefix=""
    cg="valgrind"
    echo "x86_64, natively ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'); wall clock on a shared 2-core machine)" >"$dir/note"
  else
    qemu=$(config_field "$target" 3) && cpu=$(config_field "$target" 4) || exit 1
    prefix="$qemu -cpu $cpu"
    vg=$CACHE/valgrind-$vgarch
    tool=$vg/usr/libexec/valgrind/callgrind-$( [ "$vgarch" = arm64 ] && echo arm64 || echo arm)-linux
    cg="env VALGRIND_LAUNCHER=$vg/usr/bin/valgrind VALGRIND_LIB=$vg/usr/libexec/valgrind $qemu -cpu $cpu $tool"
    echo "$t under QEMU user mode, -cpu $cpu: MB/s are EMULATED times (compare only with each other); instructions from callgrind" >"$dir/note"
  fi
  : >"$dir/pairs"
  run "$dir" stock "$bin/mbedtls_speed_stock" ""
  run "$dir" stock_sw "$bin/mbedtls_speed_stock_sw" ""
  case $t in
    x86_64)
      run "$dir" alt "$bin/mbedtls_speed_alt" ""
      run "$dir" alt_ssse3 "$bin/mbedtls_speed_alt" CTCRYPTO_DISABLE=aesni,pclmul,vaes
      run "$dir" alt_portable "$bin/mbedtls_speed_alt" CTCRYPTO_DISABLE=aesni,pclmul,ssse3,avx,vaes,avx2,avx512
      {
        echo "with AES instructions: ALT's best rows vs stock as shipped|alt|stock"
        echo "without AES-NI/CLMUL (SSSE3 core): ALT's SSSE3 rows vs stock's software tables|alt_ssse3|stock_sw"
        echo "no SIMD (portable): ALT's portable rows vs stock's software tables|alt_portable|stock_sw"
      } >"$dir/pairs"
      ;;
    aarch64)
      run "$dir" alt "$bin/mbedtls_speed_alt" ""
      run "$dir" alt_neon "$bin/mbedtls_speed_alt" CTCRYPTO_DISABLE=aes,pmull
      {
        echo "with the crypto extension: ALT's ARMv8 AES/PMULL rows vs stock as shipped|alt|stock"
        echo "without the crypto extension: ALT's NEON rows vs stock's software tables|alt_neon|stock_sw"
      } >"$dir/pairs"
      ;;
    armv7)
      run "$dir" alt "$bin/mbedtls_speed_alt" ""
      echo "Cortex-A9 (NEON, no crypto extension): ALT's NEON rows vs stock as shipped|alt|stock" >"$dir/pairs"
      ;;
  esac
done
python3 integrations/mbedtls/bench/table.py "$OUT" | tee "$OUT/table.md"
echo "run-bench: results in $OUT (table.md)" >&2
