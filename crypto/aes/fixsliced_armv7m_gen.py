#!/usr/bin/env python3
"""Generates fixsliced_armv7m.inc: the fixsliced AES encryption of
aes_nohw32.cc (two blocks in eight 32-bit bit planes) as one Thumb-2
function with two entries for ARMv7-M / ARMv7E-M / ARMv8-M Mainline, with
registers allocated here instead of by the compiler:

  void ctc_aes_fixsliced_v7m_encrypt(uint32_t q[8], const uint8_t* rk,
                                     unsigned nr, unsigned sr2);
  void ctc_aes_fixsliced_v7m_ctr32(const FixslicedCtrArgs* args);

The first runs fixsliced_rounds.h's encrypt_batch: AddRoundKey 0, the
middle rounds 1 .. nr-1 (S-box, fixsliced MixColumns at lag r mod 4,
AddRoundKey), the last round (S-box, AddRoundKey nr) and, where sr2 is
not zero, SR^2 on the planes q[0..7] in place, reading the round keys of
aes_nohw32.cc's schedule (rk: nr + 1 keys of 8 words, each at its lag);
sr2 = 1 for AES-128/256, which end at lag 2. The second is aes_nohw32.cc's
CTR loop of 2-block batches (its FixslicedCtrArgs: the fixed counter
columns transposed with round key 0 and the rounds' complement added, the
schedule, the data, the 32-bit counter, the batch count): per batch the
two counter words into the planes, the same rounds, the transposition
back to columns, SR^2 on the columns (12 instructions instead of 32) and
the XOR of the data, the planes in registers throughout.

Why (issue 29): GCC 12 keeps the ~20 values live at the widest point of the
S-box in 13 registers by spilling through the stack, about a quarter of
the round. Here, as crypto/aes/bsaes_neon_arm_sbox_gen.py does for ARMv7
NEON:
  - the gate list is Boyar and Peralta's 115-gate circuit (SEA 2010;
    bitsliced_sbox_compact.txt, read by
    bitsliced_sbox_gates.read_compact_gates(), which checks it against
    bitsliced_sbox.h's audited, as-printed depth-16 circuit on all 256
    inputs on every run, so the two cannot disagree): on this
    single-issue core a gate is a cycle whatever the depth, and its depth
    28 costs nothing; 115 gates a round instead of the printed 128 (or
    119 with bitsliced_sbox_linear.txt's smaller linear layers, which the
    generator took before);
  - MixColumns is fixsliced_rounds.h / aes_nohw32.cc's mix_columns<K>,
    with lane_rot<L, C> in three instructions and its rotation left to the
    barrel shifter of the instruction that consumes it (Thumb-2's
    "eor rd, rn, rm, ror #n" is one cycle): with u = x ^ ror(x, 8),
        lane_rot(x) = ror(x ^ (u & rol(mask, e)), e),  e = 8L + n - 8,
    and every rotated byte-periodic mask is a Thumb-2 modified immediate;
  - no NOT instructions for the circuit's four XNORs (SubBytes' affine
    constant): each value is tracked with a polarity (held complemented or
    not) and an AND of complemented operands becomes BIC or ORR
    (polarize()); MixColumns and AddRoundKey keep each plane's polarity,
    and the planes stay complemented in a fixed pattern between rounds
    (fixed_polarity(): one MVN a round instead of four);
  - a round's operations (S-box, MixColumns, AddRoundKey) are put in an
    order that keeps few values live (a ready operation that ends the
    most live ranges first, ties broken by a seeded random draw; the seed
    is the best of SEED_TRIES by the modelled Cortex-M4 cycles, cost()),
    or, where it fits the operations, the order stored in
    fixsliced_armv7m_order.txt, which `--search SECONDS` finds offline
    from that one (improve(): simulated annealing over single moves of
    operations, scored by cost() after allocation and pairing; with the
    printed circuit it took the rounds from 17 spills and 21 reloads to
    14-16 and 17-19, 5 to 9% fewer cycles), then 14 registers (r0-r12,
    lr) are allocated; a value
    that does not fit goes to a stack slot (STR/LDR sp-relative), the victim being the
    value whose next use is farthest (Belady); the planes start and end
    every round in r0-r7 (a loop of rounds needs no copies);
  - the allocated code is list-scheduled so that loads and stores follow
    each other where the dataflow allows (pair_memory(): on the Cortex-M4
    a single load after another load or store costs one cycle, not two;
    a store with an immediate offset is always one, cost());
  - every round is checked here, on random planes and keys, against a
    direct Python model of the C round (sub_bytes with the printed
    circuit, mix_columns<K>, add_round_key of aes_nohw32.cc).
The Cortex-M4 is single issue with one-cycle ALU results, so the order
within a round needs no latency scheduling beyond that pairing.

Constant time: straight-line code; the only conditional branches compare
the round-key pointer with the schedule's end (the public round count),
test the caller's sr2 or which entry ran (q = 0 or 1 in CTR mode), or compare
the data pointer with the data's end (the public length); loads and stores
are at the round-key pointer, the data pointers, the caller's q or
arguments and at fixed stack offsets.

Usage: python3 crypto/aes/fixsliced_armv7m_gen.py > crypto/aes/fixsliced_armv7m.inc
(with --search SECONDS first, after a change to the circuit or the round
operations: the order file is rewritten, SECONDS of search per block)
//tests:fixsliced_armv7m_inc_test fails when the checked-in .inc is not
this program's output.
"""
import math
import os
import random
import re
import sys
import time

# The gate list, shared with the other generators (bitsliced_sbox_gates.py,
# next to this file; declared with it in crypto/BUILD.bazel's genrules).
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bitsliced_sbox_gates import read_gates, read_compact_gates  # noqa: E402

