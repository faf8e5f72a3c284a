package proofs

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJointLawBytesNearMeasured holds the memory a joint law is planned
// with (bytes, which prove's budget adds while the law is listed) to
// within a factor of 2 of the heap it holds: a law of 200,000 outcomes of
// width 4 with some 40,000 distinct entries. It measures the heap, which
// takes seconds under the race detector: not with -short (the quick tag of
// mutation testing still runs it).
func TestJointLawBytesNearMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and measures a law of 200,000 outcomes; run without -short")
	}
	var b strings.Builder
	for i := range 200_000 {
		fmt.Fprintf(&b, "%d %d,%d,%d,%d %d/7,%d,%d,%d\n", 1+i%7, i%50, (i/50)%50, (i/2500)%50, i%13, i%40000, (i/7)%50, i%3, (i/3)%50)
	}
	text := b.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	j, err := ReadJointLaw("", strings.NewReader(text))
	require.NoError(t, err)
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	est := j.bytes()
	t.Logf("%d outcomes: estimated %.0f bytes, held %.0f (codes %d rows %d weights %d values %d)", j.outcomes(), est, held, len(j.codes), len(j.rows), len(j.weights), len(j.values))
	require.InDelta(t, 1, est/held, 0.15, "estimate %.0f, held %.0f", est, held)
	runtime.KeepAlive(j)
	runtime.KeepAlive(text)
}
