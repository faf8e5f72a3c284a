package kernel

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
)

// oracle counts the pairs with q index in [lo, hi) one by one, straight
// from the definition: digit i of an index is coordinate i's letter, and a
// pair's index is Σ_i T[q_i][k_i].
func oracle(s Spec, lo, hi uint64) []uint64 {
	nq, nk := uint64(len(s.T)), uint64(len(s.T[0]))
	nkd := uint64(1)
	for range s.D {
		nkd *= nk
	}
	hist := make([]uint64, s.Size)
	for q := lo; q < hi; q++ {
		for k := range nkd {
			idx := 0
			for i, qq, kk := 0, q, k; i < s.D; i++ {
				idx += s.T[qq%nq][kk%nk]
				qq, kk = qq/nq, kk/nk
			}
			hist[idx]++
		}
	}
	return hist
}

// specOf returns the spec of table t at width d.
func specOf(d int, t [][]int) Spec {
	tMax := 0
	for _, row := range t {
		for _, v := range row {
			tMax = max(tMax, v)
		}
	}
	return Spec{D: d, T: t, Size: d*tMax + 1}
}

// randomTable returns an nq×nk table of entries in 0…tMax with 0 and tMax
// both present.
func randomTable(rng *rand.Rand, nq, nk, tMax int) [][]int {
	t := make([][]int, nq)
	for a := range t {
		t[a] = make([]int, nk)
		for b := range t[a] {
			t[a][b] = rng.IntN(tMax + 1)
		}
	}
	t[0][0], t[nq-1][nk-1] = 0, tMax
	return t
}

// qCount returns nq^d.
func qCount(s Spec) uint64 {
	n := uint64(1)
	for range s.D {
		n *= uint64(len(s.T))
	}
	return n
}

// kCount returns nk^d.
func kCount(s Spec) uint64 {
	n := uint64(1)
	for range s.D {
		n *= uint64(len(s.T[0]))
	}
	return n
}

// ranges returns q ranges that exercise a kernel: the first q, the last
// two, one in the middle and, when small enough, all of them.
func ranges(s Spec, rng *rand.Rand, maxPairs uint64) [][2]uint64 {
	nq := qCount(s)
	out := [][2]uint64{{0, 1}, {nq - min(nq, 2), nq}}
	if nq > 3 {
		lo := 1 + rng.Uint64N(nq-3)
		out = append(out, [2]uint64{lo, lo + 2})
	}
	if nq*kCount(s) <= maxPairs {
		out = append(out, [2]uint64{0, nq})
	}
	return out
}

// checkKernel compares k's tallies over the ranges with the oracle's, and
// its progress with the pairs of each range.
func checkKernel(t *testing.T, k Kernel, s Spec, rs [][2]uint64) {
	t.Helper()
	for _, r := range rs {
		var stop atomic.Bool
		var progress atomic.Uint64
		got := k.Tally(r[0], r[1], &stop, &progress)
		want := cachedOracle(s, r[0], r[1])
		require.Equal(t, want, got, "%s, q in [%d, %d): oracle (want) against kernel (got)", k.Name(), r[0], r[1])
		require.Equal(t, (r[1]-r[0])*kCount(s), progress.Load(), "%s: progress over q in [%d, %d)", k.Name(), r[0], r[1])
	}
}

// oracleCache holds the oracle's histograms by spec and range: the tests
// check several kernels and paths against each, and the oracle, pair by
// pair, is most of their time (under -race above all).
var oracleCache = map[string][]uint64{}

func cachedOracle(s Spec, lo, hi uint64) []uint64 {
	key := fmt.Sprint(s.D, s.T, s.Size, lo, hi)
	if h, ok := oracleCache[key]; ok {
		return h
	}
	h := oracle(s, lo, hi)
	oracleCache[key] = h
	return h
}

// paths lists the implementation levels this CPU runs.
func paths() []Path {
	var out []Path
	for _, p := range []Path{AVX512, AVX2, Portable} {
		if restore, ok := Force(p); ok {
			restore()
			out = append(out, p)
		}
	}
	return out
}

