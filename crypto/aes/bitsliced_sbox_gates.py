"""The S-box gate list of bitsliced_sbox.h, for the asm generators.

bsaes_neon_arm_sbox_gen.py, bsaes_ssse3_x86_64_round_gen.py and
fixsliced_armv7m_gen.py all allocate registers for circuits checked
against one: the Boyar-Peralta gates exactly as bitsliced_sbox.h's
bs_sbox_circuit prints them (the audited copy). This module reads them
from there, once for all three, and every other form it returns is
compared with them on all 256 inputs when it is read.

read_gates(out) returns the 128 gates in the header's order as
(dst, op, a, b, xnor): op "^" or "&"; xnor True for the four output XNORs
(the affine constant 0x63, bs_xnor<kAffine>); the inputs U0..U7 renamed
in7..in0 (they are q[7]..q[0] on entry); output j named out % j.
read_small_gates(out, inverse) returns the same S-box (or InvSubBytes)
with smaller linear layers (below); read_compact_gates(out) Boyar and
Peralta's smaller, deeper 115-gate circuit (COMPACT_FILE, checked against
the printed one), for the single-issue Cortex-M generator.
"""
import os
import re

_HERE = os.path.dirname(os.path.abspath(__file__))


def read_gates(out):
    src = open(os.path.join(_HERE, "bitsliced_sbox.h")).read()
    body = src[src.index("CTCRYPTO_BS_INLINE void bs_sbox_circuit"):]
    body = body[:body.index("\n}\n")]
    gates = []
    for m in re.finditer(r"const W (\w+) = (\w+) ([\^&]) (\w+);", body):
        gates.append((m.group(1), m.group(3), m.group(2), m.group(4), False))
    for m in re.finditer(
            r"q\[(\d)\] = (?:(\w+) \^ (\w+)|bs_xnor<kAffine>\((\w+), (\w+)\));",
            body):
        j = int(m.group(1))
        if m.group(2):
            gates.append((out % j, "^", m.group(2), m.group(3), False))
        else:
            gates.append((out % j, "^", m.group(4), m.group(5), True))
    assert len(gates) == 128, len(gates)
    alias = {"U%d" % i: "in%d" % (7 - i) for i in range(8)}
    return [(d, op, alias.get(a, a), alias.get(b, b), x)
            for d, op, a, b, x in gates]



# ---------------------------------------------------------------------------
# The same S-box with smaller linear layers, for the register-allocated
# generators.
#
# The printed circuit is Boyar and Peralta's depth-16 one: its top linear
# layer (27 XORs to the 22 values the nonlinear middle reads) and its
# bottom one (38 XORs from the 18 products M46..M63 to the outputs) are
# built for depth, not size. On the single-issue Cortex-M4 a gate is a
# cycle whatever the depth, so fixsliced_armv7m_gen.py reads the circuit
# through read_small_gates(): the middle as printed, the two linear layers
# from LINEAR_FILE (23 and 33 XORs). The x86_64 SSSE3 generator keeps the
# printed layers for encryption (the smaller ones took its round from 246
# instructions to 237 and ran no faster on Zen 5: out of order, eight
# blocks, the depth counts there), and both SIMD generators take the
# inverse below. The layers were found offline by
# `python3 crypto/aes/bitsliced_sbox_gates.py --search TRIES`:
#   - top: Boyar and Peralta's heuristic for linear circuits ("A new
#     combinational logic minimization technique with applications to
#     cryptology", SEA 2010): from the inputs, add the sum of two known
#     values that most lowers the targets' summed distances (ties: the
#     largest Euclidean norm), distances exact by a breadth-first search
#     over the 256 linear forms; cancellations allowed;
#   - bottom: Paar's greedy ("Optimized arithmetic for Reed-Solomon
#     encoders", ISIT 1997), the pair of terms shared by most outputs
#     first, random among ties, the smallest of TRIES runs whose
#     complemented outputs (the XNORs) are not read again.
# The inverse S-box (inverse=True) gets the same treatment with the inverse
# affine map A' folded into both layers: InvS(x) = A'(S(A'(x))), whose
# constants cancel but for the first A''s (bitsliced_sbox.h), is
# inv(L'(x ^ c)) with L' the linear part of A' and L'(c) = 0x05 (c = 0x63):
# NOTs of the four planes of c, then the top layer of L' composed with the
# printed one (23 XORs), the middle, and the bottom layer of L' composed
# with the printed one (35; the printed circuit's output constant dropped:
# L'(0x63) = 0x05 cancels it): 125 gates for the 162 of A', the circuit
# and A'.
# read_small_gates() checks its result against the printed circuit (and
# A' o S o A' for the inverse) on all 256 inputs every time it runs, so
# the file cannot change the S-box.

