package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/rational"
	"gonum.org/v1/plot/vg"
)

// plotKind is one figure sqrtdk can draw.
type plotKind struct {
	summary string
	// build registers the kind's flags on fs and returns the function that
	// computes the figure once the flags are parsed.
	build func(fs *flag.FlagSet, digits *int) func(ctx context.Context) (*figures.Figure, error)
}

var plotKinds = map[string]plotKind{
	"dist":       {"probability of every score q·k, one curve per width", buildDist},
	"variance":   {"exact variance of the scaled score against d_k, one curve per scale", buildVariance},
	"softmax":    {"softmax of scores under several factors, as grouped bars", buildSoftmax},
	"saturation": {"mean softmax slope E[p(1−p)] for two ±1 keys against d_k", buildSaturation},
}

func plotKindNames() string {
	names := make([]string, 0, len(plotKinds))
	for n := range plotKinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func runPlot(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			var b strings.Builder
			fmt.Fprintf(&b, "usage: sqrtdk plot KIND [flags]\n\nkinds:\n")
			for _, n := range strings.Split(plotKindNames(), ", ") {
				fmt.Fprintf(&b, "  %-11s %s\n", n, plotKinds[n].summary)
			}
			fmt.Fprintln(&b, "\nRun 'sqrtdk help plot KIND' for the flags of one kind.")
			return &helpRequest{text: b.String()}
		}
		return usageErrorf("name a figure kind first: %s", plotKindNames())
	}
	kind, ok := plotKinds[args[0]]
	if !ok {
		return usageErrorf("unknown figure kind %q (use %s)%s", args[0], plotKindNames(),
			didYouMean(args[0], strings.Split(plotKindNames(), ", "), quoted))
	}
	// Every error of a figure is worded "plot KIND: ...".
	return inCommand(args[0], plotFigure(ctx, files, args[0], kind, args[1:], stdout, stderr))
}

