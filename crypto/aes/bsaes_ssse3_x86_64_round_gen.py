#!/usr/bin/env python3
"""Generates bsaes_ssse3_x86_64_round.inc, the x86_64 SSE2/SSSE3 code of the
bitsliced AES rounds (bsaes_ssse3_x86_64.h), with registers allocated here
instead of by the compiler:
  - CTCRYPTO_BSAES_X86_ROUND: one full round (SubBytes, ShiftRows,
    MixColumns, AddRoundKey) on the eight planes, asm operands %0..%7 in
    and out;
  - CTCRYPTO_BSAES_X86_LAST_ROUND: the last round (no MixColumns);
  - CTCRYPTO_BSAES_X86_INV_ROUND: one decryption round as bsaes_core.h's
    decrypt runs it (InvShiftRows, InvSubBytes = A' o S o A' with the
    same circuit's middle, AddRoundKey, InvMixColumns = MixColumns o
    (a_r ^ 4 (a_r ^ a_{r+2})));
  - CTCRYPTO_BSAES_X86_INV_LAST_ROUND: the same without InvMixColumns.

Why: SSE has only destructive two-operand forms (dst = dst op src) and 16
XMM registers; the Boyar-Peralta circuit (bitsliced_sbox.h) has ~20 values
live at its widest point. GCC 12 compiled the intrinsics round loop (CTR)
to 303 instructions, 50 of them register copies and 72 frame accesses
(spills and reloads); the decryption round loop (XTS) to 354. With the
code generated here they are 249 and 281 (objdump; 8 of the 281 are
stores of the planes that GCC adds in the XTS loop; 321 before A' was
folded into InvSubBytes's linear layers, below). Here:
  - the gates of the whole round (the S-box's, then ShiftRows, MixColumns
    and the round key's) are put in an order that keeps few values live
    (among the ready gates, the one that ends the most live ranges, ties
    broken by a seeded random draw, ORDER_SEED);
  - registers are allocated for the two-operand forms: a gate whose
    operand dies there overwrites that operand's register (no copy); only
    a gate whose operands both live on copies one (MOVDQA); PSHUFD, the
    MixColumns rotation, writes a fresh register from any source;
  - a value that does not fit goes to a 16-byte-aligned scratch area
    (MOVDQA store), the victim being the value whose next use is farthest
    (Belady); a spilled value used as the source operand of PXOR / PAND /
    PSHUFD is read from memory directly, not reloaded;
  - the round key planes are loaded (MOVDQU: the schedule may be
    unaligned) into the register where the round's output plane must end,
    so the outputs land in their own operand registers and a loop of
    rounds needs no copies at its edge.
The finished code is run here on random inputs by a model of the
instructions and compared with the round computed byte by byte as FIPS-197
states it (S-box tables from the inverse in GF(2^8) and the affine map;
MixColumns / InvMixColumns by their matrices), and for encryption also
with a model of bsaes_core.h's steps.
The gate list is read from bitsliced_sbox.h itself (the audited, as-printed
circuit), so the two cannot disagree. InvSubBytes reads it through
bitsliced_sbox_gates.read_small_gates(inverse=True): the printed middle
between linear layers with A' folded in (bitsliced_sbox_linear.txt: 23 and
35 XORs and four NOTs, for A''s 16 XORs and two NOTs, the printed 27 and
38, and A''s 16 again), checked against the printed circuit on all 256
inputs there and against FIPS-197 here: the decryption round went from
310 instructions to 270, XTS and CBC decryption 14-18% faster (Zen 5,
medians of 3). The forward rounds keep the printed layers: their smaller
forms (23 and 33 XORs) took the round from 246 instructions to 237 but ran
no faster (AES-256-XTS encryption 2% slower), the deeper layers costing
what the fewer instructions save.

Usage: python3 crypto/aes/bsaes_ssse3_x86_64_round_gen.py > crypto/aes/bsaes_ssse3_x86_64_round.inc
//tests:bsaes_ssse3_x86_64_round_inc_test (tests/generated_inc_test.cc)
fails when the checked-in .inc is not this program's output.
"""
import os
import random
import re
import sys

