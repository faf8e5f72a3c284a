package proofs

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An oracle computes, slowly and independently of the package, every
// value and verdict the proof asserts, straight from a list of weighted
// outcomes: built from a joint law's text, or from a model's definition
// (each outcome's probability written out from how the model draws it),
// never from a Space.
type oracle struct {
	d      int
	q, k   [][]*big.Rat
	w      []*big.Rat
	totalW *big.Rat
}

func newOracle(d int) *oracle { return &oracle{d: d, totalW: new(big.Rat)} }

func (o *oracle) add(q, k []*big.Rat, w *big.Rat) {
	o.q, o.k = append(o.q, q), append(o.k, k)
	o.w = append(o.w, w)
	o.totalW.Add(o.totalW, w)
}

// e returns the mean of f over the outcomes.
func (o *oracle) e(f func(n int) *big.Rat) *big.Rat {
	s := new(big.Rat)
	for n := range o.w {
		s.Add(s, new(big.Rat).Mul(f(n), o.w[n]))
	}
	return s.Quo(s, o.totalW)
}

func (o *oracle) cov(f, g func(n int) *big.Rat) *big.Rat {
	fg := o.e(func(n int) *big.Rat { return new(big.Rat).Mul(f(n), g(n)) })
	return fg.Sub(fg, new(big.Rat).Mul(o.e(f), o.e(g)))
}

// A group is a vector-valued variable: its value at an outcome, as text.
type group func(n int) string

// independent judges by brute force over every combination of the
// groups' values, and returns how many combinations have a positive
// probability and how many there are.
func (o *oracle) independent(gs ...group) (holds bool, present, combos int) {
	values := make([][]string, len(gs))
	marg := make([]map[string]*big.Rat, len(gs))
	joint := map[string]*big.Rat{}
	for i := range gs {
		marg[i] = map[string]*big.Rat{}
	}
	for n, w := range o.w {
		keys := make([]string, len(gs))
		for i, g := range gs {
			v := g(n)
			keys[i] = v
			if marg[i][v] == nil {
				marg[i][v] = new(big.Rat)
				values[i] = append(values[i], v)
			}
			marg[i][v].Add(marg[i][v], w)
		}
		k := strings.Join(keys, "|")
		if joint[k] == nil {
			joint[k] = new(big.Rat)
		}
		joint[k].Add(joint[k], w)
	}
	holds, combos = true, 1
	for _, v := range values {
		combos *= len(v)
	}
	pick := make([]int, len(gs))
	keys := make([]string, len(gs))
	for {
		prod := big.NewRat(1, 1)
		for i := range gs {
			keys[i] = values[i][pick[i]]
			prod.Mul(prod, new(big.Rat).Quo(marg[i][keys[i]], o.totalW))
		}
		p := new(big.Rat)
		if j := joint[strings.Join(keys, "|")]; j != nil {
			p.Quo(j, o.totalW)
			present++
		}
		if p.Cmp(prod) != 0 {
			holds = false
		}
		i := len(pick) - 1
		for ; i >= 0; i-- {
			if pick[i]++; pick[i] < len(values[i]) {
				break
			}
			pick[i] = 0
		}
		if i < 0 {
			return holds, present, combos
		}
	}
}

func indicator(b bool) *big.Rat {
	if b {
		return big.NewRat(1, 1)
	}
	return new(big.Rat)
}

// entry returns q_i or k_i, or q_i·k_i, of an outcome by its name.
func (o *oracle) entry(name string) func(n int) *big.Rat {
	if q, k, ok := strings.Cut(name, "·"); ok {
		fq, fk := o.entry(q), o.entry(k)
		return func(n int) *big.Rat { return new(big.Rat).Mul(fq(n), fk(n)) }
	}
	i, err := strconv.Atoi(name[2:])
	if err != nil || i < 1 || i > o.d || (name[0] != 'q' && name[0] != 'k') {
		panic("oracle: no entry " + name)
	}
	if name[0] == 'q' {
		return func(n int) *big.Rat { return o.q[n][i-1] }
	}
	return func(n int) *big.Rat { return o.k[n][i-1] }
}

