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

// asymmetricLaw is a joint law at d_k = 2 whose two coordinates have
// different laws: (q, k) = ((1, 0), (0, 3)) or ((0, 0), (2, 1)), one half
// each. 2q_1 + k_2 is 5 or 1: mean 3, variance 4; (q_1, k_1) and
// (q_2, k_2) determine each other.
const asymmetricLaw = "1 1,0 0,3\n1 0,0 2,1\n"

// TestVariablesOnAnAsymmetricLaw: a teacher's variables that mix
// coordinates, worked out by hand on a law where reading coordinate 2's
// tally for coordinate 1's changes every value.
func TestVariablesOnAnAsymmetricLaw(t *testing.T) {
	ctx := t.Context()
	s := space(t, joint(t, asymmetricLaw), 2)
	twoQ1, err := Plus(Q(1), Q(1))
	require.NoError(t, err)
	x, err := Plus(twoQ1, K(2))
	require.NoError(t, err)
	v, err := s.Var(ctx, x)
	require.NoError(t, err)
	requireValue(t, rational.NewInt(4), v, "Var(2q_1 + k_2)")
	// The same sum from a rational multiple, in either order; a variable
	// scaled by 0 adds nothing.
	for _, build := range []func() (RV, error){
		func() (RV, error) { return Plus(scaled(Q(1), rational.NewInt(2), "2q_1"), K(2)) },
		func() (RV, error) { return Plus(K(2), scaled(Q(1), rational.NewInt(2), "2q_1")) },
	} {
		y, err := build()
		require.NoError(t, err)
		v, err := s.Var(ctx, y)
		require.NoError(t, err)
		requireValue(t, rational.NewInt(4), v, "Var("+y.Name+")")
		y2, _ := build()
		require.Equal(t, "("+y.Name+")²", Times(y, y2).Name, "two sums built alike are one variable")
	}
	nothing := scaled(Q(1), rational.NewInt(0), "0·q_1")
	for _, y := range []func() (RV, error){func() (RV, error) { return Plus(nothing, K(2)) }, func() (RV, error) { return Plus(K(2), nothing) }} {
		z, err := y()
		require.NoError(t, err)
		v, err := s.Var(ctx, z)
		require.NoError(t, err)
		requireValue(t, rational.NewInt(1), v, "Var("+z.Name+") = Var(k_2)")
	}
	e, err := s.E(ctx, Times(Q(1), K(2)))
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(3, 2), e, "E[q_1·k_2]: 3 or 0")
	c, err := s.Cov(ctx, K(1), K(2))
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(-1, 1), c, "Cov(k_1, k_2): (0·3 + 2·1)/2 − 1·2")
	in, err := s.IndependentGroups(ctx, []RV{Q(1), K(1)}, []RV{Q(2), K(2)})
	require.NoError(t, err)
	require.False(t, in.Holds)
	require.Equal(t, "P((q_1, k_1) = (0, 2), (q_2, k_2) = (0, 1)) = 1/2 ≠ 1/4 = P((q_1, k_1) = (0, 2))·P((q_2, k_2) = (0, 1))", in.Witness())
	in, err = s.IndependentGroups(ctx, []RV{Q(2)}, []RV{Q(1), K(2)})
	require.NoError(t, err)
	require.True(t, in.Holds, "q_2 is 0 always: independent of anything")
	require.Zero(t, in.combinations.Cmp(big.NewInt(2)))
	_, err = s.IndependentGroups(ctx)
	require.ErrorContains(t, err, "no variables")
	_, err = s.IndependentGroups(ctx, []RV{Q(1)}, nil)
	require.ErrorContains(t, err, "empty")
}

// An oracleRV is a variable with its value at each outcome of an oracle.
type oracleRV struct {
	x RV
	f func(n int) *big.Rat
}