// plotFigure draws the figure of one kind.
func plotFigure(ctx context.Context, files *guard.Files, name string, kind plotKind, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plot "+name, "", stderr)
	out := fs.String("o", "", "output `file`; its extension picks the format: .svg, .pdf, .eps, .png, or .tex for pgfplots")
	formatName := fs.String("format", "", "pgfplots: write the figure as LaTeX, a pgfplots axis in a tikzpicture that takes the book's fonts\n(to -o FILE.tex, or standard output without -o); by default the extension of -o picks the format")
	data := fs.String("data", "", "also write the exact numbers behind the figure to this CSV `file`")
	width := fs.String("width", "12cm", "printed width with unit: cm, mm, in or pt")
	height := fs.String("height", "8cm", "printed height with unit: cm, mm, in or pt")
	dpi := fs.Int("dpi", 300, "resolution of a PNG, in dots per inch")
	digits := fs.Int("digits", 6, "decimal places of the correctly rounded decimals in --data")
	fontSpec := fs.String("font", "", "set the figure's text in this `font`: a .ttf or .otf file, or an installed family such as\n'DejaVu Serif' (default Liberation Sans); PDF embeds it, SVG names it")
	compute := kind.build(fs, digits)
	if err := parseFlags(fs, args); err != nil {
		if help := (*helpRequest)(nil); errors.As(err, &help) {
			help.text, help.described = describe(help.text, kind.summary), true
		}
		return err
	}
	pgf := *formatName == "pgfplots" || strings.EqualFold(filepath.Ext(*out), ".tex")
	switch {
	case *formatName != "" && *formatName != "pgfplots":
		return usageErrorf("--format: %q is not a format of a figure (use pgfplots, or -o with .svg, .pdf, .eps or .png)", *formatName)
	case pgf && *out != "" && !strings.EqualFold(filepath.Ext(*out), ".tex"):
		return usageErrorf("-o: %q should end in .tex for --format pgfplots", *out)
	case *out == "" && *data == "" && !pgf:
		return usageErrorf("give -o FILE for the figure and/or --data FILE.csv for its numbers")
	}
	var chosenFont *figures.Font
	if *fontSpec != "" {
		if pgf {
			return usageErrorf("--font: a pgfplots figure is set in the document's own fonts; leave --font out")
		}
		var err error
		if chosenFont, err = figures.LoadFont(*fontSpec); err != nil {
			return usageErrorf("--font: %v", err)
		}
	}
	var format figures.Format
	size := figures.Size{DPI: *dpi}
	if pgf {
		var err error
		if size.Width, err = figures.ParseLength(*width); err != nil {
			return usageErrorf("--width: %v", err)
		}
		if size.Height, err = figures.ParseLength(*height); err != nil {
			return usageErrorf("--height: %v", err)
		}
		if err := size.Check(figures.SVG); err != nil {
			return usageErrorf("--width, --height: %v", err)
		}
	} else if *out != "" {
		var err error
		if format, err = figures.FormatOf(*out); err != nil {
			return usageErrorf("-o: %v", err)
		}
		if size.Width, err = figures.ParseLength(*width); err != nil {
			return usageErrorf("--width: %v", err)
		}
		if size.Height, err = figures.ParseLength(*height); err != nil {
			return usageErrorf("--height: %v", err)
		}
		// Each side alone first, so that an error names its flag; then
		// the resolution and the pixels of the two together.
		for _, side := range []struct {
			flag string
			l    vg.Length
		}{{"--width", size.Width}, {"--height", size.Height}} {
			if err := (figures.Size{Width: side.l, Height: side.l}).Check(figures.SVG); err != nil {
				return usageErrorf("%s: %v", side.flag, err)
			}
		}
		if err := size.Check(format); err != nil {
			if px := (*figures.PixelLimitError)(nil); errors.As(err, &px) {
				return usageErrorf("%v; lower --dpi or the size", err)
			}
			return usageErrorf("--dpi: %v", err)
		}
	}
	if *data != "" && !strings.EqualFold(filepath.Ext(*data), ".csv") {
		return usageErrorf("--data: %q should end in .csv", *data)
	}
	if *digits < 0 || *digits > figures.MaxDigits {
		return usageErrorf("--digits must be from 0 to %d, not %d", figures.MaxDigits, *digits)
	}
	// Both outputs are prepared before the computation, which can be long,
	// and appear together when the run succeeds.
	var figOut, dataOut *output
	var err error
	if *out != "" || pgf {
		if figOut, err = openOutput(files, "-o", *out); err != nil {
			return err
		}
	}
	if *data != "" {
		if dataOut, err = openOutput(files, "--data", *data); err != nil {
			return err
		}
	}
	fig, err := compute(ctx)
	if oe := (*figures.OptionError)(nil); errors.As(err, &oe) {
		return usageErrorf("%s: %v", figureOptionFlags[oe.Option], err)
	}
	if err != nil {
		return spec.AdviseRefusal(err, "")
	}
	if figOut != nil && pgf {
		// The text's width unless --width or --height says otherwise.
		w, h := `0.95\linewidth`, `0.6\linewidth`
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "width":
				w = strings.ReplaceAll(*width, " ", "")
			case "height":
				h = strings.ReplaceAll(*height, " ", "")
			}
		})
		if err := figOut.write(stdout, func(wr io.Writer) error { return render.WritePGFPlots(wr, fig.PGF, w, h) }); err != nil {
			return err
		}
	} else if figOut != nil {
		fig.UseFont(chosenFont)
		b, err := figures.Render(fig, format, size)
		if err != nil {
			return err
		}
		if err := figOut.write(nil, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
			return err
		}
	}
	if dataOut != nil {
		return dataOut.write(nil, func(w io.Writer) error { return render.WriteCSV(w, fig.Data.Header, fig.Data.Rows) })
	}
	return nil
}

// figureOptionFlags names the flag of each figure option.
var figureOptionFlags = map[string]string{"widths": "--d", "scales": "--scales", "scores": "--scores", "factors": "--factors", "digits": "--digits"}

// checkFigureWidths refuses a width beyond the figure limit.
func checkFigureWidths(ds []int) error {
	for _, d := range ds {
		if d > figures.MaxWidth {
			return fmt.Errorf("--d: d_k = %d is larger than the %d a figure supports", d, figures.MaxWidth)
		}
	}
	return nil
}

