package proofs

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Step is one step of the lesson's proof at one width: its number,
// title, the lesson's statement in symbols and every assertion checked
// for it.
type Step struct {
	Number     int         // 1 to 5
	Title      string      // a few words, such as "mean of one term"
	Statement  string      // the lesson's claim, in symbols
	Assertions []Assertion // every assertion checked for it
}

// holds reports whether every assertion of the step holds (FirstFailure
// finds none).
func (st Step) holds() bool {
	for _, a := range st.Assertions {
		if !a.Holds {
			return false
		}
	}
	return true
}

// FirstFailure returns the first assertion that fails, if any.
func (st Step) FirstFailure() (Assertion, bool) {
	for _, a := range st.Assertions {
		if !a.Holds {
			return a, true
		}
	}
	return Assertion{}, false
}

// The short names of the laws assertions are computed on; a transcript
// explains each once per width.
const (
	fromCoordinate = "(q_i, k_i)"
	fromPair       = "(q_i, k_i, q_j, k_j)"
	fromScore      = "q·k"
	fromListing    = "all outcomes"
)

// evidence is what the steps read at one width: the law of every
// coordinate and pair of coordinates, the law of q·k and, for a listed
// space, the listing.
type evidence struct {
	s      *Space
	d      int
	shared bool // one law for every coordinate and one for every pair (untied, not listed)
	// general is set for the proof for every width (d is then 0): the
	// laws of one and of two coordinate pairs, coords[0] and two, come
	// from the model's definition.
	general bool
	two     *law
	// oneProduct and twoProduct, when set, say why the law of one pair is
	// a product of the laws of q_i and k_i, and the law of two pairs a
	// product of two laws of one, by construction.
	oneProduct, twoProduct string
	coords                 []*law
	// The per-pair instances of Step 1 and Step 4 and the sum of the
	// terms' covariances, computed in one pass over the pairs so that
	// each pair's law is dropped once used.
	coordsIndep, termsIndep, covs []instance
	covSum                        *big.Rat
	score                         *scoreLaw
	list                          *listing
	// listedScore is the listing's law of q·k, compared with the engine's.
	listedScore *scoreLaw
	// divisor is what Step 5 divides q·k by, and its name; p is its
	// exponent, d_k^p.
	divisor     rational.Value
	divisorName string
	p           *big.Rat
	sources     map[string]string
	// For the proof for every width: the sweep's result and the formulas
	// of E[q·k] and Var(q·k).
	sweep       sweepResult
	meanF, varF Formula
}

// gather computes the evidence at one width; divisor is d_k^p.
func gather(ctx context.Context, s *Space, p *big.Rat) (*evidence, error) {
	ev := &evidence{s: s, d: s.d, shared: !s.listed, covSum: new(big.Rat), sources: map[string]string{}, p: p}
	ev.divisor, ev.divisorName = divisorOf(s.d, p)
	if ev.shared {
		ev.twoProduct = byIndependentPairs
		if s.model.independentAlphabets() {
			ev.oneProduct = byIndependentAlphabets
		}
	}
	for _, i := range ev.indices() {
		l, err := s.marginal(ctx, []int{i})
		if err != nil {
			return nil, err
		}
		ev.coords = append(ev.coords, l)
	}
	if err := ev.pairPass(ctx); err != nil {
		return nil, err
	}
	var err error
	if ev.score, err = s.scoreLaw(ctx); err != nil {
		return nil, err
	}
	if s.listed {
		if ev.list, err = s.listing(ctx); err != nil {
			return nil, err
		}
		ev.listedScore = ev.list.scoreLaw()
	}
	if ev.shared {
		ev.sources[fromCoordinate] = "the law of one coordinate pair, the same for every i: the coordinates are drawn independently"
		ev.sources[fromPair] = "the law of two coordinate pairs, the product of two copies of the law of one: the same for every i < j"
	} else {
		ev.sources[fromCoordinate] = "the law of (q_i, k_i) for each i, summed over the listed outcomes"
		ev.sources[fromPair] = "the law of (q_i, k_i, q_j, k_j) for each i < j, summed over the listed outcomes"
		ev.sources[fromListing] = fmt.Sprintf("every one of the %s listed outcomes", s.outcomes)
	}
	if s.model.Joint != nil {
		ev.sources[fromScore] = "the law of q·k summed over the listed outcomes (enumerate has no model of a joint law)"
	} else {
		ev.sources[fromScore] = "the law of q·k from enumerate, " + ev.score.method
		if ev.score.pairs.Sign() > 0 {
			n := ev.score.pairs.String() + " pairs"
			if n == "1 pairs" {
				n = "1 pair"
			}
			ev.sources[fromScore] += " (" + n + " counted one by one)"
		}
		if len(s.comps) > 1 {
			ev.sources[fromScore] += fmt.Sprintf(", one problem per value of the tied entry (%d), weighted by its probability", len(s.comps))
		}
	}
	return ev, nil
}