SEED_TRIES = 64
# pair_memory: how many instructions a lone load or store may wait.
MEM_DELAY = 4
NOISE = 50
# improve(): the starting temperature of the annealing, in cycles.
SEARCH_T0 = 1.0

HERE = os.path.dirname(os.path.abspath(__file__))
ORDER_FILE = os.path.join(HERE, "fixsliced_armv7m_order.txt")
ORDER_HEADER = """\
# The operation order of each generated block of fixsliced_armv7m.inc: the
# destination value of every operation, in order. Written by
#   python3 crypto/aes/fixsliced_armv7m_gen.py --search SECONDS
# (improve(): a local search on the modelled Cortex-M4 cycles, offline,
# because it takes minutes); read by every run of the generator, which
# falls back to its seeded greedy orders where a line no longer fits the
# operations.
"""
# (dst, op, a, b, xnor); inputs in0..in7. The code is generated from the
# 115-gate circuit (read_compact_gates()) and checked against the circuit
# as printed (PRINTED, model_sbox()).
GATES = read_compact_gates("s%d")
PRINTED = read_gates("s%d")
AFFINE = sorted(int(d[1:]) for d, _, _, _, x in GATES if x)
assert AFFINE == [0, 1, 5, 6], AFFINE

M32 = 0xFFFFFFFF


def ror(x, n):
    n %= 32
    return ((x >> n) | (x << (32 - n))) & M32 if n else x


def rol(x, n):
    return ror(x, 32 - n % 32)


# ---------------------------------------------------------------------------
# Operations of a round, on named SSA values:
#   ("eor", d, a, b, r)   d = a ^ ror(b, r)
#   ("and", d, a, b, 0)   d = a & b
#   ("andi", d, a, imm)   d = a & imm
#   ("mvn", d, a)         d = ~a
#   ("ldk", d, p, off)    d = the word at p + off (a round-key word)
#   ("addi", d, a, imm)   d = a + imm
#   ("stsp", a, slot)     the value a to a fixed stack slot
#   ("cmp", a, b)         flags for the loop's branch
# Values "kp" and "end" are in fixed stack slots on entry.

def sbox_ops():
    """The circuit; an XNOR is an "eor" marked "xnor" (polarize())."""
    return [("eor", d, a, b, 0, "xnor") if x else
            ("eor" if op == "^" else "and", d, a, b, 0)
            for d, op, a, b, x in GATES]


def polarize(ops, in_pol):
    """Complement tracking instead of NOT instructions: every value v is
    held as v ^ (pol[v] ? ~0 : 0). XOR and XNOR combine polarities (a
    rotated all-ones word is all-ones); AND of complemented operands
    becomes BIC (a & ~b) or, for both, ORR with the result complemented
    (~a & ~b = ~(a | b)). The circuit's four XNORs (SubBytes' constant)
    thus cost nothing. in_pol: the planes' polarities on entry (in0..in7).
    Returns the rewritten operations and the polarity of every value."""
    pol = dict(("in%d" % j, (in_pol >> j) & 1) for j in range(8))
    for v in MEM:
        pol[v] = 0
    out = []
    for o in ops:
        k = o[0]
        if k == "eor":
            pol[o[1]] = pol[o[2]] ^ pol[o[3]] ^ (1 if o[-1] == "xnor" else 0)
            out.append(o[:5])
        elif k == "and":
            pa, pb = pol[o[2]], pol[o[3]]
            if pa == pb == 0:
                out.append(o)
            elif pa and not pb:
                out.append(("bic", o[1], o[3], o[2], 0))
            elif pb and not pa:
                out.append(("bic", o[1], o[2], o[3], 0))
            else:
                out.append(("orr", o[1], o[2], o[3], 0))
            pol[o[1]] = pa & pb
        elif k == "andi":
            assert pol[o[2]] == 0, "a masked value must not be complemented"
            pol[o[1]] = 0
            out.append(o)
        elif k in ("ldk", "addi"):
            pol[o[1]] = 0
            out.append(o)
        else:
            out.append(o)
    return out, pol


def out_pol(pol):
    return sum(pol["q%d" % j] << j for j in range(8))


class MixGen:
    def __init__(self):
        self.ops = []
        self.n = 0

    def new(self, stem):
        self.n += 1
        return "%s_%d" % (stem, self.n)

    def lane_rot(self, x, lanes, cols):
        """(value, rotation) of lane_rot<lanes, cols>(x), x at rotation 0."""
        d, n = 8 * lanes, 2 * (cols & 3)
        if n == 0:
            return (x, d % 32)
        e = d + n - 8
        mask = ((1 << (8 - n)) - 1) * 0x01010101
        u, um, w = self.new("u"), self.new("um"), self.new("w")
        self.ops += [("eor", u, x, x, 8), ("andi", um, u, rol(mask, e)),
                     ("eor", w, x, um, 0)]
        return (w, e)

    def xor(self, a, b, dst=None):
        """a, b: (value, rotation); the result at a's rotation."""
        d = dst or self.new("x")
        self.ops.append(("eor", d, a[0], b[0], (b[1] - a[1]) % 32))
        return (d, a[1])


def mix_ops(K, key_off):
    """mix_columns<K> and AddRoundKey (key words at kp + key_off) of
    aes_nohw32.cc, planes s0..s7 (the S-box's, without its constant) to
    q0..q7, the affine planes complemented."""
    g = MixGen()
    s = ["s%d" % i for i in range(8)]
    r17 = g.lane_rot(s[7], 1, K)
    t7 = g.xor((s[7], 0), r17, "t7")
    prev = t7
    for i in range(8):
        r1 = r17 if i == 7 else g.lane_rot(s[i], 1, K)
        t = t7 if i == 7 else g.xor((s[i], 0), r1, g.new("t"))
        t2 = g.xor(prev, t7) if i in (1, 3, 4) else prev
        r2 = g.lane_rot(t[0], 2, 2 * K)
        x1 = g.xor(t2, r1)
        x2 = g.xor(x1, r2)
        k = g.new("k")
        g.ops.append(("ldk", k, "kp", key_off + 4 * i))
        g.xor((k, 0), x2, "q%d" % i)
        prev = t
    return g.ops