# The gate list, shared with the other generators (bitsliced_sbox_gates.py,
# next to this file; declared with it in crypto/BUILD.bazel's genrules).
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bitsliced_sbox_gates import read_gates, read_small_gates  # noqa: E402

# Gate order: among the ready gates, the one that ends the most live
# ranges, ties broken by list order plus ORDER_NOISE times a draw of
# random.Random(seed). Each seed is the best of a search (`search` at the
# end of this file) ranked by the instruction count of its round, then by
# spills + reloads.
ORDER_SEED = 142
LAST_ORDER_SEED = 142
INV_ORDER_SEED = 611
INV_LAST_ORDER_SEED = 1327
ORDER_NOISE = 200

SBOX = []  # (dst, op, a, b) with op in "^", "&"; "~" (b None) a NOT
for d, op, a, b, xnor in read_gates("q%d"):  # inputs in0..in7
    if xnor:  # an XOR into x<j>, then its NOT into q<j>
        x = "x" + d[1:]
        SBOX.append((x, op, a, b))
        SBOX.append((d, "~", x, None))
    else:
        SBOX.append((d, op, a, b))
assert len(SBOX) == 128 + 4, len(SBOX)
# InvS with the inverse affine map folded into the linear layers
# (read_small_gates(inverse=True)): NOTs of four input planes, then 121
# gates, instead of A' (16 XORs, 2 NOTs), the circuit and A' (16 XORs).
INV_SBOX = [(d, op, a, b) for d, op, a, b, _ in
            read_small_gates("q%d", inverse=True)]
assert not any(x for *_, x in read_small_gates("q%d", inverse=True))

# ShiftRows (lane 4r + c <- lane 4r + (c + r) mod 4) and its inverse
# (lane 4r + c <- lane 4r + (c - r) mod 4), bsaes_ssse3_x86_64.h.
SR = [0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14]
ISR = [0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12]


def inv_sbox(inputs, prefix, outputs):
    """InvSubBytes (INV_SBOX) on the planes named inputs[0..7] into
    outputs[0..7], every other value renamed with `prefix`."""
    ren = dict(("in%d" % j, inputs[j]) for j in range(8))
    ren.update(("q%d" % j, outputs[j]) for j in range(8))
    f = lambda v: ren.get(v, prefix + v) if v else v
    return [(f(d), op, f(a), f(b)) for d, op, a, b in INV_SBOX]


def mix_gates(s, out, pre=""):
    """MixColumns (bsaes_core.h) of the planes named s[0..7] into
    out[0..7]: t = s ^ rot1(s), out_j = xtime(t)_j ^ rot1(s)_j ^
    rot2(t_j), xtime(t) = (t7, t0^t7, t1, t2^t7, t3^t7, t4, t5, t6)."""
    g = []
    for j in range(8):
        g.append((pre + "r%d" % j, "rot1", s[j], None))
        g.append((pre + "t%d" % j, "^", s[j], pre + "r%d" % j))
        g.append((pre + "u%d" % j, "rot2", pre + "t%d" % j, None))
        g.append((pre + "v%d" % j, "^", pre + "r%d" % j, pre + "u%d" % j))
    for j in range(8):
        x = pre + ("t7" if j == 0 else "t%d" % (j - 1))
        last_v = out[j] if j not in (1, 3, 4) else pre + "w%d" % j
        g.append((last_v, "^", pre + "v%d" % j, x))
        if j in (1, 3, 4):
            g.append((out[j], "^", last_v, pre + "t7"))
    return g


