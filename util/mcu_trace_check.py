#!/usr/bin/env python3
"""mcu_trace_check.py: the trace analysis of util/ct-mcu.sh (constant time of
the bare-metal Cortex-M builds by execution-trace comparison). Python 3,
standard library only.

util/ct-mcu.sh builds //tests/ct:mcu_trace_harness, runs it CT_MCU_RUNS
times under qemu-system-arm with the trace plugin (tests/ct/
mcu_trace_plugin.c) and different secrets, and calls this program:

  mcu_trace_check.py split TRACE OUTDIR
      Splits one run's trace into one file per region: OUTDIR/<i>.full
      (every event) and OUTDIR/<i>.pc (the instruction addresses only).

  mcu_trace_check.py check --config C --bin ELF --dir DIR --runs N --vt "udiv sdiv"
      Compares the split runs DIR/1 .. DIR/N (the regions named by the
      "REGION i NAME" lines of DIR/run.<r>.log) and writes
      DIR/result.table (rows of the script's table, with the explanation of
      each failure), DIR/result.controls (the negative controls' lines) and
      DIR/result.counts ("PASSED FAILED"). Exits 0 when it could do the
      analysis, whatever it found (the script counts the failures).

The checks, per region (ct-mcu.sh's header says why):
  (a) every run executes the same sequence of instruction addresses;
  (b) every run makes the same sequence of data accesses (address, size);
  (c) no variable-time instruction (VT: UDIV/SDIV, and the early-terminating
      multiplies on the cores listed in ct-mcu.sh) and no libgcc software
      division in any function that executes in a region;
  (d) an open / verify / unwrap with a good tag and one with a bad tag part,
      if at all, only at a branch in a function that declassifies the
      verdict (VERDICT_FUNCTIONS).
The negative controls (regions negative_control.*) must be reported: a
branch on a secret by (a), a secret-indexed lookup by (b) alone, a division
of a secret by (c).

The ELF is read through arm-none-eabi-addr2line and arm-none-eabi-objdump
(class ElfTools); util/mcu_trace_check_test.py substitutes a recorded
objdump listing (class ListingTools, option --objdump-listing).
"""
import argparse
import os
import re
import subprocess
import sys

# The functions where a tag check's verdict is declassified and branched on
# (internal::open_verdict is inlined into each AEAD's open_detached; CMAC's
# and GMAC's verify; key_wrap.cc's verdict() into the unwrap functions).
VERDICT_FUNCTIONS = re.compile(
    r"::open_detached$|::verify$|::aes_key_unwrap(_padded)?$")
# libgcc's software division helpers.
SOFTWARE_DIVISION = re.compile(
    r"^__(aeabi_.*div|.*div[sdt]i3|.*mod[sdt]i3|udivmoddi4)")
# Condition-code suffixes of a mnemonic in an IT block.
CONDITION_SUFFIX = re.compile(
    r"(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)$")
# The pairs of regions of (d): good-tag name part -> bad-tag name part and
# the label of the table row.
VERDICT_PAIRS = [
    ("open_good_tag", "open_bad_tag", "open"),
    ("verify_good", "verify_bad", "verify"),
    ("unwrap_good", "unwrap_bad", "unwrap"),
]
NEGATIVE_CONTROL = "negative_control."


# --------------------------------------------------------------------------
# Traces
# --------------------------------------------------------------------------

# A region's first line ("B i", awk's /^B / and $2) or last ("E", /^E/).
MARKER = re.compile(rb"^(?:B [ \t]*([^ \t\n]*)[^\n]*|E[^\n]*)(?:\n|$)", re.M)
# An instruction event's address (/^I / and $2).
PC_EVENT = re.compile(rb"^I [ \t]*([^ \t\n]*)", re.M)


def split_trace(trace_path, out_dir):
    """Splits a plugin trace ("B i" opens region i, "E" closes it; "I pc",
    "R addr size" and "W addr size" are the events) into OUT_DIR/<i>.full
    (the region's events, verbatim) and OUT_DIR/<i>.pc (the instruction
    addresses). Events outside a region are dropped; a region without
    events gets no files."""
    os.makedirs(out_dir, exist_ok=True)
    with open(trace_path, "rb") as f:
        data = f.read()
    name = None  # the open region
    start = 0    # where its events begin
    for m in MARKER.finditer(data):
        if name is not None:
            write_region(out_dir, name, data[start:m.start()])
        if m.group(0).startswith(b"B"):
            name = (m.group(1) or b"").decode()
        else:
            name = None
        start = m.end()
    if name is not None:
        write_region(out_dir, name, data[start:])


