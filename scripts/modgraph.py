#!/usr/bin/env python3
"""Module-level import graph of Rust crates: cycles and uses of items
defined in a crate root (lib.rs / main.rs) or in a folder's mod.rs by its
own descendants.

Usage: modgraph.py CRATE_DIR...   (each with a src/ folder)

A reference is a `use crate::..`, `use super::..`, `use self::..` tree, or
an inline `crate::a::b`, `super::a`, `child::item` path. Paths are resolved
through `use` declarations (re-exports included) to the module that
*defines* the item, so `use super::Foo` where the parent re-exports a
sibling's Foo is an edge to the sibling. `pub use` lines themselves are
not edges (a module declaring its interface). Test modules (`mod tests`,
inline or file) and comments are ignored; `#[cfg(doc)]` imports count.
Method calls are not followed: a type whose `impl` blocks are spread over
several modules links them only through the module that defines it.

Run from the workspace root: `python3 scripts/modgraph.py crates/* xtask`.
"""
import os
import re
import sys
from collections import defaultdict

ITEM = re.compile(
    r"^(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+fn|async\s+fn|unsafe\s+fn|fn|struct|enum|trait|type|const|static|union|mod)\s+([A-Za-z_][A-Za-z0-9_]*)"
)
MACRO = re.compile(r"^macro_rules!\s*([A-Za-z_][A-Za-z0-9_]*)")


