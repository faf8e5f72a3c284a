package proofs

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A law is a finite law on which random variables are evaluated: distinct
// outcomes with positive integer weights. It is the whole listed space, a
// marginal law of a few coordinates or the law of q·k.
type law struct {
	rows    []*Outcome
	weights []*big.Int
	total   *big.Int
}

func newLaw() *law { return &law{total: new(big.Int)} }

func (l *law) add(o *Outcome, w *big.Int) {
	l.rows = append(l.rows, o)
	l.weights = append(l.weights, w)
	l.total.Add(l.total, w)
}

// coefMean returns Σ weight·x(o) / total, the mean of x's coefficient.
func (l *law) coefMean(x RV) *big.Rat {
	sum := new(big.Rat)
	t := new(big.Rat)
	for n, o := range l.rows {
		sum.Add(sum, t.Mul(x.e.coef(o), t.SetInt(l.weights[n])))
	}
	return sum.Quo(sum, new(big.Rat).SetInt(l.total))
}

// mean returns E[x] exactly.
func (l *law) mean(x RV) rational.Value {
	return rational.NewRat(l.coefMean(x)).Mul(x.unit)
}

// cov returns E[(x − E[x])·(y − E[y])] exactly, from the deviations of every
// outcome; cov(x, x) is the variance.
func (l *law) cov(x, y RV) rational.Value {
	mx, my := l.coefMean(x), l.coefMean(y)
	sum := new(big.Rat)
	dx, dy := new(big.Rat), new(big.Rat)
	for n, o := range l.rows {
		dx.Sub(x.e.coef(o), mx)
		dy.Sub(y.e.coef(o), my)
		dx.Mul(dx, dy)
		sum.Add(sum, dx.Mul(dx, dy.SetInt(l.weights[n])))
	}
	sum.Quo(sum, new(big.Rat).SetInt(l.total))
	return rational.NewRat(sum).Mul(x.unit.Mul(y.unit))
}

// An Independence is the verdict on whether random variables are
// independent, judged on their values: their joint law must give every
// combination of values the product of the values' probabilities.
type Independence struct {
	Holds bool // whether the variables are independent
	// combinations is the number of value combinations checked, the
	// product of the numbers of values each variable takes.
	combinations *big.Int
	// event, joint and product describe the first combination whose
	// probability is not the product, when Holds is false (Witness
	// writes them): the event written "q_1 = -1, q_2 = 1", its
	// probability and the product of the parts' probabilities.
	event          []string
	joint, product *big.Rat

	// present is the number of combinations with a positive probability,
	// counted on the law: when Holds, every one of them, hence all
	// combinations.
	present *big.Int
}

// Witness writes the failing combination, such as
// "P(q_1 = -1, q_2 = 1) = 0 ≠ 1/4 = P(q_1 = -1)·P(q_2 = 1)", or "".
func (in Independence) Witness() string {
	if in.Holds {
		return ""
	}
	parts := make([]string, len(in.event))
	for i, e := range in.event {
		parts[i] = "P(" + e + ")"
	}
	return fmt.Sprintf("P(%s) = %s ≠ %s = %s", strings.Join(in.event, ", "), in.joint.RatString(), in.product.RatString(), strings.Join(parts, "·"))
}

// A groupValue is the value a group of variables takes at an outcome.
type groupValue struct {
	vals []*big.Rat
	key  string
}

// A variable's value is its coefficient times its unit, a non-zero
// constant unless the variable was scaled by 0, which makes it 0: the
// coefficient alone tells values apart otherwise.
func valueOf(g []RV, o *Outcome) groupValue {
	v := groupValue{vals: make([]*big.Rat, len(g))}
	parts := make([]string, len(g))
	for i, x := range g {
		v.vals[i] = x.e.coef(o)
		if x.unit.Sign() == 0 {
			v.vals[i] = new(big.Rat)
		}
		parts[i] = v.vals[i].RatString()
	}
	v.key = strings.Join(parts, ",")
	return v
}

// independent judges whether the groups of variables are independent on
// the law: each group is one (vector-valued) variable. Combinations
// present in the law are checked in order of their values; when every one
// of them has the product probability, the absent ones (probability 0)
// cannot have a positive product, since the products of all combinations
// add up to 1, as those of the present ones already do.
func (l *law) independent(groups ...[]RV) Independence {
	margs := make([]map[string]*big.Int, len(groups))
	for i := range groups {
		margs[i] = map[string]*big.Int{}
	}
	type joint struct {
		parts []groupValue
		w     *big.Int
	}
	joints := map[string]*joint{}
	for n, o := range l.rows {
		parts := make([]groupValue, len(groups))
		keys := make([]string, len(groups))
		for i, g := range groups {
			parts[i] = valueOf(g, o)
			keys[i] = parts[i].key
			m := margs[i][parts[i].key]
			if m == nil {
				m = new(big.Int)
				margs[i][parts[i].key] = m
			}
			m.Add(m, l.weights[n])
		}
		k := strings.Join(keys, "|")
		j := joints[k]
		if j == nil {
			j = &joint{parts: parts, w: new(big.Int)}
			joints[k] = j
		}
		j.w.Add(j.w, l.weights[n])
	}
	combos := big.NewInt(1)
	for _, m := range margs {
		combos.Mul(combos, big.NewInt(int64(len(m))))
	}
	list := make([]*joint, 0, len(joints))
	for _, j := range joints {
		list = append(list, j)
	}
	slices.SortFunc(list, func(a, b *joint) int { return compareValues(a.parts, b.parts) })
	total := new(big.Rat).SetInt(l.total)
	for _, j := range list {
		p := new(big.Rat).Quo(new(big.Rat).SetInt(j.w), total)
		prod := big.NewRat(1, 1)
		for i, part := range j.parts {
			prod.Mul(prod, new(big.Rat).Quo(new(big.Rat).SetInt(margs[i][part.key]), total))
		}
		if p.Cmp(prod) != 0 {
			return Independence{combinations: combos, event: eventParts(groups, j.parts), joint: p, product: prod}
		}
	}
	return Independence{Holds: true, combinations: combos, present: big.NewInt(int64(len(list)))}
}

// compareValues orders value tuples group by group, entry by entry.
func compareValues(a, b []groupValue) int {
	for i := range a {
		if c := compareVectors(a[i].vals, b[i].vals); c != 0 {
			return c
		}
	}
	return 0
}

// compareVectors orders vectors of one length entry by entry.
func compareVectors(a, b []*big.Rat) int {
	for i := range a {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// eventParts writes each group's value: "q_1 = -1", or
// "(q_1, k_1) = (-1, 1)" for a group of several variables.
func eventParts(groups [][]RV, parts []groupValue) []string {
	out := make([]string, len(groups))
	for i, g := range groups {
		names := make([]string, len(g))
		vals := make([]string, len(g))
		for n, x := range g {
			names[n] = x.Name
			vals[n] = parts[i].vals[n].RatString()
		}
		if len(g) == 1 {
			out[i] = names[0] + " = " + vals[0]
		} else {
			out[i] = "(" + strings.Join(names, ", ") + ") = (" + strings.Join(vals, ", ") + ")"
		}
	}
	return out
}
