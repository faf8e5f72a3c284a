//go:build race

package enumerate

// raceDetector is whether the tests run under the race detector, which
// slows the portable kernels' loops about forty-fold: the widest cases of
// the sweep are left to runs without it.
const raceDetector = true
