package softmax

import (
	"errors"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// ratOf reads an exact rational or decimal, or panics.
func ratOf(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

func TestRoundingCell(t *testing.T) {
	for _, c := range []struct {
		v      string
		places int
		lo, hi string
	}{
		{"0.2446", 4, "0.24455", "0.24465"}, {"0", 3, "-0.0005", "0.0005"}, {"-20.1", 1, "-20.15", "-20.05"}, {"0", 0, "-1/2", "1/2"},
	} {
		lo, hi := RoundingCell(ratOf(c.v), c.places)
		assert.Zero(t, lo.Cmp(ratOf(c.lo)), "%s: lo %s", c.v, lo.RatString())
		assert.Zero(t, hi.Cmp(ratOf(c.hi)), "%s: hi %s", c.v, hi.RatString())
		// Just inside the cell every number rounds to the decimal; just outside, none does.
		want := rational.FormatRat(ratOf(c.v), c.places, rational.RoundHalfEven)
		eps := ratOf("1e-20")
		for _, mode := range []rational.RoundingMode{rational.RoundHalfEven, rational.RoundHalfUp} {
			assert.Equal(t, want, rational.FormatRat(new(big.Rat).Add(lo, eps), c.places, mode))
			assert.Equal(t, want, rational.FormatRat(new(big.Rat).Sub(hi, eps), c.places, mode))
			assert.NotEqual(t, want, rational.FormatRat(new(big.Rat).Sub(lo, eps), c.places, mode))
			assert.NotEqual(t, want, rational.FormatRat(new(big.Rat).Add(hi, eps), c.places, mode))
		}
	}
}

func TestEnclosedDecimal(t *testing.T) {
	eighth := big.NewRat(1, 8)
	around := func(prec uint) (*big.Rat, *big.Rat, error) {
		e := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec))
		return new(big.Rat).Sub(eighth, e), new(big.Rat).Add(eighth, e), nil
	}
	// A tie known only by enclosures is never settled.
	_, err := EnclosedDecimal(around, 2, rational.RoundHalfEven, 1024)
	assert.ErrorIs(t, err, ErrUnsettled)
	// The same value known exactly rounds half-even.
	s, err := EnclosedDecimal(func(uint) (*big.Rat, *big.Rat, error) { return eighth, eighth, nil }, 2, rational.RoundHalfEven, 64)
	require.NoError(t, err)
	assert.Equal(t, "0.12", s)
	// √2 from its Newton enclosures settles at 20 places, as the exact root says.
	var precs []uint
	sqrt2 := func(prec uint) (*big.Rat, *big.Rat, error) {
		precs = append(precs, prec)
		f := new(big.Float).SetPrec(prec).SetMode(big.ToZero).Sqrt(big.NewFloat(2))
		lo, _ := f.Rat(nil)
		ulp := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec-1))
		return lo, new(big.Rat).Add(lo, ulp), nil
	}
	s, err = EnclosedDecimal(sqrt2, 20, rational.RoundHalfEven, 1<<12)
	require.NoError(t, err)
	assert.Equal(t, rational.PowerOf(2, big.NewRat(1, 2)).Decimal(20, rational.RoundHalfEven), s)
	assert.Equal(t, []uint{64, 128}, precs, "precision doubles from 64 until settled")
	// Errors from enclose are passed on.
	boom := errors.New("boom")
	_, err = EnclosedDecimal(func(uint) (*big.Rat, *big.Rat, error) { return nil, nil, boom }, 2, rational.RoundHalfEven, 64)
	assert.ErrorIs(t, err, boom)
}