// TestKernelsMatchOracle checks every kernel kind, on every path this CPU
// runs, against the pair-by-pair oracle for tables of every shape the
// kinds treat differently.
func TestKernelsMatchOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cases := []struct {
		name string
		d    int
		t    [][]int
	}{
		{"±1", 7, [][]int{{1, 0}, {0, 1}}},
		{"±1 wide", 12, [][]int{{1, 0}, {0, 1}}},
		{"±a against ±b", 10, [][]int{{0, 3}, {3, 0}}},
		{"two letters", 10, [][]int{{0, 1}, {1, 3}}},
		{"two letters, weighted lattice", 9, [][]int{{0, 5}, {12, 17}}},
		{"three letters", 6, [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}},
		{"three letters, one", 1, [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}},
		{"four letters", 5, randomTable(rng, 4, 4, 9)},
		{"q two, k three", 7, randomTable(rng, 2, 3, 3)},
		{"q three, k two", 8, randomTable(rng, 3, 2, 2)},
		{"one q letter", 6, [][]int{{0, 2, 1}}},
		{"one k letter", 5, [][]int{{0}, {3}}},
		{"five letters", 4, randomTable(rng, 5, 5, 20)},
	}
	for _, c := range cases {
		s := specOf(c.d, c.t)
		rs := ranges(s, rng, 1<<22)
		for _, p := range paths() {
			restore, _ := Force(p)
			kinds := []Kind{GrayCode}
			if len(c.t) == 2 && len(c.t[0]) == 2 {
				kinds = append(kinds, BitPair)
				if c.t[0][0] == c.t[1][1] && c.t[0][1] == c.t[1][0] {
					kinds = append(kinds, XorPopcount)
				}
			}
			if planSliced(s) != nil {
				kinds = append(kinds, SlicedIndex)
			}
			for _, kind := range kinds {
				k := New(kind, s)
				t.Run(fmt.Sprintf("%s/d=%d/%s/%s", c.name, c.d, p, k.Name()), func(t *testing.T) {
					checkKernel(t, k, s, rs)
				})
			}
			restore()
		}
	}
}

// TestSlicedShapes checks the sliced-index kernel on every path this CPU
// runs, with one to eight words of lanes, indices of one to eight bits
// (so every generated tally, and largest indices just below and above a
// check of the tally's early exit), blocks that cover all of k, and
// padding lanes in every word count; on AVX-512 the words per block are as
// listed.
func TestSlicedShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		d, nq, nk, tMax int
		words           int // expected 512-lane words per block on AVX-512
	}{
		{1, 2, 3, 1, 1},    // one block per q, 509 padding lanes; largest index 1
		{2, 3, 3, 1, 1},    // 2
		{3, 3, 3, 2, 1},    // 6
		{5, 3, 3, 2, 1},    // 10: past the first check of the tally
		{7, 3, 3, 2, 5},    // 2187 of 2560 lanes (all of k); 14
		{8, 3, 3, 3, 5},    // 24: at a check
		{7, 3, 4, 9, 2},    // 63
		{6, 4, 4, 20, 2},   // 1024 lanes; 120
		{5, 4, 4, 51, 2},   // 1024 lanes; 255, the largest there is
		{4, 3, 5, 60, 2},   // 625 lanes; 240
		{4, 2, 6, 30, 3},   // 1296 lanes in three words
		{3, 2, 12, 40, 4},  // 1728 lanes in four words
		{10, 2, 3, 1, 5},   // q of two letters against three
		{4, 7, 7, 63, 5},   // 2401 of 2560 lanes; 252
		{6, 3, 3, 2, 2},    // 729 of 1024 lanes (all of k)
		{9, 2, 2, 3, 1},    // two letters, beside xor-popcount and bit-pair; 27
		{12, 2, 2, 21, 1},  // 252
		{3, 40, 40, 12, 4}, // large alphabets: 1600 of 2048 lanes; 36
	}
	for _, c := range cases {
		s := specOf(c.d, randomTable(rng, c.nq, c.nk, c.tMax))
		rs := ranges(s, rng, 1<<21)
		for _, p := range paths() {
			restore, _ := Force(p)
			x := planSliced(s)
			restore()
			require.NotNil(t, x, "d=%d %dx%d tMax=%d", c.d, c.nq, c.nk, c.tMax)
			lanes := 1
			for range x.h {
				lanes *= c.nk
			}
			require.Equal(t, lanes, x.lanes)
			require.Equal(t, bits.Len(uint(c.d*c.tMax)), x.nb, "index bits")
			require.Equal(t, (lanes+x.wordLanes()-1)/x.wordLanes(), x.nw, "words per block")
			if p == AVX512 {
				require.Equal(t, c.words, x.nw, "d=%d %dx%d: words per block", c.d, c.nq, c.nk)
			}
			t.Run(fmt.Sprintf("%s/d=%d/%dx%d/tmax=%d/%s", p, c.d, c.nq, c.nk, c.tMax, x.Name()), func(t *testing.T) {
				checkKernel(t, x, s, rs)
			})
		}
	}
}

