package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sqrtdk runs the command line and returns stdout, stderr and the exit status.
func sqrtdk(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	status := exitStatus(err, &errb)
	return out.String(), errb.String(), status
}

// smallArgs keeps each kind quick in tests.
var smallArgs = map[string][]string{
	"dist":       {"--d", "2,8"},
	"variance":   {"--d", "1,2,4,8"},
	"softmax":    nil,
	"saturation": {"--d", "1,2,4,8"},
}

func TestPlotEveryKindEveryFormat(t *testing.T) {
	dir := t.TempDir()
	for kind, extra := range smallArgs {
		for _, ext := range []string{"svg", "pdf", "eps", "png"} {
			out := filepath.Join(dir, kind+"."+ext)
			data := filepath.Join(dir, kind+"-"+ext+".csv")
			args := append([]string{"plot", kind, "-o", out, "--data", data, "--width", "10cm", "--height", "3in", "--dpi", "100"}, extra...)
			stdout, stderr, status := sqrtdk(args...)
			require.Equal(t, 0, status, "%v: stderr %s", args, stderr)
			require.Empty(t, stdout)
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			head := map[string]string{"svg": "<?xml", "pdf": "%PDF-", "eps": "%!PS-Adobe-3.0 EPSF-3.0", "png": "\x89PNG"}[ext]
			require.True(t, bytes.HasPrefix(b, []byte(head)), "%s starts with %q", out, b[:min(len(b), 24)])
			csv, err := os.ReadFile(data)
			require.NoError(t, err)
			require.Greater(t, strings.Count(string(csv), "\n"), 1)
		}
	}
	// Nothing but the requested files: no temporary file is left.
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2*4*len(smallArgs))
}

func TestPlotSoftmaxDataDefaults(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "s.csv")
	_, stderr, status := sqrtdk("plot", "softmax", "--data", data, "--digits", "4")
	require.Equal(t, 0, status, stderr)
	b, err := os.ReadFile(data)
	require.NoError(t, err)
	require.Equal(t, `factor,score,scaled_score,weight_exact,weight_decimal
1,1,1,1/(exp(2) + exp(1) + 1),0.0900
1,2,2,1/(exp(1) + 1 + exp(-1)),0.2447
1,3,3,1/(1 + exp(-1) + exp(-2)),0.6652
8,1,8,1/(exp(16) + exp(8) + 1),0.0000
8,2,16,1/(exp(8) + 1 + exp(-8)),0.0003
8,3,24,1/(1 + exp(-8) + exp(-16)),0.9997
1/100,1,1/100,1/(exp(1/50) + exp(1/100) + 1),0.3300
1/100,2,1/50,1/(exp(1/100) + 1 + exp(-1/100)),0.3333
1/100,3,3/100,1/(1 + exp(-1/100) + exp(-1/50)),0.3367
`, string(b))
}

func TestPlotBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	good := filepath.Join(dir, "ok.svg")
	for name, args := range map[string][]string{
		"no kind":               {"plot"},
		"unknown kind":          {"plot", "pie", "-o", good},
		"no output":             {"plot", "dist"},
		"unsupported extension": {"plot", "dist", "-o", filepath.Join(dir, "x.jpg")},
		"gif":                   {"plot", "dist", "-o", "x.gif"},
		"misspelt kind":         {"plot", "dsit", "-o", good},
		"no extension":          {"plot", "dist", "-o", filepath.Join(dir, "x")},
		"missing folder":        {"plot", "dist", "-o", filepath.Join(dir, "no", "such", "x.svg")},
		"parent is a file":      {"plot", "dist", "-o", filepath.Join(file, "x.svg")},
		"output is a folder":    {"plot", "dist", "-o", dir + "/.svg/"},
		"data in missing dir":   {"plot", "dist", "-o", good, "--data", filepath.Join(dir, "no", "d.csv")},
		"data not csv":          {"plot", "dist", "--data", filepath.Join(dir, "d.txt")},
		"width without unit":    {"plot", "dist", "-o", good, "--width", "12"},
		"width in pixels":       {"plot", "dist", "-o", good, "--width", "800px"},
		"tiny width":            {"plot", "dist", "-o", good, "--width", "1mm"},
		"huge height":           {"plot", "dist", "-o", good, "--height", "300cm"},
		"negative height":       {"plot", "dist", "-o", good, "--height", "-8cm"},
		"absurd dpi":            {"plot", "dist", "-o", filepath.Join(dir, "x.png"), "--dpi", "100000"},
		"too many pixels":       {"plot", "dist", "-o", filepath.Join(dir, "x.png"), "--width", "90cm", "--height", "90cm", "--dpi", "1200"},
		"zero width d_k":        {"plot", "dist", "-o", good, "--d", "0"},
		"absurd d_k":            {"plot", "dist", "-o", good, "--d", "100000"},
		"non-numeric d_k":       {"plot", "variance", "-o", good, "--d", "1,two"},
		"too many curves":       {"plot", "dist", "-o", good, "--d", "1,2,3,4,5,6,7,8,9"},
		"bad scale":             {"plot", "dist", "-o", good, "--scale", "log"},
		"bad alphabet":          {"plot", "dist", "-o", good, "--values", "a,b"},
		"bad factor":            {"plot", "softmax", "-o", good, "--factors", "1,x"},
		"bad digits":            {"plot", "softmax", "-o", good, "--digits", "1000"},
		"same file twice":       {"plot", "softmax", "-o", filepath.Join(dir, "s.csv.svg"), "--data", filepath.Join(dir, "s.csv.svg")},
	} {
		t.Run(name, func(t *testing.T) {
			stdout, stderr, status := sqrtdk(args...)
			require.Equal(t, 2, status, "stdout %q stderr %q", stdout, stderr)
			lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
			last := lines[len(lines)-1]
			// Every error names the figure kind, or plot when none was given.
			prefix := "sqrtdk plot: "
			if _, ok := plotKinds[args[1%len(args)]]; ok && len(args) > 1 {
				prefix = "sqrtdk plot " + args[1] + ": "
			}
			require.True(t, strings.HasPrefix(last, prefix), "stderr: %q, want the prefix %q", stderr, prefix)
			require.Len(t, lines, 1, "one line on stderr, got %q", stderr)
		})
	}
	// The library says what is wrong; the CLI adds which flag to change.
	_, stderr, _ := sqrtdk("plot", "dist", "-o", filepath.Join(dir, "x.png"), "--width", "90cm", "--height", "90cm", "--dpi", "1200")
	require.Equal(t, "sqrtdk plot dist: a PNG of 1808 megapixels is over the 100 megapixel limit; lower --dpi or the size\n", stderr)
	_, stderr, _ = sqrtdk("plot", "dist", "-o", "x.gif")
	require.Equal(t, "sqrtdk plot dist: -o: unsupported extension .gif in \"x.gif\" (use .svg, .pdf, .eps or .png)\n", stderr)
	_, stderr, _ = sqrtdk("plot", "dsit")
	require.Contains(t, stderr, `sqrtdk plot: unknown figure kind "dsit" (use dist, saturation, softmax, variance); did you mean "dist"?`)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Equal(t, []string{"a-file"}, names, "no figure or temporary file is left behind")
}
