#!/usr/bin/env python3
"""Side-by-side speed of sqrtdk and its baselines, in one run.

Every tool computes the same exact distribution of q·k over every pair
(q, k) of vectors of width d over an alphabet (or its exact variance), and
its result is checked against sqrtdk's before it is timed:

  * python: plain nested loops over itertools.product, the obvious way;
  * numpy:  all vectors as a float matrix, one matrix product per block of
            q rows and np.bincount over the dot products (skipped when numpy
            is not installed; Debian package python3-numpy);
  * yardsticks: C programs written to run close to the hardware limit
            (../shared/bench beside this repository, or --yardsticks DIR):
            pm1 (±1, AVX-512), alpha (general alphabets, AVX-512; weighted
            multisets), gmp_stream (the closed form's recurrence with GMP)
            and flint_pow (FLINT's polynomial power). They are built into a
            temporary directory with their build.sh when gcc is present;
            pm1 and alpha only on a CPU with AVX-512 VPOPCNTDQ, gmp_stream
            only with libgmp-dev, flint_pow only with libflint-dev.
            Missing pieces are skipped with a note.
  * sqrtdk: built from this checkout, timed end to end as a process
            (start-up and output included), like every other tool.

Each timing is the median of --runs runs (3 by default), in wall-clock
seconds and in CPU seconds of the process (user + system, all threads);
ratios are taken on CPU seconds, which other work on a shared machine
moves less than wall-clock time. Not part of CI: it takes a few minutes.

Usage: python3 bench/compare.py [--quick] [--runs N] [--yardsticks DIR]
"""

import argparse
import collections
import fractions
import itertools
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
except ImportError:  # numpy is optional
    np = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_YARDSTICKS = os.environ.get("SQRTDK_YARDSTICKS", os.path.join(os.path.dirname(ROOT), "shared", "bench"))
if not os.path.isdir(DEFAULT_YARDSTICKS):
    DEFAULT_YARDSTICKS = "/work/shared/bench"


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


def timed(f, *args):
    """Runs f in this process: (result, wall seconds, CPU seconds)."""
    cpu = time.process_time()
    start = time.perf_counter()
    result = f(*args)
    return result, time.perf_counter() - start, time.process_time() - cpu


def run(cmd, env=None):
    """Runs a process: (stdout, wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall, cpu


def median_run(cmd, runs, env=None):
    """The output of one run and the median wall and CPU seconds of runs."""
    walls, cpus, out = [], [], None
    for _ in range(runs):
        out, wall, cpu = run(cmd, env)
        walls.append(wall)
        cpus.append(cpu)
    return out, statistics.median(walls), statistics.median(cpus)


def parse_scores(csv_text):
    """score,count[,...] lines after a header: {Fraction(score): count}."""
    counts = {}
    for line in csv_text.splitlines()[1:]:
        if line:
            fields = line.split(",")
            counts[fractions.Fraction(fields[0])] = int(fields[1])
    return counts


def has_avx512_popcount():
    try:
        with open("/proc/cpuinfo") as f:
            flags = f.read()
    except OSError:
        return False
    return "avx512_vpopcntdq" in flags and "avx512f" in flags


class Yardsticks:
    """The C yardsticks, built into tmp; each attribute is a path or None."""

    def __init__(self, src, tmp):
        self.notes = []
        self.src = src
        self.pm1 = self.alpha = self.gmp_stream = self.flint_pow = None
        self.lattice = None
        if not os.path.isfile(os.path.join(src, "build.sh")):
            self.notes.append("yardsticks: no build.sh in %s (use --yardsticks DIR): skipped" % src)
            return
        if shutil.which(os.environ.get("CC", "gcc")) is None:
            self.notes.append("yardsticks: gcc not found: skipped")
            return
        out = os.path.join(tmp, "yardsticks")
        log = subprocess.run(["bash", os.path.join(src, "build.sh"), out], capture_output=True, text=True)
        built = set(re.findall(r"built \S*/(\w+)", log.stdout))
        avx512 = has_avx512_popcount()
        for name in ("pm1", "alpha", "gmp_stream", "flint_pow"):
            path = os.path.join(out, name)
            if name in built and os.path.isfile(path):
                if name in ("pm1", "alpha") and not avx512:
                    self.notes.append("yardsticks: %s needs AVX-512 VPOPCNTDQ, which this CPU lacks: skipped" % name)
                    continue
                setattr(self, name, path)
            else:
                why = {"gmp_stream": "libgmp-dev", "flint_pow": "libflint-dev"}.get(name, "a compiler with AVX-512")
                self.notes.append("yardsticks: %s did not build (needs %s): skipped" % (name, why))
        sys.path.insert(0, src)
        try:
            import lattice  # the yardsticks' own lattice tables
            self.lattice = lattice
        except ImportError:
            self.notes.append("yardsticks: lattice.py missing: alpha skipped")
            self.alpha = None

    def alpha_args(self, mode, values, d):
        """The D M TABLE [WEIGHTS] arguments of alpha for values at width d."""
        letters = self.lattice.parse(values)
        distinct = [v for v, _ in letters]
        if mode == "vec":
            expanded = [v for v, m in letters for _ in range(m)]
            t, _, _ = self.lattice.lattice(expanded, d)
            return [str(d), str(len(expanded)), ",".join(str(x) for r in t for x in r)]
        t, _, _ = self.lattice.lattice(distinct, d)
        return [str(d), str(len(distinct)), ",".join(str(x) for r in t for x in r), ",".join(str(m) for _, m in letters)]

    def alpha_scores(self, out, values, d):
        """alpha's index,count output as {Fraction(score): count}."""
        distinct = [v for v, _ in self.lattice.parse(values)]
        _, base, step = self.lattice.lattice(distinct, d)
        return {base + i * step: c for i, c in parse_scores(out).items()}


