#!/usr/bin/env python3
"""Generates bsaes_neon_arm_sbox.inc, the ARMv7 NEON code of the bitsliced
AES round (bsaes_neon_arm.h), with registers allocated and instructions
scheduled here instead of by the compiler:
  - CTCRYPTO_BSAES_ARM_SBOX: the Boyar-Peralta S-box circuit of
    bitsliced_sbox.h on the eight planes (asm operands %q0..%q7, in place),
    with q8..q15 as temporaries;
  - CTCRYPTO_BSAES_ARM_SBOX_LINEAR: the same without the affine constant
    (the fixsliced CTR rounds' S-box and the last round's of CTR);
  - CTCRYPTO_BSAES_ARM_INV_SBOX: InvSubBytes, the circuit with the inverse
    affine map folded into its linear layers (INV_GATES below), after
    NOTs of the planes of CTCRYPTO_BSAES_ARM_INV_SBOX_NOT (the caller's);
  - CTCRYPTO_BSAES_ARM_ROUNDS: a loop of full rounds (S-box, ShiftRows,
    MixColumns, AddRoundKey);
  - CTCRYPTO_BSAES_ARM_ROUNDS_FS: the same for CTR, fixsliced (no
    ShiftRows; see "Fixslicing" below).

Why: the circuit has ~20 values live at its widest point and the generic
MixColumns 24; GCC 12 spills them through VSTR/VLDR pairs of D registers,
~108 NEON-pipe instructions per round on the Cortex-A9. Here:
  - the gates are put in an order that keeps few values live (a gate
    that ends live ranges first, ties broken by a seeded random draw,
    ORDER_SEED), then registers are allocated; a value
    that does not fit goes to a 16-byte-aligned scratch area with one
    VST1.64 / VLD1.64 of the whole Q register (load/store pipe), the victim
    being the value whose next use is farthest (Belady), the slots numbered
    so that consecutive accesses are consecutive addresses (post-increment,
    no address arithmetic);
  - the outputs end in their own operand registers, so a loop of rounds
    needs no register copies;
  - the finished code is list-scheduled for the Cortex-A9 (one NEON
    instruction and one load/store/ALU instruction a cycle), and checked by
    running it before and after scheduling on random inputs.
The gate list is read from bitsliced_sbox.h itself (the audited, as-printed
circuit), so the two cannot disagree.

Usage: python3 crypto/aes/bsaes_neon_arm_sbox_gen.py > crypto/aes/bsaes_neon_arm_sbox.inc
//tests:bsaes_neon_arm_sbox_inc_test (tests/generated_inc_test.cc; run by `bazel test //...` and
`//tests/...` in every config) fails when the checked-in .inc is not this
program's output (//crypto:bsaes_neon_arm_sbox_inc_diff runs it on the host).
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

# Gate order (schedule): among the ready gates, the one that ends the most
# live ranges, ties broken by paper order plus ORDER_NOISE times a draw of
# random.Random(ORDER_SEED). The seed is the best of a search over seeds
# 0..5999 (noise 200, i.e. a random tie-break), ranked by spills + reloads
# + address additions of the S-box without its constant and then by the
# llvm-mca cortex-a9 cycles of the fixsliced four-round loop: 12 spills,
# 12 reloads and 12 additions (166 instructions), 812 cycles, where the
# earlier latency-driven order (an in-order pipe with 4-cycle results)
# gave 15, 19 and 18 (182 instructions) and 828 cycles.
ORDER_SEED = 4929
ORDER_NOISE = 200
# Outputs in their own operand registers (a loop of rounds needs it).
IDENTITY = 1
# The Cortex-A9 list scheduling of the finished code.
SCHED = 1

gates = read_gates("q%d")  # (dst, op, a, b, xnor); inputs in0..in7

# InvSubBytes with the inverse affine map A' folded into the circuit's
# linear layers (bitsliced_sbox_gates.read_small_gates(inverse=True),
# checked there against A' o S o A' of the printed circuit on all 256
# inputs): 121 gates after NOTs of the input planes INV_NOT, which the
# C++ side applies (bsaes_neon_arm.h's inv_sub_bytes), instead of A' (16
# XORs and 2 NOTs, in C++), the circuit (128) and A' again (16).
_inv = read_small_gates("q%d", inverse=True)
INV_NOT = sum(1 << int(a[2:]) for _, op, a, _, _ in _inv if op == "~")
_nots = dict((d, a) for d, op, a, _, _ in _inv if op == "~")
INV_GATES = [(d, op, _nots.get(a, a), _nots.get(b, b), x)
             for d, op, a, b, x in _inv if op != "~"]
# The order seed of INV_GATES: the best of seeds 0..599 by instruction
# count, then spills + reloads (166 instructions, 13 spills, 14 reloads).
INV_ORDER_SEED = 314


def schedule(gates, seed=None):
    """The gate order: repeatedly, among the gates whose operands are
    computed, the one that frees the most registers (ends live ranges),
    then by paper order with the seeded random tie-break (ORDER_SEED)."""
    rnd = random.Random(ORDER_SEED if seed is None else seed)
    remaining = list(gates)
    uses = {}
    for g in gates:
        for s in (g[2], g[3]):
            uses[s] = uses.get(s, 0) + 1
    avail = set("in%d" % j for j in range(8))
    order = []
    while remaining:
        best = None
        for i, g in enumerate(remaining):
            if g[2] in avail and g[3] in avail:
                frees = sum(1 for s in set((g[2], g[3])) if uses[s] == (2 if g[2] == g[3] else 1))
                score = (frees, -i + ORDER_NOISE * rnd.random())
                if best is None or score > best[0]:
                    best = (score, i)
        g = remaining.pop(best[1])
        order.append(g)
        for s in (g[2], g[3]):
            uses[s] -= 1
        avail.add(g[0])
    return order


def allocate(order, affine, relabel=None):
    regs = ["%%q%d" % j for j in range(8)] + ["q%d" % j for j in range(8, 16)]
    loc = {}      # value -> register
    holder = {}   # register -> value
    for j in range(8):
        loc["in%d" % j] = regs[j]
        holder[regs[j]] = "in%d" % j
    slot = {}     # value -> scratch slot (stored copy)
    nslots = 0
    out = []
    spills = reloads = 0
    # next-use positions
    usepos = {}
    for t, g in enumerate(order):
        for s in (g[2], g[3]):
            usepos.setdefault(s, []).append(t)
    final = {"q%d" % j: regs[j] for j in range(8)}

    # %[t] walks the scratch area with post-increment: an access to the
    # slot right after the previous one needs no address computation.
    tptr = [None]
    seq = []

    def access(mn, r, sl):
        seq.append(sl)
        if relabel:
            sl = relabel[sl]
        if tptr[0] != sl:
            out.append("add %%[t], %%[s], #%d" % (16 * sl))
        out.append("%s {%s}, [%%[t]:128]!" % (mn, r))
        tptr[0] = sl + 1

    def next_use(v, t):
        for p in usepos.get(v, []):
            if p >= t:
                return p
        return 10**9 if v not in final else 10**8

    def free_reg(t, prefer=None, avoid=()):
        nonlocal nslots, spills
        if prefer and prefer not in holder:
            return prefer
        for r in (regs[8:] + regs[:8]) if IDENTITY else regs:
            if r not in holder and r not in avoid:
                return r
        # evict: farthest next use
        cands = [(next_use(v, t), r, v) for r, v in holder.items() if r not in avoid]
        cands.sort(reverse=True)
        _, r, v = cands[0]
        if v not in slot:
            slot[v] = nslots
            nslots += 1
            access("vst1.64", r, slot[v])
            spills += 1
        del holder[r]
        del loc[v]
        return r

    for t, (d, op, a, b, xnor) in enumerate(order):
        for s in (a, b):
            if s not in loc:
                r = free_reg(t, avoid=[loc[x] for x in (a, b) if x in loc])
                access("vld1.64", r, slot[s])
                reloads += 1
                loc[s] = r
                holder[r] = s
        ra, rb = loc[a], loc[b]
        # free operands at their last use
        for s in set((a, b)):
            if next_use(s, t + 1) >= 10**8 and s not in final:
                del holder[loc[s]]
                del loc[s]
        prefer = final.get(d)
        if prefer is not None and prefer in holder:
            prefer = None
        rd = free_reg(t + 1, prefer=prefer)
        mn = "veor" if op == "^" else "vand"
        out.append("%s %s, %s, %s" % (mn, rd, ra, rb))
        if xnor and affine:
            out.append("vmvn %s, %s" % (rd, rd))
        loc[d] = rd
        holder[rd] = d
    # An output the allocator spilled before the end (the inverse circuit's
    # bottom layer finishes some outputs early) is reloaded here.
    for v in sorted(final):
        if v not in loc:
            r = free_reg(len(order), prefer=final[v] if final[v] not in holder else None)
            access("vld1.64", r, slot[v])
            reloads += 1
            loc[v] = r
            holder[r] = v
    if IDENTITY:
        # Parallel move of the outputs into their own operand registers: a
        # destination no pending move still reads goes first; a cycle is
        # broken through a register that holds no output.
        moves = dict((final[v], loc[v]) for v in final if loc[v] != final[v])
        while moves:
            ready = [w for w in moves if w not in moves.values()]
            if ready:
                w = ready[0]
                out.append("vmov %s, %s" % (w, moves.pop(w)))
                continue
            busy = set(moves.values()) | set(moves)
            tmp = [r for r in regs if r not in busy and r not in [loc[v] for v in final]][0]
            w, h = next(iter(moves.items()))
            out.append("vmov %s, %s" % (tmp, h))
            for k2 in moves:
                if moves[k2] == h:
                    moves[k2] = tmp
        for v in final:
            loc[v] = final[v]
    # Outputs stay where they are if that is an operand register (the C++
    # side renames: plane j is returned in operand perm[j]); one left in
    # q8..q15 moves to an operand register that no output holds.
    for v in sorted(final):
        if not loc[v].startswith("%"):
            busy = set(loc[x] for x in final)
            r = [x for x in regs[:8] if x not in busy][0]
            out.append("vmov %s, %s" % (r, loc[v]))
            loc[v] = r
    perm = [int(loc["q%d" % j][2:]) for j in range(8)]
    return out, nslots, spills, reloads, perm, seq


def slot_order(seq, nslots):
    """Slot numbers for the scratch area such that as many consecutive
    accesses as possible go to consecutive slots (greedy: heaviest
    transitions first, each slot with one successor and one predecessor,
    no cycles)."""
    w = {}
    for a, b in zip(seq, seq[1:]):
        if a != b:
            w[(a, b)] = w.get((a, b), 0) + 1
    succ, pred = {}, {}

    def head(x):
        while x in pred:
            x = pred[x]
        return x

    for (a, b), _ in sorted(w.items(), key=lambda kv: -kv[1]):
        if a in succ or b in pred or head(a) == b:
            continue
        succ[a] = b
        pred[b] = a
    order = []
    for x in range(nslots):
        if x not in pred:
            while True:
                order.append(x)
                if x not in succ:
                    break
                x = succ[x]
    return dict((x, i) for i, x in enumerate(order))


def emit(name, affine, circuit=None, seed=None):
    order = schedule(circuit or gates, seed)
    code, nslots, spills, reloads, perm, seq = allocate(order, affine)
    code, nslots, spills, reloads, perm, _ = allocate(
        order, affine, slot_order(seq, nslots))
    if SCHED:
        code, _ = checked_schedule(code)
    SBOX_CODE[name] = code
    sys.stderr.write("%s: %d instructions, %d slots, %d spills, %d reloads\n"
                     % (name, len(code), nslots, spills, reloads))
    print("// %d instructions: %d spills and %d reloads of a Q register through"
          % (len(code), spills, reloads))
    print("// %d scratch slots of 16 bytes." % nslots)
    print("#define %s_SLOTS %d" % (name, nslots))
    print("// Plane j of the result is in operand %s_OUT[j]." % name)
    print("#define %s_OUT {%s}" % (name, ", ".join(map(str, perm))))
    print("#define %s \\" % name)
    for ins in code:
        print('  "%s\\n\\t" \\' % ins)
    print("")



# ---------------------------------------------------------------------------
# Post-pass list scheduling of the register-allocated code for the
# Cortex-A9 (in-order, two instructions a cycle of which at most one NEON
# data-processing instruction; NEON results usable three cycles after
# issue, loads two, core-register results one). Dependencies are tracked
# per Q register (a D half counts as its Q register), per core register
# operand and for the scratch memory as a whole; the order of a block's
# instructions changes, its dataflow does not.

NEON_OPS = ("veor", "vand", "vmvn", "vmov", "vtbl.8", "vext.8", "vrev32.16",
            "vshl.i32", "vsri.32")


def regs_of(operand):
    m = re.search(r"%\[(\w+)\]", operand)
    if m:
        return ["R" + m.group(1)]
    operand = operand.strip("{}[]!, ")
    m = re.match(r"%([qef])(\d+)$", operand)
    if m:
        return ["OP" + m.group(2)]
    m = re.match(r"q(\d+)$", operand)
    if m:
        return ["Q" + m.group(1)]
    m = re.match(r"d(\d+)$", operand)
    if m:
        return ["Q%d" % (int(m.group(1)) // 2)]
    return []


def effects(ins):
    """(reads, writes, latency of its results, is_neon) of one instruction."""
    mn, _, rest = ins.partition(" ")
    if mn in ("veor", "vand"):
        ops = [x.strip() for x in rest.split(",")]
        return set(regs_of(ops[1]) + regs_of(ops[2])), set(regs_of(ops[0])), 3, True
    if mn in ("vmvn", "vmov", "vrev32.16", "vshl.i32"):
        ops = [x.strip() for x in rest.split(",")]
        return set(regs_of(ops[1])), set(regs_of(ops[0])), 3, True
    if mn == "vsri.32":  # shift right and insert: reads its destination
        ops = [x.strip() for x in rest.split(",")]
        return set(regs_of(ops[0]) + regs_of(ops[1])), set(regs_of(ops[0])), 3, True
    if mn == "vext.8":
        ops = [x.strip() for x in rest.split(",")]
        return set(regs_of(ops[1]) + regs_of(ops[2])), set(regs_of(ops[0])), 3, True
    if mn == "vtbl.8":
        dst, rest2 = rest.split(",", 1)
        tbl, idx = rest2.rsplit(",", 1)
        rd = set(regs_of(idx))
        for t in tbl.strip(" {}").split(","):
            rd |= set(regs_of(t))
        return rd, set(regs_of(dst)), 3, True
    if mn in ("vld1.64", "vld1.8", "vst1.64"):
        lst, addr = rest.split("}", 1)
        rs = set()
        for t in lst.strip(" {").split(","):
            rs |= set(regs_of(t))
        base = set(regs_of(addr.strip(" ,")))
        wb = base if addr.strip().endswith("!") else set()
        mem = "MEM_" + ("scratch" if "%[t]" in addr else "ro")
        if mn == "vst1.64":
            return rs | base | {mem}, wb | {mem}, 1, False
        return base | {mem}, rs | wb, 2, False
    if mn == "add":
        ops = [x.strip() for x in rest.split(",")]
        return set(regs_of(ops[1])), set(regs_of(ops[0])), 1, False
    raise SystemExit("unknown instruction for the scheduler: " + ins)


def list_schedule(code):
    n = len(code)
    eff = [effects(c) for c in code]
    preds = [[] for _ in range(n)]  # (pred, latency)
    last_w, last_r = {}, {}
    for i, (rd, wr, lat, _) in enumerate(eff):
        for r in rd:
            if r in last_w:
                j = last_w[r]
                preds[i].append((j, eff[j][2]))
        for r in wr:
            if r in last_w:
                preds[i].append((last_w[r], 1))
            for j in last_r.get(r, []):
                if j != i:
                    preds[i].append((j, 0))
        for r in rd:
            last_r.setdefault(r, []).append(i)
        for r in wr:
            last_w[r] = i
            last_r[r] = []
    succs = [[] for _ in range(n)]
    for i in range(n):
        for j, l in preds[i]:
            succs[j].append((i, l))
    prio = [0] * n
    for i in range(n - 1, -1, -1):
        prio[i] = max([l + prio[k] for k, l in succs[i]] + [eff[i][2]])
    npred = [len(set(j for j, _ in preds[i])) for i in range(n)]
    earliest = [0] * n
    ready = set(i for i in range(n) if npred[i] == 0)
    done_pred = [set() for _ in range(n)]
    out = []
    cycle = 0
    while len(out) < n:
        neon_used = other_used = False
        issued = []
        for i in sorted(ready, key=lambda i: (-prio[i], i)):
            if earliest[i] > cycle:
                continue
            if eff[i][3]:
                if neon_used:
                    continue
                neon_used = True
            else:
                if other_used:
                    continue
                other_used = True
            issued.append(i)
            if neon_used and other_used:
                break
        # In program order within a cycle: an instruction may issue in the
        # cycle of an earlier one that reads a register it overwrites.
        for i in sorted(issued):
            ready.discard(i)
            out.append(code[i])
            for k, l in succs[i]:
                earliest[k] = max(earliest[k], cycle + l)
                if i not in done_pred[k]:
                    done_pred[k].add(i)
                    if len(done_pred[k]) == npred[k]:
                        ready.add(k)
        cycle += 1
    return out, cycle


def simulate(code, seed):
    """Runs the instruction list on pseudo-random planes, round key and
    scratch contents and returns the eight planes and %[k] afterwards: the
    check that scheduling kept the dataflow (asserted below)."""
    import random
    rnd = random.Random(seed)
    d = [rnd.getrandbits(64) for _ in range(32)]  # operand N is qN
    gpr = {"s": 0x1000, "k": 0x2000, "idx": 0x3000, "t": 0}
    mem = {}
    for a in range(0x2000, 0x2000 + 128 * 2, 8):
        mem[a] = rnd.getrandbits(64)
    for a in range(0x3000, 0x3010, 8):
        mem[a] = int.from_bytes(bytes(rnd.randrange(16) for _ in range(8)), "little")
    run(code, d, mem, gpr)
    return d[:16], gpr["k"]


def run(code, d, mem, gpr):
    """Executes `code` on D registers d[0..31], memory mem (8-byte words)
    and the named GPRs gpr, in place."""

    def dregs(op):
        op = op.strip("{}, ")
        m = re.match(r"%q(\d+)$", op) or re.match(r"q(\d+)$", op)
        if m:
            return [2 * int(m.group(1)), 2 * int(m.group(1)) + 1]
        m = re.match(r"%e(\d+)$", op)
        if m:
            return [2 * int(m.group(1))]
        m = re.match(r"%f(\d+)$", op)
        if m:
            return [2 * int(m.group(1)) + 1]
        m = re.match(r"d(\d+)$", op)
        return [int(m.group(1))]

    for ins in code:
        mn, _, rest = ins.partition(" ")
        if mn in ("veor", "vand", "vmvn", "vmov"):
            ops = [x.strip() for x in rest.split(",")]
            dst = dregs(ops[0])
            srcs = [dregs(o) for o in ops[1:]]
            for h in range(len(dst)):
                vals = [d[x[h]] for x in srcs]
                if mn == "veor":
                    v = vals[0] ^ vals[1]
                elif mn == "vand":
                    v = vals[0] & vals[1]
                elif mn == "vmvn":
                    v = ~vals[0] & (2**64 - 1)
                else:
                    v = vals[0]
                d[dst[h]] = v
        elif mn in ("vrev32.16", "vshl.i32", "vsri.32"):
            ops = [x.strip() for x in rest.split(",")]
            dst, a = dregs(ops[0]), dregs(ops[1])
            m32 = 2**32 - 1
            for h in range(len(dst)):
                w = [(d[a[h]] >> 32 * i) & m32 for i in range(2)]
                old = [(d[dst[h]] >> 32 * i) & m32 for i in range(2)]
                if mn == "vrev32.16":
                    w = [((x >> 16) | (x << 16)) & m32 for x in w]
                elif mn == "vshl.i32":
                    n = int(ops[2][1:])
                    w = [(x << n) & m32 for x in w]
                else:
                    n = int(ops[2][1:])
                    keep = (m32 << (32 - n)) & m32
                    w = [(o & keep) | (x >> n) for o, x in zip(old, w)]
                d[dst[h]] = w[0] | (w[1] << 32)
        elif mn == "vext.8":
            ops = [x.strip() for x in rest.split(",")]
            dst, a, b = dregs(ops[0]), dregs(ops[1]), dregs(ops[2])
            cat = b"".join(d[x].to_bytes(8, "little") for x in a + b)
            imm = int(ops[3][1:])
            res = cat[imm:imm + 8 * len(dst)]
            for h, x in enumerate(dst):
                d[x] = int.from_bytes(res[8 * h:8 * h + 8], "little")
        elif mn == "vtbl.8":
            dst, rest2 = rest.split(",", 1)
            tbl, idx = rest2.rsplit(",", 1)
            t = []
            for x in tbl.strip(" {}").split(","):
                t += list(d[dregs(x)[0]].to_bytes(8, "little"))
            ix = d[dregs(idx)[0]].to_bytes(8, "little")
            d[dregs(dst)[0]] = int.from_bytes(
                bytes(t[i] if i < len(t) else 0 for i in ix), "little")
        elif mn in ("vld1.64", "vld1.8", "vst1.64"):
            lst, addr = rest.split("}", 1)
            regs = []
            for x in lst.strip(" {").split(","):
                regs += dregs(x)
            base = re.search(r"%\[(\w+)\]", addr).group(1)
            a = gpr[base]
            for i, r in enumerate(regs):
                if mn == "vst1.64":
                    mem[a + 8 * i] = d[r]
                else:
                    d[r] = mem[a + 8 * i]
            if addr.strip().endswith("!"):
                gpr[base] = a + 8 * len(regs)
        elif mn == "add":
            ops = [x.strip() for x in rest.split(",")]
            gpr[re.search(r"%\[(\w+)\]", ops[0]).group(1)] = (
                gpr[re.search(r"%\[(\w+)\]", ops[1]).group(1)] + int(ops[2][1:]))
        else:
            raise SystemExit("simulate: " + ins)


def checked_schedule(code):
    new, cycles = list_schedule(code)
    for seed in range(3):
        assert simulate(code, seed) == simulate(new, seed), "scheduling changed the result"
    return new, cycles


SBOX_CODE = {}


def emit_shift_mix():
    """ShiftRows, MixColumns and AddRoundKey (the round key's eight planes
    read in order through %[k], which ends 128 bytes further), plane by plane, each plane's result back
    in its own operand register.

    d16:d17 hold the round's ShiftRows index (%[idx], 16 bytes a round,
    post-incremented: the first round's may fold in another lane
    permutation of the planes, bsaes_neon_arm.h): s = SR(a) is one
    shuffle of the plane (two VTBL.8), r1 = rot1(s) (lane p <- p+4) a
    VEXT.8 of s by 4 bytes. With t = s ^ r1,
    out_j = xtime(t)_j ^ r1_j ^ rot2(t_j) ^ key_j, xtime(t)_j = t_{j-1}
    (t_{-1} = t_7) plus t_7 for j = 1, 3, 4; rot2 (lane p <- p+8) is the
    swap of t's D halves, folded into two D-register VEORs. Software
    pipelined for an in-order NEON pipe: the shuffles of plane j+1 issue
    while plane j's XOR chain waits; s/t rotate through q12, q14, q10 (t_j
    must outlive plane j+1's shuffles), r1 through q13, q15, t_7 in q11 and
    r1_7 in q9 (used again by plane 7 at the end). Once its shuffles are
    issued, plane j's own register takes its round key plane.

    Why VEXT for r1 (it was a second VTBL.8 pair from a second index): on
    the Cortex-A9 model (llvm-mca-14) a VEXT.8 of a Q register issues in
    two cycles, as two VTBL.8 do, but under QEMU's TCG (the emulated
    armv7 target) every VTBL.8 is a call to a helper that loops over the
    eight index bytes (neon_tbl, ~10-20 ns each), while VEXT is inline
    code (~1 ns): 16 VTBL.8 a round instead of 34."""
    A = ["q12", "q14", "q10"]
    B = ["q13", "q15"]

    def d(q, half):
        return "d%d" % (2 * int(q[1:]) + half)

    def shuf(j, sdst, rdst):
        return ["vtbl.8 %s, {%%e%d, %%f%d}, d16" % (d(sdst, 0), j, j),
                "vtbl.8 %s, {%%e%d, %%f%d}, d17" % (d(sdst, 1), j, j),
                "vext.8 %s, %s, %s, #4" % (rdst, sdst, sdst)]

    code = ["vld1.8 {d16, d17}, [%[idx]]!"]
    code += shuf(7, "q10", "q9")
    code += shuf(0, A[0], B[0])
    code += ["veor q11, q10, q9"]
    for j in range(7):
        S, R = A[j % 3], B[j % 2]
        prev = "q11" if j == 0 else A[(j - 1) % 3]
        # t_j into s's register, r1 ^ t_{j-1} (^ t_7) into r1's, the
        # next plane's shuffles while those complete, rot2(t_j) into r1's
        # D halves, and the sum onto the key plane in plane j's register.
        code += ["vld1.8 {%%e%d, %%f%d}, [%%[k]]!" % (j, j),
                 "veor %s, %s, %s" % (S, S, R),
                 "veor %s, %s, %s" % (R, R, prev)]
        if j in (1, 3, 4):
            code.append("veor %s, %s, q11" % (R, R))
        if j < 6:
            code += shuf(j + 1, A[(j + 1) % 3], B[(j + 1) % 2])
        code += ["veor %s, %s, %s" % (d(R, 0), d(R, 0), d(S, 1)),
                 "veor %s, %s, %s" % (d(R, 1), d(R, 1), d(S, 0)),
                 "veor %%q%d, %%q%d, %s" % (j, j, R)]
    code += ["vld1.8 {%e7, %f7}, [%[k]]!",
             "veor q9, q9, %s" % A[6 % 3],
             "veor d18, d18, d23", "veor d19, d19, d22",
             "veor %q7, %q7, q9"]
    if SCHED:
        code, _ = checked_schedule(code)
    # The full rounds as one loop: %[n] rounds (at least one) of SubBytes,
    # ShiftRows, MixColumns, AddRoundKey, the planes never leaving q0..q7.
    # (The label starts a line of its own, as bench/mca.sh finds loops.)
    body = SBOX_CODE["CTCRYPTO_BSAES_ARM_SBOX"] + code
    if SCHED:
        body, _ = checked_schedule(body)
    loop = body + ["subs %[n], %[n], #1", "bne .Lbsaes_arm_round%="]
    print("// Full rounds: %d instructions a round; q8..q15 clobbered."
          % len(loop))
    print("#define CTCRYPTO_BSAES_ARM_ROUNDS \\")
    print('  "\\n.Lbsaes_arm_round%=:\\n\\t" \\')
    for ins in loop:
        print('  "%s\\n\\t" \\' % ins)
    print("")
    return code


# ---------------------------------------------------------------------------
# Fixslicing (Adomnicai and Peyrin, "Fixslicing AES-like Ciphers", TCHES
# 2021/1), as far as it pays on ARMv7: the CTR rounds 1 .. Nr-1 skip
# ShiftRows (two VTBL.8 a plane, each a helper call under QEMU's TCG)
# and leave the planes' lanes in "frame" f = round mod 4, i.e.
# stored lane p holds the true state's lane pi_f(p), pi_f = SR^-f (SR the
# ShiftRows index, lane 4r + c <- 4r + (c + r) mod 4). SubBytes and
# AddRoundKey act lane by lane (the round key is stored in the same frame,
# bsaes_neon_arm.h); MixColumns needs, for each lane, the lanes of the
# same true column one and two rows down: in frame f that is the lane one
# row down (VEXT.8 by 4 bytes) then f bytes along the 32-bit row word,
# i.e. r1 = ROTW_f(rot1(s)), and rot2(t) = ROTW_2f(rot2(t)), ROTW_b
# rotating each 32-bit word by b bytes: nothing for f = 0, VREV32.16 of
# r1 for f = 2, and for f odd a VSHL.I32/VSRI.32 pair on r1 and a
# VREV32.16 of t for rot2. The direction of the odd rotations is the one
# that check_fixsliced (below) confirms against the ShiftRows round.
# On the Cortex-A9 the frames 0, 1, 2, 3 cost 0, 3, 1 and 3 NEON
# operations a plane besides the VEXT, 7 over four rounds instead of
# ShiftRows' 8 VTBL.8 (llvm-mca cortex-a9: 812 cycles for the loop of four
# rounds as emitted, without the affine constant; 209 for a ShiftRows
# round of CTCRYPTO_BSAES_ARM_ROUNDS, with it); under TCG they are inline
# code.

SR = [0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14]  # kShiftRows


def frame_perm(f):
    """pi_f as an index list: stored[p] = true[pi[p]]."""
    inv = [0] * 16
    for p in range(16):
        inv[SR[p]] = p
    pi = list(range(16))
    for _ in range(f % 4):
        pi = [inv[x] for x in pi]
    return pi


def mix_fixsliced(f, rot_left):
    """MixColumns and AddRoundKey (keys through %[k], 128 bytes) of a round
    without ShiftRows in frame f, plane by plane. ROTW_f commutes with the
    rotation of whole words, so r1 = rot1(ROTW_f(s)) is built in r1's own
    register; plane j's register, free once t_j = s ^ r1 is formed, takes
    the odd frames' VREV32.16 of t_j (the rot2 source) and then the key.
    t_j rotates through q12, q14, q10 (it is t_{j-1} for plane j+1), r1
    through q13, q15, q8; t_7 is in q11 and r1_7 ^ rot2(t_7) in q9 (plane
    7 ends the round)."""
    A = ["q12", "q14", "q10"]
    B = ["q13", "q15", "q8"]

    def d(q, half):
        return "d%d" % (2 * int(q[1:]) + half)

    def r1(src, dst):
        code = []
        if f % 2:
            sh = (8, 24) if rot_left else (24, 8)
            code += ["vshl.i32 %s, %s, #%d" % (dst, src, sh[0]),
                     "vsri.32 %s, %s, #%d" % (dst, src, sh[1])]
            src = dst
        elif f == 2:
            code.append("vrev32.16 %s, %s" % (dst, src))
            src = dst
        return code + ["vext.8 %s, %s, %s, #4" % (dst, src, src)]

    def rot2_src(t, free):
        if f % 2:
            return ["vrev32.16 %s, %s" % (free, t)], free
        return [], t

    c2, src = rot2_src("q11", "%q7")
    code = r1("%q7", "q9") + ["veor q11, %q7, q9"] + c2 + [
        "veor d18, d18, %s" % d(src, 1) if not src.startswith("%") else
        "veor d18, d18, %f7",
        "veor d19, d19, %s" % d(src, 0) if not src.startswith("%") else
        "veor d19, d19, %e7"]
    for j in range(7):
        S, R = A[j % 3], B[j % 3]
        prev = "q11" if j == 0 else A[(j - 1) % 3]
        code += r1("%%q%d" % j, R)
        code += ["veor %s, %%q%d, %s" % (S, j, R),
                 "veor %s, %s, %s" % (R, R, prev)]
        if j in (1, 3, 4):
            code.append("veor %s, %s, q11" % (R, R))
        c2, src = rot2_src(S, "%%q%d" % j)
        code += c2
        if src.startswith("%"):
            lo, hi = "%%e%d" % j, "%%f%d" % j
        else:
            lo, hi = d(src, 0), d(src, 1)
        code += ["veor %s, %s, %s" % (d(R, 0), d(R, 0), hi),
                 "veor %s, %s, %s" % (d(R, 1), d(R, 1), lo),
                 "vld1.8 {%%e%d, %%f%d}, [%%[k]]!" % (j, j),
                 "veor %%q%d, %%q%d, %s" % (j, j, R)]
    code += ["vld1.8 {%e7, %f7}, [%[k]]!",
             "veor q9, q9, %s" % A[6 % 3],
             "veor %q7, %q7, q9"]
    return code


def check_fixsliced(ref_body, fs_body, f, seed):
    """ref_body (the ShiftRows round) on random planes X and key K against
    fs_body on X and K in frame f - 1 and f: equal when fs_body's output is
    the reference's in frame f."""
    import random
    rnd = random.Random(seed)

    def planes_to_bytes(d, base):
        return [list(d[base + 2 * j].to_bytes(8, "little") +
                     d[base + 2 * j + 1].to_bytes(8, "little")) for j in range(8)]

    def to_d(pl):
        out = []
        for b in pl:
            out += [int.from_bytes(bytes(b[:8]), "little"),
                    int.from_bytes(bytes(b[8:]), "little")]
        return out

    def perm(pl, pi):
        return [[b[pi[p]] for p in range(16)] for b in pl]

    X = [[rnd.randrange(256) for _ in range(16)] for _ in range(8)]
    K = [[rnd.randrange(256) for _ in range(16)] for _ in range(8)]

    def go(code, planes, key, idx):
        d = to_d(planes) + [rnd.getrandbits(64) for _ in range(16)]
        mem = {}
        kd = to_d(key)
        for i, w in enumerate(kd):
            mem[0x2000 + 8 * i] = w
        mem[0x3000] = int.from_bytes(bytes(idx[:8]), "little")
        mem[0x3008] = int.from_bytes(bytes(idx[8:]), "little")
        run(code, d, mem, {"s": 0x1000, "k": 0x2000, "idx": 0x3000, "t": 0})
        return planes_to_bytes(d, 0)

    ref = go(ref_body, X, K, SR)
    got = go(fs_body, perm(X, frame_perm(f - 1)), perm(K, frame_perm(f)), SR)
    return got == perm(ref, frame_perm(f))


