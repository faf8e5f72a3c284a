package grade

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Notation never changes a verdict (issue 31): every right value of the
// shipped keys, and every named mistake's value, is written in every
// notation the grammar reads (exact forms, rounded decimals, e-notation,
// ×10^k, percentages, LaTeX, words, shown work); every rendering of a right
// value earns full points, every rendering of a mistake's value is wrong
// and names that mistake. Trend and formula parts are rendered the same
// way from the rate and the formula that hold.

// rendering is one way of writing a value, and whether it is exact (so
// that it must name a mistake's exact value) or rounded.
type rendering struct {
	text    string
	rounded bool
}

// powerOf returns b, k with x = b^k for the smallest b ≥ 2 and k ≥ 2, if any
// (x a positive integer up to 2^64).
func powerOf(x *big.Int) (int64, int, bool) {
	if x.Cmp(big.NewInt(4)) < 0 || x.BitLen() > 64 {
		return 0, 0, false
	}
	for k := x.BitLen(); k >= 2; k-- {
		b := rational.RootFloor(x, k)
		if b.Cmp(big.NewInt(2)) >= 0 && new(big.Int).Exp(b, big.NewInt(int64(k)), nil).Cmp(x) == 0 {
			return b.Int64(), k, true
		}
	}
	return 0, 0, false
}

// group writes the digits of n in groups of three with sep.
func group(n string, sep string) string {
	neg := strings.HasPrefix(n, "-")
	n = strings.TrimPrefix(n, "-")
	var parts []string
	for len(n) > 3 {
		parts = append([]string{n[len(n)-3:]}, parts...)
		n = n[:len(n)-3]
	}
	out := strings.Join(append([]string{n}, parts...), sep)
	if neg {
		return "-" + out
	}
	return out
}

// terminating returns the decimal expansion of r when it has at most 12
// places.
func terminating(r *big.Rat) (string, int, bool) {
	for p := 0; p <= 12; p++ {
		if rational.HasPlaces(r, p) {
			return rational.FormatRat(r, p, rational.RoundHalfEven), p, true
		}
	}
	return "", 0, false
}

// scientific writes the decimal string s (digits and one optional point) as
// mantissa and power of ten, keeping every digit.
func scientific(s string) (mantissa string, exp int) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	lead := len(intPart+frac) - len(digits)
	exp = len(intPart) - 1 - lead
	if digits == "" {
		return "0", 0
	}
	mantissa = digits[:1]
	if len(digits) > 1 {
		mantissa += "." + digits[1:]
	}
	if neg {
		mantissa = "-" + mantissa
	}
	return mantissa, exp
}

// words are small fractions and counts in words.
var words = map[string]string{"1/2": "one half", "1/4": "a quarter", "3/8": "three eighths", "1/8": "one eighth",
	"2": "two", "8": "eight", "1": "one", "4": "four", "16": "sixteen", "64": "sixty-four"}