def last_ops():
    """The last round's AddRoundKey (key words at kp + 0) after the S-box."""
    ops = []
    for i in range(8):
        ops.append(("ldk", "k%d" % i, "kp", 4 * i))
        ops.append(("eor", "q%d" % i, "k%d" % i, "s%d" % i, 0))
    return ops


def srcs(op):
    k = op[0]
    if k in ("eor", "and", "bic", "orr"):
        return [op[2], op[3]]
    if k in ("andi", "mvn", "addi"):
        return [op[2]]
    if k == "ldk":
        return [op[2]]
    if k == "stsp":
        return [op[1]]
    if k == "cmp":
        return [op[1], op[2]]
    raise ValueError(op)


def dst(op):
    return None if op[0] in ("stsp", "cmp") else op[1]


def order_ops(ops, inputs, seed):
    """Dataflow order: the ready operation that ends the most live ranges,
    ties by list order plus a seeded random draw; stsp/cmp last."""
    rnd = random.Random(seed)
    tail = [o for o in ops if o[0] in ("stsp", "cmp")]
    rest = [o for o in ops if o[0] not in ("stsp", "cmp")]
    uses = {}
    for o in ops:
        for x in srcs(o):
            uses[x] = uses.get(x, 0) + 1
    avail = set(inputs)
    out = []
    while rest:
        best = None
        for i, o in enumerate(rest):
            ss = srcs(o)
            if all(x in avail for x in ss):
                frees = sum(1 for x in set(ss) if uses[x] == ss.count(x))
                # A key load ends nothing and starts a live range: late.
                if o[0] == "ldk":
                    frees = -1
                sc = (frees, -i + NOISE * rnd.random())
                if best is None or sc > best[0]:
                    best = (sc, i)
        o = rest.pop(best[1])
        out.append(o)
        for x in srcs(o):
            uses[x] -= 1
        avail.add(dst(o))
    return out + tail


REGS = ["r%d" % i for i in range(13)] + ["lr"]
LOW = set("r%d" % i for i in range(8))


class Alloc:
    """Belady allocation of one straight-line block. Values in fixed stack
    slots (memory) are reloaded on use; a spilled value is stored once
    (SSA: its slot stays valid)."""

    def __init__(self, ops, entry, exits, mem, slot_base):
        self.ops = ops
        self.loc = dict(entry)                  # value -> reg
        self.holder = dict((r, v) for v, r in entry.items())
        self.slot = dict(mem)                   # value -> sp offset
        self.exits = exits                      # value -> reg at the end
        self.out = []
        self.spills = self.reloads = 0
        self.slot_base = slot_base
        self.nslots = 0
        self.usepos = {}
        for t, o in enumerate(ops):
            for x in srcs(o):
                self.usepos.setdefault(x, []).append(t)

    def next_use(self, v, t):
        for p in self.usepos.get(v, []):
            if p >= t:
                return p
        return 10**8 if v in self.exits else 10**9

    def free_reg(self, t, prefer=None, avoid=()):
        if prefer and prefer not in self.holder and prefer not in avoid:
            return prefer
        free = [r for r in REGS if r not in self.holder and r not in avoid]
        if free:
            # Low registers first (16-bit encodings), except those an exit
            # value wants that is not there yet.
            wanted = set(r for v, r in self.exits.items() if self.loc.get(v) != r)
            free.sort(key=lambda r: (r in wanted, r not in LOW))
            return free[0]
        cands = sorted(((self.next_use(v, t), r, v)
                        for r, v in self.holder.items() if r not in avoid), reverse=True)
        _, r, v = cands[0]
        if v not in self.slot:
            self.slot[v] = self.slot_base + 4 * self.nslots
            self.nslots += 1
            self.out.append("str %s, [sp, #%d]" % (r, self.slot[v]))
            self.spills += 1
        del self.holder[r]
        del self.loc[v]
        return r

    def fetch(self, v, t, avoid):
        if v not in self.loc:
            r = self.free_reg(t, avoid=avoid)
            self.out.append("ldr %s, [sp, #%d]" % (r, self.slot[v]))
            self.reloads += 1
            self.loc[v] = r
            self.holder[r] = v
        return self.loc[v]

    def run(self):
        for t, o in enumerate(self.ops):
            ss = srcs(o)
            regs = []
            for x in ss:
                regs.append(self.fetch(x, t, avoid=[self.loc[y] for y in ss if y in self.loc]))
            for x in set(ss):
                if self.next_use(x, t + 1) >= 10**8 and x not in self.exits:
                    del self.holder[self.loc[x]]
                    del self.loc[x]
            k = o[0]
            if k == "stsp":
                self.out.append("str %s, [sp, #%d]" % (regs[0], o[2]))
                continue
            if k == "cmp":
                self.out.append("cmp %s, %s" % (regs[0], regs[1]))
                continue
            d = o[1]
            rd = self.free_reg(t + 1, prefer=self.exits.get(d))
            self.loc[d] = rd
            self.holder[rd] = d
            self.out.append(encode(o, rd, regs))
        # Exit values into their registers: a parallel move (MOV keeps the
        # flags of the loop's CMP); a value not in a register is reloaded.
        moves = dict((r, v) for v, r in self.exits.items() if self.loc.get(v) != r)
        while moves:
            readers = set(self.loc[v] for v in moves.values() if v in self.loc)
            ready = [r for r in moves if r not in readers]
            if ready:
                r = ready[0]
                v = moves.pop(r)
                if v in self.loc:
                    self.out.append("mov %s, %s" % (r, self.loc[v]))
                else:
                    self.out.append("ldr %s, [sp, #%d]" % (r, self.slot[v]))
                    self.reloads += 1
                self.loc[v] = r
                continue
            # A cycle: through a register no pending move reads or writes.
            busy = readers | set(moves) | set(self.exits.values())
            tmp = [r for r in REGS if r not in busy][0]
            r, v = next(iter(moves.items()))
            self.out.append("mov %s, %s" % (tmp, self.loc[v]))
            self.loc[v] = tmp
        return self.out