func (o *oracle) score(n int) *big.Rat {
	s := new(big.Rat)
	for i := range o.d {
		s.Add(s, new(big.Rat).Mul(o.q[n][i], o.k[n][i]))
	}
	return s
}

// groupOf returns the group of the named entries.
func (o *oracle) groupOf(names ...string) group {
	fs := make([]func(int) *big.Rat, len(names))
	for i, n := range names {
		fs[i] = o.entry(n)
	}
	return func(n int) string {
		parts := make([]string, len(fs))
		for i, f := range fs {
			parts[i] = f(n).RatString()
		}
		return strings.Join(parts, ",")
	}
}

// An expectation is what the oracle says of one assertion: its two sides
// (nil for a side that is a count or a formula, checked apart) and the
// verdict; for an independence, the groups it judges.
type expectation struct {
	left, right *big.Rat
	holds       bool
	groups      [][]string
}

func (o *oracle) equality(left, right *big.Rat) expectation {
	return expectation{left: left, right: right, holds: left.Cmp(right) == 0}
}

func (o *oracle) independence(groups ...[]string) expectation {
	gs := make([]group, len(groups))
	for i, g := range groups {
		gs[i] = o.groupOf(g...)
	}
	holds, _, _ := o.independent(gs...)
	return expectation{holds: holds, groups: groups}
}

func ratOne() *big.Rat { return big.NewRat(1, 1) }

// expected returns the oracle's expectation of every assertion of a run at
// the oracle's width (Step 5 divided by √d_k), by ID and indices.
func (o *oracle) expected() map[string]map[[2]int]expectation {
	out := map[string]map[[2]int]expectation{}
	set := func(id string, i, j int, x expectation) {
		if out[id] == nil {
			out[id] = map[[2]int]expectation{}
		}
		out[id][[2]int{i, j}] = x
	}
	sq := func(f func(int) *big.Rat) func(int) *big.Rat {
		return func(n int) *big.Rat { return new(big.Rat).Mul(f(n), f(n)) }
	}
	var termVars *big.Rat = new(big.Rat)
	for i := 1; i <= o.d; i++ {
		qn, kn, tn := fmt.Sprintf("q_%d", i), fmt.Sprintf("k_%d", i), fmt.Sprintf("q_%d·k_%d", i, i)
		q, k, t := o.entry(qn), o.entry(kn), o.entry(tn)
		set("mean-q", i, 0, o.equality(o.e(q), new(big.Rat)))
		set("mean-k", i, 0, o.equality(o.e(k), new(big.Rat)))
		set("var-q", i, 0, o.equality(o.cov(q, q), ratOne()))
		set("var-k", i, 0, o.equality(o.cov(k, k), ratOne()))
		set("square-q", i, 0, o.equality(o.e(sq(q)), ratOne()))
		set("square-k", i, 0, o.equality(o.e(sq(k)), ratOne()))
		set("indep-qk", i, 0, o.independence([]string{qn}, []string{kn}))
		set("mean-term-product", i, 0, o.equality(o.e(t), new(big.Rat).Mul(o.e(q), o.e(k))))
		set("mean-term", i, 0, o.equality(o.e(t), new(big.Rat)))
		set("var-term-square", i, 0, o.equality(o.cov(t, t), o.e(sq(t))))
		set("square-term-product", i, 0, o.equality(o.e(sq(t)), new(big.Rat).Mul(o.e(sq(q)), o.e(sq(k)))))
		set("var-term", i, 0, o.equality(o.cov(t, t), ratOne()))
		termVars.Add(termVars, o.cov(t, t))
		for j := i + 1; j <= o.d; j++ {
			qj, kj, tj := fmt.Sprintf("q_%d", j), fmt.Sprintf("k_%d", j), fmt.Sprintf("q_%d·k_%d", j, j)
			set("indep-coords", i, j, o.independence([]string{qn, kn}, []string{qj, kj}))
			set("indep-terms-pair", i, j, o.independence([]string{tn}, []string{tj}))
			set("cov-terms", i, j, o.equality(o.cov(t, o.entry(tj)), new(big.Rat)))
		}
	}
	if o.d > 1 {
		var entries, terms [][]string
		for i := 1; i <= o.d; i++ {
			entries = append(entries, []string{fmt.Sprintf("q_%d", i)})
		}
		for i := 1; i <= o.d; i++ {
			entries = append(entries, []string{fmt.Sprintf("k_%d", i)})
			terms = append(terms, []string{fmt.Sprintf("q_%d·k_%d", i, i)})
		}
		set("indep-all", 0, 0, o.independence(entries...))
		set("indep-terms", 0, 0, o.independence(terms...))
	}
	v := o.cov(o.score, o.score)
	d := big.NewRat(int64(o.d), 1)
	scaled := new(big.Rat).Quo(v, d)
	set("engine", 0, 0, expectation{holds: true})
	set("var-sum", 0, 0, o.equality(v, termVars))
	set("var-score", 0, 0, o.equality(v, d))
	set("divisor", 0, 0, o.equality(d, d))
	set("scaling", 0, 0, o.equality(scaled, scaled))
	set("var-scaled", 0, 0, o.equality(scaled, ratOne()))
	return out
}

