#!/usr/bin/env python3
"""Turns a bench/run-all.sh results folder into JSON, Markdown and plots.

    python3 bench/report.py RESULTS_DIR

Reads RESULTS_DIR/raw/ (written by bench/run-all.sh):
  <config>/runner.txt          "native" or the QEMU command line
  <config>/sets.tsv            set, CTCRYPTO_DISABLE, aes row, ghash row
  <config>/speed.<set>.txt     //bench:speed output (Did lines)
  <config>/openssl.<set>.txt   //bench:speed_vs_openssl output (host only)
  <config>/bssl.<set>.txt      bench/bssl-column.sh output (when a BSSL_*
                               binary was given)
  size.tsv                     bench/size/measure.sh lines
  mca.tsv                      bench/mca.sh lines
Writes results.json, results.md (every table), summary.md (the headline
tables, the AES modes at a few sizes on each target's default row set
and next to OpenSSL, the BoringSSL column), plots/<config>.png (AES-128-GCM seal MB/s against message size, one
line per row set) and plots/<config>-<measurement>.png (the others).
"""
import json
import os
import re
import shutil
import subprocess
import sys

CONFIG_ORDER = ["x86_64_aesni", "x86_64_ssse3", "aarch64_ce", "aarch64_noce",
                "armv7_neon"]
DID = re.compile(r"^(?P<prefix>(?:OpenSSL|BoringSSL): )?Did (?P<calls>\d+) (?P<name>\S+) "
                 r"\((?P<bytes>\d+) bytes\) (?P<verb>\S+(?: \([^)]*\))?) "
                 r"operations in "
                 r"(?P<us>\d+)us")
HEADLINE = "AES-128-GCM seal"
# The AES modes beyond GCM/CTR/CBC/TLS-CBC, in table order. They get tables
# of their own (AES modes); the OpenSSL table above them keeps the others.
# GCM-SIV and the -PERBLOCK lines have no OpenSSL counterpart.
MODES = [
    "AES-128-CCM seal", "AES-128-CCM open",
    "AES-128-GCM-SIV seal", "AES-128-GCM-SIV open",
    "AES-256-GCM-SIV seal", "AES-256-GCM-SIV open",
    "AES-128-CMAC mac", "AES-128-GMAC mac",
    "AES-128-XTS encrypt", "AES-128-XTS decrypt",
    "AES-256-XTS encrypt", "AES-256-XTS decrypt",
    "AES-128-XTS-PERBLOCK encrypt", "AES-128-XTS-PERBLOCK decrypt",
    "AES-256-XTS-PERBLOCK encrypt", "AES-256-XTS-PERBLOCK decrypt",
    "AES-128-KW wrap", "AES-128-KW unwrap",
    "AES-256-KW wrap", "AES-256-KW unwrap",
    "AES-128-KWP wrap", "AES-128-KWP unwrap",
]
# The sizes the summary shows for the modes: a short message, a 512-byte
# and a 4 KiB sector (XTS's only sizes), 1350 bytes (1344 for KW, which
# works in 8-byte semiblocks).
MODE_SUMMARY_SIZES = [16, 512, 1344, 1350, 4096]


def parse_did(text):
    """Returns ([ours...], [peer's...]) result dicts from Did lines."""
    ours, theirs = [], []
    for line in text.splitlines():
        m = DID.match(line.strip())
        if not m:
            continue
        calls, us, nbytes = int(m["calls"]), int(m["us"]), int(m["bytes"])
        r = {
            "description": f"{m['name']} ({nbytes} bytes) {m['verb']}",
            "measurement": f"{m['name']} {m['verb']}",
            "numCalls": calls,
            "microseconds": us,
            "bytesPerCall": nbytes,
            "mbps": calls * nbytes / us if us else 0.0,
        }
        (theirs if m["prefix"] else ours).append(r)
    return ours, theirs


def read(path, default=""):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default


