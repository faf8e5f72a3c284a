package proofs

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Kind says what an equality is about, so a failure can be explained: a
// mean, a second moment or variance, a covariance or the factorisation of
// the joint law.
type Kind string

// The kinds of equality the proof checks.
const (
	AboutMean          Kind = "mean"
	AboutVariance      Kind = "variance"
	AboutCovariance    Kind = "covariance"
	AboutFactorisation Kind = "factorisation"
)

// An Equality states that two exact values are equal, records both and
// says whether they are.
type Equality struct {
	// Template is the statement with a symbolic index, e.g. "E[q_i] = 0";
	// equalities that differ only in the index share it.
	Template string `json:"template"`
	// Statement is the equality for one index, e.g. "E[q_1] = 0".
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

// Equal returns the equality of left and right, with the verdict.
func Equal(kind Kind, template, left string, lv rational.Value, right string, rv rational.Value) Equality {
	return Equality{
		Template: template, Statement: left + " = " + right,
		Left: left, Right: right, LeftValue: lv, RightValue: rv,
		LeftExact: lv.String(), RightExact: rv.String(),
		Kind: kind, Holds: lv.Cmp(rv) == 0,
	}
}

// String writes the equality with both values and its verdict.
func (c Equality) String() string {
	verdict := "holds"
	if !c.Holds {
		verdict = "FAILS"
	}
	return fmt.Sprintf("%s: %s = %s, %s = %s: %s", c.Statement, c.Left, c.LeftValue, c.Right, c.RightValue, verdict)
}