LINEAR_FILE = os.path.join(_HERE, "bitsliced_sbox_linear.txt")


def _inv_affine_linear(form):
    """A form over the planes b = L'(a) (bit i: b_i = a_{i+2} ^ a_{i+5}
    ^ a_{i+7}, FIPS-197 5.3.2) as a form over a."""
    r = 0
    for i in range(8):
        if form >> i & 1:
            for k in (2, 5, 7):
                r ^= 1 << ((i + k) % 8)
    return r


def _inv_input_not():
    """c with L'(c) = 0x05: the input planes complemented first."""
    return next(c for c in range(256) if sum(
        ((_inv_affine_linear(1 << i) & c).bit_count() & 1) << i
        for i in range(8)) == 0x05)


def _layers(gates, inverse=False, out="s%d"):
    """(forms, targets, products, outputs): the top layer's linear forms
    over the inputs, the top values the middle reads (in order) with their
    forms, the products the bottom layer sums, and the outputs' forms over
    those products, each with its affine constant bit. With `inverse`, L'
    composed on both sides (and no output constant)."""
    form = dict(("in%d" % j, 1 << j) for j in range(8))
    for d, op, a, b, _ in gates:
        if op == "^" and a in form and b in form:
            form[d] = form[a] ^ form[b]
    targets = []
    for d, op, a, b, _ in gates:
        if d not in form:
            for v in (a, b):
                if v in form and v not in [t for t, _ in targets]:
                    f = _inv_affine_linear(form[v]) if inverse else form[v]
                    targets.append((v, f))
    prods = [d for d, op, a, b, _ in gates
             if op == "&" and (a in form) != (b in form)]
    pform = dict((p, 1 << i) for i, p in enumerate(prods))
    xnor = {}
    for d, op, a, b, x in gates:
        if op == "^" and a in pform and b in pform:
            pform[d] = pform[a] ^ pform[b]
            xnor[d] = x
    outs = [(pform[out % j], xnor[out % j]) for j in range(8)]
    if inverse:
        outs = [(outs[(j + 2) % 8][0] ^ outs[(j + 5) % 8][0] ^ outs[(j + 7) % 8][0],
                 False) for j in range(8)]
    return form, targets, prods, set(pform) - set(prods), outs


def _all_inputs(gates, out):
    """The outputs on all 256 inputs at once: plane j of input x is bit x
    of a 256-bit integer."""
    v = dict(("in%d" % j, sum(((x >> j) & 1) << x for x in range(256)))
             for j in range(8))
    ones = (1 << 256) - 1
    for d, op, a, b, x in gates:
        if op == "~":
            v[d] = v[a] ^ ones
            continue
        r = (v[a] ^ v[b]) if op == "^" else (v[a] & v[b])
        v[d] = r ^ ones if x else r
    return [v[out % j] for j in range(8)]


def _inv_reference(printed, out):
    """A' o S o A' on all 256 inputs, from the printed circuit."""
    ones = (1 << 256) - 1
    def inv_affine(p, const):
        return [p[(i + 2) % 8] ^ p[(i + 5) % 8] ^ p[(i + 7) % 8] ^
                (ones if const >> i & 1 else 0) for i in range(8)]
    x = [sum(((v >> j) & 1) << v for v in range(256)) for j in range(8)]
    b = inv_affine(x, 0x05)
    v = dict(("in%d" % j, b[j]) for j in range(8))
    for d, op, a, c, n in printed:
        r = (v[a] ^ v[c]) if op == "^" else (v[a] & v[c])
        v[d] = r ^ ones if n else r
    return inv_affine([v[out % j] for j in range(8)], 0x05)