// eventPart matches one part of an event: "q_1 = -1", "q_i·k_i = 2" or
// "(q_1, k_1) = (-1, 1/2)".
var eventPart = regexp.MustCompile(`^(?:\(([^)]*)\) = \(([^)]*)\)|([^ ]+) = (\S+))$`)

// splitEvent splits "P(a, (b, c) = (1, 2))" into its parts, at the commas
// outside parentheses.
func splitEvent(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "P("), ")")
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// checkWitness checks a failed independence's witness: the event its Left
// names, read back with the symbolic indices i and j put in, must have the
// probability of LeftValue, its parts' probabilities must multiply to
// RightValue, and the two must differ; each part must be one of the groups
// the oracle judged.
func (o *oracle) checkWitness(t *testing.T, where string, a Assertion, x expectation, i, j int) {
	t.Helper()
	parts := splitEvent(indexed(a.Left, i, j))
	require.Len(t, parts, len(x.groups), "%s: %s names %d parts, the assertion judges %d groups", where, a.Left, len(parts), len(x.groups))
	prod := big.NewRat(1, 1)
	matches := func(n int) bool { return true }
	for _, p := range parts {
		m := eventPart.FindStringSubmatch(p)
		require.NotNil(t, m, "%s: cannot read the event %q", where, p)
		names, vals := []string{m[3]}, []string{m[4]}
		if m[1] != "" {
			names, vals = strings.Split(m[1], ", "), strings.Split(m[2], ", ")
		}
		require.True(t, slices.ContainsFunc(x.groups, func(g []string) bool {
			return !slices.ContainsFunc(names, func(n string) bool { return !slices.Contains(g, n) })
		}), "%s: the witness names %v, which are in no group the assertion judges, %v", where, names, x.groups)
		want := strings.Join(vals, ",")
		for _, v := range vals {
			_, err := rational.ParseRat(v)
			require.NoError(t, err, "%s: %q", where, p)
		}
		g := o.groupOf(names...)
		prev := matches
		matches = func(n int) bool { return prev(n) && canonical(g(n)) == canonical(want) }
		prod.Mul(prod, o.e(func(n int) *big.Rat { return indicator(canonical(g(n)) == canonical(want)) }))
	}
	joint := o.e(func(n int) *big.Rat { return indicator(matches(n)) })
	l, _ := a.LeftValue.Rat()
	r, _ := a.RightValue.Rat()
	require.Zero(t, joint.Cmp(l), "%s: %s: the oracle gives P = %s, the proof %s (an impossible event?)", where, a.Left, joint.RatString(), l.RatString())
	require.Zero(t, prod.Cmp(r), "%s: %s: the oracle gives Π P(each) = %s, the proof %s", where, a.Right, prod.RatString(), r.RatString())
	require.NotZero(t, joint.Cmp(prod), "%s: the witness %s does not break independence", where, a.Detail)
}