def write_region(out_dir, name, events):
    """OUT_DIR/NAME.full (EVENTS) and OUT_DIR/NAME.pc, if there are any."""
    if not events:
        return
    if not events.endswith(b"\n"):
        events += b"\n"
    with open(os.path.join(out_dir, name + ".full"), "wb") as f:
        f.write(events)
    pcs = PC_EVENT.findall(events)
    if pcs:
        with open(os.path.join(out_dir, name + ".pc"), "wb") as f:
            f.write(b"\n".join(pcs) + b"\n")


def read_bytes(path):
    """The file's bytes, or None when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def same_file(a, b):
    """cmp -s: True when both files exist and are byte for byte equal."""
    da, db = read_bytes(a), read_bytes(b)
    return da is not None and db is not None and da == db


def count_lines(path):
    """wc -l: the number of newlines (0 for a missing file)."""
    data = read_bytes(path)
    return 0 if data is None else data.count(b"\n")


def text_lines(path):
    """The file's lines without their newlines (empty for a missing file)."""
    data = read_bytes(path)
    if not data:
        return []
    lines = data.decode("utf-8", "replace").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def first_difference_line(a, b):
    """The line of A where A and B first differ, as ct-mcu.sh located it:
    the line of the first differing byte, or, when one file is a prefix of
    the other (or they cannot be compared), A's line count plus one."""
    da, db = read_bytes(a), read_bytes(b)
    if da is not None and db is not None:
        n = min(len(da), len(db))
        k = 0
        # Compare in blocks, then find the byte.
        step = 4096
        while k < n and da[k:k + step] == db[k:k + step]:
            k += step
        while k < n and da[k] == db[k]:
            k += 1
        if k < n:
            return da.count(b"\n", 0, k) + 1
    return (0 if da is None else da.count(b"\n")) + 1


def last_pc(lines, upto):
    """The address of the last instruction event among the first UPTO lines
    ("" when there is none)."""
    for line in reversed(lines[:max(upto, 0)]):
        if line.startswith("I "):
            return line.split(" ")[1]
    return ""


# --------------------------------------------------------------------------
# The binary: function names, instructions, the disassembly
# --------------------------------------------------------------------------

class ElfTools:
    """Reads the harness binary with the arm-none-eabi binutils."""

    def __init__(self, binary):
        self.binary = binary

    def function(self, pc):
        """addr2line's (demangled) function name of address PC (hex)."""
        out = subprocess.run(
            ["arm-none-eabi-addr2line", "-f", "-C", "-e", self.binary,
             "0x" + pc], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            check=False).stdout.decode("utf-8", "replace")
        return out.split("\n")[0]

    def instruction(self, pc):
        """The disassembly of the instruction at PC (tabs as spaces)."""
        try:
            stop = "0x%x" % (int(pc, 16) + 4)
        except ValueError:
            return ""
        out = subprocess.run(
            ["arm-none-eabi-objdump", "-d", "--no-show-raw-insn",
             "--start-address=0x" + pc, "--stop-address=" + stop,
             self.binary], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            check=False).stdout.decode("utf-8", "replace")
        return listing_instruction(out, pc)

    def listing(self):
        """The whole demangled disassembly (objdump -d -C)."""
        return subprocess.run(
            ["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", "-C",
             self.binary], stdout=subprocess.PIPE, check=True
        ).stdout.decode("utf-8", "replace")


class ListingTools:
    """The same answers from a recorded `objdump -d --no-show-raw-insn -C`
    listing: a function is the label the address falls under."""

    def __init__(self, text):
        self.text = text
        self.functions = {}
        fn = "??"
        for line in text.split("\n"):
            m = FUNCTION_LINE.match(line)
            if m:
                fn = m.group(1)
                continue
            m = INSTRUCTION_LINE.match(line)
            if m:
                self.functions[m.group(1)] = fn

    def function(self, pc):
        return self.functions.get(pc, "??")

    def instruction(self, pc):
        return listing_instruction(self.text, pc)

    def listing(self):
        return self.text


