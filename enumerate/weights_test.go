package enumerate

import (
	"context"
	"math/big"
	"testing"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBruteLatticeDimensions checks how multiplicities become weight
// codes: none when every pair weighs the same, one dimension for primes
// that vary alike, one per independent pattern otherwise.
func TestBruteLatticeDimensions(t *testing.T) {
	for _, c := range []struct {
		q, k     string
		d        int
		factors  []int64
		constant int64
	}{
		{"-1,1", "", 3, nil, 1},
		{"-1:3,1:3", "", 3, nil, 729},      // every pair weighs 9
		{"1:2", "-1,1", 4, nil, 16},        // q's one letter: 2 per coordinate
		{"2:6,3", "1", 2, []int64{6}, 1},   // 2 and 3 vary alike: one factor 6
		{"-1,0:2,1", "", 2, []int64{2}, 1}, // codes 0, 1, 2 per coordinate
		{"-2,1/2:4", "", 2, []int64{4}, 1}, // 4 = 2², so steps of 4
		{"1/2:12,-1/3:18,2", "", 2, []int64{2, 3}, 1},
	} {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		p := Problem{Q: q, K: k, D: c.d}
		bl, err := newBruteLattice(p, mustLattice(t, p))
		require.NoError(t, err)
		var factors []int64
		for _, dim := range bl.dims {
			factors = append(factors, dim.factor.Int64())
		}
		assert.Equal(t, c.factors, factors, "q=%s k=%s", c.q, c.k)
		assert.Equal(t, c.constant, bl.constant.Int64(), "q=%s k=%s", c.q, c.k)
	}
}

// TestBruteLatticeTooLarge checks that multiplicities that would need a
// histogram beyond maxBruteLattice refuse brute force with the numbers,
// while Auto takes the closed form.
func TestBruteLatticeTooLarge(t *testing.T) {
	a := mustAlphabet(t, "-3:2,-1:3,1:5,3:7") // four independent primes
	p := Problem{Q: a, K: a, D: 6}
	pl := mustPlan(t, p, BruteForce, Options{})
	var tl *LimitError
	require.ErrorAs(t, pl.Check(NeedCounts), &tl)
	assert.Equal(t, BruteForce, tl.Method)
	assert.True(t, tl.Unreachable(), "no limit lets the kernels index it")
	assert.Equal(t, "brute force at d_k = 6 would keep 1570855 counts per worker to weigh these multiplicities (at most 1048576)", tl.Error())
	_, err := pl.brute(context.Background())
	require.ErrorAs(t, err, &tl)
	assert.Contains(t, pl.kernelName(), "none")
	assert.Equal(t, ClosedForm, mustPlan(t, p, Auto, Options{}).Method())
	// One width less fits, and agrees with the closed form.
	small := Problem{Q: a, K: a, D: 2}
	b, err := mustPlan(t, small, BruteForce, Options{}).brute(context.Background())
	require.NoError(t, err)
	c, err := mustPlan(t, small, ClosedForm, Options{}).closed(context.Background())
	require.NoError(t, err)
	require.NoError(t, compareHistograms(2, b, c))
}

// TestShardPairsWeighsQ checks split.Pairs against the weights of the q
// indices of a range, added one by one.
func TestShardPairsWeighsQ(t *testing.T) {
	q := mustAlphabet(t, "-1,0:2,1:5")
	k := mustAlphabet(t, "1:3,2")
	p := Problem{Q: q, K: k, D: 4}
	nq, _ := p.qCount()
	require.Equal(t, uint64(81), nq)
	for _, r := range [][2]uint64{{0, 81}, {0, 1}, {5, 6}, {17, 64}, {80, 81}, {40, 40}} {
		want := new(big.Int)
		for x := r[0]; x < r[1]; x++ {
			w := int64(1)
			for i, n := 0, x; i < p.D; i++ {
				w *= q.Letters()[n%3].Mult
				n /= 3
			}
			want.Add(want, big.NewInt(w))
		}
		want.Mul(want, k.Vectors(p.D))
		require.Zero(t, want.Cmp(split.Pairs(p.Q, p.K, p.D, r[0], r[1])), "[%d, %d): %s, split.Pairs %s", r[0], r[1], want, split.Pairs(p.Q, p.K, p.D, r[0], r[1]))
	}
	require.Zero(t, p.Cases().Cmp(split.Pairs(p.Q, p.K, p.D, 0, nq)))
	require.Zero(t, big.NewInt(81*16).Cmp(p.visits(0, nq)))
}
