package rational

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// A RoundingMode says which of the two decimals around a value a rounding
// picks: a round-to-nearest rule, which differ only on a tie (an exact half
// in the last place), or a directed rounding, which encloses a value from one
// side.
type RoundingMode int

const (
	// RoundHalfEven rounds to nearest, a tie to the even last digit (the default).
	RoundHalfEven RoundingMode = iota
	// RoundHalfUp rounds to nearest, a tie away from zero.
	RoundHalfUp
	// RoundFloor rounds towards −∞: the result is at most the value.
	RoundFloor
	// RoundCeiling rounds towards +∞: the result is at least the value.
	RoundCeiling
)

var roundingNames = [...]string{"half-even", "half-up", "floor", "ceiling"}

// ParseRoundingMode reads the name of a tie rule, "half-even" (or "even")
// or "half-up" (or "up"): the modes a printed table may use. The directed
// modes serve enclosures and are not read.
func ParseRoundingMode(s string) (RoundingMode, error) {
	switch s {
	case "half-even", "even":
		return RoundHalfEven, nil
	case "half-up", "up":
		return RoundHalfUp, nil
	}
	return 0, fmt.Errorf("unknown rounding %q (use half-even or half-up)", s)
}

// String returns "half-even", "half-up", "floor", "ceiling", or
// "RoundingMode(n)" for a value that is none of these.
func (m RoundingMode) String() string {
	if m >= 0 && int(m) < len(roundingNames) {
		return roundingNames[m]
	}
	return "RoundingMode(" + strconv.Itoa(int(m)) + ")"
}

// roundUp reports whether the magnitude q of a truncated decimal must be
// raised by one unit in the last place, given how the dropped remainder
// compares with half a unit (-1, 0 or +1), whether it is zero, and the sign
// of the value.
func (m RoundingMode) roundUp(q *big.Int, half int, exact, negative bool) bool {
	switch m {
	case RoundFloor:
		return negative && !exact
	case RoundCeiling:
		return !negative && !exact
	case RoundHalfUp:
		return half >= 0
	}
	return half > 0 || half == 0 && q.Bit(0) == 1
}

// MaxPlaces bounds the decimal places any formatting function accepts.
const MaxPlaces = 10_000

// FormatRat returns r rounded to places decimals in mode; it panics when
// places is outside 0..MaxPlaces.
func FormatRat(r *big.Rat, places int, mode RoundingMode) string {
	checkPlaces(places)
	n := new(big.Int).Mul(new(big.Int).Abs(r.Num()), pow10(places))
	q, rem := new(big.Int).QuoRem(n, r.Denom(), new(big.Int))
	exact := rem.Sign() == 0
	half := rem.Lsh(rem, 1).Cmp(r.Denom())
	negative := r.Sign() == -1
	if mode.roundUp(q, half, exact, negative) {
		q.Add(q, big.NewInt(1))
	}
	return formatScaled(q, places, negative)
}

// Decimal returns the value rounded to places decimals in mode; it panics
// when places is outside 0..MaxPlaces. An irrational value is never a tie,
// so the tie rule matters only for rationals.
func (v Value) Decimal(places int, mode RoundingMode) string {
	s, _ := v.DecimalContext(context.Background(), places, mode)
	return s
}

// DecimalContext is Decimal that returns ctx's error, between two steps of
// the exact root, once ctx is done: rounding an irrational value to many
// places can take seconds (see MaxRootWork).
func (v Value) DecimalContext(ctx context.Context, places int, mode RoundingMode) (string, error) {
	v = v.orZero()
	if v.index == 1 {
		return FormatRat(v.coef, places, mode), nil
	}
	checkPlaces(places)
	// y = |c|·n^(1/r)·10^places with |c| = A/B. Then
	// z = ⌊2y⌋ = ⌊((2A·10^p)^r·n / B^r)^(1/r)⌋ = ⌊⌊(2A·10^p)^r·n / B^r⌋^(1/r)⌋
	// exactly (for a real t ≥ 0 and an integer m ≥ 0, m^r ≤ t exactly when
	// m^r ≤ ⌊t⌋), so the root is taken of an integer about as long as
	// (2y)^r, not as long as A^r: a figure's densities have A and B of
	// thousands of digits and need six places. y is irrational, so
	// ⌊y⌋ = z/2, y is never an integer or a tie, and its fraction is above
	// a half precisely when z is odd.
	r := big.NewInt(int64(v.index))
	a := new(big.Int).Abs(v.coef.Num())
	a.Mul(a, pow10(places))
	a.Lsh(a, 1)
	x := new(big.Int).Exp(a, r, nil)
	x.Mul(x, v.radicand)
	x.Quo(x, new(big.Int).Exp(v.coef.Denom(), r, nil))
	z, err := rootFloor(ctx, x, v.index)
	if err != nil {
		return "", err
	}
	half := -1
	if z.Bit(0) == 1 {
		half = 1
	}
	z.Rsh(z, 1)
	negative := v.Sign() == -1
	if mode.roundUp(z, half, false, negative) {
		z.Add(z, big.NewInt(1))
	}
	return formatScaled(z, places, negative), nil
}

// formatScaled writes q·10^−places with a leading minus when negative and q ≠ 0.
func formatScaled(q *big.Int, places int, negative bool) string {
	digits := q.String()
	if len(digits) <= places {
		digits = strings.Repeat("0", places-len(digits)+1) + digits
	}
	var b strings.Builder
	if negative && q.Sign() != 0 {
		b.WriteByte('-')
	}
	b.WriteString(digits[:len(digits)-places])
	if places > 0 {
		b.WriteByte('.')
		b.WriteString(digits[len(digits)-places:])
	}
	return b.String()
}

func checkPlaces(places int) {
	if places < 0 || places > MaxPlaces {
		panic(fmt.Sprintf("rational: %s is outside 0..%d", numwords.Places(places), MaxPlaces))
	}
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// Approximation returns v's decimal at places (see Decimal) after the sign
// that joins it to v: "= 0.125" when the decimal is v exactly (1/8), and
// "≈ 0.167" when it is rounded (1/6).
func (v Value) Approximation(places int, mode RoundingMode) string {
	d := v.Decimal(places, mode)
	if r, rat := v.Rat(); rat && HasPlaces(r, places) {
		return "= " + d
	}
	return "≈ " + d
}

// HasPlaces reports whether r is a decimal with at most places digits after
// the point, that is whether r·10^places is an integer.
func HasPlaces(r *big.Rat, places int) bool {
	if places < 0 {
		return false
	}
	return new(big.Int).Rem(pow10(places), r.Denom()).Sign() == 0
}
