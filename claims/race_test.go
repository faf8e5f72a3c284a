//go:build race

package claims

// raceEnabled: the race detector slows the code it instruments several
// times over, so measured times mean nothing.
const raceEnabled = true
