package claims

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// histogram returns the scores 100, 101, … with the given counts.
func histogram(counts ...*big.Int) *rational.Histogram {
	return &rational.Histogram{Base: big.NewRat(100, 1), Step: big.NewRat(1, 1), Counts: counts}
}

// small returns n counts of one digit, so that each pair "(1ab, c)" and
// its separator take 10 characters.
func small(n int) []*big.Int {
	out := make([]*big.Int, n)
	for i := range out {
		out[i] = big.NewInt(int64(i%9 + 1))
	}
	return out
}

// digits returns a count of n decimal digits.
func digits(n int) *big.Int {
	x, _ := new(big.Int).SetString("9"+strings.Repeat("1", n-1), 10)
	return x
}

// pairsText writes the pairs of h from index i to j (exclusive) as the
// exact text shows them.
func pairsText(h *rational.Histogram, i, j int) string {
	var parts []string
	for t := i; t < j; t++ {
		parts = append(parts, fmt.Sprintf("(%s, %s)", h.Score(t).RatString(), h.Counts[t]))
	}
	return strings.Join(parts, ", ")
}

// A distribution is written in full when its text, every count in full,
// fits in maxExactChars (2000) characters; a longer one shows its first
// scores up to half of that, its last ones up to all of it, a count of
// more than 60 digits by its length, and says how many it left out.
func TestDistributionTextEdges(t *testing.T) {
	// 10 characters a pair: n pairs fill 10n characters.
	for n := 195; n <= 215; n++ {
		h := histogram(small(n)...)
		got := distributionText(h)
		if n <= 200 {
			assert.Equal(t, "["+pairsText(h, 0, n)+"]", got, n)
			continue
		}
		want := fmt.Sprintf("[%s, …, %s] (%d scores, %d not shown)", pairsText(h, 0, 100), pairsText(h, n-100, n), n, n-200)
		assert.Equal(t, want, got, n)
	}
	// One count of 71 digits (a pair of 80 characters) and 192 small ones
	// fill exactly 2000: written in full; with 72 digits, 2001: shortened.
	full := histogram(append([]*big.Int{digits(71)}, small(192)...)...)
	assert.Equal(t, "["+pairsText(full, 0, 193)+"]", distributionText(full))
	over := histogram(append([]*big.Int{digits(72)}, small(192)...)...)
	got := distributionText(over)
	assert.True(t, strings.HasPrefix(got, "[(100, a count of 72 digits), (101, 1), "), got)
	assert.True(t, strings.HasSuffix(got, "]"), got)
	assert.NotContains(t, got, "not shown", "every score fits once the long count is shortened")
	// A count is shortened only past 199 bits (60 digits or 61), and only when
	// the whole does not fit.
	for _, c := range []struct {
		count *big.Int
		short bool
	}{
		{new(big.Int).Lsh(big.NewInt(1), 198), false},                  // 199 bits, 60 digits
		{new(big.Int).Lsh(big.NewInt(1), 199), true},                   // 200 bits, 60 digits
		{new(big.Int).Exp(big.NewInt(10), big.NewInt(59), nil), false}, // 60 digits, 196 bits
		{digits(60), true}, // 60 digits, 200 bits
		{digits(62), true},
		{digits(20), false},
	} {
		h := histogram(append([]*big.Int{c.count}, small(300)...)...)
		got := distributionText(h)
		head := fmt.Sprintf("[(100, a count of %d digits), ", len(c.count.String()))
		if !c.short {
			head = fmt.Sprintf("[(100, %s), ", c.count)
		}
		assert.True(t, strings.HasPrefix(got, head), "%d bits: %.80s", c.count.BitLen(), got)
		h = histogram(c.count, big.NewInt(1))
		assert.Equal(t, fmt.Sprintf("[(100, %s), (101, 1)]", c.count), distributionText(h))
	}
	// A count too long for the whole line: shortened, and the next score
	// still shown when the first half ends one score before the last.
	huge := digits(2100)
	for n := 95; n <= 101; n++ {
		h := histogram(append([]*big.Int{huge}, small(n)...)...)
		got := distributionText(h)
		assert.True(t, strings.HasPrefix(got, "[(100, a count of 2100 digits), (101, 1), "), "%d: %.60s", n, got)
		assert.True(t, strings.HasSuffix(got, fmt.Sprintf("(%d, %d)]", 100+n, (n-1)%9+1)), "%d: …%s", n, got[max(0, len(got)-40):])
		assert.NotContains(t, got, "not shown", n)
	}
}

// A distribution answer's counts are whole numbers, 0 included.
func TestParseDistributionCounts(t *testing.T) {
	want, err := parseDistribution("[(1, 0), (2, 4)]")
	require.NoError(t, err)
	assert.Zero(t, want["1"].Sign())
	assert.Equal(t, int64(4), want["2"].Int64())
	_, err = parseDistribution("[(1, -1), (2, 4)]")
	assert.ErrorContains(t, err, "not a non-negative integer")
}

// places= is a number of decimal places from 0 to 100; a trend's widths
// increase strictly; a law is a formula or one rounded figure for every
// width; a trend's rate is judged with its direction.
func TestExactClaimEdges(t *testing.T) {
	for places, ok := range map[string]bool{"0": true, "100": true, "101": false, "-1": false, "07": false} {
		q, err := ParseQuestion("variance d=8 scale=d places="+places, nil)
		if err == nil {
			_, err = q.Read("0.125", false)
		}
		assert.Equal(t, ok, err == nil, "places=%s: %v", places, err)
	}
	for _, c := range []struct {
		line  string
		holds bool
		err   string
	}{
		{"trend quantity=variance d=1,2,4 is grows", true, ""},
		{"trend quantity=variance d=2,2,4 is grows", false, "increasing order"},
		{"trend quantity=variance d=1,4,2 is grows", false, "increasing order"},
		{"trend quantity=variance d=1,2,4 is grows like d", true, ""},
		{"trend quantity=variance d=1,2,4 is grows like sqrt(d)", false, ""},
		{"trend quantity=variance scale=d d=1,2,4 is shrinks", true, ""},
		{"law quantity=variance scale=sqrt d=1,2,4 is 1.00", true, ""},
		{"law quantity=variance scale=sqrt d=1,2,4 is 1.1", false, ""},
		{"law quantity=variance scale=sqrt d=1,2,4 is 100%", true, ""},
		{"law quantity=variance d=1,2,4 is d", true, ""},
		{"law quantity=variance d=1,2,4 is d+1", false, ""},
	} {
		f, err := Parse("edges.claims", strings.NewReader(c.line+"\n"))
		if err == nil {
			require.Len(t, f, 1)
			var v Verdict
			v, err = NewChecker(enumerate.Limits{}).Check(context.Background(), f[0])
			if err == nil {
				assert.Equal(t, c.holds, v.Holds, "%s: %s", c.line, v.Exact)
			}
		}
		if c.err == "" {
			assert.NoError(t, err, c.line)
		} else {
			assert.ErrorContains(t, err, c.err, c.line)
		}
	}
}
