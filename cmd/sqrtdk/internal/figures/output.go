package figures

import (
	"bytes"
	"fmt"
	"image/color"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Format is an output file format: "svg", "pdf", "eps" or "png".
type Format string

// The supported output formats.
const (
	SVG Format = "svg"
	PDF Format = "pdf"
	EPS Format = "eps"
	PNG Format = "png"
)

// Formats lists every supported format.
var Formats = []Format{SVG, PDF, EPS, PNG}

// FormatOf returns the format named by the extension of path.
func FormatOf(path string) (Format, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	for _, f := range Formats {
		if ext == string(f) {
			return f, nil
		}
	}
	if ext == "" {
		return "", fmt.Errorf("%q has no extension; end it with .svg, .pdf, .eps or .png", path)
	}
	return "", fmt.Errorf("unsupported extension .%s in %q (use .svg, .pdf, .eps or .png)", ext, path)
}

// Limits on the page size and resolution of a figure.
const (
	MinSide   = 2 * vg.Centimeter   // smallest width or height
	MaxSide   = 100 * vg.Centimeter // largest width or height
	MinDPI    = 72
	MaxDPI    = 1200
	MaxPixels = 100_000_000 // largest PNG, in pixels
)

// A Size is the printed size of a figure and the resolution of a PNG.
type Size struct {
	Width, Height vg.Length
	DPI           int
}

var lengthPattern = regexp.MustCompile(`^\s*([0-9]*\.?[0-9]+)\s*(cm|mm|in|pt)\s*$`)

// ParseLength reads a length with its unit: "12cm", "85mm", "4in" or "300pt".
func ParseLength(s string) (vg.Length, error) {
	m := lengthPattern.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("length %q needs a number and a unit: cm, mm, in or pt (e.g. 12cm)", s)
	}
	r, err := rational.ParseRat(m[1])
	if err != nil {
		return 0, fmt.Errorf("length %q: %v", s, err)
	}
	v, _ := r.Float64()
	unit := map[string]vg.Length{"cm": vg.Centimeter, "mm": vg.Millimeter, "in": vg.Inch, "pt": 1}[m[2]]
	return vg.Length(v) * unit, nil
}

// A PixelLimitError reports a PNG with more than MaxPixels pixels; a lower
// resolution or a smaller size makes it fit.
type PixelLimitError struct {
	Pixels float64
}

func (e *PixelLimitError) Error() string {
	return fmt.Sprintf("a PNG of %.0f megapixels is over the %d megapixel limit", e.Pixels/1e6, MaxPixels/1_000_000)
}

// Check reports a size too small to read, too large for a page, or a PNG
// too large to hold in memory.
func (s Size) Check(f Format) error {
	for _, side := range []struct {
		name string
		l    vg.Length
	}{{"width", s.Width}, {"height", s.Height}} {
		if side.l < MinSide || side.l > MaxSide {
			return fmt.Errorf("%s %.4gcm is outside %gcm..%gcm", side.name, float64(side.l/vg.Centimeter), float64(MinSide/vg.Centimeter), float64(MaxSide/vg.Centimeter))
		}
	}
	if f == PNG {
		if s.DPI < MinDPI || s.DPI > MaxDPI {
			return fmt.Errorf("resolution %d dpi is outside %d..%d", s.DPI, MinDPI, MaxDPI)
		}
		px := float64(s.Width.Dots(float64(s.DPI))) * float64(s.Height.Dots(float64(s.DPI)))
		if px > MaxPixels {
			return &PixelLimitError{Pixels: px}
		}
	}
	return nil
}

// epoch is the date written into PDF files, so that equal figures give equal bytes.
var epoch = time.Unix(0, 0).UTC()

func init() {
	// The PDF writer stamps the current time and lists resources in map order
	// unless told otherwise; these are its package-wide defaults, set once
	// before any document exists.
	fpdf.SetDefaultCreationDate(epoch)
	fpdf.SetDefaultModificationDate(epoch)
	fpdf.SetDefaultCatalogSort(true)
}

