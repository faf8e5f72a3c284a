package spec

import (
	"errors"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
)

// AdviseRefusal words an engine's refusal for the command line: the
// engine's numbers, then the flag that gets the result another way. The
// advice is short, so that the whole refusal fits an error line of 200
// characters, and always one the user can follow.
func AdviseRefusal(err error) error { return advise(err, false) }

// AdviseShardRefusal is AdviseRefusal for a --shard run, which cannot use
// the closed form: its advice leaves out --shard first.
func AdviseShardRefusal(err error) error { return advise(err, true) }

func advise(err error, sharded bool) error {
	var tl *enumerate.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	closed := "use --method closed"
	if sharded {
		closed = "leave out --shard and use --method closed"
	}
	var advice string
	switch {
	case tl.Unreachable():
		advice = closed + " (exact, without enumerating)"
	case tl.Method == enumerate.BruteForce && tl.Counts > 0:
		advice = closed + ", or smaller multiplicities in --values and --k-values"
	case tl.Method == enumerate.BruteForce && tl.Slices > 0 && tl.MinSlices > enumerate.MaxShards:
		advice = fmt.Sprintf("even %d slices, the most, would each take longer: leave out --shard and use --method closed, or allow more time with --max-time", enumerate.MaxShards)
	case tl.Method == enumerate.BruteForce && tl.Slices > 0:
		advice = fmt.Sprintf("split the run into at least %d slices, or allow more time with --max-time", tl.MinSlices)
	case tl.Method == enumerate.BruteForce:
		advice = "use --method closed (exact, without enumerating), or allow more time with --max-time"
	case tl.Memory():
		advice = "choose a smaller --d ('sqrtdk table' needs only the variance and streams the counts)"
	default:
		advice = "choose a smaller --d, or allow more time with --max-time"
	}
	return fmt.Errorf("%w; %s", err, advice)
}

// AdviseProofRefusal words a refusal to list a space, or the engine's.
func AdviseProofRefusal(err error) error {
	var tl *proofs.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Errorf("%w; choose a smaller --d, or allow more time with --max-time", err)
	}
	return AdviseRefusal(err)
}
