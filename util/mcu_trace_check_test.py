#!/usr/bin/env python3
"""Tests of util/mcu_trace_check.py (util/ct-mcu.sh's trace analysis) on a
recorded trace pair: tests/testdata/mcu_trace/ (its README says what it
holds). The pair as recorded must pass with the three negative controls
reported; each modified copy (a secret-dependent data address, a
secret-dependent branch, a blind control, a verdict branch in the wrong
place, a division) must be reported.

  bazel test //util:mcu_trace_check_test
  python3 util/mcu_trace_check_test.py
"""
import io
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in util/
import mcu_trace_check as mtc  # noqa: E402

DATA = os.path.join(HERE, "..", "tests", "testdata", "mcu_trace")
CONFIG = "cortex_m4"
VT = "udiv sdiv"

# The table and controls of the recorded pair.
EXPECTED_TABLE = [
    "cortex_m4    ghash:nohw.init                                      "
    "ok (2 runs identical: 446 insns, 207 data accesses)",
    "cortex_m4    nohw.kw.unwrap_good.len32                            "
    "ok (2 runs identical: 31 insns, 16 data accesses)",
    "cortex_m4    nohw.kw.unwrap_bad.len32                             "
    "ok (2 runs identical: 77 insns, 29 data accesses)",
    "cortex_m4    verdict nohw.kw.unwrap.len32                         "
    "ok: good/bad tag part at 21005786 in ctcrypto::aes_key_unwrap, after "
    "30 identical events",
    "cortex_m4    (variable-time instructions)                         "
    "ok: no udiv sdiv and no libgcc division in the 11 functions executed "
    "in the regions (4 IT blocks in them)",
]
EXPECTED_CONTROLS = [
    "cortex_m4 negative control branch_on_secret: REPORTED (instruction "
    "addresses differ)",
    "cortex_m4 negative control table_lookup: REPORTED (same instructions, "
    "data addresses differ)",
    "cortex_m4 negative control divide_secret: REPORTED ((anonymous "
    "namespace)::divide_secret(unsigned char const*, unsigned long): "
    "variable-time instruction(s) 210001be: udiv r0, r3, r1)",
    "cortex_m4 negative control: all 3 leaks reported",
]


