package main

import (
	"context"
	"flag"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/scalecheck"
)

// diagnoseFlags are the flags of "sqrtdk diagnose", as typed.
type diagnoseFlags struct {
	measured, dk, dModel, heads string
	qStd, kStd                  string
	initStd, inputStd, qkNorm   string
	intended, tolerance, format string
	set                         map[string]bool // the flags given
}

func runDiagnose(_ context.Context, _ *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diagnose", "", stderr)
	var f diagnoseFlags
	fs.StringVar(&f.measured, "measured-std", "", "std of the scores right before softmax, for one head and one batch (required; 0 allowed)")
	fs.StringVar(&f.dk, "d-k", "", "width of one head: the length of q and k (required unless --d-model and --heads give it)")
	fs.StringVar(&f.dModel, "d-model", "", "width of the model; also the fan-in of W_q and W_k for --init-std")
	fs.StringVar(&f.heads, "heads", "", "number of attention heads")
	fs.StringVar(&f.qStd, "q-std", "", "measured std of the query entries (an exact value such as 0.55 or 1/sqrt(3))")
	fs.StringVar(&f.kStd, "k-std", "", "measured std of the key entries")
	fs.StringVar(&f.initStd, "init-std", "", "std of the entries of W_q and W_k at initialisation, or `S_q,S_k` when they differ (needs --d-model)")
	fs.StringVar(&f.inputStd, "input-std", "1", "std of the entries of the input to W_q and W_k (1 after LayerNorm or RMSNorm); with --init-std")
	fs.StringVar(&f.qkNorm, "qk-norm", "", "q and k are normalised per head: rms (root-mean-square 1, as RMSNorm/LayerNorm) or l2 (unit length, cosine attention)")
	fs.StringVar(&f.intended, "intended-scale", "d^-1/2", "the factor the model means to apply to q·k: d^-1/2, 1/d, 8/d, a number, or each:F for F on q and k each")
	fs.StringVar(&f.tolerance, "tolerance", "1.5", "largest factor by which the measurement may miss a hypothesis's std and still fit it")
	fs.StringVar(&f.format, "format", "text", "output format: text or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	in, tol, err := f.input()
	if err != nil {
		return err
	}
	r, err := scalecheck.Diagnose(in, tol)
	if err != nil {
		return usageErrorf("%v", err)
	}
	err = render.WriteDiagnosis(stdout, r, render.Format(f.format))
	if f.format == "text" {
		if err == nil && !r.EntriesKnown {
			_, err = io.WriteString(stdout, "\nTo give the entry sizes: --q-std and --k-std (measured), --init-std with --d-model (from the initialisation), or --qk-norm.\n")
		}
	}
	if err != nil {
		return err
	}
	if !r.ScaleRight() {
		return &checkFailed{msg: render.DiagnosisLine(r)}
	}
	return nil
}

// input turns the flags into a scalecheck.Input and a tolerance; every error
// names its flag.
func (f diagnoseFlags) input() (scalecheck.Input, *big.Rat, error) {
	var in scalecheck.Input
	var err error
	if f.format != "text" && f.format != "json" {
		return in, nil, usageErrorf("--format must be text or json, not %q", f.format)
	}
	if f.measured == "" {
		return in, nil, usageErrorf("--measured-std is required (the std of the scores before softmax)")
	}
	if in.MeasuredStd, err = rational.ParseRat(f.measured); err != nil {
		return in, nil, usageErrorf("--measured-std: %v", err)
	}
	if in.MeasuredStd.Sign() < 0 {
		return in, nil, usageErrorf("--measured-std must be ≥ 0, not %s", strings.TrimSpace(f.measured))
	}
	for _, w := range []struct {
		name string
		s    string
		dst  *int64
	}{{"--d-k", f.dk, &in.DK}, {"--d-model", f.dModel, &in.DModel}, {"--heads", f.heads, &in.Heads}} {
		if w.s == "" {
			continue
		}
		if *w.dst, err = positiveInt(w.name, w.s); err != nil {
			return in, nil, err
		}
	}
	if in.DModel > 0 && in.Heads > 0 && in.DModel%in.Heads != 0 {
		return in, nil, usageErrorf("--heads %d does not divide --d-model %d, so d_model/heads is no head width", in.Heads, in.DModel)
	}
	if in.DK == 0 {
		if in.DModel == 0 || in.Heads == 0 {
			return in, nil, usageErrorf("--d-k is required (the width of one head), or --d-model and --heads to derive it")
		}
		in.DK = in.DModel / in.Heads
	}
	if err := f.entries(&in); err != nil {
		return in, nil, err
	}
	if in.Intended, err = scalecheck.ParseScale(f.intended); err != nil {
		return in, nil, usageErrorf("--intended-scale %q: %v", f.intended, err)
	}
	tol, err := rational.ParseRat(f.tolerance)
	if err != nil || tol.Cmp(big.NewRat(1, 1)) <= 0 {
		return in, nil, usageErrorf("--tolerance must be a number above 1, not %q", f.tolerance)
	}
	return in, tol, nil
}

// entries sets the query and key entry stds from --q-std/--k-std,
// --init-std or --qk-norm, which exclude one another.
func (f diagnoseFlags) entries(in *scalecheck.Input) error {
	measured := f.qStd != "" || f.kStd != ""
	given := 0
	for _, b := range []bool{measured, f.initStd != "", f.qkNorm != ""} {
		if b {
			given++
		}
	}
	if given > 1 {
		return usageErrorf("give the entry sizes one way: --q-std/--k-std, --init-std or --qk-norm")
	}
	if f.set["input-std"] && f.initStd == "" {
		return usageErrorf("--input-std is used only with --init-std")
	}
	switch {
	case measured:
		for _, s := range []struct {
			name, value string
			dst         *scalecheck.Entry
		}{{"--q-std", f.qStd, &in.Q}, {"--k-std", f.kStd, &in.K}} {
			if s.value == "" {
				continue
			}
			v, err := stdFlag(s.name, s.value)
			if err != nil {
				return err
			}
			*s.dst = scalecheck.MeasuredEntry(v)
		}
	case f.initStd != "":
		if in.DModel == 0 {
			return usageErrorf("--init-std needs --d-model, the fan-in of W_q and W_k")
		}
		input, err := stdFlag("--input-std", f.inputStd)
		if err != nil {
			return err
		}
		parts := strings.Split(f.initStd, ",")
		if len(parts) > 2 {
			return usageErrorf("--init-std takes one std or two (S_q,S_k), not %d", len(parts))
		}
		q, err := stdFlag("--init-std", parts[0])
		if err != nil {
			return err
		}
		k := q
		if len(parts) == 2 {
			if k, err = stdFlag("--init-std", parts[1]); err != nil {
				return err
			}
		}
		in.Q = scalecheck.EntryFromInit(q, in.DModel, input)
		in.K = scalecheck.EntryFromInit(k, in.DModel, input)
	case f.qkNorm != "":
		kinds := map[string]scalecheck.Source{"rms": scalecheck.RMSNorm, "l2": scalecheck.L2Norm}
		kind, ok := kinds[f.qkNorm]
		if !ok {
			return usageErrorf("--qk-norm must be rms or l2, not %q", f.qkNorm)
		}
		in.Q = scalecheck.NormalisedEntry(kind, in.DK)
		in.K = in.Q
	}
	return nil
}

// stdFlag reads an exact std ≥ 0 for the named flag.
func stdFlag(name, s string) (rational.Value, error) {
	v, err := scalecheck.ParseStd(s)
	if err != nil {
		return v, usageErrorf("%s %q: %v", name, strings.TrimSpace(s), err)
	}
	return v, nil
}

// positiveInt reads a positive integer width or count for the named flag.
func positiveInt(name, s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 1 || n > scalecheck.MaxWidth {
		return 0, usageErrorf("%s must be an integer from 1 to %d, not %q", name, scalecheck.MaxWidth, s)
	}
	return n, nil
}
