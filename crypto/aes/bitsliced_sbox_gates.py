"""The S-box gate list of bitsliced_sbox.h, for the asm generators.

bsaes_neon_arm_sbox_gen.py, bsaes_ssse3_x86_64_round_gen.py and
fixsliced_armv7m_gen.py all allocate registers for the same circuit: the
Boyar-Peralta gates exactly as bitsliced_sbox.h's bs_sbox_circuit prints
them (the audited copy; no second transcription to drift from it). This
module reads them from there, once for all three.

read_gates(out) returns the 128 gates in the header's order as
(dst, op, a, b, xnor): op "^" or "&"; xnor True for the four output XNORs
(the affine constant 0x63, bs_xnor<kAffine>); the inputs U0..U7 renamed
in7..in0 (they are q[7]..q[0] on entry); output j named out % j.
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
