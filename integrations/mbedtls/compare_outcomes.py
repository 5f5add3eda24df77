#!/usr/bin/env python3
"""compare_outcomes.py: Mbed TLS suite logs, stock build against ALT
(ctcrypto) build, case by case.

  compare_outcomes.py STOCK_DIR ALT_DIR [--markdown]
      both builds' logs, side by side
  compare_outcomes.py --against RECORD CONFIG ALT_DIR [--summary LABEL]
      the ALT logs against the stock outcomes recorded for CONFIG in RECORD
      (stock-outcomes.txt); --summary prints one line (LABEL: counts and the
      verdict) after the report
  compare_outcomes.py --logs BEP_JSON DEST_DIR
      copies the test.log of every @mbedtls test that has a result in
      Bazel's build event file (--build_event_json_file) into DEST_DIR as
      test_suite_<name>.log (alt_extra_test's as extra.log): a suite that
      failed to build has no result, so no log of an earlier run stands in
      for it
  compare_outcomes.py --record RECORD CONFIG STOCK_DIR HEADER
      writes STOCK_DIR's outcomes into RECORD as CONFIG's block (replacing
      the block it had, keeping the others), under the comment HEADER

Each directory holds test_suite_<name>.log files: the output of Mbed TLS's
generated suites (one line per case, ending in PASS, ---- for skipped or
FAILED). Prints pass/skip/fail counts per suite and variant, then every
case that passes on stock and does not pass on ALT. Such a case is allowed
only when NOT_APPLICABLE below gives the reason it cannot apply to an ALT
build; any other is a regression and the exit status is 1. A suite missing
or incomplete on either side (no final verdict line) also fails, as does
one whose cases differ from the record's (their count, or the digest of
their names: the record is of another Mbed TLS tree or suite set).

A record line is "CONFIG SUITE CASES DIGEST OUTCOMES": DIGEST the first 16
hex digits of the sha256 of the case names (one a line, as the log prints
them), OUTCOMES one letter a case in order (P pass, S skipped, F failed).
"""

import hashlib
import json
import os
import re
import shutil
import sys
import urllib.parse

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


def load_dir(directory):
    """suite -> ([(name, result)], complete) for the logs in directory."""
    return {suite: parse(path) for suite, path in suites_in(directory).items()}


_LETTER = {"PASS": "P", "----": "S", "FAILED": "F"}
_RESULT = {v: k for k, v in _LETTER.items()}


def digest(cases):
    h = hashlib.sha256()
    for name, _ in cases:
        h.update(name.encode("utf-8", "replace") + b"\n")
    return h.hexdigest()[:16]