// divisorOf returns d^p and its name: "√d_k", "d_k", "1" or "d_k^(p)".
func divisorOf(d int, p *big.Rat) (rational.Value, string) {
	return rational.PowerOf(int64(d), p), divisorName(p)
}

// indices returns the coordinates computed one by one: all of them, or
// only the first when one law serves them all.
func (ev *evidence) indices() []int {
	if ev.shared || ev.general {
		return []int{1}
	}
	out := make([]int, ev.d)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// pairIndices returns the pairs of coordinates computed one by one.
func (ev *evidence) pairIndices() [][2]int {
	if ev.general {
		return [][2]int{{1, 2}}
	}
	if ev.d < 2 {
		return nil
	}
	if ev.shared {
		return [][2]int{{1, 2}}
	}
	return allPairs(ev.d)
}

// allPairs returns every pair i < j of coordinates 1..d.
func allPairs(d int) [][2]int {
	var out [][2]int
	for i := range d {
		for j := i + 1; j < d; j++ {
			out = append(out, [2]int{i + 1, j + 1})
		}
	}
	return out
}

// coord returns the law of coordinate i.
func (ev *evidence) coord(n int) *law { return ev.coords[n] }

// An instance is one assertion for one index or pair of indices, its
// texts still written with the symbolic indices _i and _j. Instances with
// the same values and texts share one Assertion.
type instance struct {
	i, j int
	a    *Assertion
}

// sameAs reports whether two assertions say the same with the same values.
func sameAs(a, b *Assertion) bool {
	return a.Holds == b.Holds && a.LeftValue.Cmp(b.LeftValue) == 0 && a.RightValue.Cmp(b.RightValue) == 0 &&
		a.Because == b.Because && a.Detail == b.Detail && a.Statement == b.Statement
}

// appendShared appends an instance, sharing the first one's assertion
// when it says the same: a tie at a large d_k has many equal pairs.
func appendShared(insts []instance, i, j int, a Assertion) []instance {
	if len(insts) > 0 && sameAs(insts[0].a, &a) {
		return append(insts, instance{i, j, insts[0].a})
	}
	return append(insts, instance{i, j, &a})
}

// indexed replaces the symbolic indices _i and _j in a template.
func indexed(template string, i, j int) string {
	r := strings.NewReplacer("_i", fmt.Sprintf("_%d", i), "_j", fmt.Sprintf("_%d", j))
	return r.Replace(template)
}

// group turns instances into assertions: one line with symbolic indices
// when every instance has the same values and verdict, else one per
// instance. perPair says the instances are pairs i < j.
func (ev *evidence) group(id, hypothesis, source string, restsOn []string, insts []instance, perPair bool) []Assertion {
	if len(insts) == 0 {
		return nil
	}
	finish := func(a Assertion, i, j int, symbolic bool) Assertion {
		a.ID, a.Hypothesis, a.Source, a.RestsOn = id, hypothesis, source, restsOn
		if !symbolic {
			a.Statement, a.Left, a.Right = indexed(a.Statement, i, j), indexed(a.Left, i, j), indexed(a.Right, i, j)
			a.Because, a.Detail = indexed(a.Because, i, j), indexed(a.Detail, i, j)
		}
		return a
	}
	same := true
	for _, in := range insts[1:] {
		if !sameAs(in.a, insts[0].a) {
			same = false
		}
	}
	count := ev.d
	if perPair {
		count = ev.d * (ev.d - 1) / 2
	}
	if ev.general {
		// One law of each kind stands for every index at every width.
		a := finish(*insts[0].a, 0, 0, true)
		a.Scope = "every i"
		if perPair {
			a.Scope = "every i < j"
		}
		return []Assertion{a}
	}
	if same && count > 1 {
		a := finish(*insts[0].a, 0, 0, true)
		for _, in := range insts {
			a.at = append(a.at, [2]int{in.i, in.j})
		}
		if ev.shared {
			// One law stands for every index: the line covers them all.
			a.at = nil
			if perPair {
				a.at = allPairs(ev.d)
			} else {
				for i := range ev.d {
					a.at = append(a.at, [2]int{i + 1, 0})
				}
			}
		}
		a.Scope = fmt.Sprintf("i = 1..%d", ev.d)
		if perPair {
			a.Scope = fmt.Sprintf("all %d pairs i < j", count)
		}
		if ev.shared {
			a.Scope += ", one law"
		}
		return []Assertion{a}
	}
	out := make([]Assertion, len(insts))
	for n, in := range insts {
		out[n] = finish(*in.a, in.i, in.j, false)
		out[n].at = [][2]int{{in.i, in.j}}
	}
	return out
}

// perCoordinate builds one instance per coordinate; f gets the law of
// the coordinate and its entries named q_i and k_i.
func (ev *evidence) perCoordinate(f func(l *law, q, k RV) Assertion) []instance {
	var out []instance
	for n, i := range ev.indices() {
		out = appendShared(out, i, 0, f(ev.coord(n), named(Q(i), "q_i"), named(K(i), "k_i")))
	}
	return out
}

// named returns x written name: the steps write their variables with the
// symbolic indices i and j, replaced when a line is about one index.
func named(x RV, name string) RV {
	x.Name = name
	return x
}

// pairPass computes, pair by pair, whether the entries of the two
// coordinates are independent, whether their terms are, and the terms'
// covariance, from the law of the pair, which is then dropped.
func (ev *evidence) pairPass(ctx context.Context) error {
	for _, ij := range ev.pairIndices() {
		i, j := ij[0], ij[1]
		var l *law
		var err error
		switch {
		case ev.general:
			l = ev.two
		case ev.s.listed:
			l, err = ev.s.listedMarginal(ctx, []int{i, j})
		default:
			l, err = ev.s.productMarginal([]int{i, j})
		}
		if err != nil {
			return err
		}
		qi, ki, qj, kj := named(Q(i), "q_i"), named(K(i), "k_i"), named(Q(j), "q_j"), named(K(j), "k_j")
		ti, tj := Times(qi, ki), Times(qj, kj)
		ev.coordsIndep = appendShared(ev.coordsIndep, i, j,
			constructed(independenceAssertion("(q_i, k_i) and (q_j, k_j) independent", coordinatesIndependent(l, qi, ki, qj, kj)), ev.twoProduct))
		ev.termsIndep = appendShared(ev.termsIndep, i, j,
			constructed(independenceAssertion("q_i·k_i and q_j·k_j independent", l.independent([]RV{ti}, []RV{tj})), ev.twoProduct))
		c := l.cov(ti, tj)
		because := fmt.Sprintf("Cov(q_i·k_i, q_j·k_j) = E[q_i·k_i·q_j·k_j] − E[q_i·k_i]·E[q_j·k_j] = %s − %s·%s = %s",
			l.mean(Times(ti, tj)), paren(l.mean(ti)), paren(l.mean(tj)), c)
		ev.covs = appendShared(ev.covs, i, j, constructed(equalT("Cov(q_i·k_i, q_j·k_j)", c, "0", zero, because), ev.twoProduct))
		ev.covSum.Add(ev.covSum, mustRat(c))
	}
	if ev.shared {
		d := big.NewInt(int64(ev.d))
		pairs := new(big.Int).Mul(d, new(big.Int).Sub(d, big.NewInt(1)))
		ev.covSum.Mul(ev.covSum, new(big.Rat).SetFrac(pairs, big.NewInt(2)))
	}
	return nil
}

// constructed marks an assertion that holds as true by construction, for
// the reason given; one that fails (which a product law cannot make it
// do unless a computation is wrong) or an empty reason leaves it as it is.
func constructed(a Assertion, reason string) Assertion {
	if a.Holds {
		a.ByConstruction = reason
	}
	return a
}

// equalT is Equal with templated names: left and right keep _i and _j.
func equalT(left string, lv rational.Value, right string, rv rational.Value, because string) Assertion {
	a := Equal(left, lv, right, rv)
	a.Because = because
	return a
}

var zero, unit = rational.NewInt(0), rational.NewInt(1)

// step1 checks the hypotheses: every entry has mean 0 and variance 1, so
// E[q_i²] = E[k_i²] = 1, and the entries are independent.
func (ev *evidence) step1() Step {
	st := Step{Number: 1, Title: "assume",
		Statement: "every q_i and k_i independent, with mean 0 and variance 1: E[q_i] = E[k_i] = 0 and E[q_i²] = E[k_i²] = 1"}
	add := func(as []Assertion) { st.Assertions = append(st.Assertions, as...) }
	entries := []struct {
		v  string
		of func(q, k RV) RV
	}{{"q", func(q, _ RV) RV { return q }}, {"k", func(_, k RV) RV { return k }}}
	for _, e := range entries {
		add(ev.group("mean-"+e.v, "mean 0", fromCoordinate, nil, ev.perCoordinate(func(l *law, q, k RV) Assertion {
			return equalT("E["+e.v+"_i]", l.mean(e.of(q, k)), "0", zero, "")
		}), false))
	}
	for _, e := range entries {
		add(ev.group("var-"+e.v, "variance 1", fromCoordinate, nil, ev.perCoordinate(func(l *law, q, k RV) Assertion {
			x := e.of(q, k)
			return equalT("Var("+e.v+"_i)", l.cov(x, x), "1", unit, "")
		}), false))
	}
	for _, e := range entries {
		add(ev.group("square-"+e.v, "", fromCoordinate, []string{"mean-" + e.v, "var-" + e.v}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
			x := e.of(q, k)
			sq, v, m := l.mean(Times(x, x)), l.cov(x, x), l.mean(x)
			because := fmt.Sprintf("E[%[1]s_i²] = Var(%[1]s_i) + E[%[1]s_i]² = %[2]s + %[3]s = %[4]s", e.v, v, squared(m), sq)
			return equalT("E["+e.v+"_i²]", sq, "1", unit, because)
		}), false))
	}
	add(ev.group("indep-qk", "independent", fromCoordinate, nil, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		a := independenceAssertion("q_i and k_i independent", l.independent([]RV{q}, []RV{k}))
		a.Because = fmt.Sprintf("Cov(q_i, k_i) = %s", l.cov(q, k))
		return constructed(a, ev.oneProduct)
	}), false))
	add(ev.group("indep-coords", "independent", fromPair, nil, ev.coordsIndep, true))
	if ev.list != nil && ev.d > 1 {
		a := independenceAssertion(allName("q_%d", ev.d)+", "+allName("k_%d", ev.d)+" independent", ev.list.entries)
		a.ID, a.Hypothesis, a.Source = "indep-all", "independent", fromListing
		st.Assertions = append(st.Assertions, a)
	}
	return st
}

