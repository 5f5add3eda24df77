# util/configs.sh: the target configurations of util/configs.tsv for the
# scripts, sourced (`. util/configs.sh`) from the repository root. Every
# question about a config goes through here, and a config the table cannot
# answer for is an error, never a silent default: a cross config with no
# QEMU runner would run its binaries natively (or through binfmt on QEMU's
# default CPU) and be reported as native.
#
# Set before sourcing, when not at the repository root:
#   CONFIGS_TSV      the table (default util/configs.tsv)
#   CONFIGS_BAZELRC  the .bazelrc that must define the configs (default .bazelrc)
#   CONFIGS_REPO     how that .bazelrc names this repository in labels
#                    ("" here, "@ctcrypto" in a consumer workspace)
CONFIGS_TSV=${CONFIGS_TSV:-util/configs.tsv}
CONFIGS_BAZELRC=${CONFIGS_BAZELRC:-.bazelrc}
CONFIGS_REPO=${CONFIGS_REPO:-}

# configs_all: the target configurations (compiler gcc), in table order,
# space-separated.
configs_all() {
  awk -F'\t' '!/^#/ && NF && $6 == "gcc" { printf "%s%s", sep, $1; sep = " " }' "$CONFIGS_TSV"
}

# configs_clang: the clang 14 builds of the targets (compiler clang), in
# table order, space-separated.
configs_clang() {
  awk -F'\t' '!/^#/ && NF && $6 == "clang" { printf "%s%s", sep, $1; sep = " " }' "$CONFIGS_TSV"
}

# configs_mcu: the bare-metal configurations of MCU_CONFIGS_TSV (default
# util/mcu_configs.tsv), in table order, space-separated. They run under
# qemu-system-arm with semihosting, not with a user-mode prefix, so the
# functions below (config_field, config_runner) are for CONFIGS_TSV's
# configs; mcu_configs_check checks these against .bazelrc.
MCU_CONFIGS_TSV=${MCU_CONFIGS_TSV:-util/mcu_configs.tsv}
configs_mcu() {
  awk -F'\t' '!/^#/ && NF { printf "%s%s", sep, $1; sep = " " }' "$MCU_CONFIGS_TSV"
}

# mcu_configs_check CONFIG...: each is in MCU_CONFIGS_TSV and CONFIGS_BAZELRC
# builds it for the table's platform, runs it on the table's MPS2 machine
# and names it to //tests:row_set_test; fails if any is not.
mcu_configs_check() {
  _ok=0
  for _c in "$@"; do
    _line=$(awk -F'\t' -v c="$_c" '!/^#/ && $1 == c' "$MCU_CONFIGS_TSV")
    if [ -z "$_line" ]; then
      echo "configs: unknown bare-metal config '$_c' (not in $MCU_CONFIGS_TSV)" >&2
      _ok=1
      continue
    fi
    _machine=$(printf '%s\n' "$_line" | cut -f4)
    _platform=$(printf '%s\n' "$_line" | cut -f5)
    if ! grep -qx "build:$_c --platforms=$CONFIGS_REPO$_platform" "$CONFIGS_BAZELRC"; then
      echo "configs: $CONFIGS_BAZELRC has no 'build:$_c --platforms=$CONFIGS_REPO$_platform' ($MCU_CONFIGS_TSV says so)" >&2
      _ok=1
    fi
    if ! grep -qx "test:$_c --test_arg=--ctcrypto_test_config=$_c" "$CONFIGS_BAZELRC"; then
      echo "configs: $CONFIGS_BAZELRC has no 'test:$_c --test_arg=--ctcrypto_test_config=$_c' (//tests:row_set_test needs it)" >&2
      _ok=1
    fi
    if ! grep -Eq "^build:$_c --run_under='$CONFIGS_REPO//toolchains/arm_none_eabi:qemu_mps2 (--isa=[^ ]+ )?$_machine'\$" "$CONFIGS_BAZELRC"; then
      echo "configs: $CONFIGS_BAZELRC does not run $_c on $_machine with //toolchains/arm_none_eabi:qemu_mps2 ($MCU_CONFIGS_TSV says so)" >&2
      _ok=1
    fi
  done
  return "$_ok"
}