def read(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()


def parse_trace(text):
    """{region index: [event lines]} of a raw trace (regions in order)."""
    regions = {}
    current = None
    for line in text.split("\n"):
        if line.startswith("B "):
            current = line.split()[1]
            regions[current] = []
        elif line.startswith("E"):
            current = None
        elif current is not None and line:
            regions[current].append(line)
    return regions


def format_trace(regions):
    return "".join("B %s\n%sE\n" % (i, "".join(e + "\n" for e in events))
                   for i, events in regions.items())


class RecordedTrace(unittest.TestCase):
    """Each test runs the analysis on the recorded pair, modified or not,
    the way util/ct-mcu.sh does (split each run, then check)."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="mcu_trace_check_test.")
        self.traces = {r: parse_trace(read("trace.%d" % r)) for r in (1, 2)}
        self.logs = {r: read("run.%d.log" % r) for r in (1, 2)}
        self.listing = read("objdump.txt")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def analyse(self):
        """Writes the (modified) runs, splits and checks them through the
        command line; returns (table, controls, passed, failed)."""
        listing = os.path.join(self.tmp, "objdump.txt")
        with open(listing, "w") as f:
            f.write(self.listing)
        for r in (1, 2):
            trace = os.path.join(self.tmp, "trace.%d" % r)
            with open(trace, "w") as f:
                f.write(format_trace(self.traces[r]))
            with open(os.path.join(self.tmp, "run.%d.log" % r), "w") as f:
                f.write(self.logs[r])
            self.assertEqual(mtc.main(["split", trace,
                                       os.path.join(self.tmp, str(r))]), 0)
        self.assertEqual(mtc.main([
            "check", "--config", CONFIG, "--dir", self.tmp, "--runs", "2",
            "--vt", VT, "--objdump-listing", listing]), 0)

        def lines(name):
            with open(os.path.join(self.tmp, name)) as f:
                return f.read().split("\n")[:-1]
        passed, failed = (int(n) for n in lines("result.counts")[0].split())
        return lines("result.table"), lines("result.controls"), passed, failed

    def test_recorded_pair_passes(self):
        table, controls, passed, failed = self.analyse()
        self.assertEqual(table, EXPECTED_TABLE)
        self.assertEqual(controls, EXPECTED_CONTROLS)
        self.assertEqual((passed, failed), (5, 0))

    def test_secret_dependent_address_reported(self):
        # Run 2 loads from another address at event 3 of ghash:nohw.init
        # (the region's first data access).
        events = self.traces[2]["0"]
        self.assertEqual(events[2], "R 21000f40 4")
        events[2] = "R 21000f44 4"
        table, _, passed, failed = self.analyse()
        self.assertEqual((passed, failed), (4, 1))
        where = ("   at 21000d38 <(anonymous namespace)::ghash_regions("
                 "ctcrypto::internal::GhashRow const*)>: ldr r1, [pc, #516] "
                 "@ (21000f40 <(anonymous namespace)::ghash_regions("
                 "ctcrypto::internal::GhashRow const*)+0x240>)")
        self.assertEqual(table[:3], [
            "cortex_m4    ghash:nohw.init                                      "
            "FAIL: data addresses differ (run 1 vs run 2)",
            "    event 3: R 21000f40 4" + where,
            "    event 3: R 21000f44 4" + where,
        ])
        self.assertTrue(table[3].startswith("cortex_m4    nohw.kw."))

    def test_secret_dependent_branch_reported(self):
        # Run 2 falls through memset's first branch (beq.n at 2100bf28, to
        # 2100bfba) where run 1 takes it.
        events = self.traces[2]["0"]
        k = events.index("I 2100bfba")
        self.assertEqual(events[k - 1], "I 2100bf28")
        events[k] = "I 2100bf2a"
        table, _, passed, failed = self.analyse()
        self.assertEqual((passed, failed), (4, 1))
        self.assertEqual(table[:4], [
            "cortex_m4    ghash:nohw.init                                      "
            "FAIL: instruction addresses differ (run 1 vs run 2)",
            "    event %d: I 2100bfba   at 2100bfba <memset>: mov r3, r0"
            % (k + 1),
            "    event %d: I 2100bf2a   at 2100bf2a <memset>: subs r4, r2, #1"
            % (k + 1),
            "    diverges after 2100bf28 <memset>: beq.n 2100bfba "
            "<memset+0x96>",
        ])

    def test_blind_control_fails(self):
        # The branch on a secret took the same way in both runs: the
        # control-flow check would be blind, and the config fails.
        self.traces[2]["3"] = list(self.traces[1]["3"])
        _, controls, passed, failed = self.analyse()
        self.assertEqual((passed, failed), (5, 1))
        self.assertEqual(controls[0], (
            "cortex_m4 negative control branch_on_secret: NOT REPORTED -- "
            "the control-flow check is blind"))
        self.assertEqual(controls[3], (
            "cortex_m4 negative control: only 2 of 3 leaks reported -- "
            "checker blind"))

    def test_table_lookup_control_needs_same_instructions(self):
        # The lookup control is reported by the address check alone: with
        # an instruction address differing too, it is not.
        events = self.traces[2]["4"]
        i = next(k for k, e in enumerate(events) if e.startswith("I "))
        events[i] = "I 21000000"
        _, controls, _, failed = self.analyse()
        self.assertEqual(controls[1], (
            "cortex_m4 negative control table_lookup: NOT REPORTED "
            "(instructions same: 0, data addresses same: 0) -- the address "
            "check is blind"))
        self.assertEqual(failed, 1)

    def test_verdict_parting_outside_the_verdict_reported(self):
        # Good and bad tag part at a data access (event 2) instead of at
        # the verdict's branch (both runs alike, so (a) and (b) pass).
        for r in (1, 2):
            events = self.traces[r]["2"]
            self.assertEqual(events[1], "R 21fff7bd 1")
            events[1] = "R 21fff7be 1"
        table, _, passed, failed = self.analyse()
        self.assertEqual((passed, failed), (4, 1))
        where = ("   at 2100576a <ctcrypto::aes_key_unwrap(ctcrypto::AesKey "
                 "const&, std::span<unsigned char const, 4294967295u>, "
                 "std::span<unsigned char, 4294967295u>, unsigned int*)>: "
                 "ldrb.w ip, [lr, #1]!")
        self.assertEqual(table[3:6], [
            "cortex_m4    verdict nohw.kw.unwrap.len32                         "
            "FAIL: good/bad tag traces part outside the verdict",
            "    event 2: R 21fff7bd 1" + where,
            "    event 2: R 21fff7be 1" + where,
        ])

    def test_missing_bad_tag_region_reported(self):
        for r in (1, 2):
            self.logs[r] = self.logs[r].replace("unwrap_bad", "unwrap_odd")
        table, _, _, failed = self.analyse()
        self.assertIn(
            "cortex_m4    verdict nohw.kw.unwrap.len32                         "
            "FAIL: no region nohw.kw.unwrap_bad.len32", table)
        self.assertEqual(failed, 1)

    def test_division_in_a_region_reported(self):
        # A UDIV in a function that executes in ghash:nohw.init.
        old = "2100baf0:\tbic.w\tr0, r0, r1"
        self.assertTrue(old in self.listing)
        self.listing = self.listing.replace(old, "2100baf0:\tudiv\tr0, r0, r1")
        table, _, passed, failed = self.analyse()
        self.assertEqual((passed, failed), (4, 1))
        self.assertEqual(table[4:], [
            "cortex_m4    (variable-time instructions)                         "
            "FAIL: in the 11 functions executed in the regions:",
            "VT ctcrypto::internal::caps_remove(unsigned long, unsigned long):"
            " variable-time instruction(s)",
            "      2100baf0: udiv r0, r0, r1",
        ])

    def test_software_division_helper_reported(self):
        self.listing = self.listing.replace(
            "<ctcrypto::internal::caps_remove(unsigned long, unsigned long)>:",
            "<__aeabi_uidiv>:")
        table, _, _, failed = self.analyse()
        self.assertIn("VT __aeabi_uidiv: software division helper executed "
                      "in a region", table)
        self.assertEqual(failed, 1)

    def test_other_regions_in_a_run_reported(self):
        self.logs[2] = self.logs[2].replace("REGION 0 ghash:nohw.init",
                                            "REGION 0 ghash:nohw.other")
        table, controls, passed, failed = self.analyse()
        self.assertEqual(table, [
            "cortex_m4    run 2                                                "
            "FAIL: not the regions of run 1"])
        self.assertEqual((controls, passed, failed), ([], 0, 1))


class Split(unittest.TestCase):
    def test_split(self):
        tmp = tempfile.mkdtemp(prefix="mcu_trace_check_test.")
        try:
            trace = os.path.join(tmp, "trace")
            with open(trace, "w") as f:
                # Outside a region (dropped), an empty region (no files),
                # a region left open by the next one, an unterminated last.
                f.write("plugin noise\nB 0\nI 10\nR 20 4\nE\nI 99\nB 1\n"
                        "I 30\nB 2\nW 40 1\nI  50\nE\nB 3\nE\nB 4\nI 60")
            mtc.split_trace(trace, os.path.join(tmp, "out"))

            def content(name):
                with open(os.path.join(tmp, "out", name)) as f:
                    return f.read()
            self.assertEqual(sorted(os.listdir(os.path.join(tmp, "out"))), [
                "0.full", "0.pc", "1.full", "1.pc", "2.full", "2.pc",
                "4.full", "4.pc"])
            self.assertEqual(content("0.full"), "I 10\nR 20 4\n")
            self.assertEqual(content("0.pc"), "10\n")
            self.assertEqual(content("1.full"), "I 30\n")
            self.assertEqual(content("2.full"), "W 40 1\nI  50\n")
            self.assertEqual(content("2.pc"), "50\n")
            self.assertEqual(content("4.full"), "I 60\n")
        finally:
            shutil.rmtree(tmp)

    def test_first_difference_line(self):
        tmp = tempfile.mkdtemp(prefix="mcu_trace_check_test.")
        try:
            def f(name, text):
                p = os.path.join(tmp, name)
                with open(p, "w") as out:
                    out.write(text)
                return p
            a = f("a", "I 1\nR 2 4\nI 3\n")
            # The line of the first differing byte; a prefix: A's lines + 1.
            self.assertEqual(mtc.first_difference_line(a, f("b", "I 1\nR 2 8\n")), 2)
            self.assertEqual(mtc.first_difference_line(a, f("c", "I 1\n")), 4)
            self.assertEqual(mtc.first_difference_line(f("d", "I 1\n"), a), 2)
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
