package figures

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Transcendental values (softmax weights, E[p(1−p)]) are enclosed by rational
// intervals from softmax's directed-rounding arithmetic; a decimal is printed
// only when both ends round to the same digits, which makes it the correctly
// rounded value, and the precision doubles until that happens. It does happen
// for every value computed here: a softmax weight with some nonzero exponent
// difference, and E[p(1−p)] with some nonzero score, are transcendental
// (Lindemann–Weierstrass), so they are never exactly on a rounding boundary;
// the exactly rational cases (all exponents equal) are handled before.

// maxBits bounds the working precision; a value that needs more is reported
// as an error instead of looping on.
const maxBits = 1 << 15

// An enclosed value is a transcendental value correctly rounded from its
// enclosures: the decimal, a float64 inside the enclosure that settled it
// (for plotting), and that enclosure with its precision (for a cross-check).
type enclosed struct {
	decimal string
	float   float64
	last    softmax.Interval
	prec    uint
}

// roundEnclosed returns the value enclosed by enclose(prec) correctly rounded
// (half-even) to places decimals.
func roundEnclosed(places int, enclose func(prec uint) softmax.Interval) (enclosed, error) {
	var e enclosed
	s, err := softmax.EnclosedDecimal(func(prec uint) (lo, hi *big.Rat, err error) {
		e.last, e.prec = enclose(prec), prec
		return e.last.Lo, e.last.Hi, nil
	}, places, rational.RoundHalfEven, maxBits)
	if errors.Is(err, softmax.ErrUnsettled) {
		return e, fmt.Errorf("a value lies too close to a rounding boundary to settle %s within %d bits", numwords.Places(places), maxBits)
	}
	if err != nil {
		return e, err
	}
	mid := new(big.Rat).Add(e.last.Lo, e.last.Hi)
	e.decimal = s
	e.float, _ = mid.Quo(mid, big.NewRat(2, 1)).Float64()
	return e, nil
}

// toFixed returns ⌊r·2^w⌋, or ⌈r·2^w⌉ when up is set.
func toFixed(r *big.Rat, w uint, up bool) *big.Int {
	n := new(big.Int).Lsh(r.Num(), w)
	q, m := new(big.Int).DivMod(n, r.Denom(), new(big.Int))
	if up && m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// valueBounds returns rationals lo ≤ v ≤ hi for a non-negative Value, with
// hi − lo at most the coefficient times 2^−w.
func valueBounds(v rational.Value, w uint) softmax.Interval {
	if r, ok := v.Rat(); ok {
		return softmax.Interval{Lo: r, Hi: new(big.Rat).Set(r)}
	}
	// n^(1/r) lies in [R, R+1]/2^w with R = ⌊(n·2^(w·r))^(1/r)⌋.
	c, n, r := v.Parts()
	x := n.Lsh(n, w*uint(r))
	root := rational.RootFloor(x, r)
	den := new(big.Int).Lsh(big.NewInt(1), w)
	lo := new(big.Rat).SetFrac(root, den)
	hi := new(big.Rat).SetFrac(new(big.Int).Add(root, big.NewInt(1)), den)
	lo.Mul(lo, c)
	hi.Mul(hi, c)
	return softmax.Interval{Lo: lo, Hi: hi}
}
