package rational

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// MaxRootWork bounds places × root index for one correctly rounded
// decimal of an irrational value: printing p places of an r-th root takes
// an exact r-th root of an integer of about p·r digits, which costs about
// half a second at 10⁶ and grows faster than linearly beyond (enumerate's
// RoundingCost estimates it).
const MaxRootWork = 1_000_000

// A PlacesError refuses a number of decimal places that would make a
// value under some scale too costly to round exactly.
type PlacesError struct {
	places    int   // the decimal places asked for
	scale     Scale // the scale of the values
	index     int64 // the root index a scaled variance can need
	maxPlaces int   // the most places allowed with this scale
}

// Error says the places asked for, the root they need and the most
// places allowed.
func (e *PlacesError) Error() string {
	return fmt.Sprintf("scale %s at %s needs a root of index %d to as many places, too costly to compute exactly; at most %s with this scale",
		e.scale.Name(), numwords.Places(e.places), e.index, numwords.Places(e.maxPlaces))
}

// CheckPlaces reports whether every variance under s can be printed to
// places decimals within MaxRootWork: Var·d^(−2P) is at worst a root of
// index den(2P).
func (s Scale) CheckPlaces(places int) error {
	index := new(big.Rat).Mul(s.exponent(), big.NewRat(2, 1)).Denom().Int64()
	if index > 1 && int64(places)*index > MaxRootWork {
		return &PlacesError{places: places, scale: s, index: index, maxPlaces: int(MaxRootWork / index)}
	}
	return nil
}