def load(out):
    raw = os.path.join(out, "raw")
    configs = [c for c in CONFIG_ORDER if os.path.isdir(os.path.join(raw, c))]
    configs += sorted(c for c in os.listdir(raw)
                      if os.path.isdir(os.path.join(raw, c)) and c not in configs)
    meta = {}
    for line in read(os.path.join(out, "meta.txt")).splitlines():
        k, _, v = line.partition(": ")
        meta[k] = v
    runs, peer, bssl = [], [], []
    for c in configs:
        runner = read(os.path.join(raw, c, "runner.txt")).strip() or "native"
        for line in read(os.path.join(raw, c, "sets.tsv")).splitlines():
            f = line.split("\t")
            if len(f) < 4:
                continue
            s, mask, aes, ghash = f[:4]
            text = read(os.path.join(raw, c, f"speed.{s}.txt"))
            results, _ = parse_did(text)
            runs.append({
                "config": c, "runner": runner, "emulated": runner != "native",
                "set": s, "disable": "" if mask == "-" else mask,
                "aes": aes, "ghash": ghash,
                "row_line": text.splitlines()[0] if text else "",
                "results": results,
            })
            ptext = read(os.path.join(raw, c, f"openssl.{s}.txt"))
            if ptext:
                head = ptext.splitlines()[0]
                cap = re.search(r"OPENSSL_ia32cap=(\S+)", head)
                ver = re.search(r"; (OpenSSL [^;]+);", head)
                o, t = parse_did(ptext)
                tmap = {r["description"]: r for r in t}
                for r in o:
                    if r["description"] not in tmap:
                        continue
                    tr = tmap[r["description"]]
                    peer.append({
                        "config": c, "set": s,
                        "disable": "" if mask == "-" else mask,
                        "ia32cap": cap.group(1) if cap else "",
                        "openssl": ver.group(1) if ver else "OpenSSL",
                        "description": r["description"],
                        "measurement": r["measurement"],
                        "bytesPerCall": r["bytesPerCall"],
                        "ours_mbps": r["mbps"], "openssl_mbps": tr["mbps"],
                        "ratio": r["mbps"] / tr["mbps"] if tr["mbps"] else 0,
                    })
            btext = read(os.path.join(raw, c, f"bssl.{s}.txt"))
            if btext:
                head = btext.splitlines()[0]
                cap = re.search(r"OPENSSL_ia32cap=(\S+);", head)
                o, t = parse_did(btext)
                tmap = {r["description"]: r for r in t}
                for r in o:
                    if r["description"] not in tmap:
                        continue
                    tr = tmap[r["description"]]
                    bssl.append({
                        "config": c, "runner": runner,
                        "emulated": runner != "native", "set": s,
                        "disable": "" if mask == "-" else mask,
                        "ia32cap": "" if not cap or cap.group(1) == "(unset)"
                        else cap.group(1),
                        "description": r["description"],
                        "measurement": r["measurement"],
                        "bytesPerCall": r["bytesPerCall"],
                        "ours_mbps": r["mbps"], "boringssl_mbps": tr["mbps"],
                        "ratio": r["mbps"] / tr["mbps"] if tr["mbps"] else 0,
                    })
    size = []
    for line in read(os.path.join(raw, "size.tsv")).splitlines():
        f = line.split("\t")
        if len(f) >= 7:
            size.append({"config": f[0], "build": f[1], "text": int(f[2]),
                         "rodata": int(f[3]), "data": int(f[4]),
                         "total": int(f[5]), "binary_delta": int(f[6]),
                         "rows": f[7] if len(f) > 7 else ""})
    mca = []
    for line in read(os.path.join(raw, "mca.tsv")).splitlines():
        f = line.split("\t")
        if len(f) >= 9 and not line.startswith("#"):
            mca.append({"config": f[0], "row": f[1], "function": f[2],
                        "file": f[3], "cpu": f[4],
                        "bytes_per_iteration": float(f[5]),
                        "cycles_per_iteration": float(f[6]),
                        "cycles_per_byte": float(f[7]), "note": f[8]})
    return {"meta": meta, "runs": runs, "openssl": peer, "boringssl": bssl,
            "size": size, "mca": mca}


