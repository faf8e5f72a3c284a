// Package mistake is the one catalogue of scaling mistakes: the kinds that
// grading matches wrong answers against (package grade, which exposes them
// as grade.MistakeKind and grade.Catalogue) and that the sqrtdk command's
// diagnosis of a measured score std names. Each kind keeps its stable name
// (String) end to end: in feedback, JSON and item analyses.
package mistake

import "fmt"

// A Kind is one known mistake: a way of getting the scale of q·k, or a
// quantity around it, wrong; the zero Kind is no mistake.
type Kind int

// The catalogue, in the order grading tries its kinds (Catalogue). Kinds
// marked "measured only" are named by the diagnosis of a measured std, not
// by grading.
const (
	// StdForVariance: the standard deviation given for the variance.
	StdForVariance Kind = iota + 1
	// VarianceForStd: the variance given for the standard deviation.
	VarianceForStd
	// Unscaled: q·k not divided by the scale at all (or a scale applied
	// after softmax, which looks the same when measured).
	Unscaled
	// DividedByD: q·k divided by d_k instead of √d_k.
	DividedByD
	// UsualScale: the usual 1/√d_k where another scale is meant.
	UsualScale
	// ScaledTwice: the scale applied twice.
	ScaledTwice
	// UsualOnTop: the usual 1/√d_k applied on top of the intended scale
	// (measured only).
	UsualOnTop
	// ScaleInverted: multiplied by the scale where it should divide
	// (measured only).
	ScaleInverted
	// ModelWidth: the model width d_model in place of the head width d_k.
	ModelWidth
	// SplitWidth: d_model/heads in place of a head width set on its own
	// (measured only).
	SplitWidth
	// OneSide: a scale meant for q and k each applied to one of them only
	// (measured only).
	OneSide
	// ScaleZero: q·k multiplied by 0 (measured only).
	ScaleZero
	// UnitEntries: the entries taken as ±1, their size ignored.
	UnitEntries
	// VectorsNotPairs: the vectors q counted instead of the pairs (q, k).
	VectorsNotPairs
	// CountForShare: a number of pairs given for their share.
	CountForShare
	// ShareForCount: a share of pairs given for their number.
	ShareForCount
	// NeighbouringWidth: the value at a neighbouring d_k.
	NeighbouringWidth
	// Truncated: a decimal cut off instead of rounded.
	Truncated
	// RoundedEarly: rounded to fewer places, then padded with zeros.
	RoundedEarly
	// TooFewPlaces: the right value with fewer places or digits than asked.
	TooFewPlaces
	// VarianceOverC: a variance of q·k/c taken as Var(q·k)/c, not /c².
	VarianceOverC
	// SumNotMean: the sum of the squared scores over the pairs for their
	// average, the variance.
	SumNotMean
	// WrongRate: a trend's direction right and its stated rate wrong.
	WrongRate
	// WorkDisagrees: shown work or a restatement that disagrees with the
	// answer it stands beside.
	WorkDisagrees
	// NumKinds is one more than the last kind: kinds run from 1 to
	// NumKinds-1.
	NumKinds
)

// catalogue holds each kind's stable name, short title and description.
var catalogue = [NumKinds]struct{ name, title, does string }{
	{"none", "no mistake", "the value asked for"},
	{"std-for-variance", "standard deviation for variance", "the standard deviation given where the variance is asked"},
	{"variance-for-std", "variance for standard deviation", "the variance given where the standard deviation is asked"},
	{"unscaled", "scale missing", "the value before dividing q·k by the scale (or softmax of the undivided scores); measured, a scale applied after softmax looks the same"},
	{"divided-by-d", "divided by d_k, not √d_k", "q·k divided by d_k instead of √d_k"},
	{"usual-scale", "1/√d_k instead of the intended scale", "q·k divided by √d_k where another scale is asked (often an attention kernel's default)"},
	{"scaled-twice", "scale applied twice", "the scale applied twice (say a pre-scaled query and a kernel that scales again)"},
	{"usual-on-top", "1/√d_k on top of the intended scale", "a kernel's default 1/√d_k applied on top of the intended scale"},
	{"scale-inverted", "scale inverted", "q·k multiplied by the scale where it should be divided"},
	{"model-width", "model width instead of head width", "the model width d_model in place of the head width d_k (needs d-model=N)"},
	{"split-width", "d_model/heads instead of head width", "the formula evaluated at d_model/heads, which differs from the head width d_k"},
	{"one-side", "scale on q or k only", "a scale meant for q and k each applied to one of them only"},
	{"scale-zero", "scale 0", "q·k multiplied by 0"},
	{"unit-entries", "entry size ignored", "the entries taken as ±1, their size ignored"},
	{"vectors-not-pairs", "vectors for pairs", "the vectors q counted (|values|^d_k) instead of the pairs (q, k)"},
	{"count-for-share", "count for share", "the number of pairs given where their share is asked"},
	{"share-for-count", "share for count", "the share of pairs given where their number is asked"},
	{"neighbouring-width", "neighbouring width", "the value at a neighbouring d_k (d_k ± 1 or ± 2)"},
	{"truncated", "cut off, not rounded", "the decimal cut off instead of rounded"},
	{"rounded-early", "rounded early", "the value rounded to fewer places, then padded with zeros"},
	{"too-few-places", "too few places", "the right value shown with fewer places or digits than the key asks (it earns partial=F of the points)"},
	{"variance-divided-by-c", "variance divided by c, not c²", "the variance of q·k/c taken as Var(q·k)/c instead of Var(q·k)/c²"},
	{"sum-not-mean", "sum of squares for their average", "the squared scores summed over the pairs instead of averaged (the variance is their mean when the mean score is 0)"},
	{"wrong-rate", "wrong rate", "a trend's direction right but the rate it states wrong"},
	{"work-disagrees", "shown work disagrees", "an answer with shown work or a restatement whose sides do not all give the same value"},
}

// byName finds a kind by its stable name.
var byName = func() map[string]Kind {
	out := map[string]Kind{}
	for k := StdForVariance; k < NumKinds; k++ {
		out[catalogue[k].name] = k
	}
	return out
}()

// Catalogue returns every Kind, in the order grading tries them.
func Catalogue() []Kind {
	out := make([]Kind, 0, NumKinds-1)
	for k := StdForVariance; k < NumKinds; k++ {
		out = append(out, k)
	}
	return out
}

// String returns the kind's stable name, such as "divided-by-d": the name
// feedback, JSON and item analyses use.
func (k Kind) String() string {
	if k < 0 || k >= NumKinds {
		return fmt.Sprintf("MistakeKind(%d)", int(k))
	}
	return catalogue[k].name
}

// Title returns the kind's name in words, such as "divided by d_k, not
// √d_k".
func (k Kind) Title() string {
	if k < 0 || k >= NumKinds {
		return k.String()
	}
	return catalogue[k].title
}

// Does says what the mistake does, in a sentence fragment.
func (k Kind) Does() string {
	if k < 0 || k >= NumKinds {
		return k.String()
	}
	return catalogue[k].does
}

// Named returns the kind whose stable name is name, and whether there is
// one.
func Named(name string) (Kind, bool) {
	k, ok := byName[name]
	return k, ok
}