// TestSlicedChunks checks, on every path, that a q whose blocks span
// several calls of the kernel (chunks) is tallied exactly once, and that
// counts far beyond what the AVX2 kernel's byte counters hold between two
// flushes come out exact.
func TestSlicedChunks(t *testing.T) {
	s := specOf(16, [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}})
	// q = 2…2: every k_i meets letter 2, whose row is (0, 1, 2): the
	// index of k is the sum of its letters, a trinomial distribution.
	want := make([]uint64, s.Size)
	want[0] = 1
	for range s.D {
		next := make([]uint64, s.Size)
		for v, n := range want {
			for b := range 3 {
				if n > 0 {
					next[v+b] += n
				}
			}
		}
		want = next
	}
	for _, p := range paths() {
		restore, _ := Force(p)
		x := planSliced(s)
		restore()
		require.NotNil(t, x)
		require.Greater(t, x.nBlocks*x.lanes, chunkPairs, "one q spans several chunks")
		var stop atomic.Bool
		q := qCount(s) - 1
		require.Equal(t, want, x.Tally(q, q+1, &stop, nil), x.Name())
	}
}

// TestForChoosesByCost checks the kind For picks on every path: the ±1
// kernel for ±1 from d = 14 on AVX-512 and AVX2 (its Gray update of the
// lanes' counts costs less than adding each block's value), the
// sliced-index kernel for other alphabets wherever its words fill and its
// indices stay below 256 (and for ±1 in plain Go, where the two cost
// about the same), the Gray walk where the lanes would mostly be padding
// or the indices are too large.
func TestForChoosesByCost(t *testing.T) {
	pm := [][]int{{1, 0}, {0, 1}}
	pair := [][]int{{0, 1}, {1, 3}}
	three := [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}
	// 100 letters: 100 lanes of a word when k's lanes hold one coordinate
	// (10000 would not fit), and 249 subsets of index bits to count per word.
	wide := make([][]int, 100)
	for a := range wide {
		wide[a] = make([]int, 100)
		for b := range wide[a] {
			wide[a][b] = (a * b) % 84
		}
	}
	for _, p := range paths() {
		restore, _ := Force(p)
		pmKind := XorPopcount
		if p == Portable {
			pmKind = SlicedIndex
		}
		for _, d := range []int{14, 16, 18, 20} {
			require.Equal(t, pmKind, For(specOf(d, pm)), "%s: ±1 at d=%d", p, d)
		}
		for _, c := range []struct {
			d int
			t [][]int
		}{{16, pair}, {10, three}} {
			require.Equal(t, SlicedIndex, For(specOf(c.d, c.t)), "%s: d=%d %v", p, c.d, c.t)
		}
		require.Contains(t, New(SlicedIndex, specOf(10, three)).Name(), map[Path]string{AVX512: "AVX-512", AVX2: "AVX2", Portable: "portable"}[p])
		require.Contains(t, New(XorPopcount, specOf(16, pm)).Name(), map[Path]string{AVX512: "AVX-512", AVX2: "AVX2", Portable: "portable"}[p])
		require.Equal(t, GrayCode, For(specOf(3, wide)), "%s: 100 lanes of a word in use, 249 subsets", p)
		require.Equal(t, GrayCode, For(specOf(130, three)), "%s: indices of 260", p)
		require.Nil(t, planSliced(specOf(34, pm)), "%s: 2^25 blocks per q or more", p)
		require.NotNil(t, planSliced(specOf(30, pm)), "%s: at most 2^24 blocks per q", p)
		require.True(t, strings.HasPrefix(New(SlicedIndex, specOf(130, three)).Name(), "gray-code"), "the Gray walk stands in")
		restore()
	}
}