// coordinatesIndependent judges whether the entries of two coordinates
// are independent: first each entry of one against each of the other, for
// a witness a reader can follow, then the two pairs as wholes.
func coordinatesIndependent(l *law, qi, ki, qj, kj RV) Independence {
	for _, x := range []RV{qi, ki} {
		for _, y := range []RV{qj, kj} {
			if in := l.independent([]RV{x}, []RV{y}); !in.Holds {
				return in
			}
		}
	}
	return l.independent([]RV{qi, ki}, []RV{qj, kj})
}

// allName writes "q_1, …, q_d", or every name when there are three at most.
func allName(f string, d int) string {
	if d > 3 {
		return fmt.Sprintf(f, 1) + ", …, " + fmt.Sprintf(f, d)
	}
	names := make([]string, d)
	for i := range names {
		names[i] = fmt.Sprintf(f, i+1)
	}
	return strings.Join(names, ", ")
}

// meanIdentity writes E[q_i·k_i] = E[q_i]·E[k_i] + Cov(q_i, k_i) with values.
func meanIdentity(l *law, q, k RV) string {
	return fmt.Sprintf("E[q_i·k_i] = E[q_i]·E[k_i] + Cov(q_i, k_i) = %s·%s + %s = %s",
		paren(l.mean(q)), paren(l.mean(k)), paren(l.cov(q, k)), l.mean(Times(q, k)))
}

