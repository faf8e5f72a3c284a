package figures

import (
	"fmt"
	"math"
	"strings"

	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// scriptScale is the size of a subscript or superscript relative to its base.
const scriptScale = 0.7

// outlineText is a text.Handler that understands two bits of markup: "_x"
// or "_{xy}" for a subscript and "^x" or "^{xy}" for a superscript, and
// draws text as text where the format can hold it: in an SVG every run is
// a <text> element naming its font family; in a PDF every character of
// code page 1252 (the encoding of the PDF writer's embedded TrueType
// fonts) is text in the embedded font, and only the others (√, −, σ) are
// drawn as the font's glyph outlines; EPS and PNG draw outlines, so that
// they look the same everywhere. The layout is the same in every format:
// it is measured with the font's own metrics.
type outlineText struct {
	cfg *textConfig
}

// A textConfig is what a figure's text handler draws with: the fonts, the
// one font that replaces every requested one (UseFont), and how the
// format being drawn takes text (set by Render).
type textConfig struct {
	fonts    *font.Cache
	override bool
	family   font.Font // the font every text is set in, when override
	font     *Font     // the chosen font, when override
	mode     textMode
}

// textMode is how text reaches a canvas.
type textMode int

const (
	textOutlines textMode = iota // glyph outlines only (EPS, PNG)
	textSVG                      // every run as text
	textPDF                      // code page 1252 as text, the rest as outlines
)

var _ text.Handler = outlineText{}

// Cache returns the fonts the handler draws with.
func (h outlineText) Cache() *font.Cache { return h.cfg.fonts }

// lookup returns the face of fnt at size, or of the chosen font.
func (h outlineText) lookup(fnt font.Font, size vg.Length) font.Face {
	if h.cfg.override {
		fnt = h.cfg.family
	}
	return h.cfg.fonts.Lookup(fnt, size)
}

// Extents returns the metrics of fnt.
func (h outlineText) Extents(fnt font.Font) font.Extents {
	face := h.lookup(fnt, fnt.Size)
	return face.Extents()
}

// Lines splits txt at newlines.
func (h outlineText) Lines(txt string) []string {
	return strings.Split(strings.TrimRight(txt, "\n"), "\n")
}

// A run is a stretch of text drawn at one size and baseline shift.
type run struct {
	text  string
	shift float64 // baseline shift in units of the base font size
	scale float64 // size relative to the base font
}

// parseRuns splits one line into runs at the _ and ^ markup.
func parseRuns(line string) []run {
	var out []run
	var plain strings.Builder
	flush := func() {
		if plain.Len() > 0 {
			out = append(out, run{text: plain.String(), scale: 1})
			plain.Reset()
		}
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if (c != '_' && c != '^') || i+1 == len(rs) {
			plain.WriteRune(c)
			continue
		}
		flush()
		var arg string
		if rs[i+1] == '{' {
			end := i + 2
			for end < len(rs) && rs[end] != '}' {
				end++
			}
			arg = string(rs[i+2 : end])
			i = end
		} else {
			arg = string(rs[i+1])
			i++
		}
		shift := -0.22
		if c == '^' {
			shift = 0.38
		}
		out = append(out, run{text: arg, shift: shift, scale: scriptScale})
	}
	flush()
	return out
}

// Box returns the width, the height above the baseline and the depth below it.
func (h outlineText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	face := h.lookup(fnt, fnt.Size)
	ext := face.Extents()
	for _, r := range parseRuns(txt) {
		rf := h.runFace(fnt, r)
		width += rf.Width(r.text)
	}
	return width, ext.Ascent, ext.Descent
}

func (h outlineText) runFace(fnt font.Font, r run) font.Face {
	return h.lookup(fnt, fnt.Size*vg.Length(r.scale))
}

// Draw draws txt with its alignment and rotation, as text.Plain does, but
// as glyph outlines.
func (h outlineText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	fnt := h.lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin

	lines := h.Lines(txt)
	ht := sty.Height(txt)
	pt.Y += ht*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		n := vg.Length(len(lines) - i)
		pen := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: n * sty.Font.Size})
		if h.cfg.mode == textSVG {
			// One <text> element per line, its scripts marked for
			// svgScripts to make tspans of: a reader's font with other
			// widths still sets the line in one flow.
			c.FillString(h.lookup(sty.Font, sty.Font.Size), pen, svgLine(parseRuns(line)))
			continue
		}
		for _, r := range parseRuns(line) {
			face := h.runFace(sty.Font, r)
			base := vg.Point{X: pen.X, Y: pen.Y + vg.Length(r.shift)*sty.Font.Size}
			h.drawRun(c, face, base, r.text)
			pen.X += face.Width(r.text)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// The private-use characters that mark a subscript or superscript run in
// the string an SVG line is written as; svgScripts turns them into tspans.
const (
	svgSubscript   = '\uE000'
	svgSuperscript = '\uE001'
	svgScriptEnd   = '\uE002'
)

// svgLine writes a line's runs as one string, the scripts marked.
func svgLine(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		switch {
		case r.shift < 0:
			b.WriteRune(svgSubscript)
		case r.shift > 0:
			b.WriteRune(svgSuperscript)
		}
		b.WriteString(strings.Map(func(c rune) rune {
			if c >= svgSubscript && c <= svgScriptEnd {
				return -1 // never a mark from the text itself
			}
			return c
		}, r.text))
		if r.shift != 0 {
			b.WriteRune(svgScriptEnd)
		}
	}
	return b.String()
}