func TestMobius(t *testing.T) {
	// Lane values 0, 3, 3, 5, 6, 7: f[S] counts the values ⊇ S.
	values := []int{0, 3, 3, 5, 6, 7}
	f := make([]uint64, 8)
	for s := range f {
		for _, v := range values {
			if v&s == s {
				f[s]++
			}
		}
	}
	supersetMobius(f)
	require.Equal(t, []uint64{1, 0, 0, 2, 0, 1, 1, 1}, f)
}

func TestNamesNeverPanic(t *testing.T) {
	require.Equal(t, "sliced-index", SlicedIndex.String())
	require.Equal(t, "Kind(9)", Kind(9).String())
	require.Equal(t, "portable", Portable.String())
	require.Equal(t, "Path(?)", Path(7).String())
}

// TestGraySplitMatchesOracle checks the Gray-code kernel with its walk
// split at every possible point between the tabulated low coordinates and
// the high walk.
func TestGraySplitMatchesOracle(t *testing.T) {
	for _, c := range []struct {
		name string
		t    [][]int
	}{
		{"three letters", [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}},
		{"four letters", [][]int{{0, 3, 6, 9}, {3, 4, 5, 6}, {6, 5, 4, 3}, {9, 6, 3, 0}}},
		{"one q letter, three k", [][]int{{0, 2, 1}}},
		{"two q letters, one k", [][]int{{0}, {3}}},
	} {
		s := specOf(5, c.t)
		for _, maxSteps := range []int{1, 2, 3, 9, 10, 26, 80, 1 << 14} {
			g := newGrayKernelSplit(s.D, s.T, s.Size, maxSteps)
			t.Run(fmt.Sprintf("%s/steps=%d/low=%d", c.name, maxSteps, g.low), func(t *testing.T) {
				checkKernel(t, g, s, [][2]uint64{{0, qCount(s)}})
			})
		}
	}
}