// all writes "all n scores", or "the only score" when n is 1.
func all(n, noun string) string {
	if n == "1" {
		return "the only " + noun
	}
	return "all " + n + " " + noun + "s"
}

// fraction writes a value that is not an integer in parentheses, for a
// quotient.
func fraction(v rational.Value) string {
	if r, ok := v.Rat(); ok && r.IsInt() {
		return v.String()
	}
	return "(" + v.String() + ")"
}

// paren writes a negative value in parentheses, for products and sums.
func paren(v rational.Value) string {
	if v.Sign() < 0 {
		return "(" + v.String() + ")"
	}
	return v.String()
}

// squared writes v², with v in parentheses unless it is a whole number
// of no sign: "(1/9)²", not "1/9²", which reads as 1/81.
func squared(v rational.Value) string {
	if r, ok := v.Rat(); ok && r.IsInt() && r.Sign() >= 0 {
		return v.String() + "²"
	}
	return "(" + v.String() + ")²"
}

// step2 checks that one term has mean E[q_i·k_i] = E[q_i]·E[k_i] = 0.
func (ev *evidence) step2() Step {
	st := Step{Number: 2, Title: "mean of one term", Statement: "E[q_i·k_i] = E[q_i]·E[k_i] = 0, as q_i and k_i are independent"}
	st.Assertions = append(st.Assertions, ev.group("mean-term-product", "", fromCoordinate, []string{"indep-qk"}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		return constructed(equalT("E[q_i·k_i]", l.mean(Times(q, k)), "E[q_i]·E[k_i]", l.mean(q).Mul(l.mean(k)), meanIdentity(l, q, k)), ev.oneProduct)
	}), false)...)
	st.Assertions = append(st.Assertions, ev.group("mean-term", "", fromCoordinate, []string{"mean-term-product", "mean-q", "mean-k"}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		return equalT("E[q_i·k_i]", l.mean(Times(q, k)), "0", zero, meanIdentity(l, q, k))
	}), false)...)
	return st
}

