package proofs

import (
	"context"
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Run is the five steps checked at one width, or at every width at once.
type Run struct {
	// D is the width, or 0 for the proof for every width
	// (Transcript.General).
	D int
	// Outcomes is the number of distinct outcomes (q, k) and Weight their
	// total weight (for alphabets, the pairs counted with multiplicity).
	Outcomes string
	Weight   string // see Outcomes
	// Listed says whether every outcome was listed one by one.
	Listed bool
	// Sources explains each short source name the assertions use.
	Sources []Source
	Steps   []Step // the five steps, in order

	// variance and scaled are Var(q·k) and Var(q·k/divisor), for the summary.
	variance, scaled rational.Value
	divisorName      string
	space            *Space
	// For the proof for every width: E[q·k], Var(q·k) and the scaled
	// variance as formulas in d_k.
	meanF, varF, scaledF Formula
	// mismatchAt is the width at which enumerate and the formula differ,
	// 0 when they agree at every width checked.
	mismatchAt int
}

// A Source is a law assertions are computed on: its short name and how it
// was obtained.
type Source struct {
	Name        string // the name assertions give as their Source
	Description string // how the law was obtained
}

// holds reports whether every step of the run holds.
func (r Run) holds() bool {
	for _, st := range r.Steps {
		if !st.holds() {
			return false
		}
	}
	return true
}

// Assertion returns the assertion with the given ID (such as "var-scaled"
// or "indep-coords"): the first instance that fails, or else the first
// instance; false when the run has no such assertion.
func (r Run) Assertion(id string) (Assertion, bool) {
	a, _, found, _ := r.assertion(id)
	return a, found
}

// assertion returns the first instance of the assertion id that fails, or
// else the first instance, and whether any instance fails.
func (r Run) assertion(id string) (a Assertion, step int, found, fails bool) {
	for _, st := range r.Steps {
		for _, x := range st.Assertions {
			if x.ID != id {
				continue
			}
			if !found || (!fails && !x.Holds) {
				a, step, found, fails = x, st.Number, true, !x.Holds
			}
		}
	}
	return a, step, found, fails
}

// A Transcript is the proof checked on a model: for every width at once
// (General, for every model but a joint law) and at each width asked for
// (Runs), with a Diagnosis when a step fails.
type Transcript struct {
	Model   Model // the space the proof was checked on
	General *Run  // the proof for every width; nil for a joint law
	Runs    []Run // one per width, in the order given
	// Conclusion says at which widths Var(q·k/√d_k) = 1 holds and why:
	// for every width, only at some (a coincidence, with the formula that
	// shows it) or at none.
	Conclusion string
	Diagnosis  *Diagnosis // why the proof fails; nil when every step holds
}

// all returns the general run, if any, then the runs at each width.
func (t *Transcript) all() []Run {
	if t.General == nil {
		return t.Runs
	}
	return append([]Run{*t.General}, t.Runs...)
}

// Holds reports whether every step holds, for every width and at every
// width checked.
func (t *Transcript) Holds() bool {
	for _, r := range t.all() {
		if !r.holds() {
			return false
		}
	}
	return true
}

// ConclusionHolds reports whether Var(q·k/√d_k) = 1 for every width (for a
// joint law, at its width), whether or not the proof's steps hold.
func (t *Transcript) ConclusionHolds() bool {
	for _, r := range t.all() {
		if _, _, _, fails := r.assertion("var-scaled"); fails {
			return false
		}
	}
	return true
}

// A Proof is the lesson's proof prepared for a model at several widths:
// every space built and every computation checked against its limits
// before any work, as enumerate's Plan does.
type Proof struct {
	model  Model
	opt    Options
	scale  *big.Rat // the power of d_k Step 5 divides q·k by
	spaces []*Space
	// sweep are the widths at which the formula for every width is
	// checked against enumerate, and stop why there are no more.
	sweep []sweepWidth
	stop  string
}

// NewProof prepares the proof for the model for every width and at the
// widths ds, if any (a joint law has one width, its own: ds nil or that
// width). It refuses, before any work, a space too large to list or a law
// of q·k beyond enumerate's limits (an *enumerate.LimitError).
func NewProof(m Model, ds []int, opt Options) (*Proof, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	if m.Joint != nil && ds == nil {
		ds = []int{m.Joint.D}
	}
	p := &Proof{model: m, opt: opt, scale: big.NewRat(1, 2)}
	if m.Joint == nil {
		p.sweep, p.stop = planSweep(m, opt)
	}
	if opt.Scale != nil {
		p.scale = new(big.Rat)
		if opt.Scale.P != nil {
			p.scale.Set(opt.Scale.P)
		}
	}
	for _, d := range ds {
		s, err := NewSpace(m, d, opt)
		if err != nil {
			return nil, err
		}
		if _, _, err := s.plans(); err != nil {
			return nil, err
		}
		p.spaces = append(p.spaces, s)
	}
	if err := p.plan(); err != nil {
		return nil, err
	}
	return p, nil
}

// plan holds, before any work, everything the proof computes against the
// limits, width after width (enumerate's laws of q·k, the listings) and
// what it keeps until the transcript is written (every width's
// assertions), so that many widths, each within the limits, cannot
// together exhaust them: a *enumerate.LimitError names the costliest.
func (p *Proof) plan() error {
	b, err := p.budget()
	if err != nil {
		return err
	}
	return b.Check()
}

// budget returns the plan's budget: every width's computations and what
// it keeps (see plan).
func (p *Proof) budget() (*enumerate.Budget, error) {
	b := enumerate.NewBudget(p.opt.Limits)
	for _, s := range p.spaces {
		pls, _, err := s.plans()
		if err != nil {
			return nil, err
		}
		for _, pl := range pls {
			b.AddPlan(pl, enumerate.NeedCounts)
		}
		if s.listed {
			b.Add(fmt.Sprintf("listing d_k = %d", s.d), enumerate.Cost{Seconds: s.listSeconds(), Bytes: s.listBytes()})
		}
		c := s.assertionCost()
		b.Add(fmt.Sprintf("the assertions at d_k = %d", s.d), enumerate.Cost{Seconds: c.Seconds})
		b.Hold(fmt.Sprintf("the assertions at d_k = %d", s.d), c.Bytes)
	}
	return b, nil
}

// assertionCost estimates building the assertions at the space's width:
// each of the perPairGroups groups about pairs i < j records the d(d−1)/2
// pairs it covers, and each of the perCoordinateGroups groups the d
// coordinates, as instances while they are built and as the pairs an
// assertion covers (pairBytes each, with a slice's growth); a listed
// space builds one instance per pair.
func (s *Space) assertionCost() enumerate.Cost {
	d := float64(s.d)
	pairs := d * (d - 1) / 2
	perPair := float64(pairBytes)
	if s.listed {
		perPair += instanceBytes
	}
	return enumerate.Cost{
		Seconds: (perPairGroups*pairs*pairNanos + perCoordinateGroups*d*float64(max(len(s.pairs), 1))*coordinateValueNanos) / 1e9,
		Bytes:   perPairGroups*pairs*perPair + perCoordinateGroups*d*(pairBytes+instanceBytes),
	}
}

// The shape of the steps, for assertionCost: the groups of assertions
// about pairs of coordinates and about single coordinates, the memory of
// a pair of indices recorded (16 bytes, twice while a slice grows) and of
// an instance, and the time to record a pair, and to check one
// coordinate's assertion with its exact values, per value its pair
// (q_i, k_i) takes. The times were fitted on 2026-12-03 (least CPU of
// three, on one P: costtest.Measure; load 1) to ±1 at d_k = 500 to 3000
// (24 ms to 0.41 s: about 50 µs a coordinate of 4 pair values below
// 1000, the pairs adding the rest) and {-2:1, 0:6, 2:1} (9 pair values)
// at 300 and 1500; TestProveCostCalibrated holds them within 2x.
const (
	perPairGroups        = 3
	perCoordinateGroups  = 12
	pairBytes            = 32
	instanceBytes        = 24
	pairNanos            = 19
	coordinateValueNanos = 1300
)

// Work returns what Options.Progress counts over a run: outcomes listed
// (twice each, for two passes) and pairs enumerate counts one by one.
func (p *Proof) Work() *big.Int {
	n := new(big.Int)
	for _, s := range p.spaces {
		if s.listed {
			n.Add(n, new(big.Int).Lsh(s.outcomes, 1))
		}
		n.Add(n, s.enginePairs())
	}
	return n
}

// Prove checks the five steps for the model for every width and at each
// width in ds (a joint law: at its width) and, if any step fails,
// diagnoses why.
func Prove(ctx context.Context, m Model, ds []int, opt Options) (*Transcript, error) {
	p, err := NewProof(m, ds, opt)
	if err != nil {
		return nil, err
	}
	return p.Run(ctx)
}

// Run checks every step for every width and at every width asked for.
func (p *Proof) Run(ctx context.Context) (*Transcript, error) {
	t := &Transcript{Model: p.model}
	if p.model.Joint == nil {
		g, err := p.runGeneral(ctx)
		if err != nil {
			return nil, err
		}
		t.General = &g
	}
	for _, s := range p.spaces {
		r, err := p.runSpace(ctx, s)
		if err != nil {
			return nil, err
		}
		t.Runs = append(t.Runs, r)
	}
	t.Conclusion = conclusion(t)
	if !t.Holds() {
		dg, err := p.diagnose(ctx, t)
		if err != nil {
			return nil, err
		}
		t.Diagnosis = dg
	}
	return t, nil
}

// runSpace checks the steps on one space.
func (p *Proof) runSpace(ctx context.Context, s *Space) (Run, error) {
	if err := ctx.Err(); err != nil {
		return Run{}, err
	}
	ev, err := gather(ctx, s, p.scale)
	if err != nil {
		return Run{}, err
	}
	steps, err := ev.steps()
	if err != nil {
		return Run{}, err
	}
	r := Run{D: s.d, Outcomes: s.outcomes.String(), Weight: s.total.String(), Listed: s.listed, Steps: steps,
		divisorName: ev.divisorName, space: s}
	for _, name := range []string{fromCoordinate, fromPair, fromScore, fromListing} {
		if desc, ok := ev.sources[name]; ok && r.uses(name) {
			r.Sources = append(r.Sources, Source{name, desc})
		}
	}
	r.variance = rational.NewRat(ev.score.law().coefVariance())
	if r.scaled, err = scaledVariance(ev.score, ev.divisor); err != nil {
		return Run{}, err
	}
	return r, nil
}

// runGeneral checks the steps for every width.
func (p *Proof) runGeneral(ctx context.Context) (Run, error) {
	if err := ctx.Err(); err != nil {
		return Run{}, err
	}
	ev, err := gatherGeneral(ctx, p.model, p.scale, p.sweep, p.stop)
	if err != nil {
		return Run{}, err
	}
	steps, err := ev.steps()
	if err != nil {
		return Run{}, err
	}
	r := Run{Steps: steps, divisorName: ev.divisorName, meanF: ev.meanF, varF: ev.varF, mismatchAt: ev.sweep.at}
	if a, ok := r.Assertion("var-scaled"); ok {
		r.scaledF = *a.LeftFormula
	}
	for _, name := range []string{fromCoordinate, fromPair, fromScore} {
		if desc, ok := ev.sources[name]; ok && r.uses(name) {
			r.Sources = append(r.Sources, Source{name, desc})
		}
	}
	return r, nil
}

// uses reports whether an assertion of the run comes from the source.
func (r Run) uses(name string) bool {
	for _, st := range r.Steps {
		for _, a := range st.Assertions {
			if a.Source == name {
				return true
			}
		}
	}
	return false
}
