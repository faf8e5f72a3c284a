package scalecheck_test

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/scalecheck"
)

// A GPT-2-style model at initialisation: weights of std 0.02, width 768,
// 12 heads of 64. Its scores have std ≈ 0.31 with the right scale.
func ExampleDiagnose() {
	init, _ := scalecheck.ParseStd("0.02")
	entry := scalecheck.EntryFromInit(init, 768, rational.NewRat(big.NewRat(1, 1)))
	in := scalecheck.Input{MeasuredStd: big.NewRat(3116, 10000), DK: 64, DModel: 768, Heads: 12, Q: entry, K: entry}
	r, _ := scalecheck.Diagnose(in, big.NewRat(3, 2))
	for _, h := range r.Hypotheses {
		fmt.Printf("%-36s ×%-14s expects %-16s off by ×%s\n", h.Mistake().Title(), h.Factor, h.Expected, h.Off.Decimal(3))
	}
	fmt.Println("scale right:", r.ScaleRight())
	// Output:
	// no mistake                           ×1/8            expects 192/625          off by ×1.014
	// scale missing                        ×1              expects 1536/625         off by ×7.887
	// scale applied twice                  ×1/64           expects 24/625           off by ×8.115
	// scale inverted                       ×8              expects 12288/625        off by ×63.096
	// model width instead of head width    ×1/48*sqrt(3)   expects 32/625*sqrt(3)   off by ×3.514
	// scale 0                              ×0              expects 0                off by ×∞
	// scale right: true
}