// renderExact writes the exact value x in every exact notation.
func renderExact(x rational.Value) []rendering {
	c, n, r := x.Parts()
	var out []string
	if r == 1 {
		num, den := c.Num(), c.Denom()
		q := c.RatString()
		out = append(out, q, "$"+q+"$", "`"+q+"`", "= "+q, "the answer is "+q, "("+q+")", "((("+q+")))", "-(-("+q+"))",
			"0 + "+q, q+" - 0", "1·("+q+")", "2 x ("+q+")/2", "2("+q+")/2", "("+q+")^1", "("+q+")**1")
		if s, ok := words[q]; ok {
			out = append(out, s)
		}
		if den.IsInt64() && den.Int64() == 1 {
			s := num.String()
			out = append(out, group(s, ","), group(s, " "), group(s, "\u2009"), group(s, "_"), s+".0", s+" (="+s+")")
			if b, k, ok := powerOf(new(big.Int).Abs(num)); ok && num.Sign() > 0 {
				out = append(out, fmt.Sprintf("%d^%d", b, k), fmt.Sprintf("%d**%d", b, k), fmt.Sprintf("$%d^{%d}$", b, k),
					fmt.Sprintf("%d^%d = %s", b, k, s), fmt.Sprintf("%d^(%d·1)", b, k), fmt.Sprintf("(%d^%d)^0.5", b, 2*k))
			}
			if num.Sign() > 0 {
				sq := new(big.Int).Mul(num, num)
				out = append(out, "sqrt("+sq.String()+")", "√"+sq.String(), "$\\sqrt{"+sq.String()+"}$", sq.String()+"^0.5",
					sq.String()+"**0.5", sq.String()+"^(1/2)", "square root of "+sq.String())
			}
		} else {
			out = append(out, num.String()+" / "+den.String(), "("+num.String()+")/("+den.String()+")",
				"$\\frac{"+num.String()+"}{"+den.String()+"}$", "\\dfrac{"+num.String()+"}{"+den.String()+"}",
				num.String()+" over "+den.String())
			if num.Sign() > 0 {
				if b, k, ok := powerOf(den); ok && num.Cmp(big.NewInt(1)) == 0 {
					out = append(out, fmt.Sprintf("%d^-%d", b, k), fmt.Sprintf("%d^(-%d)", b, k), fmt.Sprintf("%d**-%d", b, k))
				}
				if num.Cmp(den) > 0 {
					w, rem := new(big.Int).QuoRem(num, den, new(big.Int))
					out = append(out, fmt.Sprintf("%s %s/%s", w, rem, den))
				}
			}
			if s, _, ok := terminating(c); ok {
				out = append(out, s, s+"0", q+" = "+s, s+" (="+q+")")
				if m, e := scientific(s); c.Sign() > 0 {
					out = append(out, fmt.Sprintf("%se%d", m, e), fmt.Sprintf("%s × 10^%d", m, e), fmt.Sprintf("%sx10^(%d)", m, e))
				}
				if c.Sign() > 0 {
					pct := new(big.Rat).Mul(c, big.NewRat(100, 1))
					if p, _, ok := terminating(pct); ok {
						out = append(out, p+"%", p+" %", p+" percent")
					}
				}
			}
		}
	} else {
		// c·n^(1/r): c√n, c*sqrt(n), √(c²n) and powers.
		cs := c.RatString()
		inner := new(big.Rat).Mul(new(big.Rat).SetInt(n), ratPower(c, r))
		root := fmt.Sprintf("%s^(1/%d)", n, r)
		if r == 2 {
			out = append(out, cs+"√"+n.String(), cs+"*sqrt("+n.String()+")", cs+" sqrt("+n.String()+")", "$"+cs+"\\sqrt{"+n.String()+"}$",
				"sqrt("+inner.RatString()+")", "√("+inner.RatString()+")", "("+inner.RatString()+")^0.5", "("+inner.RatString()+")**0.5",
				cs+"·"+n.String()+"^(1/2)")
			if c.IsInt() && c.Cmp(big.NewRat(1, 1)) == 0 {
				out = append(out, "√"+n.String(), "sqrt "+n.String())
			}
		} else {
			out = append(out, cs+"*"+root, "("+inner.RatString()+")^(1/"+fmt.Sprint(r)+")")
		}
	}
	rs := make([]rendering, len(out))
	for i, s := range out {
		rs[i] = rendering{text: s}
	}
	return rs
}

func ratPower(c *big.Rat, r int) *big.Rat {
	out := big.NewRat(1, 1)
	for range r {
		out.Mul(out, c)
	}
	return out
}

// renderRounded writes x rounded (half to even) at each number of places
// from min to min+2, in every rounded notation, with and without the
// exact value shown beside it.
func renderRounded(x rational.Value, minPlaces int, exact string) []rendering {
	var out []string
	for p := minPlaces; p <= minPlaces+2; p++ {
		if p < 0 {
			continue
		}
		s := x.Decimal(p, rational.RoundHalfEven)
		if v, err := rational.ParseDecimal(s); err != nil || v.Sign() == 0 {
			continue
		}
		out = append(out, s, "≈ "+s, "~"+s, "about "+s, exact+" ≈ "+s, s+" (≈ "+exact+")")
		if x.Sign() > 0 {
			m, e := scientific(s)
			out = append(out, fmt.Sprintf("%se%d", m, e), fmt.Sprintf("%sE%+d", m, e), fmt.Sprintf("%s × 10^%d", m, e),
				fmt.Sprintf("%s·10^{%d}", m, e), fmt.Sprintf("$%s \\times 10^{%d}$", m, e))
			if p >= 2 {
				out = append(out, rational.FormatRat(mustRat(s, 100), p-2, rational.RoundHalfEven)+"%")
			}
		}
	}
	rs := make([]rendering, len(out))
	for i, s := range out {
		rs[i] = rendering{text: s, rounded: true}
	}
	return rs
}

func mustRat(s string, times int64) *big.Rat {
	v, err := rational.ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return v.Mul(v, big.NewRat(times, 1))
}

