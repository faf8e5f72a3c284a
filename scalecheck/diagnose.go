package scalecheck

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Hypothesis is one factor the code may apply to q·k, with every mistake
// that applies it, the exact std it predicts and how far the measurement is
// from that prediction.
type Hypothesis struct {
	// Mistakes name the explanations that apply Factor; the first is the
	// one reported, the others cannot be told apart from it by any
	// measurement (they differ only in the code).
	Mistakes []grade.MistakeKind
	// Factor is the exact factor q·k is multiplied by.
	Factor rational.Value
	// Expected is b·√d_k·Factor with b = σ_q·σ_k, each unknown std taken
	// as 1 (then it is only what unit entries would give).
	Expected rational.Value
	// Off is how far the measurement is from Expected.
	Off Off
	// Fits reports whether Off is within the tolerance.
	Fits bool
	// Needs is σ_q·σ_k = m/(√d_k·Factor), the entry-size product under which
	// this hypothesis would predict the measurement exactly; set only when
	// the entry sizes are unknown and Factor is not 0.
	Needs *rational.Value
}

// Mistake returns the hypothesis's reported mistake.
func (h Hypothesis) Mistake() grade.MistakeKind { return h.Mistakes[0] }

// A Kind is the kind of a verdict.
type Kind int

const (
	// AsIntended: the intended factor fits and is clearly the nearest: no
	// other hypothesis fits, or each that does is off by at least the
	// square of the intended one's distance.
	AsIntended Kind = iota
	// Mistaken: exactly one mistake fits, and the entry sizes are known.
	Mistaken
	// Unexplained: no hypothesis is within the tolerance.
	Unexplained
	// Undecided: the input cannot tell; Reason says why.
	Undecided
)

// A Reason says why a verdict is Undecided.
type Reason int

const (
	// NoReason is the Reason of every decided verdict.
	NoReason Reason = iota
	// EntriesUnknown: σ_q or σ_k is unknown, and every factor fits some entry size.
	EntriesUnknown
	// EntriesZero: σ_q or σ_k is 0, so every scale gives scores of std 0.
	EntriesZero
	// Ambiguous: more than one hypothesis is within the tolerance, and the
	// intended factor is not clearly the nearest of them.
	Ambiguous
)

// A Basis says what a verdict takes the entry sizes to be.
type Basis int

const (
	// GivenEntries: σ_q and σ_k are both known (measured, from the
	// initialisation or set by QK-norm), or one of them is 0.
	GivenEntries Basis = iota
	// UnitEntriesAssumed: an entry std that was not given is taken as 1,
	// the lesson's assumption; the verdict holds only as far as it does.
	UnitEntriesAssumed
	// NoEntrySizes: an entry std was not given and the verdict takes no
	// size for it (it cannot tell).
	NoEntrySizes
)

// A Result is the diagnosis of one input.
type Result struct {
	// Input is what was diagnosed.
	Input Input
	// Tolerance is the factor within which a hypothesis fits the
	// measurement.
	Tolerance *big.Rat
	// Entries is the b = σ_q·σ_k the expected stds use: the product of the
	// entry stds when EntriesKnown, otherwise with each unknown std taken
	// as 1.
	Entries rational.Value
	// EntriesKnown says whether both entry stds were known.
	EntriesKnown bool
	// Intended is the factor the model means to apply at d_k.
	Intended rational.Value
	// Hypotheses are listed in the fixed order of the Mistake constants,
	// one per distinct factor.
	Hypotheses []Hypothesis
	// Omitted lists mistakes that apply the intended factor itself here
	// (dividing by d_k when the intention is 1/d_k, say), so they are no
	// mistake for this input.
	Omitted []grade.MistakeKind
	// Best indexes the hypothesis with the smallest Off; ties go to the
	// earlier one.
	Best int
	// Kind is the verdict.
	Kind Kind
	// Reason says why when the verdict is Undecided.
	Reason Reason
	// Named indexes the hypothesis an AsIntended or Mistaken finding names.
	Named int
	// Fitting indexes every hypothesis within the tolerance.
	Fitting []int
}

