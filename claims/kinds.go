package claims

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxWidth bounds d_k for claims about the enumerated space, whose exact
// distribution is computed (by the closed form beyond a few seconds of
// enumeration).
const MaxWidth = 10_000

// maxSampleWidth bounds d_k for claims about sampled figures, which need
// no distribution.
const maxSampleWidth = 1_000_000_000

// maxSamples bounds the number of samples of a sampled figure.
const maxSamples = 1_000_000_000_000

// A kindSpec describes one kind of claim: the keys it takes (true when
// required) and how to read its settings.
type kindSpec struct {
	keys  map[string]bool
	build func(c *Claim) (*prepared, error)
	// shape is what an answer to the kind looks like, and words are
	// the words an answer may name the quantity or its unit with
	// ("std 2", "65536 pairs").
	shape shape
	words []string
}

// A prepared claim has its settings read and waits for a figure: a claims
// file gives the figure on the same line, an answer key (a Question) takes
// it from a student's answer.
type prepared struct {
	// read judges an answer read by the grammar: it returns the check
	// that compares its figures, or an error when they do not fit the
	// kind (a list of the wrong length, an exact softmax output).
	read func(a *Answer) (checker, error)
	// value computes the one exact value the claim is about; nil for
	// kinds that are not about one value (laws, trends, lists, samples).
	value func(ch *checking) (rational.Value, error)
	// problems are the spaces of pairs whose distributions the check
	// computes, so that their size can be judged before any work.
	problems []enumerate.Problem
	// everyWidth is set for a claim for every width, which runs the
	// proof for every width (its check of the formula against enumerate
	// takes proofs.DefaultCheckTime, estimated).
	everyWidth bool
	// seconds is the estimated time of the claim's own arithmetic that is
	// left for its check (a number past parseAllowance), which Plan adds.
	seconds float64
}

// defaultable are the keys a "with" line may set for the claims after it.
var defaultable = map[string]bool{"values": true, "k-values": true, "samples": true, "moments": true, "rounded": true, "dk": true, "places": true}

var kinds map[string]kindSpec

// The words an answer may use to name its quantity or unit.
var (
	pairWords     = []string{"pairs", "pair", "cases", "case", "combinations", "possibilities", "vector", "vectors", "(q,k)"}
	countingWords = append([]string{"count", "number"}, pairWords...)
	shareWords    = append([]string{"share", "fraction", "proportion", "probability", "chance", "p"}, pairWords...)
	varianceWords = []string{"variance", "var", "σ^(2)", "sigma^(2)", "σ^2", "sigma^2", "σ2"}
	stdWords      = []string{"std", "std.", "sd", "stdev", "std-dev", "standard", "deviation", "σ", "sigma"}
	meanWords     = []string{"mean", "average", "expectation", "expected", "value", "e"}
	quantityWords = append(append(append([]string{}, varianceWords...), stdWords...), meanWords...)
)

func init() {
	space := map[string]bool{"values": false, "k-values": false, "d": true, "places": false}
	scaled := merge(space, map[string]bool{"scale": false, "divide": false})
	// A mean, variance or std without d= is claimed for every width.
	everyWidth := merge(scaled, map[string]bool{"d": false})
	kinds = map[string]kindSpec{
		"cases":          {space, buildCases, oneValue, pairWords},
		"count":          {merge(space, map[string]bool{"score": true}), buildCount, oneValue, countingWords},
		"share":          {merge(space, map[string]bool{"score": true}), buildShare, oneValue, shareWords},
		"distribution":   {space, buildDistribution, pairList, nil},
		"sum-of-squares": {space, buildSumOfSquares, oneValue, []string{"sum", "squares", "sum-of-squares"}},
		"mean":           {everyWidth, buildQuantity("mean"), oneValue, meanWords},
		"variance":       {everyWidth, buildQuantity("variance"), oneValue, varianceWords},
		"std":            {everyWidth, buildQuantity("std"), oneValue, stdWords},
		"law":            {merge(scaled, map[string]bool{"quantity": true}), buildLaw, formula, quantityWords},
		"trend":          {merge(scaled, map[string]bool{"quantity": true}), buildTrend, direction, nil},
		"ratio":          {merge(space, map[string]bool{"quantity": true, "divide": true, "versus": true}), buildRatio, oneValue, []string{"times", "x", "×", "ratio", "factor"}},
		"number":         {map[string]bool{"value": true, "places": false}, buildNumber, oneValue, nil},
		"sample-variance": {map[string]bool{"d": true, "samples": true, "scale": false, "moments": false, "places": false},
			buildSampleVariance, oneValue, varianceWords},
		"draw": {map[string]bool{"d": true, "scale": false, "moments": false, "places": false}, buildDraw, oneValue, []string{"score"}},
	}
	addSoftmaxKinds(kinds)
}