def read_small_gates(out, inverse=False):
    """read_gates(out) with the top and bottom linear layers of
    LINEAR_FILE (lines "<layer>: dst = a ^ b [xnor]", layer top and
    bottom, or inv_top and inv_bottom with `inverse`; outputs named s<j>)
    and the printed middle between them; with `inverse`, NOT gates
    (op "~", b None) of the input planes of _inv_input_not() first, into
    n<j>. Checked on every input against the printed circuit (A' o S o A'
    of it with `inverse`)."""
    printed = read_gates(out)
    form, _, _, bottom, _ = _layers(printed, out=out)
    pre = "inv_" if inverse else ""
    layer = {"top": [], "bottom": []}
    c = _inv_input_not() if inverse else 0
    src = dict(("in%d" % j, "n%d" % j) for j in range(8) if c >> j & 1)
    for line in open(LINEAR_FILE):
        m = re.match(r"^(%stop|%sbottom): (\w+) = (\w+) \^ (\w+)( xnor)?$" % (pre, pre),
                     line.strip())
        if m:
            d = m.group(2)
            if re.match(r"^s\d$", d):
                d = out % int(d[1:])
            a, b = src.get(m.group(3), m.group(3)), src.get(m.group(4), m.group(4))
            layer[m.group(1)[len(pre):]].append((d, "^", a, b, bool(m.group(5))))
    middle = [g for g in printed if g[0] not in form and g[0] not in bottom]
    if inverse:  # the inputs the middle reads are computed: b<j>
        ren = lambda v: "b" + v[2:] if v.startswith("in") else v
        middle = [(d, op, ren(a), ren(b), x) for d, op, a, b, x in middle]
    nots = [("n%d" % j, "~", "in%d" % j, None, False) for j in range(8) if c >> j & 1]
    gates = nots + layer["top"] + middle + layer["bottom"]
    want = _inv_reference(printed, out) if inverse else _all_inputs(printed, out)
    if _all_inputs(gates, out) != want:
        raise ValueError("%s does not give the printed S-box" % LINEAR_FILE)
    return gates


# ---------------------------------------------------------------------------
# The 115-gate circuit, for fixsliced_armv7m_gen.py.
#
# Boyar and Peralta's SEA 2010 circuit computes the S-box in 115 gates (32
# ANDs; top 23 XORs, middle 30, bottom 30) at depth 28, against the 119 of
# the printed depth-16 circuit with read_small_gates()'s layers (34 ANDs;
# 23, 29, 33). The single-issue Cortex-M4 retires one instruction a cycle
# whatever the depth, so the fixsliced generator takes it: four gates
# fewer, and fewer values to spill (after fixsliced_armv7m_gen.py's order
# search, 14 to 16 spills a round against 16 to 21). The SIMD
# generators keep the depth-16 circuit (out of order, eight blocks: depth
# counts there). COMPACT_FILE holds it as published; read_compact_gates()
# renames it into this module's conventions and checks it against the
# printed circuit on all 256 inputs every time it runs.

COMPACT_FILE = os.path.join(_HERE, "bitsliced_sbox_compact.txt")


def read_compact_gates(out):
    """The 115 gates of COMPACT_FILE as (dst, op, a, b, xnor), in the
    file's order: its inputs x0..x7 (most significant first) renamed
    in7..in0, its outputs s0..s7 out % 7 .. out % 0, its other values
    prefixed "bp_" (clear of the generators' own names)."""
    def name(v):
        if re.match(r"^x[0-7]$", v):
            return "in%d" % (7 - int(v[1:]))
        if re.match(r"^s[0-7]$", v):
            return out % (7 - int(v[1:]))
        return "bp_" + v
    gates = []
    for line in open(COMPACT_FILE):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^(\w+) = (\w+) ([\^&]) (\w+)( xnor)?$", line)
        if not m or (m.group(5) and m.group(3) != "^"):
            raise ValueError("%s: bad line %r" % (COMPACT_FILE, line))
        gates.append((name(m.group(1)), m.group(3), name(m.group(2)),
                      name(m.group(4)), bool(m.group(5))))
    if len(gates) != 115 or _all_inputs(gates, out) != _all_inputs(read_gates(out), out):
        raise ValueError("%s does not give the printed S-box" % COMPACT_FILE)
    return gates


def _distances(base, targets):
    """Boyar-Peralta's distance of each target: the fewest known values
    summing to it, less one (breadth-first over the 256 forms)."""
    d = {0: 0}
    frontier = [0]
    while frontier:
        nxt = []
        for v in frontier:
            for b in base:
                if v ^ b not in d:
                    d[v ^ b] = d[v] + 1
                    nxt.append(v ^ b)
        frontier = nxt
    return [d[t] - 1 for t in targets]


