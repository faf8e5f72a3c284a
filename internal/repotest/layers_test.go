package repotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/sqrtdk/sqrtdk/"

// floors places every package of the module on a floor: a package imports
// only packages on lower floors, so no arrow runs up or sideways. The
// library is rational (with internal/nat) → enumerate (its kernels in
// enumerate/internal/kernel, the slicing of a run in internal/split) →
// proofs → claims (with internal/softmax), which checks claims for every
// width with the proof for every width, and proofs/prooftest (a teacher's
// test helpers) → grade (its catalogue of mistakes in internal/mistake,
// which scalecheck shares; the words for a number's precision, in
// internal/numwords, are claims' too) → scalecheck (the lesson's routine on a model's
// measured scores); the command's rooms sit above it under
// cmd/sqrtdk/internal, and the command on top. A package of the
// library that is not listed here is an error, so a new room is placed on
// purpose; a new command (any other package under cmd/) goes on the top
// floor.
var floors = map[string]int{
	"internal/nat":              0,
	"internal/textline":         0,
	"internal/mistake":          0,
	"internal/numwords":         0,
	"enumerate/internal/kernel": 0,
	"rational":                  1,
	"internal/softmax":          2,
	"internal/split":            2,
	"enumerate":                 3,
	"proofs":                    4,
	"proofs/prooftest":          5,
	"claims":                    5,
	"grade":                     6,
	"scalecheck":                7,
	// Test support, imported only by tests: the checks of the repository
	// as a whole (a doc and tests, no code), deadlines that scale with the
	// machine's load, and cost estimates held against measurements.
	"internal/repotest":     0,
	"internal/deadlinetest": 0,
	"internal/costtest":     0,

	"cmd/sqrtdk/internal/atomicfile": 10,
	"cmd/sqrtdk/internal/version":    10,
	"cmd/sqrtdk/internal/shard":      11,
	"cmd/sqrtdk/internal/figures":    11,
	// What a figure hands the pgfplots writer in render: plain data, so
	// that render (and the pages' module) never links the plotting library.
	"cmd/sqrtdk/internal/figures/pgf": 10,
	"cmd/sqrtdk/internal/spec":        10,
	"cmd/sqrtdk/internal/render":      12,
	"cmd/sqrtdk/internal/guard":       11,
	"cmd/sqrtdk/internal/hostiletest": 13,
	// The student pages (a room of their own): the page writer, and the Go
	// side the pages run in the browser (app; their WebAssembly module's
	// main, pages/wasm, builds only for js/wasm); build makes the module.
	// hostiletest is test support, like httptest.
	"cmd/sqrtdk/internal/pages":     13,
	"cmd/sqrtdk/internal/pages/app": 13,
	// MathML for the pages' text; the Gradescope autograder's zip.
	"cmd/sqrtdk/internal/pages/mathml": 10,
	"cmd/sqrtdk/internal/autograder":   10,
	"cmd/sqrtdk/internal/pages/build":  20,
	"cmd/sqrtdk":                       20,
}

// commandFloor is the floor of a command not listed in floors.
const commandFloor = 20

// writerImports are the standard packages that write text formats: only
// the render room and the pages' writer (pages) use them. (The library also leaves encoding/json to
// the command: shard, under the command, writes its own file format.)
var writerImports = []string{"encoding/csv", "text/tabwriter", "html/template", "text/template"}

// writerRooms are the packages that may import writerImports.
var writerRooms = []string{"cmd/sqrtdk/internal/render", "cmd/sqrtdk/internal/pages"}

// A pkgInfo is what go list says of one package of the module.
type pkgInfo struct {
	ImportPath, Dir                              string
	Imports                                      []string
	GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
	IgnoredGoFiles                               []string
}

func modulePackages(t *testing.T) map[string]pkgInfo {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "github.com/sqrtdk/sqrtdk/...").Output()
	require.NoError(t, err)
	pkgs := map[string]pkgInfo{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkgInfo
		require.NoError(t, dec.Decode(&p))
		pkgs[strings.TrimPrefix(p.ImportPath, module)] = p
	}
	require.Contains(t, pkgs, "rational")
	return pkgs
}

// floorOf returns a package's floor in fl and whether it has one.
func floorOf(fl map[string]int, pkg string) (int, bool) {
	if f, ok := fl[pkg]; ok {
		return f, true
	}
	if strings.HasPrefix(pkg, "cmd/") && !strings.Contains(pkg, "/internal/") {
		return commandFloor, true
	}
	return 0, false
}

