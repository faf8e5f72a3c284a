#!/usr/bin/env python3
"""Writes class B's answer files and its hand grades (b/hand-grades.txt).

Class B answers a template key (b/quiz.key): each student has a variant,
drawn from the seed quiz-2026 (b27 from the roster's make-up seed) and the
student id by the documented hash (grade.Pick: SHA-256 of
"sqrtdk-variant-v1", seed, student and name, each followed by a zero byte,
modulo the number of choices), which this script computes on its own.

Every answer kind below was graded by hand: its value is worked out from the
variant's d_k and a with the key's hand values, and the mark and mistake
written beside it. The flag of a file whose answers fit another variant is
worked out here too, independently of the tool: every variant is tried and
a file is flagged when some variant makes two or more parts more right.
"""
import hashlib
import math
import os
from decimal import Decimal, ROUND_HALF_EVEN, ROUND_FLOOR, getcontext
from fractions import Fraction

getcontext().prec = 60
HERE = os.path.dirname(os.path.abspath(__file__))
D = list(range(10, 41))
A = list(range(2, 9))
PARTS = ["1.cases", "1.raw", "1.d", "2.var", "2.std", "3"]
POINTS = {"1.cases": 1, "1.raw": 1, "1.d": 1, "2.var": 1, "2.std": 1, "3": 1}


def pick(seed, student, name, n):
    h = hashlib.sha256()
    for s in ["sqrtdk-variant-v1", seed, student, name]:
        h.update(s.encode())
        h.update(b"\0")
    return int.from_bytes(h.digest(), "big") % n


def variant(student, seed="quiz-2026"):
    return D[pick(seed, student, "d", len(D))], A[pick(seed, student, "a", len(A))]


def grouped(n, sep=","):
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    return sep.join([s] + out)


def places(x, p, mode=ROUND_HALF_EVEN):
    """x (a Fraction or a Decimal) rounded or cut to p places, as text."""
    if isinstance(x, Fraction):
        x = Decimal(x.numerator) / Decimal(x.denominator)
    return str(x.quantize(Decimal(1).scaleb(-p), rounding=mode))


def sqrt(n):
    return Decimal(n).sqrt()