def fmt(v):
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def target_label(run):
    if run["emulated"]:
        return f"{run['config']} †"
    return run["config"]


def mca_cell(data, run):
    """The llvm-mca estimates for a run's rows, on the core its QEMU model
    stands for (the -cpu of the runner)."""
    m = re.search(r"-cpu (\S+)", run["runner"])
    if not m:
        return ""
    cpu = m.group(1)
    parts = []
    for kind in ("aes", "ghash"):
        for e in data["mca"]:
            if (e["config"] == run["config"] and e["cpu"] == cpu and
                    e["row"] == f"{kind}={run[kind]}"):
                parts.append(f"{kind} {e['cycles_per_byte']:.1f}")
                break
    return (", ".join(parts) + f" ({cpu})") if parts else ""


def speed_tables(data, only=None, sizes=None):
    """One Markdown table per measurement: target x row set x size."""
    out = []
    measurements = []
    for run in data["runs"]:
        for r in run["results"]:
            if r["measurement"] not in measurements:
                measurements.append(r["measurement"])
    if only:
        measurements = [m for m in measurements if m in only]
    for meas in measurements:
        all_sizes = sorted({r["bytesPerCall"] for run in data["runs"]
                            for r in run["results"]
                            if r["measurement"] == meas})
        cols = [s for s in all_sizes if sizes is None or s in sizes]
        out.append(f"### {meas}, MB/s\n")
        has_mca = bool(data["mca"])
        out.append("| target | row (aes+ghash) | CTCRYPTO_DISABLE | " +
                   " | ".join(f"{s} B" for s in cols) + " |" +
                   (" llvm-mca c/B (bulk loops) |" if has_mca else ""))
        out.append("|---|---|---|" + "---:|" * len(cols) +
                   ("---|" if has_mca else ""))
        for run in data["runs"]:
            by = {r["bytesPerCall"]: r for r in run["results"]
                  if r["measurement"] == meas}
            if not by:
                continue
            cells = [fmt(by[s]["mbps"]) if s in by else "" for s in cols]
            out.append(f"| {target_label(run)} | {run['set']} | "
                       f"{run['disable'] or '(none)'} | " +
                       " | ".join(cells) + " |" +
                       (f" {mca_cell(data, run)} |" if has_mca else ""))
        out.append("")
    if any(r["emulated"] for r in data["runs"]):
        emus = sorted({(r["config"], r["runner"]) for r in data["runs"]
                       if r["emulated"]})
        out.append("† emulated: " + "; ".join(f"{c} under `{q}`"
                                                for c, q in emus) +
                   ". QEMU timings are not hardware timings; compare "
                   "rows only within one target.\n")
    return out


def openssl_tables(data, only=None, sizes=None, exclude=(),
                   title="ctcrypto / {ver} (EVP), same process run, native"):
    out = []
    entries = [p for p in data["openssl"]
               if (only is None or p["measurement"] in only) and
               p["measurement"] not in exclude]
    if not entries:
        return out
    ver = entries[0]["openssl"]
    out.append(f"### {title.format(ver=ver)}\n")
    out.append("Ratio > 1: ctcrypto faster. OpenSSL runs with "
               "`OPENSSL_ia32cap` clearing the CPUID bits that match "
               "`CTCRYPTO_DISABLE`; with AES-NI off OpenSSL uses vpaes "
               "(SSSE3) and with SSSE3 off its table-based AES (not "
               "constant time).\n")
    all_sizes = sorted({p["bytesPerCall"] for p in entries})
    cols = [s for s in all_sizes if sizes is None or s in sizes]
    out.append("| measurement | ctcrypto set | OPENSSL_ia32cap | " +
               " | ".join(f"{s} B" for s in cols) + " |")
    out.append("|---|---|---|" + "---:|" * len(cols))
    keys = []
    for p in entries:
        k = (p["measurement"], p["set"], p["ia32cap"])
        if k not in keys:
            keys.append(k)
    for k in keys:
        by = {p["bytesPerCall"]: p for p in entries
              if (p["measurement"], p["set"], p["ia32cap"]) == k}
        cells = []
        for s in cols:
            if s in by:
                p = by[s]
                cells.append(f"{p['ratio']:.2f} ({fmt(p['ours_mbps'])}/"
                             f"{fmt(p['openssl_mbps'])})")
            else:
                cells.append("")
        out.append(f"| {k[0]} | {k[1]} | {k[2] or '(unset)'} | " +
                   " | ".join(cells) + " |")
    out.append("\nCells: ratio (ctcrypto MB/s / OpenSSL MB/s).\n")
    return out


