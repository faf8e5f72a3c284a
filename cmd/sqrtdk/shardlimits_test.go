package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestShardWriterAndReaderAgree runs shard runs at the edges of what the
// command accepts and merges each file the run wrote: whatever a shard
// run writes, merge must read, and print what the single run prints. A
// shard run may refuse its input, but then it writes nothing.
func TestShardWriterAndReaderAgree(t *testing.T) {
	dir := t.TempDir()
	long := "0." + strings.Repeat("3", 199)
	manyWidths := strings.TrimSuffix(strings.Repeat("1,", 1000), ",")
	var letters64 []string
	for i := range 64 {
		letters64 = append(letters64, fmt.Sprint(i-32))
	}
	cases := [][]string{
		{"dist", "--values", "±0:50", "--d", "1"},
		{"dist", "--values", "±0:1000000", "--d", "1"},
		{"dist", "--values", "0:100,1", "--d", "1"},
		{"dist", "--values", long + ",-1", "--d", "2"},
		{"dist", "--values", "1/" + strings.Repeat("7", 200) + ",-1", "--d", "2"},
		{"dist", "--values", "-" + strings.Repeat("9", 200) + ",1", "--d", "2"},
		{"dist", "--values", strings.Join(letters64, ","), "--d", "2"},
		{"dist", "--values", "1", "--k-values", "0", "--d", "5"},
		{"dist", "--values", "±1", "--d", "31"},
		{"table", "--d", manyWidths},
		{"table", "--d", manyWidths + ",1"},
		{"table", "--values", "-1,0:3,1/2", "--k-values", "2,-1/3:2", "--d", "1,2,3,2,1"},
	}
	// Random alphabets of a few letters, small enough to enumerate at once.
	rng := rand.New(rand.NewPCG(13, 13))
	for range 24 {
		var q []string
		for range 1 + rng.IntN(4) {
			v := fmt.Sprintf("%d/%d", rng.IntN(41)-20, 1+rng.IntN(12))
			if rng.IntN(3) == 0 {
				v += fmt.Sprintf(":%d", 1+rng.IntN(5))
			}
			q = append(q, v)
		}
		cases = append(cases, []string{"table", "--values", strings.Join(q, ","), "--k-values", q[0] + ",1", "--d", fmt.Sprint(1 + rng.IntN(4))})
	}
	written := 0
	for i, args := range cases {
		name := fmt.Sprintf("%d %s", i, strings.Join(shorten(args), " "))
		var files []string
		refused := false
		for s := range 2 {
			file := filepath.Join(dir, fmt.Sprintf("c%d-s%d.json", i, s))
			_, stderr, code := runBin(t, append(append([]string{}, args...), "--shard", fmt.Sprintf("%d/2", s), "-o", file)...)
			if code != 0 {
				require.Equal(t, 2, code, "%s: %s", name, stderr)
				require.Empty(t, names(t, dir), "%s: a refused run left a file", name)
				refused = true
				break
			}
			files = append(files, file)
		}
		if refused {
			continue
		}
		written++
		merged, stderr, code := runBin(t, append([]string{"merge"}, files...)...)
		require.Equal(t, 0, code, "%s: merge refused what the shard runs wrote: %s", name, stderr)
		single, stderr, code := runBin(t, append(append([]string{}, args...), "--method", "brute")...)
		require.Equal(t, 0, code, "%s: %s", name, stderr)
		require.Equal(t, single, merged, name)
		for _, f := range files {
			require.NoError(t, removeFile(f))
		}
	}
	t.Logf("%d shard runs written and merged, %d refused", written, len(cases)-written)
	require.Greater(t, written, 25)
}

func removeFile(path string) error { return os.Remove(path) }

func countLines(s string) int { return strings.Count(s, "\n") }

// names lists the names in dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