def answer(kind, d, a):
    """The text of an answer kind for the variant (d, a), with its hand grade:
    (text, mark, points, mistake)."""
    v = 4 ** d
    a4 = a ** 4
    table = {
        # 1.cases = 4^d
        "cases/power": (f"4^{d}", "R", "1", "-"),
        "cases/commas": (grouped(v), "R", "1", "-"),
        "cases/spaces": (grouped(v, " "), "R", "1", "-"),
        "cases/thin": (grouped(v, "\u2009"), "R", "1", "-"),
        "cases/pow2": (f"2**{2 * d}", "R", "1", "-"),
        "cases/pairs": (f"{v} pairs", "R", "1", "-"),
        "cases/work": (f"4^{d} = {v}", "R", "1", "-"),
        "cases/sci": (f"≈ {str(v)[0]}.{str(round(v, -(len(str(v)) - 3)))[1:3]} × 10^{len(str(v)) - 1}", "R", "1", "-"),
        "cases/latex": (f"$4^{{{d}}}$", "R", "1", "-"),
        "cases/vectors": (f"2^{d}", "W", "0", "vectors-not-pairs"),
        "cases/badwork": (f"4^{d} = {v + 10}", "W", "0", "work-disagrees"),
        "cases/apples": (f"{v} apples", "U", "0", "-"),
        # 1.raw = d, decimals=1
        "raw/one": (f"{d}.0", "R", "1", "-"),
        "raw/int": (f"{d}", "R", "1", "-"),
        "raw/approx": (f"≈ {d}.0", "R", "1", "-"),
        "raw/std": (f"√{d}", "W", "0", "std-for-variance"),
        "raw/neighbour": (f"{d - 1}.0", "W", "0", "neighbouring-width"),
        "raw/sci": (f"{d // 10}.{d % 10}e1", "S", "0", "too-few-places"),
        "raw/comma": (f"{d},0", "U", "0", "-"),
        # 1.d = 1/d, decimals=3, partial=0.5
        "d/frac": (f"1/{d}", "R", "1", "-"),
        "d/dec": (places(Fraction(1, d), 3), "R", "1", "-"),
        "d/pct": (places(Fraction(100, d), 1) + "%", "R", "1", "-"),
        "d/short": (places(Fraction(1, d), 2), "S", "0.5", "too-few-places"),
        "d/usual": ("1.000", "W", "0", "usual-scale"),
        "d/raw": (f"{d}.000", "W", "0", "unscaled"),
        "d/cut": (places(Fraction(1, d), 3, ROUND_FLOOR), "W", "0", "truncated"),
        "d/neighbour": (f"1/{d + 1}", "W", "0", "neighbouring-width"),
        # 2.var = 3a^4
        "var/int": (f"{3 * a4}", "R", "1", "-"),
        "var/expr": (f"3·{a}^4", "R", "1", "-"),
        "var/restate": (f"{3 * a4} (=3·{a}⁴)", "R", "1", "-"),
        "var/unit": ("3", "W", "0", "unit-entries"),
        "var/std": (f"{a * a}√3", "W", "0", "std-for-variance"),
        "var/sum": (f"{192 * a4}", "W", "0", "sum-not-mean"),
        "var/d1": (f"{a4}", "W", "0", "neighbouring-width"),
        # 2.std = a^2
        "std/int": (f"{a * a}", "R", "1", "-"),
        "std/label": (f"std {a * a}", "R", "1", "-"),
        "std/sigma": (f"σ = {a}²", "R", "1", "-"),
        "std/var": (f"{a4}", "W", "0", "variance-for-std"),
        "std/unit": ("1", "W", "0", "unit-entries"),
        "std/raw": (f"{a * a}√3", "W", "0", "unscaled"),
        # 3 = √d, decimals=2
        "sqrt/surd": (f"√{d}", "R", "1", "-"),
        "sqrt/fn": (f"sqrt({d})", "R", "1", "-"),
        "sqrt/dec": (places(sqrt(d), 2), "R", "1", "-"),
        "sqrt/work": (f"sqrt({d}) ≈ {places(sqrt(d), 2)}", "R", "1", "-"),
        "sqrt/latex": (f"$\\sqrt{{{d}}}$", "R", "1", "-"),
        "sqrt/var": (f"{d}", "W", "0", "variance-for-std"),
        "sqrt/neighbour": (f"√{d + 1}", "W", "0", "neighbouring-width"),
        "sqrt/short": (places(sqrt(d), 1), "S", "0", "too-few-places"),
        "sqrt/cut": (places(sqrt(d), 2, ROUND_FLOOR), "W", "0", "truncated"),
    }
    if kind in ("d/cut", "sqrt/cut"):  # a cut that rounding would not change is no mistake
        rounded = answer(kind.replace("cut", "dec"), d, a)[0]
        assert table[kind][0] != rounded, (kind, d, a)
    return table[kind]


# Each student's answers by hand: part -> answer kind (None: left out).
R = {"1.cases": "cases/power", "1.raw": "raw/one", "1.d": "d/dec", "2.var": "var/int", "2.std": "std/int", "3": "sqrt/dec"}


def with_(**over):
    out = dict(R)
    for k, v in over.items():
        out[k.replace("_", ".").replace("p1.", "1.").replace("p2.", "2.").replace("p3", "3")] = v
    return out