def variance_of(counts):
    """The population variance of {score: count}, exactly."""
    n = sum(counts.values())
    mean = sum(s * c for s, c in counts.items()) / n
    return sum(s * s * c for s, c in counts.items()) / n - mean * mean


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller widths, one run each")
    ap.add_argument("--runs", type=int, default=3, help="runs per timing (median)")
    ap.add_argument("--yardsticks", default=DEFAULT_YARDSTICKS, help="directory of the C yardsticks (build.sh)")
    args = ap.parse_args()
    runs = 1 if args.quick else args.runs
    cpus = os.cpu_count() or 1
    omp = dict(os.environ, OMP_NUM_THREADS=str(cpus))
    load_before = os.getloadavg()

    rows = []  # (case, tool, pairs, wall, cpu)
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "sqrtdk")
        subprocess.run(["go", "build", "-o", exe, "./cmd/sqrtdk"], cwd=ROOT, check=True)
        ys = Yardsticks(args.yardsticks, tmp)
        notes += ys.notes

        def sqrtdk_dist(values, d):
            return [exe, "dist", "--values=" + values, "--d", str(d), "--method", "brute", "--format", "csv"]

        # Brute force against Python and numpy at their own (smaller) widths,
        # and against the yardsticks at sqrtdk's width.
        cases = [
            ("-1,1", (-1, 1), 8 if args.quick else 10, 12 if args.quick else 14, 16 if args.quick else 18),
            ("-1,0,1", (-1, 0, 1), 5 if args.quick else 6, 7 if args.quick else 8, 9 if args.quick else 10),
        ]
        for flag, alphabet, d_py, d_np, d_go in cases:
            m = len(alphabet)
            case = "%s d=%d" % (flag, d_go)
            ref, _, _ = run(sqrtdk_dist(flag, d_py))
            py, wall, cpu = timed(python_counts, alphabet, d_py)
            assert py == parse_scores(ref), "python and sqrtdk disagree at d=%d" % d_py
            rows.append((case, "python d=%d" % d_py, m ** (2 * d_py), wall, cpu))
            if np is not None:
                ref, _, _ = run(sqrtdk_dist(flag, d_np))
                nc, wall, cpu = timed(numpy_counts, alphabet, d_np)
                assert nc == parse_scores(ref), "numpy and sqrtdk disagree at d=%d" % d_np
                rows.append((case, "numpy d=%d" % d_np, m ** (2 * d_np), wall, cpu))
            out, wall, cpu = median_run(sqrtdk_dist(flag, d_go), runs)
            mine = parse_scores(out)
            rows.append((case, "sqrtdk", m ** (2 * d_go), wall, cpu))
            if flag == "-1,1" and ys.pm1 and d_go % 2 == 0 and 10 <= d_go <= 22:
                yout, wall, cpu = median_run([ys.pm1, "vecsub", str(d_go)], runs, omp)
                assert parse_scores(yout) == mine, "pm1 and sqrtdk disagree at d=%d" % d_go
                rows.append((case, "C pm1 vecsub", m ** (2 * d_go), wall, cpu))
            if flag == "-1,0,1" and ys.alpha:
                yout, wall, cpu = median_run([ys.alpha, "vec"] + ys.alpha_args("vec", flag, d_go), runs, omp)
                assert ys.alpha_scores(yout, flag, d_go) == mine, "alpha and sqrtdk disagree at d=%d" % d_go
                rows.append((case, "C alpha vec", m ** (2 * d_go), wall, cpu))

        # A multiset: sqrtdk and alpha both visit the pairs of distinct
        # letters once, weighted; pairs counts those visits.
        values, d = "-2,1/2:4", 8
        case = "%s d=%d" % (values, d)
        out, wall, cpu = median_run(sqrtdk_dist(values, d), runs)
        mine = parse_scores(out)
        rows.append((case, "sqrtdk", 2 ** (2 * d), wall, cpu))
        if ys.alpha:
            yout, wall, cpu = median_run([ys.alpha, "wt"] + ys.alpha_args("wt", values, d), runs, omp)
            assert ys.alpha_scores(yout, values, d) == mine, "alpha wt and sqrtdk disagree"
            rows.append((case, "C alpha wt", 2 ** (2 * d), wall, cpu))

        # The closed form's exact variance, streamed: sqrtdk table against the
        # same recurrence with GMP and FLINT's polynomial power.
        for values, weights, d in (("-1,1", "1,1", 10 ** 4 if args.quick else 10 ** 5),
                                   ("-1,0,1", "2,5,2", 2000 if args.quick else 20000)):
            case = "closed %s d=%d" % (values, d)
            out, wall, cpu = median_run([exe, "table", "--values=" + values, "--d", str(d),
                                         "--method", "closed", "--format", "json"], runs)
            exact = re.search(r'"raw": \{"exact":"([^"]+)"', out).group(1)
            variance = fractions.Fraction(exact)
            rows.append((case, "sqrtdk", None, wall, cpu))
            step = ys.lattice.lattice([v for v, _ in ys.lattice.parse(values)], d)[2] if ys.lattice else None
            if ys.gmp_stream and step is not None:
                yout, wall, cpu = median_run([ys.gmp_stream, str(d), weights], runs)
                lattice_var = fractions.Fraction(re.search(r"variance \(lattice units\) (\S+)", yout).group(1))
                assert lattice_var * step * step == variance, "gmp_stream and sqrtdk disagree"
                rows.append((case, "C gmp_stream", None, wall, cpu))
            if ys.flint_pow and step is not None:
                yout, wall, cpu = median_run([ys.flint_pow, "var", str(d), weights], runs)
                lattice_var = fractions.Fraction(re.search(r"variance \(lattice units\) (\S+)", yout).group(1))
                assert lattice_var * step * step == variance, "flint_pow and sqrtdk disagree"
                rows.append((case, "C flint_pow", None, wall, cpu))

    if np is None:
        notes.append("numpy not installed: its rows are skipped (apt-get install python3-numpy)")
    for n in notes:
        print(n)
    if notes:
        print()
    print("%-22s %-14s %14s %9s %9s %13s %15s" % ("case", "tool", "pairs", "wall s", "CPU s", "pairs/CPU-s", "sqrtdk faster"))
    mine = {case: cpu for case, tool, pairs, wall, cpu in rows if tool == "sqrtdk"}
    mine_rate = {case: pairs / cpu for case, tool, pairs, wall, cpu in rows if tool == "sqrtdk" and pairs}
    for case, tool, pairs, wall, cpu in rows:
        rate = "%13.3g" % (pairs / cpu) if pairs and cpu > 0 else "%13s" % ""
        if tool == "sqrtdk":
            ratio = ""
        elif pairs and case in mine_rate and cpu > 0:
            ratio = "%.3g×" % (mine_rate[case] / (pairs / cpu))  # per pair visited
        else:
            ratio = "%.3g×" % (cpu / mine[case])
        print("%-22s %-14s %14s %9.3f %9.3f %s %15s" % (case, tool, pairs or "", wall, cpu, rate, ratio))
    print("\n(machine: %d CPUs; load average %s before, %s after; median of %d runs; yardsticks with OMP_NUM_THREADS=%d)"
          % (cpus, " ".join("%.2f" % x for x in load_before), " ".join("%.2f" % x for x in os.getloadavg()), runs, cpus))
    print("sqrtdk faster: the tool's CPU seconds per pair over sqrtdk's (time over sqrtdk's for the closed form);"
          " below 1× the tool is faster.")


if __name__ == "__main__":
    sys.exit(main())
