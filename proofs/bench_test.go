package proofs

import (
	"context"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
)

// BenchmarkProve checks the five steps at d_k = 6 for ±1 entries and
// reports how many pairs per second the whole proof gets through.
func BenchmarkProve(b *testing.B) {
	signs := rational.Signs()
	s, err := NewSpace(signs, signs, 6)
	if err != nil {
		b.Fatal(err)
	}
	pairs, _ := s.Pairs().Float64()
	for b.Loop() {
		if _, err := Prove(context.Background(), signs, signs, []int{6}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(pairs*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}