def encode(o, rd, regs):
    k = o[0]
    if k in ("eor", "and", "bic", "orr"):
        ra, rb = regs
        sh = o[4]
        if sh:
            return "%s %s, %s, %s, ror #%d" % (k, rd, ra, rb, sh)
        if rd == rb and k in ("eor", "and", "orr"):
            ra, rb = rb, ra
        if rd == ra and rd in LOW and rb in LOW:
            return "%ss %s, %s, %s" % (k, rd, ra, rb)
        return "%s %s, %s, %s" % (k, rd, ra, rb)
    if k == "andi":
        return "and %s, %s, #0x%08x" % (rd, regs[0], o[3])
    if k == "mvn":
        if rd in LOW and regs[0] in LOW:
            return "mvns %s, %s" % (rd, regs[0])
        return "mvn %s, %s" % (rd, regs[0])
    if k == "ldk":
        return "ldr %s, [%s, #%d]" % (rd, regs[0], o[3])
    if k == "addi":
        return "add %s, %s, #%d" % (rd, regs[0], o[3])
    raise ValueError(o)


# Stack frame (after push {r4-r11, lr}): fixed slots, then spill slots.
SLOT_Q, SLOT_KP, SLOT_END, SLOT_SR2 = 0, 4, 8, 12
SPILL_BASE = 16


ENTRY = dict(("in%d" % j, "r%d" % j) for j in range(8))
EXITS = dict(("q%d" % j, "r%d" % j) for j in range(8))
MEM = {"kp": SLOT_KP, "end": SLOT_END}


def allocate(order):
    a = Alloc(order, ENTRY, EXITS, MEM, SPILL_BASE)
    code = a.run()
    return code, a.spills, a.reloads, a.nslots


def block(ops, inputs, seed):
    return allocate(order_ops(ops, list(ENTRY) + list(MEM), seed))


def round_ops_raw(K, last):
    ops = sbox_ops()
    if last:
        ops += last_ops()
    else:
        ops += mix_ops(K, 0)
        ops += [("addi", "kp2", "kp", 32), ("stsp", "kp2", SLOT_KP)]
        # The middle rounds end with round nr - 1 = 9, 11 or 13, at lag 1
        # or 3: only those rounds test for the end (the lag 2 and lag 0
        # rounds need neither the compare nor the load of the end).
        if K % 2:
            ops.append(("cmp", "kp2", "end"))
    return ops


def fixed_polarity():
    """The planes' polarities at round boundaries: a pattern P that every
    round, the loop and the last round agree on. A round maps P to the
    S-box's output polarities f(P) (MixColumns and AddRoundKey keep each
    plane's polarity); no P has f(P) = P, so P is one with the fewest
    planes of f(P) ^ P (one), each complemented back with an MVN at the
    round's end, instead of the four of SubBytes' constant. The planes are
    complemented after AddRoundKey 0 (in CTR mode, with the fixed counter
    columns, by the caller), and the last round complements the planes of
    f(P) to end with none complemented (round_ops())."""
    cands = []
    for p in range(256):
        f = [out_pol(polarize(round_ops_raw(K, last), p)[1])
             for K, last in ((1, False), (0, True))]
        assert f[0] == f[1]
        cands.append((bin(f[0] ^ p).count("1"), bin(p).count("1"), p))
    return min(cands)[2]


POL = None


def round_ops(K, last):
    global POL
    if POL is None:
        POL = fixed_polarity()
    ops, pol = polarize(round_ops_raw(K, last), POL)
    # The middle rounds end at POL, the last round at no complement.
    fix = out_pol(pol) ^ (0 if last else POL)
    out = []
    for o in ops:
        if dst(o) is not None and dst(o).startswith("q") and (fix >> int(dst(o)[1:])) & 1:
            o = (o[0], "y" + o[1][1:]) + tuple(o[2:])
        out.append(o)
    for j in range(8):
        if (fix >> j) & 1:
            out.append(("mvn", "q%d" % j, "y%d" % j))
    return out


def is_mem(ins):
    return ins.startswith(("ldr", "str"))


def cost(code):
    """Cortex-M4 cycles (TRM, as bench/mcu/trace_cycles.py counts them):
    one per instruction; a single load two unless it follows a single load
    or store (their address and data phases pipeline); a store with an
    immediate offset (all of ours) one ("STR Rx,[Ry,#imm] is always one
    cycle": its data phase overlaps the next instruction)."""
    c, prev = 0, False
    for ins in code:
        m = is_mem(ins)
        c += 1 if (not m or prev or ins.startswith("str")) else 2
        prev = m
    return c


FLAG_SETTERS = ("eors", "ands", "mvns", "bics", "orrs")


def effects(ins):
    """(reads, writes) of one emitted instruction: registers, stack slots
    ("S<offset>"), round-key memory ("K") and the flags."""
    mn, _, rest = ins.partition(" ")
    ops = [x.strip() for x in re.split(r",(?![^\[]*\])", rest)]
    if mn in ("ldr", "str"):
        m = re.match(r"\[(\w+), #(\d+)\]", ops[1])
        loc = ("S%s" % m.group(2)) if m.group(1) == "sp" else "K"
        if mn == "ldr":
            return {m.group(1), loc}, {ops[0]}
        return {m.group(1), ops[0]}, {loc}
    if mn == "cmp":
        return set(ops), {"CMP"}
    rd = {ops[0]}
    rs = set(o for o in ops[1:] if re.match(r"^(r\d+|lr)$", o))
    if mn in FLAG_SETTERS:
        rd.add("FLAGS")
    return rs, rd


