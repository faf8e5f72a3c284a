package rational

import (
	"fmt"
	"math/big"
	"strings"
)

// A RoundingMode says how a tie (an exact half in the last place) rounds.
type RoundingMode int

const (
	// RoundHalfEven rounds a tie to the even last digit (the default).
	RoundHalfEven RoundingMode = iota
	// RoundHalfUp rounds a tie away from zero.
	RoundHalfUp
)

// ParseRoundingMode reads "half-even" or "half-up".
func ParseRoundingMode(s string) (RoundingMode, error) {
	switch s {
	case "half-even", "even":
		return RoundHalfEven, nil
	case "half-up", "up":
		return RoundHalfUp, nil
	}
	return 0, fmt.Errorf("unknown rounding %q (use half-even or half-up)", s)
}

// String returns "half-even" or "half-up".
func (m RoundingMode) String() string {
	if m == RoundHalfUp {
		return "half-up"
	}
	return "half-even"
}

// MaxPlaces bounds the decimal places any formatting function accepts.
const MaxPlaces = 10_000

// FormatRat returns r correctly rounded to places decimals.
func FormatRat(r *big.Rat, places int, mode RoundingMode) string {
	checkPlaces(places)
	scale := pow10(places)
	n := new(big.Int).Mul(new(big.Int).Abs(r.Num()), scale)
	q, rem := new(big.Int).QuoRem(n, r.Denom(), new(big.Int))
	// Compare the remainder with half the denominator.
	switch rem.Lsh(rem, 1).Cmp(r.Denom()) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if mode == RoundHalfUp || q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	return formatScaled(q, places, r.Sign() < 0)
}

// Decimal returns the value correctly rounded to places decimals. An
// irrational value is never a tie, so the mode matters only for rationals.
func (v Value) Decimal(places int, mode RoundingMode) string {
	if v.Index == 1 {
		return FormatRat(v.Coef, places, mode)
	}
	checkPlaces(places)
	// y = |c|·n^(1/r)·10^places with |c| = A/B. Then z = ⌊2y⌋ = ⌊(2A·10^p)^r·n)^(1/r) / B⌋
	// exactly, y is irrational, so ⌊y⌋ = z/2 rounds up precisely when z is odd.
	a := new(big.Int).Abs(v.Coef.Num())
	a.Mul(a, pow10(places))
	a.Lsh(a, 1)
	x := new(big.Int).Exp(a, big.NewInt(int64(v.Index)), nil)
	x.Mul(x, v.Radicand)
	z := RootFloor(x, v.Index)
	z.Quo(z, v.Coef.Denom())
	up := z.Bit(0) == 1
	z.Rsh(z, 1)
	if up {
		z.Add(z, big.NewInt(1))
	}
	return formatScaled(z, places, v.Sign() < 0)
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
		panic(fmt.Sprintf("rational: %d decimal places is outside 0..%d", places, MaxPlaces))
	}
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}