// canonical writes a comma list of rationals in lowest terms.
func canonical(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		if r, err := rational.ParseRat(p); err == nil {
			parts[i] = r.RatString()
		}
	}
	return strings.Join(parts, ",")
}

// checkRun compares every assertion of a run with the oracle, both sides
// and the verdict, and requires the oracle's every expectation to be
// asserted. generalAt gives, for the proof for every width, the indices
// its symbolic i and j stand for.
func (o *oracle) checkRun(t *testing.T, name string, r Run, general bool) {
	t.Helper()
	want := o.expected()
	got := map[string]map[[2]int]bool{}
	for _, st := range r.Steps {
		for _, a := range st.Assertions {
			at := a.at
			switch {
			case general:
				at = [][2]int{{1, 0}}
				if strings.Contains(a.Statement, "_j") {
					at = [][2]int{{1, 2}}
				}
				if a.LeftFormula != nil || a.ID == "formula" {
					continue // checked against the oracle at several widths apart
				}
			case at == nil:
				at = [][2]int{{0, 0}}
			}
			for _, ij := range at {
				where := fmt.Sprintf("%s, %s at %v", name, a.ID, ij)
				x, ok := want[a.ID][ij]
				require.True(t, ok, "%s: the oracle knows no such assertion", where)
				if got[a.ID] == nil {
					got[a.ID] = map[[2]int]bool{}
				}
				require.False(t, got[a.ID][ij], "%s is asserted twice", where)
				got[a.ID][ij] = true
				require.Equal(t, x.holds, a.Holds, "%s: the proof says %v, the oracle %v (%s)", where, a.Holds, x.holds, a.Values)
				if x.left != nil {
					l, ok := a.LeftValue.Rat()
					require.True(t, ok, "%s: %s", where, a.LeftValue)
					require.Zero(t, x.left.Cmp(l), "%s: left side %s: the proof says %s, the oracle %s", where, a.Left, l.RatString(), x.left.RatString())
				}
				if x.right != nil {
					rv, ok := a.RightValue.Rat()
					require.True(t, ok, "%s: %s", where, a.RightValue)
					require.Zero(t, x.right.Cmp(rv), "%s: right side %s: the proof says %s, the oracle %s", where, a.Right, rv.RatString(), x.right.RatString())
				}
				if x.groups != nil {
					gs := make([]group, len(x.groups))
					for n, g := range x.groups {
						gs[n] = o.groupOf(g...)
					}
					_, present, combos := o.independent(gs...)
					if a.Holds {
						requireValue(t, rational.NewInt(int64(present)), a.LeftValue, where+": combinations present")
						requireValue(t, rational.NewInt(int64(combos)), a.RightValue, where+": combinations")
					} else {
						o.checkWitness(t, where, a, x, ij[0], ij[1])
					}
				}
			}
		}
	}
	if general {
		return
	}
	for id, byIndex := range want {
		for ij := range byIndex {
			if id == "indep-terms" && (r.space == nil || r.space.outcomes.Cmp(big.NewInt(maxTermsJoint)) > 0 || o.d < 3) {
				continue // asserted only where the terms' joint law is kept, from three terms
			}
			if id == "engine" && r.space != nil && r.space.model.Joint != nil {
				continue // a joint law's law of q·k is the listing's own
			}
			require.True(t, got[id][ij], "%s: %s at %v: the proof makes no such assertion (a skipped index or pair?)", name, id, ij)
		}
	}
}

