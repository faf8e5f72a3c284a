package shard

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

func mustAlphabet(t testing.TB, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	require.NoError(t, err, s)
	return a
}

// runShard enumerates slice i of n for every width, as `sqrtdk table --shard` does.
func runShard(t testing.TB, q, k string, widths []int, i, n int) *Result {
	t.Helper()
	r := &Result{Tool: "sqrtdk test", Command: "table", Q: mustAlphabet(t, q), K: mustAlphabet(t, k), Method: enumerate.BruteForce, Index: i, Count: n}
	if len(widths) == 1 {
		r.Command = "dist"
	}
	for _, d := range widths {
		p := enumerate.Problem{Q: r.Q, K: r.K, D: d}
		lo, hi, err := split.Range(p.Q, p.D, i, n)
		require.NoError(t, err)
		plan, err := enumerate.NewPlan(p, enumerate.BruteForce, enumerate.Options{Workers: 2})
		require.NoError(t, err)
		h, err := plan.BruteShard(context.Background(), i, n)
		require.NoError(t, err)
		nq, _ := split.QCount(p.Q, p.D)
		r.Parts = append(r.Parts, Part{D: d, Lo: lo, Hi: hi, QTotal: nq, Hist: h})
	}
	return r
}

func encode(t testing.TB, r *Result) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, r.Write(&b))
	return b.Bytes()
}

func decode(t testing.TB, name string, data []byte) File {
	t.Helper()
	r, err := Read(bytes.NewReader(data), name)
	require.NoError(t, err, "%s:\n%s", name, data)
	return File{Name: name, Result: r}
}

func TestWriteReadRoundTrip(t *testing.T) {
	r := runShard(t, "-1,0:2,1", "1/2,-3", []int{1, 3}, 1, 3)
	data := encode(t, r)
	got := decode(t, "s1.json", data)
	require.Equal(t, encode(t, got.Result), data, "re-encoded file differs")
	require.Equal(t, r.Q.String(), got.Result.Q.String())
	for i := range r.Parts {
		require.True(t, r.Parts[i].Hist.Equal(got.Result.Parts[i].Hist), "d_k = %d: wrote %v, read %v", r.Parts[i].D, r.Parts[i].Hist.Counts, got.Result.Parts[i].Hist.Counts)
	}
}

// TestMergeEqualsWhole checks that merging the slices of several splits
// gives, count by count, the single run's histograms.
func TestMergeEqualsWhole(t *testing.T) {
	for _, c := range []struct{ q, k string }{{"-1,1", "-1,1"}, {"-1,0,1", "-1,0,1"}, {"0,1", "-1,3"}, {"-2,1:4", "-2,1:4"}} {
		widths := []int{1, 2, 5}
		for _, n := range []int{1, 2, 7, 40} {
			t.Run(fmt.Sprintf("%s/%s/%d", c.q, c.k, n), func(t *testing.T) {
				var files []File
				for i := n - 1; i >= 0; i-- { // any order
					files = append(files, decode(t, fmt.Sprintf("s%d.json", i), encode(t, runShard(t, c.q, c.k, widths, i, n))))
				}
				m, err := Merge(files)
				require.NoError(t, err)
				require.Equal(t, 1, m.Count)
				for w, d := range widths {
					plan, err := enumerate.NewPlan(enumerate.Problem{Q: m.Q, K: m.K, D: d}, enumerate.BruteForce, enumerate.Options{})
					require.NoError(t, err)
					whole, err := plan.Distribution(context.Background())
					require.NoError(t, err)
					require.True(t, whole.Equal(m.Parts[w].Hist), "d_k = %d: merged %v, single run %v", d, m.Parts[w].Hist.Counts, whole.Counts)
				}
			})
		}
	}
}

// rewrite changes a shard file's contents with edit and, when reseal is
// set, recomputes its checksum, as a buggy or hand-editing producer would.
func rewrite(t testing.TB, data []byte, reseal bool, edit func(*document)) []byte {
	t.Helper()
	var doc document
	require.NoError(t, jsonUnmarshal(data, &doc))
	edit(&doc)
	if reseal {
		doc.SHA256 = doc.checksum()
	}
	return jsonMarshal(t, &doc)
}