// Diagnose ranks the hypotheses for in; tolerance (> 1) is the largest
// factor by which the measurement may miss a prediction and still fit it.
func Diagnose(in Input, tolerance *big.Rat) (Result, error) {
	if err := in.Check(); err != nil {
		return Result{}, err
	}
	if tolerance == nil || tolerance.Cmp(big.NewRat(1, 1)) <= 0 {
		return Result{}, fmt.Errorf("the tolerance must be a factor above 1")
	}
	in.Intended = in.Intended.orDefault()
	r := Result{Input: in, Tolerance: new(big.Rat).Set(tolerance), Named: -1}
	r.Entries, r.EntriesKnown = in.entryProduct()
	b := r.Entries
	sqrtD := rational.PowerOf(in.DK, big.NewRat(1, 2))
	m := in.MeasuredStd
	cs := candidates(in)
	r.Intended = cs[0].factor
next:
	for _, c := range cs {
		for i := range r.Hypotheses {
			if r.Hypotheses[i].Factor.Cmp(c.factor) == 0 {
				if i == 0 {
					r.Omitted = append(r.Omitted, c.mistake)
				} else {
					r.Hypotheses[i].Mistakes = append(r.Hypotheses[i].Mistakes, c.mistake)
				}
				continue next
			}
		}
		h := Hypothesis{Mistakes: []grade.MistakeKind{c.mistake}, Factor: c.factor, Expected: b.Mul(sqrtD).Mul(c.factor)}
		if err := checkDerived(h.Expected); err != nil {
			return Result{}, fmt.Errorf("the expected std under %q is too large to keep exact", c.mistake)
		}
		h.Off = offFactor(m, h.Expected)
		h.Fits = h.Off.Within(tolerance)
		if !r.EntriesKnown && c.factor.Sign() != 0 {
			needs := rational.NewRat(m).Mul(sqrtD.Mul(c.factor).Inv())
			h.Needs = &needs
		}
		r.Hypotheses = append(r.Hypotheses, h)
	}
	for i, h := range r.Hypotheses {
		if h.Off.Cmp(r.Hypotheses[r.Best].Off) < 0 {
			r.Best = i
		}
		if h.Fits {
			r.Fitting = append(r.Fitting, i)
		}
	}
	r.decide()
	return r, nil
}

// decide sets the verdict by one rule, on the entry sizes given or, where
// one is unknown, on the lesson's assumption that it is 1: the intended
// factor wins when it fits and is clearly the nearest (intendedClear), a
// mistake when it is the only hypothesis that fits. Only "as intended" may
// rest on the assumption: every other verdict on assumed entries becomes
// "cannot tell", since small entries (as at GPT-2's initialisation) make a
// right scale look like a mistake.
func (r *Result) decide() {
	switch {
	case r.Entries.Sign() == 0 && r.Input.MeasuredStd.Sign() == 0:
		r.Kind, r.Reason = Undecided, EntriesZero
	case len(r.Fitting) == 0: // zero entries with m > 0 land here: every row is off by ∞
		r.Kind = Unexplained
	case r.intendedClear():
		r.Kind, r.Named = AsIntended, 0
	case len(r.Fitting) > 1:
		r.Kind, r.Reason = Undecided, Ambiguous
	default:
		r.Kind, r.Named = Mistaken, r.Fitting[0]
	}
	if !r.EntriesKnown && r.Kind != AsIntended {
		r.Kind, r.Reason, r.Named = Undecided, EntriesUnknown, -1
	}
}

// intendedClear reports whether the intended factor fits and every other
// hypothesis that fits is off by at least the square of its distance: on a
// log scale, explaining the measurement by any of them takes an error at
// least twice as large. A measurement that lies between two predictions
// nearly halfway, or nearer the other, is left undecided.
func (r Result) intendedClear() bool {
	if len(r.Fitting) == 0 || r.Fitting[0] != 0 {
		return false
	}
	d := r.Hypotheses[0].Off.Factor
	square := d.Mul(d)
	for _, i := range r.Fitting[1:] {
		if r.Hypotheses[i].Off.Factor.Cmp(square) < 0 {
			return false
		}
	}
	return true
}

// RestsOn says what the verdict takes the entry sizes to be.
func (r Result) RestsOn() Basis {
	switch {
	case r.EntriesKnown:
		return GivenEntries
	case r.Kind == AsIntended:
		return UnitEntriesAssumed
	}
	return NoEntrySizes
}

// ScaleRight reports whether the verdict is that the scale matches the
// intention; it is the question the command's exit status answers.
func (r Result) ScaleRight() bool { return r.Kind == AsIntended }

// Implied returns the factor the code must apply to q·k for the measurement
// to hold exactly, m/(σ_q·σ_k·√d_k), and false when the entry sizes are
// unknown or zero.
func (r Result) Implied() (rational.Value, bool) {
	if !r.EntriesKnown || r.Entries.Sign() == 0 {
		return rational.Value{}, false
	}
	sqrtD := rational.PowerOf(r.Input.DK, big.NewRat(1, 2))
	return rational.NewRat(r.Input.MeasuredStd).Mul(r.Entries.Mul(sqrtD).Inv()), true
}
