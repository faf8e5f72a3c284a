package render

import (
	"math/big"
	mrand "math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// compactCount writes one count with a fresh countFormat.
func compactCount(c *big.Int) string {
	var f countFormat
	return f.compact(c)
}

// compactByDigits is the slow oracle: it writes the count in decimal and
// rounds the digit string, ties to even.
func compactByDigits(c *big.Int) string {
	s := c.String()
	if len(s) <= MaxCountDigits {
		return s
	}
	lead, _ := strconv.Atoi(s[:3])
	rest := strings.TrimRight(s[3:], "0")
	switch {
	case rest == "":
	case rest[0] > '5', rest[0] == '5' && len(rest) > 1, rest == "5" && lead%2 == 1:
		lead++
	}
	exp := len(s) - 1
	if lead == 1000 {
		lead, exp = 100, exp+1
	}
	m := strconv.Itoa(lead)
	return m[:1] + "." + m[1:] + "·10^" + strconv.Itoa(exp)
}

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

// TestCountFormatAgreesWithDigits checks the division method against the
// digit string, with one countFormat carried along sequences whose
// magnitudes rise, fall and jump (as a distribution's counts do), and on
// the boundaries: powers of ten, one below them, and ties.
func TestCountFormatAgreesWithDigits(t *testing.T) {
	var ins []*big.Int
	ten := big.NewInt(10)
	for e := int64(18); e < 70; e++ {
		p := new(big.Int).Exp(ten, big.NewInt(e), nil)
		below := new(big.Int).Sub(p, big.NewInt(1))
		tie := new(big.Int).Mul(big.NewInt(1245), new(big.Int).Exp(ten, big.NewInt(max(e-3, 0)), nil))
		tieOdd := new(big.Int).Mul(big.NewInt(1255), new(big.Int).Exp(ten, big.NewInt(max(e-3, 0)), nil))
		nines := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(9995), new(big.Int).Exp(ten, big.NewInt(max(e-3, 0)), nil)), big.NewInt(1))
		ins = append(ins, p, below, tie, tieOdd, nines)
	}
	// The counts of ±1 at d_k = 3000, low scores to high: 3001 counts,
	// binomials of up to 903 digits.
	c := big.NewInt(1)
	for i := int64(0); i <= 3000; i++ {
		ins = append(ins, new(big.Int).Set(c))
		c.Mul(c, big.NewInt(3000-i))
		c.Quo(c, big.NewInt(i+1))
	}
	rng := mrand.New(mrand.NewSource(1))
	for range 2000 {
		n := new(big.Int).Lsh(big.NewInt(1), uint(60+rng.Intn(5000)))
		ins = append(ins, n.Add(n, new(big.Int).Rand(rng, n)))
	}
	var f countFormat
	for _, n := range ins {
		want := compactByDigits(n)
		if got := f.compact(n); got != want {
			t.Fatalf("%d bits: got %s, want %s (the digit string)", n.BitLen(), got, want)
		}
	}
}
