package proofs

import (
	"context"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
)

// benchProve runs the whole proof (diagnosis included) on the model at the
// widths and reports the outcomes it lists and the pairs enumerate counts
// one by one, per second.
func benchProve(b *testing.B, m Model, ds ...int) {
	p, err := NewProof(m, ds, Options{})
	if err != nil {
		b.Fatal(err)
	}
	listed, enumerated := 0.0, 0.0
	for _, s := range p.spaces {
		if s.listed {
			n, _ := s.outcomes.Float64()
			listed += n
		}
		n, _ := s.enginePairs().Float64()
		enumerated += n
	}
	for b.Loop() {
		p, _ := NewProof(m, ds, Options{})
		if _, err := p.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds() / float64(b.N)
	if listed > 0 {
		b.ReportMetric(listed/secs, "listed/s")
	}
	if enumerated > 0 {
		b.ReportMetric(enumerated/secs, "pairs/s")
	}
}

// The README's targets: d_k = 1, 2, 4, 8 in 0.5 s, 16 in 3 s with every
// pair enumerated, 64 and 128 in 5 s.
func BenchmarkProveSigns1248(b *testing.B) {
	benchProve(b, Model{Q: rational.Signs(), K: rational.Signs()}, 1, 2, 4, 8)
}

func BenchmarkProveSigns16(b *testing.B) {
	benchProve(b, Model{Q: rational.Signs(), K: rational.Signs()}, 16)
}

func BenchmarkProveSigns64And128(b *testing.B) {
	benchProve(b, Model{Q: rational.Signs(), K: rational.Signs()}, 64, 128)
}

// A dependent space listed outcome by outcome: q tied, 2^15 outcomes.
func BenchmarkProveTiedQ14(b *testing.B) {
	benchProve(b, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}, 14)
}
