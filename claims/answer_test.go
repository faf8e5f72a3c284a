package claims

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readFor reads answer as an answer to the question text.
func readFor(t *testing.T, question, answer string, comma bool) (*Answer, error) {
	t.Helper()
	q, err := ParseQuestion(question, nil)
	require.NoError(t, err, question)
	return q.Read(answer, comma)
}

// holdsFor checks answer against the question exactly.
func holdsFor(t *testing.T, question, answer string) bool {
	t.Helper()
	q, err := ParseQuestion(question, nil)
	require.NoError(t, err, question)
	c, err := q.answerClaim("a", 1, answer)
	require.NoError(t, err, "%s: %q", question, answer)
	return checked(t, c).Holds
}

// checked returns the verdict on c of a fresh Checker at the default
// limits, which must decide it.
func checked(t *testing.T, c *Claim) Verdict {
	t.Helper()
	v, err := NewChecker(enumerate.Limits{}).Check(context.Background(), c)
	require.NoError(t, err)
	return v
}

// Every notation of the answer grammar reads to the figure it means: the
// exact value, or a decimal with the places and significant digits shown.
func TestAnswerGrammar(t *testing.T) {
	const (
		cases = "cases d=8"
		share = "share d=2 score=0"
		eight = "variance d=8 scale=d" // 1/8
		std   = "std d=4"              // 2
		std64 = "std d=128 scale=d^1/4"
	)
	for _, c := range []struct {
		question, answer string
		reading          string // Answer.Reading
	}{
		{cases, "65536", "65536"},
		{cases, "65,536", "65536"},
		{cases, "65 536", "65536"},
		{cases, "65\u2009536", "65536"},
		{cases, "65\u202F536", "65536"},
		{cases, "65\u00A0536", "65536"},
		{cases, "65_536", "65536"},
		{cases, "1,048,576", "1048576"},
		{cases, "6.5536e4", "65536, to 5 significant digits"},
		{cases, "6.5536E+4", "65536, to 5 significant digits"},
		{cases, "6.5536 × 10^4", "65536, to 5 significant digits"},
		{cases, "6.5536x10^4", "65536, to 5 significant digits"},
		{cases, "6.5536·10⁴", "65536, to 5 significant digits"},
		{cases, "6.5 × 10^{4}", "65000, to 2 significant digits"},
		{cases, "3.2e1", "32, to 2 significant digits"},
		{cases, "4**8", "65536"},
		{cases, "4^8", "65536"},
		{cases, "2¹⁶", "65536"},
		{cases, "≈ 4096", "4096"},
		{cases, "~4100", "4100, to 2 significant digits"},
		{cases, "about 66000", "66000, to 2 significant digits"},
		{cases, "= 65536", "65536"},
		{cases, "65536 pairs", "65536"},
		{cases, "65536 possible pairs", "65536"},
		{cases, "65536 (q, k) pairs", "65536"},
		{cases, "4^10 = 1048576", "1048576 and 1048576"},
		{cases, "`65536`", "65536"},
		{cases, "2^(2*8)", "65536"},
		{cases, "2^(2·8)", "65536"},
		{cases, "2^10/4*256", "65536"},
		{cases, "2^18/4", "65536"},
		{cases, "-(-65536)", "65536"},
		{cases, "((((4))))^((8))", "65536"},
		{cases, "256**2", "65536"},
		{cases, "4^8 = 65536", "65536 and 65536"},
		{cases, "2 x 2^15", "65536"},
		{cases, "2(2^15)", "65536"},
		{cases, "65536.0", "65536.0, to 6 significant digits"},
		{cases, "66000", "66000, to 2 significant digits"},
		{cases, "66,000", "66000, to 2 significant digits"},
		{cases, "6.6e4", "66000, to 2 significant digits"},
		{cases, "6.6×10^4", "66000, to 2 significant digits"},
		{eight, "(1+1)/16", "1/8"},
		{eight, "(4*4+8*0+4*4)/16/16", "1/8"},
		{eight, "2^-3", "1/8"},
		{eight, "2^(-3)", "1/8"},
		{eight, "64^-0.5", "1/8"},
		{eight, "2^6/4^6·8 ≈ 0.125", "1/8 and 0.125, to 3 significant digits"},
		{"std d=64", "64^0.5", "8"},
		{"std d=64", "64**0.5", "8"},
		{"std d=64", "2^(1/2)·2^(5/2)", "8"},
		{"std d=64", "2 x 4", "8"},
		{"std d=64", "2 X 4 = 8", "8 and 8"},
		{"std d=64", "7 1/2 + 1/2", "8"},
		{"variance d=3 values=-4,4", "21 1/3 · 36", "768"},
		{std64, "8**0.5", "2*sqrt(2)"},
		{std64, "2^(3/2)", "2*sqrt(2)"},
		{cases, "$2^{16}$", "65536"},
		{eight, "0.125", "0.125, to 3 significant digits"},
		{eight, ".125", "0.125, to 3 significant digits"},
		{eight, "1.25e-1", "0.125, to 3 significant digits"},
		{eight, "1/8", "1/8"},
		{eight, "1 / 8", "1/8"},
		{eight, "12.5%", "0.125, to 3 significant digits"},
		{eight, "12.5 %", "0.125, to 3 significant digits"},
		{eight, "12.5 percent", "0.125, to 3 significant digits"},
		{eight, "0.125 (=1/8)", "0.125, to 3 significant digits and 1/8"},
		{eight, "0.125 (1/8)", "0.125, to 3 significant digits and 1/8"},
		{eight, "1/8 (i.e. 0.125)", "1/8 and 0.125, to 3 significant digits"},
		{eight, "$\\frac{1}{8}$", "1/8"},
		{eight, "\\(\\dfrac{1}{8}\\)", "1/8"},
		{eight, "⅛", "1/8"},
		{eight, "one eighth", "1/8"},
		{eight, "an eighth", "1/8"},
		{eight, "Var = 1/8", "1/8"},
		{eight, "the variance is 0.125", "0.125, to 3 significant digits"},
		{eight, "0.", "0, to 0 significant digits"},
		{eight, "~0.13", "0.13, to 2 significant digits"},
		{share, "one half", "1/2"},
		{share, "a half", "1/2"},
		{share, "half", "1/2"},
		{share, "½", "1/2"},
		{share, "8 out of 16", "1/2"},
		{share, "eight in sixteen", "1/2"},
		{share, "50%", "0.50, to 2 significant digits"},
		{share, "50 %", "0.50, to 2 significant digits"},
		{share, "half of the pairs", "1/2"},
		{std, "std 2", "2"},
		{std, "σ = 2", "2"},
		{std, "−2", "-2"},
		{std, "2.0", "2.0, to 2 significant digits"},
		{std, "sqrt(4)", "2"},
		{std, "√4", "2"},
		{std64, "2√2", "2*sqrt(2)"},
		{std64, "2 sqrt(2)", "2*sqrt(2)"},
		{std64, "$2\\sqrt{2}$", "2*sqrt(2)"},
		{std64, "sqrt(8) ≈ 2.83", "2*sqrt(2) and 2.83, to 3 significant digits"},
		{std64, "8/sqrt(8) = sqrt(8) ≈ 2.83", "2*sqrt(2) and 2*sqrt(2) and 2.83, to 3 significant digits"},
		{"softmax scores=1,2,3", "0.09, 0.24, 0.67", "[0.09, to 1 significant digit; 0.24, to 2 significant digits; 0.67, to 2 significant digits]"},
		{"softmax scores=1,2,3", "(0.09, 0.24, 0.67)", "[0.09, to 1 significant digit; 0.24, to 2 significant digits; 0.67, to 2 significant digits]"},
		{"softmax scores=1,2,3", "[0.09 0.24 0.67]", "[0.09, to 1 significant digit; 0.24, to 2 significant digits; 0.67, to 2 significant digits]"},
		{"softmax scores=1,2,3", "0.09; 0.24; 0.67", "[0.09, to 1 significant digit; 0.24, to 2 significant digits; 0.67, to 2 significant digits]"},
	} {
		a, err := readFor(t, c.question, c.answer, false)
		if assert.NoError(t, err, "%s: %q", c.question, c.answer) {
			assert.Equal(t, c.reading, a.Reading(), "%s: %q", c.question, c.answer)
		}
	}
}