def inv_round_gates(last):
    """A decryption round as bsaes_core.h's decrypt runs it: InvShiftRows,
    InvSubBytes = A' o S o A' (INV_SBOX: A' folded into the circuit's
    linear layers), AddRoundKey, then (not in the last round) InvMixColumns =
    MixColumns o (a_r -> a_r ^ 4 (a_r ^ a_{r+2}))."""
    g = [("a%d" % j, "isr", "in%d" % j, None) for j in range(8)]
    g += inv_sbox(["a%d" % j for j in range(8)], "S",
                  ["c%d" % j for j in range(8)])
    for j in range(8):
        g.append(("k%d" % j, "key", None, None))
        g.append(("out%d" % j if last else "d%d" % j, "^", "c%d" % j,
                  "k%d" % j))
    if last:
        return g
    for j in range(8):
        g.append(("h%d" % j, "rot2", "d%d" % j, None))
        g.append(("w%d" % j, "^", "d%d" % j, "h%d" % j))
    # 4 * w = xtime(xtime(w)) = (w6, w6^w7, w0^w7, w1^w6, w2^w6^w7, w3^w7,
    # w4, w5).
    x4 = {0: "w6", 6: "w4", 7: "w5"}
    g.append(("x1", "^", "w6", "w7"))
    g.append(("x2", "^", "w0", "w7"))
    g.append(("x3", "^", "w1", "w6"))
    g.append(("x4", "^", "w2", "x1"))
    g.append(("x5", "^", "w3", "w7"))
    for j in range(8):
        g.append(("e%d" % j, "^", "d%d" % j, x4.get(j, "x%d" % j)))
    g += mix_gates(["e%d" % j for j in range(8)],
                   ["out%d" % j for j in range(8)], "m")
    return g


def round_gates(last):
    """The gates of a round after the S-box: "sr" (PSHUFB by SR, in
    place), "rot1"/"rot2" (PSHUFD 0x39 / 0x4E, lane p <- p+4 / p+8),
    "key" (round key plane j), "^". Output plane j is out<j>.
    MixColumns (bsaes_core.h): t = s ^ rot1(s),
    out_j = xtime(t)_j ^ rot1(s)_j ^ rot2(t_j), xtime(t) =
    (t7, t0^t7, t1, t2^t7, t3^t7, t4, t5, t6)."""
    g = []
    for j in range(8):
        g.append(("s%d" % j, "sr", "q%d" % j, None))
    if last:
        for j in range(8):
            g.append(("k%d" % j, "key", None, None))
            g.append(("out%d" % j, "^", "s%d" % j, "k%d" % j))
        return g
    for j in range(8):
        g.append(("r%d" % j, "rot1", "s%d" % j, None))
        g.append(("t%d" % j, "^", "s%d" % j, "r%d" % j))
        g.append(("u%d" % j, "rot2", "t%d" % j, None))
        g.append(("v%d" % j, "^", "r%d" % j, "u%d" % j))
    for j in range(8):
        x = "t7" if j == 0 else "t%d" % (j - 1)
        g.append(("w%d" % j, "^", "v%d" % j, x))
        last_v = "w%d" % j
        if j in (1, 3, 4):
            g.append(("y%d" % j, "^", last_v, "t7"))
            last_v = "y%d" % j
        g.append(("k%d" % j, "key", None, None))
        g.append(("out%d" % j, "^", last_v, "k%d" % j))
    return g


def schedule(gates, seed):
    """The gate order: repeatedly, among the gates whose operands are
    computed, the one that frees the most registers (ends live ranges),
    then by list order with the seeded random tie-break. A key load is
    taken only together with the gate that consumes it."""
    rnd = random.Random(seed)
    producer = dict((g[0], g) for g in gates)
    keyfor = {}
    for g in gates:
        for s in (g[2], g[3]):
            if s and producer.get(s, (0, ""))[1] == "key":
                keyfor[g[0]] = producer[s]
    remaining = [g for g in gates if g[1] != "key"]
    uses = {}
    for g in remaining:
        for s in (g[2], g[3]):
            if s:
                uses[s] = uses.get(s, 0) + 1
    avail = set("in%d" % j for j in range(8)) | set(
        g[0] for g in gates if g[1] == "key")
    order = []
    while remaining:
        best = None
        for i, g in enumerate(remaining):
            srcs = [s for s in (g[2], g[3]) if s]
            if all(s in avail for s in srcs):
                frees = sum(1 for s in set(srcs) if uses[s] == 1)
                if g[0] in keyfor:
                    frees -= 1  # the key's own register
                score = (frees, -i + ORDER_NOISE * rnd.random())
                if best is None or score > best[0]:
                    best = (score, i)
        g = remaining.pop(best[1])
        if g[0] in keyfor:
            order.append(keyfor[g[0]])
        order.append(g)
        for s in (g[2], g[3]):
            if s:
                uses[s] -= 1
        avail.add(g[0])
    return order


# Register hints (allocate): on.
HINTS = 1

