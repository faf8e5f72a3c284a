package proofs

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Step is one step of the proof at one width: its number, title, the
// lesson's statement in symbols and every equality checked for it.
type Step struct {
	Number     int        `json:"step"`
	Title      string     `json:"title"`
	Statement  string     `json:"statement"`
	Equalities []Equality `json:"claims"`
}

// Holds reports whether every equality of the step holds.
func (st Step) Holds() bool {
	for _, c := range st.Equalities {
		if !c.Holds {
			return false
		}
	}
	return true
}

// FirstFailure returns the first equality that fails, if any.
func (st Step) FirstFailure() (Equality, bool) {
	for _, c := range st.Equalities {
		if !c.Holds {
			return c, true
		}
	}
	return Equality{}, false
}

// Steps lists the five steps in order.
var Steps = []func(*Space) Step{Step1, Step2, Step3, Step4, Step5}

// indexed replaces the symbolic index i (and j) in a template.
func indexed(template string, i, j int) string {
	out := []rune{}
	rs := []rune(template)
	for n, r := range rs {
		// An index is an i or j right after an underscore.
		if n > 0 && rs[n-1] == '_' && (r == 'i' || r == 'j') {
			v := i
			if r == 'j' {
				v = j
			}
			out = append(out, []rune(fmt.Sprint(v))...)
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// perIndex appends, for every i in 1..d, the equality template(i) between
// two values computed by left(i) and right(i).
func perIndex(eqs []Equality, d int, kind Kind, leftT, rightT string, left, right func(i int) rational.Value) []Equality {
	for i := 1; i <= d; i++ {
		eqs = append(eqs, Equal(kind, leftT+" = "+rightT,
			indexed(leftT, i, 0), left(i), indexed(rightT, i, 0), right(i)))
	}
	return eqs
}

// sum returns the exact sum of values the proof adds, which are always
// rational multiples of one root (variances of terms whose unit is 1).
func sum(vs ...rational.Value) rational.Value {
	s, ok := rational.Sum(vs...)
	if !ok {
		panic(fmt.Sprintf("proofs: %v are not multiples of one root", vs))
	}
	return s
}

// Step1 checks the hypotheses: every entry has mean 0 and second moment 1,
// and the joint law of all 2·d_k entries is the product of their marginals
// (q and k independent, coordinates independent).
func Step1(s *Space) Step {
	st := Step{Number: 1, Title: "hypotheses",
		Statement: "E[q_i] = E[k_i] = 0, E[q_i²] = E[k_i²] = 1, all entries independent"}
	zero, unit := rational.NewInt(0), rational.NewInt(1)
	st.Equalities = perIndex(st.Equalities, s.D, AboutMean, "E[q_i]", "0",
		func(i int) rational.Value { return s.E(Q(i)) }, func(int) rational.Value { return zero })
	st.Equalities = perIndex(st.Equalities, s.D, AboutMean, "E[k_i]", "0",
		func(i int) rational.Value { return s.E(K(i)) }, func(int) rational.Value { return zero })
	st.Equalities = perIndex(st.Equalities, s.D, AboutVariance, "E[q_i²]", "1",
		func(i int) rational.Value { return s.E(Times(Q(i), Q(i))) }, func(int) rational.Value { return unit })
	st.Equalities = perIndex(st.Equalities, s.D, AboutVariance, "E[k_i²]", "1",
		func(i int) rational.Value { return s.E(Times(K(i), K(i))) }, func(int) rational.Value { return unit })
	holding, outcomes := s.Factorises()
	st.Equalities = append(st.Equalities, Equal(AboutFactorisation,
		"distinct pairs with P(q, k) = Π P(q_i)·Π P(k_i) = all distinct pairs",
		"distinct pairs with P(q, k) = Π P(q_i)·Π P(k_i)", rational.NewInt(holding), "all distinct pairs", rational.NewInt(outcomes)))
	return st
}

// Step2 checks that one term has mean E[q_i·k_i] = E[q_i]·E[k_i] = 0.
func Step2(s *Space) Step {
	st := Step{Number: 2, Title: "mean of one term", Statement: "E[q_i·k_i] = E[q_i]·E[k_i] = 0"}
	st.Equalities = perIndex(st.Equalities, s.D, AboutMean, "E[q_i·k_i]", "E[q_i]·E[k_i]",
		func(i int) rational.Value { return s.E(Term(i)) },
		func(i int) rational.Value { return s.E(Q(i)).Mul(s.E(K(i))) })
	st.Equalities = perIndex(st.Equalities, s.D, AboutMean, "E[q_i·k_i]", "0",
		func(i int) rational.Value { return s.E(Term(i)) }, func(int) rational.Value { return rational.NewInt(0) })
	return st
}

// Step3 checks that one term has variance
// Var(q_i·k_i) = E[(q_i·k_i)²] = E[q_i²]·E[k_i²] = 1.
func Step3(s *Space) Step {
	st := Step{Number: 3, Title: "variance of one term",
		Statement: "Var(q_i·k_i) = E[(q_i·k_i)²] = E[q_i²]·E[k_i²] = 1"}
	st.Equalities = perIndex(st.Equalities, s.D, AboutVariance, "Var(q_i·k_i)", "E[(q_i·k_i)²]",
		func(i int) rational.Value { return s.Var(Term(i)) },
		func(i int) rational.Value { return s.E(Times(Term(i), Term(i))) })
	st.Equalities = perIndex(st.Equalities, s.D, AboutVariance, "E[(q_i·k_i)²]", "E[q_i²]·E[k_i²]",
		func(i int) rational.Value { return s.E(Times(Term(i), Term(i))) },
		func(i int) rational.Value { return s.E(Times(Q(i), Q(i))).Mul(s.E(Times(K(i), K(i)))) })
	st.Equalities = perIndex(st.Equalities, s.D, AboutVariance, "Var(q_i·k_i)", "1",
		func(i int) rational.Value { return s.Var(Term(i)) }, func(int) rational.Value { return rational.NewInt(1) })
	return st
}

// Step4 checks that the d_k terms add: every covariance between two
// different terms is 0, Var(q·k) = Σ Var(q_i·k_i) and Var(q·k) = d_k.
func Step4(s *Space) Step {
	st := Step{Number: 4, Title: "add d_k terms",
		Statement: "Cov(q_i·k_i, q_j·k_j) = 0 for i ≠ j, so Var(q·k) = Σ Var(q_i·k_i) = d_k"}
	for i := 1; i <= s.D; i++ {
		for j := i + 1; j <= s.D; j++ {
			left := fmt.Sprintf("Cov(q_%d·k_%d, q_%d·k_%d)", i, i, j, j)
			st.Equalities = append(st.Equalities, Equal(AboutCovariance, "Cov(q_i·k_i, q_j·k_j) = 0",
				left, s.Cov(Term(i), Term(j)), "0", rational.NewInt(0)))
		}
	}
	variance := s.Var(Score())
	terms := make([]rational.Value, s.D)
	for i := range terms {
		terms[i] = s.Var(Term(i + 1))
	}
	st.Equalities = append(st.Equalities,
		Equal(AboutVariance, "Var(q·k) = Σ Var(q_i·k_i)", "Var(q·k)", variance, sumName("Var(q_%d·k_%d)", 1, s.D), sum(terms...)),
		Equal(AboutVariance, "Var(q·k) = d_k", "Var(q·k)", variance, fmt.Sprintf("d_k = %d", s.D), rational.NewInt(int64(s.D))))
	return st
}

// Step5 checks the scaling: the two facts it rests on (variances of
// independent parts add; Var(c·X) = c²·Var(X) for c = 1/√d_k) and
// Var(q·k/√d_k) = 1.
func Step5(s *Space) Step {
	st := Step{Number: 5, Title: "scale by 1/√d_k",
		Statement: "Var(A + B) = Var(A) + Var(B) for independent A, B; Var(q·k/√d_k) = Var(q·k)/d_k = 1"}
	// The sum fact, on the split the proof relies on: the first term and
	// the rest of the dot product (for d_k = 1, an entry of q and one of k).
	a, b := Term(1), TermsFrom(2, s.D)
	if s.D == 1 {
		a, b = Q(1), K(1)
	}
	st.Equalities = append(st.Equalities, Equal(AboutVariance, "Var(A + B) = Var(A) + Var(B)",
		"Var("+a.Name+" + "+b.Name+")", s.Var(Plus(a, b)),
		"Var("+a.Name+") + Var("+b.Name+")", sum(s.Var(a), s.Var(b))))
	root := rational.PowerOf(int64(s.D), rational.Sqrt.P)
	scaled := DividedBy(Score(), root, "√d_k")
	d := rational.NewInt(int64(s.D))
	st.Equalities = append(st.Equalities,
		Equal(AboutVariance, "Var(q·k/√d_k) = Var(q·k)/d_k", "Var(q·k/√d_k)", s.Var(scaled),
			"Var(q·k)/d_k", s.Var(Score()).Mul(d.Inv())),
		Equal(AboutVariance, "Var(q·k/√d_k) = 1", "Var(q·k/√d_k)", s.Var(scaled), "1", rational.NewInt(1)))
	return st
}
