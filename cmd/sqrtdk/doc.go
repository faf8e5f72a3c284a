// Command sqrtdk checks, exactly, why attention divides q·k by √d_k: it
// enumerates every pair of vectors over finite alphabets (or uses an exact
// closed form) and prints the exact distribution and variance of q·k.
//
// Usage:
//
//	sqrtdk table [flags]        exact variance of q·k under several scales
//	sqrtdk dist [flags]         exact distribution of q·k for one width
//	sqrtdk merge FILE...        verify shard results and print the merged table or dist
//	sqrtdk prove [flags]        the lesson's five-step proof as exact assertions
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
// enumerated pair by pair.
//
// # The proof
//
// "sqrtdk prove" checks the lesson's five steps at each width of --d
// (default 1,2,3,4) as exact assertions and prints a transcript: for every
// assertion its two values, the indices it covers, the law it was computed
// on and the verdict; then, when a step fails, the broken hypotheses (named
// as the lesson names them: mean 0, variance 1, independent), for each
// assertion that fails, or holds although something it rests on fails, the
// identity that holds whatever the hypotheses with this space's values,
// what holds instead, whether Var(q·k/√d_k) = 1 survives, the smallest
// failing width and an outcome that shows the failure.
//
// The sample space (by default q_i from --values and k_i from --k-values,
// every entry independent) can be changed to break each hypothesis:
//
//	--k-from q|-q   k_i = q_i, or k_i = −q_i, coordinate by coordinate.
//	--pairs P       the joint law of each coordinate pair (q_i, k_i): pairs
//	                "q k", each with an optional integer weight ":w",
//	                comma-separated, such as "-1 -1:2, 1 1:2, -1 1, 1 -1";
//	                coordinates stay independent. (--k-values, --k-from and
//	                --pairs each say how k is drawn: give one of them.)
//	--tie q|k|both  every coordinate of q, of k or of both equals the first;
//	                each remaining entry is drawn given the entry it pairs
//	                with (from k's alphabet, or the pair law). none (default)
//	                draws coordinates independently.
//	--joint FILE    any finite joint law of (q, k) at one width (--d may be
//	                left out, or must give that width; no other flag of the
//	                space may be given). One outcome per line: a weight (an
//	                exact non-negative rational), the vector q and the vector
//	                k, each a comma list, such as "1  -1,1  1,1"; blank lines
//	                and text after # are ignored; an outcome listed twice adds
//	                its weights; probabilities are weights over their total.
//	                At most 64 entries per vector and 2^20 outcomes.
//	--scale S       what Step 5 divides q·k by: sqrt (default, the lesson's
//	                √d_k), raw, d or d^P; any but sqrt shows Step 5 failing.
//	--format F      text (default), markdown or json.
//
// Where the numbers come from: means, variances, covariances and
// independence of entries and terms from the exact law of one coordinate
// pair (q_i, k_i), or of two, summed over the listed outcomes, or for
// independent coordinates too many to list, the coordinate law itself
// (one law for every i, said in the transcript); Var(q·k) from the law of
// q·k that enumerate computes (--method, --workers and --max-time as for
// table: every pair enumerated when that takes seconds, the closed form
// beyond; a tied space is a mixture of enumerate problems, one per value
// of the tied entry; only a joint law takes it from its listing).
// Independent coordinates are listed outcome by outcome up to 65536
// outcomes, and the engine's law of q·k is then compared with the
// listing's count for count. A tie or a joint law is always listed, and
// refused before any work, with its number of outcomes and an estimate,
// when listing would take longer than --max-time (default 1m) or hold more
// than 1 GB of tallies.
//
// Exit status: 0 when every step holds, 1 when one fails (even if the
// conclusion survives), 2 for bad input: a malformed --pairs or joint-law
// file (one line, "FILE:LINE: problem"), mixed flags, or a space refused.
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
