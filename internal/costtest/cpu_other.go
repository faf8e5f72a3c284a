//go:build !unix

package costtest

// CPUSeconds is not measured here: every time reads as zero, and no time
// is held against its estimate.
func CPUSeconds() float64 { return 0 }
