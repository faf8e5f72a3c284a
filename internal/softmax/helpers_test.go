package softmax

import (
	"context"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// settle returns the value enclosed by every enclose(prec) correctly
// rounded half-even to places decimals (EnclosedDecimal).
func settle(enclose func(prec uint) (Interval, error), places int, maxPrec uint) (string, error) {
	return EnclosedDecimal(func(prec uint) (*big.Rat, *big.Rat, error) {
		iv, err := enclose(prec)
		return iv.Lo, iv.Hi, err
	}, places, rational.RoundHalfEven, maxPrec)
}

// rat parses an exact decimal or fraction, failing the test on bad input.
func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	x, ok := new(big.Rat).SetString(s)
	require.True(t, ok, "bad rational %q", s)
	return x
}

func rats(t testing.TB, ss ...string) []*big.Rat {
	t.Helper()
	out := make([]*big.Rat, len(ss))
	for i, s := range ss {
		out[i] = rat(t, s)
	}
	return out
}

// rounded returns the correctly rounded decimal of each softmax output at the exact point z.
func rounded(t testing.TB, z []*big.Rat, places int) []string {
	t.Helper()
	out := make([]string, len(z))
	for i := range z {
		s, err := settle(func(prec uint) (Interval, error) {
			return Enclose(z, z, prec)[i], nil
		}, places, 4096)
		require.NoError(t, err)
		out[i] = s
	}
	return out
}

func printed(places int, texts ...string) []Printed {
	out := make([]Printed, len(texts))
	for i, s := range texts {
		out[i] = Printed{Text: s, Places: places}
	}
	return out
}

// bg is the context of calls that are not cancelled.
var bg = context.Background()
