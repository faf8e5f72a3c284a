//go:build !linux

package enumerate

// threadSeconds is unknown here: probes then time in wall-clock seconds.
func threadSeconds() (float64, bool) { return 0, false }