FUNCTION_LINE = re.compile(r"^[0-9a-f]+ <(.*)>:$")
INSTRUCTION_LINE = re.compile(r"^ *([0-9a-f]+):\t")


def listing_instruction(text, pc):
    """The first line of an objdump listing at address PC, without the
    address, tabs as spaces ("" when there is none)."""
    prefix = re.compile(r"^ *" + re.escape(pc) + ":")
    for line in text.split("\n"):
        if prefix.match(line):
            return re.sub(r"^ *[0-9a-f]*:\s*", "", line).replace("\t", " ")
    return ""


def describe(tools, pc):
    """"PC <function>: instruction"."""
    return "%s <%s>: %s" % (pc, tools.function(pc), tools.instruction(pc))


def explain(tools, a, b):
    """The first difference between region traces A and B: for each, the
    event there and the instruction it belongs to; for a control-flow
    difference also the last instruction both executed (the branch that
    went different ways). A list of lines."""
    line = first_difference_line(a, b)
    out = []
    for f in (a, b):
        lines = text_lines(f)
        ev = lines[line - 1] if line - 1 < len(lines) else ""
        pc = last_pc(lines, line)
        out.append("    event %d: %s   at %s"
                   % (line, ev or "<end of region>", describe(tools, pc)))
    lines = text_lines(a)
    if line - 1 < len(lines) and lines[line - 1].startswith("I"):
        prev = last_pc(lines, line - 1)
        if prev:
            out.append("    diverges after " + describe(tools, prev))
    return out


# --------------------------------------------------------------------------
# (c) variable-time instructions
# --------------------------------------------------------------------------

class Disassembly:
    """Per function of an objdump -d -C listing: its instruction addresses,
    the mnemonic of each instruction line (condition and .w/.n suffixes
    removed) and the IT instructions."""

    def __init__(self, text):
        self.order = []     # function names, first appearance first
        self.addresses = {}  # address -> function
        self.insns = {}     # function -> [(mnemonic, line)]
        self.its = {}       # function -> number of IT instructions
        fn = ""
        for raw in text.split("\n"):
            m = FUNCTION_LINE.match(raw)
            if m:
                fn = m.group(1)
                continue
            if not INSTRUCTION_LINE.match(raw):
                continue
            fields = raw.split()
            address = re.sub(r":$", "", fields[0])
            mnemonic = fields[1] if len(fields) > 1 else ""
            if fn not in self.insns:
                self.order.append(fn)
                self.insns[fn] = []
                self.its[fn] = 0
            self.addresses[address] = fn
            m = re.sub(r"\..*$", "", mnemonic)
            m = CONDITION_SUFFIX.sub("", m, count=1)
            line = re.sub(r"^ *", "", raw).replace("\t", " ")
            self.insns[fn].append((m, line))
            if re.match(r"^it[te]*$", mnemonic):
                self.its[fn] += 1

    def scan(self, pcs, vt):
        """The functions that contain an address of PCS (executed), and in
        them the instructions whose mnemonic is in VT and the libgcc
        divisions. Returns (findings, functions, it_blocks); findings are
        the report's lines, by function name."""
        bad = set(vt.split())
        used = sorted({self.addresses[pc] for pc in pcs
                       if pc in self.addresses})
        findings = []
        its = 0
        for fn in used:
            if SOFTWARE_DIVISION.match(fn):
                findings.append(
                    "VT %s: software division helper executed in a region"
                    % fn)
            hits = [line for m, line in self.insns[fn] if m in bad]
            if hits:
                findings.append("VT %s: variable-time instruction(s)" % fn)
                findings.extend("      " + h for h in hits)
            its += self.its[fn]
        return findings, len(used), its


# --------------------------------------------------------------------------
# The per-config check
# --------------------------------------------------------------------------

def row(config, what, result):
    """A line of ct-mcu.sh's result table."""
    return "%-12s %-52s %s" % (config, what, result)


def read_regions(log):
    """The "REGION i NAME" lines of a harness log, verbatim."""
    return [line for line in text_lines(log) if line.startswith("REGION ")]


def parse_region(line):
    """(index, name) of a "REGION i NAME" line."""
    fields = line.split(None, 2) + ["", ""]
    return fields[1], fields[2].strip()


