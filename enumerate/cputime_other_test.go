//go:build !unix

package enumerate

// cpuSeconds is unknown here; benchmarks then skip the per-CPU-second figure.
func cpuSeconds() float64 { return 0 }