def emit_fixsliced(mix_sr):
    """CTCRYPTO_BSAES_ARM_ROUNDS_FS: %[n] >= 1 full rounds without
    ShiftRows on planes in frame 0, the rounds ending in frames 1, 2, 3,
    0, 1, ... (a loop of four rounds with an exit after each). Each is
    checked against the ShiftRows round (mix_sr, emit_shift_mix's). The S-box is the one without the affine constant: SubBytes'
    constant 0x63 in every byte goes through ShiftRows and MixColumns
    unchanged (MixColumns of a column of four equal bytes c is c, as
    2 + 3 + 1 + 1 = 1), so it is folded into the round keys, complemented
    in the planes CTCRYPTO_BSAES_ARM_SBOX_AFFINE_PLANES (aes_bsaes_arm.cc:
    transpose_keys)."""
    sbox = SBOX_CODE["CTCRYPTO_BSAES_ARM_SBOX_LINEAR"]
    ref_body = sbox + mix_sr
    if SCHED:
        ref_body, _ = checked_schedule(ref_body)
    bodies = {}
    for f in (1, 2, 3, 0):
        for rot_left in (False, True):
            mix = mix_fixsliced(f, rot_left)
            if SCHED:
                mix, _ = checked_schedule(mix)
            body = sbox + mix
            if SCHED:
                body, _ = checked_schedule(body)
            if all(check_fixsliced(ref_body, body, f, s) for s in range(3)):
                bodies[f] = body
                break
        assert f in bodies, "no fixsliced MixColumns for frame %d" % f
    planes = sorted(int(d[1:]) for d, _, _, _, x in gates if x)
    print("// The planes that SubBytes' affine constant complements.")
    print("#define CTCRYPTO_BSAES_ARM_SBOX_AFFINE_PLANES {%s}"
          % ", ".join(map(str, planes)))
    loop = []
    for f in (1, 2, 3):
        loop += bodies[f] + ["subs %[n], %[n], #1", "beq .Lbsaes_fs_end%="]
    loop += bodies[0] + ["subs %[n], %[n], #1", "bne .Lbsaes_fs_loop%="]
    print("// Fixsliced full rounds without the affine constant: a loop of four")
    print("// rounds in frames 1, 2, 3, 0 (%d, %d, %d, %d instructions);"
          % tuple(len(bodies[f]) + 2 for f in (1, 2, 3, 0)))
    print("// q8..q15 clobbered.")
    print("#define CTCRYPTO_BSAES_ARM_ROUNDS_FS \\")
    print('  "\\n.Lbsaes_fs_loop%=:\\n\\t" \\')
    for ins in loop:
        print('  "%s\\n\\t" \\' % ins)
    print('  "\\n.Lbsaes_fs_end%=:\\n\\t" \\')
    print("")


