"""The CPU families and capabilities of ctcrypto: the one list of each.

Everything else that names a capability or a CPU family is generated from
this file or checked against it:

  crypto/rows.bzl       loads CPU_FAMILIES (the select() keys of the rows'
                        families) and CAPS (the C++ constant of each name in
                        a row's `uses`, the crypto-extension set that
                        //config:rows_no_hw_aes drops, each name's families)
  config/BUILD.bazel    loads both: the is_cpu_<family> config_settings and
                        one no_<name> opt-out setting per capability
  crypto/cpu/caps.inc   generated (ctcrypto_caps_headers, below): one
                        X-macro line CTCRYPTO_CAP(...) per capability, which
                        cpu.h (the Cap enum), cpu_common.cc (kCapNames, the
                        names of CTCRYPTO_DISABLE and `ctcrypto caps`, and
                        the "needs" closure) and target_caps.h (kTargetCaps)
                        expand
  crypto/cpu/target_caps.inc  generated: CTCRYPTO_TARGET_HAS_<NAME>, 0 or 1,
                        from each capability's `target` condition (static
                        capabilities; the guards of the generated row tables)
  crypto/cpu/family.inc generated: CTCRYPTO_CPU_FAMILY_<FAMILY>, 0 or 1,
                        from each family's `compiler` condition, and a check
                        that the compiler targets the family whose rows Bazel
                        compiles (crypto/key_storage.h sizes the keys by it)

The tests hold the rest to it: //tests:dispatch_test (the C++ names and
bits), //util:row_table_test (the README's list of names, from the
//crypto:cap_names file written below).

Why C++ learns the family from the compiler and not from Bazel alone: the
key sizes are public ABI (ctcrypto/key_sizes.h, a C header fixed by the
compiler's target, whatever rows a build compiles), and crypto/key_storage.h
must agree with it. A platform whose CPU constraint names no family (say
@platforms//cpu:arm64, or a generic arm) builds the portable rows, which
fit every family's storage; the reverse (a family's rows, another CPU's
compiler) is the error family.inc reports.

Adding a capability: one entry in CAPS (a free bit below 32), its probe in
the cpu_<arch>.cc of its families, and the name in the README's list.
"""

# The CPU families that have SIMD rows, by the standard @platforms//cpu
# constraint (Bazel: which rows are compiled) and by the compiler's
# predefined macros (C++: which family the key storage is sized for). Any
# other CPU gets the portable rows only. The select() keys are
# //config:is_cpu_<family>.
CPU_FAMILIES = {
    "x86_64": struct(
        constraint = "@platforms//cpu:x86_64",
        compiler = "defined(__x86_64__)",
    ),
    "aarch64": struct(
        constraint = "@platforms//cpu:aarch64",
        compiler = "defined(__aarch64__)",
    ),
    # 32-bit ARM, A-profile: its NEON rows are compiled with their own
    # -mfpu=neon whatever the baseline flags (the M-profile cores have no
    # NEON and are not this family).
    "armv7": struct(
        constraint = "@platforms//cpu:armv7",
        compiler = "defined(__arm__) && defined(__ARM_ARCH_PROFILE) && " +
                   "__ARM_ARCH_PROFILE == 'A'",
    ),
}

def _cap(name, bit, constant, families, doc, target, crypto_extension = False, needs = []):
    return struct(
        name = name,
        bit = bit,
        constant = constant,
        families = families,
        doc = doc,
        target = target,
        crypto_extension = crypto_extension,
        needs = needs,
    )

_X86 = ["x86_64"]
_ARM = ["aarch64", "armv7"]