# config_field CONFIG COLUMN: one column (1 config, 2 triple, 3 qemu,
# 4 qemu_cpu, 5 platform, 6 compiler, 7 aes_rows, 8 ghash_rows, 9 aes_chosen,
# 10 ghash_chosen, 11 sha_rows, 12 sha512_rows, 13 sha_chosen,
# 14 sha512_chosen); fails for a config the table does not have.
config_field() {
  awk -F'\t' -v c="$1" -v col="$2" '
    !/^#/ && $1 == c { print $col; found = 1 }
    END { exit !found }' "$CONFIGS_TSV" && return 0
  echo "configs: unknown config '$1' (not in $CONFIGS_TSV)" >&2
  return 1
}

# config_runner CONFIG: prints the command that runs the config's binaries
# ("qemu-aarch64 -cpu cortex-a76"; nothing for a native config) after
# checking that it is the one `bazel test` and `bazel run` use. Fails when
# the table, the host or .bazelrc disagree.
config_runner() {
  _c=$1
  _triple=$(config_field "$_c" 2) || return 1
  _qemu=$(config_field "$_c" 3) || return 1
  _cpu=$(config_field "$_c" 4) || return 1
  _platform=$(config_field "$_c" 5) || return 1
  if ! grep -qx "build:$_c --platforms=$CONFIGS_REPO$_platform" "$CONFIGS_BAZELRC"; then
    echo "configs: $CONFIGS_BAZELRC has no 'build:$_c --platforms=$CONFIGS_REPO$_platform' ($CONFIGS_TSV says so)" >&2
    return 1
  fi
  if ! grep -qx "test:$_c --test_env=CTCRYPTO_TEST_CONFIG=$_c" "$CONFIGS_BAZELRC"; then
    echo "configs: $CONFIGS_BAZELRC has no 'test:$_c --test_env=CTCRYPTO_TEST_CONFIG=$_c' (//tests:row_set_test needs it)" >&2
    return 1
  fi
  if [ "$_qemu" = "-" ]; then
    _arch=${_triple%%-*}
    _host=$(uname -m)
    case "$_host" in armv7*|armv8l) _host=arm ;; esac
    if [ "$_arch" != "$_host" ]; then
      echo "configs: $_c builds for $_triple but has no QEMU runner in $CONFIGS_TSV; refusing to run its binaries on this $(uname -m) host (natively or through binfmt on QEMU's default CPU)" >&2
      return 1
    fi
    if grep -q "^build:$_c --run_under=" "$CONFIGS_BAZELRC"; then
      echo "configs: $_c is native in $CONFIGS_TSV but $CONFIGS_BAZELRC gives it a --run_under" >&2
      return 1
    fi
    return 0
  fi
  if [ "$_cpu" = "-" ]; then
    echo "configs: $_c runs under $_qemu but $CONFIGS_TSV names no QEMU CPU model" >&2
    return 1
  fi
  if ! grep -qx "build:$_c --run_under=$CONFIGS_REPO//toolchains/qemu:$_c" "$CONFIGS_BAZELRC"; then
    echo "configs: $CONFIGS_BAZELRC has no 'build:$_c --run_under=$CONFIGS_REPO//toolchains/qemu:$_c' ($CONFIGS_TSV runs $_c under $_qemu)" >&2
    return 1
  fi
  if ! command -v "$_qemu" > /dev/null 2>&1; then
    echo "configs: $_c needs $_qemu (Debian package qemu-user), not on PATH" >&2
    return 1
  fi
  echo "$_qemu -cpu $_cpu"
}

# configs_check CONFIG...: config_runner for each; fails if any fails.
configs_check() {
  _ok=0
  for _c in "$@"; do
    config_runner "$_c" > /dev/null || _ok=1
  done
  return "$_ok"
}