STUDENTS = {
    "b01": {"1.cases": "cases/commas", "1.raw": "raw/int", "1.d": "d/frac", "2.var": "var/expr", "2.std": "std/label", "3": "sqrt/surd"},
    "b02": {"1.cases": "cases/vectors", "1.raw": "raw/std", "1.d": "d/usual", "2.var": "var/unit", "2.std": "std/var", "3": "sqrt/var"},
    "b03": {"1.cases": "cases/spaces", "1.raw": "raw/approx", "1.d": "d/cut", "2.var": "var/std", "2.std": "std/sigma", "3": "sqrt/fn"},
    "b04": {"1.cases": "cases/pow2", "1.raw": "raw/sci", "1.d": "d/pct", "2.var": "var/sum", "2.std": "std/unit", "3": "sqrt/work"},
    "b06": {"1.cases": "cases/pairs", "1.raw": "raw/neighbour", "1.d": "d/short", "2.var": "var/restate", "2.std": "std/raw", "3": "sqrt/latex"},
    "b07": {"1.cases": "cases/work", "1.raw": "raw/comma", "1.d": "d/raw", "2.var": "var/d1", "2.std": "std/int", "3": "sqrt/cut"},
    "b08": {"1.cases": "cases/sci", "1.raw": "raw/one", "1.d": "d/dec", "2.var": "var/int", "2.std": "std/int", "3": "sqrt/short"},
    "b09": {"1.cases": "cases/latex", "1.raw": "raw/int", "1.d": "d/neighbour", "2.var": "var/expr", "2.std": None, "3": "sqrt/neighbour"},
    "b10": {"1.cases": "cases/thin", "1.raw": "raw/one", "1.d": "d/frac", "2.var": "var/int", "2.std": "std/label", "3": "sqrt/dec"},
    "b11": {"1.cases": "cases/badwork", "1.raw": None, "1.d": "d/short", "2.var": "var/unit", "2.std": "std/sigma", "3": "sqrt/surd"},
    "b13": {"1.cases": "cases/apples", "1.raw": "raw/std", "1.d": "d/pct", "2.var": "var/restate", "2.std": "std/unit", "3": "sqrt/fn"},
    "b14": {"1.cases": "cases/power", "1.raw": "raw/int", "1.d": "d/usual", "2.var": "var/std", "2.std": "std/var", "3": "sqrt/work"},
    "b15": {"1.cases": "cases/commas", "1.raw": "raw/approx", "1.d": "d/cut", "2.var": "var/sum", "2.std": "std/raw", "3": "sqrt/latex"},
    "b16": {"1.cases": "cases/vectors", "1.raw": "raw/sci", "1.d": "d/raw", "2.var": "var/int", "2.std": "std/int", "3": "sqrt/var"},
    "b17": {"1.cases": "cases/spaces", "1.raw": "raw/one", "1.d": "d/dec", "2.var": "var/d1", "2.std": "std/label", "3": "sqrt/dec"},
    "b18": {"1.cases": "cases/pow2", "1.raw": "raw/neighbour", "1.d": "d/frac", "2.var": "var/expr", "2.std": "std/sigma", "3": "sqrt/var"},
    "b19": {"1.cases": "cases/pairs", "1.raw": "raw/int", "1.d": "d/neighbour", "2.var": "var/unit", "2.std": "std/unit", "3": "sqrt/short"},
    "b20": {p: None for p in PARTS},
    "b21": {"1.cases": "cases/work", "1.raw": "raw/comma", "1.d": "d/short", "2.var": "var/restate", "2.std": "std/var", "3": "sqrt/neighbour"},
    "b22": {"1.cases": "cases/sci", "1.raw": "raw/one", "1.d": "d/pct", "2.var": "var/std", "2.std": "std/raw", "3": "sqrt/surd"},
    "b23": dict(R),
    "b24": {"1.cases": "cases/latex", "1.raw": "raw/approx", "1.d": "d/usual", "2.var": "var/sum", "2.std": "std/int", "3": "sqrt/fn"},
    "b25": {"1.cases": "cases/thin", "1.raw": "raw/std", "1.d": "d/neighbour", "2.var": "var/int", "2.std": None, "3": "sqrt/work"},
    "b27": {"1.cases": "cases/commas", "1.raw": "raw/one", "1.d": "d/dec", "2.var": "var/expr", "2.std": "std/label", "3": "sqrt/latex"},
    "x99": {"1.cases": "cases/power", "1.raw": "raw/int", "1.d": "d/raw", "2.var": "var/int", "2.std": "std/unit", "3": "sqrt/dec"},
}


def exact(part, d, a):
    """The exact value of a part for the variant (d, a), for the fit check."""
    return {"1.cases": Fraction(4 ** d), "1.raw": Fraction(d), "1.d": Fraction(1, d),
            "2.var": Fraction(3 * a ** 4), "2.std": Fraction(a * a), "3": ("sqrt", d)}[part]


def holds(part, kind, text, d, a):
    """Does an answer kind, written for one variant, hold for variant (d, a)?
    Worked from the kind's meaning: what number it states, and at which
    precision."""
    return None  # filled below per kind by value