// randomJointLaw returns a small random joint law and its oracle: its
// coordinates have different laws, so a pair tally read the wrong way
// round shows.
func randomJointLaw(rng *rand.Rand) (string, *oracle) {
	letters := []string{"-2", "-1", "0", "1", "2", "1/2", "-1/2"}
	d := 2 + rng.IntN(2)
	o := newOracle(d)
	var b strings.Builder
	seen := map[string]bool{}
	for range 1 + rng.IntN(10) {
		var qs, ks []string
		var q, k []*big.Rat
		for range d {
			a, c := letters[rng.IntN(len(letters))], letters[rng.IntN(len(letters))]
			qs, ks = append(qs, a), append(ks, c)
			x, _ := rational.ParseRat(a)
			y, _ := rational.ParseRat(c)
			q, k = append(q, x), append(k, y)
		}
		key := strings.Join(qs, ",") + " " + strings.Join(ks, ",")
		if seen[key] {
			continue
		}
		seen[key] = true
		w := 1 + rng.Int64N(5)
		fmt.Fprintf(&b, "%d %s %s\n", w, strings.Join(qs, ","), strings.Join(ks, ","))
		o.add(q, k, big.NewRat(w, 1))
	}
	return b.String(), o
}

// modelPairs returns the weighted pairs a model draws each coordinate pair
// from: its pair law, or every letter of Q with every letter of K.
func modelPairs(m Model) []Pair {
	if !m.Pairs.isZero() {
		return m.Pairs.pairs
	}
	var out []Pair
	for _, x := range m.Q.Letters() {
		for _, y := range m.K.Letters() {
			out = append(out, Pair{Q: x.Value, K: y.Value, Weight: x.Mult * y.Mult})
		}
	}
	return out
}

// modelOracle lists the outcomes of a model at width d with their
// probabilities, as the model's definition says: coordinate pairs
// independent; or the tied entry drawn once from its marginal law, each
// other entry from its law given it; or one pair repeated.
func modelOracle(m Model, d int) *oracle {
	o := newOracle(d)
	pairs := modelPairs(m)
	var total int64
	for _, p := range pairs {
		total += p.Weight
	}
	// every calls f with every d-tuple of the pairs.
	every := func(ps []Pair, f func([]Pair)) {
		pick := make([]int, d)
		for {
			tuple := make([]Pair, d)
			for i, n := range pick {
				tuple[i] = ps[n]
			}
			f(tuple)
			i := d - 1
			for ; i >= 0; i-- {
				if pick[i]++; pick[i] < len(ps) {
					break
				}
				pick[i] = 0
			}
			if i < 0 {
				return
			}
		}
	}
	vectors := func(tuple []Pair) (q, k []*big.Rat) {
		for _, p := range tuple {
			q, k = append(q, p.Q), append(k, p.K)
		}
		return q, k
	}
	switch m.Tie {
	case Untied:
		every(pairs, func(tuple []Pair) {
			w := big.NewRat(1, 1)
			for _, p := range tuple {
				w.Mul(w, big.NewRat(p.Weight, total))
			}
			q, k := vectors(tuple)
			o.add(q, k, w)
		})
	case TieBoth:
		for _, p := range pairs {
			q, k := vectors(slices.Repeat([]Pair{p}, d))
			o.add(q, k, big.NewRat(p.Weight, total))
		}
	case TieQ, TieK:
		groups := map[string][]Pair{}
		var order []string
		for _, p := range pairs {
			x := p.Q
			if m.Tie == TieK {
				x = p.K
			}
			if groups[x.RatString()] == nil {
				order = append(order, x.RatString())
			}
			groups[x.RatString()] = append(groups[x.RatString()], p)
		}
		for _, x := range order {
			g := groups[x]
			var wx int64
			for _, p := range g {
				wx += p.Weight
			}
			every(g, func(tuple []Pair) {
				w := big.NewRat(wx, total) // P(the tied entry is x)
				for _, p := range tuple {
					w.Mul(w, big.NewRat(p.Weight, wx)) // P(the other entry | x)
				}
				q, k := vectors(tuple)
				o.add(q, k, w)
			})
		}
	}
	return o
}

