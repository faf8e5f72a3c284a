//go:build race

package enumerate

// raceDetector is whether the tests run under the race detector, which
// slows the kernels' loops so much (this package's full tests: 53 minutes
// under -race, 74 s without, on 2 busy cores) that the widest cases of the
// sweep are left to runs without it.
const raceDetector = true