def read_record(path, config):
    """suite -> (cases, digest, outcome letters) recorded for config."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            c, suite, n, dig, letters = line.split()
            if c == config:
                if int(n) != len(letters):
                    raise ValueError("%s: %s %s: %s cases, %d outcomes" % (path, c, suite, n, len(letters)))
                out[suite] = (int(n), dig, letters)
    return out


def write_record(path, config, stock, header):
    """Replaces config's block of path (or appends it) with stock's outcomes."""
    problems = []
    lines = []
    for suite in sorted(stock):
        cases, complete = stock[suite]
        if not complete or not cases:
            problems.append("%s: the stock run did not finish" % suite)
            continue
        letters = "".join(_LETTER[r] for _, r in cases)
        lines.append("%s %s %d %s %s\n" % (config, suite, len(cases), digest(cases), letters))
    if problems or not lines:
        for p in problems or ["no suite logs"]:
            print("record %s: %s" % (config, p))
        return 1
    kept = []
    if os.path.exists(path):
        with open(path) as f:
            old = f.readlines()
        # Everything but config's block: its "# config CONFIG:" comment
        # lines and its outcome lines.
        kept = [l for l in old if not l.startswith("# config %s:" % config)
                and not l.startswith(config + " ")]
    else:
        kept = [l + "\n" for l in RECORD_PREAMBLE]
    block = ["# config %s: %s\n" % (config, header)] + lines
    with open(path + ".tmp", "w") as f:
        f.writelines(kept + block)
    os.replace(path + ".tmp", path)
    print("record %s: %d suites, %d cases written to %s" % (
        config, len(lines), sum(len(stock[s][0]) for s in stock), path))
    return 0


RECORD_PREAMBLE = [
    "# Stock Mbed TLS's outcomes of its own test suites (mbedtls.BUILD's",
    "# @mbedtls//:suites, no ALT: --@mbedtls//:config=...:stock_config), per",
    "# ctcrypto build config, as run-suites.sh --record wrote them; ci-suites.sh",
    "# compares the ALT build's outcomes against these, case by case",
    "# (compare_outcomes.py --against). Fields: config, suite, cases, the first",
    "# 16 hex digits of the sha256 of the case names (one a line, as the log",
    "# prints them), one letter a case in order (P pass, S skipped, F failed).",
    "# Regenerate a config: integrations/mbedtls/run-suites.sh --record CONFIG",
]


def compare(stock, alt, stock_is_record=False):
    """rows [(suite, stock counts, ALT counts)], findings, problem count.

    stock: suite -> ([(name, result)], complete) or, from a record,
    suite -> (cases, digest, letters)."""
    bad = 0
    rows = []
    findings = []
    for suite in sorted(set(stock) | set(alt)):
        if suite not in stock or suite not in alt:
            findings.append("%s: missing on %s" % (suite, "ALT" if suite not in alt
                                                    else ("the stock record" if stock_is_record else "stock")))
            bad += 1
            continue
        a_cases, a_done = alt[suite]
        if stock_is_record:
            n, dig, letters = stock[suite]
            s_results = [_RESULT[l] for l in letters]
            s_done = True
            if a_done and (len(a_cases) != n or digest(a_cases) != dig):
                findings.append("%s: ALT ran %d cases (names %s), the record has %d (names %s)" % (
                    suite, len(a_cases), digest(a_cases), n, dig))
                bad += 1
                rows.append((suite, counts(list(zip([""] * n, s_results))), counts(a_cases)))
                continue
            s_cases = [(name, r) for (name, _), r in zip(a_cases, s_results)]
        else:
            s_cases, s_done = stock[suite]
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
    return rows, findings, bad


def report(rows, findings, bad, markdown=False, stock_label="stock"):
    if markdown:
        print("| suite | %s pass / skip / fail | ALT pass / skip / fail |" % stock_label)
        print("|---|---|---|")
        for suite, s, a in rows:
            print("| test_suite_%s | %d / %d / %d | %d / %d / %d |" % ((suite,) + s + a))
    else:
        print("%-28s %21s %21s" % ("suite", stock_label + " pass/skip/fail", "ALT pass/skip/fail"))
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
    return tot_s, tot_a


def copy_logs(bep, dest):
    """The --logs mode: test.log of each test with a result in bep -> dest."""
    os.makedirs(dest, exist_ok=True)
    copied = 0
    if not os.path.exists(bep):  # Bazel stopped before writing it
        return copied
    with open(bep) as f:
        for line in f:
            event = json.loads(line)
            label = event.get("id", {}).get("testResult", {}).get("label", "")
            if not label.startswith("@mbedtls//:") or "testResult" not in event:
                continue
            name = label[len("@mbedtls//:"):]
            if name == "ctcrypto_alt_extra_test":
                name = "extra"
            elif not name.startswith("test_suite_"):
                continue
            for output in event["testResult"].get("testActionOutput", []):
                if output.get("name") == "test.log":
                    src = urllib.parse.unquote(urllib.parse.urlparse(output["uri"]).path)
                    shutil.copyfile(src, os.path.join(dest, name + ".log"))
                    copied += 1
    return copied


def main(argv):
    args = argv[1:]
    if args[:1] == ["--logs"] and len(args) == 3:
        copy_logs(args[1], args[2])
        return 0
    if args[:1] == ["--record"] and len(args) == 5:
        return write_record(args[1], args[2], load_dir(args[3]), args[4])
    if args[:1] == ["--against"] and len(args) in (4, 6):
        record = read_record(args[1], args[2])
        if not record:
            print("compare: no stock outcomes recorded for %s in %s" % (args[2], args[1]))
            return 1
        rows, findings, bad = compare(record, load_dir(args[3]), stock_is_record=True)
        tot_s, tot_a = report(rows, findings, bad, stock_label="stock(rec)")
        if len(args) == 6 and args[4] == "--summary":
            na = sum(1 for f in findings if " does not apply: " in f)
            print("SUMMARY %s: %d suites, ALT %d pass / %d skip / %d fail, "
                  "stock (recorded) %d / %d / %d: %s" % (
                      args[5], len(rows), tot_a[0], tot_a[1], tot_a[2],
                      tot_s[0], tot_s[1], tot_s[2],
                      ("every stock pass passes (%d not applicable)" % na) if bad == 0
                      else "%d problem(s)" % bad))
        return 1 if bad else 0
    if len(args) >= 2 and not args[0].startswith("--"):
        rows, findings, bad = compare(load_dir(args[0]), load_dir(args[1]))
        report(rows, findings, bad, markdown="--markdown" in args[2:])
        return 1 if bad else 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
