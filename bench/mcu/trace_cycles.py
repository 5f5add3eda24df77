#!/usr/bin/env python3
"""trace_cycles.py: Cortex-M4 cycle counts of executed instruction traces
(bench/mcu/trace_cycles.sh runs //bench/mcu:cycle_harness under QEMU with
the trace plugin of util/ct-mcu.sh and calls this). Python 3, standard
library only.

  trace_cycles.py --bin ELF --dir DIR --log RUN_LOG

DIR holds the split regions (<i>.pc: one executed instruction address a
line, util/mcu_trace_check.py split); RUN_LOG names them ("REGION i
NAME"). Prints, per region, the instructions executed and their cycles,
then the bulk figures the harness's region pairs give: for NAME.<a> and
NAME.<b> (bytes), (cycles(b) - cycles(a)) / (b - a) cycles per byte.

The timing is the Cortex-M4 Technical Reference Manual's (ARM DDI 0439B,
§3.3.1, "Cortex-M4 instruction set summary"), with no wait states (the
TRM's figures assume zero-wait-state memory; a real part's flash adds
its own, stated nowhere here):
  - data processing, shifts, MOV, MVN, CMP, TST, extend, bit field, IT:
    1 cycle (IT: its 1, though the core can fold it);
  - MUL, UMULL, SMULL, UMLAL, SMLAL, UMAAL: 1; MLA, MLS: 2;
  - LDR/STR (any size, single): 2, but a load or store right after a
    single load or store pipelines its address phase: 1 (the TRM's
    "neighboring load and store single instructions can pipeline"); a
    store with an immediate offset (or none): 1 ("STR Rx,[Ry,#imm] is
    always one cycle", §3.3.2: the address is generated in the first
    cycle and the data stored while the next instruction executes; with
    zero wait states and the write buffer, nothing waits on it);
  - LDM/STM/PUSH: 1 + N registers (LDRD/STRD: 1 + 2); POP/LDM with PC:
    1 + N + P;
  - a taken branch (B, BL, BX, BLX, CBZ/CBNZ taken, TBB/TBH: 2 + P),
    including a write of PC: 1 + P, with P the pipeline refill, 1 to 3 in
    the TRM; P = 2 here (PIPELINE_REFILL); not taken: 1;
  - SDIV/UDIV: 12 (the worst case; crypto code has none: ct-mcu's (c)).
Whether a branch was taken is read off the trace (the next address is not
the next instruction's). Register-dependency stalls the M4 does not have
(one-cycle ALU results, no load-use stall beyond the 2-cycle LDR) are not
modelled; an LDR whose address is the previous LDR's result does not
pipeline on the M4, which this count ignores (an underestimate of at
most a cycle there).
"""
import argparse
import os
import re
import subprocess
import sys

PIPELINE_REFILL = 2

SINGLE_MEM = re.compile(r"^(ldr|str)(b|h|sb|sh|ex|exb|exh)?(\.w|\.n)?$")
MULTI_MEM = re.compile(r"^(ldm|stm|push|pop|ldmia|stmia|ldmdb|stmdb|ldmfd|stmfd|stmea|ldmea)(\.w|\.n)?$")
DUAL_MEM = re.compile(r"^(ldrd|strd)(\.w)?$")
BRANCH = re.compile(r"^(b|bl|blx|bx)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?(\.w|\.n)?$")
CBZ = re.compile(r"^cbn?z$")
TB = re.compile(r"^tb[bh](\.w)?$")
MUL1 = re.compile(r"^(mul|muls|umull|smull|umlal|smlal|umaal)(\.w)?$")
MUL2 = re.compile(r"^(mla|mls)(\.w)?$")
DIV = re.compile(r"^[su]div$")
REG_OFFSET = re.compile(r"\[\w+,\s*(r\d|ip|sl|fp|lr)\b")
COND = re.compile(r"(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)$")


def disassemble(binary):
    """address -> (mnemonic, operands, size in bytes)."""
    out = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", binary],
                         check=True, capture_output=True, text=True).stdout
    raw = subprocess.run(["arm-none-eabi-objdump", "-d", binary],
                         check=True, capture_output=True, text=True).stdout
    sizes = {}
    for line in raw.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s", line)
        if m:
            sizes[int(m.group(1), 16)] = 4 if m.group(3) else 2
    ins = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if not m:
            continue
        a = int(m.group(1), 16)
        if a in sizes:
            ins[a] = (m.group(2), m.group(3).split(";")[0].split("@")[0].strip(), sizes[a])
    return ins


