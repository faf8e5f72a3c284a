package grade

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoundedToFewerPlacesIsShort grades every fraction n/d (d up to 12,
// n up to 3d) answered with a whole number and with a tenth, against a key
// asking for two places: the value rounded to the places the answer shows
// is the right value shown short, with the places it shows named; one unit
// off is wrong; the exact value is right; a tie is left to claims' rule
// (1 is not a half, 2 is 3/2 rounded). Before, a whole number was held to
// its significant digits only: "1" for 19/20 was short and "1" for 11/12
// wrong, with no mistake named. Where the key asks for significant digits,
// that rule stands: "1" for 11/12 is wrong (to one digit it is 0.9).
func TestRoundedToFewerPlacesIsShort(t *testing.T) {
	g := NewGrader(Options{})
	for _, precision := range []string{"decimals=2"} {
		for d := int64(2); d <= 12; d++ {
			for n := int64(1); n <= 3*d; n++ {
				x := big.NewRat(n, d)
				k, err := ParseKey("t.key", strings.NewReader(fmt.Sprintf("question 1 q\nanswer 1 number value=%d/%d %s\n", n, d, precision)))
				require.NoError(t, err)
				p := k.Parts()[0]
				for _, places := range []int{0, 1} {
					unit := new(big.Rat).SetFrac64(1, []int64{1, 10}[places])
					for _, w := range neighbours(x, unit) {
						text := w.FloatString(places)
						if text == "0" {
							continue // "0" names the exact zero, not a value rounded (claims' rule)
						}
						r := gradeOne(t, g, k, p, text)
						name := fmt.Sprintf("%s for %d/%d (%s)", text, n, d, precision)
						off := new(big.Rat).Abs(new(big.Rat).Sub(x, w))
						half := new(big.Rat).Mul(unit, big.NewRat(1, 2))
						switch {
						case off.Sign() == 0:
							assert.Equal(t, Right, r.Mark, name)
						case off.Cmp(half) == 0:
							continue // a tie: claims' rule
						case off.Cmp(half) < 0:
							require.Equal(t, Short, r.Mark, "%s: %s", name, r.Feedback)
							assert.Equal(t, []string{"too-few-places"}, mistakeNamesOf(r), name)
							assert.Contains(t, r.Feedback, fmt.Sprintf("rounded to %s;", placesWords(places)), name)
						default:
							assert.Equal(t, Wrong, r.Mark, "%s: %s", name, r.Feedback)
						}
					}
				}
			}
		}
	}
}

// neighbours returns the multiples of unit nearest x, and one more each
// side.
func neighbours(x, unit *big.Rat) []*big.Rat {
	q := new(big.Rat).Quo(x, unit)
	floor := new(big.Int).Div(q.Num(), q.Denom())
	var out []*big.Rat
	for i := int64(-1); i <= 2; i++ {
		m := new(big.Rat).SetInt(new(big.Int).Add(floor, big.NewInt(i)))
		if m.Sign() >= 0 {
			out = append(out, m.Mul(m, unit))
		}
	}
	return out
}

// TestWholeNumberUnderDigitsKeys: where the key asks for significant
// digits, a whole number is held to its own ("1" for 11/12 is 0.9 to one
// digit, so wrong; "1" for 19/20 is short), and 1 is not a half anywhere.
func TestWholeNumberUnderDigitsKeys(t *testing.T) {
	g := NewGrader(Options{})
	mark := func(value, precision, answer string) Mark {
		k, err := ParseKey("t.key", strings.NewReader("question 1 q\nanswer 1 number value="+value+" "+precision+"\n"))
		require.NoError(t, err)
		return gradeOne(t, g, k, k.Parts()[0], answer).Mark
	}
	assert.Equal(t, Wrong, mark("11/12", "digits=3", "1"))
	assert.Equal(t, Short, mark("19/20", "digits=3", "1"))
	assert.Equal(t, Short, mark("11/12", "decimals=2", "1"))
	assert.Equal(t, Wrong, mark("1/2", "decimals=2", "1"))
	assert.Equal(t, Short, mark("3/2", "decimals=2", "2"))
}
