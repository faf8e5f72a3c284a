package main

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

// Advice is always one the user can follow: never more slices than a run
// may be split into.
func TestShardAdviceCanBeFollowed(t *testing.T) {
	refusal := func(minSlices int) string {
		return spec.AdviseRefusal(&enumerate.TooLargeError{Method: enumerate.BruteForce, D: 50, Pairs: big.NewInt(1),
			Seconds: 1e12, MaxSeconds: 3600, Slice: 5, Slices: enumerate.MaxShards, MinSlices: minSlices}).Error()
	}
	assert.Contains(t, refusal(17234), "split the run into at least 17234 slices")
	assert.Contains(t, refusal(enumerate.MaxShards), "split the run into at least 1048576 slices")
	got := refusal(enumerate.MaxShards + 1)
	assert.NotContains(t, got, "1048577")
	assert.Contains(t, got, "even 1048576 slices, the most, would each take longer: leave out --shard and use --method closed")
}