def stated(kind, d0, a0):
    """The number an answer kind written for (d0, a0) states: ("exact",
    Fraction or ("sqrt", n) or ("sqrtk", k, n) for k·√n) or ("dec", value, places)."""
    v = 4 ** d0
    a4 = a0 ** 4
    K = kind
    if K in ("cases/power", "cases/commas", "cases/spaces", "cases/thin", "cases/pow2", "cases/pairs", "cases/latex", "cases/work"):
        return ("exact", Fraction(v))
    if K == "cases/sci":
        text = answer(K, d0, a0)[0]
        m = text.split()[1]
        k = int(text.split("^")[1])
        return ("dec", Fraction(Decimal(m)) * 10 ** k, 2 - k)
    if K == "cases/vectors":
        return ("exact", Fraction(2 ** d0))
    if K in ("raw/one", "raw/approx"):
        return ("dec", Fraction(d0), 1)
    if K == "raw/int":
        return ("exact", Fraction(d0))
    if K == "raw/std":
        return ("sqrt", d0)
    if K == "raw/neighbour":
        return ("dec", Fraction(d0 - 1), 1)
    if K == "raw/sci":
        return ("dec", Fraction(d0), 0)
    if K == "d/frac":
        return ("exact", Fraction(1, d0))
    if K in ("d/dec", "d/cut", "d/short", "d/usual", "d/raw", "d/pct"):
        text = answer(K, d0, a0)[0].rstrip("%")
        if K == "d/pct":
            return ("dec", Fraction(Decimal(text)) / 100, 3)
        return ("dec", Fraction(Decimal(text)), len(text.split(".")[1]))
    if K == "d/neighbour":
        return ("exact", Fraction(1, d0 + 1))
    if K in ("var/int", "var/expr", "var/restate"):
        return ("exact", Fraction(3 * a4))
    if K == "var/unit":
        return ("exact", Fraction(3))
    if K == "var/std":
        return ("sqrtk", a0 * a0, 3)
    if K == "var/sum":
        return ("exact", Fraction(192 * a4))
    if K == "var/d1":
        return ("exact", Fraction(a4))
    if K in ("std/int", "std/label", "std/sigma"):
        return ("exact", Fraction(a0 * a0))
    if K == "std/var":
        return ("exact", Fraction(a4))
    if K == "std/unit":
        return ("exact", Fraction(1))
    if K == "std/raw":
        return ("sqrtk", a0 * a0, 3)
    if K in ("sqrt/surd", "sqrt/fn", "sqrt/latex"):
        return ("sqrt", d0)
    if K in ("sqrt/dec", "sqrt/cut", "sqrt/short"):
        text = answer(K, d0, a0)[0]
        return ("dec", Fraction(Decimal(text)), len(text.split(".")[1]))
    if K == "sqrt/work":
        return ("sqrt", d0)  # both sides agree; the exact one decides
    if K == "sqrt/var":
        return ("exact", Fraction(d0))
    if K == "sqrt/neighbour":
        return ("sqrt", d0 + 1)
    raise KeyError(K)


def value_holds(s, part, d, a):
    """Whether the stated number s is part's value at (d, a), exactly or
    correctly rounded (a cell that contains it)."""
    x = exact(part, d, a)
    if s[0] == "dec":
        val, p = s[1], s[2]
        half = Fraction(1, 2) * Fraction(10) ** (-p)
        lo, hi = val - half, val + half
        if isinstance(x, tuple):  # √n: compare squares (both positive)
            return lo * lo <= x[1] <= hi * hi
        return lo <= x <= hi
    if s[0] == "exact":
        return not isinstance(x, tuple) and s[1] == x or isinstance(x, tuple) and s[1] * s[1] == x[1] and s[1] > 0
    if s[0] == "sqrt":
        return isinstance(x, tuple) and x[1] == s[1] or not isinstance(x, tuple) and x * x == s[1]
    if s[0] == "sqrtk":  # k√n
        val = Fraction(s[1]) ** 2 * s[2]
        return not isinstance(x, tuple) and x * x == val or isinstance(x, tuple) and x[1] == val
    raise ValueError(s)


