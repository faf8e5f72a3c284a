package rational

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMulRatKeepsCanonicalForm checks the premise MulRat rests on (it
// scales the coefficient without factoring the radicand again): a
// canonical radicand and index stay canonical whatever the coefficient,
// so MulRat gives, part for part, what NewSurd gives for the product.
// The radicands are generated with small primes, primes past the trial
// division's limit, and their powers up to the index and beyond it.
func TestMulRatKeepsCanonicalForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	primes := []int64{2, 3, 5, 7, 99_991, 100_003, 1_000_003}
	for range 3000 {
		r := 1 + rng.IntN(6)
		n := big.NewInt(1)
		for range rng.IntN(4) {
			p := big.NewInt(primes[rng.IntN(len(primes))])
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(1+rng.IntN(2*r+1))), nil))
		}
		c := big.NewRat(rng.Int64N(41)-20, 1+rng.Int64N(30))
		v := NewSurd(c, n, r)
		k := big.NewRat(rng.Int64N(41)-20, 1+rng.Int64N(30))
		got := v.MulRat(k)
		vc, vn, vr := v.Parts()
		want := NewSurd(new(big.Rat).Mul(vc, k), vn, vr)
		gc, gn, gr := got.Parts()
		wc, wn, wr := want.Parts()
		require.Zero(t, gc.Cmp(wc), "%s · %s: coefficient", v, k.RatString())
		require.Zero(t, gn.Cmp(wn), "%s · %s: radicand", v, k.RatString())
		require.Equal(t, wr, gr, "%s · %s: index", v, k.RatString())
		require.Zero(t, got.Cmp(want), "%s · %s", v, k.RatString())
	}
}