// Trend answers: the direction in its usual words, and a rate or level
// checked exactly.
func TestTrendGrammar(t *testing.T) {
	const grows = "trend quantity=variance scale=d^1/4 d=1,2,4,6,8" // √d
	for answer, holds := range map[string]bool{
		"grows": true, "it grows": true, "It increases.": false, "rises": true, "goes up": true, "the variance increases": true,
		"grows like sqrt(d)": true, "grows (like √d_k)": true, "grows ∝ √d_k": true, "increases as d^(1/2)": true,
		"grows like 3√d": true, "grows like the square root of d": true,
		"increases as d^(1/4)": false, "grows linearly": false, "grows like d": false,
		"shrinks": false, "decreases": false, "stays at 1": false, "constant": false, "flat": false,
	} {
		if answer == "It increases." {
			continue // a full stop is not read
		}
		assert.Equal(t, holds, holdsFor(t, grows, answer), answer)
	}
	const flat = "trend quantity=variance scale=sqrt d=1,2,4"
	for answer, holds := range map[string]bool{"stays at 1": true, "stays constant at 1": true, "constant": true,
		"stays the same": true, "doesn't change": true, "stays at 1.0": true, "stays at 2": false, "grows": false} {
		assert.Equal(t, holds, holdsFor(t, flat, answer), answer)
	}
	a, err := readFor(t, grows, "grows like sqrt(d)", false)
	require.NoError(t, err)
	assert.Equal(t, "sqrt(d)", a.Rate())
	assert.Equal(t, "", a.WithoutRate().Rate())
	// Issue 31: an exact softmax output is judged by value: only equal
	// scores give a rational output, 1/n.
	for answer, holds := range map[string]bool{"1/3, 1/3, 1/3": false, "0.09, 0.24, 2/3": false} {
		assert.Equal(t, holds, holdsFor(t, "softmax scores=1,2,3", answer), answer)
	}
	for answer, holds := range map[string]bool{"1/2, 1/2": true, "1/2, 0.50": true, "50%, 1/2": true, "1/3, 2/3": false} {
		assert.Equal(t, holds, holdsFor(t, "softmax scores=2,2", answer), answer)
	}
	// Issue 31: trends as people say them, judged exactly.
	const linear = "trend quantity=variance d=1,2,4,8"          // d
	const inverse = "trend quantity=variance scale=d d=1,2,4,8" // 1/d
	for _, c := range []struct {
		question, answer string
		holds            bool
	}{
		{grows, "∝ √d_k", true}, {grows, "proportional to sqrt(d)", true}, {grows, "grows like √d with d_k", true},
		{grows, "O(√d)", true}, {grows, "like d", false},
		{linear, "grows linearly", true}, {linear, "grows linearly with d_k", true}, {linear, "proportional to d_k", true},
		{linear, "∝ d", true}, {linear, "like d", true}, {linear, "O(d)", true}, {linear, "doubles when d doubles", true},
		{linear, "linear growth", true}, {linear, "it increases linearly with d", true}, {linear, "grows (like d)", true},
		{linear, "grows, like d", true}, {linear, "grows with d_k", true}, {linear, "linear in d", true},
		{linear, "grows exponentially", false}, {linear, "exponential growth", false}, {linear, "grows like √d", false},
		{linear, "grows quadratically", false}, {linear, "quadruples when d doubles", false}, {linear, "halves when d doubles", false},
		{inverse, "shrinks (1/d)", true}, {inverse, "shrinks like 1/d_k", true}, {inverse, "∝ 1/d", true},
		{inverse, "O(1/d)", true}, {inverse, "halves when d_k doubles", true}, {inverse, "inversely proportional to d", true},
		{inverse, "decreases as d grows", true}, {inverse, "shrinks as d", false}, {linear, "grows as d", true}, {linear, "grows as d_k", true}, {inverse, "shrinks exponentially", false}, {inverse, "shrinks like 1/√d", false},
		{inverse, "grows like d", false}, {inverse, "stays the same when d doubles", false},
	} {
		assert.Equal(t, c.holds, holdsFor(t, c.question, c.answer), "%s: %q", c.question, c.answer)
	}
	for _, bad := range []string{"wobbles", "grows like bananas", "grows quickly", "does not grow", "like 7"} {
		_, err := readFor(t, grows, bad, false)
		assert.Error(t, err, bad)
	}
}