func TestReadRefuses(t *testing.T) {
	good := encode(t, runShard(t, "-1,1", "-1,1", []int{4}, 1, 4))
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "is empty"},
		{"truncated", good[:len(good)/2], "bad JSON"},
		{"not JSON", []byte("d_k = 2 scores: [(-2, 4)]\n"), "bad JSON"},
		{"trailing data", append(append([]byte{}, good...), "{}"...), "data after the JSON document"},
		{"unknown field", bytes.Replace(good, []byte(`"format"`), []byte(`"extra": 1, "format"`), 1), "unknown field"},
		{"other format", rewrite(t, good, true, func(d *document) { d.Format = "other/2" }), "is not a sqrtdk-shard/1 file"},
		{"no checksum", rewrite(t, good, false, func(d *document) { d.SHA256 = "" }), "has no checksum"},
		{"count changed", rewrite(t, good, false, func(d *document) { d.Parts[0].Counts[2] = "17" }), "is corrupted"},
		{"slice changed", rewrite(t, good, false, func(d *document) { d.Shard.Index = 2 }), "is corrupted"},
		{"bit flip", bytes.Replace(good, []byte(`"-1"`), []byte(`"-3"`), 1), "is corrupted"},
		{"resealed wrong sum", rewrite(t, good, true, func(d *document) { d.Parts[0].Counts[2] = "17" }), "the counts add up to"},
		{"resealed wrong range", rewrite(t, good, true, func(d *document) { d.Parts[0].QLo = "0" }), "but slice 1/4 covers [4, 8)"},
		{"resealed bad alphabet", rewrite(t, good, true, func(d *document) { d.Q = []string{"1", "-1"} }), "not in canonical form"},
		{"resealed bad method", rewrite(t, good, true, func(d *document) { d.Method = "closed" }), "method"},
		{"resealed bad slice", rewrite(t, good, true, func(d *document) { d.Shard.Index = 4 }), "slice 4/4"},
		{"resealed leading zero", rewrite(t, good, true, func(d *document) { d.Parts[0].Counts[0] = "016" }), "canonical form"},
		{"resealed negative", rewrite(t, good, true, func(d *document) { d.Parts[0].Counts[0] = "-16" }), "canonical form"},
		{"resealed bad step", rewrite(t, good, true, func(d *document) { d.Parts[0].Step = "-2" }), "not positive"},
		{"resealed total", rewrite(t, good, true, func(d *document) { d.Parts[0].QTotal = "15" }), "q_total"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(c.data), "s1.json")
			require.Error(t, err, "accepted:\n%s", c.data)
			require.Contains(t, err.Error(), "shard file s1.json")
			require.Contains(t, err.Error(), c.want)
			require.NotContains(t, err.Error(), "\n")
		})
	}
}

func TestMergeRefuses(t *testing.T) {
	shard := func(q string, widths []int, i, n int) File {
		return decode(t, fmt.Sprintf("%s-%d-of-%d.json", q, i, n), encode(t, runShard(t, q, q, widths, i, n)))
	}
	s := func(i, n int) File { return shard("-1,1", []int{3}, i, n) }
	other := s(1, 3)
	other.Result.Tool = "sqrtdk v9"
	renamed := s(1, 3)
	renamed.Name = "copy.json"
	table := shard("-1,1", []int{3, 4}, 1, 3)
	cases := []struct {
		name  string
		files []File
		want  string
	}{
		{"none", nil, "no shard files given"},
		{"missing one", []File{s(0, 3), s(2, 3)}, "slice 1 of 3 is missing: 2 shard files given (-1,1-0-of-3.json, -1,1-2-of-3.json)"},
		{"missing several", []File{s(2, 5)}, "slices 0–1, 3–4 of 5 are missing"},
		{"duplicated", []File{s(0, 3), s(1, 3), renamed, s(2, 3)}, "shard files -1,1-1-of-3.json and copy.json are both slice 1/3: duplicated shard"},
		{"different N overlapping", []File{s(0, 2), s(1, 2), s(1, 4)}, "split the run into different numbers of slices (2 and 4); both cover q indices [2, 4) at d_k = 3, which would be counted twice"},
		{"different N", []File{s(0, 2), s(0, 4)}, "(2 and 4); both cover q indices [0, 2)"},
		{"other alphabet", []File{s(0, 3), shard("-1,0,1", []int{3}, 1, 3), s(2, 3)}, "are from different runs: q alphabet -1,1 and -1,0,1"},
		{"other widths", []File{shard("-1,1", []int{3, 5}, 0, 3), table}, "widths d_k = 3,5 and 3,4"},
		{"other command", []File{s(0, 3), table}, "command dist and table"},
		{"other tool", []File{s(0, 3), other, s(2, 3)}, `tool version "sqrtdk test" and "sqrtdk v9"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Merge(c.files)
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
}

// TestMergeRefusesGap builds shards that each claim a slice consistently
// but do not tile the q range, which Read's checks cannot see alone.
func TestMergeRefusesGap(t *testing.T) {
	a := decode(t, "a.json", encode(t, runShard(t, "-1,1", "-1,1", []int{3}, 0, 2)))
	b := decode(t, "b.json", encode(t, runShard(t, "-1,1", "-1,1", []int{3}, 1, 2)))
	b.Result.Parts[0].Lo = 5
	_, err := Merge([]File{a, b})
	require.ErrorContains(t, err, "q indices [4, 5) at d_k = 3 are in no shard file (gap before b.json)")
	b.Result.Parts[0].Lo = 3
	_, err = Merge([]File{a, b})
	require.ErrorContains(t, err, "shard file b.json overlaps the shard before it on q indices [3, 4)")
}

// TestShardFilesOnDisk writes and reads back through real files.
func TestShardFilesOnDisk(t *testing.T) {
	dir := t.TempDir()
	var files []File
	for i := range 3 {
		path := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		require.NoError(t, os.WriteFile(path, encode(t, runShard(t, "-1,1", "-1,1", []int{6}, i, 3)), 0o644))
		f, err := os.Open(path)
		require.NoError(t, err)
		r, err := Read(f, path)
		f.Close()
		require.NoError(t, err)
		files = append(files, File{Name: path, Result: r})
	}
	m, err := Merge(files)
	require.NoError(t, err)
	require.Equal(t, "4096", m.Parts[0].Hist.Total().String())
}
