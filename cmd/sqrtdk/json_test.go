package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naiveVariance lists every pair of vectors explicitly and returns the
// population variance of their dot products: an oracle that shares no code
// with the engines.
func naiveVariance(q, k []*big.Rat, d int) *big.Rat {
	vectors := func(letters []*big.Rat) [][]*big.Rat {
		out := [][]*big.Rat{{}}
		for range d {
			var next [][]*big.Rat
			for _, v := range out {
				for _, l := range letters {
					next = append(next, append(append([]*big.Rat{}, v...), l))
				}
			}
			out = next
		}
		return out
	}
	sum, sum2, n := new(big.Rat), new(big.Rat), new(big.Rat)
	one := big.NewRat(1, 1)
	for _, qv := range vectors(q) {
		for _, kv := range vectors(k) {
			dot := new(big.Rat)
			for i := range d {
				dot.Add(dot, new(big.Rat).Mul(qv[i], kv[i]))
			}
			sum.Add(sum, dot)
			sum2.Add(sum2, dot.Mul(dot, dot))
			n.Add(n, one)
		}
	}
	mean := new(big.Rat).Quo(sum, n)
	v := new(big.Rat).Quo(sum2, n)
	return v.Sub(v, mean.Mul(mean, mean))
}

type jsonTable struct {
	Rows []struct {
		D        int    `json:"d_k"`
		Cases    string `json:"cases"`
		Method   string `json:"method"`
		Variance map[string]struct {
			Exact    string `json:"exact"`
			Rational bool   `json:"rational"`
			Decimal  string `json:"decimal"`
		} `json:"variance"`
	} `json:"rows"`
}

// TestJSONAgreesWithNaiveEnumeration draws random alphabets (multisets,
// fractions, q ≠ k) and checks every JSON value against the oracle:
// rational scales exactly, and the d^1/4 decimal by exact squaring: x is
// V/√d correctly rounded to n places iff (x−h)² ≤ V²/d ≤ (x+h)², h = ½·10^−n.
func TestJSONAgreesWithNaiveEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randomAlphabet := func() ([]*big.Rat, string) {
		n := 1 + rng.IntN(3)
		var letters []*big.Rat
		var toks []string
		for range n {
			v := big.NewRat(int64(rng.IntN(7)-3), int64(1+rng.IntN(3)))
			m := 1 + rng.IntN(2)
			toks = append(toks, fmt.Sprintf("%s:%d", v.RatString(), m))
			for range m {
				letters = append(letters, v)
			}
		}
		return letters, strings.Join(toks, ",")
	}
	for trial := range 25 {
		q, qs := randomAlphabet()
		k, ks := randomAlphabet()
		out, stderr, status := runBin(t, "table", "--values", qs, "--k-values", ks, "--d", "1,2,3",
			"--scales", "raw,sqrt,d,d^3/2,d^1/4", "--format", "json", "--digits", "12")
		require.Equal(t, 0, status, stderr)
		var tab jsonTable
		require.NoError(t, json.Unmarshal([]byte(out), &tab))
		require.Len(t, tab.Rows, 3)
		for _, row := range tab.Rows {
			d := row.D
			v := naiveVariance(q, k, d)
			dr := big.NewRat(int64(d), 1)
			want := map[string]*big.Rat{
				"raw":   v,
				"sqrt":  new(big.Rat).Quo(v, dr),
				"d":     new(big.Rat).Quo(v, new(big.Rat).Mul(dr, dr)),
				"d^3/2": new(big.Rat).Quo(v, new(big.Rat).Mul(dr, new(big.Rat).Mul(dr, dr))),
			}
			for name, w := range want {
				got := row.Variance[name]
				require.True(t, got.Rational, "trial %d %s", trial, name)
				r, ok := new(big.Rat).SetString(got.Exact)
				require.True(t, ok, got.Exact)
				assert.Zero(t, r.Cmp(w), "q=%s k=%s d=%d %s: JSON %s, oracle %s", qs, ks, d, name, got.Exact, w.RatString())
			}
			// d^1/4: Var/√d.
			x, ok := new(big.Rat).SetString(row.Variance["d^1/4"].Decimal)
			require.True(t, ok)
			h := big.NewRat(1, 2_000_000_000_000)
			lo, hi := new(big.Rat).Sub(x, h), new(big.Rat).Add(x, h)
			target := new(big.Rat).Quo(new(big.Rat).Mul(v, v), dr)
			if lo.Sign() < 0 {
				lo.SetInt64(0)
			}
			assert.True(t, new(big.Rat).Mul(lo, lo).Cmp(target) <= 0 && target.Cmp(new(big.Rat).Mul(hi, hi)) <= 0,
				"q=%s k=%s d=%d: %s is not Var/√d = √(%s) correctly rounded", qs, ks, d, x.FloatString(12), target.RatString())
		}
	}
}
