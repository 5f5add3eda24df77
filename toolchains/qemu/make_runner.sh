#!/bin/sh
# make_runner.sh CONFIG CONFIGS_TSV: writes on stdout the --run_under wrapper
# of CONFIG, from its qemu and qemu_cpu columns in util/configs.tsv. Fails
# (and so does the build of the wrapper) when the table has no QEMU runner
# for CONFIG.
set -eu
awk -F'\t' -v c="$1" '
  !/^#/ && $1 == c { qemu = $3; cpu = $4 }
  END {
    if (qemu == "" || qemu == "-" || cpu == "" || cpu == "-") {
      printf "make_runner.sh: util/configs.tsv has no QEMU runner for config %s\n", c > "/dev/stderr"
      exit 1
    }
    print "#!/bin/sh"
    print "# --run_under wrapper of --config=" c " (generated from util/configs.tsv):"
    print "# runs a target binary under QEMU user mode, CPU model " cpu ". All"
    print "# arguments are forwarded and the environment (CTCRYPTO_DISABLE, TEST_*,"
    print "# ...) reaches the guest unchanged; stdin/stdout/stderr and the working"
    print "# directory (the runfiles tree under bazel test) are inherited."
    printf "exec %s -cpu %s \"$@\"\n", qemu, cpu
  }' "$2"
