package shard

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestReadRefusesResealedEdits edits shard files as a person would,
// recomputes their checksums, and requires each edit that breaks what the
// alphabets force to be refused when the file is read.
func TestReadRefusesResealedEdits(t *testing.T) {
	good := encode(t, runShard(t, "-1,1", "-1,1", []int{4}, 1, 4))
	skewed := encode(t, runShard(t, "0,1,3", "1", []int{1}, 0, 1))
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"counts moved between bins (asymmetric ±1)", rewrite(t, good, true, func(d *document) {
			d.Parts[0].Counts[0], d.Parts[0].Counts[1] = add(d.Parts[0].Counts[0], 1), add(d.Parts[0].Counts[1], -1)
		}), "is symmetric about 0"},
		{"base 1/3, step 7", rewrite(t, good, true, func(d *document) { d.Parts[0].Base, d.Parts[0].Step = "1/3", "7" }),
			"is not the one these alphabets give (base -4, step 2)"},
		{"base shifted", rewrite(t, good, true, func(d *document) { d.Parts[0].Base = "-2" }), "not the one these alphabets give"},
		{"step halved", rewrite(t, good, true, func(d *document) { d.Parts[0].Step = "1" }), "not the one these alphabets give"},
		{"a count too many", rewrite(t, good, true, func(d *document) { d.Parts[0].Counts = append(d.Parts[0].Counts, "0") }),
			"more than the 5 counts of the score lattice"},
		{"a count too few", rewrite(t, good, true, func(d *document) { d.Parts[0].Counts = d.Parts[0].Counts[:4] }), "the counts add up to"},
		{"count at a score no pair has", rewrite(t, skewed, true, func(d *document) {
			d.Parts[0].Counts[2], d.Parts[0].Counts[3] = "1", "0"
		}), "score 2 has count 1, but no pair of these alphabets has that score"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(c.data), "s1.json")
			require.Error(t, err, "accepted:\n%s", c.data)
			assert.Contains(t, err.Error(), "is inconsistent")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// add adds n to the decimal count s.
func add(s string, n int64) string {
	v, _ := new(big.Int).SetString(s, 10)
	return v.Add(v, big.NewInt(n)).String()
}

// TestMergeRefusesWhatTheAlphabetsForbid edits every slice consistently
// (symmetric, on the support, the right total) so that each file reads,
// but the merged distribution's variance is not the alphabets'.
func TestMergeRefusesWhatTheAlphabetsForbid(t *testing.T) {
	var files []File
	for i := range 2 {
		data := encode(t, runShard(t, "-1,1", "-1,1", []int{4}, i, 2))
		if i == 1 {
			// Adding 1 at ±4 and taking 1 from ±2 keeps the total and the
			// symmetry, and widens the distribution.
			data = rewrite(t, data, true, func(d *document) {
				c := d.Parts[0].Counts
				c[0], c[2], c[4] = add(c[0], 1), add(c[2], 0), add(c[4], 1)
				c[1], c[3] = add(c[1], -1), add(c[3], -1)
			})
		}
		files = append(files, decode(t, fmt.Sprintf("s%d.json", i), data))
	}
	_, err := Merge(files)
	require.ErrorContains(t, err, "the merged distribution at d_k = 4 is not one these alphabets can give (the merged variance of q·k is 131/32, but these alphabets give d·(E[q²]·E[k²] − E[q]²·E[k]²) = 4)")
}