// TestBitPairPathsAgree checks the AVX-512 two-letter kernel against the
// portable one for sampled q, including widths where one of its counts
// exceeds 16 (the carry-save trees' second round), and against the oracle
// at the narrower widths.
func TestBitPairPathsAgree(t *testing.T) {
	if restore, ok := Force(AVX512); ok {
		restore()
	} else {
		t.Skip("no AVX-512 on this CPU")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	table := [][]int{{0, 3}, {5, 14}}
	widths := []int{9, 12, 17, 20}
	if !testing.Short() {
		widths = append(widths, 25)
	}
	for _, d := range widths {
		s := specOf(d, table)
		restore, _ := Force(AVX512)
		fast := New(BitPair, s)
		restore()
		restore, _ = Force(Portable)
		portable := New(BitPair, s)
		restore()
		require.Contains(t, fast.Name(), "AVX-512")
		require.Contains(t, portable.Name(), "portable")
		nq := qCount(s)
		for _, lo := range []uint64{0, nq - 2, rng.Uint64N(nq - 2)} {
			t.Run(fmt.Sprintf("d=%d/q=%d", d, lo), func(t *testing.T) {
				var stop atomic.Bool
				want := portable.Tally(lo, lo+2, &stop, nil)
				if d <= 12 {
					want = oracle(s, lo, lo+2)
				}
				require.Equal(t, want, fast.Tally(lo, lo+2, &stop, nil), "portable or oracle (want) against AVX-512 (got)")
			})
		}
	}
}

// TestCancels stops long runs of every kernel once they have tallied some
// pairs, and checks what stopping promises: Tally returns within 2 s of the
// stop (the project's bound for any signal), having tallied fewer pairs than the range holds (a kernel that
// ignored the flag would run for minutes), and its histogram holds exactly
// the pairs it reported as progress.
func TestCancels(t *testing.T) {
	three := [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}
	for _, c := range []struct {
		kind Kind
		d    int
		t    [][]int
	}{
		{XorPopcount, 24, [][]int{{1, 0}, {0, 1}}}, {BitPair, 20, [][]int{{0, 1}, {1, 3}}},
		{GrayCode, 14, three}, {SlicedIndex, 16, three}, {SlicedIndex, 22, [][]int{{1, 0}, {0, 1}}},
	} {
		s := specOf(c.d, c.t)
		for _, p := range paths() {
			restore, _ := Force(p)
			k := New(c.kind, s)
			restore()
			t.Run(fmt.Sprintf("%s/%s", p, k.Name()), func(t *testing.T) {
				var stop atomic.Bool
				var progress atomic.Uint64
				done := make(chan []uint64)
				go func() { done <- k.Tally(0, qCount(s), &stop, &progress) }()
				for progress.Load() == 0 {
					time.Sleep(time.Millisecond)
				}
				stop.Store(true)
				var hist []uint64
				select {
				case hist = <-done:
				case <-time.After(deadlinetest.Scaled(2 * time.Second)):
					t.Fatal("Tally still running 2 s (times the load factor) after the stop")
				}
				var tallied uint64
				for _, n := range hist {
					tallied += n
				}
				require.Positive(t, tallied)
				require.Less(t, tallied, qCount(s)*kCount(s), "stopped early")
				require.Equal(t, progress.Load(), tallied, "progress (want) against the histogram's pairs (got)")
			})
		}
	}
}

// TestKernelMemoryBounded checks that every kernel For chooses holds, in
// one Tally, at most its histograms and maxTallyBytes, at every width: the
// sliced-index kernel once kept a value per block, nk^(D−h) of them, and
// allocated 2 TB at d_k = 50 (its block count overflowed past 255).
func TestKernelMemoryBounded(t *testing.T) {
	pm := [][]int{{1, 0}, {0, 1}}
	three := [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}
	check := func() {
		for _, table := range [][][]int{pm, three} {
			for d := 1; d <= 255; d++ {
				s := specOf(d, table)
				k := New(For(s), s)
				shared, per := k.Bytes()
				require.LessOrEqual(t, shared, int64(maxTallyBytes), "d=%d %s", d, k.Name())
				require.LessOrEqual(t, per, int64(histCopies+1)*int64(s.Size)*8+maxTallyBytes, "d=%d %s", d, k.Name())
				require.Positive(t, per, "d=%d %s", d, k.Name())
			}
		}
	}
	if restore, ok := Force(AVX512); ok {
		check()
		require.NotNil(t, planSliced(specOf(30, pm)), "sliced-index at d = 30 for ±1")
		require.Nil(t, planSliced(specOf(50, pm)), "and not at d = 50, where it needs a value for each of 2^39 blocks")
		restore()
	}
	restore, _ := Force(Portable)
	defer restore()
	check()
}

// TestGODEBUGSelectsPath checks what bench/paths.py rests on: GODEBUG
// switches the CPU features off for the kernels, so that one AVX-512
// machine times the AVX2 and plain Go paths that other CPUs run. It runs
// this test binary again with each setting and reads the path it reports.
func TestGODEBUGSelectsPath(t *testing.T) {
	if os.Getenv("SQRTDK_REPORT_PATH") == "1" {
		fmt.Printf("path: %s\n", slicedImpls[slicedImplForCPU()].name)
		return
	}
	if !hasAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	for godebug, want := range map[string]string{
		"":                             "AVX-512",
		"cpu.avx512f=off":              "AVX2",
		"cpu.avx512f=off,cpu.avx2=off": "portable",
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUGSelectsPath$")
		cmd.Env = append(os.Environ(), "GODEBUG="+godebug, "SQRTDK_REPORT_PATH=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "path: "+want+"\n", "GODEBUG=%s", godebug)
	}
}

// TestPortableSlicedEveryVariant runs the plain-Go sliced-index kernel at
// every largest index nv from 1 to 63, so that each of its generated
// variants (one per group of exitEvery subsets, see gen_portable.go)
// tallies, against the oracle: tables of D ≤ 3 coordinates whose largest
// entry times D is nv.
func TestPortableSlicedEveryVariant(t *testing.T) {
	restore, _ := Force(Portable)
	defer restore()
	rng := rand.New(rand.NewPCG(36, 63))
	for nv := 1; nv <= 63; nv++ {
		d := 3
		for nv%d != 0 {
			d--
		}
		s := specOf(d, randomTable(rng, 2+nv%2, 3, nv/d))
		x := planSliced(s)
		require.NotNil(t, x, "nv=%d", nv)
		require.Equal(t, nv, x.nv)
		checkKernel(t, x, s, ranges(s, rng, 1<<12))
	}
}
