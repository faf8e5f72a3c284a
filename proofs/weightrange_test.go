package proofs

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestWeightSumsFitInt64 proves the range of the int64 weights the
// analyzer in cmd/sqrtdk/exactpath_test.go allows: a pair's weight is at most
// MaxMultiplicity² (ProductPairs of two alphabets; a parsed pair at most
// maxPairWeight), a law holds at most maxPairs pairs, so every weight,
// sum of weights (PairLaw.totalWeight, component.weight, a tied group's
// weight, a term's multiplicity in engineProblems) stays below 2⁶²; an
// alphabet's size (MaxLetters letters of at most MaxMultiplicity, doubled
// once for ±0) likewise. Products of two weights do not fit, and are
// big.Int (weightProduct).
func TestWeightSumsFitInt64(t *testing.T) {
	limit := new(big.Int).Lsh(big.NewInt(1), 62)
	m := big.NewInt(rational.MaxMultiplicity)
	pair := new(big.Int).Mul(m, m)
	require.GreaterOrEqual(t, pair.Cmp(big.NewInt(maxPairWeight)), 0)
	sum := new(big.Int).Mul(pair, big.NewInt(maxPairs))
	require.Negative(t, sum.Cmp(limit), "maxPairs pairs of weight MaxMultiplicity² add up to %s", sum)
	size := new(big.Int).Mul(m, big.NewInt(2*rational.MaxLetters))
	require.Negative(t, size.Cmp(limit))
	// Two weights' product passes 2⁶³: it must not be an int64.
	require.Positive(t, new(big.Int).Mul(pair, pair).Cmp(limit))

	// The largest product law there is: its weights and their sum.
	var letters []rational.Letter
	for i := range rational.MaxLetters {
		letters = append(letters, rational.Letter{Value: big.NewRat(int64(i), 1), Mult: rational.MaxMultiplicity})
	}
	a, err := rational.NewAlphabet(letters...)
	require.NoError(t, err)
	l := ProductPairs(a, a)
	require.Len(t, l.pairs, maxPairs)
	require.Equal(t, int64(rational.MaxMultiplicity)*rational.MaxMultiplicity, l.pairs[0].Weight)
	require.Equal(t, sum.Int64(), l.totalWeight())
}