// TestForcedWhole checks the merged-distribution checks on histograms
// built by hand, one for each property.
func TestForcedWhole(t *testing.T) {
	// Q = {0, 1, 2, 3, 4} each ten times, K = {1}, d = 1: ten pairs at
	// each score. [16, 0, 4, 28, 2] has the same total, mean and
	// variance, but never scores 1, which pairs do.
	q := mustAlphabet(t, "0:10,1:10,2:10,3:10,4:10")
	k := mustAlphabet(t, "1")
	f, err := newForced(enumerate.Problem{Q: q, K: k, D: 1})
	require.NoError(t, err)
	require.Equal(t, 5, f.popcount())
	hist := func(counts ...int64) *rational.Histogram {
		h := &rational.Histogram{Base: new(big.Rat), Step: big.NewRat(1, 1)}
		for _, c := range counts {
			h.Counts = append(h.Counts, big.NewInt(c))
		}
		return h
	}
	require.NoError(t, f.checkWhole(hist(10, 10, 10, 10, 10)))
	assert.ErrorContains(t, f.checkWhole(hist(16, 0, 4, 28, 2)), "score 1 has no pair in the merged counts")
	assert.ErrorContains(t, f.checkWhole(hist(10, 10, 10, 10, 11)), "add up to 51, not the 50 pairs")
	assert.ErrorContains(t, f.checkWhole(hist(9, 11, 10, 10, 10)), "the merged mean of q·k is 101/50")

	// Q symmetric, K not: a slice need not be symmetric, the whole must.
	sym, err := newForced(enumerate.Problem{Q: mustAlphabet(t, "-1,1"), K: mustAlphabet(t, "1,2"), D: 1})
	require.NoError(t, err)
	h := &rational.Histogram{Base: big.NewRat(-2, 1), Step: big.NewRat(1, 1), Counts: []*big.Int{big.NewInt(1), big.NewInt(1), big.NewInt(0), big.NewInt(0), big.NewInt(0)}}
	require.NoError(t, sym.checkSlice(h), "a slice of q = (-1) is not symmetric, and need not be")
	h.Counts = []*big.Int{big.NewInt(1), big.NewInt(1), big.NewInt(0), big.NewInt(1), big.NewInt(1)}
	require.NoError(t, sym.checkWhole(h))
	// Moving counts between 1 and 2 keeps total and mean; the variance and
	// symmetry catch it.
	h.Counts = []*big.Int{big.NewInt(1), big.NewInt(1), big.NewInt(0), big.NewInt(2), big.NewInt(0)}
	assert.Error(t, sym.checkWhole(h))
}

// TestSupport checks the attainable scores against brute force over
// every pair at small widths.
func TestSupport(t *testing.T) {
	for _, c := range []struct {
		q, k string
		d    int
	}{{"-1,1", "-1,1", 3}, {"0,1,3", "1", 3}, {"0,1,3", "-2,5", 2}, {"1/2,-3", "-1,0:2,1", 2}, {"0", "7", 4}} {
		prob := enumerate.Problem{Q: mustAlphabet(t, c.q), K: mustAlphabet(t, c.k), D: c.d}
		f, err := newForced(prob)
		require.NoError(t, err)
		plan, err := enumerate.NewPlan(prob, enumerate.BruteForce, enumerate.Options{})
		require.NoError(t, err)
		h := runShard(t, c.q, c.k, []int{c.d}, 0, 1).Parts[0].Hist
		require.Equal(t, f.size, len(h.Counts))
		for i, n := range h.Counts {
			assert.Equal(t, n.Sign() != 0, f.attainable(i), "%s × %s at d = %d, index %d", c.q, c.k, c.d, i)
		}
		_ = plan
	}
}

// TestReadRefusesDuplicateAndMisspeltKeys: encoding/json would take the
// last of two equal keys and match keys in any case; a shard file may have
// each key once, spelt exactly.
func TestReadRefusesDuplicateAndMisspeltKeys(t *testing.T) {
	good := encode(t, runShard(t, "-1,1", "-1,1", []int{4}, 1, 4))
	replace := func(old, new string) []byte {
		require.Contains(t, string(good), old)
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"format twice", replace(`"tool"`, `"format": "sqrtdk-shard/1", "tool"`), `key "format" appears twice`},
		{"command twice", replace(`"q":`, `"command": "table", "q":`), `key "command" appears twice`},
		{"sha256 twice", replace(`"sha256"`, `"sha256": "00", "sha256"`), `key "sha256" appears twice`},
		{"d twice", replace(`"q_lo"`, `"d": 5, "q_lo"`), `key "d" appears twice`},
		{"index twice", replace(`"count": 4`, `"index": 2, "count": 4`), `key "index" appears twice`},
		{"capital key", replace(`"method"`, `"Method"`), `key "Method" is not "method": keys are lower-case`},
		{"upper-case key", replace(`"counts"`, `"COUNTS"`), `key "COUNTS" is not "counts"`},
		{"out of order", replace(`"tool": "sqrtdk test",
  "command": "dist",`, `"command": "dist",
  "tool": "sqrtdk test",`), `key "tool" comes before "command"`},
		{"missing key", replace(`"method": "brute",`, ``), `key "method" comes before "shard"`},
		{"extra key at the end", replace(`"sha256"`, `"zzz": 1, "sha256"`), `unknown field "zzz"`},
		{"extra key after the checksum", bytes.Replace(good, []byte("\n}"), []byte(`, "extra": 1}`), 1), `unknown field "extra"`},
		{"number as string", replace(`"d": 4`, `"d": "4"`), `d should be a number, not the string "4"`},
		{"fraction width", replace(`"d": 4`, `"d": 4.0`), `d 4.0 is not an integer`},
		{"array for object", replace(`"shard": {`, `"shard": [`), `shard should be an object, not "["`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(c.data), "s1.json")
			require.Error(t, err, "accepted:\n%s", c.data)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}

