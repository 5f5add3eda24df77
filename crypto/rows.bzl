"""How crypto/BUILD.bazel declares rows and the tables that list them.

A row is one row of one table (AES or GHASH): a cc_library compiled with
its own instruction-set flags, and one entry in the table. It is declared
once, with ctcrypto_row(), by CPU family:

    ctcrypto_row(
        name = "aes_vpaes",
        table = "aes",
        symbol = "kAesVpaes",                      # the row object in C++
        srcs = {"x86_64": [...], "aarch64": [...], "armv7": [...]},
        uses = {"x86_64": ["ssse3"], "aarch64": ["neon"], "armv7": ["neon"]},
        isa_copts = {"x86_64": ["-mssse3"]},
    )

That declares
  :aes_vpaes      the cc_library (what tests and other rows depend on)
  :aes_vpaes_row  what the table lists: the row on the CPU families it names
                  unless the platform opts out of it (//config), nothing
                  otherwise.

`uses` names the capabilities (crypto/cpu/caps.bzl names, as in
CTCRYPTO_DISABLE) of the instructions the row executes, each one of the
family's (checked at loading). It decides three things: the per-feature
opt-outs that drop the row (//config:no_<name>), whether
//config:rows_no_hw_aes drops it (a crypto_extension capability: AES,
carry-less-multiply and SHA instructions), and, with static capabilities,
whether the target promises them (crypto/cpu/target_caps.h). Every runtime requirement of the row
(its required_caps in C++) must be among them; //tests:row_set_test checks.

ctcrypto_row_table(name, rows) generates <name>.inc: one
CTCRYPTO_ROW(symbol, uses) line per row present in this configuration, in
the order given (best first), each guarded by the target's promises when
the capabilities are static. The table's .cc includes it. A library may hold
one row of several tables (symbol = {table: object}): the AES rows' inverse
ciphers form the table "aes_decrypt", generated from the same row list in
the same order (paired_tables), so that only code that decrypts links them.

Each table also has an all-rows list, <name>_all (<name>_all.inc): every row
this configuration compiles, the portable ones included wherever the tests
link them, without the static guards. It is for crypto/testing (tests,
benchmarks, fuzzers, the constant-time suites), which must reach every
engine, never for the library's own selection.

Mode kernels (the fused loops of one mode over a pair of rows: AES+GHASH
for GCM, AES CBC-MAC+CTR for CCM, AES-CBC+SHA for TLS-CBC) are rows of
keyed tables (ctcrypto_row_table(keyed = True)): declared with
ctcrypto_row like any row, their `uses` the union of the rows they pair
with (so an opt-out that drops one of those rows drops the kernel), and
looked up by that pair when a mode's key is set up, never selected by
capabilities. See crypto/modes/gcm_kernel.h.
"""

load("@rules_cc//cc:defs.bzl", "cc_library")
load(":cpu/caps.bzl", "CAPS_BY_NAME", "CPU_FAMILIES", "target_has_macro")

# CPU families with SIMD rows (crypto/cpu/caps.bzl), by the select() key of
# their standard constraint (//config:is_cpu_<family>). Any other CPU gets
# the fallback (portable) rows only.
CPU_CONSTRAINTS = {f: "//config:is_cpu_" + f for f in CPU_FAMILIES}

# Flags of the library itself, whatever the consumer's toolchain: its
# language standard and what it is written without. Warnings and -Werror are
# this repository's policy and come from its .bazelrc, never from here.
CTCRYPTO_LIBRARY_COPTS = [
    "-std=c++20",
    "-fno-exceptions",
    "-fno-rtti",
]

RowInfo = provider(
    doc = "Table entries: table -> C++ row object, and the capabilities used.",
    fields = ["entries", "uses"],
)

CapsModeInfo = provider(
    doc = "Whether capabilities are static (compile-time) in this build.",
    fields = ["static"],
)

def _row_entry_impl(ctx):
    return [
        ctx.attr.lib[CcInfo],
        RowInfo(entries = ctx.attr.entries, uses = ctx.attr.uses),
    ]

