package rational

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHistogramEqual(t *testing.T) {
	mk := func(base, step int64, counts ...int64) *Histogram {
		h := &Histogram{Base: big.NewRat(base, 1), Step: big.NewRat(step, 1)}
		for _, c := range counts {
			h.Counts = append(h.Counts, big.NewInt(c))
		}
		return h
	}
	h := mk(-2, 2, 1, 2, 1)
	require.True(t, h.Equal(mk(-2, 2, 1, 2, 1)))
	require.False(t, h.Equal(mk(-1, 2, 1, 2, 1)), "another base")
	require.False(t, h.Equal(mk(-2, 1, 1, 2, 1)), "another step")
	require.False(t, h.Equal(mk(-2, 2, 1, 2)), "fewer counts")
	require.False(t, h.Equal(mk(-2, 2, 1, 2, 2)), "another last count")
	require.False(t, h.Equal(mk(-2, 2, 2, 2, 1)), "another first count")
	require.Equal(t, "4", h.Total().String())
	require.Equal(t, "2", h.Score(2).RatString())
}

// TestSumOfSquaresAgainstScores compares Moments' sum of squares, from the lattice
// sums, with the squared scores summed one by one, on generated
// histograms: negative and fractional bases and steps, gaps, and counts
// past 2⁶⁴.
func TestSumOfSquaresAgainstScores(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 4))
	for i := range 300 {
		h := &Histogram{
			Base: big.NewRat(r.Int64N(41)-20, r.Int64N(6)+1),
			Step: big.NewRat(r.Int64N(20)+1, r.Int64N(6)+1),
		}
		for range r.IntN(12) {
			c := new(big.Int).Lsh(big.NewInt(r.Int64N(5)), uint(r.IntN(3)*40))
			h.Counts = append(h.Counts, c.Add(c, big.NewInt(r.Int64N(3))))
		}
		want := new(big.Rat)
		for t, c := range h.Counts {
			s := h.Score(t)
			want.Add(want, s.Mul(s.Mul(s, s), new(big.Rat).SetInt(c)))
		}
		mean, variance, squares := h.Moments()
		require.Zero(t, squares.Cmp(want), "case %d: %s·t + %s, counts %v: got %s, want %s",
			i, h.Step.RatString(), h.Base.RatString(), h.Counts, squares.RatString(), want.RatString())
		require.Zero(t, mean.Cmp(h.Mean()), "case %d: Moments' mean", i)
		require.Zero(t, variance.Cmp(h.Variance()), "case %d: Moments' variance", i)
	}
}