P = ["%%%d" % j for j in range(8)]
X = ["%%%%xmm%d" % j for j in range(8, 16)]
REGS = X + P  # allocation preference: temporaries first


def allocate(order):
    """Registers for `order`; returns (code, slots, stats)."""
    final = dict(("out%d" % j, P[j]) for j in range(8))
    usepos = {}
    for t, (d, op, a, b) in enumerate(order):
        for s in (a, b):
            if s:
                usepos.setdefault(s, []).append(t)
    # hint: the register a value should get, that of the output it becomes
    # through gates that overwrite it in place (its last use), so that
    # the outputs tend to end in their own registers.
    hint = {}
    for t in range(len(order) - 1, -1, -1):
        d, op, a, b = order[t]
        h = final.get(d) or hint.get(d)
        for s in (a, b):
            if h and s and usepos[s][-1] == t and s not in hint:
                hint[s] = h
    loc = dict(("in%d" % j, P[j]) for j in range(8))
    holder = dict((r, v) for v, r in loc.items())
    slot = {}
    free_slots = []
    nslots = [0]
    out = []
    stats = {"copy": 0, "spill": 0, "reload": 0, "memop": 0, "move": 0}

    def mem(s):
        return "%d(%%[s])" % (16 * slot[s]) if slot[s] else "(%[s])"

    def next_use(v, t):
        for p in usepos.get(v, []):
            if p >= t:
                return p
        return 10**8 if v in final else 10**9

    def dies(v, t):
        return v not in final and next_use(v, t + 1) >= 10**9

    def release_dead(t):
        for r, v in list(holder.items()):
            if dies(v, t - 1):  # no use from t on
                del holder[r]
                del loc[v]
        for v in list(slot):
            if dies(v, t - 1) and v not in loc:
                free_slots.append(slot.pop(v))

    def free_reg(t, prefer=None, avoid=()):
        if prefer and prefer not in holder and prefer not in avoid:
            return prefer
        for r in REGS:
            if r not in holder and r not in avoid and r not in final.values():
                return r
        for r in REGS:
            if r not in holder and r not in avoid:
                return r
        cands = sorted(((next_use(v, t), r, v) for r, v in holder.items()
                        if r not in avoid), reverse=True)
        _, r, v = cands[0]
        if v not in slot:
            if free_slots:
                free_slots.sort()
                slot[v] = free_slots.pop(0)
            else:
                slot[v] = nslots[0]
                nslots[0] += 1
            out.append("movdqa %s, %s" % (r, mem(v)))
            stats["spill"] += 1
        del holder[r]
        del loc[v]
        return r

    def place(v, r):
        loc[v] = r
        holder[r] = v

    def src_operand(s):
        if s in loc:
            return loc[s]
        stats["memop"] += 1
        return mem(s)

    def fetch(v, r):
        # v's value into register r: a copy from its register, else a
        # reload from its slot.
        if v in loc:
            out.append("movdqa %s, %s" % (loc[v], r))
            stats["copy"] += 1
        else:
            out.append("movdqa %s, %s" % (mem(v), r))
            stats["reload"] += 1

    def drop_if_dead(v, t):
        # v's register is free once op t, its last use, has read it.
        if v in loc and dies(v, t):
            del holder[loc[v]]
            del loc[v]

    def claim(a, t, pref):
        # The destination register of a one-operand op on a: a's own when
        # a dies here (taken over), else a free one.
        if a in loc and dies(a, t):
            r = loc[a]
            del holder[r]
            del loc[a]
            return r
        return free_reg(t, prefer=pref, avoid=(loc[a],) if a in loc else ())

    keys = {}
    for t, (d, op, a, b) in enumerate(order):
        release_dead(t)
        if op == "key":
            keys[d] = int(d[1:])
            continue
        pref = final.get(d) or (hint.get(d) if HINTS else None)
        if op in ("^", "&"):
            mn = "pxor" if op == "^" else "pand"
            if b in keys:  # out_j = a ^ round key plane j
                j = keys.pop(b)
                ld = "movdqu %d(%%%%[k]), %%s" % (16 * j)
                assert dies(a, t)
                if pref is not None and pref not in holder:
                    out.append(ld % pref)
                    out.append("pxor %s, %s" % (src_operand(a), pref))
                    drop_if_dead(a, t)
                    place(d, pref)
                    continue
                if a not in loc:
                    r = free_reg(t, avoid=())
                    out.append("movdqa %s, %s" % (mem(a), r))
                    stats["reload"] += 1
                    place(a, r)
                tmp = free_reg(t, avoid=(loc[a],))
                out.append(ld % tmp)
                out.append("pxor %s, %s" % (tmp, loc[a]))
                r = loc[a]
                del holder[r]
                del loc[a]
                place(d, r)
                continue
            da, db = dies(a, t), dies(b, t)
            cand = []
            for x, y, dx in ((a, b, da), (b, a, db)):
                if dx and x in loc:
                    cand.append((loc[x] == pref, y in loc, x, y))
            if cand:
                cand.sort(reverse=True)
                _, _, x, y = cand[0]
                r = loc[x]
                out.append("%s %s, %s" % (mn, src_operand(y), r))
                del holder[r]
                del loc[x]
                drop_if_dead(y, t)
                place(d, r)
                continue
            # Neither operand dies in a register: copy (or reload) one.
            x, y = (a, b) if (a in loc or b not in loc) else (b, a)
            if dies(x, t) and not dies(y, t):
                pass
            elif dies(y, t) and not dies(x, t):
                x, y = y, x
            avoid = tuple(loc[s] for s in (a, b) if s in loc)
            r = free_reg(t, prefer=pref, avoid=avoid)
            fetch(x, r)
            out.append("%s %s, %s" % (mn, src_operand(y), r))
            drop_if_dead(y, t)
            place(d, r)
        elif op in ("~", "sr", "isr"):
            ins = {"~": "pxor %[ones], %s", "sr": "pshufb %[sr], %s",
                   "isr": "pshufb %[isr], %s"}[op]
            owned = a in loc and dies(a, t)
            r = claim(a, t, pref)
            if not owned:
                fetch(a, r)
            out.append(ins.replace("%s", r))
            place(d, r)
        elif op in ("rot1", "rot2"):
            imm = "0x39" if op == "rot1" else "0x4E"
            s_ = src_operand(a)
            r = claim(a, t, pref)
            out.append("pshufd $%s, %s, %s" % (imm, s_, r))
            place(d, r)
        else:
            raise SystemExit("unknown op " + op)
    # Outputs into their own operand registers (a parallel move).
    moves = dict((final[v], loc[v]) for v in final
                 if v in loc and loc[v] != final[v])
    while moves:
        ready = [w for w in moves if w not in moves.values()]
        if ready:
            w = ready[0]
            out.append("movdqa %s, %s" % (moves.pop(w), w))
            stats["move"] += 1
            continue
        busy = set(moves.values()) | set(moves)
        tmp = [r for r in REGS if r not in busy][0]
        w, h = next(iter(moves.items()))
        out.append("movdqa %s, %s" % (h, tmp))
        stats["move"] += 1
        for k2 in moves:
            if moves[k2] == h:
                moves[k2] = tmp
    for v in sorted(final):  # an output evicted to the scratch area
        if v not in loc:
            out.append("movdqa %s, %s" % (mem(v), final[v]))
            stats["reload"] += 1
    return out, nslots[0], stats


