#!/usr/bin/env python3
"""table.py DIR: the stock-vs-ALT markdown table of run-bench.sh's results.

DIR/<target>/pairs lists the comparisons, one per line:
    <label>|<alt run>|<stock run>
and for each run DIR/<target>/<run>.speed holds mbedtls_speed's timing
lines ("<build>: <case>: <x> MB/s (...)" or "ops/s") and
DIR/<target>/<run>.cg/ callgrind's dumps (one per case, "desc: Trigger:
Client Request: <case>" and "totals: <instructions>"), with the call count
in DIR/<target>/count. Prints one table per target and pair:
case | ALT | stock | ALT/stock, for speed and for instructions per byte
(per call for key set-up).
"""
import os
import re
import sys

SPEED = re.compile(r"^\S+: (.*): ([0-9.]+) (MB/s|ops/s) \(")


def speeds(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            m = SPEED.match(line.strip())
            if m:
                out[m.group(1)] = float(m.group(2))
    return out


def counts(path, calls):
    out = {}
    if not os.path.isdir(path):
        return out
    for f in os.listdir(path):
        desc = None
        total = None
        for line in open(os.path.join(path, f), errors="replace"):
            if line.startswith("desc: Trigger: Client Request: "):
                desc = line[len("desc: Trigger: Client Request: "):].strip()
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
        if desc and total is not None:
            m = re.search(r"\((\d+) bytes\)", desc)
            per = int(m.group(1)) if m else 1
            out[desc] = total / calls / per
    return out


def first_line(path, prefix):
    if os.path.exists(path):
        for line in open(path):
            if line.startswith(prefix):
                return line.strip()[len(prefix):]
    return "?"


def main():
    root = sys.argv[1]
    for target in sorted(os.listdir(root)):
        tdir = os.path.join(root, target)
        pairs = os.path.join(tdir, "pairs")
        if not os.path.exists(pairs):
            continue
        calls = int(open(os.path.join(tdir, "count")).read().strip() or "1")
        note = open(os.path.join(tdir, "note")).read().strip()
        for line in open(pairs):
            label, alt, stock = line.strip().split("|")
            sa, ss = speeds(f"{tdir}/{alt}.speed"), speeds(f"{tdir}/{stock}.speed")
            ca, cs = counts(f"{tdir}/{alt}.cg", calls), counts(f"{tdir}/{stock}.cg", calls)
            print(f"### {target}: {label}\n")
            print(f"{note}. ALT: {first_line(f'{tdir}/{alt}.speed', 'build: ')}; "
                  f"stock: {first_line(f'{tdir}/{stock}.speed', 'build: ')}; "
                  f"under valgrind (instructions) ALT: {first_line(f'{tdir}/{alt}.cgout', 'build: ')}, "
                  f"stock: {first_line(f'{tdir}/{stock}.cgout', 'build: ')}.\n")
            print("| case | ALT | stock | ALT/stock | ALT instr | stock instr | ALT/stock instr |")
            print("|---|---:|---:|---:|---:|---:|---:|")
            for case in sorted(set(sa) | set(ca), key=lambda c: (c.split(" (")[0], c)):
                unit = "ops/s" if "setkey" in case else "MB/s"
                iunit = "/call" if "setkey" in case else "/B"
                a, s = sa.get(case), ss.get(case)
                ia, is_ = ca.get(case), cs.get(case)
                r = f"{a / s:.2f}x" if a and s else "-"
                ir = f"{ia / is_:.2f}x" if ia and is_ else "-"
                fa = f"{a:.1f} {unit}" if a else "-"
                fs = f"{s:.1f} {unit}" if s else "-"
                fia = f"{ia:.1f}{iunit}" if ia else "-"
                fis = f"{is_:.1f}{iunit}" if is_ else "-"
                print(f"| {case} | {fa} | {fs} | {r} | {fia} | {fis} | {ir} |")
            print()


if __name__ == "__main__":
    main()
