package diagnose_test

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/diagnose"
)

func ExampleDiagnose() {
	in := diagnose.Input{MeasuredStd: big.NewRat(79, 10), DK: 64, Heads: 8}
	r, _ := diagnose.Diagnose(in, big.NewRat(3, 2))
	for _, h := range r.Hypotheses {
		fmt.Printf("%-34s expects %-12s off by ×%s\n", h.Mistake, h.Expected, h.Off.Decimal(3, 0))
	}
	fmt.Println("verdict:", r.Verdict)
	// Output:
	// scale right                        expects 1            off by ×7.900
	// scale missing                      expects 8            off by ×1.013
	// scale applied twice                expects 1/8          off by ×63.200
	// model width instead of head width  expects 1/4*sqrt(2)  off by ×22.345
	// verdict: scale missing
}