// placesFor returns the places a rounded decimal of x needs under p's
// precision rule: the key's decimals, or its significant digits (MinDigits
// by default).
func placesFor(p *Part, x rational.Value) int {
	if p.Decimals > 0 {
		return p.Decimals
	}
	digits := p.Digits
	if digits == 0 {
		digits = MinDigits
	}
	// The leading digit's place: 10^e ≤ |x| < 10^(e+1).
	f := math.Abs(x.Float64())
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return -1 // too large to print rounded: exact forms only
	}
	e := 0
	for f >= 10 {
		f /= 10
		e++
	}
	for f > 0 && f < 1 {
		f *= 10
		e--
	}
	return digits - 1 - e
}

// shippedKeys are the keys the generator renders: the lesson's, a variant
// of the template, and the hand-graded classes' (class B's is a template
// too).
func shippedKeys(t *testing.T) []*Key {
	t.Helper()
	var keys []*Key
	paths, err := filepath.Glob("../exercises/*.key")
	require.NoError(t, err)
	more, err := filepath.Glob("../exercises/classes/*/*.key")
	require.NoError(t, err)
	for _, path := range append(paths, more...) {
		f, err := os.Open(path)
		require.NoError(t, err)
		k, err := ParseKey(path, f)
		f.Close()
		require.NoError(t, err, path)
		if k.IsTemplate() {
			k, err = k.Variant("notations", "s01")
			require.NoError(t, err, path)
		}
		keys = append(keys, k)
	}
	return keys
}

// gradeOne grades one answer to one part.
func gradeOne(t *testing.T, g *Grader, k *Key, p *Part, text string) PartResult {
	t.Helper()
	a, err := ParseAnswers("n.answers", strings.NewReader(p.ID+": "+text+"\n"), k)
	require.NoError(t, err, text)
	r, err := g.Grade(context.Background(), k, a)
	require.NoError(t, err, text)
	return r.Parts[indexOf(k, p.ID)]
}

func TestNotationsNeverChangeAVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every value of every shipped key in every notation")
	}
	testNotations(t, 0)
}

// TestNotationsSample runs the generator on every tenth rendering, in
// every test run.
func TestNotationsSample(t *testing.T) { testNotations(t, 10) }

func testNotations(t *testing.T, every int) {
	ctx := context.Background()
	g := NewGrader(Options{})
	notations, renderings, checked := map[string]bool{}, 0, 0
	keep := func() bool {
		renderings++
		return every == 0 || renderings%every == 0
	}
	for _, k := range shippedKeys(t) {
		for _, p := range k.Parts() {
			if p.comma {
				continue // decimal commas: another spelling of the same numbers
			}
			x, single, err := g.value(ctx, p.claim)
			require.NoError(t, err)
			switch {
			case single:
				exact := renderExact(x)
				all := append(exact, renderRounded(x, placesFor(p, x), x.String())...)
				for _, r := range all {
					notations[notationOf(r.text)] = true
					if !keep() {
						continue
					}
					checked++
					got := gradeOne(t, g, k, p, r.text)
					assert.Equal(t, Right, got.Mark, "%s %s: %q for %s: %s", k.Name, p.ID, r.text, x, got.Feedback)
					assert.Equal(t, 0, got.Points.Cmp(p.Points), "%s %s: %q", k.Name, p.ID, r.text)
				}
				for _, alt := range alternatives(p) {
					v, ok := altValue(t, g, alt)
					if !ok || v.Cmp(x) == 0 {
						continue
					}
					for _, r := range append(renderExact(v), renderRounded(v, placesFor(p, v), v.String())...) {
						if len(r.text) > 200 || !keep() {
							continue // no one writes out 2466 digits
						}
						read, err := p.claim.Read(r.text, false)
						if err == nil && allMatch(read.Figures(), x) {
							continue // rounded, the mistake's value prints as the right one
						}
						checked++
						got := gradeOne(t, g, k, p, r.text)
						assert.NotEqual(t, Right, got.Mark, "%s %s: %q (%s, mistake %s): %s", k.Name, p.ID, r.text, v, alt.kind, got.Feedback)
						assert.NotEqual(t, Unreadable, got.Mark, "%s %s: %q: %s", k.Name, p.ID, r.text, got.Feedback)
						if got.Mark == Wrong {
							assert.Contains(t, mistakeNamesOf(got), alt.kind.String(), "%s %s: %q (%s): %s", k.Name, p.ID, r.text, v, got.Feedback)
						}
					}
				}
			case p.claim.Kind == "trend":
				checked += trendNotations(t, g, k, p, keep, notations)
			case p.claim.Setting("d") == "" && (p.claim.Kind == "variance" || p.claim.Kind == "std" || p.claim.Kind == "mean"):
				checked += formulaNotations(t, g, k, p, keep, notations)
			}
		}
	}
	t.Logf("%d renderings in %d notations; %d graded", renderings, len(notations), checked)
	if every == 0 {
		assert.GreaterOrEqual(t, len(notations), 60, "notations rendered")
	}
}

