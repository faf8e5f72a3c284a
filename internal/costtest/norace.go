//go:build !race

package costtest

// Race reports whether the race detector is on: it slows the code it
// instruments several times over, so measured times mean nothing then.
const Race = false
