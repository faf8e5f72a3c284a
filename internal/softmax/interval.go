package softmax

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Interval is the closed set of reals x with Lo ≤ x ≤ Hi, both end points exact.
type Interval struct{ Lo, Hi *big.Rat }

// Contains reports whether the exact rational x lies in the closed interval iv.
func (iv Interval) Contains(x *big.Rat) bool {
	return iv.Lo.Cmp(x) <= 0 && x.Cmp(iv.Hi) <= 0
}

// Width returns the exact width Hi − Lo of iv.
func (iv Interval) Width() *big.Rat {
	return new(big.Rat).Sub(iv.Hi, iv.Lo)
}

// String formats iv outward-rounded to 12 decimals, so the printed interval contains iv.
func (iv Interval) String() string {
	if iv.Lo == nil || iv.Hi == nil {
		return "[?, ?]"
	}
	return "[" + rational.FormatRat(iv.Lo, 12, rational.RoundFloor) + ", " + rational.FormatRat(iv.Hi, 12, rational.RoundCeiling) + "]"
}

// Range encloses the attainable set [min, max] of a continuous function over a connected set: the exact minimum lies in Min and the exact maximum in Max.
type Range struct{ Min, Max Interval }

// Hull returns the interval [Min.Lo, Max.Hi], which contains every attainable value.
func (r Range) Hull() Interval { return Interval{Lo: r.Min.Lo, Hi: r.Max.Hi} }

// String formats r as "min∈[…] max∈[…]" with outward-rounded end points.
func (r Range) String() string { return "min∈" + r.Min.String() + " max∈" + r.Max.String() }

// A Consistency is the three-valued answer to "is this printed figure consistent?".
type Consistency int

const (
	// Undecided means the enclosures were not tight enough within the budget to decide.
	Undecided Consistency = iota
	// Consistent means some attainable exact value rounds to the printed figure.
	Consistent
	// Inconsistent means no attainable exact value rounds to the printed figure.
	Inconsistent
)

// String returns "undecided", "consistent" or "inconsistent".
func (v Consistency) String() string {
	switch v {
	case Consistent:
		return "consistent"
	case Inconsistent:
		return "inconsistent"
	default:
		return "undecided"
	}
}

// Cell returns the closed rounding cell [v − ½·10^−places, v + ½·10^−places] of a figure printed with the given number of decimal places.
func Cell(printed string, places int) (Interval, error) {
	if places < 0 || places > rational.MaxPlaces {
		return Interval{}, fmt.Errorf("softmax: %s is outside 0..%d", numwords.Places(places), rational.MaxPlaces)
	}
	v, err := rational.ParseDecimal(printed)
	if err != nil {
		return Interval{}, fmt.Errorf("softmax: %w", err)
	}
	if !rational.HasPlaces(v, places) {
		return Interval{}, fmt.Errorf("softmax: %q has more than %s", printed, numwords.Places(places))
	}
	lo, hi := RoundingCell(v, places)
	return Interval{Lo: lo, Hi: hi}, nil
}

// attainableCell decides whether the closed cell meets the attainable set [min, max] enclosed by r.
func attainableCell(cell Interval, r Range) Consistency {
	// min > cell.Hi or max < cell.Lo: empty intersection.
	if r.Min.Lo.Cmp(cell.Hi) > 0 || r.Max.Hi.Cmp(cell.Lo) < 0 {
		return Inconsistent
	}
	// min ≤ cell.Hi and max ≥ cell.Lo: [min, max] meets the cell.
	if r.Min.Hi.Cmp(cell.Hi) <= 0 && r.Max.Lo.Cmp(cell.Lo) >= 0 {
		return Consistent
	}
	return Undecided
}

// Attainable decides whether some value in the attainable set enclosed by r rounds to printed at the given places, ties counting for both neighbours.
func Attainable(printed string, places int, r Range) (Consistency, error) {
	cell, err := Cell(printed, places)
	if err != nil {
		return Undecided, err
	}
	return attainableCell(cell, r), nil
}

// PointRange returns the Range of a single exact value known to lie in iv.
func PointRange(iv Interval) Range { return Range{Min: iv, Max: iv} }