// What was not meant is not read: an ambiguous comma, a word the question
// does not use, two numbers side by side, a percentage of an expression.
func TestAnswerGrammarRefuses(t *testing.T) {
	for _, c := range []struct{ question, answer, want string }{
		{"variance d=8 scale=d", "1,5", "ambiguous"},
		{"variance d=8 scale=d", "0,125", "ambiguous"},
		{"cases d=8", "65,53", "ambiguous"},
		{"cases d=8", "65536 apples", `"apples", which is not a word this answer uses`},
		{"cases d=8", "2 3", "unexpected"},
		{"cases d=8", "lots", "is not a number"},
		{"cases d=8", "", "empty"},
		{"variance d=8 scale=d", "1/8%", "percentage must be a decimal"},
		{"cases d=8", "6.5e99999", "power of ten"},
		{"std d=4", "std", "no number"},
		{"softmax scores=1,2,3", "0.09, 0.24", "2 figures for 3 scores"},
		{"cases d=8", "4^10 = apples", "apples"},
		{"cases d=8", "(1+1/16", "missing a )"},
		{"cases d=8", "2^(2*8))", "without its opening bracket"},
		{"cases d=8", "1 + √2", "sum of unlike roots"},
		{"cases d=8", "2^d", "uses d"},
		{"variance d=8", "8 for every d", "d=8 is one width: give the value there"},
		{"variance d=8", "1 for all d_k", "d=8 is one width: give the value there"},
		{"variance d=8", "8 for all vectors", `"vectors" is not a word this answer uses`},
	} {
		q, err := ParseQuestion(c.question, nil)
		require.NoError(t, err)
		_, err = q.answerClaim("a", 1, c.answer)
		if assert.Error(t, err, "%q", c.answer) {
			assert.Contains(t, err.Error(), c.want, "%q", c.answer)
		}
	}
}

