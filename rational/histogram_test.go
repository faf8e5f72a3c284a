package rational

import (
	"math/big"
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
