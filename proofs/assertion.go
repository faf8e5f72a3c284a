package proofs

import (
	"fmt"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An Assertion is one checked statement of a proof: two exact values that
// must be equal, with the verdict. An independence is an assertion too:
// when it holds, its two sides are the number of value combinations the
// law gives a positive probability, each checked to be the product of its
// parts' probabilities, and the number of all combinations of the values
// each variable takes; when it fails, the two probabilities of the first
// combination that differ. An assertion about every width compares two
// Formulas in d_k instead of two values.
//
// An assertion whose law was built to make it true (a product of
// independent parts, as the model defines it) cannot fail: its
// ByConstruction says why it holds, and transcripts show it as holding by
// construction, never as checked.
type Assertion struct {
	// ID names the statement the way other assertions refer to it, such
	// as "mean-q"; instances of one statement for different indices share
	// it.
	ID string
	// Statement is the claim, for one index ("E[q_2] = 0") or, when one
	// line covers several indices with the same values, with symbolic
	// ones ("E[q_i] = 0"); Scope then says which ("i = 1..4").
	Statement string
	Scope     string // the indices a symbolic Statement covers, or ""
	// Left and Right name the two sides; LeftValue and RightValue are
	// their exact values, and Holds is LeftValue.Cmp(RightValue) == 0.
	Left, Right           string
	LeftValue, RightValue rational.Value // the exact values of Left and Right
	// LeftFormula and RightFormula are the two sides of an assertion about
	// every width, as formulas in d_k; nil for an assertion at one width.
	LeftFormula, RightFormula *Formula
	Holds                     bool // LeftValue equals RightValue, or the formulas are the same
	// ByConstruction, when set, is why the assertion holds whatever the
	// model's values: the law it was computed on was built to make it
	// true, so it was not checked.
	ByConstruction string
	// Values writes the two values as a transcript shows them, briefly;
	// Detail, when set, says more on a line of its own: the combination
	// of values that breaks an independence, or the score at which two
	// laws of q·k differ.
	Values, Detail string
	// Hypothesis names the lesson's hypothesis the assertion checks:
	// "mean 0", "variance 1" or "independent"; "" for a step's reasoning.
	Hypothesis string
	// RestsOn lists the IDs of the assertions the step's reasoning uses
	// to reach this one.
	RestsOn []string
	// Because is the identity that holds whatever the hypotheses, with
	// the values of this space: the true reason for the verdict.
	Because string
	// Source says which law the values came from.
	Source string

	// at lists the indices (i, j) the assertion covers; j is 0 for one
	// index, and both are 0 for an assertion about the whole space.
	at [][2]int
}

// Equal returns the assertion left = right, with its verdict.
func Equal(left string, lv rational.Value, right string, rv rational.Value) Assertion {
	a := Assertion{Statement: left + " = " + right, Left: left, Right: right, LeftValue: lv, RightValue: rv, Holds: lv.Cmp(rv) == 0}
	a.Values = equalityValues(lv, rv)
	return a
}

// equalityValues writes "both v" or "lv ≠ rv": a value is never written
// as compared with itself.
func equalityValues(lv, rv rational.Value) string {
	if lv.Cmp(rv) == 0 {
		return "both " + lv.String()
	}
	return lv.String() + " ≠ " + rv.String()
}

// equalFormulas returns the assertion that two formulas in d_k are the
// same function of every width d_k ≥ 1.
func equalFormulas(left string, lf Formula, right string, rf Formula, because string) Assertion {
	a := Assertion{Statement: left + " = " + right, Scope: "every d_k", Left: left, Right: right,
		LeftFormula: &lf, RightFormula: &rf, Holds: lf.equal(rf), Because: because}
	a.Values = "both " + lf.String()
	if !a.Holds {
		a.Values = lf.String() + " ≠ " + rf.String()
	}
	return a
}

// String writes the assertion with its values and verdict.
func (a Assertion) String() string {
	s := a.Statement
	if a.Scope != "" {
		s += " (" + a.Scope + ")"
	}
	return fmt.Sprintf("%s: %s: %s", s, a.valuesText(), a.verdictText())
}

// verdictText returns "holds", "FAILS" or, for an assertion true by
// construction, "by construction: " and the reason.
func (a Assertion) verdictText() string {
	if a.Holds && a.ByConstruction != "" {
		return "by construction: " + a.ByConstruction
	}
	return verdict(a.Holds)
}

// valuesText returns Detail when it is set, else Values.
func (a Assertion) valuesText() string {
	if a.Detail != "" {
		return a.Detail
	}
	return a.Values
}

func verdict(holds bool) string {
	if holds {
		return "holds"
	}
	return "FAILS"
}

// independenceAssertion returns the assertion that the variables of an
// Independence are independent.
func independenceAssertion(statement string, in Independence) Assertion {
	a := Assertion{Statement: statement, Holds: in.Holds}
	if in.Holds {
		a.Left, a.Right = "value combinations with P(together) = Π P(each)", "all value combinations"
		a.LeftValue, a.RightValue = rational.NewRat(ratOfInt(in.present)), rational.NewRat(ratOfInt(in.combinations))
		a.Values = all(in.combinations.String(), "value combination")
		return a
	}
	parts := make([]string, len(in.event))
	for i, e := range in.event {
		parts[i] = "P(" + e + ")"
	}
	a.Left = "P(" + strings.Join(in.event, ", ") + ")"
	a.Right = strings.Join(parts, "·")
	a.LeftValue, a.RightValue = rational.NewRat(in.joint), rational.NewRat(in.product)
	a.Values = equalityValues(a.LeftValue, a.RightValue)
	a.Detail = in.Witness()
	return a
}