// TestReadQuotesLittle feeds files whose wrong parts are long and requires
// every message to quote at most a few dozen characters of them.
func TestReadQuotesLittle(t *testing.T) {
	good := encode(t, runShard(t, "-1,1", "-1,1", []int{4}, 1, 4))
	long := strings.Repeat("x", 100_000)
	for _, data := range [][]byte{
		bytes.Replace(good, []byte(`"tool"`), []byte(`"`+long+`"`), 1),
		bytes.Replace(good, []byte(`"sqrtdk test"`), []byte(`"`+long+`"`), 1),
		bytes.Replace(good, []byte(`"dist"`), []byte(`"`+long+`"`), 1),
		bytes.Replace(good, []byte(`"sqrtdk-shard/1"`), []byte(`"`+long+`"`), 1),
		rewrite(t, good, true, func(d *document) { d.Q = []string{long} }),
		rewrite(t, good, true, func(d *document) { d.Parts[0].Base = long }),
		rewrite(t, good, true, func(d *document) { d.Parts[0].QLo = long }),
		rewrite(t, good, true, func(d *document) { d.Parts[0].Counts[0] = long }),
		rewrite(t, good, true, func(d *document) { d.Tool = long[:150] + "\x01" }),
		[]byte(long),
		[]byte(`{"` + long + ``),
		[]byte(`{"format": ` + strings.Repeat("9", 100_000) + `}`),
	} {
		_, err := Read(bytes.NewReader(data), "s.json")
		require.Error(t, err)
		assert.Less(t, len(err.Error()), 300, "a message quotes too much: %.400s", err)
	}
}

// garbageReader streams a valid header followed by n counts "1", as a
// file grown far beyond any lattice would be.
func garbageReader(n int) io.Reader {
	head := `{"format": "sqrtdk-shard/1", "tool": "t", "command": "dist", "q": ["-1", "1"], "k": ["-1", "1"], "method": "brute",
"shard": {"index": 0, "count": 1}, "parts": [{"d": 4, "q_lo": "0", "q_hi": "16", "q_total": "16", "base": "-4", "step": "2", "counts": [`
	body := io.LimitReader(repeatReader(`"1",`), int64(4*n))
	return io.MultiReader(strings.NewReader(head), body, strings.NewReader(`"1"]}], "sha256": "0"}`))
}

type repeatReader string

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r[i%len(r)]
	}
	return len(p) - len(p)%len(r), nil
}

// TestReadMemoryStaysSmall streams 8 MB of counts past the lattice
// through Read and samples the heap: a reader that holds the file, or
// decodes it whole, needs tens of megabytes; a streaming one a few.
func TestReadMemoryStaysSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 2 million tokens")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()
	_, err := Read(garbageReader(2_000_000), "garbage.json")
	close(done)
	require.Error(t, err)
	grew := int64(peak.Load()) - int64(base.HeapInuse)
	t.Logf("%v; heap grew by %d MB at most", err, grew>>20)
	assert.Less(t, grew, int64(16<<20), "the reader held the file in memory")
}
