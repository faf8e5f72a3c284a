// Package rational holds the exact arithmetic behind sqrtdk: alphabets of
// exact rational entries, histograms of exact scores, their moments, the
// scales that divide a score by a power of d_k, and decimal formatting.
//
// Conventions, written once here:
//
//   - Every quantity is exact. Rationals are *big.Rat and are compared with
//     Cmp; counts are *big.Int and never wrap.
//   - A Value is a real number c·n^(1/r): a rational c times the r-th root of
//     an integer n. When r = 1 the value is rational. Its canonical form has
//     n > 1 free of r-th powers and r as small as possible, so two Values are
//     equal exactly when their canonical forms are. It is written "c" for a
//     rational, "c*sqrt(n)" when r = 2 and "c*n^(1/r)" otherwise, with c
//     omitted when it is 1 (for example "sqrt(2)", "3/2*sqrt(6)",
//     "2^(1/4)").
//   - A decimal with N places is the exact value correctly rounded to N
//     places: never a float64, never rounded twice. Ties (possible only for
//     rationals) go to the even last digit by default (RoundHalfEven) or away
//     from zero (RoundHalfUp); the directed modes RoundFloor and RoundCeiling
//     give the two ends of an enclosure. A value that rounds to zero prints
//     without a minus sign. This package is the one home of decimal
//     rounding (FormatRat, Value.Decimal; a real known only by rational
//     enclosures is rounded by FormatRat on both ends) and of decimal
//     reading: ParseRat for what a person writes, ParseDecimal for what a
//     program prints.
//   - The zero Value is 0; the zero Scale is raw; the zero RoundingMode is
//     RoundHalfEven.
//   - Variances are population variances: Var(X) = E[X²] − E[X]², the
//     average over every case with equal weight, not the n−1 sample form.
package rational
