package spec

import (
	"errors"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// AdviseRefusal words a refusal of enumerate's cost model (a
// *enumerate.LimitError) for the command line and the pages: its numbers,
// then what to ask for instead and the flag that allows more,
// --max-memory when memory is over its limit and --max-time when time is.
// instead is the caller's own alternative for a whole run or a
// computation that is not the engine's ("ask for fewer widths"), "" when
// it has none; an engine's refusal names the engine's alternative. Any
// other error is returned as it is.
func AdviseRefusal(err error, instead string) error {
	var le *enumerate.LimitError
	if !errors.As(err, &le) {
		return err
	}
	if le.Unreachable() {
		if le.Method == enumerate.BruteForce {
			return fmt.Errorf("%w; use --method closed", err)
		}
		return err
	}
	more := "allow more time with --max-time"
	if le.Memory() {
		more = "allow more memory with --max-memory"
	}
	switch {
	case le.Method == enumerate.BruteForce && le.MinSlices > 0:
		instead = fmt.Sprintf("split the run into at least %d slices with --shard I/N", le.MinSlices)
	case le.Method == enumerate.BruteForce && le.MinSlices < 0:
		instead = "no --shard split fits: use --method closed"
	case le.Method == enumerate.BruteForce:
		instead = "use --method closed"
	case le.Method == enumerate.ClosedForm:
		instead = "choose a smaller d_k"
	}
	if instead == "" {
		return fmt.Errorf("%w; %s", err, more)
	}
	return fmt.Errorf("%w; %s, or %s", err, instead, more)
}
