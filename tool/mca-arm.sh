#!/bin/bash
# mca-arm.sh: llvm-mca estimates of the ARMv8 Crypto Extension bulk loops.
#
# Method: compile the backend file with the cross compiler exactly as the
# aarch64_ce build does (-O2 -march=armv8-a+crypto), take one function's
# hot loop (the body between a local label and the backward branch to it;
# among the function's loops the one with the most AESE/PMULL, optionally
# the one with exactly N AESE), run
#   llvm-mca-14 -mtriple=aarch64 -mcpu=<cpu> -iterations=100
# on it, and report cycles/byte = (total cycles / iterations) / bytes per
# iteration. llvm-mca models the core's pipelines (not caches or fusion
# beyond what the scheduling model knows), so read the numbers as
# steady-state throughput estimates.
#
# Caveat: LLVM 14 has no scheduling model of its own for Cortex-A72, A73,
# A75 or A76; those -mcpu names map to the Cortex-A57 model (same units B,
# I x2, M, L, S, X=F0, W=F1; AES and PMULL on X only), so their numbers come
# out identical. cortex-a53/a55 have their own (in-order) models.
#
# Usage: tool/mca-arm.sh [-v] [cpu ...]   (default: cortex-a75 cortex-a76
#        cortex-a57 cortex-a72). -v prints the full llvm-mca summary.
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=0
if [[ "${1:-}" == "-v" ]]; then verbose=1; shift; fi
cpus=("$@")
[[ ${#cpus[@]} -eq 0 ]] && cpus=(cortex-a75 cortex-a76 cortex-a57 cortex-a72)
CXX=${CXX:-aarch64-linux-gnu-g++}
MCA=${MCA:-llvm-mca-14}
tmp=$(mktemp -d)
trap "rm -rf \"\$tmp\"" EXIT

flags=(-std=c++20 -O2 -march=armv8-a+crypto -fno-exceptions -fno-rtti -I.)
"$CXX" "${flags[@]}" -S crypto/aes/aes_armv8_aarch64.cc -o "$tmp/aes.s"
"$CXX" "${flags[@]}" -S crypto/ghash/ghash_pmull_aarch64.cc -o "$tmp/ghash.s"

# loops: name | asm file | function-name regex | bytes per iteration |
#        AESE+AESD count : PMULL+PMULL2 count of the loop body (the shortest
#        backward-branch segment of the function with exactly these counts)
loops=(
  "gcm_seal AES-128|aes.s|gcm_seal_tILi10E|128|80:26"
  "gcm_open AES-128|aes.s|gcm_open_tILi10E|128|80:26"
  "gcm_seal AES-256|aes.s|gcm_seal_tILi14E|128|112:26"
  "gcm_open AES-256|aes.s|gcm_open_tILi14E|128|112:26"
  "ctr32 AES-128|aes.s|ctr32_tILi10E|128|80:0"
  "cbc_decrypt AES-128|aes.s|cbc_decrypt_tILi10E|128|80:0"
  "cbc_encrypt AES-128|aes.s|armv8_cbc_encrypt|16|10:0"
  "ghash update (pmull)|ghash.s|pmull_update|128|0:26"
)

extract() {  # file funcregex want_aese out
  python3 - "$@" <<'PY'
import re, sys
path, func, out = sys.argv[1], sys.argv[2], sys.argv[4]
want = tuple(int(v) for v in sys.argv[3].split(':'))
lines = open(path).read().split('\n')
start = next(i for i, l in enumerate(lines)
             if re.match(r'^_Z\S*' + func + r'\S*:$', l))
end = next(i for i in range(start, len(lines))
           if lines[i].lstrip().startswith('.size'))
body = lines[start:end]
labels = {l[:-1]: i for i, l in enumerate(body) if re.match(r'^\.L\w+:$', l)}
best = None
for i, l in enumerate(body):
    m = re.match(r'^\s+(b(\.?(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le))?|cbn?z|tbn?z)\s+(.*)$', l)
    if not m: continue
    target = m.group(4).split(',')[-1].strip()
    j = labels.get(target)
    if j is None or j >= i: continue
    seg = body[j:i + 1]
    aese = sum(1 for s in seg if re.match(r'^\s+aes[ed]\s', s))
    pm = sum(1 for s in seg if re.match(r'^\s+pmull2?\s', s))
    if (aese, pm) != want: continue
    if best is None or len(seg) < best[0]: best = (len(seg), seg)
if best is None: sys.exit('no loop with aes:pmull = %s in %s' % (sys.argv[3], func))
insns = [s for s in best[1] if re.match(r'^\s+[a-z]', s) and not s.strip().startswith('.')]
open(out, 'w').write('\n'.join(insns) + '\n')
print(len(insns))
PY
}

printf '%-24s %-12s %6s %9s %8s\n' loop cpu insns cyc/iter cyc/byte
for spec in "${loops[@]}"; do
  IFS='|' read -r name file func bytes want <<<"$spec"
  n=$(extract "$tmp/$file" "$func" "$want" "$tmp/loop.s")
  for cpu in "${cpus[@]}"; do
    "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=100 "$tmp/loop.s" \
      >"$tmp/mca.txt" 2>"$tmp/mca.err" || { cat "$tmp/mca.err"; exit 1; }
    cycles=$(awk '/^Total Cycles:/{print $3}' "$tmp/mca.txt")
    python3 -c "import sys; c=$cycles/100; print('%-24s %-12s %6d %9.1f %8.3f' % ('$name', '$cpu', $n, c, c/$bytes))"
    if [[ $verbose -eq 1 ]]; then sed -n '1,/^$/p;/Resource pressure per iteration/,/^$/p' "$tmp/mca.txt"; fi
  done
done