def boringssl_tables(data, only=None, sizes=None):
    """ctcrypto / BoringSSL `bssl speed` (bench/bssl-column.sh): one row
    per target, measurement and row set, ratio cells per size."""
    out = []
    entries = [p for p in data.get("boringssl", [])
               if only is None or p["measurement"] in only]
    if not entries:
        return out
    out.append("### ctcrypto / BoringSSL (bssl speed), alternating runs\n")
    out.append("Ratio > 1: ctcrypto faster. Both run under the same runner; "
               "on x86 BoringSSL runs with `OPENSSL_ia32cap` clearing the "
               "CPUID bits of the capabilities `CTCRYPTO_DISABLE` takes "
               "away (mapping in bench/bssl-column.sh); on ARM BoringSSL has "
               "no mask and runs the path the (emulated) CPU reports, so "
               "only the set with nothing disabled has a line.\n")
    all_sizes = sorted({p["bytesPerCall"] for p in entries})
    cols = [s for s in all_sizes if sizes is None or s in sizes]
    out.append("| target | measurement | ctcrypto set | OPENSSL_ia32cap | " +
               " | ".join(f"{s} B" for s in cols) + " |")
    out.append("|---|---|---|---|" + "---:|" * len(cols))
    keys = []
    for p in entries:
        k = (p["config"], p["measurement"], p["set"], p["ia32cap"])
        if k not in keys:
            keys.append(k)
    for k in keys:
        by = {p["bytesPerCall"]: p for p in entries
              if (p["config"], p["measurement"], p["set"], p["ia32cap"]) == k}
        first = next(iter(by.values()))
        cells = []
        for s in cols:
            if s in by:
                p = by[s]
                cells.append(f"{p['ratio']:.2f} ({fmt(p['ours_mbps'])}/"
                             f"{fmt(p['boringssl_mbps'])})")
            else:
                cells.append("")
        out.append(f"| {target_label(first)} | {k[1]} | {k[2]} | "
                   f"{k[3] or '(unset)'} | " + " | ".join(cells) + " |")
    out.append("\nCells: ratio (ctcrypto MB/s / BoringSSL MB/s). † emulated: "
               "compare the ratio, not the MB/s, with other targets.\n")
    return out


def modes_table(data, sizes=None):
    """The AES modes at a glance: one row per mode and size, one column per
    target with the target's first (default-dispatch) row set."""
    out = []
    firsts = []
    for run in data["runs"]:
        if run["config"] not in [r["config"] for r in firsts]:
            firsts.append(run)
    rows = []
    for meas in MODES:
        all_sizes = sorted({r["bytesPerCall"] for run in firsts
                            for r in run["results"]
                            if r["measurement"] == meas})
        rows += [(meas, s) for s in all_sizes if sizes is None or s in sizes]
    if not rows:
        return out
    out.append("### AES modes, MB/s, default row set per target\n")
    out.append("| measurement | size | " +
               " | ".join(f"{target_label(r)} ({r['set']})" for r in firsts) +
               " |")
    out.append("|---|---:|" + "---:|" * len(firsts))
    for meas, size in rows:
        cells = []
        for run in firsts:
            v = [r["mbps"] for r in run["results"]
                 if r["measurement"] == meas and r["bytesPerCall"] == size]
            cells.append(fmt(v[0]) if v else "")
        out.append(f"| {meas} | {size} B | " + " | ".join(cells) + " |")
    out.append("\nThe other row sets: the per-measurement tables under "
               "Throughput (results.md). -PERBLOCK: XTS on the same row "
               "without its multi-block ECB entry (block by block). "
               "AES-GCM-SIV and -PERBLOCK have no OpenSSL line (OpenSSL "
               "3.0 has no GCM-SIV).\n")
    return out