class Result:
    """What a config's check adds to the script's output."""

    def __init__(self):
        self.table = []
        self.controls = []
        self.passed = 0
        self.failed = 0

    def ok(self, line):
        self.table.append(line)
        self.passed += 1

    def fail(self, line, explanation=()):
        self.table.append(line)
        self.table.extend(explanation)
        self.failed += 1


def check_config(config, tools, directory, runs, vt):
    """The checks of one config's split runs DIRECTORY/1 .. DIRECTORY/RUNS."""
    res = Result()
    regions = read_regions(os.path.join(directory, "run.1.log"))
    with open(os.path.join(directory, "regions"), "w") as f:
        f.write("".join(line + "\n" for line in regions))
    # Every run must have run the same regions, in the same order.
    for r in range(2, runs + 1):
        if read_regions(os.path.join(directory, "run.%d.log" % r)) != regions:
            res.fail(row(config, "run %d" % r, "FAIL: not the regions of run 1"))
    if res.failed:
        return res
    regions = [parse_region(line) for line in regions]
    reported = 0

    def path(r, i, kind):
        return os.path.join(directory, str(r), "%s.%s" % (i, kind))

    # (a), (b) and the first two controls.
    for i, name in regions:
        pcs_same = full_same = True
        first_diff = None
        for r in range(2, runs + 1):
            if not same_file(path(1, i, "pc"), path(r, i, "pc")):
                pcs_same = False
            if not same_file(path(1, i, "full"), path(r, i, "full")):
                full_same = False
                if first_diff is None:
                    first_diff = r
        ninsn = count_lines(path(1, i, "pc"))
        nmem = count_lines(path(1, i, "full")) - ninsn
        if name == "negative_control.branch_on_secret":
            if not pcs_same:
                res.controls.append(
                    "%s negative control branch_on_secret: REPORTED "
                    "(instruction addresses differ)" % config)
                reported += 1
            else:
                res.controls.append(
                    "%s negative control branch_on_secret: NOT REPORTED -- "
                    "the control-flow check is blind" % config)
        elif name == "negative_control.table_lookup":
            if pcs_same and not full_same:
                res.controls.append(
                    "%s negative control table_lookup: REPORTED (same "
                    "instructions, data addresses differ)" % config)
                reported += 1
            else:
                res.controls.append(
                    "%s negative control table_lookup: NOT REPORTED "
                    "(instructions same: %d, data addresses same: %d) -- the "
                    "address check is blind"
                    % (config, pcs_same, full_same))
        elif name == "negative_control.divide_secret":
            pass  # checked by (c) below
        elif name.startswith(NEGATIVE_CONTROL):
            res.fail(row(config, name,
                         "FAIL: a negative control this script does not know"))
        elif full_same and ninsn > 0:
            res.ok(row(config, name,
                       "ok (%d runs identical: %d insns, %d data accesses)"
                       % (runs, ninsn, nmem)))
        else:
            what = "data addresses differ"
            if not pcs_same:
                what = "instruction addresses differ"
            if ninsn == 0:
                what = "empty trace"
            explanation = []
            if first_diff is not None:
                explanation = explain(tools, path(1, i, "full"),
                                      path(first_diff, i, "full"))
            res.fail(row(config, name, "FAIL: %s (run 1 vs run %s)"
                         % (what, first_diff or "")), explanation)

    # (d) The verdict of a tag check is public: an open with a good tag
    # and one with a bad tag, from the same call site, may part only at a
    # branch in the function that declassifies it, after identical traces
    # up to there (or not at all, when the verdict becomes the status
    # without a branch).
    index = {}
    for i, name in regions:
        index.setdefault(name, i)
    for i, name in regions:
        if not any(good in name for good, _, _ in VERDICT_PAIRS):
            continue
        bad = label = name
        for good, bad_part, verb in VERDICT_PAIRS:
            bad = bad.replace(good, bad_part, 1)
            label = label.replace(good, verb, 1)
        what = "verdict " + label
        j = index.get(bad)
        if j is None:
            res.fail(row(config, what, "FAIL: no region " + bad))
            continue
        a, b = path(1, i, "full"), path(1, j, "full")
        if same_file(a, b):
            res.ok(row(config, what, "ok: good and bad tag traces identical "
                       "(no branch on the verdict inside)"))
            continue
        line = first_difference_line(a, b)
        lines = text_lines(a)
        first = lines[line - 1] if line - 1 < len(lines) else ""
        pc = last_pc(lines, line - 1)
        fn = tools.function(pc).split("(")[0]
        if first.startswith("I") and VERDICT_FUNCTIONS.search(fn):
            res.ok(row(config, what, "ok: good/bad tag part at %s in %s, "
                       "after %d identical events" % (pc, fn, line - 1)))
            continue
        res.fail(row(config, what,
                     "FAIL: good/bad tag traces part outside the verdict"),
                 explain(tools, a, b))

    # (c) Variable-time instructions in every function that executed in a
    # region other than the negative controls; the division control must
    # be found the same way.
    disassembly = Disassembly(tools.listing())
    executed = set()
    for i, name in regions:
        if not name.startswith(NEGATIVE_CONTROL):
            executed.update(text_lines(path(1, i, "pc")))
    with open(os.path.join(directory, "executed_pcs"), "w") as f:
        f.write("".join(pc + "\n" for pc in sorted(executed)))
    findings, nfun, nit = disassembly.scan(executed, vt)
    with open(os.path.join(directory, "vt.txt"), "w") as f:
        f.write("".join(line + "\n" for line in findings))
        f.write("FUNCTIONS %d\nITBLOCKS %d\n" % (nfun, nit))
    if findings:
        res.fail(row(config, "(variable-time instructions)",
                     "FAIL: in the %d functions executed in the regions:"
                     % nfun), findings)
    else:
        # IT blocks are listed, not refused: a predicated instruction whose
        # condition fails still issues (1 cycle on M4/M33, as a
        # single-cycle ALU instruction that passes), a skipped load or
        # store shows in (b), and a predicated branch in (a).
        res.ok(row(config, "(variable-time instructions)",
                   "ok: no %s and no libgcc division in the %d functions "
                   "executed in the regions (%d IT blocks in them)"
                   % (vt, nfun, nit)))
    divide = index.get("negative_control.divide_secret")
    found = []
    if divide is not None:
        found, _, _ = disassembly.scan(
            set(text_lines(path(1, divide, "pc"))), vt)
    if found:
        what = " ".join(re.sub(r"^VT ", "", f.lstrip(" ")) for f in found[:2])
        res.controls.append("%s negative control divide_secret: REPORTED (%s)"
                            % (config, what))
        reported += 1
    else:
        res.controls.append("%s negative control divide_secret: NOT REPORTED "
                            "-- the instruction check is blind" % config)
    if reported == 3:
        res.controls.append("%s negative control: all 3 leaks reported"
                            % config)
    else:
        res.controls.append("%s negative control: only %d of 3 leaks "
                            "reported -- checker blind" % (config, reported))
        res.failed += 1
    return res