# The capabilities, in the order `ctcrypto caps` prints them.
#   name              the CTCRYPTO_DISABLE name, a row's `uses`, the
#                     //config:no_<name> opt-out
#   bit, constant     the Cap bit and its C++ name (crypto/cpu/cpu.h)
#   families          the CPU families that can have it
#   crypto_extension  an instruction of the crypto extensions (AES,
#                     carry-less multiply, SHA): //config:rows_no_hw_aes
#                     drops the rows that use it
#   needs             the capabilities it cannot be used without: removing
#                     one of them (CTCRYPTO_DISABLE, or what the target does
#                     not promise) removes it too. VAES/VPCLMULQDQ are AES-NI
#                     and PCLMULQDQ on wider vectors in AVX2 state; the x86
#                     SHA rows byte-swap with PSHUFB (SSSE3); the ARM AES,
#                     PMULL and SHA instructions work on NEON registers, and
#                     FEAT_SHA512 implies FEAT_SHA256 (Arm ARM).
#   target            the compiler's predefined macros by which the
#                     compile-time target promises it (static capabilities)
CAPS = [
    _cap("aesni", 0, "kCapAesni", _X86, "x86 AES-NI", "defined(__AES__)", crypto_extension = True),
    _cap("pclmul", 1, "kCapPclmul", _X86, "x86 PCLMULQDQ", "defined(__PCLMUL__)", crypto_extension = True),
    _cap("ssse3", 2, "kCapSsse3", _X86, "x86 SSSE3 (PSHUFB)", "defined(__SSSE3__)"),
    _cap(
        "avx",
        3,
        "kCapAvx",
        _X86,
        "x86 AVX, OS-enabled YMM state (xgetbv)",
        "defined(__AVX__)",
        needs = ["ssse3"],
    ),
    # One capability for both: the rows use them together.
    _cap(
        "vaes",
        4,
        "kCapVaes",
        _X86,
        "x86 VAES + VPCLMULQDQ on 256/512-bit vectors",
        "defined(__VAES__) && defined(__VPCLMULQDQ__)",
        crypto_extension = True,
        needs = ["aesni", "pclmul", "ssse3", "avx", "avx2"],
    ),
    _cap("neon", 5, "kCapNeon", _ARM, "ARM Advanced SIMD", "defined(__ARM_NEON)"),
    # ACLE: __ARM_FEATURE_AES covers AESE/AESD/AESMC/AESIMC and the 64-bit
    # polynomial multiply (VMULL.P64 / PMULL); older compilers say
    # __ARM_FEATURE_CRYPTO for the same set.
    _cap(
        "aes",
        6,
        "kCapAes",
        _ARM,
        "ARMv8 AES instructions (AESE/AESD/AESMC/AESIMC)",
        "defined(__ARM_FEATURE_AES) || defined(__ARM_FEATURE_CRYPTO)",
        crypto_extension = True,
        needs = ["neon"],
    ),
    _cap(
        "pmull",
        7,
        "kCapPmull",
        _ARM,
        "ARMv8 64-bit PMULL",
        "defined(__ARM_FEATURE_AES) || defined(__ARM_FEATURE_CRYPTO)",
        crypto_extension = True,
        needs = ["neon"],
    ),
    _cap(
        "avx2",
        8,
        "kCapAvx2",
        _X86,
        "x86 AVX2",
        "defined(__AVX2__)",
        needs = ["ssse3", "avx"],
    ),
    _cap(
        "avx512",
        9,
        "kCapAvx512",
        _X86,
        "x86 AVX-512 F/BW/VL with OS-enabled ZMM state",
        "defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)",
        needs = ["ssse3", "avx", "avx2"],
    ),
    _cap(
        "shani",
        10,
        "kCapShaNi",
        _X86,
        "x86 SHA extensions (SHA-1 and SHA-256)",
        "defined(__SHA__)",
        crypto_extension = True,
        needs = ["ssse3"],
    ),
    # ACLE: __ARM_FEATURE_SHA2 covers SHA1* and SHA256* (older compilers:
    # __ARM_FEATURE_CRYPTO); __ARM_FEATURE_SHA512 the ARMv8.2 SHA512* set.
    _cap(
        "sha1",
        11,
        "kCapSha1",
        _ARM,
        "ARMv8 SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1",
        "defined(__ARM_FEATURE_SHA2) || defined(__ARM_FEATURE_CRYPTO)",
        crypto_extension = True,
        needs = ["neon"],
    ),
    _cap(
        "sha2",
        12,
        "kCapSha2",
        _ARM,
        "ARMv8 SHA256H/SHA256H2/SHA256SU0/SHA256SU1",
        "defined(__ARM_FEATURE_SHA2) || defined(__ARM_FEATURE_CRYPTO)",
        crypto_extension = True,
        needs = ["neon"],
    ),
    # FEAT_SHA512 exists in AArch64 state only.
    _cap(
        "sha512",
        13,
        "kCapSha512",
        ["aarch64"],
        "ARMv8.2 SHA512H/SHA512H2/SHA512SU0/SHA512SU1",
        "defined(__ARM_FEATURE_SHA512)",
        crypto_extension = True,
        needs = ["neon", "sha2"],
    ),
]

