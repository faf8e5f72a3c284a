#!/usr/bin/env python3
"""Writes class C's answer files and its hand grades (c/hand-grades.txt).

Class C (issue 31) is 26 students' answers to c/exam.key, a key with number,
formula (for every d_k) and trend parts, written as students write them and
graded by hand, part by part, before the tool saw any of them: mark (R right,
S too few places, W wrong, U could not read, - no answer), points, and the
first mistake named. The rules graded by are those of `sqrtdk help answers`
as issue 31 states them: a written value equal to the exact one is exact
whatever its digits; a rounded value is judged by its digits, the same for
every spelling (66000 like 6.6e4); a formula is right when it equals the
key's as a function of d; a trend's stated rate must be the key's.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

R1 = ("R", "1", "-")
R2 = ("R", "2", "-")
S0 = ("S", "0", "too-few-places")
W0 = ("W", "0", "-")
U0 = ("U", "0", "-")
NO = ("-", "0", "-")


def W(m, pts="0"):
    return ("W", pts, m)


# student: {part: (answer or None, grade)}; parts 1..10 of exam.key.
CLASS = {
    "c01": ["4^8 = 65536", "1/5", "8√2", "1/d_k", "1", "grows linearly with d_k", "shrinks like 1/d_k",
            "0.09, 0.24, 0.67", "3/8", "4096"],
    "c02": ["65,536", "0.200", "11.31", "d^-1", "1.0", "increases linearly", "decreases", "[0.09 0.24 0.67]",
            "0.375", "4,096"],
    "c03": ["66000", "0.2", "11.3", "1/d", "std = 1", "grows", "shrinks", "≈ 0.09, 0.24, 0.67", "37.5%", "4.1e3"],
    "c04": ["$4^{8}$", "$\\frac{1}{5}$", "$8\\sqrt{2}$", "$\\frac{1}{d_k}$", "$1$", "grows $\\propto d_k$",
            "shrinks $\\propto \\frac{1}{d_k}$", "$0.09, 0.24, 0.67$", "$\\frac{3}{8}$", "$2^{12}$"],
    "c05": ["65536", "0.447", "128", "1/√d", "1", "grows like √d", "shrinks like 1/√d", "0.09, 0.24, 0.67", "3/8",
            "64"],
    "c06": ["2^8", "5", "√128", "d", "√d", "grows like d", "grows like d", "0.09, 0.24, 0.67", "96", "4096"],
    "c07": ["4**8", "1", "11.31", "1", "1 for every d", "proportional to d_k", "stays constant", "0.09,0.24,0.67",
            "6/16", "2^12 = 4096"],
    "c08": ["(2·2)^8 = 65536", "5/25 = 1/5 = 0.2", "√128 = √(64·2) = 8√2 ≈ 11.31", "d_k/d_k^2 = 1/d_k",
            "√d/√d = 1", "doubles when d doubles", "halves when d doubles", "0.090, 0.245, 0.665",
            "6·16/256 = 3/8", "64^2 = 4096"],
    "c09": ["6.55e4", "0.20", "11.32", "1/d", "1", "grows linearly", "shrinks (1/d)", "0.09, 0.24, 0.66", "0.37",
            "4096"],
    "c10": ["65 536", "20%", "11 1/3", "1/(d)", "d^0", "O(d)", "O(1/d)", "9%, 24%, 67%", "three eighths", "4 096"],
    "c11": ["4^8", "0.25", "8*sqrt(2)", "1/d^2", "1/d", "grows exponentially", "shrinks exponentially",
            "0.1, 0.2, 0.7", "0.4", "4000"],
    "c12": ["4**8", "5/5**2", "128**0.5", "d**-1", None, "grows", None, "[0.09003057 0.24472847 0.66524096]",
            "96/256", "64**2"],
    "c13": ["sixty-five thousand five hundred thirty-six", "one fifth", "square root of 128", "1 over d_k", "1",
            "it increases linearly", "it decreases", "0.09, 0.24, 0.67", "3 out of 8", "four thousand ninety six"],
    "c14": ["65536 pairs", "0.2 (=1/5)", "11.31 (8√2)", "1/d for all d", "1", "linear growth", "goes down like 1/d",
            "0.09 0.24 0.67", "3/8 = 0.375", "Var = 4096"],
    "c15": ["1048576", "0.167", "11.3137", "1/d^3", "1/√d", "shrinks", "grows", "0.33, 0.33, 0.33", "1/2", "4095"],
    "c16": ["6.5536 × 10^4", "0.2000", "11.314", "d^(-1)", "d/d", "increases ∝ d", "decreases ∝ 1/d_k",
            "0.09, 0.25, 0.67", "0.38", "4.096e3"],
    "c17": ["lots", "?", "idk", "1/d", "1", "grows like d", "shrinks like 1/d", None, None, "4096"],
    "c18": ["2^16", "1/5 ≈ 0.20", "2^3.5", "1/d, for every d_k", "1, for every d", "grows (like d)",
            "shrinks (like 1/d)", "0.0900, 0.2447, 0.6652", "0.375 (3/8)", "2^12"],
    "c19": ["4^8=65536", "0.04", "11", "d/d^2", "sqrt(d)/sqrt(d)", "grows quadratically", "shrinks like 1/d^2",
            "0.09, 0.24, 0.67", "0.375", "4096.0"],
    "c20": ["65536", "0.125", "11.31", "1/d", "1", "grows like d_k", "shrinks like 1/d_k", "0.09, 0.24, 0.67", "3/8",
            "4096"],
    "c21": ["≈ 65500", "≈ 0.2", "≈ 11.31", "1/d", "1", "grows roughly like d", "shrinks roughly like 1/d",
            "~0.09, 0.24, 0.67", "≈ 0.38", "≈ 4100"],
    "c22": ["4 ^ 8", "1/5", "8 √2", "0.2", "1", "goes up linearly", "goes down", "0.09, 0.24, 0.67", "3/8", "4096"],
    "c23": ["256", "0.008", "8√2 ≈ 11.3", "1/√d_k", "1/sqrt(d)", "stays the same", "stays at 1", "0.1, 0.2, 0.7",
            "0.3", "64"],
    "c24": ["4^8 = 65563", "1/5 = 0.25", "√128 = 11.31", "1/d", "1", "doubles when d doubles",
            "halves when d_k doubles", "0.09, 0.24, 0.67", "6/16 = 0.375", "2 x 2048 = 4096"],
    "c25": ["2^(2·8)", "(1+1)/10", "(2^7)^(1/2)", "1/dₖ", "d^(1/2)/d^(1/2)", "like d", "∝ 1/d", "0.09, 0.24, 0.67",
            "(2·48)/256", "2^10/4*16"],
    "c26": ["65,536 pairs", "2/10", "8 sqrt 2", "1/d_k for every d_k", "1 for all d", "grows, like d",
            "shrinks, like 1/d", "0.090, 0.245, 0.665", "0.375", "4096 = 64²"],
}

# The hand grades, part by part, in the same order (decided before the tool
# graded the class; the reasons are in the comments).
GRADES = {
    "c01": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    "c02": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],  # 1.0 is 1 itself
    # 66000: 2 significant digits of 65536, as 6.6e4; 11.3: 1 place of 2.
    "c03": [R1, R1, S0, R1, R1, R2, R1, R1, R1, R1],
    "c04": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    # 0.447 = √5/5 the std; 128 the variance; 1/√d the std of q·k/d; a wrong
    # rate with the direction right: half of part 6's points.
    "c05": [R1, W("std-for-variance"), W("variance-for-std"), W("std-for-variance"), R1, W("wrong-rate", "1"),
            W("wrong-rate"), R1, R1, W("std-for-variance")],
    # 2^8 counts the vectors q alone; 5, d, √d: q·k itself; 96 the count.
    "c06": [W("vectors-not-pairs"), W("unscaled"), R1, W("unscaled"), W("unscaled"), R2, W("unscaled"), R1,
            W("count-for-share"), R1],
    # 1 is the variance after √d_k; staying constant too.
    "c07": [R1, W("usual-scale"), R1, W("usual-scale"), R1, R2, W("usual-scale"), R1, R1, R1],
    "c08": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    # 11.32 is no rounding of 11.3137; 0.66 cuts 0.6652 off; 0.37 is 0.375
    # rounded at a tie, either way.
    "c09": [R1, R1, W0, R1, R1, R2, R1, W("truncated"), R1, R1],
    # 11 1/3 = 34/3 is not 8√2; d^0 is 1.
    "c10": [R1, R1, W0, R1, R1, R2, R1, R1, R1, R1],
    # 0.25 = 1/4 the value at d_k = 4; 1/d^2 and 1/d no known mistake; 0.1,
    # 0.2, 0.7 and 0.4 and 4000: right to 1 digit, fewer than asked.
    "c11": [R1, W("neighbouring-width"), R1, W0, W0, W("wrong-rate", "1"), W("wrong-rate"), S0, S0, S0],
    "c12": [R1, R1, R1, R1, NO, R2, NO, R1, R1, R1],
    "c13": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    "c14": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    # 4^10 the count at d_k = 10; 1/6 at d_k = 6; 1/d^3 divides twice;
    # 1/√d the std of q·k/d; 1/2 the share at d_k = 2; 4095 the next width.
    "c15": [W("neighbouring-width"), W("neighbouring-width"), R1, W("scaled-twice"), W("divided-by-d"), W0,
            W("unscaled"), W0, W("neighbouring-width"), W("neighbouring-width")],
    "c16": [R1, R1, R1, R1, R1, R2, R1, W0, R1, R1],
    "c17": [U0, U0, U0, R1, R1, R2, R1, NO, NO, R1],
    "c18": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    # 0.04 no known mistake; quadratic: a wrong rate. 11 was graded W (a
    # whole number read as exact); by the rule issue 31 settled on (a whole
    # number judged like 1.1e1, 8√2 rounded to units) it is S, 0 points.
    "c19": [R1, W0, S0, R1, R1, W("wrong-rate", "1"), W("wrong-rate"), R1, R1, R1],
    # 0.125 is 1/8, no width near 5.
    "c20": [R1, W0, R1, R1, R1, R2, R1, R1, R1, R1],
    "c21": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    # 0.2: a number where a formula in d_k is asked, not 1/d.
    "c22": [R1, R1, R1, W0, R1, R2, R1, R1, R1, R1],
    # 256 = 2^8 vectors; 0.008 divides by d_k twice; 0.3 cuts 0.375 off.
    "c23": [W("vectors-not-pairs"), W("scaled-twice"), R1, W("std-for-variance"), W("divided-by-d"), W0,
            W("usual-scale"), S0, W("truncated"), W("std-for-variance")],
    # Shown work whose sides disagree.
    "c24": [W("work-disagrees"), W("work-disagrees"), R1, R1, R1, R2, R1, R1, R1, R1],
    "c25": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
    "c26": [R1, R1, R1, R1, R1, R2, R1, R1, R1, R1],
}


def main():
    out = os.path.join(HERE, "c")
    lines = [
        "# Class C (issue 31), graded by hand against exam.key before the tool ran (make_class_c.py).",
        "# file  part  mark (R right, S too few places, W wrong, U could not read, - no answer)  points  first mistake",
    ]
    for student, answers in CLASS.items():
        grades = GRADES[student]
        assert len(answers) == 10 and len(grades) == 10, student
        body = ["student " + student]
        for part, (text, grade) in enumerate(zip(answers, grades), 1):
            if text is not None:
                body.append(f"{part} {text}")
            else:
                assert grade == NO, student
            lines.append(f"{student}.answers  {part}  {grade[0]}  {grade[1]}  {grade[2]}")
        with open(os.path.join(out, student + ".answers"), "w", encoding="utf-8") as f:
            f.write("\n".join(body) + "\n")
    with open(os.path.join(out, "hand-grades.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