def pair_memory(code):
    """List scheduling of an allocated block for the Cortex-M4: the same
    dataflow (register, stack-slot and key-memory dependencies kept), a
    load or store put right after another where one is ready, so their
    address phases pipeline. The loop's CMP stays after every
    flag-setting instruction; the register copies after it stay after it."""
    n = len(code)
    eff = [effects(c) for c in code]
    preds = [set() for _ in range(n)]
    last_w, readers = {}, {}
    flag_setters = []
    for i, (rd, wr) in enumerate(eff):
        for r in rd:
            if r in last_w:
                preds[i].add(last_w[r])
        for r in wr:
            if r == "FLAGS":
                continue
            if r in last_w:
                preds[i].add(last_w[r])
            for j in readers.get(r, []):
                preds[i].add(j)
        if "CMP" in wr:
            preds[i] |= set(flag_setters)
            cmp_at = i
        if "FLAGS" in wr:
            flag_setters.append(i)
            if "CMP" in last_w:
                preds[i].add(last_w["CMP"])
        for r in rd:
            readers.setdefault(r, []).append(i)
        for r in wr:
            if r == "FLAGS":
                continue
            last_w[r] = i
            readers[r] = []
    # Whatever follows the CMP (copies) stays after it.
    if "CMP" in last_w:
        c = last_w["CMP"]
        for i in range(c + 1, n):
            preds[i].add(c)
    npred = [len(p) for p in preds]
    succs = [[] for _ in range(n)]
    for i in range(n):
        for j in preds[i]:
            succs[j].append(i)
    ready = set(i for i in range(n) if npred[i] == 0)
    out = []
    prev_mem = False
    waited = 0
    while ready:
        cands = sorted(ready)
        pick = cands[0]
        mem = [i for i in cands if is_mem(code[i])]
        alu = [i for i in cands if not is_mem(code[i])]
        if prev_mem and mem:
            pick = mem[0]
        elif len(mem) == 1 and alu and is_mem(code[pick]) and waited < MEM_DELAY:
            # A lone load or store waits a little for a partner.
            pick = alu[0]
            waited += 1
        if is_mem(code[pick]):
            waited = 0
        ready.discard(pick)
        out.append(code[pick])
        prev_mem = is_mem(code[pick])
        for k in succs[pick]:
            npred[k] -= 1
            if npred[k] == 0:
                ready.add(k)
    assert len(out) == n
    return out


def evaluate(order):
    """(cost key, code, spills, reloads, slots) of one operation order."""
    code, sp, rl, ns = allocate(order)
    code = pair_memory(code)
    return (cost(code), len(code)), code, sp, rl, ns


def split_tail(order):
    n = sum(1 for o in order if o[0] in ("stsp", "cmp"))
    return order[:len(order) - n], order[len(order) - n:]


def stored_order(ops, names):
    """ops in the order of the stored destination names, or None when the
    names do not fit the operations (the circuit or MixColumns changed) or
    break the dataflow."""
    body, tail = split_tail(order_ops(ops, list(ENTRY) + list(MEM), 0))
    by_dst = dict((dst(o), o) for o in body)
    if names is None or sorted(names) != sorted(by_dst):
        return None
    avail = set(ENTRY) | set(MEM)
    out = []
    for n in names:
        o = by_dst[n]
        if not all(x in avail for x in srcs(o)):
            return None
        avail.add(n)
        out.append(o)
    return out + tail


def improve(order, seconds, rnd):
    """Local search on an order (--search): move one operation to another
    place its dataflow allows (after the producers of its operands, before
    the first reader of its result); a move that does not add modelled
    cycles is kept, one that adds d of them with probability exp(-d / T),
    T falling from SEARCH_T0 to 0 over the time given (simulated
    annealing), and the best order seen is returned."""
    body, tail = split_tail(order)
    cur = evaluate(body + tail)[0]
    best = (cur, body)
    start = time.time()
    while True:
        left = 1 - (time.time() - start) / seconds
        if left <= 0:
            break
        temp = SEARCH_T0 * left
        i = rnd.randrange(len(body))
        o = body[i]
        lo = 0
        for j in range(i - 1, -1, -1):
            if dst(body[j]) in srcs(o):
                lo = j + 1
                break
        hi = len(body) - 1
        for j in range(i + 1, len(body)):
            if dst(o) in srcs(body[j]):
                hi = j - 1
                break
        k = rnd.randint(lo, hi) if hi > lo else i
        if k == i:
            continue
        nb = body[:i] + body[i + 1:]
        nb.insert(k, o)
        c = evaluate(nb + tail)[0]
        if c <= cur or rnd.random() < math.exp((cur[0] - c[0]) / temp):
            body, cur = nb, c
            if c < best[0]:
                best = (c, body)
    return best[1] + tail


def best_block(K, last, name, orders, search):
    """The block's code from the stored order (ORDER_FILE) when it fits,
    else from the best of SEED_TRIES seeded greedy orders; with --search
    SECONDS, that order improved by improve()."""
    ops = round_ops(K, last)
    order = stored_order(ops, orders.get(name))
    how = "stored order"
    if order is None:
        if orders:
            sys.stderr.write("%s: the stored order does not fit; seeded orders\n" % name)
        best = None
        for seed in range(SEED_TRIES):
            o = order_ops(ops, list(ENTRY) + list(MEM), seed)
            key = evaluate(o)[0]
            if best is None or key < best[0]:
                best = (key, seed, o)
        order, how = best[2], "seed %d" % best[1]
    if search:
        order = improve(order, search, random.Random(name))
        how = "stored order"
    key, code, sp, rl, ns = evaluate(order)
    return key, how, code, sp, rl, ns, [dst(o) for o in split_tail(order)[0]]