// isLibrary reports whether a package is part of the library a teacher's
// or author's program imports, or serves it: everything outside cmd/.
func isLibrary(pkg string) bool { return !strings.HasPrefix(pkg, "cmd/") }

// layerViolations returns what breaks the house with the floors fl: a
// package without a floor; an import of the same or a higher floor; a
// library package that imports the command; a room of internal/ that no
// library package uses (but for test support, a package whose name ends
// in "test", as httptest's does, which only tests import); a package other than render that writes a text
// format (and, in the library, JSON).
func layerViolations(pkgs map[string]pkgInfo, fl map[string]int) []string {
	var out []string
	importedByLibrary := map[string]bool{}
	for pkg, info := range pkgs {
		floor, ok := floorOf(fl, pkg)
		if !ok {
			out = append(out, pkg+" has no floor: place it in floors")
			continue
		}
		for _, imp := range info.Imports {
			if !strings.HasPrefix(imp, module) {
				writer := slices.Contains(writerImports, imp) || imp == "encoding/json" && isLibrary(pkg)
				if writer && !slices.Contains(writerRooms, pkg) {
					out = append(out, pkg+" imports "+imp+": text formats are written in cmd/sqrtdk/internal/render (pages in cmd/sqrtdk/internal/pages)")
				}
				continue
			}
			imp = strings.TrimPrefix(imp, module)
			if isLibrary(pkg) {
				importedByLibrary[imp] = true
				if strings.HasPrefix(imp, "cmd/") {
					out = append(out, "the library package "+pkg+" imports the command's "+imp)
				}
			}
			if f, ok := floorOf(fl, imp); ok && f >= floor {
				out = append(out, fmt.Sprintf("%s (floor %d) imports %s (floor %d): an arrow that does not run down", pkg, floor, imp, f))
			}
		}
	}
	for pkg := range pkgs {
		if strings.HasPrefix(pkg, "internal/") && !importedByLibrary[pkg] && !strings.HasSuffix(pkg, "test") {
			out = append(out, pkg+" serves only the command: move it under cmd/sqrtdk/internal")
		}
	}
	// rational is the leaf of the library: it imports only leaves of
	// plain arithmetic.
	for _, imp := range pkgs["rational"].Imports {
		if rest, ok := strings.CutPrefix(imp, module); ok && fl[rest] != 0 {
			out = append(out, "rational must be a leaf, but imports "+rest)
		}
	}
	sort.Strings(out)
	return out
}

// TestLayers checks the house: every package has a floor and imports only
// lower floors; no library package imports the command; internal/ holds
// only rooms the library uses; and only the render room writes text
// formats.
func TestLayers(t *testing.T) {
	assert.Empty(t, layerViolations(modulePackages(t), floors))
}

// TestLayersCatchAnArrowUp checks that the test above can fail: with the
// command's render room placed below grade, or grade beside claims, an
// import no longer runs down.
func TestLayersCatchAnArrowUp(t *testing.T) {
	pkgs := modulePackages(t)
	for pkg, floor := range map[string]int{"cmd/sqrtdk/internal/render": 3, "grade": 3} {
		fl := maps.Clone(floors)
		fl[pkg] = floor
		assert.NotEmpty(t, layerViolations(pkgs, fl), "%s on floor %d", pkg, floor)
	}
	fl := maps.Clone(floors)
	delete(fl, "proofs")
	assert.Contains(t, layerViolations(pkgs, fl), "proofs has no floor: place it in floors")
	fl = maps.Clone(floors)
	fl["enumerate"] = 1
	assert.Contains(t, layerViolations(pkgs, fl), "enumerate (floor 1) imports rational (floor 1): an arrow that does not run down")
}

// maxRoomShare bounds the share of the module's Go lines (tests included)
// one package may hold.
const maxRoomShare = 0.20

// TestNoRoomHoldsAFifth checks that no package holds more than a fifth of
// the module's Go code, counting its tests and build-tagged files.
func TestNoRoomHoldsAFifth(t *testing.T) {
	lines := map[string]int{}
	total := 0
	for pkg, info := range modulePackages(t) {
		for _, list := range [][]string{info.GoFiles, info.CgoFiles, info.TestGoFiles, info.XTestGoFiles, info.IgnoredGoFiles} {
			for _, f := range list {
				data, err := os.ReadFile(filepath.Join(info.Dir, f))
				require.NoError(t, err)
				n := bytes.Count(data, []byte("\n"))
				lines[pkg] += n
				total += n
			}
		}
	}
	for pkg, n := range lines {
		assert.LessOrEqual(t, float64(n)/float64(total), maxRoomShare, "%s holds %d of %d lines", pkg, n, total)
	}
}
