package softmax

import (
	"errors"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// RoundingCell returns the closed interval [v − ½·10^−places, v + ½·10^−places]
// of the numbers that round to nearest to the decimal v at places decimals,
// ends included because a tie may round either way.
func RoundingCell(v *big.Rat, places int) (lo, hi *big.Rat) {
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil), 1))
	return new(big.Rat).Sub(v, half), new(big.Rat).Add(v, half)
}

// ErrUnsettled is returned by EnclosedDecimal when no enclosure up to the
// precision cap was narrow enough to settle the decimal.
var ErrUnsettled = errors.New("softmax: the enclosures did not settle the decimal within the precision cap")

// EnclosedDecimal returns the real number enclosed by every enclose(prec)
// rounded to places decimals in mode, doubling prec from 64 to maxPrec until
// both ends of the enclosure round alike, and ErrUnsettled past maxPrec.
//
// Rounding is monotone, so when both ends of an enclosure round to the same
// decimal, so does every number between them, the enclosed one among them.
// A value exactly on a rounding boundary (a tie, or any decimal under a
// directed mode) is settled only by a degenerate enclosure lo = hi.
func EnclosedDecimal(enclose func(prec uint) (lo, hi *big.Rat, err error), places int, mode rational.RoundingMode, maxPrec uint) (string, error) {
	for prec := uint(64); prec <= maxPrec; prec *= 2 {
		lo, hi, err := enclose(prec)
		if err != nil {
			return "", err
		}
		if s := rational.FormatRat(lo, places, mode); s == rational.FormatRat(hi, places, mode) {
			return s, nil
		}
	}
	return "", ErrUnsettled
}