def read_orders():
    orders = {}
    if os.path.exists(ORDER_FILE):
        for line in open(ORDER_FILE):
            if line.strip() and not line.startswith("#"):
                name, _, rest = line.partition(":")
                orders[name.strip()] = rest.split()
    return orders


# ---------------------------------------------------------------------------
# Check: the emitted code on random planes and keys against a model of the
# C round.

def run_code(code, regs, mem):
    for ins in code:
        mn, _, rest = ins.partition(" ")
        ops = [x.strip() for x in re.split(r",(?![^\[]*\])", rest)]
        base = mn[:-1] if mn.endswith("s") and mn[:-1] in ("eor", "and", "mvn", "bic", "orr") else mn
        if base in ("eor", "and", "bic", "orr"):
            if ops[2].startswith("#"):
                b = int(ops[2][1:], 16)
            else:
                b = regs[ops[2]]
                if len(ops) == 4:
                    b = ror(b, int(ops[3].split("#")[1]))
            a = regs[ops[1]]
            regs[ops[0]] = {"eor": a ^ b, "and": a & b, "orr": a | b,
                            "bic": a & ~b & M32}[base]
        elif base == "mvn":
            regs[ops[0]] = ~regs[ops[1]] & M32
        elif base in ("ldr", "str"):
            m = re.match(r"\[(\w+), #(\d+)\]", ops[1])
            addr = regs[m.group(1)] + int(m.group(2))
            if base == "ldr":
                regs[ops[0]] = mem[addr]
            else:
                mem[addr] = regs[ops[0]]
        elif base == "add":
            regs[ops[0]] = (regs[ops[1]] + int(ops[2][1:])) & M32
        elif base == "mov":
            regs[ops[0]] = regs[ops[1]]
        elif base == "cmp":
            regs["Z"] = regs[ops[0]] == regs[ops[1]]
        else:
            raise SystemExit("run_code: " + ins)


def model_sbox(q):
    v = dict(("in%d" % j, q[j]) for j in range(8))
    for d, op, a, b, x in PRINTED:
        r = (v[a] ^ v[b]) if op == "^" else (v[a] & v[b])
        if x:
            r ^= M32
        v[d] = r
    return [v["s%d" % j] for j in range(8)]


def model_lane_rot(x, lanes, cols):
    d, n = 8 * lanes, 2 * (cols & 3)
    if n == 0:
        return ror(x, d)
    low = (1 << (8 - n)) - 1
    mask = low * 0x01010101
    a, b = ror(x, d + n), ror(x, d + n - 8)
    return b ^ ((a ^ b) & mask)


def model_mix(q, K):
    q = list(q)
    t7 = q[7] ^ model_lane_rot(q[7], 1, K)
    prev = t7
    for i in range(8):
        r1 = model_lane_rot(q[i], 1, K)
        t = t7 if i == 7 else q[i] ^ r1
        t2 = prev ^ t7 if i in (1, 3, 4) else prev
        q[i] = t2 ^ r1 ^ model_lane_rot(t, 2, 2 * K)
        prev = t
    return q


def check(code, K, last, seed):
    rnd = random.Random(seed)
    q = [rnd.getrandbits(32) for _ in range(8)]
    key = [rnd.getrandbits(32) for _ in range(8)]
    regs = dict((r, rnd.getrandbits(32)) for r in REGS)
    regs["sp"] = 0x1000
    pmask = [M32 if (POL >> j) & 1 else 0 for j in range(8)]
    for j in range(8):
        regs["r%d" % j] = q[j] ^ pmask[j]
    mem = {}
    kp = 0x2000
    for j in range(8):
        mem[kp + 4 * j] = key[j]
    mem[0x1000 + SLOT_KP] = kp
    mem[0x1000 + SLOT_END] = kp + 32
    run_code(code, regs, mem)
    want = model_sbox(q)
    if not last:
        want = model_mix(want, K)
    if last:
        pmask = [0] * 8  # the last round ends uncomplemented
    want = [w ^ k ^ m for w, k, m in zip(want, key, pmask)]
    got = [regs["r%d" % j] for j in range(8)]
    ok = got == want
    if not last:
        ok = ok and mem[0x1000 + SLOT_KP] == kp + 32
        if K % 2:
            ok = ok and regs["Z"]
    return ok