// notationOf names the notation of a rendering: its text with every run
// of digits written 9.
func notationOf(s string) string {
	var b strings.Builder
	digits := false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			if !digits {
				b.WriteByte('9')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}

// altValue returns the one value a mistaken version of a question has.
func altValue(t *testing.T, g *Grader, alt alternative) (rational.Value, bool) {
	t.Helper()
	ctx := context.Background()
	switch {
	case alt.claim != nil:
		v, single, err := g.value(ctx, alt.claim)
		return v, err == nil && single
	case alt.compute != nil:
		v, ok, err := alt.compute(ctx, g)
		return v, err == nil && ok
	}
	return alt.value, true
}

// rates are the rates a trend may have, each in every way people write it.
type rateSays struct {
	formula string
	says    []string // with {dir} for the direction's word
}

var rates = []rateSays{
	{"d", []string{"{dir} linearly", "{dir} linearly with d_k", "{dir} like d", "{dir} (like d)", "{dir}, like d", "{dir} ∝ d_k",
		"proportional to d_k", "∝ d", "like d", "O(d)", "doubles when d doubles", "linear growth", "{dir} like $d_k$", "{dir} as d"}},
	{"sqrt(d)", []string{"{dir} like √d", "{dir} like sqrt(d)", "{dir} like the square root of d", "{dir} ∝ √d_k", "∝ √d",
		"O(√d)", "{dir} as d^(1/2)", "{dir} like d^0.5", "{dir} (like $\\sqrt{d_k}$)", "proportional to sqrt(d_k)"}},
	{"1/d", []string{"{dir} like 1/d", "{dir} (1/d)", "{dir} ∝ 1/d_k", "∝ 1/d", "O(1/d)", "halves when d doubles",
		"inversely proportional to d", "{dir} like d^-1", "{dir} like $\\frac{1}{d_k}$"}},
	{"1/sqrt(d)", []string{"{dir} like 1/√d", "{dir} ∝ 1/√d_k", "{dir} like d^(-1/2)", "O(1/√d)", "inversely proportional to √d"}},
	{"d^2", []string{"{dir} quadratically", "{dir} like d²", "{dir} ∝ d^2", "quadruples when d doubles", "O(d^2)"}},
	{"exp", []string{"{dir} exponentially", "exponential growth"}},
}

var directionSays = map[string][]string{
	"grows":    {"grows", "increases", "goes up", "rises", "it grows", "the variance increases"},
	"shrinks":  {"shrinks", "decreases", "goes down", "falls", "it shrinks"},
	"constant": {"stays constant", "constant", "stays the same", "flat", "doesn't change"},
}

// trendNotations renders a trend part: its direction in every word, and
// every rate in every phrase; a right rate's renderings earn full points,
// another rate's are wrong (and name a wrong rate when the direction is
// right).
func trendNotations(t *testing.T, g *Grader, k *Key, p *Part, keep func() bool, notations map[string]bool) int {
	t.Helper()
	key := k
	// The direction and the rate that hold, found by the checker.
	dir := ""
	for _, d := range []string{"grows", "shrinks", "constant"} {
		if gradeOne(t, g, k, p, d).Mark == Right {
			dir = d
		}
	}
	require.NotEmpty(t, dir, "%s %s: no direction holds", k.Name, p.ID)
	// The rate that holds, among d^(k/12) for k from -24 to 24.
	rightRate := ""
	if dir != "constant" {
		for k := -24; k <= 24; k++ {
			f := fmt.Sprintf("d^(%s)", big.NewRat(int64(k), 12).RatString())
			if k != 0 && gradeOne(t, g, key, p, dir+" like "+f).Mark == Right {
				rightRate = canonicalRate(big.NewRat(int64(k), 12))
			}
		}
	}
	checked := 0
	for d, says := range directionSays {
		for _, s := range says {
			notations["trend: "+s] = true
			if !keep() {
				continue
			}
			checked++
			got := gradeOne(t, g, k, p, s)
			assert.Equal(t, d == dir, got.Mark == Right, "%s %s: %q: %s", k.Name, p.ID, s, got.Feedback)
			assert.NotEqual(t, Unreadable, got.Mark, "%s %s: %q: %s", k.Name, p.ID, s, got.Feedback)
		}
	}
	all := rates
	if rightRate != "" && !slices.ContainsFunc(rates, func(r rateSays) bool { return r.formula == rightRate }) {
		all = append(all, rateSays{rightRate, []string{"{dir} like " + rightRate, "{dir} ∝ " + rightRate, "{dir} as " + rightRate,
			"∝ " + rightRate, "O(" + rightRate + ")", "{dir} like " + strings.ReplaceAll(rightRate, "d", "d_k")}})
	}
	for _, r := range all {
		for _, s := range r.says {
			text := strings.ReplaceAll(s, "{dir}", dir)
			if dir == "constant" {
				text = strings.ReplaceAll(s, "{dir}", "grows")
			}
			notations["trend: "+s] = true
			if !keep() {
				continue
			}
			checked++
			got := gradeOne(t, g, k, p, text)
			right := r.formula == rightRate
			if !strings.Contains(s, "{dir}") {
				// A rate alone says its direction: right only when both are.
				right = right && rateDirection(r.formula) == dir
			}
			assert.Equal(t, right, got.Mark == Right, "%s %s: %q (right rate %s): %s", k.Name, p.ID, text, rightRate, got.Feedback)
			assert.NotEqual(t, Unreadable, got.Mark, "%s %s: %q: %s", k.Name, p.ID, text, got.Feedback)
		}
	}
	return checked
}

func rateDirection(f string) string {
	if strings.HasPrefix(f, "1/") || strings.Contains(f, "^(-") {
		return "shrinks"
	}
	return "grows"
}

// canonicalRate names the rate d^e as rates does.
func canonicalRate(e *big.Rat) string {
	switch e.RatString() {
	case "1":
		return "d"
	case "1/2":
		return "sqrt(d)"
	case "-1":
		return "1/d"
	case "-1/2":
		return "1/sqrt(d)"
	case "2":
		return "d^2"
	}
	return "d^(" + e.RatString() + ")"
}

// formulas are formulas c·d^e, each in every way people write it ({c} the
// coefficient, written only when it is not 1).
var formulas = []struct {
	formula string
	says    []string
}{
	{"1", []string{"1", "1.0", "1 for every d", "1 for all d_k", "d/d", "√d/√d", "d^0", "$1$", "d_k/d_k", "(d+d)/(2d)", "= 1"}},
	{"1/d", []string{"1/d", "1/d_k", "1/dₖ", "d^-1", "d^(-1)", "d**-1", "$\\frac{1}{d_k}$", "d_k/d_k^2 = 1/d_k", "1 over d",
		"2/(2d)", "1/d for every d", "(1/d)", "1/(d)", "d/d^2"}},
	{"d", []string{"d", "d_k", "dₖ", "d^1", "d²/d", "$d_k$", "d for every d", "(d+d)/2"}},
	{"sqrt(d)", []string{"sqrt(d)", "√d", "√d_k", "d^0.5", "d^(1/2)", "$\\sqrt{d_k}$", "d/√d", "√(d)"}},
	{"1/sqrt(d)", []string{"1/sqrt(d)", "1/√d", "d^-0.5", "d^(-1/2)", "√d/d", "$\\frac{1}{\\sqrt{d_k}}$", "(1/d)^(1/2)"}},
	{"1/d^3", []string{"1/d^3", "d^-3", "1/d³", "d^(-3)"}},
}

// formulaNotations renders a formula part: the formula that holds and
// every other in every spelling.
func formulaNotations(t *testing.T, g *Grader, k *Key, p *Part, keep func() bool, notations map[string]bool) int {
	t.Helper()
	right := ""
	for _, f := range formulas {
		if gradeOne(t, g, k, p, f.formula).Mark == Right {
			right = f.formula
		}
	}
	if right == "" {
		return 0
	}
	checked := 0
	for _, f := range formulas {
		for _, s := range f.says {
			notations["formula: "+s] = true
			if !keep() {
				continue
			}
			checked++
			got := gradeOne(t, g, k, p, s)
			assert.Equal(t, f.formula == right, got.Mark == Right, "%s %s: %q (right %s): %s", k.Name, p.ID, s, right, got.Feedback)
			assert.NotEqual(t, Unreadable, got.Mark, "%s %s: %q: %s", k.Name, p.ID, s, got.Feedback)
		}
	}
	return checked
}