// randomRV builds a variable from entries, terms and the score with
// products, sums and rational multiples, and its value on the oracle.
func randomRV(t *testing.T, rng *rand.Rand, o *oracle, depth int) oracleRV {
	if depth == 0 || rng.IntN(3) == 0 {
		i := 1 + rng.IntN(o.d)
		switch rng.IntN(4) {
		case 0:
			return oracleRV{Q(i), o.entry(fmt.Sprintf("q_%d", i))}
		case 1:
			return oracleRV{K(i), o.entry(fmt.Sprintf("k_%d", i))}
		case 2:
			return oracleRV{Term(i), o.entry(fmt.Sprintf("q_%d·k_%d", i, i))}
		}
		return oracleRV{Score(), o.score}
	}
	a, b := randomRV(t, rng, o, depth-1), randomRV(t, rng, o, depth-1)
	switch rng.IntN(3) {
	case 0:
		return oracleRV{Times(a.x, b.x), func(n int) *big.Rat { return new(big.Rat).Mul(a.f(n), b.f(n)) }}
	case 1:
		sum, err := Plus(a.x, b.x)
		require.NoError(t, err)
		return oracleRV{sum, func(n int) *big.Rat { return new(big.Rat).Add(a.f(n), b.f(n)) }}
	}
	c := big.NewRat(int64(rng.IntN(7)-3), int64(1+rng.IntN(3)))
	return oracleRV{scaled(a.x, rational.NewRat(c), "c·"+a.x.Name), func(n int) *big.Rat { return new(big.Rat).Mul(a.f(n), c) }}
}

// TestVariablesAgainstOracle: E, Var, Cov and independence, of single
// variables and of groups, of random variables on random joint laws whose
// coordinates have different laws, against the oracle.
func TestVariablesAgainstOracle(t *testing.T) {
	ctx := t.Context()
	rng := rand.New(rand.NewPCG(3, 4))
	n := 40
	if short() {
		n = 12
	}
	for c := range n {
		text, o := randomJointLaw(rng)
		s := space(t, joint(t, text), o.d)
		for range 6 {
			x, y, z := randomRV(t, rng, o, 2), randomRV(t, rng, o, 2), randomRV(t, rng, o, 1)
			where := fmt.Sprintf("law %d:\n%s%s, %s, %s", c, text, x.x.Name, y.x.Name, z.x.Name)
			e, err := s.E(ctx, x.x)
			require.NoError(t, err)
			requireValue(t, rational.NewRat(o.e(x.f)), e, where+": E")
			v, err := s.Var(ctx, x.x)
			require.NoError(t, err)
			requireValue(t, rational.NewRat(o.cov(x.f, x.f)), v, where+": Var")
			cv, err := s.Cov(ctx, x.x, y.x)
			require.NoError(t, err)
			requireValue(t, rational.NewRat(o.cov(x.f, y.f)), cv, where+": Cov")
			text := func(f func(int) *big.Rat) group { return func(n int) string { return f(n).RatString() } }
			pair := func(f, g func(int) *big.Rat) group {
				return func(n int) string { return f(n).RatString() + "," + g(n).RatString() }
			}
			for _, cs := range []struct {
				groups [][]RV
				oracle []group
			}{
				{[][]RV{{x.x}, {y.x}}, []group{text(x.f), text(y.f)}},
				{[][]RV{{x.x, y.x}, {z.x}}, []group{pair(x.f, y.f), text(z.f)}},
			} {
				in, err := s.IndependentGroups(ctx, cs.groups...)
				require.NoError(t, err)
				holds, _, combos := o.independent(cs.oracle...)
				require.Equal(t, holds, in.Holds, "%s: independent", where)
				require.Equal(t, int64(combos), in.combinations.Int64(), "%s: combinations", where)
				if !in.Holds {
					require.NotZero(t, in.joint.Cmp(in.product), "%s: %s", where, in.Witness())
					require.True(t, strings.HasPrefix(in.Witness(), "P("), where)
				}
			}
		}
	}
}
