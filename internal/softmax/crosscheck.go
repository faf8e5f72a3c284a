package softmax

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// crossCheckSlack is how far below 2^−prec CrossCheck trusts the independent
// value: it is computed with guardBits (64) more bits than prec, so its
// error, a few units of its last place, is far below 2^−(prec+32).
const crossCheckSlack = 32

// independent is the second method CrossCheck uses; tests replace it to see
// a disagreement caught.
var independent = approx

// A CrossCheckError reports an output whose rigorous enclosure does not hold
// the value computed independently: one of the two methods is wrong.
type CrossCheckError struct {
	Output      int // from 0
	Enclosure   Interval
	Independent *big.Float
}

func (e *CrossCheckError) Error() string {
	return fmt.Sprintf("softmax: output %d: the independent value %s lies outside the enclosure %s: one of the two methods is wrong",
		e.Output+1, e.Independent.Text('g', 25), e.Enclosure)
}

// CrossCheck recomputes softmax(z/√dk) (dk == nil means 1) by a second,
// independent method, bigfloat.Exp at prec + 64 bits, and returns a
// *CrossCheckError for the first output i whose enclosure ivs[i], widened
// by 2^−(prec+32) on each side to allow for the second method's rounding,
// does not hold it.
//
// The enclosures come from this package's own directed-rounding series
// (rexp.go); bigfloat shares none of that code, so an error in either shows
// up here. Calls into bigfloat are serialised (see bigfloatMu).
func CrossCheck(z []*big.Rat, dk *big.Rat, ivs []Interval, prec uint) error {
	if len(ivs) != len(z) {
		return fmt.Errorf("softmax: %s for %s", numwords.Count(len(ivs), "enclosure"), numwords.Count(len(z), "score"))
	}
	prec = precOrDefault(prec)
	w := scaledPoint(z, dk, prec+guardBits)
	slack := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec+crossCheckSlack))
	for i, p := range independent(w, prec+guardBits) {
		x := toRat(p)
		lo := new(big.Rat).Sub(ivs[i].Lo, slack)
		hi := new(big.Rat).Add(ivs[i].Hi, slack)
		if x.Cmp(lo) < 0 || x.Cmp(hi) > 0 {
			return &CrossCheckError{Output: i, Enclosure: ivs[i], Independent: p}
		}
	}
	return nil
}

// scaledPoint returns z/√dk, each entry rounded to prec bits below its
// integer part (z itself when dk is nil or 1).
func scaledPoint(z []*big.Rat, dk *big.Rat, prec uint) []*big.Rat {
	if dk == nil || dk.Cmp(big.NewRat(1, 1)) == 0 {
		return z
	}
	out := make([]*big.Rat, len(z))
	for i, v := range z {
		wp := prec + uint(max(0, v.Num().BitLen()-v.Denom().BitLen()+1))
		s := new(big.Float).SetPrec(wp).Sqrt(new(big.Float).SetPrec(wp).SetRat(dk))
		f := new(big.Float).SetPrec(wp).SetRat(v)
		out[i] = toRat(f.Quo(f, s))
	}
	return out
}