_row_entry = rule(
    implementation = _row_entry_impl,
    attrs = {
        "lib": attr.label(providers = [CcInfo]),
        "entries": attr.string_dict(),
        "uses": attr.string_list(),
    },
)

def _caps_mode_impl(ctx):
    return [ctx.attr.lib[CcInfo], CapsModeInfo(static = ctx.attr.static)]

caps_mode = rule(
    implementation = _caps_mode_impl,
    doc = "A capability source (cpu library) and whether it is static.",
    attrs = {
        "lib": attr.label(providers = [CcInfo]),
        "static": attr.bool(),
    },
)

def _entries(symbol, table):
    """table -> the row objects of a library, space-separated.

    `symbol` is a C++ object (of `table`) or a dict table -> object; an
    object may be a list of several (a kernel library holds one entry per
    pair of rows it serves, crypto/tls/tls_cbc_kernel.h).
    """
    entries = symbol if type(symbol) == "dict" else {table: symbol}
    return {
        t: " ".join(s) if type(s) == "list" else s
        for t, s in entries.items()
    }

def _gate(name, conditions, then, otherwise):
    """alias `name`: `otherwise` if any of `conditions` holds, else `then`.

    select() has no "or" and fails on two matching keys, so the conditions
    are tested one alias at a time.
    """
    current = name
    for i, condition in enumerate(conditions):
        last = i == len(conditions) - 1
        nxt = then if last else "%s_%d" % (name, i + 1)
        native.alias(
            name = current,
            actual = select({condition: otherwise, "//conditions:default": nxt}),
            visibility = ["//visibility:private"],
        )
        current = nxt
    if not conditions:
        native.alias(name = name, actual = then, visibility = ["//visibility:private"])

def ctcrypto_row(
        name,
        symbol,
        srcs,
        uses,
        table = None,
        hdrs = [],
        isa_copts = {},
        isa_copts_gcc = {},
        deps = [],
        cpu_deps = {},
        visibility = None):
    """Declares the row library `name` and its table entry `name`_row.

    Args:
      name: the cc_library.
      symbol: the C++ row object (e.g. kAesVpaes) of `table`, or a dict
        table -> row object when the library holds rows of several tables
        (e.g. SHA-1 and SHA-256); an object may be a list of objects, for a
        keyed table's library that holds several entries of it (mode
        kernels, one per pair of rows served).
      table: "aes", "ghash", ... (with a single symbol).
      srcs: CPU family -> sources; the row exists on these families only.
      uses: CPU family -> capability names its instructions need.
      hdrs: headers (any family).
      isa_copts: CPU family -> instruction-set flags of this library only.
      isa_copts_gcc: CPU family -> the flags instead of isa_copts' when the
        toolchain's compiler is gcc (//config:is_cpu_<family>_gcc). For the
        ARM crypto rows: gcc reports a -march that names another
        architecture than a product's -mcpu, so with gcc they set their
        instruction set in the source (#pragma GCC target,
        crypto/cpu/armv8_crypto_target.h) and take no -march.
      deps: dependencies (any family).
      cpu_deps: CPU family -> further dependencies.
      visibility: of the cc_library.
    """
    entries = _entries(symbol, table)
    families = sorted(srcs.keys())
    cc_library(
        name = name,
        srcs = select(dict(
            [(CPU_CONSTRAINTS[f], srcs[f]) for f in families] +
            [("//conditions:default", [])],
        )),
        hdrs = hdrs,
        copts = CTCRYPTO_LIBRARY_COPTS + select(dict(
            [(CPU_CONSTRAINTS[f], isa_copts.get(f, [])) for f in families] +
            [
                ("//config:is_cpu_%s_gcc" % f, isa_copts_gcc[f])
                for f in families
                if f in isa_copts_gcc
            ] +
            [("//conditions:default", [])],
        )),
        deps = deps + select(dict(
            [(CPU_CONSTRAINTS[f], cpu_deps.get(f, [])) for f in families] +
            [("//conditions:default", [])],
        )),
        target_compatible_with = select(dict(
            [(CPU_CONSTRAINTS[f], []) for f in families] +
            [("//conditions:default", ["@platforms//:incompatible"])],
        )),
        visibility = visibility,
    )
    for f in isa_copts_gcc:
        if f not in srcs:
            fail("%s: isa_copts_gcc for %s, which has no srcs" % (name, f))
    for f in families:
        for c in uses[f]:
            if c not in CAPS_BY_NAME or f not in CAPS_BY_NAME[c].families:
                fail("%s: uses %s, not a capability of %s (crypto/cpu/caps.bzl)" %
                     (name, c, f))
        _row_entry(
            name = "%s_entry_%s" % (name, f),
            lib = ":" + name,
            entries = entries,
            uses = uses[f],
            visibility = ["//visibility:private"],
        )
        conditions = ["//config:is_rows_portable"]
        if [c for c in uses[f] if CAPS_BY_NAME[c].crypto_extension]:
            conditions.append("//config:is_rows_no_hw_aes")
        conditions += ["//config:is_no_" + c for c in uses[f]]
        _gate(
            name = "%s_row_%s" % (name, f),
            conditions = conditions,
            then = ":%s_entry_%s" % (name, f),
            otherwise = "//crypto:no_row",
        )
    native.alias(
        name = name + "_row",
        actual = select(dict(
            [(CPU_CONSTRAINTS[f], ":%s_row_%s" % (name, f)) for f in families] +
            [("//conditions:default", "//crypto:no_row")],
        )),
    )
    native.alias(name = name + "_row_all", actual = ":" + name + "_row")

