package figures

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationserifregular"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
)

// TestUseFont sets a figure in a font read from a file (Liberation Serif,
// written out from the Go module that carries it): the SVG names its
// family, the PDF embeds it, and the layout is measured with it (the
// figure's bytes differ from the default's).
func TestUseFont(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serif.ttf")
	require.NoError(t, os.WriteFile(path, liberationserifregular.TTF, 0o644))
	f, err := LoadFont(path)
	require.NoError(t, err)
	require.Equal(t, "Liberation Serif", f.Family)
	size := Size{Width: 12 * vg.Centimeter, Height: 8 * vg.Centimeter, DPI: 100}
	def := sampleFigure(t)
	defSVG, err := Render(def, SVG, size)
	require.NoError(t, err)
	fig := sampleFigure(t)
	fig.UseFont(f)
	svg, err := Render(fig, SVG, size)
	require.NoError(t, err)
	require.Contains(t, string(svg), "font-family:Liberation Serif;")
	// A subscript is a tspan of its line's one text element.
	require.Contains(t, string(svg), ">head width d<tspan dy=")
	require.NotContains(t, string(svg), "Liberation Sans")
	require.False(t, bytes.Equal(svg, defSVG))
	pdf, err := Render(fig, PDF, size)
	require.NoError(t, err)
	require.Contains(t, string(pdf), "/BaseFont /LiberationSerif")
	require.Contains(t, string(pdf), "/FontFile2")
	require.NotContains(t, string(pdf), "/BaseFont /LiberationSans")
	// A font that is not one, and a family that is not installed.
	bad := filepath.Join(t.TempDir(), "bad.ttf")
	require.NoError(t, os.WriteFile(bad, []byte("not a font"), 0o644))
	_, err = LoadFont(bad)
	require.ErrorContains(t, err, "is not a TrueType or OpenType font")
	_, err = LoadFont("No Such Family 1234")
	require.ErrorContains(t, err, "no installed family of that name")
}

// TestPDFTextOutsideCodePage checks that characters the PDF's font
// encoding lacks (√ and −) are still drawn, as outlines, next to text:
// a figure whose labels hold them embeds the font and also fills paths
// beyond the plot's own.
func TestPDFTextOutsideCodePage(t *testing.T) {
	fig := sampleFigure(t)
	fig.Plot.X.Label.Text = "score q·k / √d_k, −1"
	size := Size{Width: 12 * vg.Centimeter, Height: 8 * vg.Centimeter}
	withRoot, err := Render(fig, PDF, size)
	require.NoError(t, err)
	fig.Plot.X.Label.Text = "score q·k / d_k, 1"
	plain, err := Render(fig, PDF, size)
	require.NoError(t, err)
	require.Contains(t, string(withRoot), "/FontFile2")
	require.Greater(t, len(withRoot), len(plain), "√ and − add outlines")
}

// sampleFigure is the variance figure of the kinds above.
func sampleFigure(t *testing.T) *Figure {
	for _, k := range kinds {
		if k.name == "variance" {
			return k.build(t)
		}
	}
	t.Fatal("no variance figure")
	return nil
}
