package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The analyzer that keeps machine integers off the library's exact paths
// (issue 35): it type-checks the library packages and reports every
// non-constant integer sum, difference, product or shift that flows into
// math/big or rational (big.NewInt(a*b), SetInt64(n+m), …) and every
// product or accumulation in an int64 or uint64 (a weight, a count, a
// multiplicity), unless exactAllowed lists it with why its range is
// proven and by which test. It is syntactic within a call's arguments: a
// product stored in a variable of type int before it reaches math/big is
// not followed.

// exactLibraryPackages are the packages whose exact paths are checked.
var exactLibraryPackages = []string{"./rational/...", "./enumerate/...", "./proofs/...", "./claims/...", "./grade/...", "./internal/..."}

// An exactFinding is one integer operation the analyzer flags: the package, the
// function it is in and the expression, which identify it across edits
// that move lines.
type exactFinding struct{ pkg, fn, expr, pos string }

func (f exactFinding) key() string { return f.pkg + " " + f.fn + ": " + f.expr }

// exactAllowed are the findings whose range is proven, each with the reason
// and, where the bound is not a constant's arithmetic, the test that
// proves it.
var exactAllowed = map[string]string{
	"claims exprEstimate: outExp += sqExp": "exponents of a power by squaring, at most the exponent, maxValueBits (4096); a time estimate, not a value",
	"claims exprEstimate: sqExp *= 2":      "powers of 2 up to the exponent, at most 2·maxValueBits (8192); a time estimate, not a value",
	// Sizes and indices, not exact values: bytes of a cache, positions,
	// decimal places, precisions, exponents.
	"claims distCache.put: d.bytes += size":                                                             "a cache's bytes, below its memory limit",
	"claims histogramBytes: int64(len(c.Bits())) * 8":                                                   "bytes of histograms in memory",
	"claims histogramBytes: n += int64(len(c.Bits()))*8 + 40":                                           "bytes of histograms in memory",
	"claims trendOf: i - 1":                                                                             "an index",
	"claims rootOf: l * q.Denom().Int64()":                                                              "at most maxFormulaRoot: productExceeds checks it first (TestProductExceeds)",
	"claims lcmRoots: x / new(big.Int).GCD(nil, nil, big.NewInt(x), big.NewInt(y)).Int64() * y":         "an lcm of two root indices of at most maxFormulaRoot (64) each: at most 4096",
	"claims sameFunction: lf / new(big.Int).GCD(nil, nil, big.NewInt(lf), big.NewInt(lg)).Int64() * lg": "an lcm of two root indices of at most maxFormulaRoot (64) each: at most 4096",
	"claims sameFunction: limit * int64(size(f)+size(g))":                                               "degrees of at most maxFormulaDegree (check) times the nodes of two parsed answers",
	"claims degreesOf: b.den * n":                                                                       "both at most maxFormulaDegree (check, and n checked just before)",
	"claims degreesOf: b.num * n":                                                                       "both at most maxFormulaDegree (check, and n checked just before)",
	"internal/deadlinetest Factor: x * 6364136223846793005":                                             "test support's busy work (a linear congruential step), not a value",
	"claims sampleVarianceMoments: n - 1":                                                               "a sample size n ≥ 2 minus a constant",
	"claims sampleVarianceMoments: n - 3":                                                               "a sample size n ≥ 2 minus a constant",
	"claims describeRange: places + 2":                                                                  "decimal places",
	"claims softmaxInput: rounded + 1":                                                                  "decimal places",
	"claims cardinal: group *= 100":                                                                     "below 10⁴ by the grammar: TestCardinalGrammarBoundsRange",
	"claims cardinal: group * 1000":                                                                     "below 10⁷ by the grammar: TestCardinalGrammarBoundsRange",
	"claims cardinal: group += n":                                                                       "below 10⁴ by the grammar: TestCardinalGrammarBoundsRange",
	"enumerate Plan.symmetric: len(w) - 1 - t":                                                          "an index",
	"enumerate Plan.closed: n - 1 - t":                                                                  "an index",
	"enumerate binomialWalk: den * w0.Uint64()":                                                         "n ≤ d_k ≤ MaxD < 2²⁰ times a weight the guard fits keeps below 2²⁰",
	"enumerate binomialWalk: num * w1.Uint64()":                                                         "d_k + 1 − n ≤ MaxD + 1 < 2²⁰ times a weight the guard fits keeps below 2²⁰",
	"enumerate millerWalk: (d1*int64(j) - int64(k)) * w[j].Int64()":                                     "|(D+1)·j − n| < (D+1)(T+1) and the guard small keeps w_j below MaxInt64/(D+1)/(T+1)",
	"enumerate millerWalk: d1 * int64(j)":                                                               "(D+1)·j with D ≤ MaxD and j ≤ T ≤ maxLattice",
	"enumerate millerWalk: d1*int64(j) - int64(k)":                                                      "(D+1)·j − n with D ≤ MaxD and j, n ≤ maxLattice",
	"enumerate millerWalk: fsum += uint64(f)":                                                           "a running sum tested against 2^63 at every term (positive)",
	"enumerate millerWalk: uint64(k) * w[0].Uint64()":                                                   "n·w_0 < (D·T)·MaxInt64/(D+1)/(T+1) under the guard small; not used unless also below MaxUint/k",
	"enumerate Problem.newLattice: int64(l.tMax) * int64(p.D)":                                          "lattice size, compared with maxLattice, both factors below 2³¹",
	"enumerate newBruteLattice: int64(most) * int64(p.D)":                                               "lattice size, compared with maxBruteLattice, both factors below 2³¹",
	"enumerate newBruteLattice: size *= int64(dim.radix)":                                               "lattice size, checked against maxBruteLattice after each factor, both below 2³¹",
	"enumerate factorize: pr * pr":                                                                      "trial division of m ≤ MaxMultiplicity: pr ≤ 1001",
	"internal/softmax CrossCheck: prec + crossCheckSlack":                                               "a precision in bits",
	"internal/softmax waterLevel: m - j":                                                                "an index",
	"internal/softmax newScaler: s.MantExp(nil) - int(wp) + 1":                                          "an exponent",
	"internal/split weightBelow: smaller += l.Mult":                                                     "a sum of one alphabet's multiplicities, at most its Size ≤ MaxLetters·MaxMultiplicity: TestWeightSumsFitInt64",
	"internal/split Visits: hi - lo":                                                                    "indices with lo ≤ hi",
	"proofs planSweep: total += cost":                                                                   "a time.Duration in microseconds, bounded by the check time",
	"proofs sweepPlans: cost += time.Duration(math.Round((pl.Cost(enumerate.NeedMoments).Seconds+planOverheadSeconds)*1e6)) * time.Microsecond": "a time.Duration, bounded by the check time",
	"proofs sweepPlans: time.Duration(math.Round((pl.Cost(enumerate.NeedMoments).Seconds+planOverheadSeconds)*1e6)) * time.Microsecond":         "a time.Duration, bounded by the check time",
	// The listing's uint64 tallies: every one is a sum of outcome weights,
	// at most the space's total weight, which NewSpace requires below
	// 2⁶² before listing (checkListable; TestRefusals), and scores below
	// 2⁶² in size likewise.
	"proofs Space.each: w *= uint64(ch.mult)":                                "an outcome's weight, a partial product at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.tally: l.total += w":                                       "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.tally: l.one[i][c] += w":                                   "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.tally: score += num[c]":                                    "d_k numerators of at most 2⁶²/d_k: checkListable, TestRefusals",
	"proofs Space.tally: l.scores[score] += w":                               "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.tally: l.terms[string(key)] += w":                          "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.checkEntries: qm[i][qIdx[c]] += w":                         "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.checkEntries: km[i][kIdx[c]] += w":                         "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.checkEntries: countPositive(qm[i]) * countPositive(km[i])": "counts of values, at most maxPairs each",
	"proofs Space.checkEntries: 2*d - 1":                                     "an exponent, d_k ≤ 64 for a listed space",
	"proofs Space.termsIndependent: tm[i][l.termIndex[c]] += w":              "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs Space.termsIndependent: d - 1":                                   "an exponent",
	"proofs Space.termsIndependent: 2*i + 1":                                 "an index",
	"proofs Space.termsIndependent: int(k[2*i]) << 8":                        "decoding two bytes",
	"proofs Space.listedMarginal: tally[k] += w":                             "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs pairTally.add: t.dense[a*t.n+b] += w":                            "at most the total weight < 2⁶²: checkListable, TestRefusals",
	"proofs pairTally.add: t.tally[a*t.n+b] += w":                            "at most the total weight < 2⁶²: checkListable, TestRefusals",
	// Weights of one pair and sums of them: below 2⁶² by the constants.
	"proofs PairLaw.totalWeight: n += p.Weight":         "maxPairs weights of at most MaxMultiplicity²: TestWeightSumsFitInt64",
	"proofs NewPairLaw: m.Weight += p.Weight":           "two weights of at most maxPairWeight, checked after each sum",
	"proofs ProductPairs: x.Mult * y.Mult":              "two multiplicities of at most MaxMultiplicity: TestWeightSumsFitInt64",
	"proofs component.weight: n += ch.mult":             "maxPairs weights of at most MaxMultiplicity²: TestWeightSumsFitInt64",
	"proofs Space.tiedComponents: w += ch.mult":         "maxPairs weights of at most MaxMultiplicity²: TestWeightSumsFitInt64",
	"proofs Space.engineProblems: l.Mult += ch.mult":    "maxPairs weights of at most MaxMultiplicity² (TestWeightSumsFitInt64); NewAlphabet refuses a sum over MaxMultiplicity",
	"rational ParseAlphabet: mult *= 2":                 "a multiplicity of at most MaxMultiplicity, doubled once (±0): TestWeightSumsFitInt64",
	"rational Alphabet.Size: n += l.Mult":               "MaxLetters multiplicities of at most MaxMultiplicity: TestWeightSumsFitInt64",
	"rational NewAlphabet: c.Mult += l.Mult":            "two multiplicities of at most MaxMultiplicity, checked after each sum",
	"rational Scale.CheckPlaces: int64(places) * index": "decimal places times a root's index (a Scale's exponent's denominator)",
	"rational Value.Inv: v.index - 1":                   "a root's index",
	"rational Value.Root: rk - 1":                       "a root's index",
	"rational primeGroups: g.product *= uint64(p)":      "checked with bits.Mul64 before each product",
	"rational mayBePower: 2 * j * int64(p)":             "small primes: p below 10⁵, j below 100",
	"rational mayBePower: q - 1":                        "a small prime minus 1",
	"rational rootFloor: k - 1":                         "a root's index",
	"rational rootAbove: shift/k + int(whole)":          "a bit count",
}

