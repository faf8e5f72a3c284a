package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// dependenceFlags say how q and k depend on each other: a law of each
// coordinate pair, tied coordinates, or a whole joint law from a file.
type dependenceFlags struct {
	kFrom, pairs, tie, joint string
}

func (f *dependenceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.kFrom, "k-from", "", "k drawn from q: `q` (k = q) or -q (k = −q), coordinate by coordinate")
	fs.StringVar(&f.pairs, "pairs", "", `the law of each coordinate pair (q_i, k_i): pairs "q k", each optionally ":w" with an integer weight, comma-separated, such as "-1 -1:2, 1 1:2, -1 1, 1 -1"`)
	fs.StringVar(&f.tie, "tie", "none", "tie coordinates: `q`, k or both make every coordinate of that vector equal its first; none draws them independently")
	fs.StringVar(&f.joint, "joint", "", "read the whole joint law of (q, k) from `FILE` (one weighted outcome per line, see the manual)")
}

// model returns the model the flags describe, on top of the alphabets of
// the space flags; set says which flags the command line gave.
func (f *dependenceFlags) model(space *spaceFlags, set map[string]bool) (proofs.Model, error) {
	if f.joint != "" {
		for _, name := range []string{"values", "k-values", "k-from", "pairs", "tie"} {
			if set[name] {
				return proofs.Model{}, fmt.Errorf("--joint gives the whole law of (q, k): --%s cannot be combined with it", name)
			}
		}
		j, err := readJointLaw(f.joint)
		if err != nil {
			return proofs.Model{}, err
		}
		return proofs.Model{Joint: j}, nil
	}
	tie, err := proofs.ParseTie(f.tie)
	if err != nil {
		return proofs.Model{}, fmt.Errorf("--tie: %v", err)
	}
	m := proofs.Model{Tie: tie}
	given := 0
	for _, name := range []string{"k-values", "k-from", "pairs"} {
		if set[name] {
			given++
		}
	}
	if given > 1 {
		return m, fmt.Errorf("--k-values, --k-from and --pairs each say how k is drawn: give one of them")
	}
	switch {
	case f.pairs != "":
		if set["values"] {
			return m, fmt.Errorf("--pairs gives the values of q_i and k_i together: --values cannot be combined with it")
		}
		if m.Pairs, err = proofs.ParsePairLaw(f.pairs); err != nil {
			return m, fmt.Errorf("--pairs: %v", err)
		}
		return m, nil
	case f.kFrom != "":
		q, err := rational.ParseAlphabet(space.values)
		if err != nil {
			return m, fmt.Errorf("--values: %v", err)
		}
		switch strings.TrimSpace(f.kFrom) {
		case "q":
			m.Pairs = proofs.SamePairs(q)
		case "-q", "−q":
			m.Pairs = proofs.OppositePairs(q)
		default:
			return m, fmt.Errorf("--k-from: %q is neither q nor -q", f.kFrom)
		}
		return m, nil
	}
	if m.Q, m.K, err = parseAlphabets(space.values, space.kValues); err != nil {
		return m, err
	}
	return m, nil
}

// readJointLaw reads a joint-law file; a problem is one line naming the
// file and line.
func readJointLaw(path string) (*proofs.JointLaw, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--joint: %v", err)
	}
	defer f.Close()
	j, err := proofs.ReadJointLaw(f)
	var le *proofs.JointLawError
	if errors.As(err, &le) {
		return nil, fmt.Errorf("%s:%d: %s", path, le.Line, le.Msg)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return j, nil
}

func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("prove", "", stderr)
	var (
		space  spaceFlags
		dep    dependenceFlags
		engine engineFlags
	)
	space.register(fs, "", false)
	fs.Lookup("d").Usage = "widths d_k at which to check the steps too, comma-separated (default: the proof for every width alone)"
	dep.register(fs)
	engine.register(fs)
	scale := fs.String("scale", "sqrt", "what Step 5 divides q·k by: sqrt (the lesson's √d_k), raw, d or d^P")
	var format choiceFormatFlag
	format.register(fs, "text", "text", "markdown", "latex", "json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	m, err := dep.model(&space, set)
	if err != nil {
		return err
	}
	// Without --d the proof is for every width at once; --d adds the
	// steps at each width given.
	var ds []int
	if set["d"] {
		if ds, err = parseWidths(space.widths); err != nil {
			return fmt.Errorf("--d: %v", err)
		}
	}
	if m.Joint != nil && ds != nil && (len(ds) != 1 || ds[0] != m.Joint.D) {
		return fmt.Errorf("--d: the joint law in %s has width d_k = %d; leave --d out or give that width", dep.joint, m.Joint.D)
	}
	sc, err := rational.ParseScale(*scale)
	if err != nil {
		return fmt.Errorf("--scale: %v", err)
	}
	method, eopt, err := engine.parse()
	if err != nil {
		return err
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	opt := proofs.Options{Method: method, Workers: eopt.Workers, MaxTime: eopt.MaxTime, Progress: new(atomic.Uint64), Scale: &sc}
	p, err := proofs.NewProof(m, ds, opt)
	if err != nil {
		return adviseProofRefusal(err)
	}
	stop := startProgress(stderr, opt.Progress, p.Work(), "proof")
	t, err := p.Run(ctx)
	stop()
	if err != nil {
		return adviseProofRefusal(err)
	}
	if err := render.WriteTranscript(stdout, t, f); err != nil {
		return err
	}
	if !t.Holds() {
		d := t.Diagnosis
		if d.Smallest == 0 {
			return &checkFailed{msg: "the proof fails for this space (for every d_k, where the formula and enumerate disagree)"}
		}
		return &checkFailed{msg: fmt.Sprintf("the proof fails for this space (smallest counterexample: d_k = %d, Step %d)", d.Smallest, d.Step)}
	}
	return nil
}

// adviseProofRefusal words a refusal to list a space, or the engine's.
func adviseProofRefusal(err error) error {
	var tl *proofs.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("%w; choose a smaller d_k, or allow more time with --max-time", err)
	}
	return adviseRefusal(err)
}
