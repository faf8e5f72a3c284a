// Package claims reads claims files, plain-text lists of printed figures
// and what they claim, and checks every figure exactly.
//
// # The format
//
// One claim per line:
//
//	KIND key=value ... is FIGURE
//
// for example
//
//	variance d=6 scale=d is 0.167
//	count d=2 score=0 is 8
//	softmax scores=1,2,3 is 0.09, 0.24, 0.67
//
// A # starts a comment (at the start of a line or after a space); blank
// lines are ignored. Values contain no spaces. A line
//
//	with key=value ...
//
// sets values, k-values, samples, moments, rounded, dk or places for every
// later claim that takes the key and does not set it itself; the next with
// line replaces them all, and a bare "with" clears them.
//
// # Figures
//
// A figure is read by one grammar, the one students' answers are read by
// (Question.Read reads it once into an Answer; `sqrtdk help answers` lists
// the notations):
//
//   - a fraction or an exact expression (1/2, sqrt(32), 2√2, 4^8 or 4**8,
//     2^10/4 by the usual precedence, (1+1)/16, 64^0.5, 21 1/3, 16*d in a
//     formula) holds only when it equals the exact value;
//   - a whole number (65536, 65,536, 16, 66000) holds when it is the exact
//     value or the exact value rounded to its significant digits, up to its
//     last nonzero one, as its e-notation does (66000 like 6.6e4, 16 like
//     1.6e1), but not for a number of a lower decade whose digits it does
//     not show (10 is not 5 rounded, 100 is 96 rounded);
//   - a decimal (0.5, 0.50, 1020.0) holds when the exact value rounds to it
//     at the places printed: the value lies within half a unit of the last
//     printed place, ends included, because a tie may round either way;
//     "1/2", "0.5" and "0.50" are thus all a half, each at its precision;
//     e-notation and ×10^k (6.5536e4, 6.5 × 10^4) round at the mantissa's
//     last digit, and an integer after ≈, ~ or "about" at its last nonzero
//     digit (≈ 4100 is 4096 to two digits);
//   - a percentage (99.97%, 99.97 %) is the decimal 0.9997 with 4 places;
//   - thousands are grouped in threes by commas, spaces, thin spaces or
//     underscores; any other comma between digits is ambiguous and refused
//     (unless decimal commas are asked for);
//   - small numbers in words (one half, three eighths, 3 out of 8), LaTeX
//     as pasted ($\frac{1}{8}$, $8\sqrt{2}$), words that name the quantity
//     or its unit (std 2, 65536 pairs; a label naming another quantity,
//     std 2 for a variance, is a *ReadError saying which quantity each
//     is), shown work and restatements
//     (4^8 = 65536, 0.125 (=1/8): every side must hold);
//   - a trend: grows, increases, rises, goes up; shrinks, decreases, falls;
//     stays, constant, flat, "stays at X"; with an optional rate ("grows
//     like sqrt(d)", "∝ √d_k", "linearly"), checked exactly: the values must
//     be proportional to it;
//   - places=N says the figure was rounded to N places and printed with
//     trailing zeros dropped, as numpy prints 0.030 as "0.03" and 0 as "0.".
//
// Expressions are read by one grammar (expr.go, precedence climbing):
// numbers, + − * / ^ (** is ^; ^ groups to the right and binds tighter
// than a sign, so 2^-3 is 1/8 and -2^2 is -4), ·, × and x between operands,
// brackets at any depth, sqrt(…) and √, products without a sign (2√2,
// 2(3), 16d), exponents that are expressions (2^(2*8), 64^0.5), and, in a
// formula, d (d_k, dₖ). A sum of unlike roots (1 + √2) has no exact value
// of the form c·n^(1/r) and is refused.
//
// A formula for every width ("variance scale=d is 1/d", with or without
// "for every d") is compared with the quantity's as a function of d,
// exactly: both are rational functions of t = d^(1/L) (formula.go), equal
// when they agree at more widths than the degree of their difference
// allows zeros; a formula outside that class (√(d+1), 2^d) is refused.
//
// # Kinds
//
// Claims about the space of all pairs (q, k) of width d (d=N, up to
// MaxWidth) with entries from values=ALPHABET and k-values=ALPHABET (default
// -1,1; the syntax of sqrtdk --values, e.g. -1,0:2,1 or ±2):
//
//	cases          the number of pairs
//	count          score=S: the number of pairs whose q·k is S
//	share          score=S: the fraction of pairs whose q·k is S
//	distribution   every (score, count), written [(-2, 4), (0, 8), (2, 4)]
//	sum-of-squares the sum of (q·k)² over all pairs
//	mean, variance, std
//	               of q·k divided by d^P for scale=raw|sqrt|d|d^P (a list
//	               such as scale=sqrt,sqrt divides once per entry) and by
//	               divide=EXPR, e.g. divide=sqrt(4096); without d=, a
//	               formula in d followed by "for every d" (or "for all
//	               d"), such as "variance scale=sqrt is 1 for every d"
//	law            quantity=mean|variance|std at every width of d=LIST
//	               equals a formula in d (sqrt(d), 1/d, 16*d) or one figure
//	trend          quantity=… over d=LIST (increasing) grows, shrinks or
//	               is constant
//	ratio          quantity(q·k/divide) / quantity(q·k/versus) at width d
//	number         value=EXPR: plain arithmetic, e.g. value=sqrt(4096) is 64
//
// A claim for every width is decided as "sqrtdk prove" decides its proof
// for every width (package proofs): the laws of one coordinate pair and of
// two give E[q·k] = d·m and Var(q·k) = d·v + d(d−1)·c exactly, a formula
// that enumerate's law of q·k is compared with at every width its closed
// form reaches in proofs.DefaultCheckTime; the claimed formula must equal
// the quantity's as a function of d (see formula.go: both are rational
// functions of a root of d, compared at more widths than their difference
// can vanish at). A decimal in a formula stands for its written value
// (1.0 is 1): only an exact formula is true for every width.
//
// Claims about softmax, decided with rigorous interval arithmetic by
// package softmax (scores=LIST; dk=N divides the scores by √N first;
// rounded=P says the scores were printed rounded to P places, so a figure
// holds when some scores within that rounding give it, each output judged
// on its own):
//
//	softmax        every output, written as a list "0.09, 0.24, 0.67" or
//	               "[0.256 0.038 0.101 0.574 0.03 ]"
//	softmax-entry  entry=N: output N (from 1)
//	jacobian-max   the largest |entry| of the Jacobian diag(p) − ppᵀ
//
// Claims about figures sampled at random, with entries independent, mean
// 0, E[x²] = m2 and E[x⁴] = m4 (moments=m2,m4; default 1,3, the Gaussian):
//
//	sample-variance  numpy's var() of samples=N scores at width d (up to
//	                 10⁹), optionally scaled
//	draw             one score q·k at width d
//
// A sampled figure holds when its rounding cell lies within 4 standard
// errors of the exact expectation; the formulas
// are documented on sampleLaw in sampled.go: E[S²] = (n−1)/n·σ² and
// Var(S²) = (n−1)²/n³·(μ4 − (n−3)/(n−1)·σ⁴) with σ² = d·m2² and
// μ4 = d·m4² + 3d(d−1)·m2⁴ (3d² + 6d for Gaussian entries).
//
// # Limits
//
// A file holds at most 10 000 claims, a line at most MaxLineBytes bytes; a
// softmax claim at most 64 scores; a claim about the space of all pairs a
// width up to MaxWidth, a sampled figure a width up to 10⁹ and at most 10¹²
// samples. A claim beyond a limit is refused with the limit, before any
// work. Checker.Plan estimates every claim's work before any is done,
// including a number's roots: a number whose arithmetic is estimated at
// over a tenth of a millisecond is computed when its claim is checked, so
// a value out of range in it is reported then, with its line.
//
// # Files shipped
//
// lesson.claims holds every figure the lesson prints and the answers to
// its three exercises; predictions.claims is a student's predictions with
// one deliberate mistake. testdata/bad holds malformed files, each
// rejected with its file and line.
package claims
