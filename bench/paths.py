#!/usr/bin/env python3
"""Brute force on every kernel path of this CPU, in one run: AVX-512, AVX2, plain Go.

The kernels choose their path at run time (golang.org/x/sys/cpu), and the
Go runtime lets GODEBUG switch CPU features off, so one AVX-512 machine
times all three: GODEBUG=cpu.avx512f=off is what a CPU with AVX2 only runs
(most laptops, AMD before Zen 4), cpu.avx512f=off,cpu.avx2=off the plain
Go that arm64 (Apple Silicon) and every other platform run.

Two tables:

  1. End to end: `sqrtdk dist ... --method brute` as a process (start-up and
     output included, 2 workers), CPU seconds (user + system) of each path,
     median of --runs runs taken round-robin (path after path, so that a
     change in the other load of a shared machine falls on all of them), the
     ratio to the AVX-512 path, and the C yardstick of the same histogram
     (../shared/bench: pm1 vecsub for ±1, alpha vec for the others, built
     into a temporary directory with their build.sh; AVX-512 VPOPCNTDQ
     needed) with sqrtdk's ratio to it. Every path's output must be the
     same bytes, and the yardstick's counts sqrtdk's.
  2. Kernels alone: `go test -bench Kernels` (one core, pairs per CPU-second
     of the benchmark's thread, medians of --count), each path forced in
     the same process, the ratio of each kernel's time per pair to the
     AVX-512 sliced-index kernel's on the same case.

Not part of CI: a few minutes. Usage:

    python3 bench/paths.py [--runs N] [--count N] [--quick] [--yardsticks DIR]
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


def yardstick_cmd(ys, values, d):
    """The yardstick command for values at width d, and how to read it."""
    if values == "-1,1" and ys.pm1:
        return [ys.pm1, "vecsub", str(d)], compare.parse_scores
    if values != "-1,1" and ys.alpha and ys.lattice:
        return [ys.alpha, "vec"] + ys.alpha_args("vec", values, d), lambda out: ys.alpha_scores(out, values, d)
    return None, None


def end_to_end(args, tmp, ys):
    binary = os.path.join(tmp, "sqrtdk")
    subprocess.run(["go", "build", "-o", binary, "./cmd/sqrtdk"], check=True, cwd=compare.ROOT)
    rows = []
    for values, d in QUICK_CASES if args.quick else CASES:
        cmd = [binary, "dist", "--values", values, "--d", str(d), "--method", "brute", "--format", "csv", "--workers", "2"]
        ycmd, yparse = yardstick_cmd(ys, values, d)
        cpus = {name: [] for name, _ in PATHS}
        cpus["C"] = []
        outs = {}
        for _ in range(args.runs):
            for name, godebug in PATHS:
                out, _, cpu = compare.run(cmd, env_with(godebug))
                outs.setdefault(name, out)
                if out != outs[name] or out != outs["AVX-512"]:
                    sys.exit("paths.py: %s: the %s path printed other bytes than AVX-512's" % (" ".join(cmd[1:]), name))
                cpus[name].append(cpu)
            if ycmd:
                yenv = dict(os.environ, OMP_NUM_THREADS="2")
                out, _, cpu = compare.run(ycmd, yenv)
                if yparse(out) != compare.parse_scores(outs["AVX-512"]):
                    sys.exit("paths.py: the yardstick %s disagrees with sqrtdk" % " ".join(ycmd[:2]))
                cpus["C"].append(cpu)
        med = {k: statistics.median(v) for k, v in cpus.items() if v}
        rows.append((values, d, med, os.path.basename(ycmd[0]) + " " + ycmd[1] if ycmd else None))
    print("End to end: sqrtdk dist --method brute, CPU seconds (median of %d), ratio to AVX-512; C yardstick, ratio to it" % args.runs)
    print("%-10s %3s %9s %16s %16s   %-13s %7s  %s" % ("values", "d", "AVX-512", "AVX2", "portable", "yardstick", "C s", "sqrtdk / C (AVX-512, AVX2, portable)"))
    for values, d, med, yname in rows:
        base = med["AVX-512"]
        cells = ["%9.3f" % base] + ["%8.3f (%4.1f×)" % (med[n], med[n] / base) for n in ("AVX2", "portable")]
        if "C" in med:
            yc = "%-13s %7.3f  %s" % (yname, med["C"], ", ".join("%.2f×" % (med[n] / med["C"]) for n, _ in PATHS))
        else:
            yc = "(no yardstick)"
        print("%-10s %3d %s   %s" % (values, d, " ".join(cells), yc))


BENCH_LINE = re.compile(r"^BenchmarkKernels/(\S+)/d=(\d+)/(\S+)/(\w+)-\d+\s.*?([\d.e+]+) pairs/cpu-s")


def kernels(args):
    cmd = ["go", "test", "-run", "XXX", "-bench", "Kernels", "-benchtime", "0.5s", "-count", str(args.count),
           "./enumerate/internal/kernel"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=compare.ROOT).stdout
    rates = {}
    for line in out.splitlines():
        m = BENCH_LINE.match(line)
        if m:
            case, d, kind, impl, rate = m.group(1), int(m.group(2)), m.group(3), m.group(4), float(m.group(5))
            rates.setdefault((case, d), {}).setdefault((kind, impl), []).append(rate)
    print("\nKernels alone (go test -bench Kernels, one core, medians of %d): pairs per CPU-second, and time per pair" % args.count)
    print("relative to the AVX-512 sliced-index kernel on the same case")
    print("%-12s %3s  %-14s %-9s %14s %8s" % ("alphabet", "d", "kernel", "path", "pairs/CPU-s", "× time"))
    for (case, d), kinds in rates.items():
        base = kinds.get(("sliced-index", "avx512"))
        for (kind, impl), rs in kinds.items():
            rate = statistics.median(rs)
            ratio = "%7.2f×" % (statistics.median(base) / rate) if base else ""
            print("%-12s %3d  %-14s %-9s %14.3g %8s" % (case, d, kind, impl, rate, ratio))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each end-to-end command (median)")
    ap.add_argument("--count", type=int, default=3, help="runs of each kernel benchmark (median)")
    ap.add_argument("--quick", action="store_true", help="the issue's two cases only")
    ap.add_argument("--yardsticks", default=compare.DEFAULT_YARDSTICKS, help="directory of the C yardsticks (build.sh)")
    args = ap.parse_args()
    print("load average before: %s" % open("/proc/loadavg").read().split()[:3])
    with tempfile.TemporaryDirectory() as tmp:
        ys = compare.Yardsticks(args.yardsticks, tmp)
        for note in ys.notes:
            print(note)
        end_to_end(args, tmp, ys)
    kernels(args)
    print("\nload average after: %s" % open("/proc/loadavg").read().split()[:3])


if __name__ == "__main__":
    main()
