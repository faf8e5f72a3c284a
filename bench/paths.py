#!/usr/bin/env python3
"""Brute force on every kernel path of this CPU, in one run: AVX-512, AVX2, plain Go.

The kernels choose their path at run time (golang.org/x/sys/cpu), and the
Go runtime lets GODEBUG switch CPU features off, so one AVX-512 machine
times all three: GODEBUG=cpu.avx512f=off is what a CPU with AVX2 only runs
(most laptops, AMD before Zen 4), cpu.avx512f=off,cpu.avx2=off the plain
Go that arm64 (Apple Silicon) and every other platform run. Every kernel
forms every pair's index (or popcount(q ⊕ k)) in its lane and counts it,
as the C yardsticks do.

Two tables:

  1. End to end: `sqrtdk dist ... --method brute` as a process (start-up and
     output included, 2 workers), CPU seconds (user + system) of each path,
     median of --runs runs taken round-robin (path after path, so that a
     change in the other load of a shared machine falls on all of them), the
     ratio to the AVX-512 path, and beside each path the C yardstick of the
     same histogram built for the same instructions (../shared/bench: pm1
     vecsub for ±1, alpha vec for the others), with sqrtdk's ratio to it:
     gcc -O3 -fopenmp with -march=native for AVX-512 (AVX-512 VPOPCNTDQ
     needed), -march=x86-64-v3 for AVX2, -march=x86-64-v2 for portable C
     (POPCNT, no vector popcount: what the plain-Go path is measured
     against). Every path's output must be the same bytes, and every
     yardstick's counts sqrtdk's. A last column is the plain-Go path of a
     binary built with GOAMD64=v3: Go's default (v1) tests for POPCNT at
     every bits.OnesCount64 on amd64 (arm64 has no such test), and this
     column shows what that costs.
  2. Kernels alone: `go test -bench KernelRatios` (one core, every
     implementation of a case's kernels timed round-robin in the thread's
     CPU time): pairs per CPU-second, and time per pair over that of the
     fastest AVX-512 kernel of the case, for the default build and for
     GOAMD64=v3.

Not part of CI: a few minutes. Usage:

    python3 bench/paths.py [--runs N] [--rounds N] [--quick] [--no-kernels] [--yardsticks DIR]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (run, Yardsticks, parse_scores)

PATHS = [("AVX-512", ""), ("AVX2", "cpu.avx512f=off"), ("portable", "cpu.avx512f=off,cpu.avx2=off")]

CASES = [("-1,1", 16), ("-1,1", 18), ("-1,0,1", 10), ("-1,0,1", 11)]
QUICK_CASES = [("-1,1", 16), ("-1,0,1", 10)]


def env_with(godebug):
    env = dict(os.environ)
    env.pop("GODEBUG", None)
    if godebug:
        env["GODEBUG"] = godebug
    return env


# The C yardsticks' builds, one per kernel path: gcc's -march and the path
# their programs must report on stderr ("[AVX-512]", "[AVX2]", "[portable]").
C_BUILDS = [("AVX-512", "native"), ("AVX2", "x86-64-v3"), ("portable", "x86-64-v2")]


def build_c(ys, tmp):
    """Builds pm1 and alpha for every path of C_BUILDS this CPU runs: {path: (pm1, alpha)}; notes what it skips."""
    builds = {}
    cc = os.environ.get("CC", "gcc")
    for path, march in C_BUILDS:
        if path == "AVX-512" and not compare.has_avx512_popcount():
            ys.notes.append("yardsticks: no AVX-512 VPOPCNTDQ here: no AVX-512 C build")
            continue
        out = os.path.join(tmp, "c-" + march)
        os.makedirs(out, exist_ok=True)
        progs = []
        for name in ("pm1", "alpha"):
            exe = os.path.join(out, name)
            cmd = [cc, "-O3", "-march=" + march, "-fopenmp", "-o", exe, os.path.join(ys.src, name + ".c")]
            if subprocess.run(cmd, capture_output=True).returncode != 0:
                ys.notes.append("yardsticks: %s -march=%s did not build: skipped" % (name, march))
                exe = None
            progs.append(exe)
        pm1, alpha = progs
        if pm1:
            # The path is chosen at compile time: check it is the one meant.
            err = subprocess.run([pm1, "vecsub", "10"], capture_output=True, text=True).stderr
            if "[%s]" % path not in err:
                ys.notes.append("yardsticks: -march=%s gave %r, not the %s path: skipped" % (march, err.strip(), path))
                continue
        builds[path] = (pm1, alpha)
    return builds


def yardstick_cmd(ys, progs, values, d):
    """The yardstick command for values at width d with progs = (pm1, alpha), and how to read it."""
    pm1, alpha = progs
    if values == "-1,1" and pm1:
        return [pm1, "vecsub", str(d)], compare.parse_scores
    if values != "-1,1" and alpha and ys.lattice:
        return [alpha, "vec"] + ys.alpha_args("vec", values, d), lambda out: ys.alpha_scores(out, values, d)
    return None, None


def end_to_end(args, tmp, ys):
    binary = os.path.join(tmp, "sqrtdk")
    binary_v3 = os.path.join(tmp, "sqrtdk-v3")
    subprocess.run(["go", "build", "-o", binary, "./cmd/sqrtdk"], check=True, cwd=compare.ROOT)
    subprocess.run(["go", "build", "-o", binary_v3, "./cmd/sqrtdk"], check=True, cwd=compare.ROOT,
                   env=dict(os.environ, GOAMD64="v3"))
    cbuilds = build_c(ys, tmp)
    for note in ys.notes:
        print(note)
    runs = PATHS + [("portable v3", PATHS[-1][1])]
    rows = []
    for values, d in QUICK_CASES if args.quick else CASES:
        args_ = ["dist", "--values", values, "--d", str(d), "--method", "brute", "--format", "csv", "--workers", "2"]
        ycmds = {path: yardstick_cmd(ys, progs, values, d) for path, progs in cbuilds.items()}
        cpus = {name: [] for name, _ in runs}
        outs = {}
        for _ in range(args.runs):
            for name, godebug in runs:
                exe = binary_v3 if name.endswith("v3") else binary
                out, _, cpu = compare.run([exe] + args_, env_with(godebug))
                outs.setdefault(name, out)
                if out != outs[name] or out != outs["AVX-512"]:
                    sys.exit("paths.py: %s: the %s path printed other bytes than AVX-512's" % (" ".join(args_), name))
                cpus[name].append(cpu)
                ycmd, yparse = ycmds.get(name, (None, None))
                if ycmd:
                    out, _, cpu = compare.run(ycmd, dict(os.environ, OMP_NUM_THREADS="2"))
                    if yparse(out) != compare.parse_scores(outs["AVX-512"]):
                        sys.exit("paths.py: the %s yardstick %s disagrees with sqrtdk" % (name, " ".join(ycmd[:2])))
                    cpus.setdefault("C " + name, []).append(cpu)
        med = {k: statistics.median(v) for k, v in cpus.items() if v}
        yname = next((os.path.basename(c[0][0]) + " " + c[0][1] for c in ycmds.values() if c[0]), None)
        rows.append((values, d, med, yname))
    print("End to end: sqrtdk dist --method brute, CPU seconds (median of %d), ratio to AVX-512" % args.runs)
    print("%-8s %3s %8s %15s %15s %15s" % ("values", "d", "AVX-512", "AVX2", "portable", "portable v3"))
    for values, d, med, _ in rows:
        base = med["AVX-512"]
        cells = ["%8.3f" % base] + ["%7.3f (%4.1f×)" % (med[n], med[n] / base) for n in ("AVX2", "portable", "portable v3")]
        print("%-8s %3d %s" % (values, d, " ".join(cells)))
    print("\nBeside the C yardstick built for the same instructions (-march=native, x86-64-v3, x86-64-v2):")
    print("CPU seconds, C's median, sqrtdk / C (the v3 column: sqrtdk built with GOAMD64=v3 against portable C)")
    print("%-8s %3s  %-11s %17s %17s %17s %9s" % ("values", "d", "yardstick", "AVX-512", "AVX2", "portable", "v3"))
    for values, d, med, yname in rows:
        cells = []
        for n in ("AVX-512", "AVX2", "portable"):
            c = med.get("C " + n)
            cells.append("%8.3f (%5.2f×)" % (c, med[n] / c) if c else "%17s" % "-")
        c = med.get("C portable")
        cells.append("%8s" % ("%.2f×" % (med["portable v3"] / c) if c else "-"))
        print("%-8s %3d  %-11s %s" % (values, d, yname or "(none)", " ".join(cells)))


RATIO_LINE = re.compile(r"^BenchmarkKernelRatios/(\S+)/d=(\d+)-\d+\s+\d+\s+\S+ ns/op\s+(.*)$")


def kernels(args):
    """Runs BenchmarkKernelRatios for the default build and GOAMD64=v3."""
    builds = [("default", None), ("GOAMD64=v3", "v3")]
    results = {}
    for label, level in builds:
        env = dict(os.environ)
        if level:
            env["GOAMD64"] = level
        cmd = ["go", "test", "-run", "XXX", "-bench", "KernelRatios", "-benchtime", "%dx" % args.rounds,
               "./enumerate/internal/kernel"]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=compare.ROOT, env=env).stdout
        for line in out.splitlines():
            m = RATIO_LINE.match(line)
            if not m:
                continue
            f = m.group(3).split()
            metrics = {f[i + 1]: float(f[i]) for i in range(0, len(f) - 1, 2)}
            for unit, v in metrics.items():
                if unit.endswith("-pairs/cpu-s"):
                    name = unit[: -len("-pairs/cpu-s")]
                    key = (m.group(1), int(m.group(2)), name)
                    results.setdefault(key, {})[label] = (v, metrics.get(name + "-×avx512"))
    print("\nKernels alone (go test -bench KernelRatios, one core, %d rounds round-robin, thread CPU time):" % args.rounds)
    print("pairs per CPU-second and time per pair over the fastest AVX-512 kernel of the case")
    print("%-12s %3s  %-14s %-9s %12s %8s %12s %8s" % ("alphabet", "d", "kernel", "path", "pairs/CPU-s", "×", "v3 pairs/s", "v3 ×"))
    for (case, d, name), by in results.items():
        kind, impl = name.split("/")
        cells = []
        for label, _ in builds:
            rate, ratio = by.get(label, (float("nan"), None))
            cells.append("%12.3g %8s" % (rate, "%7.2f×" % ratio if ratio else ""))
        print("%-12s %3d  %-14s %-9s %s" % (case, d, kind, impl, " ".join(cells)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each end-to-end command (median)")
    ap.add_argument("--rounds", type=int, default=15, help="round-robin rounds of the kernel benchmark")
    ap.add_argument("--quick", action="store_true", help="the issue's two cases only")
    ap.add_argument("--no-kernels", action="store_true", help="the end-to-end table only")
    ap.add_argument("--yardsticks", default=compare.DEFAULT_YARDSTICKS, help="directory of the C yardsticks (build.sh)")
    args = ap.parse_args()
    print("load average before: %s" % open("/proc/loadavg").read().split()[:3])
    with tempfile.TemporaryDirectory() as tmp:
        ys = compare.Yardsticks(args.yardsticks, tmp)
        end_to_end(args, tmp, ys)
    if not args.no_kernels:
        kernels(args)
    print("\nload average after: %s" % open("/proc/loadavg").read().split()[:3])


if __name__ == "__main__":
    main()
