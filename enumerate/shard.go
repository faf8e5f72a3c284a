package enumerate

import (
	"context"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// shardRange returns the q index range [lo, hi) of slice i of n (see
// split.Range).
func (p Problem) shardRange(i, n int) (lo, hi uint64, err error) { return split.Range(p.Q, p.D, i, n) }

// BruteShard enumerates slice i of n (see split.Range: contiguous ranges of q indices, at most split.MaxSlices) and returns the
// exact distribution of q·k over its pairs. Only the slice must fit the
// time limit; a refusal says how many slices would.
func (pl *Plan) BruteShard(ctx context.Context, i, n int) (*rational.Histogram, error) {
	lo, hi, err := pl.problem.shardRange(i, n)
	if err != nil {
		return nil, err
	}
	return pl.bruteRange(ctx, lo, hi, i, n)
}

// CheckShard reports, before any work, whether slice i of n fits the
// limits: nil, or a *LimitError that says how many slices would fit.
func (pl *Plan) CheckShard(i, n int) error {
	lo, hi, err := pl.problem.shardRange(i, n)
	if err != nil {
		return err
	}
	return pl.checkBrute(lo, hi, i, n)
}