// TestNoMachineIntegerOnExactPath type-checks the library packages and
// requires every flagged integer operation to be in exactAllowed, and every
// entry of exactAllowed to be still found.
func TestNoMachineIntegerOnExactPath(t *testing.T) {
	found := exactAnalyze(t)
	seen := map[string]bool{}
	for _, f := range found {
		if _, ok := exactAllowedPackages[f.pkg]; ok {
			continue
		}
		seen[f.key()] = true
		if _, ok := exactAllowed[f.key()]; !ok {
			t.Errorf("%s: machine-integer arithmetic on an exact path: make it big.Int, or prove its range with a test and list it in exactAllowed:\n\t%q: \"\",", f.pos, f.key())
		}
	}
	for k := range exactAllowed {
		require.True(t, seen[k], "exactAllowed lists %q, which the analyzer no longer finds: remove it", k)
	}
}

// exactAnalyze loads the library packages' export data with go list and
// type-checks each package's sources against it.
func exactAnalyze(t *testing.T) []exactFinding {
	root := filepath.Join("..", "..")
	cmd := exec.Command("go", append([]string{"list", "-deps", "-export", "-f", "{{.ImportPath}}\t{{.Export}}\t{{.Dir}}\t{{.Standard}}\t{{join .GoFiles \" \"}}"}, exactLibraryPackages...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		t.Fatalf("go list: %v\n%s", err, ee.Stderr)
	}
	require.NoError(t, err)
	require.NotEmpty(t, out)
	absRoot, err := filepath.Abs(root)
	require.NoError(t, err)
	exports := map[string]string{}
	type pkg struct {
		path, dir string
		files     []string
	}
	var targets []pkg
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		exports[f[0]] = f[1]
		if f[3] != "true" && strings.HasPrefix(f[0], "github.com/sqrtdk/sqrtdk/") && strings.HasPrefix(f[2], absRoot) && f[4] != "" {
			targets = append(targets, pkg{f[0], f[2], strings.Fields(f[4])})
		}
	}
	fset := token.NewFileSet()
	imp := exactImporter(fset, exports)
	var found []exactFinding
	for _, p := range targets {
		var files []*ast.File
		for _, name := range p.files {
			f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, 0)
			require.NoError(t, err)
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp}
		_, err := conf.Check(p.path, fset, files, info)
		require.NoError(t, err, "type-checking %s", p.path)
		short := strings.TrimPrefix(p.path, "github.com/sqrtdk/sqrtdk/")
		for _, f := range files {
			found = append(found, exactInspect(fset, info, short, f)...)
		}
	}
	slices.SortFunc(found, func(a, b exactFinding) int { return strings.Compare(a.pos, b.pos) })
	return found
}

