//go:build !race

package enumerate

// raceDetector is whether the tests run under the race detector (see
// race_test.go).
const raceDetector = false
