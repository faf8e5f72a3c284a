package spec

import (
	"fmt"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Prove is what "sqrtdk prove" is asked: the sample space, the widths
// and the scale, each field a flag's value; Given says which flags were
// given (a flag left out takes its default, and some may not be mixed).
type Prove struct {
	Values, KValues string // --values, --k-values
	KFrom           string // --k-from: q or -q
	Pairs           string // --pairs
	Tie             string // --tie
	Widths          string // --d
	Scale           string // --scale
	Joint           string // --joint: the file of a joint law
	Given           map[string]bool
}

// ProveDefaults are the values of prove's flags that are not given:
// without --d, no width but the proof for every width.
var ProveDefaults = Prove{Values: "-1,1", Tie: "none", Scale: "sqrt"}

// LabWidths are the widths the proof lab's form starts with: the page
// shows the steps at each width at a glance, beside the proof for every
// width.
const LabWidths = "1,2,3,4"

// Model returns the model of the sample space; readJoint reads the file
// of --joint (the command line's reader, which words its problems).
func (s Prove) Model(readJoint func(path string) (*proofs.JointLaw, error)) (proofs.Model, error) {
	if s.Joint != "" {
		for _, name := range []string{"values", "k-values", "k-from", "pairs", "tie"} {
			if s.Given[name] {
				return proofs.Model{}, fmt.Errorf("--joint gives the whole law of (q, k): --%s cannot be combined with it", name)
			}
		}
		j, err := readJoint(s.Joint)
		if err != nil {
			return proofs.Model{}, err
		}
		return proofs.Model{Joint: j}, nil
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

// Proof prepares the proof with the engine options opt (whose Scale it
// sets from --scale): every space built and checked against its limits
// before any work, a refusal worded with the flag to change.
func (s Prove) Proof(opt proofs.Options, readJoint func(path string) (*proofs.JointLaw, error)) (*proofs.Proof, error) {
	m, err := s.Model(readJoint)
	if err != nil {
		return nil, err
	}
	// Without --d the proof is for every width at once (a joint law: at
	// its one width); --d adds the steps at each width given.
	var ds []int
	if s.Given["d"] {
		if ds, err = ParseWidths(s.Widths); err != nil {
			return nil, fmt.Errorf("--d: %v", err)
		}
	}
	if m.Joint != nil && ds != nil && (len(ds) != 1 || ds[0] != m.Joint.D) {
		return nil, fmt.Errorf("--d: the joint law in %s has width d_k = %d; leave --d out or give that width", s.Joint, m.Joint.D)
	}
	sc, err := rational.ParseScale(s.Scale)
	if err != nil {
		return nil, fmt.Errorf("--scale: %v", err)
	}
	opt.Scale = &sc
	p, err := proofs.NewProof(m, ds, opt)
	if err != nil {
		return nil, AdviseRefusal(err, "choose a smaller d_k")
	}
	return p, nil
}

// Failure is the line prove ends with when a step fails.
func Failure(t *proofs.Transcript) string {
	d := t.Diagnosis
	if d.Smallest == 0 {
		return "the proof fails for this space (for every d_k, where the formula and enumerate disagree)"
	}
	return fmt.Sprintf("the proof fails for this space (smallest counterexample: d_k = %d, Step %d)", d.Smallest, d.Step)
}
