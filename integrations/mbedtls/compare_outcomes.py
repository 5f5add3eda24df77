#!/usr/bin/env python3
"""compare_outcomes.py STOCK_DIR ALT_DIR [--markdown]: Mbed TLS suite logs,
stock build against ALT (ctcrypto) build, case by case.

Each directory holds test_suite_<name>.log files: the output of Mbed TLS's
generated suites (one line per case, ending in PASS, ---- for skipped or
FAILED). Prints pass/skip/fail counts per suite and variant, then every
case that passes on stock and does not pass on ALT. Such a case is allowed
only when NOT_APPLICABLE below gives the reason it cannot apply to an ALT
build; any other is a regression and the exit status is 1. A suite missing
or incomplete on either side (no final verdict line) also fails.
"""

import os
import re
import sys

# (suite, case name as printed) -> why the case does not apply to the ALT
# build. Keep the reasons short: they are printed in the report.
NOT_APPLICABLE = {
    ("ccm", "CCM lengths #7 AD too long (2^16 - 2^8)"):
        "Mbed TLS marks it depends_on:!MBEDTLS_CCM_ALT (a limit of its own "
        "CCM; the ALT module enforces the same limit, 0xFF00 bytes of AD)",
}

_CASE = re.compile(r"^(?P<name>.*?) ?\.* (?P<result>PASS|----|FAILED)\s*$")
_VERDICT = re.compile(r"^(PASSED|FAILED) \((\d+) / (\d+) tests \((\d+) skipped\)\)")


def parse(path):
    """[(name, result)] in order, and whether the suite ran to its verdict."""
    cases = []
    complete = False
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if _VERDICT.match(line):
                complete = True
                continue
            m = _CASE.match(line)
            if m:
                cases.append((m.group("name").rstrip(" ."), m.group("result")))
    return cases, complete


def counts(cases):
    p = sum(1 for _, r in cases if r == "PASS")
    s = sum(1 for _, r in cases if r == "----")
    f = sum(1 for _, r in cases if r == "FAILED")
    return p, s, f


def suites_in(directory):
    out = {}
    if os.path.isdir(directory):
        for name in os.listdir(directory):
            if name.startswith("test_suite_") and name.endswith(".log"):
                out[name[len("test_suite_"):-len(".log")]] = os.path.join(directory, name)
    return out


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    stock, alt = suites_in(argv[1]), suites_in(argv[2])
    markdown = "--markdown" in argv[3:]
    bad = 0
    rows = []
    findings = []
    for suite in sorted(set(stock) | set(alt)):
        if suite not in stock or suite not in alt:
            findings.append("%s: missing on %s" % (suite, "stock" if suite not in stock else "ALT"))
            bad += 1
            continue
        s_cases, s_done = parse(stock[suite])
        a_cases, a_done = parse(alt[suite])
        for variant, done in (("stock", s_done), ("ALT", a_done)):
            if not done:
                findings.append("%s: the %s run did not finish (crash or timeout)" % (suite, variant))
                bad += 1
        rows.append((suite, counts(s_cases), counts(a_cases)))
        if len(s_cases) != len(a_cases):
            findings.append("%s: %d cases on stock, %d on ALT" % (suite, len(s_cases), len(a_cases)))
            bad += 1
        for i, ((s_name, s_res), (a_name, a_res)) in enumerate(zip(s_cases, a_cases)):
            if s_name != a_name:
                findings.append("%s: case %d is %r on stock, %r on ALT" % (suite, i + 1, s_name, a_name))
                bad += 1
                break
            if s_res == "PASS" and a_res != "PASS":
                reason = NOT_APPLICABLE.get((suite, s_name))
                verdict = "skipped" if a_res == "----" else "FAILED"
                if reason:
                    findings.append("%s: %s: %s on ALT, does not apply: %s" % (suite, s_name, verdict, reason))
                else:
                    findings.append("%s: %s: PASS on stock, %s on ALT" % (suite, s_name, verdict))
                    bad += 1
    if markdown:
        print("| suite | stock pass / skip / fail | ALT pass / skip / fail |")
        print("|---|---|---|")
        for suite, s, a in rows:
            print("| test_suite_%s | %d / %d / %d | %d / %d / %d |" % ((suite,) + s + a))
    else:
        print("%-28s %21s %21s" % ("suite", "stock pass/skip/fail", "ALT pass/skip/fail"))
        for suite, s, a in rows:
            print("%-28s %21s %21s" % ("test_suite_" + suite, "%d/%d/%d" % s, "%d/%d/%d" % a))
    tot_s = [sum(r[1][k] for r in rows) for k in range(3)]
    tot_a = [sum(r[2][k] for r in rows) for k in range(3)]
    if markdown:
        print("| total | %d / %d / %d | %d / %d / %d |" % tuple(tot_s + tot_a))
    else:
        print("%-28s %21s %21s" % ("total", "%d/%d/%d" % tuple(tot_s), "%d/%d/%d" % tuple(tot_a)))
    for line in findings:
        print(line)
    print("compare: %s" % ("OK: every case that passes on stock passes on ALT" if bad == 0
                           else "%d problem(s)" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
