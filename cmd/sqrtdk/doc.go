// Command sqrtdk checks, exactly, why attention divides q·k by √d_k: it
// enumerates every pair of vectors over finite alphabets (or uses an exact
// closed form) and prints the exact distribution and variance of q·k.
//
// Usage:
//
//	sqrtdk table [flags]        exact variance of q·k under several scales
//	sqrtdk dist [flags]         exact distribution of q·k for one width
//	sqrtdk merge FILE...        verify shard results and print the merged table or dist
//	sqrtdk prove [flags]        the lesson's five-step proof, checked on every pair
//	sqrtdk check FILE...        verify the figures of claims files (go doc ./claims)
//	sqrtdk plot KIND -o FILE    a figure: dist, variance, softmax or saturation
//	sqrtdk diagnose [flags]     is the scale on q·k right? a verdict from a measured std
//
// Each command's flags are listed by "sqrtdk COMMAND -h"; the flags of table
// and dist are described below.
//
// With no flags, "sqrtdk dist" and "sqrtdk table" print the lesson's
// practice output byte for byte:
//
//	d_k = 2 scores: [(-2, 4), (0, 8), (2, 4)]
//	d_k  cases   raw  /sqrt(d_k)   /d_k
//	1    4       1.0       1.00   1.000
//	...
//
// # The space of pairs
//
//	--values V      entries of q: exact rationals, comma-separated (default -1,1).
//	                A value is an integer (-3), a fraction (1/2) or a finite
//	                decimal (0.5, -1.25), read exactly; "v:m" repeats v m times
//	                (-1,0:2,1 is the multiset {-1,0,0,1}); ±a means -a,a.
//	                One entry is drawn uniformly from the multiset.
//	--k-values V    entries of k, same syntax (default: those of q).
//	--d LIST        widths d_k (table: comma list, default 1,2,4,6; dist: one, default 2).
//	--method M      auto (default): enumerate when that takes at most 3 s on
//	                every core at the kernel's benchmarked rate (whatever
//	                --workers says, so the output does not depend on it),
//	                else the closed form; brute: enumerate every pair; closed:
//	                the exact d_k-th convolution power; both: run the two and
//	                fail with exit status 1 if a single count differs.
//	--max-time T    the longest estimated computation to accept, a Go
//	                duration such as 90m or 12h (default: 1h to enumerate,
//	                5m for the closed form). Every width is estimated before
//	                any work starts (near the limit by timing the kernel on
//	                this machine for 40 ms); a width over the limit is refused
//	                with the estimate and the flag to use instead.
//	--workers N     parallel workers for enumeration (default GOMAXPROCS); the
//	                output is the same for any N.
//	--shard I/N     enumerate only slice I of N of the q vectors and write a
//	                checksummed shard result instead (see docs/cluster.md);
//	                "sqrtdk merge" verifies a full set and prints the usual output.
//	-o FILE         write the output to FILE, which appears only when complete.
//
// A long enumeration shows a progress bar on stderr when stderr is a
// terminal; Ctrl-C stops it promptly with exit status 130 and prints no
// partial result.
//
// # Output
//
//	--format F      text (default), markdown, latex (booktabs), csv or json.
//	--scales LIST   table only: raw, sqrt, d, or d^P for a rational P (d^1/4,
//	                d^0.25, d^3/2); the column is Var(q·k / d_k^P).
//	--digits N      table only: decimal places for every column (default: 1 for
//	                raw, 2 for sqrt, 3 for the others, as the lesson prints).
//	--round R       half-even (default) or half-up: how an exact tie rounds.
//	--latex-cells C table only: LaTeX cells show the exact value, the decimal, or both.
//
// Every decimal is the exact value correctly rounded; irrational values
// (a d^1/4 scale) are written exactly as c*sqrt(n) or c*n^(1/r) in csv and
// json and rounded from that form with exact integer roots. Text output
// adds a method column, and dist a note, whenever a result was not
// enumerated pair by pair. Text and Markdown write counts of more than 20
// digits compactly: cases as the exact power 9^10000, other counts to
// three significant digits rounded half-even (1.29·10^6020); csv, json and
// latex keep every digit.
//
// # Diagnose
//
// "sqrtdk diagnose" judges the factor a applied to q·k from the measured std
// s of the scores before softmax, using s = σ_q·σ_k·√d_k·a:
//
//	--measured-std S   std of the scores right before softmax (required; 0 allowed).
//	--d-k N            width of one head; may be left out when --d-model and
//	                   --heads give it as d_model/heads.
//	--d-model N        model width (also the fan-in for --init-std);
//	--heads H          number of heads; without --d-model the model width is
//	                   taken as heads × d_k. H must divide d_model.
//	--q-std S, --k-std S      measured entry stds, or
//	--init-std S[,S_k]        std of W_q's and W_k's entries at initialisation:
//	                   σ = input std · S · √d_model (--input-std, default 1), or
//	--qk-norm rms|l2   QK-norm: σ = 1 (RMS 1) or 1/√d_k (unit length).
//	--intended-scale F the factor the model means to apply to q·k: an
//	                   expression in d such as d^-1/2 (default), 1/d, 8/d,
//	                   d^-1/2/4, a number (1, 10, 144^-1/2), or each:F for F on
//	                   q and on k each (each:d^-1/4).
//	--tolerance T      a hypothesis fits when the measurement is within ×T of
//	                   its std (default 1.5).
//	--format F         text (default) or json.
//
// Stds are exact values: decimals, fractions, sqrt(...) and powers with
// exponents p/q, |p| and q at most 12 (1/sqrt(3*384), 1152^-1/2); the roots
// they leave must be square or fourth roots of numbers up to 2^64, which
// keeps every computation exact and quick. Without entry sizes
// every factor fits some σ_q·σ_k, so the verdict is "cannot tell" and shows
// what each hypothesis would need. The hypotheses: scale right, missing (or
// after softmax), applied twice, divided by d_k, inverted, model width,
// d_model/heads instead of the head width, the usual 1/√d_k instead of or on
// top of the intended factor, on q or k only, and 0; rows with the same
// factor are merged. A mistake is named only when it is the one hypothesis
// that fits; two that fit give "cannot tell".
//
// # Exit status
//
// 0 on success; 1 when a check fails (--method both disagreeing, a proof
// step or a claim failing, a diagnosis that does not find the scale
// right: a mistake, an unexplained factor or "cannot tell"); 2 for bad
// input, with one line on stderr naming the problem (unknown flags and
// missing values also print the command's usage); 130 when interrupted.
package main
