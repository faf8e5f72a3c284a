#!/usr/bin/env python3
"""Side-by-side throughput of sqrtdk's brute force and two baselines.

Each tool enumerates every pair (q, k) of vectors of width d over an
alphabet and tallies the exact distribution of q·k:

  * python: plain nested loops over itertools.product, the obvious way;
  * numpy:  all vectors as a float matrix, one matrix product per block of
            q rows and np.bincount over the dot products (skipped when numpy
            is not installed; Debian package python3-numpy);
  * sqrtdk: `sqrtdk dist --method brute`, built from this checkout, timed
            end to end as a process (start-up included).

The baselines' histograms are checked against sqrtdk's output for the
widths they share. Prints pairs/s per tool and sqrtdk's speed-up over each.
Not part of CI: it takes a minute or two.

Usage: python3 bench/compare.py [--quick]
"""

import argparse
import collections
import fractions
import itertools
import os
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
except ImportError:  # numpy is optional
    np = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def python_counts(alphabet, d):
    """Exhaustive enumeration in plain Python: {score: count}."""
    counts = collections.Counter()
    vectors = list(itertools.product(alphabet, repeat=d))
    for q in vectors:
        for k in vectors:
            counts[sum(a * b for a, b in zip(q, k))] += 1
    return dict(counts)


def numpy_counts(alphabet, d, block=512):
    """Matrix product per block of q rows, then bincount of the scores."""
    vectors = np.array(list(itertools.product(alphabet, repeat=d)), dtype=np.float64)
    lo = d * min(a * b for a in alphabet for b in alphabet)
    hi = d * max(a * b for a in alphabet for b in alphabet)
    total = np.zeros(int(hi - lo) + 1, dtype=np.int64)
    for start in range(0, len(vectors), block):
        dots = vectors[start:start + block] @ vectors.T
        idx = np.rint(dots - lo).astype(np.int64).ravel()
        total += np.bincount(idx, minlength=len(total))
    return {int(lo) + i: int(c) for i, c in enumerate(total) if c}


def build_sqrtdk(tmp):
    exe = os.path.join(tmp, "sqrtdk")
    subprocess.run(["go", "build", "-o", exe, "./cmd/sqrtdk"], cwd=ROOT, check=True)
    return exe


def sqrtdk_counts(exe, values, d):
    """Runs sqrtdk's brute force; returns ({score: count}, seconds)."""
    start = time.perf_counter()
    out = subprocess.run(
        [exe, "dist", "--values=" + values, "--d", str(d), "--method", "brute", "--format", "csv"],
        check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    counts = {}
    for line in out.splitlines()[1:]:
        score, count, _ = line.split(",")
        counts[fractions.Fraction(score)] = int(count)
    return counts, seconds


def timed(f, *args):
    start = time.perf_counter()
    result = f(*args)
    return result, time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller widths")
    args = ap.parse_args()

    # (alphabet values, flag for sqrtdk, python d, numpy d, sqrtdk d)
    cases = [
        ((-1, 1), "-1,1", 8 if args.quick else 10, 12 if args.quick else 14, 16 if args.quick else 18),
        ((-1, 0, 1), "-1,0,1", 5 if args.quick else 6, 7 if args.quick else 8, 9 if args.quick else 10),
    ]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_sqrtdk(tmp)
        for alphabet, flag, d_py, d_np, d_go in cases:
            m = len(alphabet)
            # Correctness: every baseline against sqrtdk at its own width.
            py, t_py = timed(python_counts, alphabet, d_py)
            ref, _ = sqrtdk_counts(exe, flag, d_py)
            assert py == ref, "python and sqrtdk disagree at d=%d" % d_py
            rows.append(("python", flag, d_py, m ** (2 * d_py), t_py))
            if np is not None:
                nc, t_np = timed(numpy_counts, alphabet, d_np)
                ref, _ = sqrtdk_counts(exe, flag, d_np)
                assert nc == ref, "numpy and sqrtdk disagree at d=%d" % d_np
                rows.append(("numpy", flag, d_np, m ** (2 * d_np), t_np))
            _, t_go = sqrtdk_counts(exe, flag, d_go)
            rows.append(("sqrtdk", flag, d_go, m ** (2 * d_go), t_go))

    if np is None:
        print("numpy not installed: its column is skipped (apt-get install python3-numpy)\n")
    print("%-7s %-7s %3s %14s %9s %12s %14s" % ("tool", "values", "d", "pairs", "seconds", "pairs/s", "sqrtdk ratio"))
    best = {flag: pairs / sec for tool, flag, d, pairs, sec in rows if tool == "sqrtdk"}
    for tool, flag, d, pairs, sec in rows:
        rate = pairs / sec
        ratio = "" if tool == "sqrtdk" else "%.0f×" % (best[flag] / rate)
        print("%-7s %-7s %3d %14d %9.3f %12.3g %14s" % (tool, flag, d, pairs, sec, rate, ratio))
    print("\n(machine: %d CPUs, load average %s)" % (os.cpu_count(), " ".join("%.2f" % x for x in os.getloadavg())))


if __name__ == "__main__":
    sys.exit(main())
