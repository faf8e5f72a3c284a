package main

import (
	"bytes"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestProgressLine(t *testing.T) {
	assert.Equal(t, "d_k = 20  25% |███████                       | 2.5e+08 pairs/s, 3s left",
		progressLine("d_k = 20", 250_000_000, 1_000_000_000, time.Second))
	assert.Equal(t, "proof 100% |██████████████████████████████| 10 pairs/s, 0s left", progressLine("proof", 20, 10, time.Second))
	// Not a terminal: nothing is drawn.
	var b bytes.Buffer
	c := new(atomic.Uint64)
	stop := startProgress(&b, c, big.NewInt(100), "x")
	c.Add(50)
	stop()
	assert.Empty(t, b.String())
}
