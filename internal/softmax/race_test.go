package softmax

import (
	"math/big"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestConcurrentUseAtRisingPrecision exercises bigfloat's unsynchronised π
// cache: each goroutine asks for ever higher precisions above bigfloat's
// initial 1024-bit cache, so without bigfloatMu `go test -race` reports a
// data race here.
func TestConcurrentUseAtRisingPrecision(t *testing.T) {
	z := []*big.Rat{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(3, 1)}
	want := make([]string, 3)
	for i, p := range approx(z, 64) {
		want[i] = p.Text('g', 15)
	}
	var wg sync.WaitGroup
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				prec := uint(1100 + 150*(3*g+k))
				out := approx(z, prec)
				for i, p := range out {
					assert.Equal(t, want[i], p.Text('g', 15), "goroutine %d prec %d", g, prec)
				}
				// The 1100+-bit point values lie well inside 150-bit enclosures.
				for i, iv := range Enclose(z, z, 150) {
					assert.True(t, iv.Contains(toRat(out[i])), "goroutine %d prec %d", g, prec)
				}
			}
		}(g)
	}
	wg.Wait()
}
