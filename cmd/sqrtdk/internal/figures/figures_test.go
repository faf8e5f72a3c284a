package figures

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

var closed = Engine{Method: enumerate.ClosedForm}

func alphabet(t *testing.T, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	require.NoError(t, err)
	return a
}

func scales(t *testing.T, names ...string) []rational.Scale {
	t.Helper()
	var out []rational.Scale
	for _, n := range names {
		s, err := rational.ParseScale(n)
		require.NoError(t, err)
		out = append(out, s)
	}
	return out
}

func rats(t *testing.T, s string) []*big.Rat {
	t.Helper()
	var out []*big.Rat
	for _, f := range strings.Split(s, ",") {
		r, err := rational.ParseRat(f)
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// kind is one figure built small enough for a quick test, with the number
// of marks each series draws.
type kind struct {
	name  string
	build func(t *testing.T) *Figure
	// marks[i] is the number of points or bars of series i.
	marks []int
}

var kinds = []kind{
	{"dist", func(t *testing.T) *Figure {
		f, err := Dist(context.Background(), DistOptions{Q: rational.Signs(), K: rational.Signs(), Widths: []int{2, 8, 32}, Scale: rational.Raw, Digits: 6, Engine: closed})
		require.NoError(t, err)
		return f
	}, []int{3, 9, 33}},
	{"variance", func(t *testing.T) *Figure {
		f, err := Variance(context.Background(), VarianceOptions{Q: rational.Signs(), K: rational.Signs(), Widths: []int{1, 2, 4, 8, 16}, Scales: scales(t, "raw", "sqrt", "d", "d^1/4"), Digits: 6, Engine: closed})
		require.NoError(t, err)
		return f
	}, []int{5, 5, 5, 5}},
	{"softmax", func(t *testing.T) *Figure {
		f, err := SoftmaxFigure(SoftmaxOptions{Scores: rats(t, "1,2,3"), Factors: rats(t, "1,8,1/100"), Digits: 6})
		require.NoError(t, err)
		return f
	}, []int{3, 3, 3}},
	{"saturation", func(t *testing.T) *Figure {
		f, err := Saturation(context.Background(), SaturationOptions{Widths: []int{1, 2, 4, 8, 16, 32}, Scales: scales(t, "raw", "sqrt"), Digits: 6, Engine: closed})
		require.NoError(t, err)
		return f
	}, []int{6, 6}},
}

// markCounts parses an SVG as XML and counts, per series colour, the paths
// that draw a data mark: a filled shape in that colour, or a shape outlined
// at the marker line width (curves are drawn thicker). Legend swatches
// count too, one per series.
func markCounts(t *testing.T, svg []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "path" {
			continue
		}
		for _, a := range el.Attr {
			if a.Name.Local != "style" {
				continue
			}
			for i := range series {
				hex := fmt.Sprintf("#%02X%02X%02X", series[i].R, series[i].G, series[i].B)
				if a.Value == "fill:"+hex || a.Value == "fill:none;stroke:"+hex+";stroke-width:0.5" {
					counts[hex]++
				}
			}
		}
	}
	return counts
}

func TestEveryKindInEveryFormat(t *testing.T) {
	size := Size{Width: 12 * vg.Centimeter, Height: 8 * vg.Centimeter, DPI: 150}
	for _, k := range kinds {
		fig := k.build(t)
		total := 0
		for _, m := range k.marks {
			total += m
		}
		require.Equal(t, total, fig.Marks, "%s: marks drawn", k.name)
		require.Len(t, fig.Data.Rows, total, "%s: one data row per mark", k.name)
		for _, f := range Formats {
			t.Run(k.name+"."+string(f), func(t *testing.T) {
				b, err := Render(fig, f, size)
				require.NoError(t, err)
				again, err := Render(fig, f, size)
				require.NoError(t, err)
				require.True(t, bytes.Equal(b, again), "rendering twice gave different bytes")
				switch f {
				case SVG:
					counts := markCounts(t, b)
					for i, m := range k.marks {
						hex := fmt.Sprintf("#%02X%02X%02X", series[i].R, series[i].G, series[i].B)
						require.Equal(t, m+1, counts[hex], "series %d (%s): marks plus one legend swatch", i, hex)
					}
					require.Contains(t, string(b), `width="340.16pt" height="226.77pt"`)
					// Text is text, in a named font with fallbacks.
					require.Contains(t, string(b), "<text", "text is text")
					require.Contains(t, string(b), "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")
					require.NotContains(t, string(b), "font-family:Liberation Sans;")
				case PNG:
					img, err := png.Decode(bytes.NewReader(b))
					require.NoError(t, err)
					// 12 cm and 8 cm at 150 dpi.
					require.Equal(t, 709, img.Bounds().Dx())
					require.Equal(t, 472, img.Bounds().Dy())
				case PDF:
					require.True(t, bytes.HasPrefix(b, []byte("%PDF-")), "PDF header: %q", b[:min(len(b), 16)])
					require.True(t, bytes.HasSuffix(bytes.TrimSpace(b), []byte("%%EOF")))
					require.Contains(t, string(b), "/MediaBox [0 0 340.16 226.77]")
					require.Contains(t, string(b), "/CreationDate (D:19700101000000)")
					// Text is text in an embedded TrueType font.
					require.Contains(t, string(b), "/FontFile2", "the font is embedded")
					require.Contains(t, string(b), "/BaseFont /LiberationSans")
				case EPS:
					require.True(t, bytes.HasPrefix(b, []byte("%!PS-Adobe-3.0 EPSF-3.0\n")), "EPS header: %q", b[:min(len(b), 30)])
					require.Contains(t, string(b), "%%BoundingBox: 0 0 340.16 226.77\n")
					require.NotContains(t, string(b), "CreationDate")
				}
			})
		}
	}
}

// column returns the cells of the named column.
func column(t *testing.T, tb Table, name string) []string {
	t.Helper()
	for j, h := range tb.Header {
		if h == name {
			out := make([]string, len(tb.Rows))
			for i, r := range tb.Rows {
				out[i] = r[j]
			}
			return out
		}
	}
	t.Fatalf("no column %q in %v", name, tb.Header)
	return nil
}

func TestDistDataIsTheLessonsCounts(t *testing.T) {
	f, err := Dist(context.Background(), DistOptions{Q: rational.Signs(), K: rational.Signs(), Widths: []int{2}, Scale: rational.Sqrt, Digits: 6, Engine: closed})
	require.NoError(t, err)
	var lines []string
	for _, row := range append([][]string{f.Data.Header}, f.Data.Rows...) {
		lines = append(lines, strings.Join(row, ","))
	}
	// The scores -2, 0, 2 are √2 apart once divided by √2: the density is
	// the probability over √2.
	require.Equal(t, `d_k,scale,score_exact,score_decimal,count,probability_exact,probability_decimal,spacing_exact,density_exact,density_decimal
2,sqrt,-sqrt(2),-1.414214,4,1/4,0.250000,sqrt(2),1/8*sqrt(2),0.176777
2,sqrt,0,0.000000,8,1/2,0.500000,sqrt(2),1/4*sqrt(2),0.353553
2,sqrt,sqrt(2),1.414214,4,1/4,0.250000,sqrt(2),1/8*sqrt(2),0.176777`, strings.Join(lines, "\n"))
}

func TestDistAnyAlphabetMatchesBruteForce(t *testing.T) {
	q := alphabet(t, "-1,0:2,1/2")
	k := alphabet(t, "-3,1")
	f, err := Dist(context.Background(), DistOptions{Q: q, K: k, Widths: []int{3}, Scale: rational.Raw, Digits: 10, Engine: closed})
	require.NoError(t, err)
	plan, err := enumerate.NewPlan(enumerate.Problem{Q: q, K: k, D: 3}, enumerate.BruteForce, enumerate.Options{})
	require.NoError(t, err)
	h, err := plan.Distribution(context.Background())
	require.NoError(t, err)
	sum := new(big.Rat)
	var i int
	for tt, c := range h.Counts {
		if c.Sign() == 0 {
			continue
		}
		row := f.Data.Rows[i]
		i++
		require.Equal(t, h.Score(tt).RatString(), row[2], "score")
		require.Equal(t, c.String(), row[4], "count of score %s", row[2])
		p, ok := new(big.Rat).SetString(row[5])
		require.True(t, ok)
		require.Zero(t, p.Cmp(new(big.Rat).SetFrac(c, h.Total())), "probability of %s: %s", row[2], row[5])
		sum.Add(sum, p)
	}
	require.Equal(t, len(f.Data.Rows), i)
	require.Zero(t, sum.Cmp(big.NewRat(1, 1)), "probabilities add to %s", sum.RatString())
}

func TestVarianceDataExact(t *testing.T) {
	f, err := Variance(context.Background(), VarianceOptions{Q: rational.Signs(), K: rational.Signs(), Widths: []int{2, 8}, Scales: scales(t, "raw", "sqrt", "d", "d^1/4"), Digits: 6, Engine: closed})
	require.NoError(t, err)
	require.Equal(t, [][]string{
		{"2", "raw", "2", "2.000000"},
		{"8", "raw", "8", "8.000000"},
		{"2", "sqrt", "1", "1.000000"},
		{"8", "sqrt", "1", "1.000000"},
		{"2", "d", "1/2", "0.500000"},
		{"8", "d", "1/8", "0.125000"},
		{"2", "d^1/4", "sqrt(2)", "1.414214"},
		{"8", "d^1/4", "2*sqrt(2)", "2.828427"},
	}, f.Data.Rows)
}

func TestSoftmaxMatchesTheLesson(t *testing.T) {
	f, err := SoftmaxFigure(SoftmaxOptions{Scores: rats(t, "1,2,3"), Factors: rats(t, "1,8,1/100"), Digits: 30})
	require.NoError(t, err)
	// Reference digits from a 80-digit decimal computation.
	require.Equal(t, []string{
		"0.090030573170380457998022101484", "0.244728471054797652472959618341", "0.665240955774821889529018280175",
		"0.000000112497423378063252627628", "0.000335350092740452496902192164", "0.999664537409836169439845180208",
		"0.330005610971021786300733816728", "0.333322222499993518667140933719", "0.336672166528984695032125249552",
	}, column(t, f.Data, "weight_decimal"))
	require.Equal(t, []string{
		"1/(exp(2) + exp(1) + 1)", "1/(exp(1) + 1 + exp(-1))", "1/(1 + exp(-1) + exp(-2))",
		"1/(exp(16) + exp(8) + 1)", "1/(exp(8) + 1 + exp(-8))", "1/(1 + exp(-8) + exp(-16))",
		"1/(exp(1/50) + exp(1/100) + 1)", "1/(exp(1/100) + 1 + exp(-1/100))", "1/(1 + exp(-1/100) + exp(-1/50))",
	}, column(t, f.Data, "weight_exact"))
	require.Equal(t, []string{"1", "2", "3", "8", "16", "24", "1/100", "1/50", "3/100"}, column(t, f.Data, "scaled_score"))
}

func TestSoftmaxEqualScoresAreExactlyUniform(t *testing.T) {
	ws, err := Weights(rats(t, "5,5,5"), 4)
	require.NoError(t, err)
	for _, w := range ws {
		require.Equal(t, Weight{Exact: "1/3", Decimal: "0.3333", Float: 1.0 / 3}, w)
	}
	ws, err = Weights(rats(t, "2,2,0"), 6)
	require.NoError(t, err)
	require.Equal(t, "1/(2 + exp(-2))", ws[0].Exact)
	require.Equal(t, "1/(2*exp(2) + 1)", ws[2].Exact)
}

func TestDifferenceProblemCountsEveryTriple(t *testing.T) {
	for d := 1; d <= 4; d++ {
		// Count s = q·(k1 − k2) over every triple of ±1 vectors directly.
		want := map[int]int64{}
		n := 1 << d
		for q := range n {
			for k1 := range n {
				for k2 := range n {
					s := 0
					for i := range d {
						sign := func(v int) int { return 1 - 2*((v>>i)&1) }
						s += sign(q) * (sign(k1) - sign(k2))
					}
					want[s]++
				}
			}
		}
		plan, err := enumerate.NewPlan(differenceProblem(d), enumerate.ClosedForm, enumerate.Options{})
		require.NoError(t, err)
		h, err := plan.Distribution(context.Background())
		require.NoError(t, err)
		got := map[int]int64{}
		for tt, c := range h.Counts {
			if c.Sign() != 0 {
				s := h.Score(tt)
				require.True(t, s.IsInt())
				got[int(s.Num().Int64())] = c.Int64()
			}
		}
		require.Equal(t, want, got, "d_k = %d", d)
	}
}

func TestSaturationMatchesHighPrecisionReference(t *testing.T) {
	f, err := Saturation(context.Background(), SaturationOptions{Widths: []int{1, 2, 3, 4}, Scales: scales(t, "raw", "sqrt"), Digits: 30, Engine: closed})
	require.NoError(t, err)
	// Reference: an 80-digit decimal sum over every triple (q, k1, k2).
	require.Equal(t, []string{
		"0.177496792701753258674312092380", "0.148454630978414648227007331626", "0.130729578988240765830531978051", "0.118314561473204321000726506498",
		"0.177496792701753258674312092380", "0.178997880890798287657450546743", "0.179864446293318889739203047622", "0.180305973725638706292763315590",
	}, column(t, f.Data, "mean_p_1_minus_p"))
	require.Equal(t, []string{"1", "1", "1", "1", "1", "sqrt(2)", "sqrt(3)", "2"}, column(t, f.Data, "divisor_exact"))
}

func TestParseLength(t *testing.T) {
	for in, want := range map[string]vg.Length{"12cm": 12 * vg.Centimeter, "85mm": 85 * vg.Millimeter, "4in": 4 * vg.Inch, "300pt": 300, " 2.5 cm ": 2.5 * vg.Centimeter} {
		got, err := ParseLength(in)
		require.NoError(t, err, in)
		require.InDelta(t, float64(want), float64(got), 1e-9, in)
	}
	for _, bad := range []string{"", "12", "cm", "12px", "-3cm", "1e3cm", "twelve cm"} {
		_, err := ParseLength(bad)
		require.Error(t, err, "%q", bad)
	}
}

func TestSizeLimits(t *testing.T) {
	ok := Size{Width: 12 * vg.Centimeter, Height: 8 * vg.Centimeter, DPI: 300}
	require.NoError(t, ok.Check(PNG))
	for _, bad := range []Size{
		{Width: vg.Millimeter, Height: 8 * vg.Centimeter, DPI: 300},
		{Width: 12 * vg.Centimeter, Height: 2 * vg.Inch * 100, DPI: 300},
		{Width: 12 * vg.Centimeter, Height: 8 * vg.Centimeter, DPI: 5},
		{Width: 90 * vg.Centimeter, Height: 90 * vg.Centimeter, DPI: 1200},
	} {
		err := bad.Check(PNG)
		require.Error(t, err, "%+v", bad)
		require.NotContains(t, err.Error(), "--", "a library error names no CLI flag")
	}
	var px *PixelLimitError
	require.ErrorAs(t, Size{Width: 90 * vg.Centimeter, Height: 90 * vg.Centimeter, DPI: 1200}.Check(PNG), &px)
	require.Equal(t, "a PNG of 1808 megapixels is over the 100 megapixel limit", px.Error())
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.svg": SVG, "b/c.PDF": PDF, "x.eps": EPS, "y.png": PNG} {
		got, err := FormatOf(path)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	for _, bad := range []string{"a.jpg", "noext", "a.svg.tmp", "a.tex"} {
		_, err := FormatOf(bad)
		require.Error(t, err, bad)
	}
}