print("// Generated by crypto/aes/bsaes_neon_arm_sbox_gen.py from the circuit in")
print("// bitsliced_sbox.h; do not edit. Operands: %0..%7 the planes q[0..7]")
print("// (in and out), %[s] the 16-byte-aligned scratch area, %[t] a scratch GPR;")
print("// q8..q15 are clobbered. CTCRYPTO_BSAES_ARM_ROUNDS also reads %[idx]")
print("// (one ShiftRows index of 16 bytes a round, advanced) and the round")
print("// keys from %[k] on (advanced 128 bytes a round), and counts %[n] rounds")
print("// down to zero. CTCRYPTO_BSAES_ARM_ROUNDS_FS reads the round keys,")
print("// each in its round's frame and with SubBytes' constant, from %[k].")
emit("CTCRYPTO_BSAES_ARM_SBOX", True)
emit("CTCRYPTO_BSAES_ARM_SBOX_LINEAR", False)
print("// InvSubBytes: NOTs of the planes of this mask (the caller), then")
print("// CTCRYPTO_BSAES_ARM_INV_SBOX (A' folded into the circuit).")
print("#define CTCRYPTO_BSAES_ARM_INV_SBOX_NOT 0x%02x" % INV_NOT)
emit("CTCRYPTO_BSAES_ARM_INV_SBOX", False, INV_GATES, INV_ORDER_SEED)
emit_fixsliced(emit_shift_mix())