def _check():
    """Fails the loading of any BUILD file if the list is inconsistent."""
    names = {}
    bits = {}
    for c in CAPS:
        if c.name in names:
            fail("caps.bzl: capability %s listed twice" % c.name)
        if c.bit < 0 or c.bit > 31 or c.bit in bits:
            fail("caps.bzl: %s: bit %d out of range or taken by %s" %
                 (c.name, c.bit, bits.get(c.bit)))
        for f in c.families:
            if f not in CPU_FAMILIES:
                fail("caps.bzl: %s: unknown CPU family %s" % (c.name, f))
        names[c.name] = c
        bits[c.bit] = c.name
    for c in CAPS:
        for n in c.needs:
            if n not in names:
                fail("caps.bzl: %s needs unknown capability %s" % (c.name, n))
            if [f for f in c.families if f not in names[n].families]:
                fail("caps.bzl: %s needs %s, which some of its families lack" %
                     (c.name, n))
    return names

# name -> entry of CAPS.
CAPS_BY_NAME = _check()

CAP_NAMES = [c.name for c in CAPS]

def target_has_macro(name):
    """The macro of target_caps.inc that says the target promises `name`."""
    return "CTCRYPTO_TARGET_HAS_" + name.upper()

def cpu_family_macro(family):
    """The macro of family.inc that says the compiler targets `family`."""
    return "CTCRYPTO_CPU_FAMILY_" + family.upper()