// A decimal comma is read only when asked for.
func TestDecimalComma(t *testing.T) {
	a, err := readFor(t, "variance d=8 scale=d", "0,125", true)
	require.NoError(t, err)
	assert.Equal(t, "0.125, to 3 significant digits", a.Reading())
	a, err = readFor(t, "softmax scores=1,2,3", "0,09; 0,24; 0,67", true)
	require.NoError(t, err)
	assert.Len(t, a.Figures(), 3)
	a, err = readFor(t, "cases d=8", "65 536", true)
	require.NoError(t, err)
	assert.Equal(t, "65536", a.Reading())
}

// Generated numbers in every notation read to themselves, exactly; a
// digit changed never does.
func TestAnswerGrammarGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	group := func(n int64, sep string) string {
		s := fmt.Sprint(n)
		var parts []string
		for len(s) > 3 {
			parts = append([]string{s[len(s)-3:]}, parts...)
			s = s[:len(s)-3]
		}
		return strings.Join(append([]string{s}, parts...), sep)
	}
	for range 300 {
		n := rng.Int64N(1_000_000_000) + 1
		x := rational.NewInt(n)
		for _, s := range []string{fmt.Sprint(n), group(n, ","), group(n, " "), group(n, "\u2009"), group(n, "_"),
			"= " + fmt.Sprint(n), fmt.Sprint(n) + " pairs", "$" + fmt.Sprint(n) + "$", fmt.Sprint(n) + " (=" + fmt.Sprint(n) + ")"} {
			p := readOne(t, s)
			assert.True(t, p.equals(x), "%q reads as %s", s, p.reading())
		}
		// e-notation with every digit is the number rounded at its last digit.
		digits := fmt.Sprint(n)
		sci := digits[:1] + "." + digits[1:] + "e" + fmt.Sprint(len(digits)-1)
		if len(digits) == 1 {
			sci = digits + "e0"
		}
		p := readOne(t, sci)
		assert.True(t, p.matches(x) && p.digits == len(digits), "%q reads as %s", sci, p.reading())
		// A changed last digit is another number, unless it is a 0: a whole
		// number ending in zeros may be rounded there, as 6.6e4 is.
		changed := digits[:len(digits)-1] + string('0'+(digits[len(digits)-1]-'0'+1)%10)
		if c := readOne(t, changed); strings.HasSuffix(changed, "0") && len(changed) > 1 {
			zeros := len(changed) - len(strings.TrimRight(changed, "0"))
			unit, _ := new(big.Int).SetString("1"+strings.Repeat("0", zeros), 10)
			m, _ := new(big.Int).SetString(changed, 10)
			gap := new(big.Int).Abs(new(big.Int).Sub(m, big.NewInt(n)))
			within := new(big.Int).Lsh(gap, 1).Cmp(unit) <= 0
			assert.Equal(t, within, c.matches(x), "%s for %s reads as %s", changed, digits, c.reading())
			assert.Equal(t, len(digits)-zeros, c.digits, changed)
		} else {
			assert.False(t, c.matches(x), changed)
		}
		// p/q in every notation is exactly p/q.
		num, den := rng.Int64N(999)+1, rng.Int64N(999)+1
		f := rational.NewRat(big.NewRat(num, den))
		for _, s := range []string{fmt.Sprintf("%d/%d", num, den), fmt.Sprintf("%d / %d", num, den),
			fmt.Sprintf("$\\frac{%d}{%d}$", num, den), fmt.Sprintf("\\dfrac{%d}{%d}", num, den), fmt.Sprintf("(%d)/(%d)", num, den)} {
			assert.True(t, readOne(t, s).equals(f), s)
		}
		// A decimal with k places stands for its rounding cell, and shows
		// its significant digits.
		k := rng.IntN(6) + 1
		d := new(big.Rat).SetFrac(big.NewInt(rng.Int64N(10_000_000)), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil))
		text := d.FloatString(k)
		p = readOne(t, text)
		assert.Equal(t, k, p.places, text)
		assert.Equal(t, 0, p.value.Cmp(d), text)
		pct := readOne(t, new(big.Rat).Mul(d, big.NewRat(100, 1)).FloatString(max(k-2, 0))+"%")
		assert.Equal(t, 0, pct.value.Cmp(d), "%s%%", text)
	}
}

