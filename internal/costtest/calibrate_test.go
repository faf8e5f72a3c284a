package costtest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A recording TB catches a Table's failures, so that the test sees a
// Table fail on an estimate off by more than Factor.
type recordingTB struct {
	testing.TB
	errors  int
	skipped bool
}

func (r *recordingTB) Skip(...any) { r.skipped = true }

func (r *recordingTB) Errorf(string, ...any) { r.errors++ }
func (r *recordingTB) Logf(string, ...any)   {}
func (r *recordingTB) Helper()               {}
func (r *recordingTB) Cleanup(func())        {}

func TestTableHoldsWithinFactor(t *testing.T) {
	for _, c := range []struct {
		seconds, bytes float64
		m              Measurement
		fails          int
	}{
		{1, 8 << 20, Measurement{Seconds: 0.6, Bytes: 5 << 20}, 0},
		{1, 8 << 20, Measurement{Seconds: 2.1, Bytes: 8 << 20}, 1},      // time under-estimated
		{1, 8 << 20, Measurement{Seconds: 0.4, Bytes: 8 << 20}, 1},      // time over-estimated
		{1, 20 << 20, Measurement{Seconds: 1, Bytes: 8 << 20}, 1},       // memory over
		{1, 1 << 20, Measurement{Seconds: 1, Bytes: 8 << 20}, 1},        // memory under
		{0.15, 1 << 20, Measurement{Seconds: 0.05, Bytes: 1 << 20}, 0},  // both below the noise
		{0.21, 1 << 20, Measurement{Seconds: 0.05, Bytes: 1 << 20}, 1},  // too quick to measure, planned as measurable
		{0.15, 17 << 20, Measurement{Seconds: 0.05, Bytes: 1 << 20}, 1}, // too little to measure, planned as measurable
		{0.15, 16 << 20, Measurement{Seconds: 0.05, Bytes: 1 << 20}, 0}, // at Factor times the floor
		{1, 1 << 20, Measurement{Seconds: 1, Bytes: 7 << 20}, 0},        // floating garbage: below MinBytes
		{0, 0, Measurement{Seconds: 0.5, Bytes: 8 << 20}, 2},            // nothing estimated
	} {
		r := &recordingTB{TB: t}
		NewTable(r, false).Hold("case", c.seconds, c.bytes, c.m)
		assert.Equal(t, c.fails, r.errors, "%+v", c)
	}
	r := &recordingTB{TB: t}
	NewTable(r, true)
	assert.True(t, r.skipped, "under the race detector a calibration is skipped")
}

func TestRatio(t *testing.T) {
	assert.Equal(t, 2.0, Ratio(1, 2))
	assert.Equal(t, 2.0, Ratio(2, 1))
	assert.True(t, math.IsInf(Ratio(0, 1), 1))
}

// TestMeasureSeesWork measures an allocation it knows: 64 MiB held when
// the work returns, and CPU time spent.
func TestMeasureSeesWork(t *testing.T) {
	m := Measure(func() any {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = byte(i)
		}
		return b
	})
	assert.InDelta(t, 64<<20, m.Bytes, 8<<20, "the returned slice is held")
	assert.Positive(t, m.Seconds)
}