def ctcrypto_fallback_row(name, symbol, srcs, table = None, deps = [], visibility = None):
    """The portable row of a table: on every CPU, last in its table.

    On aarch64 Advanced SIMD is architectural and the NEON rows need no
    capability, so they end the tables there and the fallback is linked only
    when the platform drops them (//config:no_neon, rows_portable). It stays
    in the all-rows lists everywhere: the tests' reference row.
    symbol: as ctcrypto_row's (a dict table -> object for several tables).
    """
    cc_library(
        name = name,
        srcs = srcs,
        copts = CTCRYPTO_LIBRARY_COPTS,
        deps = deps,
        visibility = visibility,
    )
    _row_entry(
        name = name + "_entry",
        lib = ":" + name,
        entries = _entries(symbol, table),
        uses = [],
        visibility = ["//visibility:private"],
    )
    native.alias(name = name + "_row_all", actual = ":" + name + "_entry")
    _gate(
        name = name + "_row_aarch64",
        conditions = ["//config:is_no_neon", "//config:is_rows_portable"],
        then = "//crypto:no_row",
        otherwise = ":" + name + "_entry",
    )
    native.alias(
        name = name + "_row",
        actual = select({
            CPU_CONSTRAINTS["aarch64"]: ":" + name + "_row_aarch64",
            "//conditions:default": ":" + name + "_entry",
        }),
    )

