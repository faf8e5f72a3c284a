package report

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompactCount(t *testing.T) {
	digits := func(s string) *big.Int {
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			panic(s)
		}
		return n
	}
	for _, c := range []struct{ in, want string }{
		{"12345678901234567890", "12345678901234567890"}, // 20 digits: in full
		{"123456789012345678901", "1.23·10^20"},
		{"125" + strings.Repeat("0", 18), "1.25·10^20"},
		{"1255" + strings.Repeat("0", 17), "1.26·10^20"}, // tie, 5 odd: up
		{"1245" + strings.Repeat("0", 17), "1.24·10^20"}, // tie, 4 even: down
		{"12450000000000000000001", "1.25·10^22"},        // above the tie: up
		{"1249" + strings.Repeat("9", 17), "1.25·10^20"}, // below 5 in the fourth digit? no: 9 rounds up
		{"1244" + strings.Repeat("9", 17), "1.24·10^20"}, // below the tie: down
		{"9995" + strings.Repeat("0", 17), "1.00·10^21"}, // rounds up into the next power
		{"9994" + strings.Repeat("9", 17), "9.99·10^20"},
	} {
		assert.Equal(t, c.want, compactCount(digits(c.in)), c.in)
	}
}

func TestCompactCases(t *testing.T) {
	small := new(big.Int).Exp(big.NewInt(4), big.NewInt(32), nil) // 20 digits
	assert.Equal(t, small.String(), compactCases(small, 4, 32))
	big9 := new(big.Int).Exp(big.NewInt(9), big.NewInt(10000), nil)
	assert.Equal(t, "9^10000", compactCases(big9, 9, 10000))
	// Not the power it claims to be: the rounded form, never a wrong power.
	off := new(big.Int).Add(big9, big.NewInt(1))
	assert.Equal(t, compactCount(off), compactCases(off, 9, 10000))
	assert.True(t, strings.HasSuffix(compactCount(off), "·10^9542"), compactCount(off))
}