def size_table(data):
    out = []
    if not data["size"]:
        return out
    out.append("### Code size of an AES-GCM consumer, bytes\n")
    out.append("ctcrypto's own symbols in a static binary that seals and "
               "opens one message (bench/size/gcm_consumer.cc; target "
               "`nm -S` after `--gc-sections`); *binary growth* is the "
               "whole binary over a baseline without ctcrypto (target "
               "`size -A`), which also counts the libc/libstdc++ parts "
               "pulled in. `portable` = the platform with "
               "`@ctcrypto//config:rows_portable`.\n")
    out.append("| target | build | text | rodata | data | total | "
               "binary growth | rows compiled in |")
    out.append("|---|---|---:|---:|---:|---:|---:|---|")
    for s in data["size"]:
        out.append(f"| {s['config']} | {s['build']} | {s['text']} | "
                   f"{s['rodata']} | {s['data']} | {s['total']} | "
                   f"{s['binary_delta']} | {s['rows']} |")
    out.append("")
    return out


def mca_table(data):
    out = []
    if not data["mca"]:
        return out
    out.append("### llvm-mca estimates for the ARM bulk loops (cycles/byte)\n")
    out.append("Static estimates from LLVM 14's scheduling models "
               "(`llvm-mca-14 -mcpu=...`) for the loop marked "
               "`// mca-loop:` (bench/mca.sh), not measurements. \\* marks a "
               "caveat listed under the table.\n")
    cpus = []
    for m in data["mca"]:
        if m["cpu"] not in cpus:
            cpus.append(m["cpu"])
    out.append("| target | row | function | bytes/iter | " +
               " | ".join(cpus) + " |")
    out.append("|---|---|---|---:|" + "---:|" * len(cpus))
    keys = []
    for m in data["mca"]:
        k = (m["config"], m["row"], m["function"], m["bytes_per_iteration"])
        if k not in keys:
            keys.append(k)
    for k in keys:
        by = {m["cpu"]: m for m in data["mca"]
              if (m["config"], m["row"], m["function"],
                  m["bytes_per_iteration"]) == k}
        cells = []
        for c in cpus:
            if c in by:
                note = "" if by[c]["note"] in ("", "-") else "*"
                cells.append(f"{by[c]['cycles_per_byte']:.2f}{note}")
            else:
                cells.append("")
        out.append(f"| {k[0]} | {k[1]} | `{k[2]}` | {k[3]:g} | " +
                   " | ".join(cells) + " |")
    notes = []
    for m in data["mca"]:
        for n in m["note"].split("; "):
            if n not in ("", "-") and n not in notes:
                notes.append(n)
    if notes:
        out.append("\n\\* " + "; ".join(notes) + ".")
    out.append("")
    return out