// step3 checks that one term has variance
// Var(q_i·k_i) = E[(q_i·k_i)²] = E[q_i²]·E[k_i²] = 1.
func (ev *evidence) step3() Step {
	st := Step{Number: 3, Title: "variance of one term",
		Statement: "Var(q_i·k_i) = E[(q_i·k_i)²] = E[q_i²]·E[k_i²] = 1, as the mean is 0 and q_i, k_i are independent"}
	st.Assertions = append(st.Assertions, ev.group("var-term-square", "", fromCoordinate, []string{"mean-term"}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		t := Times(q, k)
		v, s2, m := l.cov(t, t), l.mean(Times(t, t)), l.mean(t)
		because := fmt.Sprintf("Var(q_i·k_i) = E[(q_i·k_i)²] − E[q_i·k_i]² = %s − %s = %s", s2, squared(m), v)
		return equalT("Var(q_i·k_i)", v, "E[(q_i·k_i)²]", s2, because)
	}), false)...)
	st.Assertions = append(st.Assertions, ev.group("square-term-product", "", fromCoordinate, []string{"indep-qk"}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		t := Times(q, k)
		q2, k2 := Times(q, q), Times(k, k)
		because := fmt.Sprintf("E[(q_i·k_i)²] = E[q_i²]·E[k_i²] + Cov(q_i², k_i²) = %s·%s + %s = %s",
			l.mean(q2), l.mean(k2), paren(l.cov(q2, k2)), l.mean(Times(t, t)))
		return constructed(equalT("E[(q_i·k_i)²]", l.mean(Times(t, t)), "E[q_i²]·E[k_i²]", l.mean(q2).Mul(l.mean(k2)), because), ev.oneProduct)
	}), false)...)
	st.Assertions = append(st.Assertions, ev.group("var-term", "", fromCoordinate, []string{"var-term-square", "square-term-product", "square-q", "square-k"}, ev.perCoordinate(func(l *law, q, k RV) Assertion {
		t := Times(q, k)
		q2, k2 := Times(q, q), Times(k, k)
		because := fmt.Sprintf("Var(q_i·k_i) = E[q_i²]·E[k_i²] + Cov(q_i², k_i²) − (E[q_i]·E[k_i] + Cov(q_i, k_i))² = %s·%s + %s − (%s·%s + %s)² = %s",
			l.mean(q2), l.mean(k2), paren(l.cov(q2, k2)), paren(l.mean(q)), paren(l.mean(k)), paren(l.cov(q, k)), l.cov(t, t))
		return equalT("Var(q_i·k_i)", l.cov(t, t), "1", unit, because)
	}), false)...)
	return st
}

