// Package proofspec turns what "sqrtdk prove" is given (its flags, or the
// proof lab's form, which says the same) into a prepared proof, with the
// command line's words for every refusal: the one home of that wording,
// so that the lab refuses what the command refuses, as it does.
package proofspec

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Spec is a proof's sample space, widths and scale as prove's flags
// spell them; a field is a flag's value, and Given says which flags were
// given (a flag left out takes its default, and some may not be mixed).
type Spec struct {
	Values, KValues string // --values (default -1,1), --k-values
	KFrom           string // --k-from: q or -q
	Pairs           string // --pairs
	Tie             string // --tie (default none)
	Widths          string // --d (default 1,2,3,4)
	Scale           string // --scale (default sqrt)
	// Joint is the law read from --joint's file, named JointFile.
	Joint     *proofs.JointLaw
	JointFile string
	Given     map[string]bool
}

// Defaults are the values of prove's flags when they are not given.
var Defaults = Spec{Values: "-1,1", Tie: "none", Widths: "1,2,3,4", Scale: "sqrt"}

// Model returns the model of the sample space the spec describes.
func (s Spec) Model() (proofs.Model, error) {
	if s.Joint != nil {
		for _, name := range []string{"values", "k-values", "k-from", "pairs", "tie"} {
			if s.Given[name] {
				return proofs.Model{}, fmt.Errorf("--joint gives the whole law of (q, k): --%s cannot be combined with it", name)
			}
		}
		return proofs.Model{Joint: s.Joint}, nil
	}
	tie, err := proofs.ParseTie(s.Tie)
	if err != nil {
		return proofs.Model{}, fmt.Errorf("--tie: %v", err)
	}
	m := proofs.Model{Tie: tie}
	given := 0
	for _, name := range []string{"k-values", "k-from", "pairs"} {
		if s.Given[name] {
			given++
		}
	}
	if given > 1 {
		return m, fmt.Errorf("--k-values, --k-from and --pairs each say how k is drawn: give one of them")
	}
	switch {
	case s.Pairs != "":
		if s.Given["values"] {
			return m, fmt.Errorf("--pairs gives the values of q_i and k_i together: --values cannot be combined with it")
		}
		if m.Pairs, err = proofs.ParsePairLaw(s.Pairs); err != nil {
			return m, fmt.Errorf("--pairs: %v", err)
		}
		return m, nil
	case s.KFrom != "":
		q, err := rational.ParseAlphabet(s.Values)
		if err != nil {
			return m, fmt.Errorf("--values: %v", err)
		}
		switch strings.TrimSpace(s.KFrom) {
		case "q":
			m.Pairs = proofs.SamePairs(q)
		case "-q", "−q":
			m.Pairs = proofs.OppositePairs(q)
		default:
			return m, fmt.Errorf("--k-from: %q is neither q nor -q", s.KFrom)
		}
		return m, nil
	}
	if m.Q, m.K, err = ParseAlphabets(s.Values, s.KValues); err != nil {
		return m, err
	}
	return m, nil
}

// Proof prepares the proof the spec describes with the engine options
// opt: every space built and checked against its limits before any work.
// A refusal is worded with the flag to change.
func (s Spec) Proof(opt proofs.Options) (*proofs.Proof, error) {
	m, err := s.Model()
	if err != nil {
		return nil, err
	}
	var ds []int
	if m.Joint == nil || s.Given["d"] {
		if ds, err = ParseWidths(s.Widths); err != nil {
			return nil, fmt.Errorf("--d: %v", err)
		}
	}
	if m.Joint != nil && ds != nil && (len(ds) != 1 || ds[0] != m.Joint.D) {
		return nil, fmt.Errorf("--d: the joint law in %s has width d_k = %d; leave --d out or give that width", s.JointFile, m.Joint.D)
	}
	sc, err := rational.ParseScale(s.Scale)
	if err != nil {
		return nil, fmt.Errorf("--scale: %v", err)
	}
	p, err := proofs.NewProof(m, ds, opt)
	if err != nil {
		return nil, AdviseProofRefusal(err)
	}
	p.Scale = new(big.Rat).Set(sc.P)
	return p, nil
}

// Failure is the line the command ends with when a step fails.
func Failure(t *proofs.Transcript) string {
	d := t.Diagnosis
	return fmt.Sprintf("the proof fails for this space (smallest counterexample: d_k = %d, Step %d)", d.Smallest, d.Step)
}

// ParseAlphabets reads --values and --k-values (empty: k like q).
func ParseAlphabets(values, kValues string) (q, k rational.Alphabet, err error) {
	if q, err = rational.ParseAlphabet(values); err != nil {
		return q, k, fmt.Errorf("--values: %v", err)
	}
	k = q
	if kValues != "" {
		if k, err = rational.ParseAlphabet(kValues); err != nil {
			return q, k, fmt.Errorf("--k-values: %v", err)
		}
	}
	return q, k, nil
}

// ParseWidth reads one d_k, a positive integer; the engine judges its size.
func ParseWidth(s string) (int, error) {
	d, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || d < 1 {
		return 0, fmt.Errorf("d_k must be a positive integer, not %q", s)
	}
	if d > enumerate.MaxD {
		return 0, fmt.Errorf("d_k = %d is larger than the supported %d", d, enumerate.MaxD)
	}
	return d, nil
}

// ParseWidths reads a comma list of widths.
func ParseWidths(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		d, err := ParseWidth(f)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// AdviseProofRefusal words a refusal to list a space, or the engine's.
func AdviseProofRefusal(err error) error {
	var tl *proofs.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("%w; choose a smaller d_k, or allow more time with --max-time", err)
	}
	return AdviseRefusal(err)
}

// AdviseRefusal words an engine's refusal for the command line: the
// engine's numbers and the flag that would get past it.
func AdviseRefusal(err error) error {
	var tl *enumerate.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	var advice string
	switch {
	case tl.Unreachable(), tl.Method == enumerate.BruteForce && tl.Counts > 0:
		advice = "use --method closed for the exact distribution without enumerating"
	case tl.Method == enumerate.BruteForce && tl.Slices > 0:
		advice = fmt.Sprintf("split the run into at least %d slices, or allow more time with --max-time", tl.MinSlices)
	case tl.Method == enumerate.BruteForce:
		advice = "use --method closed for the exact distribution without enumerating, or allow more time with --max-time"
	case tl.Memory():
		advice = "choose a smaller d_k ('sqrtdk table' needs only the variance and streams the counts)"
	default:
		advice = "choose a smaller d_k, or allow more time with --max-time"
	}
	return fmt.Errorf("%w; %s", err, advice)
}
