package proofs

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/costtest"
)

// TestProveCostCalibrated holds a proof's plan (Proof.budget, what
// NewProof refuses by) within costtest.Factor of what Run measures, on
// generated spaces and widths: the assertions of wide spaces (their pairs
// of coordinates), listed tied spaces (their outcomes), and enumerate's
// laws. The proof for every width is left out (its check against
// enumerate is bounded by its own CheckTime, 1 ms here). A tied space's
// proof fails, and its diagnosis runs on the listing already made.
func TestProveCostCalibrated(t *testing.T) {
	type grid struct {
		name   string
		model  Model
		widths []int
	}
	cases := []grid{
		{"±1", iid(t, "-1,1", "-1,1"), []int{500, 1000}},
		{"±1 tied q", Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1,1"), Tie: TieQ}, []int{14, 16}},
	}
	if !testing.Short() {
		cases = []grid{
			{"±1", iid(t, "-1,1", "-1,1"), []int{500, 1000, 2000, 3000}},
			{"{-2:1,0:6,2:1}", iid(t, "-2:1,0:6,2:1", "-2:1,0:6,2:1"), []int{300, 1500}},
			{"±1 tied q", Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1,1"), Tie: TieQ}, []int{14, 16, 18, 20}},
			{"±1 tied both", Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1,1"), Tie: TieBoth}, []int{100, 200}},
			{"pairs law", pairs(t, "-1 -1, -1 1, 1 -1, 1 1"), []int{200, 1000}},
		}
	}
	opt := Options{CheckTime: time.Millisecond}
	table := costtest.NewTable(t, costtest.Race)
	for _, c := range cases {
		for _, d := range c.widths {
			p, err := NewProof(c.model, []int{d}, opt)
			require.NoError(t, err)
			b, err := p.budget()
			require.NoError(t, err)
			est := b.Cost()
			m := costtest.Measure(func() any {
				p, err := NewProof(c.model, []int{d}, opt)
				require.NoError(t, err)
				tr, err := p.Run(context.Background())
				require.NoError(t, err)
				return tr
			})
			table.Hold(fmt.Sprintf("prove %s d_k = %d", c.name, d), est.Seconds, est.Bytes, m)
		}
	}
}