def plots(data, out):
    gp = shutil.which("gnuplot")
    if not gp:
        print("report.py: gnuplot not found; no plots", file=sys.stderr)
        return []
    pdir = os.path.join(out, "plots")
    os.makedirs(pdir, exist_ok=True)
    made = []
    configs = []
    for run in data["runs"]:
        if run["config"] not in configs:
            configs.append(run["config"])
    measurements = []
    for run in data["runs"]:
        for r in run["results"]:
            if r["measurement"] not in measurements:
                measurements.append(r["measurement"])
    for c in configs:
        runs = [r for r in data["runs"] if r["config"] == c and r["results"]]
        if not runs:
            continue
        for meas in measurements:
            slug = re.sub(r"[^A-Za-z0-9]+", "-", meas).strip("-").lower()
            name = f"{c}.png" if meas == HEADLINE else f"{c}-{slug}.png"
            series = []
            for run in runs:
                pts = sorted((r["bytesPerCall"], r["mbps"])
                             for r in run["results"]
                             if r["measurement"] == meas)
                if pts:
                    dat = os.path.join(pdir, f".{c}-{slug}-{run['set']}.dat")
                    with open(dat, "w") as f:
                        for x, y in pts:
                            f.write(f"{x} {y}\n")
                    series.append((run["set"], dat))
            if not series:
                continue
            emu = (" (EMULATED: " + runs[0]["runner"] + ")"
                   if runs[0]["emulated"] else " (native)")
            script = [
                "set terminal pngcairo size 900,560 noenhanced" if
                _has_cairo(gp) else "set terminal png size 900,560 noenhanced",
                f"set output '{os.path.join(pdir, name)}'",
                f"set title '{c}: {meas}{emu}'",
                "set logscale x 2", "set logscale y 10",
                "set xlabel 'message size (bytes)'", "set ylabel 'MB/s'",
                "set key outside right", "set grid",
                "set xtics (16, 64, 256, 1350, 4096, 16384)",
                "plot " + ", ".join(
                    f"'{dat}' using 1:2 with linespoints lw 2 title '{s}'"
                    for s, dat in series),
            ]
            subprocess.run([gp], input="\n".join(script), text=True,
                           check=True)
            for _, dat in series:
                os.remove(dat)
            made.append(os.path.join("plots", name))
    return made


_cairo = None


def _has_cairo(gp):
    global _cairo
    if _cairo is None:
        r = subprocess.run([gp, "-e", "set terminal"], capture_output=True,
                           text=True)
        _cairo = "pngcairo" in (r.stdout + r.stderr)
    return _cairo


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    data = load(out)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(data, f, indent=1)
    made = plots(data, out)
    meta = data["meta"]
    head = [f"# ctcrypto benchmark results\n",
            f"{meta.get('date', '')}, commit {meta.get('commit', '?')}, "
            f"host {meta.get('host', '?')}, -timeout_ms "
            f"{meta.get('timeout_ms', '?')} per line.\n"]
    full = head + ["## Throughput\n"] + speed_tables(data)
    full += ["## OpenSSL side by side\n"] + openssl_tables(data,
                                                          exclude=MODES)
    modes = modes_table(data) + openssl_tables(
        data, only=MODES, title="AES modes: ctcrypto / {ver} (EVP), same "
        "process run, native")
    if modes:
        full += ["## AES modes\n"] + modes
    bssl = boringssl_tables(data)
    if bssl:
        full += ["## BoringSSL side by side\n"] + bssl
    full += ["## Code size\n"] + size_table(data)
    full += ["## ARM cost model\n"] + mca_table(data)
    if made:
        full += ["## Plots\n"] + [f"![{p}]({p})" for p in made
                                   if "-" not in os.path.basename(p)] + [""]
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write("\n".join(full) + "\n")
    summary = head + speed_tables(data, only=[HEADLINE], sizes=[16, 16384])
    summary += openssl_tables(data, only=[HEADLINE, "AES-128-GCM open",
                                          "AES-128-CTR encrypt",
                                          "AES-128-CBC decrypt"],
                              sizes=[16, 16384])
    summary += modes_table(data, sizes=MODE_SUMMARY_SIZES)
    summary += openssl_tables(
        data, only=MODES, sizes=MODE_SUMMARY_SIZES,
        title="AES modes: ctcrypto / {ver} (EVP), same process run, native")
    summary += boringssl_tables(data, only=[HEADLINE, "AES-128-CBC-SHA1 open",
                                            "AES-128-CBC-SHA1 seal"],
                                sizes=[16, 256, 1350, 16384])
    summary += size_table(data) + mca_table(data)
    summary.append(f"Everything: {os.path.join(out, 'results.md')}, "
                   f"results.json, {len(made)} plots in plots/.\n")
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(summary) + "\n")


if __name__ == "__main__":
    main()
