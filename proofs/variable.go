package proofs

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An Outcome is one outcome of a sample space: Q[i−1] and K[i−1] are the
// entries of coordinate i and Score is q·k. (Outcomes of the marginal laws
// the package computes on know only some coordinates, and Score only the
// law of q·k; variables never read what their law does not know.)
type Outcome struct {
	Q, K  []*big.Rat // the entries of q and k
	Score *big.Rat   // q·k
	// at, when set, lists the coordinates Q and K hold, in order: Q[n] is
	// the entry of coordinate at[n].
	at []int
}

// pos returns the position of coordinate i in Q and K.
func (o *Outcome) pos(i int) int {
	if o.at == nil {
		return i - 1
	}
	for n, c := range o.at {
		if c == i {
			return n
		}
	}
	panic(fmt.Sprintf("proofs: coordinate %d is not in this law", i))
}

// An RV is a random variable on a Space: a rational function of the
// outcome times a fixed unit, such as 1/√d_k, so that sums over the space
// stay exact. An RV is identified by what it is, the expression it was
// built from, never by its Name, which only says how transcripts write it.
type RV struct {
	Name string // how a transcript writes the variable, such as "q_1·k_1"
	// unit is the common factor of every value; 1 for rational variables.
	unit rational.Value
	e    *expr
}

type exprOp int

const (
	opQ exprOp = iota
	opK
	opScore
	opMul
	opAdd
	opScale
	opFunc
)

// An expr is the structure of an RV: entries, the score, products and
// sums of them, or a function of the whole outcome.
type expr struct {
	op   exprOp
	i    int // coordinate, from 1, for opQ and opK
	x, y *expr
	c    *big.Rat // the factor of opScale
	fn   func(o *Outcome) *big.Rat
}

var one = rational.NewRat(big.NewRat(1, 1))

// Q returns the i-th entry of q (i counts from 1, as the lesson does).
func Q(i int) RV { return RV{Name: fmt.Sprintf("q_%d", i), unit: one, e: &expr{op: opQ, i: i}} }

// K returns the i-th entry of k (i counts from 1).
func K(i int) RV { return RV{Name: fmt.Sprintf("k_%d", i), unit: one, e: &expr{op: opK, i: i}} }

// Term returns the i-th term q_i·k_i of the dot product.
func Term(i int) RV {
	t := Times(Q(i), K(i))
	t.Name = fmt.Sprintf("q_%d·k_%d", i, i)
	return t
}

// Score returns the dot product q·k; its law is the one enumerate computes.
func Score() RV { return RV{Name: "q·k", unit: one, e: &expr{op: opScore}} }

// Times returns the product x·y.
func Times(x, y RV) RV {
	name := factorName(x, false) + "·" + factorName(y, false)
	if x.e.same(y.e) && x.unit.Cmp(y.unit) == 0 {
		name = factorName(x, true) + "²"
	}
	return RV{Name: name, unit: x.unit.Mul(y.unit), e: &expr{op: opMul, x: x.e, y: y.e}}
}

// factorName writes x as a factor of a product, in parentheses unless its
// name is plain: an entry, or a product when it is not squared.
func factorName(x RV, squared bool) string {
	plain := !strings.ContainsAny(x.Name, " +/−")
	if squared {
		plain = plain && !strings.Contains(x.Name, "·")
	}
	if plain {
		return x.Name
	}
	return "(" + x.Name + ")"
}

// Plus returns x + y. Their units must be rational multiples of each
// other (both rational, or the same root), so that the sum is one too.
func Plus(x, y RV) (RV, error) {
	name := x.Name + " + " + y.Name
	if y.unit.Sign() == 0 {
		x.Name = name
		return x, nil
	}
	if x.unit.Sign() == 0 {
		y.Name = name
		return y, nil
	}
	ratio, ok := y.unit.Mul(x.unit.Inv()).Rat()
	if !ok {
		return RV{}, fmt.Errorf("%s and %s have units %s and %s, not rational multiples of each other: their sum is not a rational multiple of one unit", x.Name, y.Name, x.unit, y.unit)
	}
	ye := y.e
	if ratio.Cmp(big.NewRat(1, 1)) != 0 {
		ye = &expr{op: opScale, x: y.e, c: ratio}
	}
	return RV{Name: name, unit: x.unit, e: &expr{op: opAdd, x: x.e, y: ye}}, nil
}

// scaled returns c·x, written name.
func scaled(x RV, c rational.Value, name string) RV {
	return RV{Name: name, unit: x.unit.Mul(c), e: x.e}
}

// DividedBy returns x/c for a non-zero c, written "x/cName".
func DividedBy(x RV, c rational.Value, cName string) RV {
	return scaled(x, c.Inv(), factorName(x, false)+"/"+cName)
}

// funcIDs numbers the functions Func wraps: two of them are the same
// variable only if they are the same call's result.
var funcIDs atomic.Int64

// Func returns the rational variable whose value at an outcome is f(o),
// written name. f reads the whole outcome, so the space must be listed
// outcome by outcome; f must not keep o or change it.
func Func(name string, f func(o *Outcome) *big.Rat) RV {
	return RV{Name: name, unit: one, e: &expr{op: opFunc, i: int(funcIDs.Add(1)), fn: f}}
}

// same reports whether two expressions are the same variable.
func (e *expr) same(f *expr) bool {
	if e.op != f.op || e.i != f.i {
		return false
	}
	switch e.op {
	case opMul, opAdd:
		return e.x.same(f.x) && e.y.same(f.y)
	case opScale:
		return e.c.Cmp(f.c) == 0 && e.x.same(f.x)
	}
	return true
}

// coef returns the value at o divided by the unit.
func (e *expr) coef(o *Outcome) *big.Rat {
	switch e.op {
	case opQ:
		return o.Q[o.pos(e.i)]
	case opK:
		return o.K[o.pos(e.i)]
	case opScore:
		return o.Score
	case opMul:
		return new(big.Rat).Mul(e.x.coef(o), e.y.coef(o))
	case opAdd:
		return new(big.Rat).Add(e.x.coef(o), e.y.coef(o))
	case opScale:
		return new(big.Rat).Mul(e.c, e.x.coef(o))
	}
	return e.fn(o)
}

// A reads is what an expression needs to know of an outcome.
type reads struct {
	coords map[int]bool // coordinates whose entries it reads
	score  bool
	whole  bool // a function of the whole outcome
}

func (e *expr) reads(r *reads) {
	switch e.op {
	case opQ, opK:
		r.coords[e.i] = true
	case opScore:
		r.score = true
	case opFunc:
		r.whole = true
	case opScale:
		e.x.reads(r)
	default:
		e.x.reads(r)
		e.y.reads(r)
	}
}

// readsOf returns what the variables read together; the coordinates come
// sorted.
func readsOf(xs ...RV) (reads, []int) {
	r := reads{coords: map[int]bool{}}
	for _, x := range xs {
		x.e.reads(&r)
	}
	cs := make([]int, 0, len(r.coords))
	for c := range r.coords {
		cs = append(cs, c)
	}
	sort.Ints(cs)
	return r, cs
}