def main():
    search = 0.0
    if len(sys.argv) == 3 and sys.argv[1] == "--search":
        search = float(sys.argv[2])
    elif len(sys.argv) != 1:
        raise SystemExit("usage: fixsliced_armv7m_gen.py [--search SECONDS]")
    orders = read_orders()
    out = []
    stats = []
    blocks = {}
    found = {}
    for K in (1, 2, 3, 0):
        name = "lag%d" % K
        key, how, code, sp, rl, ns, found[name] = best_block(K, False, name, orders, search)
        for s in range(4):
            assert check(code, K, False, s), "round K=%d does not match the model" % K
        blocks[K] = code
        stats.append("lag %d: %d instructions, %d cycles (Cortex-M4), %d spills, %d reloads (%s)"
                     % (K, len(code), cost(code), sp, rl, how))
    key, how, code, sp, rl, ns, found["last"] = best_block(0, True, "last", orders, search)
    for s in range(4):
        assert check(code, 0, True, s), "last round does not match the model"
    blocks["last"] = code
    stats.append("last: %d instructions, %d cycles (Cortex-M4), %d spills, %d reloads (%s)"
                 % (len(code), cost(code), sp, rl, how))
    if search:
        with open(ORDER_FILE, "w") as f:
            f.write(ORDER_HEADER)
            for name in ("lag1", "lag2", "lag3", "lag0", "last"):
                f.write("%s: %s\n" % (name, " ".join(found[name])))
    maxslots = 0
    for c in blocks.values():
        for ins in c:
            m = re.search(r"\[sp, #(\d+)\]", ins)
            if m:
                maxslots = max(maxslots, int(m.group(1)) + 4)
    # CTR mode's slots (ctc_aes_fixsliced_v7m_ctr32), above the spills.
    slot_rk, slot_qc, slot_in, slot_out, slot_ctr, slot_in_end = (
        maxslots + 4 * i for i in range(6))
    frame = (maxslots + 24 + 7) // 8 * 8
    if (frame + 36) % 8:
        frame += 4
    fn = "ctc_aes_fixsliced_v7m_encrypt"
    fc = "ctc_aes_fixsliced_v7m_ctr32"
    # Both entries set the slots: q (0 for CTR mode), sr2, end.
    def set_end():
        return ["str r3, [sp, #%d]" % SLOT_SR2,
                "add r2, r1, r2, lsl #5",
                "str r2, [sp, #%d]" % SLOT_END]
    # The rounds keep the planes of POL complemented (polarize()).
    mvn_pol = ["mvn r%d, r%d" % (j, j) for j in range(8) if (POL >> j) & 1]
    a = []
    a += [".pushsection .text.%s,\"ax\",%%progbits" % fn,
          ".syntax unified", ".thumb", ".p2align 2",
          ".globl %s" % fn, ".hidden %s" % fn,
          ".type %s, %%function" % fn, ".thumb_func",
          "%s:" % fn,
          "push {r4-r11, lr}",
          "sub sp, sp, #%d" % frame,
          "str r0, [sp, #%d]" % SLOT_Q] + set_end() + [
          "mov lr, r1",
          "mov r12, r0",
          "ldm r12, {r0-r7}",
          "ldm lr!, {r8-r11}",
          "eor r0, r0, r8", "eor r1, r1, r9", "eor r2, r2, r10", "eor r3, r3, r11",
          "ldm lr!, {r8-r11}",
          "eor r4, r4, r8", "eor r5, r5, r9", "eor r6, r6, r10", "eor r7, r7, r11",
          "str lr, [sp, #%d]" % SLOT_KP]
    a += mvn_pol
    a += ["b .Lctc_fs_loop",
          # The symbols' sizes partition the code (nm -S sums, as
          # bench/mcu/footprint.sh's, count it once): the encryption
          # entry, then the CTR entry with the shared rounds.
          ".size %s, .-%s" % (fn, fn)]
    # CTR mode (ctc_aes_fixsliced_v7m_ctr32, an alias of this label, set at
    # the end): the whole loop of 2-block batches of aes_nohw32.cc's ctr32,
    # so that the planes never leave the registers between the counter
    # blocks, the rounds and the XOR with the data (no call, frame, store
    # and reload of the planes per batch), its batch code falling through
    # into the rounds and out of them. No label of a symbol of its own
    # here, so that bench/mca.sh still sees one function with the rounds
    # (bench/mca_loops.txt picks their loop, which has no REV).
    # r0 -> {qc, rk, nr, sr2, in, out, ctr, batches} (aes_nohw32.cc's
    # FixslicedCtrArgs): qc = the transposed fixed counter columns with
    # round key 0 added and the planes of POL complemented
    # (CTC_AES_FIXSLICED_V7M_POL), so a batch adds only its counter words.
    a += [".p2align 1",
          ".Lctc_fs_ctr32:",
          "push {r4-r11, lr}",
          "sub sp, sp, #%d" % frame,
          "ldm r0, {r0-r7}",
          # SLOT_Q: 0 where the batch needs SR^2 (sr2 = 1), 1 where not.
          "eor r8, r3, #1",
          "str r8, [sp, #%d]" % SLOT_Q] + set_end() + [
          "add r1, r1, #32",
          "str r1, [sp, #%d]" % slot_rk,
          "str r0, [sp, #%d]" % slot_qc,
          "str r4, [sp, #%d]" % slot_in,
          "str r5, [sp, #%d]" % slot_out,
          "str r6, [sp, #%d]" % slot_ctr,
          "add r7, r4, r7, lsl #5",
          "str r7, [sp, #%d]" % slot_in_end,
          ".Lctc_fs_batch:",
          # Counter blocks ctr and ctr + 1 (column 3, big-endian: REV), the
          # only nonzero words, q[6] and q[7], of the batch before its
          # transposition; transposed, they are swap_move<1> of the two and
          # then one 2-bit field a byte of each result in each plane (the
          # swap-moves with zero words reduce to shifts and a mask).
          "ldr r8, [sp, #%d]" % slot_ctr,
          "ldr r12, [sp, #%d]" % slot_qc,
          "add r9, r8, #1",
          "add r10, r8, #2",
          "str r10, [sp, #%d]" % slot_ctr,
          "ldm r12, {r0-r7}",
          "rev r8, r8",
          "rev r9, r9",
          "eor r10, r9, r8, lsr #1",
          "and r10, r10, #0x55555555",
          "eor r9, r9, r10",
          "eor r8, r8, r10, lsl #1",
          "mov r11, #0xc0c0c0c0"]
    for j, (src, sh) in enumerate((("r8", 6), ("r9", 6), ("r8", 4), ("r9", 4),
                                   ("r8", 2), ("r9", 2), ("r8", 0), ("r9", 0))):
        a += ["and r10, r11, %s%s" % (src, ", lsl #%d" % sh if sh else ""),
              "eor r%d, r%d, r10" % (j, j)]
    a += ["ldr lr, [sp, #%d]" % slot_rk,
          "str lr, [sp, #%d]" % SLOT_KP]
    a += [".Lctc_fs_loop:"]
    a += ["@ round at lag 1"] + blocks[1] + ["beq .Lctc_fs_last"]
    a += ["@ round at lag 2"] + blocks[2]
    a += ["@ round at lag 3"] + blocks[3] + ["beq .Lctc_fs_last"]
    a += ["@ round at lag 0"] + blocks[0] + ["b .Lctc_fs_loop"]
    a += [".Lctc_fs_last:", "@ last round"] + blocks["last"]
    # q = 0 or 1: CTR mode's batch, whose output goes to the data, with
    # SR^2 (0) or without (1); a block's q is an aligned pointer, above 1.
    # The flags of this compare also choose SR^2 below (the transposition
    # sets none).
    a += ["ldr r8, [sp, #%d]" % SLOT_Q, "cmp r8, #1", "bhi .Lctc_fs_block_out"]
    # The planes back to columns: q[b + 2c] = column c of block b
    # (aes_nohw32.cc's transpose: swap_move<1>, <2>, <4>).
    def swap_move(lo, hi, k, mask):
        return ["eor r8, r%d, r%d, lsr #%d" % (hi, lo, k),
                "and r8, r8, #0x%08x" % mask,
                "eor r%d, r%d, r8" % (hi, hi),
                "eor r%d, r%d, r8, lsl #%d" % (lo, lo, k)]
    for w in range(0, 8, 2):
        a += swap_move(w, w + 1, 1, 0x55555555)
    for w in (0, 4):
        a += swap_move(w, w + 2, 2, 0x33333333) + swap_move(w + 1, w + 3, 2, 0x33333333)
    for w in range(4):
        a += swap_move(w, w + 4, 4, 0x0F0F0F0F)
    # SR^2 on the columns (aes_nohw32.cc's shift_rows_2 after the
    # transposition): rows 1 and 3 swap between columns c and c + 2, bytes
    # 1 and 3 of q[w] and q[w + 4]; 12 instructions instead of 32.
    a += ["beq .Lctc_fs_xor"]
    for w in range(4):
        a += ["eor r8, r%d, r%d" % (w, w + 4), "and r8, r8, #0xff00ff00",
              "eor r%d, r%d, r8" % (w, w), "eor r%d, r%d, r8" % (w + 4, w + 4)]
    # The XOR with the data: single loads and stores (unaligned data; on
    # the Cortex-M4 a run of them costs what LDM/STM would).
    a += [".Lctc_fs_xor:",
          "ldr r10, [sp, #%d]" % slot_in,
          "ldr r11, [sp, #%d]" % slot_out]
    words = [0, 2, 4, 6, 1, 3, 5, 7]   # byte offset 4i holds q[words[i]]
    tmp = ["r8", "r9", "r12", "lr"]
    for half in (0, 4):
        for i in range(4):
            a += ["ldr %s, [r10, #%d]" % (tmp[i], 4 * (half + i))]
        for i in range(4):
            w = words[half + i]
            a += ["eor r%d, r%d, %s" % (w, w, tmp[i])]
    for i in range(8):
        a += ["str r%d, [r11, #%d]" % (words[i], 4 * i)]
    a += ["ldr r12, [sp, #%d]" % slot_in_end,
          "add r10, r10, #32",
          "add r11, r11, #32",
          "str r10, [sp, #%d]" % slot_in,
          "str r11, [sp, #%d]" % slot_out,
          "cmp r10, r12",
          "bne .Lctc_fs_batch",
          "add sp, sp, #%d" % frame,
          "pop {r4-r11, pc}"]
    # Block mode: SR^2 (lag 2 back to 0) where the caller asks (sr2: 10 and
    # 14 rounds; 12 rounds end at lag 0): rows 1 and 3 of each lane rotate
    # by two columns, a nibble swap in bytes 1 and 3, as aes_nohw32.cc's
    # shift_rows_2; then the planes back to q.
    a += [".Lctc_fs_block_out:",
          "ldr r8, [sp, #%d]" % SLOT_SR2, "cmp r8, #0", "beq .Lctc_fs_store"]
    for j in range(8):
        a += ["eor r8, r%d, r%d, lsr #4" % (j, j), "and r8, r8, #0x0f000f00",
              "eor r%d, r%d, r8" % (j, j), "eor r%d, r%d, r8, lsl #4" % (j, j)]
    a += [".Lctc_fs_store:"]
    a += ["ldr r8, [sp, #%d]" % SLOT_Q,
          "stm r8, {r0-r7}",
          "add sp, sp, #%d" % frame,
          "pop {r4-r11, pc}",
          ".Lctc_fs_end:",
          ".globl %s" % fc, ".hidden %s" % fc,
          ".type %s, %%function" % fc,
          ".thumb_set %s, .Lctc_fs_ctr32" % fc,
          ".size %s, .Lctc_fs_end-.Lctc_fs_ctr32" % fc,
          ".popsection"]
    print("// Generated by crypto/aes/fixsliced_armv7m_gen.py from Boyar and Peralta's")
    print("// 115-gate S-box circuit (bitsliced_sbox_compact.txt, checked against")
    print("// bitsliced_sbox.h's) and aes_nohw32.cc's MixColumns; do not edit.")
    for s in stats:
        print("// %s" % s)
    print("// Planes complemented between the rounds (polarize()): 0x%02x." % POL)
    print("// Stack: 36 bytes of saved registers and a %d-byte frame." % frame)
    print("#define CTC_AES_FIXSLICED_V7M_FRAME_BYTES %d" % (frame + 36))
    print("#define CTC_AES_FIXSLICED_V7M_POL 0x%02x" % POL)
    print("#define CTC_AES_FIXSLICED_V7M_ASM \\")
    for ins in a:
        ins = ins.replace('"', '\\"')
        if ins.endswith(":") or ins.startswith("."):
            print('  "%s\\n" \\' % ins)
        else:
            print('  "\\t%s\\n" \\' % ins)
    print("")
    sys.stderr.write("\n".join(stats) + "\n")


if __name__ == "__main__":
    main()
