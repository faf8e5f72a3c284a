package softmax

// Worst-case costs at the default Options, measured on the reference
// machine. A check of n scores evaluates every output's enclosure at each
// precision it needs and cross-checks them at a point: about
// secondsPerScore·n + secondsPerScorePair·n² in all, whatever d_k (the
// scores are divided by √d_k once per precision, a few square roots of
// 128 to 2048 bits) and the scores' digits (each is rounded to the working
// precision once). Fitted on 2026-12-03 to the least CPU time of three
// runs of 4 to 64 claims of distinct scores (load 3-5), d_k = 10, 10⁶+3
// and 999,999,937, 1 and 20 digits: a claim of 2 scores 0.06-0.45 ms, 8
// scores 1.4-3.2 ms, 32 scores 14-20 ms, 64 scores 40-65 ms, for softmax,
// softmax-entry and a Jacobian at a point alike; raised by a third after
// CI's run on a quiet machine (load 1-4) measured 32 and 64 scores 1.1-1.7x
// over the first fit, and a point Jacobian half as much again
// (jacobianFactor). A Jacobian over a box
// may run branch and bound to its budget: MaxBoxes boxes of n scores at
// about secondsPerBoxScore each, its worst case (an undecided figure).
const (
	// secondsPerCachedScore is a check whose enclosures and cross-check
	// a Cache already holds (another claim on the same scores): reading
	// and rounding each output, 0.1-0.25 ms a claim of 8 scores.
	secondsPerCachedScore = 20e-6
	secondsPerScore       = 0.2e-3
	secondsPerScorePair   = 12e-6
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
// the same scores: 1.4-1.6x the first fit of Check's in
// TestClaimCostCalibrated's cases (2 to 64 scores, d_k from 10 to
// 999,999,937; CI's run on 2026-12-03 at load 1-4), which planned them up
// to 2.24x under; 1.2 on top of the refit's 4/3 (1.6 in all) plans them
// within 1.25x.
const jacobianFactor = 1.2