def write_result(res, directory):
    """DIRECTORY/result.table, result.controls and result.counts."""
    with open(os.path.join(directory, "result.table"), "w") as f:
        f.write("".join(line + "\n" for line in res.table))
    with open(os.path.join(directory, "result.controls"), "w") as f:
        f.write("".join(line + "\n" for line in res.controls))
    with open(os.path.join(directory, "result.counts"), "w") as f:
        f.write("%d %d\n" % (res.passed, res.failed))


def main(argv):
    parser = argparse.ArgumentParser(
        description="util/ct-mcu.sh's trace analysis")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("split", help="split a run's trace per region")
    p.add_argument("trace")
    p.add_argument("out_dir")
    p = sub.add_parser("check", help="compare the split runs of a config")
    p.add_argument("--config", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--runs", type=int, required=True)
    p.add_argument("--vt", required=True,
                   help="the variable-time mnemonics, space-separated")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--bin", help="the harness ELF")
    g.add_argument("--objdump-listing",
                   help="a recorded objdump -d --no-show-raw-insn -C listing "
                   "in place of the ELF (tests)")
    args = parser.parse_args(argv)
    if args.command == "split":
        split_trace(args.trace, args.out_dir)
        return 0
    if args.runs < 2:
        print("mcu_trace_check: --runs must be >= 2", file=sys.stderr)
        return 2
    if args.bin:
        tools = ElfTools(args.bin)
    else:
        with open(args.objdump_listing) as f:
            tools = ListingTools(f.read())
    res = check_config(args.config, tools, args.dir, args.runs, args.vt)
    write_result(res, args.dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