// drawRun draws s with the pen at pt: as text, as outlines or both, as
// the format takes it (textMode).
func (h outlineText) drawRun(c vg.Canvas, face font.Face, pt vg.Point, s string) {
	switch h.cfg.mode {
	case textSVG:
		c.FillString(face, pt, s)
		return
	case textPDF:
		// Runs of code page 1252 characters are text, each other
		// character an outline.
		for s != "" {
			n := 0
			for _, r := range s {
				if _, ok := charmap.Windows1252.EncodeRune(r); !ok {
					break
				}
				n += utf8.RuneLen(r)
			}
			if n > 0 {
				enc, _ := charmap.Windows1252.NewEncoder().String(s[:n])
				c.FillString(face, pt, enc)
				pt.X += face.Width(s[:n])
				s = s[n:]
				continue
			}
			_, n = utf8.DecodeRuneInString(s)
			fillGlyphs(c, face, pt, s[:n])
			pt.X += face.Width(s[:n])
			s = s[n:]
		}
		return
	}
	fillGlyphs(c, face, pt, s)
}

// fillGlyphs fills the outlines of s in face with the pen starting at pt,
// applying the font's kerning as font.Face.Width does.
func fillGlyphs(c vg.Canvas, face font.Face, pt vg.Point, s string) {
	var (
		buf     sfnt.Buffer
		upem    = fixed.Int26_6(face.Face.UnitsPerEm())
		scale   = float64(face.Font.Size.Points()) / float64(upem)
		x       = 0
		prev    sfnt.GlyphIndex
		hasPrev bool
	)
	for _, r := range s {
		idx, err := face.Face.GlyphIndex(&buf, r)
		if err != nil {
			panic(fmt.Sprintf("figures: glyph index of %q: %v", r, err))
		}
		if hasPrev {
			if k, err := face.Face.Kern(&buf, prev, idx, upem, 0); err == nil {
				x += int(k)
			}
		}
		segs, err := face.Face.LoadGlyph(&buf, idx, upem, nil)
		if err != nil {
			panic(fmt.Sprintf("figures: outline of %q: %v", r, err))
		}
		if len(segs) > 0 {
			// Glyph coordinates are in font units with y pointing down.
			at := func(p fixed.Point26_6) vg.Point {
				return vg.Point{
					X: pt.X + vg.Length(float64(x+int(p.X))*scale),
					Y: pt.Y - vg.Length(float64(p.Y)*scale),
				}
			}
			var path vg.Path
			for i, sg := range segs {
				switch sg.Op {
				case sfnt.SegmentOpMoveTo:
					if i > 0 {
						path.Close()
					}
					path.Move(at(sg.Args[0]))
				case sfnt.SegmentOpLineTo:
					path.Line(at(sg.Args[0]))
				case sfnt.SegmentOpQuadTo:
					path.QuadTo(at(sg.Args[0]), at(sg.Args[1]))
				case sfnt.SegmentOpCubeTo:
					path.CubeTo(at(sg.Args[0]), at(sg.Args[1]), at(sg.Args[2]))
				}
			}
			path.Close()
			c.Fill(path)
		}
		adv, err := face.Face.GlyphAdvance(&buf, idx, upem, 0)
		if err != nil {
			panic(fmt.Sprintf("figures: advance of %q: %v", r, err))
		}
		x += int(adv)
		prev, hasPrev = idx, true
	}
}
