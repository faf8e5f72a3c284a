package proofs

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An oracle computes, slowly and independently of the package, every
// value the proof asserts, straight from a list of weighted outcomes.
type oracle struct {
	d      int
	q, k   [][]*big.Rat
	w      []*big.Rat
	totalW *big.Rat
}

func newOracle(d int) *oracle { return &oracle{d: d, totalW: new(big.Rat)} }

func (o *oracle) add(q, k []*big.Rat, w int64) {
	o.q, o.k = append(o.q, q), append(o.k, k)
	o.w = append(o.w, big.NewRat(w, 1))
	o.totalW.Add(o.totalW, big.NewRat(w, 1))
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

// independent judges by brute force over every combination of values.
func (o *oracle) independent(f, g func(n int) string) bool {
	fs, gs := map[string]bool{}, map[string]bool{}
	for n := range o.w {
		fs[f(n)], gs[g(n)] = true, true
	}
	for a := range fs {
		for b := range gs {
			pa := o.e(func(n int) *big.Rat { return indicator(f(n) == a) })
			pb := o.e(func(n int) *big.Rat { return indicator(g(n) == b) })
			pab := o.e(func(n int) *big.Rat { return indicator(f(n) == a && g(n) == b) })
			if pab.Cmp(new(big.Rat).Mul(pa, pb)) != 0 {
				return false
			}
		}
	}
	return true
}

func indicator(b bool) *big.Rat {
	if b {
		return big.NewRat(1, 1)
	}
	return new(big.Rat)
}

func (o *oracle) term(i int) func(n int) *big.Rat {
	return func(n int) *big.Rat { return new(big.Rat).Mul(o.q[n][i-1], o.k[n][i-1]) }
}

// expected returns, for each assertion ID and indices, the oracle's left
// value, and for independence assertions whether they hold.
func (o *oracle) expected() (map[string]map[[2]int]*big.Rat, map[string]map[[2]int]bool) {
	vals := map[string]map[[2]int]*big.Rat{}
	indep := map[string]map[[2]int]bool{}
	set := func(id string, i, j int, v *big.Rat) {
		if vals[id] == nil {
			vals[id] = map[[2]int]*big.Rat{}
		}
		vals[id][[2]int{i, j}] = v
	}
	setI := func(id string, i, j int, v bool) {
		if indep[id] == nil {
			indep[id] = map[[2]int]bool{}
		}
		indep[id][[2]int{i, j}] = v
	}
	for i := 1; i <= o.d; i++ {
		q := func(n int) *big.Rat { return o.q[n][i-1] }
		k := func(n int) *big.Rat { return o.k[n][i-1] }
		t := o.term(i)
		sq := func(f func(int) *big.Rat) func(int) *big.Rat {
			return func(n int) *big.Rat { return new(big.Rat).Mul(f(n), f(n)) }
		}
		set("mean-q", i, 0, o.e(q))
		set("mean-k", i, 0, o.e(k))
		set("var-q", i, 0, o.cov(q, q))
		set("var-k", i, 0, o.cov(k, k))
		set("square-q", i, 0, o.e(sq(q)))
		set("square-k", i, 0, o.e(sq(k)))
		set("mean-term-product", i, 0, o.e(t))
		set("mean-term", i, 0, o.e(t))
		set("var-term-square", i, 0, o.cov(t, t))
		set("square-term-product", i, 0, o.e(sq(t)))
		set("var-term", i, 0, o.cov(t, t))
		str := func(f func(int) *big.Rat) func(int) string { return func(n int) string { return f(n).RatString() } }
		setI("indep-qk", i, 0, o.independent(str(q), str(k)))
		for j := i + 1; j <= o.d; j++ {
			tj := o.term(j)
			set("cov-terms", i, j, o.cov(t, tj))
			setI("indep-terms-pair", i, j, o.independent(str(t), str(tj)))
			pair := func(c int) func(n int) string {
				return func(n int) string { return o.q[n][c-1].RatString() + "," + o.k[n][c-1].RatString() }
			}
			setI("indep-coords", i, j, o.independent(pair(i), pair(j)))
		}
	}
	score := func(n int) *big.Rat {
		s := new(big.Rat)
		for i := 1; i <= o.d; i++ {
			s.Add(s, o.term(i)(n))
		}
		return s
	}
	set("var-sum", 0, 0, o.cov(score, score))
	set("var-score", 0, 0, o.cov(score, score))
	scaled := new(big.Rat).Quo(o.cov(score, score), big.NewRat(int64(o.d), 1))
	set("scaling", 0, 0, scaled)
	set("var-scaled", 0, 0, scaled)
	return vals, indep
}

// randomJointLaw returns a small random joint law and its oracle.
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
		o.add(q, k, w)
	}
	return b.String(), o
}

// TestAgainstOracle checks every value the proof asserts, index by index
// and pair by pair, against the slow oracle on random joint laws: a pair of
// coordinates the proof skipped, a formula in place of a sum over the
// space, or a wrong verdict on independence shows here by name.
func TestAgainstOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 60
	switch {
	case quickOnly:
		n = 8
	case short():
		n = 15
	}
	for range n {
		text, o := randomJointLaw(rng)
		tr := prove(t, joint(t, text), o.d)
		vals, indep := o.expected()
		got := map[string]map[[2]int]Assertion{}
		for _, st := range tr.Runs[0].Steps {
			for _, a := range st.Assertions {
				if got[a.ID] == nil {
					got[a.ID] = map[[2]int]Assertion{}
				}
				at := a.at
				if at == nil {
					at = [][2]int{{0, 0}}
				}
				for _, ij := range at {
					_, dup := got[a.ID][ij]
					require.False(t, dup, "law:\n%s%s at %v is asserted twice", text, a.ID, ij)
					got[a.ID][ij] = a
				}
			}
		}
		for id, byIndex := range vals {
			for ij, want := range byIndex {
				a, ok := got[id][ij]
				require.True(t, ok, "law:\n%s%s at %v: the proof makes no such assertion (a skipped index or pair?)", text, id, ij)
				gotV, isRat := a.LeftValue.Rat()
				require.True(t, isRat, "%s at %v: %s", id, ij, a.LeftValue)
				require.Zero(t, want.Cmp(gotV), "law:\n%s%s at %v: the proof says %s, the oracle %s", text, id, ij, gotV.RatString(), want.RatString())
			}
			require.Len(t, got[id], len(byIndex), "%s: the proof covers other indices than the oracle", id)
		}
		for id, byIndex := range indep {
			for ij, want := range byIndex {
				a, ok := got[id][ij]
				require.True(t, ok, "law:\n%s%s at %v: the proof makes no such assertion", text, id, ij)
				require.Equal(t, want, a.Holds, "law:\n%s%s at %v: the proof says %v, the oracle %v (%s)", text, id, ij, a.Holds, want, a.Detail)
			}
		}
	}
}
