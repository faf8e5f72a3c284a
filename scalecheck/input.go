package scalecheck

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxWidth bounds d_k, d_model and the number of heads.
const MaxWidth = 1 << 30

// A Source says where an entry std comes from.
type Source int

const (
	// Unknown means nothing is known about the entries; the zero Entry.
	Unknown Source = iota
	// Measured means the std was measured on the model.
	Measured
	// FromInit means the std follows from the weight initialisation:
	// σ = input std · init std · √fan-in.
	FromInit
	// RMSNorm means q and k are normalised per head to root-mean-square 1
	// (QK-norm by RMSNorm or LayerNorm with unit gain), so σ = 1 exactly.
	RMSNorm
	// L2Norm means q and k are normalised per head to unit length (cosine
	// attention), so σ = 1/√d_k.
	L2Norm
)

var sourceNames = [...]string{"unknown", "measured", "from the initialisation", "QK-norm (RMS 1)", "QK-norm (unit length)"}

// String names the source, such as "measured".
func (s Source) String() string {
	if s < 0 || int(s) >= len(sourceNames) {
		return fmt.Sprintf("Source(%d)", int(s))
	}
	return sourceNames[s]
}

// An Entry is the std of the query (or key) entries and where it comes from.
// The zero Entry is unknown.
type Entry struct {
	// Std is the entries' standard deviation, when known.
	Std rational.Value
	// Source says where Std comes from (Unknown: not given).
	Source Source
	// For FromInit: the weights' std and the inputs' std.
	InitStd, InputStd rational.Value
	// FanIn is, for FromInit, the weights' fan-in.
	FanIn int64
}

// Known reports whether the std is known.
func (e Entry) Known() bool { return e.Source != Unknown }

// MeasuredEntry returns an entry std measured on the model.
func MeasuredEntry(std rational.Value) Entry { return Entry{Std: std, Source: Measured} }

// EntryFromInit returns the entry std of x·W for weights of std initStd and
// fan-in fanIn, applied to inputs whose entries have root-mean-square
// inputStd: each entry sums fanIn independent products, so its variance is
// fanIn·inputStd²·initStd².
func EntryFromInit(initStd rational.Value, fanIn int64, inputStd rational.Value) Entry {
	return Entry{
		Std:     inputStd.Mul(initStd).Mul(rational.PowerOf(fanIn, big.NewRat(1, 2))),
		Source:  FromInit,
		InitStd: initStd, InputStd: inputStd, FanIn: fanIn,
	}
}

// NormalisedEntry returns the entry std that QK-norm of kind RMSNorm or
// L2Norm gives at head width dk.
func NormalisedEntry(kind Source, dk int64) Entry {
	if kind == L2Norm {
		return Entry{Std: rational.PowerOf(dk, big.NewRat(-1, 2)), Source: L2Norm}
	}
	return Entry{Std: rational.NewRat(big.NewRat(1, 1)), Source: RMSNorm}
}

// Input is what the user measured and knows. Zero DModel and Heads mean
// unknown; a zero Entry means that entry std is unknown; the zero Intended
// scale is the usual 1/√d_k.
type Input struct {
	MeasuredStd *big.Rat // std of the scores right before softmax, ≥ 0
	DK          int64    // width of one head: the length of q and k
	DModel      int64    // width of the model, or 0
	Heads       int64    // number of heads, or 0
	Q, K        Entry    // std of the query and key entries
	Intended    Scale    // the factor the model means to apply to q·k
}

// Check reports input that cannot be diagnosed, in one sentence.
func (in Input) Check() error {
	if in.MeasuredStd == nil || in.MeasuredStd.Sign() < 0 {
		return fmt.Errorf("the measured std must be a number ≥ 0")
	}
	if in.DK < 1 || in.DK > MaxWidth {
		return fmt.Errorf("d_k must be an integer from 1 to %d, not %d", MaxWidth, in.DK)
	}
	if in.DModel < 0 || in.DModel > MaxWidth {
		return fmt.Errorf("d_model must be an integer from 1 to %d, not %d", MaxWidth, in.DModel)
	}
	if in.Heads < 0 || in.Heads > MaxWidth {
		return fmt.Errorf("the number of heads must be an integer from 1 to %d, not %d", MaxWidth, in.Heads)
	}
	if in.DModel > 0 && in.Heads > 0 && in.DModel%in.Heads != 0 {
		return fmt.Errorf("%d heads do not divide d_model = %d, so d_model/heads is no head width", in.Heads, in.DModel)
	}
	if in.Heads > 0 && in.DModel == 0 && in.Heads*in.DK > MaxWidth {
		return fmt.Errorf("heads × d_k = %d × %d is larger than %d", in.Heads, in.DK, MaxWidth)
	}
	for _, e := range []struct {
		name  string
		entry Entry
	}{{"query", in.Q}, {"key", in.K}} {
		if e.entry.Known() && e.entry.Std.Sign() < 0 {
			return fmt.Errorf("the std of the %s entries must be a number ≥ 0", e.name)
		}
	}
	// Every expected std is a product of these roots; a common index above
	// MaxRootIndex would make the exact arithmetic explode, so refuse it first.
	index := 2 // √d_k
	s := in.Intended.orDefault()
	for _, i := range []int64{int64(rootIndex(s.Coef)), s.Power.Denom().Int64(), int64(entryIndex(in.Q)), int64(entryIndex(in.K))} {
		index = lcm(index, int(i))
		if index > MaxRootIndex {
			return fmt.Errorf("the entry stds and the intended scale combine roots whose common index exceeds %d", MaxRootIndex)
		}
	}
	return nil
}

func entryIndex(e Entry) int {
	if !e.Known() {
		return 1
	}
	return rootIndex(e.Std)
}

// rootIndex returns r of the canonical form c·n^(1/r) of v.
func rootIndex(v rational.Value) int {
	_, _, r := v.Parts()
	return r
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// ModelWidth returns d_model, or heads × d_k when only the heads are known
// (the usual layout), and false when neither is known.
func (in Input) ModelWidth() (int64, bool) {
	switch {
	case in.DModel > 0:
		return in.DModel, true
	case in.Heads > 0:
		return in.Heads * in.DK, true
	}
	return 0, false
}

// SplitWidth returns d_model/heads when both are known.
func (in Input) SplitWidth() (int64, bool) {
	if in.DModel > 0 && in.Heads > 0 {
		return in.DModel / in.Heads, true
	}
	return 0, false
}

// entryProduct returns b = σ_q·σ_k and whether it is known: it is when
// both stds are known or either is 0. Otherwise each unknown std is taken
// as 1, the lesson's assumption, and b is the known one or 1.
func (in Input) entryProduct() (rational.Value, bool) {
	for _, e := range []Entry{in.Q, in.K} {
		if e.Known() && e.Std.Sign() == 0 {
			return e.Std, true // 0 whatever the other is
		}
	}
	b := rational.NewRat(big.NewRat(1, 1))
	for _, e := range []Entry{in.Q, in.K} {
		if e.Known() {
			b = b.Mul(e.Std)
		}
	}
	return b, in.Q.Known() && in.K.Known()
}
