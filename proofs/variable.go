package proofs

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An RV is a random variable on a Space: its value at an outcome is a
// rational coefficient times the fixed Unit.
type RV struct {
	// Name is how transcripts write the variable, e.g. "q_1·k_1"; it
	// identifies the variable within a Space, which caches means by name.
	Name string
	// Unit is the common factor of every value; 1 for rational variables.
	Unit rational.Value
	// Coef returns the value at an outcome divided by Unit.
	Coef func(o *Outcome) *big.Rat
}

// Keeping an irrational factor such as 1/√d_k apart from the rational
// coefficient lets sums over the space stay exact: every term is a rational
// multiple of the same unit, so adding them is adding rationals.

var one = rational.NewRat(big.NewRat(1, 1))

// Variable returns the rational variable called name whose value is f.
func Variable(name string, f func(o *Outcome) *big.Rat) RV {
	return RV{Name: name, Unit: one, Coef: f}
}

// Q returns the i-th entry of q (i counts from 1, as the lesson does).
func Q(i int) RV {
	return Variable(fmt.Sprintf("q_%d", i), func(o *Outcome) *big.Rat { return o.Q[i-1] })
}

// K returns the i-th entry of k (i counts from 1).
func K(i int) RV {
	return Variable(fmt.Sprintf("k_%d", i), func(o *Outcome) *big.Rat { return o.K[i-1] })
}

// Term returns the i-th term q_i·k_i of the dot product.
func Term(i int) RV {
	return Variable(fmt.Sprintf("q_%d·k_%d", i, i), func(o *Outcome) *big.Rat {
		return new(big.Rat).Mul(o.Q[i-1], o.K[i-1])
	})
}

// Score returns the dot product q·k.
func Score() RV {
	return Variable("q·k", func(o *Outcome) *big.Rat {
		s, t := new(big.Rat), new(big.Rat)
		for i := range o.Q {
			s.Add(s, t.Mul(o.Q[i], o.K[i]))
		}
		return s
	})
}

// TermsFrom returns the partial dot product q_from·k_from + … + q_d·k_d.
func TermsFrom(from, d int) RV {
	name := sumName("q_%d·k_%d", from, d)
	return Variable(name, func(o *Outcome) *big.Rat {
		s, t := new(big.Rat), new(big.Rat)
		for i := from - 1; i < d; i++ {
			s.Add(s, t.Mul(o.Q[i], o.K[i]))
		}
		return s
	})
}

// Times returns the product x·y.
func Times(x, y RV) RV {
	name := x.Name + "·" + y.Name
	if x.Name == y.Name {
		name = "(" + x.Name + ")²"
	}
	return RV{Name: name, Unit: x.Unit.Mul(y.Unit), Coef: func(o *Outcome) *big.Rat {
		return new(big.Rat).Mul(x.Coef(o), y.Coef(o))
	}}
}

// Plus returns x + y; both must have the same unit.
func Plus(x, y RV) RV {
	if x.Unit.Cmp(y.Unit) != 0 {
		panic(fmt.Sprintf("proofs.Plus: %s and %s have different units %s and %s", x.Name, y.Name, x.Unit, y.Unit))
	}
	return RV{Name: x.Name + " + " + y.Name, Unit: x.Unit, Coef: func(o *Outcome) *big.Rat {
		return new(big.Rat).Add(x.Coef(o), y.Coef(o))
	}}
}

// Scaled returns c·x, written name.
func Scaled(x RV, c rational.Value, name string) RV {
	return RV{Name: name, Unit: x.Unit.Mul(c), Coef: x.Coef}
}

// DividedBy returns x/c for a positive c, written "x/cName".
func DividedBy(x RV, c rational.Value, cName string) RV {
	return Scaled(x, c.Inv(), "("+x.Name+")/"+cName)
}

// sumName writes the sum of term(i) for i = from..to, with an ellipsis
// only when it hides at least one term.
func sumName(term string, from, to int) string {
	switch to - from {
	case 0:
		return fmt.Sprintf(term, from, from)
	case 1:
		return fmt.Sprintf(term, from, from) + " + " + fmt.Sprintf(term, to, to)
	}
	return fmt.Sprintf(term, from, from) + " + … + " + fmt.Sprintf(term, to, to)
}
