package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
)

// dependenceFlags say how q and k depend on each other: a law of each
// coordinate pair, tied coordinates, or a whole joint law from a file.
type dependenceFlags struct {
	kFrom, pairs, tie, joint string
}

func (f *dependenceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.kFrom, "k-from", "", "k drawn from q: `q` (k = q) or -q (k = −q), coordinate by coordinate")
	fs.StringVar(&f.pairs, "pairs", "", `the law of each coordinate pair (q_i, k_i): pairs "q k", each optionally ":w" with an integer weight, comma-separated, such as "-1 -1:2, 1 1:2, -1 1, 1 -1"`)
	fs.StringVar(&f.tie, "tie", spec.ProveDefaults.Tie, "tie coordinates: `q`, k or both make every coordinate of that vector equal its first; none draws them independently")
	fs.StringVar(&f.joint, "joint", "", "read the whole joint law of (q, k) from `FILE` (one weighted outcome per line, see the manual)")
}

// readJointLaw reads a joint-law file through the run's guard; a problem
// is one line naming the file and line.
func readJointLaw(ctx context.Context, files *guard.Files, path string) (*proofs.JointLaw, error) {
	in, err := files.Open(ctx, jointInput, path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	j, err := proofs.ReadJointLaw(in.Name, in)
	if err = in.Err(err); err != nil {
		if le := (*proofs.JointLawError)(nil); errors.As(err, &le) {
			return nil, err // it names the file and the line
		}
		if ge := (*guard.Error)(nil); errors.As(err, &ge) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %v", in.Name, err)
	}
	return j, nil
}

func runProve(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("prove", "", stderr)
	var (
		space  spaceFlags
		dep    dependenceFlags
		engine engineFlags
		limits limitFlags
	)
	space.register(fs, spec.ProveDefaults.Widths, false)
	fs.Lookup("d").Usage = "widths d_k at which to check the steps too, comma-separated (default: the proof for every width alone)"
	dep.register(fs)
	engine.register(fs)
	limits.register(fs)
	scale := fs.String("scale", spec.ProveDefaults.Scale, "what Step 5 divides q·k by: sqrt (the lesson's √d_k), raw, d or d^P")
	var format choiceFormatFlag
	format.register(fs, "text", "text", "markdown", "latex", "json", "html")
	output := fs.String("o", "", "write the transcript to `FILE`, which appears only when complete (html: the proof lab, a page that proves in the browser, into DIR)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	s := spec.Prove{Values: space.values, KValues: space.kValues, KFrom: dep.kFrom, Pairs: dep.pairs, Tie: dep.tie,
		Widths: space.widths, Scale: *scale, Joint: dep.joint, Given: set}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if f == "html" {
		return writeLab(files, s, *output)
	}
	method, eopt, err := engine.parse()
	if err != nil {
		return err
	}
	lim, err := limits.parse(ctx)
	if err != nil {
		return err
	}
	opt := proofs.Options{Options: enumerate.Options{Workers: eopt.Workers, Limits: lim, Progress: new(atomic.Uint64)}, Method: method}
	if dep.joint != "" {
		files.Declare(jointInput, dep.joint)
	}
	out, err := openOutput(files, "-o", *output)
	if err != nil {
		return err
	}
	p, err := s.Proof(opt, func(path string) (*proofs.JointLaw, error) { return readJointLaw(ctx, files, path) })
	if err != nil {
		return err
	}
	stop := startProgress(stderr, opt.Progress, p.Work(), "proof")
	setProgress(ctx, counted(opt.Progress, p.Work(), "the proof"))
	t, err := p.Run(ctx)
	stop()
	if err != nil {
		return spec.AdviseRefusal(err, "choose a smaller d_k")
	}
	if err := out.write(stdout, func(w io.Writer) error { return render.WriteTranscript(w, t, f) }); err != nil {
		return err
	}
	if !t.Holds() {
		return &checkFailed{msg: spec.Failure(t)}
	}
	return nil
}

// writeLab writes the proof lab into dir, its form set to the space the
// flags give; what the form cannot say is refused.
func writeLab(files *guard.Files, s spec.Prove, dir string) error {
	for _, name := range []string{"pairs", "joint", "method", "workers", "max-time", "max-memory"} {
		if s.Given[name] {
			return usageErrorf("--format html: the proof lab has no --%s (its form sets the entries, k, ties, the scale and the widths)", name)
		}
	}
	if dir == "" {
		return usageErrorf("--format html writes a page, a directory of files: name it with -o DIR")
	}
	d, err := preparePageDir(files, dir)
	if err != nil {
		return err
	}
	pageFiles, err := pages.Lab(s)
	if err != nil {
		return err
	}
	return writePageDir(files, d, pageFiles)
}