def cycles_of(trace, ins, per_pc=None):
    """(instructions, cycles) of one region's address sequence; per_pc, if
    given, gets each address's cycles added."""
    n = cyc = 0
    prev_single_mem = False
    for i, pc in enumerate(trace):
        mn, ops, size = ins.get(pc, ("?", "", 2))
        nxt = trace[i + 1] if i + 1 < len(trace) else None
        taken = nxt is not None and nxt != pc + size
        n += 1
        single = False
        writes_pc = False
        if SINGLE_MEM.match(mn):
            imm_store = mn.startswith("str") and not REG_OFFSET.search(ops)
            c = 1 if (prev_single_mem or imm_store) else 2
            single = True
            writes_pc = mn.startswith("ldr") and ops.split(",")[0].strip() == "pc"
            if writes_pc:
                c += PIPELINE_REFILL
        elif DUAL_MEM.match(mn):
            c = 3
        elif MULTI_MEM.match(mn):
            regs = re.search(r"\{([^}]*)\}", ops)
            cnt = 0
            if regs:
                for part in regs.group(1).split(","):
                    part = part.strip()
                    r = re.match(r"r(\d+)-r(\d+)", part)
                    cnt += int(r.group(2)) - int(r.group(1)) + 1 if r else 1
                writes_pc = "pc" in regs.group(1)
            c = 1 + cnt + (PIPELINE_REFILL if writes_pc else 0)
        elif BRANCH.match(mn) or CBZ.match(mn):
            c = 1 + PIPELINE_REFILL if taken else 1
        elif TB.match(mn):
            c = 2 + PIPELINE_REFILL
        elif MUL2.match(mn):
            c = 2
        elif DIV.match(mn):
            c = 12
        elif mn.startswith(("mov", "add", "sub")) and ops.split(",")[0].strip() == "pc":
            c = 1 + PIPELINE_REFILL
        else:
            c = 1
        cyc += c
        if per_pc is not None:
            per_pc[pc] = per_pc.get(pc, 0) + c
        prev_single_mem = single
    return n, cyc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--by-function", action="store_true",
                    help="also each region's cycles per function (nm)")
    a = ap.parse_args()
    syms = []
    if a.by_function:
        nm = subprocess.run(["arm-none-eabi-nm", "-C", "-n", a.bin], check=True,
                            capture_output=True, text=True).stdout
        for line in nm.splitlines():
            f = line.split(None, 2)
            if len(f) == 3 and f[1] in "tTwW":
                syms.append((int(f[0], 16) & ~1, f[2]))
    ins = disassemble(a.bin)
    names = {}
    for line in open(a.log, errors="replace"):
        m = re.match(r"^REGION (\d+) (\S+)", line)
        if m:
            names[m.group(2)] = m.group(1)
    res = {}
    print("# region\tinstructions\tcycles (Cortex-M4 TRM timings, no wait states, P=%d)"
          % PIPELINE_REFILL)
    for name, idx in names.items():
        path = os.path.join(a.dir, idx + ".pc")
        if not os.path.exists(path):
            continue
        trace = [int(x, 16) for x in open(path).read().split()]
        per_pc = {} if syms else None
        n, c = cycles_of(trace, ins, per_pc)
        res[name] = (n, c)
        print("%s\t%d\t%d" % (name, n, c))
        if syms:
            import bisect
            keys = [x[0] for x in syms]
            fn = {}
            for pc, cy in per_pc.items():
                i = bisect.bisect_right(keys, pc) - 1
                f = syms[i][1] if i >= 0 else "?"
                fn[f] = fn.get(f, 0) + cy
            for f, cy in sorted(fn.items(), key=lambda kv: -kv[1])[:8]:
                print("#   %8d  %s" % (cy, f[:100]))
    # Bulk: pairs NAME.<bytes>.
    groups = {}
    for name in res:
        m = re.match(r"^(.*)\.(\d+)$", name)
        if m:
            groups.setdefault(m.group(1), []).append(int(m.group(2)))
    print("# operation\tcycles per byte (bulk: difference of the two lengths)")
    for g, lens in groups.items():
        if len(lens) < 2:
            continue
        lens.sort()
        lo, hi = lens[0], lens[-1]
        d = res["%s.%d" % (g, hi)][1] - res["%s.%d" % (g, lo)][1]
        print("%s\t%.1f" % (g, d / (hi - lo)))
    if not res:
        sys.exit("trace_cycles: no region traced")


if __name__ == "__main__":
    main()