def strip_comments_strings(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
            continue
        m = re.match(r'r(#*)"', text[i:i + 10])
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = '"' + m.group(1)
            j = text.find(close, i + len(m.group(0)))
            j = n if j < 0 else j + len(close)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            # char literal (not a lifetime)
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
                continue
        out.append(c)
        i += 1
    return "".join(out)


def strip_test_modules(text):
    """Drops `#[cfg(test)] mod NAME { ... }` blocks."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
        if not m:
            return text
        i = m.end()
        depth = 1
        while i < len(text) and depth:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
            i += 1
        text = text[: m.start()] + "\n" * text.count("\n", m.start(), i) + text[i:]


def parse_use_tree(s):
    """'a::{b, c::d as e, f::*}' -> list of (path segments, alias)."""
    s = s.strip()
    res = []

    def split_top(t):
        parts, depth, cur = [], 0, ""
        for ch in t:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur.strip():
            parts.append(cur)
        return parts

    def rec(prefix, t):
        t = t.strip()
        if not t:
            return
        bi = t.find("{")
        if bi >= 0 and (t.find(" as ") < 0 or t.find(" as ") > bi):
            head = t[:bi].rstrip(":").strip()
            inner = t[bi + 1: t.rfind("}")]
            segs = prefix + ([x for x in head.split("::") if x] if head else [])
            for p in split_top(inner):
                rec(segs, p)
            return
        alias = None
        if " as " in t:
            t, alias = [x.strip() for x in t.split(" as ", 1)]
        segs = prefix + [x.strip() for x in t.split("::") if x.strip()]
        res.append((segs, alias))

    rec([], s)
    return res


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of segments, () = crate root
        self.file = file
        self.children = {}  # name -> Module
        self.defs = set()
        self.imports = {}  # name -> (segments absolute-ish, is_pub, line)
        self.glob_imports = []  # (segments, is_pub)
        self.refs = []  # (segments relative to this module, line, kind)
        self.is_test = False


def load_crate(crate_dir):
    src = os.path.join(crate_dir, "src")
    roots = [f for f in ("lib.rs", "main.rs") if os.path.exists(os.path.join(src, f))]
    crates = []
    for r in roots:
        crates.append(build(src, r))
    return crates


def build(src, root_file):
    mods = {}

    def load(path, file, dirpath):
        m = Module(path, file)
        mods[path] = m
        raw = open(file, encoding="utf-8").read()
        text = strip_test_modules(strip_comments_strings(raw))
        m.text = text
        # child modules declared as files
        for mm in re.finditer(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text, re.M):
            name = mm.group(1)
            if name == "tests":
                continue
            cands = [os.path.join(dirpath, name + ".rs"), os.path.join(dirpath, name, "mod.rs")]
            for c in cands:
                if os.path.exists(c):
                    child = load(path + (name,), c, os.path.join(dirpath, name))
                    m.children[name] = child
                    break
        for lineno, line in enumerate(text.split("\n"), 1):
            mm = ITEM.match(line)
            if mm:
                m.defs.add(mm.group(1))
            mm = MACRO.match(line)
            if mm:
                m.defs.add(mm.group(1))
        # use declarations (anywhere: top level or in fns)
        for um in re.finditer(r"(^|\n)([ \t]*)((?:pub(?:\([^)]*\))?\s+)?)use\s+([^;]*);", text):
            indent = um.group(2)
            is_pub = bool(um.group(3).strip())
            body = um.group(4)
            line = text.count("\n", 0, um.start(4)) + 1
            top = indent == ""
            for segs, alias in parse_use_tree(body):
                if not segs:
                    continue
                if segs[-1] == "*":
                    if top:
                        m.glob_imports.append((segs[:-1], is_pub))
                    m.refs.append((segs[:-1] + ["*"], line, "pub use" if is_pub else "use"))
                    continue
                name = alias or segs[-1]
                if segs[-1] == "self":
                    segs = segs[:-1]
                    name = alias or segs[-1]
                if top and name != "_":
                    m.imports[name] = (segs, is_pub, line)
                m.refs.append((segs, line, "pub use" if is_pub else "use"))
        # inline paths: crate::.., super::.., self::.., and child::..
        text_no_use = re.sub(r"(^|\n)[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+[^;]*;", lambda x: "\n" * x.group(0).count("\n"), text)
        for pm in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::(?:super|[A-Za-z_]\w*))+)", text_no_use):
            segs = pm.group(1).split("::")
            line = text_no_use.count("\n", 0, pm.start()) + 1
            m.refs.append((segs, line, "path"))
        m.child_names = set(m.children)
        for name in m.children:
            for pm in re.finditer(r"(?<![\w:])" + name + r"((?:::[A-Za-z_]\w*)+)", text_no_use):
                segs = [name] + pm.group(1).split("::")[1:]
                line = text_no_use.count("\n", 0, pm.start()) + 1
                m.refs.append((segs, line, "path"))
        return m

    root = load((), os.path.join(src, root_file), src)
    # #[macro_export] macros live at the crate root: resolve them to the
    # module that defines them.
    for path, m in mods.items():
        for mm in re.finditer(r"#\[macro_export\]\s*macro_rules!\s*(\w+)", m.text):
            if path != ():
                root.imports.setdefault(mm.group(1), (["crate"] + list(path) + [mm.group(1)], True, 0))
    return root_file, mods


def resolve(mods, at, segs, seen=None):
    """Resolves `segs` used in module `at` to (defining module path, item) or None
    for external paths. Returns list of (module, item)."""
    if seen is None:
        seen = set()
    key = (at, tuple(segs))
    if key in seen or len(seen) > 50:
        return []
    seen.add(key)
    if not segs:
        return []
    first = segs[0]
    if first == "crate":
        cur = ()
        rest = segs[1:]
    elif first == "super":
        cur = at
        rest = segs
        while rest and rest[0] == "super":
            cur = cur[:-1]
            rest = rest[1:]
    elif first == "self":
        cur = at
        rest = segs[1:]
    else:
        # relative: child module or imported name in `at`
        m = mods[at]
        if first in m.children:
            cur = at
            rest = segs
        elif first in m.imports:
            isegs = m.imports[first][0]
            return resolve(mods, at, isegs + segs[1:], seen)
        else:
            return []  # external crate or std
    return walk(mods, cur, rest, seen)


def walk(mods, cur, rest, seen):
    if not rest:
        return [(cur, None)]
    m = mods[cur]
    name = rest[0]
    if name == "*":
        return [(cur, "*")]
    if name in m.children:
        return walk(mods, cur + (name,), rest[1:], seen)
    if name in m.defs:
        return [(cur, name)]
    if name in m.imports:
        isegs = m.imports[name][0]
        return resolve(mods, cur, isegs + rest[1:], seen)
    for gsegs, _ in m.glob_imports:
        r = resolve(mods, cur, gsegs + rest, seen)
        if r:
            return r
    return [(cur, name)]  # unknown: attribute to this module


def fmt(path):
    return "crate" if not path else "::".join(path)


def analyse(crate_dir):
    out = []
    for root_file, mods in load_crate(crate_dir):
        edges = defaultdict(list)  # (a, b) -> [(line, what)]
        root_uses = []
        parent_uses = []
        for at, m in mods.items():
            for segs, line, kind in m.refs:
                if kind == "pub use":
                    continue
                for target, item in resolve(mods, at, segs):
                    if target == at:
                        continue
                    if at[: len(target)] == target and target != at:
                        # a descendant using an item of its ancestor
                        if item and item not in mods[target].children:
                            what = (fmt(at), fmt(target), item, m.file, line)
                            if target == ():
                                root_uses.append(what)
                            else:
                                parent_uses.append(what)
                    if target[: len(at)] == at and item is None:
                        continue  # naming a child module itself
                    edges[(at, target)].append((line, ("::".join(segs)) + (f" -> {fmt(target)}::{item}" if item else "")))
        # SCCs (Tarjan)
        graph = defaultdict(set)
        for (a, b) in edges:
            graph[a].add(b)
        index, low, stack, on, sccs = {}, {}, [], set(), []
        counter = [0]

        def strong(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in graph[v]:
                if w not in index:
                    strong(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    sccs.append(sorted(comp))

        for v in list(mods):
            if v not in index:
                strong(v)
        name = os.path.basename(os.path.normpath(crate_dir)) + ("" if root_file == "lib.rs" else f" ({root_file})")
        out.append(f"== {name}: {len(mods)} modules, {len(edges)} edges")
        if not sccs:
            out.append("   no import cycle")
        for comp in sccs:
            cs = set(comp)
            out.append("   CYCLE: " + " <-> ".join(fmt(c) for c in comp))
            for (a, b), refs in sorted(edges.items()):
                if a in cs and b in cs:
                    lines = sorted(set(f"{l}:{w}" for l, w in refs))
                    out.append(f"      {fmt(a)} -> {fmt(b)}: " + "; ".join(lines[:6]) + (" ..." if len(lines) > 6 else ""))
        for what in sorted(set(root_uses)):
            out.append(f"   ROOT ITEM used by {what[0]}: {what[2]} (line {what[4]})")
        for what in sorted(set(parent_uses)):
            out.append(f"   PARENT ITEM {what[1]}::{what[2]} used by {what[0]} (line {what[4]})")
    return out


if __name__ == "__main__":
    for d in sys.argv[1:]:
        print("\n".join(analyse(d)))
