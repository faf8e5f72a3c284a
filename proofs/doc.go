// Package proofs checks the lesson's proof that Var(q·k) = d_k, step by
// step, on a finite sample space where every quantity is computed exactly.
//
// The sample space is every pair (q, k) of vectors of width d_k whose
// entries come from two finite alphabets, with the uniform measure over the
// alphabets' multisets (so a letter of multiplicity m counts m times). A
// random variable is a function on that space. E, Var and Cov are sums over
// every outcome of the space, in exact rational arithmetic: they are never
// taken from the formula a step is about to test, so a step can fail.
//
// Values that a scale such as 1/√d_k makes irrational stay exact: every
// random variable is a rational function of the outcome times one fixed
// unit, a rational.Value such as 1/√d_k, so its mean, variance and
// covariances are exact rational.Values (rational whenever the unit's
// square is).
//
// An Equality compares two exact values and keeps both, so a test or a
// transcript can show what was compared, not only whether it held. The
// five steps of the lesson's proof are Step1 to Step5; Prove runs them for
// several widths and, when one fails, names the broken hypothesis, what
// holds instead and the smallest counterexample.
package proofs
