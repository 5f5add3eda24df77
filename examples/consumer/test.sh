#!/bin/sh
# Builds and runs the consumer example for each of ctcrypto's configs
# (util/configs.tsv; natively or under QEMU, as in ctcrypto itself), plus the consumer's own
# platforms //:my_board, which restricts ctcrypto to its portable rows,
# and //:my_static_board, whose capabilities are static (compile-time).
# Called by ctcrypto's util/test-all.sh; exits non-zero if any config fails.
#
#   examples/consumer/test.sh
#   CONFIGS="aarch64_ce" examples/consumer/test.sh
set -u
cd "$(dirname "$0")" || exit 1
# ctcrypto's table of configs; this workspace's .bazelrc must define each the
# same way (with @ctcrypto labels), or the run stops here.
# shellcheck disable=SC2034 # both read by util/configs.sh
CONFIGS_TSV=../../util/configs.tsv
# shellcheck disable=SC2034
CONFIGS_REPO=@ctcrypto
. ../../util/configs.sh
CONFIGS=${CONFIGS:-$(configs_all)}
# shellcheck disable=SC2086 # CONFIGS is a list
configs_check $CONFIGS || exit 2
case " $CONFIGS " in
  *" aarch64_ce "*) CONFIGS="$CONFIGS my_board my_static_board" ;;
esac
failed=0
summary=""
for c in $CONFIGS; do
  extra=""
  [ "$c" = my_board ] && extra="--test_env=CONSUMER_EXPECT_AES=nohw"
  [ "$c" = my_static_board ] && extra="--test_env=CONSUMER_EXPECT_AES=vpaes+bsaes"
  echo "=================== examples/consumer: bazel test --config=$c //:consumer_test"
  # shellcheck disable=SC2086
  if bazel test --config="$c" --jobs="${JOBS:-2}" --noshow_progress \
      --test_output=all $extra //:consumer_test; then
    summary="$summary$(printf '%-14s PASS' "$c")
"
  else
    summary="$summary$(printf '%-14s FAIL' "$c")
"
    failed=1
  fi
done
# This workspace has its own Bazel server; free its memory.
bazel shutdown 2>/dev/null
echo "=================== examples/consumer summary"
printf '%s' "$summary"
exit "$failed"
