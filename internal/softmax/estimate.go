package softmax

// Worst-case costs at the default Options, measured on the reference
// machine. A check of n scores evaluates every output's enclosure at each
// precision it needs and cross-checks them at a point: about
// secondsPerScore·n + secondsPerScorePair·n² in all, whatever d_k (the
// scores are divided by √d_k once per precision, a few square roots of
// 128 to 2048 bits) and the scores' digits (each is rounded to the working
// precision once). Refitted on 2026-12-03 to the least CPU time of three
// runs on one P (costtest.Measure: a second P's idle mark workers had
// added up to half again, and different amounts in each run) of 4 to 64
// claims of distinct scores, d_k = 10, 10⁶+3 and 999,999,937, 1 and 20
// digits (load 1): a claim of 2 scores 0.06-0.13 ms, 8 scores 1.8-4 ms, 32
// scores 10-16 ms, 64 scores 27-41 ms for softmax and softmax-entry, a
// Jacobian at a point 31-67 ms (jacobianFactor). A Jacobian over a box
// may run branch and bound to its budget: MaxBoxes boxes of n scores at
// about secondsPerBoxScore each, its worst case (an undecided figure).
const (
	// secondsPerCachedScore is a check whose enclosures and cross-check
	// a Cache already holds (another claim on the same scores): reading
	// and rounding each output, 0.1-0.25 ms a claim of 8 scores.
	secondsPerCachedScore = 20e-6
	secondsPerScore       = 0.2e-3
	secondsPerScorePair   = 6e-6
	secondsPerBoxScore    = 1e-5
)

// CheckSeconds estimates the seconds of Check on n scores with default
// Options, at any d_k and any digits of the scores.
func CheckSeconds(n int) float64 {
	x := float64(n)
	return secondsPerScore*x + secondsPerScorePair*x*x
}

// CachedCheckSeconds estimates the seconds of Check on n scores whose
// enclosures the Cache in its Options already holds.
func CachedCheckSeconds(n int) float64 { return secondsPerCachedScore * float64(n) }

// JacobianSeconds estimates the worst-case seconds of CheckJacobianMaxAbs
// on n scores with default Options: at a single point jacobianFactor times
// Check (the Jacobian's entries are bounded beside the softmax's), over a
// box the whole box budget as well.
func JacobianSeconds(n int, point bool) float64 {
	s := jacobianFactor * CheckSeconds(n)
	if !point {
		s += float64(Options{}.withDefaults().MaxBoxes) * float64(n) * secondsPerBoxScore
	}
	return s
}

// jacobianFactor is a point Jacobian's time over a softmax check's on
// the same scores: 1.1-1.6x in TestClaimCostCalibrated's cases (2 to 64
// scores, d_k from 10 to 999,999,937; one P, 2026-12-03, load 1).
const jacobianFactor = 1.2