# ---------------------------------------------------------------------------
# Models: the emitted instructions, and the round as specified.

M128 = (1 << 128) - 1


def lanes(v):
    return [(v >> (8 * p)) & 0xFF for p in range(16)]


def from_lanes(ls):
    return sum(x << (8 * p) for p, x in enumerate(ls))


def pshufd(v, imm):
    w = [(v >> (32 * i)) & 0xFFFFFFFF for i in range(4)]
    return sum(w[(imm >> (2 * i)) & 3] << (32 * i) for i in range(4))


def run(code, planes, key, seed):
    rnd = random.Random(seed)
    reg = {}
    for j in range(8):
        reg["%%%d" % j] = planes[j]
    for j in range(8, 16):
        reg["%%%%xmm%d" % j] = rnd.getrandbits(128)
    memory = {}

    def rd(op):
        if op in reg:
            return reg[op]
        if op == "%[ones]":
            return M128
        if op == "%[sr]":
            raise SystemExit("sr as data")
        m = re.match(r"(-?\d*)\(%\[(\w)\]\)$", op)
        off = int(m.group(1) or 0)
        if m.group(2) == "k":
            return key[off // 16]
        assert off % 16 == 0
        return memory[off]

    def wr(op, v):
        if op in reg:
            reg[op] = v
            return
        m = re.match(r"(-?\d*)\(%\[s\]\)$", op)
        memory[int(m.group(1) or 0)] = v

    for ins in code:
        mn, _, rest = ins.partition(" ")
        ops = [x.strip() for x in rest.split(", ")]
        if mn in ("movdqa", "movdqu"):
            wr(ops[1], rd(ops[0]))
        elif mn == "pxor":
            wr(ops[1], rd(ops[1]) ^ rd(ops[0]))
        elif mn == "pand":
            wr(ops[1], rd(ops[1]) & rd(ops[0]))
        elif mn == "pshufd":
            wr(ops[2], pshufd(rd(ops[1]), int(ops[0][1:], 16)))
        elif mn == "pshufb":
            idx = {"%[sr]": SR, "%[isr]": ISR}[ops[0]]
            ls = lanes(rd(ops[1]))
            wr(ops[1], from_lanes([ls[idx[p]] for p in range(16)]))
        else:
            raise SystemExit("unknown instruction " + ins)
    return [reg["%%%d" % j] for j in range(8)]


def gmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = ((a << 1) ^ (0x11B if a & 0x80 else 0)) & 0x1FF
        b >>= 1
    return r


def sbox_table():
    """FIPS-197 5.1.1: the inverse in GF(2^8), then the affine map."""
    inv = [0] + [next(y for y in range(1, 256) if gmul(x, y) == 1)
                 for x in range(1, 256)]
    rotl = lambda v, n: ((v << n) | (v >> (8 - n))) & 0xFF
    return [inv[x] ^ rotl(inv[x], 1) ^ rotl(inv[x], 2) ^ rotl(inv[x], 3) ^
            rotl(inv[x], 4) ^ 0x63 for x in range(256)]


S_TABLE = sbox_table()
INV_S_TABLE = [S_TABLE.index(x) for x in range(256)]


def to_bytes(planes):
    """state[b][p]: byte p (row-major lane) of block slot b."""
    ls = [lanes(v) for v in planes]
    return [[sum(((ls[j][p] >> b) & 1) << j for j in range(8))
             for p in range(16)] for b in range(8)]


def to_planes(st):
    return [from_lanes([sum(((st[b][p] >> j) & 1) << b for b in range(8))
                        for p in range(16)]) for j in range(8)]


def mix(col, m):
    return [gmul(m[0], col[r]) ^ gmul(m[1], col[(r + 1) % 4]) ^
            gmul(m[2], col[(r + 2) % 4]) ^ gmul(m[3], col[(r + 3) % 4])
            for r in range(4)]


def reference(planes, key, kind):
    """One round on bytes, FIPS-197: kind "enc"/"enc_last" (SubBytes,
    ShiftRows, MixColumns, AddRoundKey), "dec"/"dec_last" (InvShiftRows,
    InvSubBytes, AddRoundKey, InvMixColumns) as bsaes_core.h orders them."""
    st, ks = to_bytes(planes), to_bytes(key)
    out = []
    for b in range(8):
        s = st[b]
        if kind.startswith("enc"):
            s = [S_TABLE[x] for x in s]
            s = [s[SR[p]] for p in range(16)]
            if kind == "enc":
                cols = [mix([s[4 * r + c] for r in range(4)], (2, 3, 1, 1))
                        for c in range(4)]
                s = [cols[p % 4][p // 4] for p in range(16)]
            s = [x ^ k for x, k in zip(s, ks[b])]
        else:
            s = [s[ISR[p]] for p in range(16)]
            s = [INV_S_TABLE[x] for x in s]
            s = [x ^ k for x, k in zip(s, ks[b])]
            if kind == "dec":
                cols = [mix([s[4 * r + c] for r in range(4)], (14, 11, 13, 9))
                        for c in range(4)]
                s = [cols[p % 4][p // 4] for p in range(16)]
        out.append(s)
    return to_planes(out)


def model(planes, key, last):
    v = dict(("in%d" % j, planes[j]) for j in range(8))
    for d, op, a, b in SBOX:
        if op == "^":
            v[d] = v[a] ^ v[b]
        elif op == "&":
            v[d] = v[a] & v[b]
        else:
            v[d] = v[a] ^ M128
    s = [from_lanes([lanes(v["q%d" % j])[SR[p]] for p in range(16)])
         for j in range(8)]
    if last:
        return [s[j] ^ key[j] for j in range(8)]
    r1 = [pshufd(x, 0x39) for x in s]
    t = [s[j] ^ r1[j] for j in range(8)]
    xt = [t[7], t[0] ^ t[7], t[1], t[2] ^ t[7], t[3] ^ t[7], t[4], t[5], t[6]]
    return [xt[j] ^ r1[j] ^ pshufd(t[j], 0x4E) ^ key[j] for j in range(8)]


def check(code, kind):
    """The code against the byte-level round (and, for encryption, the
    plane-level model of bsaes_core.h's steps) on random planes."""
    for seed in range(4):
        rnd = random.Random(1000 + seed)
        planes = [rnd.getrandbits(128) for _ in range(8)]
        key = [rnd.getrandbits(128) for _ in range(8)]
        got = run(code, planes, key, seed)
        if got != reference(planes, key, kind):
            return False
        if kind.startswith("enc") and got != model(planes, key,
                                                   kind == "enc_last"):
            return False
    return True


KINDS = {
    "enc": lambda: SBOX + round_gates(False),
    "enc_last": lambda: SBOX + round_gates(True),
    "dec": lambda: inv_round_gates(False),
    "dec_last": lambda: inv_round_gates(True),
}


def build(kind, seed):
    order = schedule(KINDS[kind](), seed)
    return allocate(order)


def emit(name, kind, seed):
    code, nslots, st = build(kind, seed)
    assert check(code, kind), name + ": the code does not compute the round"
    sys.stderr.write("%s: %d instructions, %d slots, %s\n"
                     % (name, len(code), nslots, st))
    print("// %d instructions: %d register copies, %d spills, %d reloads, %d"
          % (len(code), st["copy"], st["spill"], st["reload"], st["memop"]))
    print("// memory source operands, %d output moves; %d scratch slots of 16"
          % (st["move"], nslots))
    print("// bytes.")
    print("#define %s_SLOTS %d" % (name, max(nslots, 1)))
    print("#define %s \\" % name)
    for ins in code:
        print('  "%s\\n\\t" \\' % ins)
    print("")


if len(sys.argv) > 1 and sys.argv[1] == "search":
    # python3 bsaes_ssse3_x86_64_round_gen.py search N: the seeds 0..N-1
    # ranked by instruction count (then spills + reloads).
    for kind in sys.argv[3].split(",") if len(sys.argv) > 3 else KINDS:
        res = []
        for seed in range(int(sys.argv[2])):
            code, nslots, st = build(kind, seed)
            res.append((len(code), st["spill"] + st["reload"], nslots, seed))
        res.sort()
        print(kind, res[:5])
        sys.stdout.flush()
    sys.exit(0)

print("// Generated by crypto/aes/bsaes_ssse3_x86_64_round_gen.py from the circuit")
print("// in bitsliced_sbox.h; do not edit. AT&T syntax. Operands: %0..%7 the")
print("// planes q[0..7] (in and out), %[k] the round key (8 planes of 16 bytes,")
print("// any alignment), %[s] the 16-byte-aligned scratch area, %[sr] / %[isr]")
print("// the (Inv)ShiftRows PSHUFB index and %[ones] all-ones (16-byte-aligned")
print("// memory);")
print("// xmm8..xmm15 are clobbered.")
emit("CTCRYPTO_BSAES_X86_ROUND", "enc", ORDER_SEED)
emit("CTCRYPTO_BSAES_X86_LAST_ROUND", "enc_last", LAST_ORDER_SEED)
emit("CTCRYPTO_BSAES_X86_INV_ROUND", "dec", INV_ORDER_SEED)
emit("CTCRYPTO_BSAES_X86_INV_LAST_ROUND", "dec_last", INV_LAST_ORDER_SEED)
