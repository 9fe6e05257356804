#!/usr/bin/env python3
"""Compare two criterion result trees benchmark by benchmark.

    scripts/criterion-compare.py BEFORE/target/criterion AFTER/target/criterion [--md]

Reads every `<group>/<bench>/new/estimates.json` under both directories and
prints, for each benchmark present in both, the median time per iteration
before and after and their ratio (after / before), then the geometric mean
of the ratios per group and the benchmarks more than 3 % slower. Timings
are only comparable when both trees were measured on one machine, ideally
interleaved (see docs/OVERHEAD.md).
"""
import json
import math
import os
import sys


def medians(root):
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        if "estimates.json" in files and os.path.basename(dirpath) == "new":
            bench = os.path.relpath(os.path.dirname(dirpath), root)
            with open(os.path.join(dirpath, "estimates.json")) as f:
                out[bench] = json.load(f)["median"]["point_estimate"]
    return out


def fmt(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3f} {unit}"
    return f"{ns:.1f} ns"


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    before, after = medians(argv[1]), medians(argv[2])
    md = "--md" in argv
    common = sorted(set(before) & set(after))
    if not common:
        sys.exit("no benchmark in both trees")
    groups = {}
    if md:
        print("| benchmark | before | after | after/before |")
        print("|---|---:|---:|---:|")
    for bench in common:
        r = after[bench] / before[bench]
        groups.setdefault(bench.split("/")[0], []).append(r)
        if md:
            print(f"| {bench} | {fmt(before[bench])} | {fmt(after[bench])} | {r:.3f} |")
        else:
            print(f"{bench:60} {fmt(before[bench]):>12} {fmt(after[bench]):>12} {r:7.3f}")
    print()
    for group, rs in sorted(groups.items()):
        g = math.exp(sum(math.log(r) for r in rs) / len(rs))
        print(f"{group}: geometric mean {g:.3f} over {len(rs)}, range {min(rs):.3f}–{max(rs):.3f}")
    slow = [(b, after[b] / before[b]) for b in common if after[b] / before[b] > 1.03]
    print(f"\n{len(slow)} of {len(common)} more than 3 % slower")
    for b, r in slow:
        print(f"  {b}: {r:.3f}")
    only = sorted(set(before) ^ set(after))
    if only:
        print(f"\n{len(only)} benchmarks in one tree only (renamed or new): {', '.join(only[:10])}")


if __name__ == "__main__":
    main(sys.argv)
