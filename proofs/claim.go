package proofs

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Kind says what a claim is about, so a failure can be explained: a
// mean, a second moment or variance, a covariance or the factorisation of
// the joint law.
type Kind string

// The kinds of claim the proof makes.
const (
	AboutMean          Kind = "mean"
	AboutVariance      Kind = "variance"
	AboutCovariance    Kind = "covariance"
	AboutFactorisation Kind = "factorisation"
)

// A Claim states that two exact values are equal and records both.
type Claim struct {
	// Template is the statement with a symbolic index, e.g. "E[q_i] = 0";
	// claims that differ only in the index share it.
	Template string `json:"template"`
	// Statement is the claim for one index, e.g. "E[q_1] = 0".
	Statement string `json:"statement"`
	// Left and Right name the two sides, e.g. "E[q_1]" and "0".
	Left  string `json:"left"`
	Right string `json:"right"`
	// LeftValue and RightValue are the two sides' exact values.
	LeftValue  rational.Value `json:"-"`
	RightValue rational.Value `json:"-"`
	// LeftExact and RightExact are the values written exactly, for JSON.
	LeftExact  string `json:"left_value"`
	RightExact string `json:"right_value"`
	Kind       Kind   `json:"kind"`
	Holds      bool   `json:"holds"`
}

// Equal returns the claim that left equals right, with the verdict.
func Equal(kind Kind, template, left string, lv rational.Value, right string, rv rational.Value) Claim {
	return Claim{
		Template: template, Statement: left + " = " + right,
		Left: left, Right: right, LeftValue: lv, RightValue: rv,
		LeftExact: lv.String(), RightExact: rv.String(),
		Kind: kind, Holds: lv.Cmp(rv) == 0,
	}
}

// String writes the claim with both values and its verdict.
func (c Claim) String() string {
	verdict := "holds"
	if !c.Holds {
		verdict = "FAILS"
	}
	return fmt.Sprintf("%s: %s = %s, %s = %s: %s", c.Statement, c.Left, c.LeftValue, c.Right, c.RightValue, verdict)
}

// Int returns the exact integer n as a Value.
func Int(n int64) rational.Value { return rational.NewRat(big.NewRat(n, 1)) }

// Rat returns the exact rational a/b as a Value.
func Rat(a, b int64) rational.Value { return rational.NewRat(big.NewRat(a, b)) }

// Sqrt returns the exact square root of the non-negative integer n.
func Sqrt(n int64) rational.Value {
	return rational.NewSurd(big.NewRat(1, 1), big.NewInt(n), 2)
}

// Sum returns the exact sum of values that are rational multiples of the
// same surd (for example all rational): the only sums the proof needs.
func Sum(vs ...rational.Value) rational.Value {
	var unit *rational.Value
	total := new(big.Rat)
	for _, v := range vs {
		if v.Sign() == 0 {
			continue
		}
		u := rational.NewSurd(big.NewRat(1, 1), v.Radicand, v.Index)
		if unit == nil {
			unit = &u
		} else if unit.Cmp(u) != 0 {
			panic(fmt.Sprintf("proofs.Sum: %s and %s are not multiples of one surd", *unit, u))
		}
		total.Add(total, v.Coef)
	}
	if unit == nil {
		return rational.NewRat(total)
	}
	return unit.MulRat(total)
}