// Render draws the figure in format f at size s and returns the file's bytes.
func Render(fig *Figure, f Format, s Size) (out []byte, err error) {
	if err := s.Check(f); err != nil {
		return nil, err
	}
	mode := textOutlines
	switch f {
	case SVG:
		mode = textSVG
	case PDF:
		mode = textPDF
	}
	if h, ok := fig.Plot.TextHandler.(outlineText); ok {
		if f == PDF && h.cfg.font != nil && h.cfg.font.cff {
			return nil, fmt.Errorf("the font %s (%s) has PostScript (CFF) outlines, which a PDF figure cannot embed: choose a TrueType font, or use --format pgfplots to set the figure in the book's fonts", h.cfg.font.Family, h.cfg.font.Path)
		}
		h.cfg.mode = mode
		defer func() { h.cfg.mode = textOutlines }()
	}
	var c vg.CanvasWriterTo
	switch f {
	case SVG:
		c = vgsvg.New(s.Width, s.Height)
	case PDF:
		c = vgpdf.New(s.Width, s.Height)
	case EPS:
		c = vgeps.New(s.Width, s.Height)
	case PNG:
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(s.Width, s.Height), vgimg.UseDPI(s.DPI), vgimg.UseBackgroundColor(color.White))}
	default:
		return nil, fmt.Errorf("unsupported format %q", f)
	}
	defer func() {
		// The plotting library panics on impossible layouts (a figure too
		// small for its labels, say); report those as errors.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("cannot draw the figure at %.4gcm × %.4gcm: %v", float64(s.Width/vg.Centimeter), float64(s.Height/vg.Centimeter), r)
		}
	}()
	fig.Plot.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	if f == EPS {
		return fixEPS(buf.Bytes()), nil
	}
	if f == SVG {
		// A reader without the font gets the metrically equal ones, or
		// the generic family.
		out := bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"))
		return svgScripts(out), nil
	}
	return buf.Bytes(), nil
}

// fixEPS repairs the EPS writer's header: it writes "%%!PS" where the
// standard wants "%!PS", omits the colon after %%Creator, and stamps the
// current time; the date line is dropped so equal figures give equal bytes.
func fixEPS(b []byte) []byte {
	var out bytes.Buffer
	lines := bytes.SplitAfter(b, []byte("\n"))
	for i, l := range lines {
		switch {
		case i == 0 && bytes.HasPrefix(l, []byte("%%!PS")):
			out.Write(l[1:])
		case bytes.HasPrefix(l, []byte("%%Creator ")):
			out.WriteString("%%Creator: sqrtdk with gonum.org/v1/plot\n")
		case bytes.HasPrefix(l, []byte("%%CreationDate:")):
		default:
			out.Write(l)
		}
	}
	return out.Bytes()
}

// svgText matches one <text> element of the SVG writer, with its font size
// and its content.
var svgText = regexp.MustCompile(`(?s)(<text [^>]*font-size:([0-9.]+)px[^>]*>)(.*?)(</text>)`)

// svgScripts turns the marked scripts of each text element (svgLine) into
// tspans: smaller, shifted by dy from the baseline and back after, at the
// sizes and shifts the outlines use.
func svgScripts(b []byte) []byte {
	return svgText.ReplaceAllFunc(b, func(el []byte) []byte {
		m := svgText.FindSubmatch(el)
		content := string(m[3])
		if !strings.ContainsAny(content, string([]rune{svgSubscript, svgSuperscript})) {
			return el
		}
		size, err := strconv.ParseFloat(string(m[2]), 64)
		if err != nil {
			return el
		}
		var out strings.Builder
		var dy float64
		for _, r := range content {
			switch r {
			case svgSubscript, svgSuperscript:
				shift := -0.22
				if r == svgSuperscript {
					shift = 0.38
				}
				dy = -shift * size // the text's y axis points down
				fmt.Fprintf(&out, `<tspan dy="%.4g" font-size="%.4gpx">`, dy, size*scriptScale)
			case svgScriptEnd:
				fmt.Fprintf(&out, `</tspan><tspan dy="%.4g">&#x200B;</tspan>`, -dy)
			default:
				out.WriteRune(r)
			}
		}
		return []byte(string(m[1]) + out.String() + string(m[4]))
	})
}