def _top_program(targets, rnd):
    base = [1 << j for j in range(8)]
    prog = []
    todo = [t for t in targets if t not in base]
    while todo:
        known = set(base)
        hit = next(((t, a) for t in todo for a in base if a ^ t in known), None)
        if hit:
            t, a = hit
            prog.append((t, a, a ^ t))
            base.append(t)
            todo.remove(t)
            continue
        cands = sorted(set((min(a, b), max(a, b)) for a in base for b in base
                           if a != b and a ^ b not in known))
        rnd.shuffle(cands)
        best = None
        for a, b in cands:
            dist = _distances(base + [a ^ b], todo)
            key = (sum(dist), -sum(x * x for x in dist))
            if best is None or key < best[0]:
                best = (key, a, b)
        _, a, b = best
        prog.append((a ^ b, a, b))
        base.append(a ^ b)
    return prog


def _bottom_program(targets, n, rnd):
    rows = [set(j for j in range(n) if t >> j & 1) for t in targets]
    prog, col = [], n
    while True:
        count = {}
        for r in rows:
            rs = sorted(r)
            for i in range(len(rs)):
                for j in range(i + 1, len(rs)):
                    count[(rs[i], rs[j])] = count.get((rs[i], rs[j]), 0) + 1
        if not count:
            return prog, [next(iter(r)) for r in rows]
        top = max(count.values())
        i, j = rnd.choice(sorted(p for p, c in count.items() if c == top))
        prog.append((col, i, j))
        for r in rows:
            if i in r and j in r:
                r -= {i, j}
                r.add(col)
        col += 1


def _search_layers(printed, inverse, tries, rnd):
    """The lines of one circuit's two layers (forward or inverse)."""
    pre = "inv_" if inverse else ""
    form, targets, prods, _, outs = _layers(printed, inverse)
    top = min((_top_program([f for _, f in targets], rnd) for _ in range(8)),
              key=len)
    names = dict((1 << j, "in%d" % j) for j in range(8))
    # An input the middle reads (in0) is, for the inverse, a computed value:
    # named b<j> there (read_small_gates() renames the middle's reads).
    want = dict((f, "b" + v[2:] if inverse and v.startswith("in") else v)
                for v, f in targets)
    lines = []
    for k, (c, a, b) in enumerate(top):
        names[c] = want.get(c, "%sY%d" % (pre, k + 1))
        lines.append("%stop: %s = %s ^ %s" % (pre, names[c], names[a], names[b]))
    assert all(names.get(f) == want[f] for _, f in targets)
    best = None
    for _ in range(tries):
        prog, final = _bottom_program([f for f, _ in outs], len(prods), rnd)
        reread = set(x for _, a, b in prog for x in (a, b))
        if any(outs[j][1] and final[j] in reread for j in range(8)):
            continue
        if best is None or len(prog) < len(best[0]):
            best = (prog, final)
    prog, final = best
    cname = dict(enumerate(prods))
    for c, a, b in prog:
        j = final.index(c) if c in final else None
        cname[c] = "s%d" % j if j is not None else "%sZ%d" % (pre, c - len(prods) + 1)
        lines.append("%sbottom: %s = %s ^ %s%s" % (
            pre, cname[c], cname[a], cname[b],
            " xnor" if j is not None and outs[j][1] else ""))
    return lines, len(top), len(prog)


def search_linear(tries):
    import random
    printed = read_gates("s%d")
    rnd = random.Random(1)
    fwd, ft, fb = _search_layers(printed, False, tries, rnd)
    inv, it, ib = _search_layers(printed, True, tries, rnd)
    with open(LINEAR_FILE, "w") as f:
        f.write(LINEAR_HEADER % (ft, fb, it, ib))
        f.write("\n".join(fwd + inv) + "\n")
    return (len(printed), len(read_small_gates("s%d")),
            len(read_small_gates("s%d", inverse=True)))


LINEAR_HEADER = """\
# The S-box's linear layers for read_small_gates() (bitsliced_sbox_gates.py):
# top, %d XORs from the inputs in0..in7 to the values the printed circuit's
# middle reads; bottom, %d XORs from its products M46..M63 to the outputs
# s0..s7 ("xnor" where the affine constant enters), in place of the printed
# circuit's 27 and 38; inv_top and inv_bottom, %d and %d, the same with
# the inverse affine map folded in (in place of 27 + 16 and 38 + 16).
# Written by
#   python3 crypto/aes/bitsliced_sbox_gates.py --search TRIES
# and checked against the printed circuit on all 256 inputs on every read.
"""


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 3 or sys.argv[1] != "--search":
        raise SystemExit("usage: bitsliced_sbox_gates.py --search TRIES")
    sys.dont_write_bytecode = True
    print("%d gates -> %d, inverse -> %d" % search_linear(int(sys.argv[2])))
