// Package softmax evaluates softmax and the largest entry of its Jacobian
// exactly enough to decide whether a printed, rounded figure is consistent
// with the inputs it claims to come from.
//
// Conventions used throughout the package:
//
//   - Inputs are exact rationals (*big.Rat). A printed input such as "22.8"
//     with 1 place stands for every real number that rounds to it, i.e. the
//     closed cell [22.75, 22.85]; a vector of such cells is a Box.
//   - Scaled dot-product attention divides the scores by √d_k. A Box carries
//     DK and every function that takes a Box applies softmax to z/√DK; √DK is
//     enclosed by exact rational bounds, so irrational scales are handled
//     rigorously. DK == nil means no scaling.
//   - Precisions ("prec") are binary working precisions in bits. The
//     enclosure functions use them as the precision of directed-rounding
//     arithmetic, so enclosures get about prec bits tight but are rigorous at
//     every precision; CrossCheck's independent method uses them as a target
//     with guard bits. A precision of 0 means 64 bits (Options.Prec has its
//     own default).
//   - An Interval is closed, with exact rational end points; "rigorous" means
//     the exact real value lies in the interval, without any tolerance.
//   - A Range encloses the attainable set [min, max] of a continuous function
//     over a Box: the exact minimum lies in Range.Min and the exact maximum in
//     Range.Max. Because a Box is connected, every value between them is
//     attained as well.
//   - Decimals are package rational's: an Interval prints rounded outward
//     (rational.RoundFloor, rational.RoundCeiling), a figure is read by
//     rational.ParseDecimal and its cell is RoundingCell; EnclosedDecimal rounds
//     a real number known only by enclosures, correctly.
//   - A printed figure with p places is consistent with a Range when its
//     closed rounding cell [v − ½·10^−p, v + ½·10^−p] meets the attainable
//     set (a tie may have been rounded either way, as numpy's binary floats
//     make ties invisible). Fewer printed digits than places, as in numpy's
//     "0.03" or "0.", are accepted.
//   - Every printed output is judged on its own; joint consistency of a whole
//     printed vector (one input giving all outputs at once) is not checked.
//   - Decisions are three-valued (Consistent, Inconsistent, Undecided):
//     Undecided is returned instead of a guess when a precision or box budget
//     runs out.
//   - The max |entry| of the softmax Jacobian J = diag(p) − p pᵀ equals
//     max_i p_i(1 − p_i), because |J_ij| = p_i p_j ≤ p_i(1 − p_i) for i ≠ j.
//   - Two methods: the enclosures use this package's own directed-rounding
//     series for exp (rexp.go); CrossCheck recomputes a point with
//     github.com/ALTree/bigfloat, which shares none of that code, and Check
//     runs it on every single-point input, so an error in either method
//     stops a verdict instead of deciding it.
//
// All functions are safe for concurrent use: calls into
// github.com/ALTree/bigfloat, whose π cache is an unsynchronised package
// variable, are serialised by a package-level mutex.
package softmax
