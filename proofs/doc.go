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
//
// # A proof of your own
//
// A step of a proof is a list of Equalities between values computed on the
// space. Example_scalingTwice (in example_test.go; go test -run Example -v
// ./proofs runs it) shows that dividing by √d_k twice, once by hand and
// once inside a library, leaves a variance of 1/d_k, not 1:
//
//	s, _ := proofs.NewSpace(signs, signs, d)
//	root := rational.NewSqrt(int64(d))
//	once := proofs.DividedBy(proofs.Score(), root, "√d_k")
//	twice := proofs.DividedBy(once, root, "√d_k")
//	checks := []proofs.Equality{
//		proofs.Equal(proofs.AboutVariance, "", "Var(q·k/√d_k)", s.Var(once), "1", rational.NewInt(1)),
//		proofs.Equal(proofs.AboutVariance, "", "Var(q·k/√d_k/√d_k)", s.Var(twice), "1/d_k", rational.NewFrac(1, int64(d))),
//	}
//
// Each Equality's String gives both sides and the verdict, for d_k = 6:
//
//	Var(q·k/√d_k/√d_k) = 1/d_k: Var(q·k/√d_k/√d_k) = 1/6, 1/d_k = 1/6: holds
package proofs