def main():
    hand = ["# Class B, graded by hand against quiz.key (seed quiz-2026, the roster) before the tool ran.",
            "# file  part  mark (R right, S too few places, W wrong, U could not read, - no answer)  points  first mistake",
            "# 'file flag NAME': a flag the teacher expects; 'file not-graded': the file's row says why it was not graded."]
    wrongs = {}
    seeds = {"b27": "makeup-1"}
    files = []
    for sid in sorted(STUDENTS) + ["b05", "b12"]:
        files.append(sid)
    for sid in sorted(set(files)):
        name = "guest" if sid == "x99" else sid
        seed = seeds.get(sid, "quiz-2026")
        d, a = variant(sid, seed)
        flags = []
        if sid == "b05":  # a sheet printed with last year's seed
            wd, wa = variant(sid, "quiz-2025")
            kinds = dict(R)
            written = {p: answer(k, wd, wa) for p, k in kinds.items()}
            writer = (wd, wa)
        elif sid == "b12":  # b23's file, with the student line changed
            kinds = dict(R)
            writer = variant("b23")
            written = {p: answer(k, *writer) for p, k in kinds.items()}
        else:
            kinds = STUDENTS[sid]
            writer = (d, a)
            written = {p: (answer(k, d, a) if k else None) for p, k in kinds.items()}
        # Hand grades against the student's own variant.
        grades = {}
        for p in PARTS:
            k = kinds.get(p)
            if k is None or written[p] is None:
                grades[p] = ("-", "0", "-")
                continue
            if writer == (d, a):
                grades[p] = written[p][1:]
            else:
                # Written for another variant: right where that value is this
                # variant's too, else wrong with the mistake worked out by hand
                # in the comments of the special files below.
                ok = value_holds(stated(k, *writer), p, d, a)
                grades[p] = ("R", "1", "-") if ok else ("W", "0", SPECIAL_MISTAKES.get((sid, p), "-"))
        # The fit check, by the documented rule, worked out exhaustively:
        # a wrong answer that names a mistake is explained by it, so it
        # counts as fitting the student's own variant, unless the mistake
        # is a neighbouring width (another variant looks just like that).
        own = sum(1 for p in PARTS if grades[p][0] in ("R", "S") or grades[p][0] == "W" and grades[p][2] not in ("-", "neighbouring-width"))
        best, best_at = own, None
        for dd in D:
            for aa in A:
                n = 0
                for p in PARTS:
                    k = kinds.get(p)
                    if k is None or written[p] is None or grades[p][0] == "U" or k in ("cases/apples", "raw/comma", "cases/badwork"):
                        continue
                    if value_holds(stated(k, *writer), p, dd, aa) and not (grades[p][0] == "S" and (dd, aa) == (d, a)):
                        n += 1
                    elif grades[p][0] == "S" and (dd, aa) == (d, a):
                        n += 1
                if n > best:
                    best, best_at = n, (dd, aa)
        if best_at and best - own >= 2:
            flags.append("other-variant")
        if sid == "b08":
            flags.append("student-line")
        if sid == "x99":
            flags.append("not-on-roster")
        lines = [f"# {name}'s answers"]
        if sid == "b08":
            lines.append("student b09")  # a typo: the file is b08's by its name
        elif sid == "b14":
            pass  # no student line: the roster binds the file by its name
        else:
            lines.append(f"student {sid}")
        for i, p in enumerate(PARTS):
            if written.get(p):
                lines.append(p + [" ", ": ", " = "][i % 3] + written[p][0])
        if sid == "b10":  # the same answer twice: read once, the line flagged
            lines.append("3 " + written["3"][0])
            flags.append("unreadable-lines")
        if sid == "b20":
            lines = ["# b20 handed in an empty sheet", "student b20"]
        with open(os.path.join(HERE, "b", name + ".answers"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        for p in PARTS:
            mark, points, mistake = grades[p]
            hand.append(f"{name}.answers  {p}  {mark}  {points}  {mistake}")
            if mark in ("W", "U"):
                wrongs.setdefault((p, " ".join(written[p][0].lower().split())), []).append(name)
        for fl in flags:
            hand.append(f"{name}.answers  flag  {fl}")
    shared = {}
    for (p, _), fs in wrongs.items():
        if 2 <= len(fs) <= 3:
            for i in range(len(fs)):
                for j in range(i + 1, len(fs)):
                    shared.setdefault((fs[i], fs[j]), set()).add(p)
    for (x, y), ps in sorted(shared.items()):
        if len(ps) >= 2:
            hand.append(f"{x}.answers  flag  shared-answers")
            hand.append(f"{y}.answers  flag  shared-answers")
    hand.append("b26  not-graded  no answer file")
    with open(os.path.join(HERE, "b", "hand-grades.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(hand) + "\n")


# The mistakes of the special files, worked out by hand:
# b05 (own d = 22, a = 8; wrote for d = 16, a = 8): 4^16 against 4^22 is no
# neighbour and not 2^22; 16.0 against 22 is no neighbour (20, 21, 23, 24)
# and not √22; 1/16 = 0.063 against 1/22 matches no mistake (1/20 = 0.05,
# 1/21, 1/23, 1/24; usual 1; √22/22 = 0.21); 4.00 against √22: not 22, not
# √20, √21, √23, √24. The entries ±8 are the same, so part 2 is right.
# b12 (own d = 23, a = 2; b23's answers for d = 30, a = 4): 4^30, 30.0,
# 1/30 = 0.033 and √30 = 5.48 name nothing at d = 23 (neighbours 21-25, std
# √23, 1/23 = 0.043); 768 = 3·4⁴ against 3·2⁴ = 48 is not 3, 4√3, 3072 or a
# neighbour (32, 64, 16, 80); 16 for the std 4 is its variance 2⁴: variance-for-std.
SPECIAL_MISTAKES = {("b12", "2.std"): "variance-for-std"}

if __name__ == "__main__":
    main()