// exactImporter imports packages from the export data go list gave.
func exactImporter(fset *token.FileSet, exports map[string]string) types.Importer {
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		e := exports[path]
		if e == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(e)
	})
}

// exactInspect flags, in one file, integer arithmetic flowing into math/big or
// rational and products or accumulations in 64-bit integers.
func exactInspect(fset *token.FileSet, info *types.Info, pkg string, f *ast.File) []exactFinding {
	var out []exactFinding
	seen := map[ast.Node]bool{}
	flag := func(fn string, n ast.Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		var b strings.Builder
		_ = exactPrintExpr(&b, fset, n)
		p := fset.Position(n.Pos())
		out = append(out, exactFinding{pkg: pkg, fn: fn, expr: b.String(), pos: fmt.Sprintf("%s/%s:%d", pkg, filepath.Base(p.Filename), p.Line)})
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		fn := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			fn = exactRecvName(fd.Recv.List[0].Type) + "." + fn
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if exactCallee(info, n.Fun) {
					for _, a := range n.Args {
						ast.Inspect(a, func(m ast.Node) bool {
							switch m := m.(type) {
							case *ast.FuncLit:
								return false
							case *ast.CallExpr:
								// A nested call into big is judged on its own;
								// a conversion such as int64(a*b) is looked into.
								if tv, ok := info.Types[m.Fun]; !ok || !tv.IsType() {
									return false
								}
							case *ast.BinaryExpr:
								if exactArith(m.Op) && exactVariableInteger(info, m) {
									flag(fn, m)
									return false
								}
							}
							return true
						})
					}
				}
			case *ast.BinaryExpr:
				if (n.Op == token.MUL || n.Op == token.SHL) && exactWide(info, n) {
					flag(fn, n)
					return false
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && (n.Tok == token.ADD_ASSIGN || n.Tok == token.MUL_ASSIGN || n.Tok == token.SHL_ASSIGN) && exactWide(info, n.Lhs[0]) {
					if tv, ok := info.Types[n.Rhs[0]]; !ok || tv.Value == nil || n.Tok != token.ADD_ASSIGN {
						flag(fn, n)
					}
				}
			}
			return true
		})
	}
	return out
}

func exactRecvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return exactRecvName(e.X)
	case *ast.IndexExpr:
		return exactRecvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func exactArith(op token.Token) bool {
	return op == token.MUL || op == token.ADD || op == token.SUB || op == token.SHL
}

// exactCallee reports whether a call's function is one of math/big's or
// rational's.
func exactCallee(info *types.Info, fun ast.Expr) bool {
	var obj types.Object
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			obj = sel.Obj()
		} else {
			obj = info.Uses[f.Sel]
		}
	case *ast.Ident:
		obj = info.Uses[f]
	}
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	p := obj.Pkg().Path()
	return p == "math/big" || p == "github.com/sqrtdk/sqrtdk/rational"
}

// exactVariableInteger reports whether an expression is a non-constant integer.
func exactVariableInteger(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value != nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// exactWide reports whether an expression is a non-constant int64 or uint64.
func exactWide(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value != nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Int64 || b.Kind() == types.Uint64)
}

// exactAllowedPackages are packages whose machine integers are a fast path
// proven in range elsewhere.
var exactAllowedPackages = map[string]string{
	"enumerate/internal/kernel": "the enumeration kernels count pairs in uint64 (and index with int): a worker's pairs stay below 2^62 (enumerate's maxWorkerPairBits, checked before enumerating), and kernel_test checks every kernel against a big.Int oracle",
}

// TestAnalyzerSeesTheIssuesOverflow: the analyzer flags the product of
// issue 35 (big.NewInt of two int64 weights multiplied), an int64
// accumulation of weights and a sum fed to SetInt64, and not the same
// arithmetic done in big.Int or on constants.
func TestAnalyzerSeesTheIssuesOverflow(t *testing.T) {
	const src = `package p

import "math/big"

type Pair struct{ Weight int64 }

func product(a, b Pair) *big.Int { return big.NewInt(a.Weight * b.Weight) }

func sum(m map[string]int64, p Pair) { m["x"] += p.Weight }

func set(x *big.Int, n, k int) { x.SetInt64(int64(n + k)) }

func fine(a, b Pair) *big.Int {
	const c = 3
	return new(big.Int).Mul(big.NewInt(a.Weight), big.NewInt(c*2))
}
`
	out, err := exec.Command("go", "list", "-export", "-f", "{{.ImportPath}}\t{{.Export}}", "math/big").Output()
	require.NoError(t, err)
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	_, err = (&types.Config{Importer: exactImporter(fset, map[string]string{f[0]: f[1]})}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	var keys []string
	for _, x := range exactInspect(fset, info, "p", file) {
		keys = append(keys, x.key())
	}
	require.Equal(t, []string{
		"p product: a.Weight * b.Weight",
		"p sum: m[\"x\"] += p.Weight",
		"p set: n + k",
	}, keys)
}

// exactPrintExpr writes a node as source text.
func exactPrintExpr(w io.Writer, fset *token.FileSet, n ast.Node) error {
	return printer.Fprint(w, fset, n)
}
