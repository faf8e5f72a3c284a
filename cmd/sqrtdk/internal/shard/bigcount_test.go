package shard

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

var two64 = new(big.Int).Lsh(big.NewInt(1), 64)

// naivePower returns the coefficients of (Σ w_t·x^t)^d by d schoolbook
// multiplications: slow, but independent of the closed form's recurrence.
func naivePower(w []int64, d int) []*big.Int {
	out := []*big.Int{big.NewInt(1)}
	for range d {
		next := make([]*big.Int, len(out)+len(w)-1)
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, c := range out {
			for j, x := range w {
				next[i+j].Add(next[i+j], new(big.Int).Mul(c, big.NewInt(x)))
			}
		}
		out = next
	}
	return out
}

// TestCountsExactPast2To64 checks closed-form histograms whose totals
// exceed 2^64 against independent exact counts, then splits one of them into
// shard files, reads them back and merges them: no count may wrap.
func TestCountsExactPast2To64(t *testing.T) {
	t.Run("signs d=40 against 2^d·C(d,t)", func(t *testing.T) {
		p := enumerate.Problem{Q: rational.Signs(), K: rational.Signs(), D: 40}
		plan, err := enumerate.NewPlan(p, enumerate.ClosedForm, enumerate.Options{})
		require.NoError(t, err)
		h, err := plan.Distribution(context.Background())
		require.NoError(t, err)
		require.Equal(t, 41, len(h.Counts))
		for i, c := range h.Counts {
			want := new(big.Int).Binomial(40, int64(i))
			want.Lsh(want, 40)
			require.Zero(t, c.Cmp(want), "count %d: closed form %s, 2^40·C(40,%d) = %s", i, c, i, want)
		}
		require.Positive(t, h.Total().Cmp(two64), "total %s", h.Total())
		require.Zero(t, h.Total().Cmp(new(big.Int).Lsh(big.NewInt(1), 80)), "total %s", h.Total())
	})
	t.Run("-1,0,1 d=50 against schoolbook powers", func(t *testing.T) {
		q, err := rational.ParseAlphabet("-1,0,1")
		require.NoError(t, err)
		p := enumerate.Problem{Q: q, K: q, D: 50}
		plan, err := enumerate.NewPlan(p, enumerate.ClosedForm, enumerate.Options{})
		require.NoError(t, err)
		h, err := plan.Distribution(context.Background())
		require.NoError(t, err)
		// Products of two entries: −1 in 2 ways, 0 in 5 and 1 in 2.
		want := naivePower([]int64{2, 5, 2}, 50)
		require.Equal(t, len(want), len(h.Counts))
		for i := range want {
			require.Zero(t, h.Counts[i].Cmp(want[i]), "count %d: closed form %s, schoolbook %s", i, h.Counts[i], want[i])
		}
		require.Positive(t, h.Total().Cmp(two64))
	})
	t.Run("shards of signs d=40 merge exactly", func(t *testing.T) {
		p := enumerate.Problem{Q: rational.Signs(), K: rational.Signs(), D: 40}
		plan, err := enumerate.NewPlan(p, enumerate.ClosedForm, enumerate.Options{})
		require.NoError(t, err)
		whole, err := plan.Distribution(context.Background())
		require.NoError(t, err)
		nq, _ := split.QCount(p.Q, p.D)
		var files []File
		for i := range 3 {
			lo, hi, err := split.Range(p.Q, p.D, i, 3)
			require.NoError(t, err)
			// For ±1 every q sees the same distribution over k, so the
			// slice's histogram is (hi − lo)·C(40, t); its total exceeds 2^64.
			h := &rational.Histogram{Base: whole.Base, Step: whole.Step}
			for tt := range 41 {
				c := new(big.Int).Binomial(40, int64(tt))
				h.Counts = append(h.Counts, c.Mul(c, new(big.Int).SetUint64(hi-lo)))
			}
			require.Positive(t, h.Total().Cmp(two64))
			r := &Result{Tool: "t", Command: "dist", Q: p.Q, K: p.K, Method: enumerate.BruteForce, Index: i, Count: 3,
				Parts: []Part{{D: 40, Lo: lo, Hi: hi, QTotal: nq, Hist: h}}}
			var b bytes.Buffer
			require.NoError(t, r.Write(&b))
			got, err := Read(&b, fmt.Sprint(i))
			require.NoError(t, err)
			files = append(files, File{Name: fmt.Sprint(i), Result: got})
		}
		m, err := Merge(files)
		require.NoError(t, err)
		require.True(t, whole.Equal(m.Parts[0].Hist), "merged %v, closed form %v", m.Parts[0].Hist.Counts, whole.Counts)
	})
}