// randomModel returns a model with small random laws: alphabets with
// multiplicities, or a pair law whose values of q (and of k) have unequal
// total weights, asymmetric in q and k; tied or not.
func randomModel(t *testing.T, rng *rand.Rand) Model {
	values := []string{"-2", "-1", "-1/2", "0", "1/2", "1", "2", "3"}
	letters := func() rational.Alphabet {
		var ls []string
		for _, v := range rng.Perm(len(values))[:1+rng.IntN(3)] {
			ls = append(ls, fmt.Sprintf("%s:%d", values[v], 1+rng.IntN(3)))
		}
		return alphabet(t, strings.Join(ls, ","))
	}
	m := Model{Tie: Tie(rng.IntN(4))}
	if rng.IntN(3) == 0 {
		m.Q, m.K = letters(), letters()
		return m
	}
	var ps []string
	for range 1 + rng.IntN(5) {
		ps = append(ps, fmt.Sprintf("%s %s:%d", values[rng.IntN(len(values))], values[rng.IntN(len(values))], 1+rng.IntN(4)))
	}
	law, err := ParsePairLaw(strings.Join(ps, ", "))
	require.NoError(t, err)
	m.Pairs = law
	return m
}

// TestAgainstOracle checks every value and verdict the proof asserts, both
// sides, index by index and pair by pair, against the slow oracle: on
// random joint laws (coordinates with different laws), and on random
// models (pair laws with unequal weights, asymmetric in q and k, tied or
// not) at the listed widths and for every width. A pair of coordinates
// skipped, a formula in place of a sum over the space, a wrong verdict on
// independence, a witness that names an impossible event, a tie that
// drops the tied value's probability: each shows here by name.
func TestAgainstOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 60
	switch {
	case quickOnly:
		n = 10
	case short():
		n = 6
	}
	for c := range n {
		text, o := randomJointLaw(rng)
		tr := prove(t, joint(t, text), o.d)
		require.Nil(t, tr.General, "a joint law is one width")
		o.checkRun(t, fmt.Sprintf("joint law %d:\n%s", c, text), tr.Runs[0], false)
	}
	for c := range n {
		m := randomModel(t, rng)
		d := 1 + rng.IntN(3)
		tr := prove(t, m, d)
		name := fmt.Sprintf("model %d, %s, d_k = %d", c, m, d)
		o := modelOracle(m, d)
		o.checkRun(t, name, tr.Runs[0], false)
		o.checkGeneral(t, name, m, *tr.General)
	}
}

// checkGeneral compares the proof for every width with the oracle of the
// model at d_k = 2 (the laws of one and of two coordinate pairs) and its
// formulas with the oracle at d_k = 1, 2, 3; it requires the assertions
// true by construction to be those the model makes so.
func (o *oracle) checkGeneral(t *testing.T, name string, m Model, g Run) {
	t.Helper()
	modelOracle(m, 2).checkRun(t, name+", for every d_k", g, true)
	for d := 1; d <= 3; d++ {
		od := modelOracle(m, d)
		v := od.cov(od.score, od.score)
		for _, c := range []struct {
			id   string
			want *big.Rat
		}{{"var-score", v}, {"var-scaled", new(big.Rat).Quo(v, big.NewRat(int64(d), 1))}} {
			a, ok := g.Assertion(c.id)
			require.True(t, ok)
			requireValue(t, rational.NewRat(c.want), a.LeftFormula.At(d), fmt.Sprintf("%s: %s's formula %s at d_k = %d", name, c.id, a.LeftFormula, d))
		}
		requireValue(t, rational.NewRat(od.e(od.score)), g.meanF.At(d), fmt.Sprintf("%s: E[q·k] = %s at d_k = %d", name, g.meanF, d))
	}
	f, ok := g.Assertion("formula")
	require.True(t, ok)
	require.True(t, f.Holds, "%s: enumerate and the formula disagree: %s", name, f.Detail)
	for _, st := range g.Steps {
		for _, a := range st.Assertions {
			var want string
			switch a.ID {
			case "indep-qk", "mean-term-product", "square-term-product":
				if m.independentAlphabets() {
					want = byIndependentAlphabets
				}
			case "indep-coords", "indep-terms-pair", "cov-terms":
				if m.Tie == Untied {
					want = byIndependentPairs
				}
			}
			require.Equal(t, want, a.ByConstruction, "%s: %s by construction", name, a.ID)
		}
	}
}