// termSums returns Σ Var(q_i·k_i) and Σ_{i<j} Cov(q_i·k_i, q_j·k_j) from
// the laws of the coordinates and of the pairs: with one law for all,
// d_k and d_k(d_k−1)/2 times the one value.
func (ev *evidence) termSums() (variances, covariances *big.Rat) {
	variances, covariances = new(big.Rat), new(big.Rat)
	for n, i := range ev.indices() {
		variances.Add(variances, mustRat(ev.coord(n).cov(Term(i), Term(i))))
	}
	if ev.shared {
		variances.Mul(variances, big.NewRat(int64(ev.d), 1))
	}
	return variances, new(big.Rat).Set(ev.covSum)
}

// step4 checks that the d_k terms add: they are independent, every
// covariance between two of them is 0, and Var(q·k) = Σ Var(q_i·k_i) = d_k,
// with Var(q·k) from the law of q·k itself.
func (ev *evidence) step4() Step {
	st := Step{Number: 4, Title: "add d_k terms",
		Statement: "the terms are independent, so Var(q·k) = Σ_i Var(q_i·k_i) = d_k"}
	st.Assertions = append(st.Assertions, ev.group("indep-terms-pair", "", fromPair, []string{"indep-coords"}, ev.termsIndep, true)...)
	if ev.list != nil && ev.d > 2 {
		if in, ok := ev.s.termsIndependent(ev.list); ok {
			a := independenceAssertion(allName("q_%[1]d·k_%[1]d", ev.d)+" independent", in)
			a.ID, a.Source, a.RestsOn = "indep-terms", fromListing, []string{"indep-all"}
			st.Assertions = append(st.Assertions, a)
		}
	}
	st.Assertions = append(st.Assertions, ev.group("cov-terms", "", fromPair, []string{"indep-terms-pair"}, ev.covs, true)...)
	if ev.listedScore != nil && ev.s.model.Joint == nil {
		st.Assertions = append(st.Assertions, ev.engineAgreement())
	}
	variance := rational.NewRat(ev.score.law().coefVariance())
	vars, covs := ev.termSums()
	sum := new(big.Rat).Add(vars, new(big.Rat).Mul(covs, big.NewRat(2, 1)))
	because := fmt.Sprintf("Var(q·k) = Σ Var(q_i·k_i) + 2·Σ_{i<j} Cov(q_i·k_i, q_j·k_j) = %s + 2·%s = %s",
		vars.RatString(), paren(rational.NewRat(covs)), sum.RatString())
	if rational.NewRat(sum).Cmp(variance) != 0 {
		because += fmt.Sprintf(", but the law of q·k gives %s: the law of q·k and the laws of the terms disagree", variance)
	}
	a := equalT("Var(q·k)", variance, sumName("Var(q_%d·k_%d)", ev.d), rational.NewRat(vars), because)
	a.ID, a.Source, a.RestsOn = "var-sum", fromScore, []string{"cov-terms"}
	b := equalT("Var(q·k)", variance, fmt.Sprintf("d_k = %d", ev.d), rational.NewInt(int64(ev.d)), because)
	b.ID, b.Source, b.RestsOn = "var-score", fromScore, []string{"var-sum", "var-term"}
	st.Assertions = append(st.Assertions, a, b)
	return st
}

// engineAgreement checks enumerate's law of q·k against the listing's,
// count for count.
func (ev *evidence) engineAgreement() Assertion {
	n := rational.NewInt(int64(len(ev.listedScore.scores)))
	a := Assertion{ID: "engine", Statement: "law of q·k from enumerate = law of q·k from the listing", Source: fromListing,
		Left: "scores with equal counts", Right: "all scores", LeftValue: n, RightValue: n, Holds: true}
	if m := compareLaws(ev.listedScore, ev.score); m != nil {
		a.Left, a.Right = fmt.Sprintf("count of q·k = %s in the listing", m.score.RatString()), "count from enumerate"
		a.LeftValue, a.RightValue = rational.NewRat(ratOfInt(m.listed)), rational.NewRat(ratOfInt(m.engd))
		a.Holds = a.LeftValue.Cmp(a.RightValue) == 0
		a.Values, a.Detail = equalityValues(a.LeftValue, a.RightValue), m.String()
		a.Because = "the engine and the listing count the same outcomes, so every count must agree"
		return a
	}
	a.Values = all(fmt.Sprint(len(ev.listedScore.scores)), "score")
	return a
}

