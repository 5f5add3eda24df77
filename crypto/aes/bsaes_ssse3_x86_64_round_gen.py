#!/usr/bin/env python3
"""Generates bsaes_ssse3_x86_64_round.inc, the x86_64 SSE2/SSSE3 code of the
bitsliced AES rounds (bsaes_ssse3_x86_64.h), with registers allocated here
instead of by the compiler:
  - CTCRYPTO_BSAES_X86_ROUND: one full round (SubBytes, ShiftRows,
    MixColumns, AddRoundKey) on the eight planes, asm operands %0..%7 in
    and out;
  - CTCRYPTO_BSAES_X86_LAST_ROUND: the last round (no MixColumns).

Why: SSE has only destructive two-operand forms (dst = dst op src) and 16
XMM registers; the Boyar-Peralta circuit (bitsliced_sbox.h) has ~20 values
live at its widest point. GCC 12 compiled the intrinsics round to ~309
instructions, 108 of them register copies. Here:
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
instructions and compared with a model of the round (the gates evaluated
directly, ShiftRows and MixColumns as bsaes_core.h states them).
The gate list is read from bitsliced_sbox.h itself (the audited, as-printed
circuit), so the two cannot disagree.

Usage: python3 crypto/aes/bsaes_ssse3_x86_64_round_gen.py > crypto/aes/bsaes_ssse3_x86_64_round.inc
//tests:bsaes_ssse3_x86_64_round_inc_test (tests/generated_inc_test.cc)
fails when the checked-in .inc is not this program's output.
"""
import os
import random
import re
import sys

# Gate order: among the ready gates, the one that ends the most live
# ranges, ties broken by paper order plus ORDER_NOISE times a draw of
# random.Random(seed). The seeds are the best of a search (see SEARCH
# below), ranked by the instruction count of the full round.
ORDER_SEED = 852
LAST_ORDER_SEED = 1173
ORDER_NOISE = 200

HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "bitsliced_sbox.h")).read()
body = src[src.index("CTCRYPTO_BS_INLINE void bs_sbox_circuit"):]
body = body[:body.index("\n}\n")]

SBOX = []  # (dst, op, a, b) with op in "^", "&"; "~" (b None) a NOT
for m in re.finditer(r"const W (\w+) = (\w+) ([\^&]) (\w+);", body):
    SBOX.append((m.group(1), m.group(3), m.group(2), m.group(4)))
for m in re.finditer(r"q\[(\d)\] = (?:(\w+) \^ (\w+)|bs_xnor<kAffine>\((\w+), (\w+)\));", body):
    j = int(m.group(1))
    if m.group(2):
        SBOX.append(("q%d" % j, "^", m.group(2), m.group(3)))
    else:
        SBOX.append(("x%d" % j, "^", m.group(4), m.group(5)))
        SBOX.append(("q%d" % j, "~", "x%d" % j, None))
assert len(SBOX) == 128 + 4, len(SBOX)
# U0..U7 are q[7]..q[0] on entry.
alias = dict(("U%d" % i, "in%d" % (7 - i)) for i in range(8))
SBOX = [(d, op, alias.get(a, a), alias.get(b, b)) for d, op, a, b in SBOX]

# ShiftRows (lane 4r + c <- lane 4r + (c + r) mod 4), bsaes_ssse3_x86_64.h.
SR = [0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14]


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

    keys = {}
    for t, (d, op, a, b) in enumerate(order):
        release_dead(t)
        if op == "key":
            keys[d] = int(d[1:])
            continue
        pref = final.get(d)
        if op in ("^", "&"):
            mn = "pxor" if op == "^" else "pand"
            if b in keys:  # out_j = a ^ round key plane j
                j = keys.pop(b)
                ld = "movdqu %d(%%%%[k]), %%s" % (16 * j)
                if pref not in holder:
                    out.append(ld % pref)
                    out.append("pxor %s, %s" % (src_operand(a), pref))
                    if a in loc and dies(a, t):
                        del holder[loc[a]]
                        del loc[a]
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
                if y in loc and dies(y, t):
                    del holder[loc[y]]
                    del loc[y]
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
            if x in loc:
                out.append("movdqa %s, %s" % (loc[x], r))
                stats["copy"] += 1
            else:
                out.append("movdqa %s, %s" % (mem(x), r))
                stats["reload"] += 1
            out.append("%s %s, %s" % (mn, src_operand(y), r))
            if y in loc and dies(y, t):
                del holder[loc[y]]
                del loc[y]
            place(d, r)
        elif op in ("~", "sr"):
            ins = ("pxor %[ones], %s" if op == "~" else "pshufb %[sr], %s")
            if a in loc and dies(a, t):
                r = loc[a]
                del holder[r]
                del loc[a]
            else:
                avoid = (loc[a],) if a in loc else ()
                r = free_reg(t, prefer=pref, avoid=avoid)
                if a in loc:
                    out.append("movdqa %s, %s" % (loc[a], r))
                    stats["copy"] += 1
                else:
                    out.append("movdqa %s, %s" % (mem(a), r))
                    stats["reload"] += 1
                if a in loc and dies(a, t):
                    del holder[loc[a]]
                    del loc[a]
            out.append(ins.replace("%s", r))
            place(d, r)
        elif op in ("rot1", "rot2"):
            imm = "0x39" if op == "rot1" else "0x4E"
            s_ = src_operand(a)
            if a in loc and dies(a, t):
                r = loc[a]
                del holder[r]
                del loc[a]
            else:
                avoid = (loc[a],) if a in loc else ()
                r = free_reg(t, prefer=pref, avoid=avoid)
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
            assert ops[0] == "%[sr]"
            ls = lanes(rd(ops[1]))
            wr(ops[1], from_lanes([ls[SR[p]] for p in range(16)]))
        else:
            raise SystemExit("unknown instruction " + ins)
    return [reg["%%%d" % j] for j in range(8)]


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


def check(code, last):
    for seed in range(4):
        rnd = random.Random(1000 + seed)
        planes = [rnd.getrandbits(128) for _ in range(8)]
        key = [rnd.getrandbits(128) for _ in range(8)]
        if run(code, planes, key, seed) != model(planes, key, last):
            return False
    return True


def build(last, seed):
    order = schedule(SBOX + round_gates(last), seed)
    return allocate(order)


def emit(name, last, seed):
    code, nslots, st = build(last, seed)
    assert check(code, last), name + ": the code does not compute the round"
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
    for last in (False, True):
        res = []
        for seed in range(int(sys.argv[2])):
            code, nslots, st = build(last, seed)
            res.append((len(code), st["spill"] + st["reload"], nslots, seed))
        res.sort()
        print("last" if last else "full", res[:5])
    sys.exit(0)

print("// Generated by crypto/aes/bsaes_ssse3_x86_64_round_gen.py from the circuit")
print("// in bitsliced_sbox.h; do not edit. AT&T syntax. Operands: %0..%7 the")
print("// planes q[0..7] (in and out), %[k] the round key (8 planes of 16 bytes,")
print("// any alignment), %[s] the 16-byte-aligned scratch area, %[sr] the")
print("// ShiftRows PSHUFB index and %[ones] all-ones (16-byte-aligned memory);")
print("// xmm8..xmm15 are clobbered.")
emit("CTCRYPTO_BSAES_X86_ROUND", False, ORDER_SEED)
emit("CTCRYPTO_BSAES_X86_LAST_ROUND", True, LAST_ORDER_SEED)