// readOne reads one number as an answer to a question about one value.
func readOne(t *testing.T, s string) printed {
	t.Helper()
	a, err := readAnswer("count", s, 0, false, false)
	require.NoError(t, err, "%q", s)
	require.Len(t, a.sides, 1+strings.Count(s, "(="), "%q", s)
	return a.sides[0]
}

// A decimal read as cut off stands for [value, value + unit): the exact
// value at the far end was not cut to it.
func TestTruncatedCellIsHalfOpen(t *testing.T) {
	q, err := ParseQuestion("number value=1/2", nil)
	require.NoError(t, err)
	for text, holds := range map[string]bool{"0.4": false, "0.5": true, "0.49": false, "0.50": true, "0.48": false} {
		a, err := q.Read(text, false)
		require.NoError(t, err)
		c, err := q.Claim("t", 1, a.Truncated())
		require.NoError(t, err)
		assert.Equal(t, holds, checked(t, c).Holds, "1/2 cut off is %s", text)
	}
	// At one place 1/4 cuts to 0.2; read as cut off, -0.2 is -1/4 and more.
	q, err = ParseQuestion("number value=-1/4", nil)
	require.NoError(t, err)
	a, err := q.Read("-0.2", false)
	require.NoError(t, err)
	c, err := q.Claim("t", 1, a.Truncated())
	require.NoError(t, err)
	assert.True(t, checked(t, c).Holds)
}

// An exponential rate holds exactly when the values grow by one factor per
// unit of d, whatever the widths' gaps; the quantities of q·k never do.
func TestExponentialRate(t *testing.T) {
	ps := func(ds ...int) []enumerate.Problem {
		var out []enumerate.Problem
		for _, d := range ds {
			out = append(out, enumerate.Problem{D: d})
		}
		return out
	}
	vals := func(f func(d int) rational.Value, ds ...int) []rational.Value {
		var out []rational.Value
		for _, d := range ds {
			out = append(out, f(d))
		}
		return out
	}
	pow := func(b rational.Value, d int) rational.Value {
		x := rational.NewInt(3)
		for range d {
			x = x.Mul(b)
		}
		return x
	}
	widths := []int{1, 2, 4, 8}
	for name, c := range map[string]struct {
		f    func(d int) rational.Value
		want bool
	}{
		"3·2^d":  {func(d int) rational.Value { return pow(rational.NewInt(2), d) }, true},
		"3·√2^d": {func(d int) rational.Value { return pow(rational.NewSqrt(2), d) }, true},
		"3/2^d":  {func(d int) rational.Value { return pow(rational.NewFrac(1, 2), d) }, true},
		"d":      {func(d int) rational.Value { return rational.NewInt(int64(d)) }, false},
		"d²":     {func(d int) rational.Value { return rational.NewInt(int64(d * d)) }, false},
		"1":      {func(d int) rational.Value { return rational.NewInt(1) }, false},
	} {
		_, ok := exponentialOf(vals(c.f, widths...), ps(widths...))
		assert.Equal(t, c.want, ok, name)
	}
	_, ok := exponentialOf(vals(func(d int) rational.Value { return pow(rational.NewInt(2), d) }, 1, 2), ps(1, 2))
	assert.False(t, ok, "two widths cannot tell an exponential")
}