// sumName writes Var(q_1·k_1) + … + Var(q_d·k_d).
func sumName(term string, d int) string {
	t := func(i int) string { return fmt.Sprintf(term, i, i) }
	switch d {
	case 1:
		return t(1)
	case 2:
		return t(1) + " + " + t(2)
	}
	return t(1) + " + … + " + t(d)
}

// coefVariance returns the variance of the coefficient of q·k over a law
// of q·k.
func (l *law) coefVariance() *big.Rat { return mustRat(l.cov(Score(), Score())) }

// scaledVariance returns Var(q·k/c) computed from the scaled values
// themselves: each score divided by c as an exact value, their mean, and
// the mean of the squared deviations.
func scaledVariance(sl *scoreLaw, c rational.Value) (rational.Value, error) {
	inv := c.Inv()
	scaled := make([]rational.Value, len(sl.scores))
	weighted := make([]rational.Value, len(sl.scores))
	total := new(big.Rat)
	for n, x := range sl.scores {
		scaled[n] = inv.MulRat(x)
		weighted[n] = scaled[n].MulRat(ratOfInt(sl.weights[n]))
		total.Add(total, ratOfInt(sl.weights[n]))
	}
	sum, err := sumValues(weighted...)
	if err != nil {
		return rational.Value{}, err
	}
	mean := sum.MulRat(new(big.Rat).Inv(total))
	squares := make([]rational.Value, len(scaled))
	neg := mean.MulRat(big.NewRat(-1, 1))
	for n, v := range scaled {
		dev, err := sumValues(v, neg)
		if err != nil {
			return rational.Value{}, err
		}
		squares[n] = dev.Mul(dev).MulRat(ratOfInt(sl.weights[n]))
	}
	ss, err := sumValues(squares...)
	if err != nil {
		return rational.Value{}, err
	}
	return ss.MulRat(new(big.Rat).Inv(total)), nil
}

// step5 checks the scaling: Var(q·k/√d_k) = Var(q·k)/d_k = 1, with the left
// side computed from the scaled values, the right from Var(q·k).
func (ev *evidence) step5() (Step, error) {
	c := ev.divisorName
	st := Step{Number: 5, Title: "scale by 1/" + c,
		Statement: "Var(q·k/" + c + ") = Var(q·k)/d_k = 1, as Var(x·X) = x²·Var(X)"}
	left := "Var(q·k/" + c + ")"
	scaled, err := scaledVariance(ev.score, ev.divisor)
	if err != nil {
		return st, err
	}
	variance := rational.NewRat(ev.score.law().coefVariance())
	perD := variance.MulRat(big.NewRat(1, int64(ev.d)))
	square := ev.divisor.Mul(ev.divisor)
	div := equalT("("+c+")²", square, "d_k", rational.NewInt(int64(ev.d)), "")
	div.ID, div.Hypothesis = "divisor", "the divisor's square is d_k"
	quotient := fmt.Sprintf("Var(q·k/%s) = Var(q·k)/(%s)² = %s/%s", c, c, fraction(variance), fraction(square))
	a := equalT(left, scaled, "Var(q·k)/d_k", perD, quotient)
	a.ID, a.Source, a.RestsOn = "scaling", fromScore, []string{"divisor"}
	b := equalT(left, scaled, "1", unit, quotient+" = "+scaled.String())
	b.ID, b.Source, b.RestsOn = "var-scaled", fromScore, []string{"scaling", "var-score"}
	st.Assertions = append(st.Assertions, div, a, b)
	return st, nil
}

// steps runs the five steps on the evidence.
func (ev *evidence) steps() ([]Step, error) {
	if ev.general {
		return []Step{ev.step1(), ev.step2(), ev.step3(), ev.generalStep4(), ev.generalStep5()}, nil
	}
	st5, err := ev.step5()
	if err != nil {
		return nil, err
	}
	return []Step{ev.step1(), ev.step2(), ev.step3(), ev.step4(), st5}, nil
}