func merge(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// problem reads the alphabets (default ±1) and one width.
func problem(c *Claim) (enumerate.Problem, error) {
	q, k, err := alphabets(c)
	if err != nil {
		return enumerate.Problem{}, err
	}
	d, err := oneWidth(c.Settings["d"], MaxWidth)
	if err != nil {
		return enumerate.Problem{}, err
	}
	p := enumerate.Problem{Q: q, K: k, D: d}
	return p, checkSpace(p)
}

// checkSpace refuses a space no method can compute (a width out of
// range, scores too far apart for a histogram); what the limits allow is
// decided when the claims are planned (Checker.Plan), under the run's
// limits.
func checkSpace(p enumerate.Problem) error {
	if _, _, _, err := p.ScoreLattice(); err != nil { // no lattice, no method
		return fmt.Errorf("d=%d: %v; a claim needs the whole distribution, so choose a smaller d_k or fewer values", p.D, err)
	}
	return nil
}

func alphabets(c *Claim) (q, k rational.Alphabet, err error) {
	q = rational.Signs()
	if v, ok := c.Settings["values"]; ok {
		if q, err = rational.ParseAlphabet(v); err != nil {
			return q, k, fmt.Errorf("values=%s: %v", v, err)
		}
	}
	k = q
	if v, ok := c.Settings["k-values"]; ok {
		if k, err = rational.ParseAlphabet(v); err != nil {
			return q, k, fmt.Errorf("k-values=%s: %v", v, err)
		}
	}
	return q, k, nil
}

func oneWidth(s string, limit int) (int, error) {
	d, err := strconv.Atoi(s)
	if err != nil || d < 1 {
		return 0, fmt.Errorf("d=%s: d_k must be a positive integer", s)
	}
	if d > limit {
		return 0, fmt.Errorf("d=%s: d_k is larger than the %d this claim supports", s, limit)
	}
	return d, nil
}

// widthList reads d=LIST for laws and trends, in the order written.
func widthList(c *Claim) ([]int, error) {
	var out []int
	for _, f := range strings.Split(c.Settings["d"], ",") {
		d, err := oneWidth(f, MaxWidth)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// divisor returns what the claim divides q·k by at width d: d^P for the
// scale (several scales multiply, so "sqrt,sqrt" is applying 1/√d twice)
// times the fixed divide=EXPR.
type divisor struct {
	exponent *big.Rat
	fixed    expr
}

func parseDivisor(c *Claim, fixedKey string) (divisor, error) {
	dv := divisor{exponent: new(big.Rat)}
	if s, ok := c.Settings["scale"]; ok {
		for _, f := range strings.Split(s, ",") {
			sc, err := rational.ParseScale(f)
			if err != nil {
				return dv, err
			}
			dv.exponent.Add(dv.exponent, sc.P)
		}
		if dv.exponent.Denom().Cmp(big.NewInt(64)) > 0 || new(big.Int).Abs(dv.exponent.Num()).Cmp(big.NewInt(1000)) > 0 {
			return dv, fmt.Errorf("scale=%s is too complex", s)
		}
	}
	if s, ok := c.Settings[fixedKey]; ok {
		e, err := parseExpr(s, false)
		if err != nil {
			return dv, fmt.Errorf("%s=%s: %v", fixedKey, s, err)
		}
		v, err := e.eval(0)
		if err != nil {
			return dv, fmt.Errorf("%s=%s: %v", fixedKey, s, err)
		}
		if v.Sign() <= 0 {
			return dv, fmt.Errorf("%s=%s: divide by a positive number", fixedKey, s)
		}
		dv.fixed = e
	}
	return dv, nil
}

func (dv divisor) at(d int) rational.Value {
	v := rational.PowerOf(int64(d), dv.exponent)
	if dv.fixed != nil {
		f, _ := dv.fixed.eval(0)
		v = v.Mul(f)
	}
	return v
}
