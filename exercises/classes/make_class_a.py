#!/usr/bin/env python3
"""Writes class A's answer files and its hand grades (hand-grades.txt).

Every option below was graded by hand against homework.key's hand values
before the tool graded anything: mark (R right, S too few places, W wrong,
U could not read, - no answer), points, and the first mistake named. The
students' files are written from these options; the hand grades are the
golden the tool must agree with (grade/classes_test.go).
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# part: [(answer, mark, points, mistake)]
OPTIONS = {
    "1.cases": [
        ("1048576", "R", "1", "-"), ("1,048,576", "R", "1", "-"), ("1 048 576", "R", "1", "-"),
        ("1\u2009048\u2009576", "R", "1", "-"), ("1_048_576", "R", "1", "-"), ("4^10", "R", "1", "-"),
        ("4**10", "R", "1", "-"), ("2^20", "R", "1", "-"), ("1.048576e6", "R", "1", "-"),
        ("1.05e6", "R", "1", "-"), ("≈ 1.05 × 10^6", "R", "1", "-"), ("1048576 pairs", "R", "1", "-"),
        ("4^10 = 1048576", "R", "1", "-"), ("1024", "W", "0", "vectors-not-pairs"),
        ("2^10", "W", "0", "vectors-not-pairs"), ("≈ 1000000", "S", "0", "too-few-places"),
        ("4^10 = 1048567", "W", "0", "work-disagrees"), ("1048576 apples", "U", "0", "-"),
        ("$4^{10}$", "R", "1", "-"), ("1e6", "S", "0", "too-few-places"),
    ],
    "1.raw": [
        ("10.0", "R", "1", "-"), ("10", "R", "1", "-"), ("10.00", "R", "1", "-"), ("≈ 10.0", "R", "1", "-"),
        ("3.2", "W", "0", "std-for-variance"), ("9.0", "W", "0", "neighbouring-width"),
        ("11.0", "W", "0", "neighbouring-width"), ("10,0", "U", "0", "-"), ("40.0", "W", "0", "-"),
    ],
    "1.sqrt": [
        ("1.00", "R", "1", "-"), ("1", "R", "1", "-"), ("1.0", "S", "0", "too-few-places"),
        ("10.00", "W", "0", "unscaled"), ("0.10", "W", "0", "divided-by-d"), ("=1.00", "R", "1", "-"),
    ],
    "1.d": [
        ("0.10", "R", "1", "-"), ("1/10", "R", "1", "-"), ("10%", "R", "1", "-"),
        ("0.1", "S", "0.5", "too-few-places"), ("1.00", "W", "0", "usual-scale"),
        ("0.001", "W", "0", "scaled-twice"), ("1.0", "W", "0", "usual-scale"), ("0.11", "W", "0", "neighbouring-width"),
    ],
    "2.var": [
        ("324", "R", "1", "-"), ("4·81", "R", "1", "-"), ("18^2", "R", "1", "-"), ("324 (=18²)", "R", "1", "-"),
        ("4", "W", "0", "unit-entries"), ("18", "W", "0", "std-for-variance"), ("3.24e2", "R", "1", "-"),
        ("81", "W", "0", "-"),
    ],
    "2.std": [
        ("9", "R", "1", "-"), ("std 9", "R", "1", "-"), ("σ = 9", "R", "1", "-"), ("9.0", "R", "1", "-"),
        ("81", "W", "0", "variance-for-std"), ("1", "W", "0", "unit-entries"), ("18", "W", "0", "unscaled"),
        ("−9", "W", "0", "-"), ("9.00 (= √81)", "R", "1", "-"),
    ],
    "3": [
        ("3/8", "R", "1", "-"), ("0.375", "R", "1", "-"), ("37.5%", "R", "1", "-"), ("37.5 %", "R", "1", "-"),
        ("3 out of 8", "R", "1", "-"), ("96 out of 256", "R", "1", "-"), ("three eighths", "R", "1", "-"),
        ("0.38", "R", "1", "-"), ("0.4", "S", "0", "too-few-places"), ("96", "W", "0", "count-for-share"),
        ("1/4", "W", "0.25", "two-heads"), ("$\\frac{3}{8}$", "R", "1", "-"), ("6/16", "R", "1", "-"),
    ],
    "4": [
        ("grows", "R", "2", "-"), ("it grows", "R", "2", "-"), ("increases", "R", "2", "-"),
        ("grows like sqrt(d)", "R", "2", "-"), ("grows (like √d_k)", "R", "2", "-"), ("rises ∝ √d_k", "R", "2", "-"),
        ("grows like d", "W", "1", "wrong-rate"), ("increases as d^(1/4)", "W", "1", "wrong-rate"),
        ("stays at 1", "W", "0", "usual-scale"), ("shrinks", "W", "0", "-"), ("goes up", "R", "2", "-"),
        ("stays constant", "W", "0", "usual-scale"),
    ],
    "5": [
        ("8", "R", "1", "-"), ("std 8", "R", "1", "-"), ("√64", "R", "1", "-"), ("8.0", "R", "1", "-"),
        ("sqrt(512)", "W", "0", "model-width"), ("22.6", "W", "0", "model-width"), ("64", "W", "0", "variance-for-std"),
        ("√512 ≈ 22.63", "W", "0", "model-width"), ("16√2", "W", "0", "model-width"),
    ],
    "6": [
        ("0.09, 0.24, 0.67", "R", "1", "-"), ("[0.09 0.24 0.67]", "R", "1", "-"), ("(0.09, 0.24, 0.67)", "R", "1", "-"),
        ("9%, 24%, 67%", "R", "1", "-"), ("0.02, 0.12, 0.87", "W", "0", "unscaled"),
        ("0.19, 0.31, 0.51", "W", "0", "divided-by-d"), ("0.09, 0.24, 0.66", "W", "0", "truncated"),
        ("0.1, 0.2, 0.7", "S", "0", "too-few-places"), ("0.33, 0.33, 0.33", "W", "0", "-"),
    ],
    "7": [
        ("0,25", "R", "1", "-"), ("0.25", "R", "1", "-"), ("1/4", "R", "1", "-"), ("25%", "R", "1", "-"),
        ("2", "W", "0", "variance-divided-by-c"), ("16", "W", "0", "unscaled"), ("1/2", "W", "0", "std-for-variance"),
        ("1", "W", "0", "-"), ("0,5", "W", "0", "std-for-variance"),
    ],
    "8": [
        ("3", "R", "1", "-"), ("3.0", "R", "1", "-"), ("192", "W", "0", "sum-not-mean"), ("√3", "W", "0", "std-for-variance"),
        ("1.73", "W", "0", "std-for-variance"), ("4", "W", "0", "neighbouring-width"), ("Var = 3", "R", "1", "-"),
        ("lots", "U", "0", "-"),
    ],
    "9": [
        ("2.83", "R", "1", "-"), ("2√2", "R", "1", "-"), ("sqrt(8)", "R", "1", "-"), ("sqrt(8) ≈ 2.83", "R", "1", "-"),
        ("$2\\sqrt{2}$", "R", "1", "-"), ("2.82", "W", "0", "truncated"), ("2.80", "W", "0", "rounded-early"),
        ("2.8", "S", "0", "too-few-places"), ("8", "W", "0", "variance-for-std"), ("2.828", "R", "1", "-"),
        ("≈ 3", "S", "0", "too-few-places"), ("3", "W", "0", "neighbouring-width"),
    ],
}
PARTS = ["1.cases", "1.raw", "1.sqrt", "1.d", "2.var", "2.std", "3", "4", "5", "6", "7", "8", "9"]
SEPARATORS = [" ", ": ", " = ", "  "]


# Options no student drew at random, given to students by hand so that
# every notation and mistake of the table is in the class: (student, part): answer.
OVERRIDES = {(1, "1.cases"): "2^10", (2, "1.cases"): "≈ 1000000", (5, "1.cases"): "4^10 = 1048567",
             (6, "1.cases"): "1048576 apples", (8, "1.cases"): "1e6", (9, "2.var"): "81", (10, "2.std"): "9.0",
             (12, "3"): "3/8", (13, "4"): "rises ∝ √d_k", (14, "4"): "shrinks", (15, "5"): "64",
             (16, "8"): "Var = 3", (17, "9"): "sqrt(8)"}

# Files with a story of their own.
COPIED = {"1.raw": ("40.5", "W", "0", "-"), "5": ("6.4", "W", "0", "-"), "8": ("2.5", "W", "0", "-")}


def answers_of(s):
    """The (part, answer, mark, points, mistake) of student s, answer None for a blank."""
    out = []
    if s == 25:  # s25 hands in s24's file with the student line changed
        return answers_of(24)
    rng = random.Random(2100 + s)
    for i, part in enumerate(PARTS):
        opts = OPTIONS[part]
        answer, mark, points, mistake = opts[rng.randrange(len(opts))]
        if (s + i) % 11 == 0:  # some students leave parts out
            answer, mark, points, mistake = None, "-", "0", "-"
        if (s, part) in OVERRIDES:
            answer, mark, points, mistake = next(o for o in opts if o[0] == OVERRIDES[(s, part)])
        if s == 24 and part in COPIED:
            answer, mark, points, mistake = COPIED[part]
        if s == 19:  # hands in an empty sheet
            answer, mark, points, mistake = None, "-", "0", "-"
        out.append((part, answer, mark, points, mistake))
    return out


def main():
    hand = ["# Class A, graded by hand against homework.key before the tool ran.",
            "# file  part  mark (R right, S too few places, W wrong, U could not read, - no answer)  points  first mistake",
            "# 'file flag NAME': a flag the teacher expects on that file."]
    wrongs = {}
    for s in range(1, 27):
        name = f"s{s:02d}"
        rows = answers_of(s)
        lines = [f"# answers of {name}", f"student {name}"]
        flags = []
        if s == 11:  # everything on rows, as the sheet's answer file allows
            by = {p: a for p, a, *_ in rows}
            lines.append("1 " + "; ".join(by[p] or "-" for p in PARTS[:4]))
            lines.append("2 " + "; ".join(by[p] or "-" for p in PARTS[4:6]))
            for p in PARTS[6:]:
                if by[p] is not None:
                    lines.append(p + " " + by[p])
        else:
            for i, (part, answer, *_) in enumerate(rows):
                if answer is not None:
                    lines.append(part + SEPARATORS[(s + i) % len(SEPARATORS)] + answer)
        if s == 3:  # a line the key does not have: flagged, the rest graded
            lines.insert(3, "10 42")
            flags.append("unreadable-lines")
        if s == 7:  # the same part twice, differently: could not read
            assert rows[1][1] is not None
            lines.append("1.raw 12.5")
            rows[1] = ("1.raw", rows[1][1], "U", "0", "-")
            flags.append("unreadable-lines")
        write(name, lines)
        for part, answer, mark, points, mistake in rows:
            hand.append(f"{name}.answers  {part}  {mark}  {points}  {mistake}")
            if mark in ("W", "U") and answer is not None:
                wrongs.setdefault((part, " ".join(answer.lower().split())), []).append(s)
        for f in flags:
            hand.append(f"{name}.answers  flag  {f}")
    # Shared wrong answers, by the rule the manual states: two files that
    # share, word for word, two or more wrong answers that at most three
    # files give.
    shared = {}
    for (part, _), files in wrongs.items():
        if 2 <= len(files) <= 3:
            for i in range(len(files)):
                for j in range(i + 1, len(files)):
                    shared.setdefault((files[i], files[j]), set()).add(part)
    for (a, b), parts in sorted(shared.items()):
        if len(parts) >= 2:
            hand.append(f"s{a:02d}.answers  flag  shared-answers")
            hand.append(f"s{b:02d}.answers  flag  shared-answers")
    with open(os.path.join(HERE, "a", "hand-grades.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(hand) + "\n")


def write(name, lines):
    with open(os.path.join(HERE, "a", name + ".answers"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
