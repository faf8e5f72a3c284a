package shard

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// TestMergeFilesHoldsOneFileAndTheSum reproduces, at a smaller scale,
// issue 22's four 218 MB shards whose merge took 4.9 GB: every file was
// read whole, and every count kept in an Int of its own, before the sum.
// A Merger reads one file at a time into the running sum, zero counts
// share one Int, and a memory limit refuses a merge it cannot hold with
// the numbers, before holding more.
func TestMergerHoldsOneFileAndTheSum(t *testing.T) {
	dir := t.TempDir()
	// Scores 0, 1 and 100000: a lattice of 100001 points at d_k = 1,
	// nearly all of them zero.
	var names []string
	for i := range 4 {
		data := encode(t, runShard(t, "0,1", "0,1,100000", []int{1}, i, 4))
		name := filepath.Join(dir, "s"+string(rune('0'+i))+".json")
		require.NoError(t, os.WriteFile(name, data, 0o644))
		names = append(names, name)
	}
	whole := runShard(t, "0,1", "0,1,100000", []int{1}, 0, 1)
	mergeFiles := func(maxBytes int64) (*Result, error) {
		var m Merger
		for _, name := range names {
			f, err := os.Open(name)
			require.NoError(t, err)
			r, err := ReadLimited(f, name, maxBytes-m.Held())
			f.Close()
			if err != nil {
				return nil, err
			}
			if err := m.Add(File{Name: name, Result: r}); err != nil {
				return nil, err
			}
		}
		return m.Result()
	}

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := mergeFiles(enumerate.DefaultMaxMemory)
	require.NoError(t, err)
	runtime.GC()
	runtime.ReadMemStats(&after)
	require.True(t, m.Parts[0].Hist.Equal(whole.Parts[0].Hist), "the merged distribution is the whole run's")
	// The sum holds a lattice of pointers to one shared zero and a few
	// counts, not an Int per count.
	lattice := float64(len(whole.Parts[0].Hist.Counts))
	assert.Less(t, float64(after.HeapAlloc)-float64(before.HeapAlloc), lattice*8+1<<20, "memory held by the merged result")
	runtime.KeepAlive(m)

	// A limit below one file's counts refuses it while it is read.
	_, err = mergeFiles(512 << 10)
	var le *enumerate.LimitError
	require.ErrorAs(t, err, &le)
	assert.True(t, le.Memory())
	assert.Contains(t, le.Error(), "the counts of shard file "+names[0]+" at d_k = 1 would hold about 781 KiB (limit 512 KiB)")
	// A limit that holds the sum and one file, but not the sum and two.
	_, err = mergeFiles(int64(2.5 * lattice * 8))
	require.NoError(t, err, "the sum and one file at a time")
	_, err = mergeFiles(int64(1.5 * lattice * 8))
	require.ErrorAs(t, err, &le)
	assert.Contains(t, le.Error(), names[1], "the first file fits, the second with the sum does not")
}