def _row_table_inc_impl(ctx):
    static = ctx.attr.caps_mode[CapsModeInfo].static and not ctx.attr.all
    lines = [
        "// Generated by crypto/rows.bzl (ctcrypto_row_table %s): the %s rows" %
        (ctx.label.name, ctx.attr.table),
        "// of this configuration, best first; capabilities %s." %
        ("static: only the first row the target promises (#if / #elif chain)" if static else "probed at run time"),
    ]
    if ctx.attr.all:
        lines.append("// All rows compiled in (crypto/testing), selectable or not.")
    rows = []  # (symbol, uses) of the rows present, best first
    for r in ctx.attr.rows:
        if RowInfo not in r:
            continue
        info = r[RowInfo]
        if ctx.attr.table not in info.entries:
            continue  # a row of another table (the SHA libraries hold several)
        for symbol in info.entries[ctx.attr.table].split(" "):
            rows.append((symbol, info.uses))
    if not ctx.attr.all and not ctx.attr.keyed:
        rows = _selectable(rows)
    chain = False  # inside the #if / #elif chain of static capabilities
    for symbol, uses in rows:
        caps = " | ".join([CAPS_BY_NAME[c].constant for c in uses]) or "0"
        if static and ctx.attr.keyed:
            # A keyed table (mode kernels, looked up by the rows they pair
            # with): every entry whose capabilities the target promises.
            guard = " && ".join(["CTCRYPTO_TARGET_HAS_" + c.upper() for c in uses])
            if guard:
                lines.append("#if " + guard)
            lines.append("CTCRYPTO_ROW(%s, %s)" % (symbol, caps))
            if guard:
                lines.append("#endif")
            continue
        if static:
            # Only the first row the target promises: nothing else is
            # linked. A row that needs nothing ends the chain.
            guard = " && ".join([target_has_macro(c) for c in uses])
            if guard:
                lines.append(("#elif " if chain else "#if ") + guard)
                chain = True
            elif chain:
                lines.append("#else")
        lines.append("CTCRYPTO_ROW(%s, %s)" % (symbol, caps))
        if static and not uses:
            break
    if chain:
        lines.append("#endif")
    ctx.actions.write(ctx.outputs.out, "\n".join(lines) + "\n")

def _selectable(rows):
    """The rows selection can reach: without those shadowed by an earlier row.

    A row that uses all the capabilities an earlier row uses (a superset, or
    the same set) is never selected: whenever it could run, the earlier row
    can too (a row requires at run time only capabilities it declares,
    //tests:row_set_test) and comes first. E.g. bsaes and vpaes after
    vpaes+bsaes, which needs the same SIMD set. Such rows stay in the
    all-rows lists (crypto/testing) and their libraries stay compiled.
    """
    kept = []
    for i, (symbol, uses) in enumerate(rows):
        shadowed = False
        for _, earlier in rows[:i]:
            if not [c for c in earlier if c not in uses]:
                shadowed = True
        if not shadowed:
            kept.append((symbol, uses))
    return kept

_row_table_inc = rule(
    implementation = _row_table_inc_impl,
    attrs = {
        "table": attr.string(),
        "rows": attr.label_list(providers = [CcInfo]),
        "caps_mode": attr.label(providers = [CapsModeInfo]),
        "all": attr.bool(),
        "keyed": attr.bool(),
        "out": attr.output(),
    },
)

def ctcrypto_row_table(name, table, rows, caps_mode, paired_tables = {}, keyed = False):
    """cc_library `name`: the generated `name`.inc and the rows' libraries.

    Also `name`_all: the all-rows list `name`_all.inc (crypto/testing).

    Args:
      name: the cc_library, and the stem of the generated .inc.
      table: the table ("aes", "ghash", ...).
      rows: the `_row` targets, best first.
      caps_mode: the capability source (CapsModeInfo).
      paired_tables: table -> stem: further tables of the same rows, same
        order (e.g. {"aes_decrypt": "aes_decrypt_rows"}), generated as
        <stem>.inc and <stem>_all.inc next to `name`'s.
      keyed: a table that is looked up by key, never selected from by
        capabilities: the mode kernels, found by the rows they pair with
        (crypto/modes/gcm_kernel.h). Every entry present stays in it (no
        shadowed rows are dropped) and, with static capabilities, every
        entry the target promises (not only the first).
    """
    tables = [(table, name)] + sorted(paired_tables.items())
    for all in [False, True]:
        suffix = "_all" if all else ""
        for t, stem in tables:
            _row_table_inc(
                name = stem + suffix + "_inc",
                table = t,
                rows = [r + "_all" for r in rows] if all else rows,
                caps_mode = caps_mode,
                all = all,
                keyed = keyed,
                out = stem + suffix + ".inc",
            )
        cc_library(
            name = name + suffix,
            hdrs = [":" + stem + suffix + ".inc" for _, stem in tables],
            deps = [r + "_all" for r in rows] if all else rows,
            visibility = ["//visibility:private"],
        )