func parseRats(flagName, s string) ([]*big.Rat, error) {
	var out []*big.Rat
	for _, f := range strings.Split(s, ",") {
		r, err := rational.ParseRat(f)
		if err != nil {
			return nil, fmt.Errorf("--%s: %v", flagName, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// series holds what a figure built from one exact distribution of q·k per
// width needs besides its own flags.
type series struct {
	q, k   rational.Alphabet
	engine figures.Engine
	widths []int
}

// seriesFlags registers the flags that give a series (alphabets, engine,
// widths) and returns the function that reads them once they are parsed.
func seriesFlags(fs *flag.FlagSet, widths string) func(context.Context) (series, error) {
	var space spaceFlags
	var engine figureEngine
	space.register(fs, widths, false)
	engine.register(fs)
	return func(ctx context.Context) (s series, err error) {
		if s.q, s.k, s.widths, err = space.parse(); err != nil {
			return s, err
		}
		if err := checkFigureWidths(s.widths); err != nil {
			return s, err
		}
		s.engine, err = engine.parse(ctx)
		return s, err
	}
}

// figureEngine is the engine group for a figure, with the run's limits.
type figureEngine struct {
	engineFlags
	limits limitFlags
}

func (e *figureEngine) register(fs *flag.FlagSet) {
	e.engineFlags.register(fs)
	e.limits.register(fs)
}

func (e *figureEngine) parse(ctx context.Context) (figures.Engine, error) {
	m, opt, err := e.engineFlags.parse()
	if err != nil {
		return figures.Engine{}, err
	}
	opt.Limits, err = e.limits.parse(ctx)
	return figures.Engine{Method: m, Options: opt}, err
}

func buildDist(fs *flag.FlagSet, digits *int) func(context.Context) (*figures.Figure, error) {
	readSeries := seriesFlags(fs, "2,8,32")
	scale := fs.String("scale", "raw", "divide the scores by: raw (nothing), sqrt, d or d^P")
	return func(ctx context.Context) (*figures.Figure, error) {
		in, err := readSeries(ctx)
		if err != nil {
			return nil, err
		}
		sc, err := rational.ParseScale(*scale)
		if err != nil {
			return nil, fmt.Errorf("--scale: %v", err)
		}
		return figures.Dist(ctx, figures.DistOptions{Q: in.q, K: in.k, Widths: in.widths, Scale: sc, Digits: *digits, Engine: in.engine})
	}
}

func buildVariance(fs *flag.FlagSet, digits *int) func(context.Context) (*figures.Figure, error) {
	readSeries := seriesFlags(fs, "1,2,4,8,16,32,64,128,256,512,1024")
	scales := fs.String("scales", "raw,sqrt,d,d^1/4", "scales, one curve each: raw, sqrt, d or d^P (P rational)")
	return func(ctx context.Context) (*figures.Figure, error) {
		in, err := readSeries(ctx)
		if err != nil {
			return nil, err
		}
		ss, err := parseScales(*scales)
		if err != nil {
			return nil, err
		}
		return figures.Variance(ctx, figures.VarianceOptions{Q: in.q, K: in.k, Widths: in.widths, Scales: ss, Digits: *digits, Engine: in.engine})
	}
}

func buildSoftmax(fs *flag.FlagSet, digits *int) func(context.Context) (*figures.Figure, error) {
	scores := fs.String("scores", "1,2,3", "scores before softmax, exact rationals, comma-separated")
	factors := fs.String("factors", "1,8,1/100", "factors the scores are multiplied by, one group of bars each")
	return func(context.Context) (*figures.Figure, error) {
		zs, err := parseRats("scores", *scores)
		if err != nil {
			return nil, err
		}
		facs, err := parseRats("factors", *factors)
		if err != nil {
			return nil, err
		}
		return figures.SoftmaxFigure(figures.SoftmaxOptions{Scores: zs, Factors: facs, Digits: *digits})
	}
}

func buildSaturation(fs *flag.FlagSet, digits *int) func(context.Context) (*figures.Figure, error) {
	var engine figureEngine
	engine.register(fs)
	widths := fs.String("d", "1,2,4,8,16,32,64,128,256,512,1024", "widths d_k, comma-separated")
	scales := fs.String("scales", "raw,sqrt", "scales of the score difference, one curve each: raw, sqrt, d or d^P")
	return func(ctx context.Context) (*figures.Figure, error) {
		e, err := engine.parse(ctx)
		if err != nil {
			return nil, err
		}
		ds, err := spec.ParseWidths(*widths)
		if err != nil {
			return nil, fmt.Errorf("--d: %v", err)
		}
		if err := checkFigureWidths(ds); err != nil {
			return nil, err
		}
		ss, err := parseScales(*scales)
		if err != nil {
			return nil, err
		}
		return figures.Saturation(ctx, figures.SaturationOptions{Widths: ds, Scales: ss, Digits: *digits, Engine: e})
	}
}