def _headers_impl(ctx):
    gen = "// Generated from crypto/cpu/caps.bzl (%s). Do not edit." % ctx.label

    # caps.inc: the X-macro list.
    lines = [
        gen,
        "//",
        "// CTCRYPTO_CAP(constant, bit, name, target_has, needs), one per",
        "// capability, in the order `ctcrypto caps` prints them: the Cap",
        "// constant, its bit number, the CTCRYPTO_DISABLE name, the",
        "// target_caps.inc macro (0/1) and the Cap bits it cannot be used",
        "// without. Included by cpu.h, cpu_common.cc and target_caps.h with",
        "// their own CTCRYPTO_CAP.",
    ]
    for c in CAPS:
        needs = " | ".join([CAPS_BY_NAME[n].constant for n in c.needs]) or "0"
        lines.append('CTCRYPTO_CAP(%s, %d, "%s", %s, %s)  // %s' % (
            c.constant,
            c.bit,
            c.name,
            target_has_macro(c.name),
            needs,
            c.doc,
        ))
    ctx.actions.write(ctx.outputs.caps, "\n".join(lines) + "\n")

    # target_caps.inc: the compile-time target's promises.
    lines = [
        gen,
        "#ifndef CTCRYPTO_CPU_TARGET_CAPS_INC_",
        "#define CTCRYPTO_CPU_TARGET_CAPS_INC_",
        "//",
        "// CTCRYPTO_TARGET_HAS_<NAME>: 1 when the compiler's predefined macros",
        "// promise the capability, else 0 (see crypto/cpu/target_caps.h).",
    ]
    for c in CAPS:
        m = target_has_macro(c.name)
        lines += [
            "#if %s" % c.target,
            "#define %s 1" % m,
            "#else",
            "#define %s 0" % m,
            "#endif",
        ]
    lines.append("#endif  // CTCRYPTO_CPU_TARGET_CAPS_INC_")
    ctx.actions.write(ctx.outputs.target_caps, "\n".join(lines) + "\n")

    # family.inc: the compiler's CPU family, and the check against Bazel's.
    lines = [
        gen,
        "#ifndef CTCRYPTO_CPU_FAMILY_INC_",
        "#define CTCRYPTO_CPU_FAMILY_INC_",
        "//",
        "// CTCRYPTO_CPU_FAMILY_<FAMILY>: 1 when the compiler targets the CPU",
        "// family (crypto/key_storage.h sizes the keys by it), else 0; at most",
        "// one is 1.",
    ]
    for f, family in CPU_FAMILIES.items():
        m = cpu_family_macro(f)
        lines += [
            "#if %s" % family.compiler,
            "#define %s 1" % m,
            "#else",
            "#define %s 0" % m,
            "#endif",
        ]
    lines += [
        "// The number of families, for crypto/key_storage.h to check that it",
        "// sizes the keys of each.",
        "#define CTCRYPTO_CPU_FAMILY_COUNT %d" % len(CPU_FAMILIES),
    ]
    if ctx.attr.family:
        # The rows of this family are compiled (its constraint is in the
        # platform): their keys need this family's storage.
        lines += [
            "// This build compiles the rows of family %s (%s)." %
            (ctx.attr.family, CPU_FAMILIES[ctx.attr.family].constraint),
            "#if !%s" % cpu_family_macro(ctx.attr.family),
            '#error "the platform says %s (%s) but the compiler targets another CPU"' %
            (ctx.attr.family, CPU_FAMILIES[ctx.attr.family].constraint),
            "#endif",
        ]
    else:
        lines.append("// This build compiles the portable rows only (no family's constraint).")
    lines.append("#endif  // CTCRYPTO_CPU_FAMILY_INC_")
    ctx.actions.write(ctx.outputs.family_inc, "\n".join(lines) + "\n")

_headers = rule(
    implementation = _headers_impl,
    attrs = {
        "family": attr.string(),
        "caps": attr.output(mandatory = True),
        "target_caps": attr.output(mandatory = True),
        "family_inc": attr.output(mandatory = True),
    },
)

def ctcrypto_caps_headers(name, caps, target_caps, family):
    """Generates the three .inc files above (paths relative to the package).

    Args:
      name: the rule.
      caps: the X-macro list (crypto/cpu/caps.inc).
      target_caps: the target's promises (crypto/cpu/target_caps.inc).
      family: the CPU family macros (crypto/cpu/family.inc).
    """
    _headers(
        name = name,
        caps = caps,
        target_caps = target_caps,
        family_inc = family,
        family = select(dict(
            [("//config:is_cpu_" + f, f) for f in CPU_FAMILIES] +
            [("//conditions:default", "")],
        )),
        visibility = ["//visibility:private"],
    )

def _cap_names_impl(ctx):
    ctx.actions.write(ctx.outputs.out, " ".join([c.name for c in CAPS]) + "\n")
    return [DefaultInfo(
        files = depset([ctx.outputs.out]),
        runfiles = ctx.runfiles(files = [ctx.outputs.out]),
    )]

# ctcrypto_cap_names(name, out): a text file with the capability names in
# order, space-separated, for the checks of the documents that list them
# (util/row-table.sh --check: README.md).
ctcrypto_cap_names = rule(
    implementation = _cap_names_impl,
    attrs = {"out": attr.output(mandatory = True)},
)
