package softmax

// Worst-case costs at the default Options, measured on the reference
// machine (one idle core): a corner evaluation costs about a microsecond
// per score and a branch-and-bound box about ten (exponentials are
// cached per end point, so a box costs sums and the simplex bound).
const (
	secondsPerCornerScore = 1e-6
	secondsPerBoxScore    = 1e-5
	precisionLevels       = 5 // 128, 256, …, 2048 bits
)

// CheckSeconds estimates the worst-case seconds of Check on n scores with
// default Options: 2n corners of n scores at each precision level.
func CheckSeconds(n int) float64 {
	return precisionLevels * 2 * float64(n) * float64(n) * secondsPerCornerScore
}

// JacobianSeconds estimates the worst-case seconds of CheckJacobianMaxAbs
// on n scores with default Options: at a single point the corners alone,
// over a box the whole box budget as well.
func JacobianSeconds(n int, point bool) float64 {
	s := CheckSeconds(n)
	if !point {
		s += float64(Options{}.withDefaults().MaxBoxes) * float64(n) * secondsPerBoxScore
	}
	return s
}
