package spec

import (
	"errors"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
)

// AdviseRefusal words an engine's refusal for the command line: the
// engine's numbers, then the flag that gets the result another way.
func AdviseRefusal(err error) error {
	var tl *enumerate.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	var advice string
	switch {
	case tl.Unreachable(), tl.Method == enumerate.BruteForce && tl.Counts > 0:
		advice = "use --method closed for the exact distribution without enumerating"
	case tl.Method == enumerate.BruteForce && tl.Slices > 0:
		advice = fmt.Sprintf("split the run into at least %d slices, or allow more time with --max-time", tl.MinSlices)
	case tl.Method == enumerate.BruteForce:
		advice = "use --method closed for the exact distribution without enumerating, or allow more time with --max-time"
	case tl.Memory():
		advice = "choose a smaller d_k ('sqrtdk table' needs only the variance and streams the counts)"
	default:
		advice = "choose a smaller d_k, or allow more time with --max-time"
	}
	return fmt.Errorf("%w; %s", err, advice)
}

// AdviseProofRefusal words a refusal to list a space, or the engine's.
func AdviseProofRefusal(err error) error {
	var tl *proofs.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("%w; choose a smaller d_k, or allow more time with --max-time", err)
	}
	return AdviseRefusal(err)
}
