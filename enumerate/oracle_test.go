package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// naiveCounts is the oracle: for every pair of vectors over the distinct
// letters it computes q·k as an exact rational and adds the product of the
// letters' multiplicities to that score's count. It shares nothing with
// the engines (no lattice, no kernel, no weight codes).
func naiveCounts(p Problem) map[string]*big.Int {
	return naiveLetterCounts(p.Q.Letters(), p.K.Letters(), p.D)
}

// naiveLetterCounts is naiveCounts over lists of letters, which may repeat
// a value.
func naiveLetterCounts(ql, kl []rational.Letter, d int) map[string]*big.Int {
	out := map[string]*big.Int{}
	qs, ks := vectorsOf(ql, d), vectorsOf(kl, d)
	dot, term := new(big.Rat), new(big.Rat)
	for _, q := range qs {
		for _, k := range ks {
			dot.SetInt64(0)
			w := new(big.Int).Mul(q.weight, k.weight)
			for i := range q.values {
				dot.Add(dot, term.Mul(q.values[i], k.values[i]))
			}
			key := dot.RatString()
			if out[key] == nil {
				out[key] = new(big.Int)
			}
			out[key].Add(out[key], w)
		}
	}
	return out
}

type weightedVector struct {
	values []*big.Rat
	weight *big.Int
}

// vectorsOf lists every vector of width d over the letters with the
// product of their multiplicities.
func vectorsOf(letters []rational.Letter, d int) []weightedVector {
	out := []weightedVector{{weight: big.NewInt(1)}}
	for range d {
		var next []weightedVector
		for _, v := range out {
			for _, l := range letters {
				next = append(next, weightedVector{
					values: append(append([]*big.Rat(nil), v.values...), l.Value),
					weight: new(big.Int).Mul(v.weight, big.NewInt(l.Mult)),
				})
			}
		}
		out = next
	}
	return out
}

// expandedCounts is a second oracle for small multiplicities: every pair
// of vectors over the expanded multiset, one by one, weight 1.
func expandedCounts(p Problem) map[string]*big.Int {
	expand := func(a rational.Alphabet) []rational.Letter {
		// Equal values become separate letters of weight 1: the oracle
		// only reads each letter's value and multiplicity.
		var e []rational.Letter
		for _, l := range a.Letters() {
			for range l.Mult {
				e = append(e, rational.Letter{Value: l.Value, Mult: 1})
			}
		}
		return e
	}
	return naiveLetterCounts(expand(p.Q), expand(p.K), p.D)
}

// histogramCounts returns h's nonzero counts by score.
func histogramCounts(h *rational.Histogram) map[string]*big.Int {
	out := map[string]*big.Int{}
	for i, c := range h.Counts {
		if c.Sign() != 0 {
			out[h.Score(i).RatString()] = c
		}
	}
	return out
}

func requireSameCounts(t *testing.T, want, got map[string]*big.Int, format string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	require.Equal(t, len(want), len(got), "%s: number of scores", what)
	for s, n := range want {
		require.NotNil(t, got[s], "%s: score %s missing", what, s)
		require.Zero(t, n.Cmp(got[s]), "%s: score %s has %s pairs, not %s", what, s, got[s], n)
	}
}

// multisets are alphabets with multiplicities, large ones included, whose
// weights need one, two or no weight dimensions.
var multisets = []struct{ q, k string }{
	{"-1,0:2,1", ""},
	{"-2,1/2:4", ""},
	{"-1:1000,1", ""},
	{"-1,0:999983,1", ""},
	{"2:7,-3:5", "1:6,-1"},
	{"1/2:12,-1/3:18,2", ""},
	{"-1:3,1:3", ""},
	{"1:2", "-1,0:1000000,1"},
	{"-3:2,-1:3,1:5,3:7", ""},
}

// TestBruteMatchesOracle checks brute force on every kernel path against
// the naive oracle, count for count, over the sweep and the multisets,
// and checks the oracle itself against the expanded multisets where they
// are small.
func TestBruteMatchesOracle(t *testing.T) {
	cases := append(append([]struct{ q, k string }(nil), sweep...), multisets...)
	for _, c := range cases {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		maxD := 4
		if q.Distinct() > 3 || k.Distinct() > 3 {
			maxD = 3
		}
		for d := 1; d <= maxD; d++ {
			p := Problem{Q: q, K: k, D: d}
			want := naiveCounts(p)
			if q.Size()*k.Size() <= 36 && d <= 3 {
				requireSameCounts(t, expandedCounts(p), want, "q=%s k=%s d=%d: expanded oracle (want) against weighted oracle", q, k, d)
			}
			for _, path := range []string{"avx512", "avx2", "portable"} {
				withKernel(path, func() {
					t.Run(fmt.Sprintf("q=%s/k=%s/d=%d/%s", q, k, d, path), func(t *testing.T) {
						var progress atomic.Uint64
						pl := mustPlan(t, p, BruteForce, Options{Workers: 3, Progress: &progress})
						h, err := pl.brute(context.Background())
						require.NoError(t, err)
						requireSameCounts(t, want, histogramCounts(h), "%s: oracle (want) against brute force", pl.kernelName())
						nq, _ := p.qCount()
						require.Zero(t, p.visits(0, nq).Cmp(new(big.Int).SetUint64(progress.Load())), "progress %d, visits %s", progress.Load(), p.visits(0, nq))
					})
				})
			}
		}
	}
}

// TestMultisetsMatchClosed checks brute force on the multisets at larger
// widths against the closed form, on every path.
func TestMultisetsMatchClosed(t *testing.T) {
	for _, c := range multisets {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		d := 7
		switch {
		case q.Distinct() > 3 || k.Distinct() > 3:
			d = 4
		case q.Distinct() > 2 || k.Distinct() > 2:
			d = 5 // 1/2:12,-1/3:18,2 needs a 630,625-count histogram at 6
		}
		p := Problem{Q: q, K: k, D: d}
		cl, err := mustPlan(t, p, ClosedForm, Options{}).closed(context.Background())
		require.NoError(t, err)
		for _, path := range []string{"avx512", "avx2", "portable"} {
			withKernel(path, func() {
				t.Run(fmt.Sprintf("q=%s/k=%s/d=%d/%s", q, k, d, path), func(t *testing.T) {
					pl := mustPlan(t, p, BruteForce, Options{Workers: 2})
					b, err := pl.brute(context.Background())
					require.NoError(t, err, pl.kernelName())
					require.NoError(t, compareHistograms(d, b, cl), pl.kernelName())
				})
			})
		}
	}
}
