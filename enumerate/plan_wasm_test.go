//go:build wasm

package enumerate

import (
	"testing"
	"time"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestPlanNearTheLimitUnderWasm: a brute-force plan whose estimate is near
// the time limit, which natively times the kernel for 40 ms, is checked at
// once under WebAssembly (where the probe's timer could not stop it). Run
// it with GOOS=js GOARCH=wasm go test -exec=$(go env GOROOT)/lib/wasm/go_js_wasm_exec.
func TestPlanNearTheLimitUnderWasm(t *testing.T) {
	a := rational.Signs()
	start := time.Now()
	for _, d := range []int{22, 23, 24} {
		pl, err := NewPlan(Problem{Q: a, K: a, D: d}, BruteForce, Options{})
		if err != nil {
			t.Fatal(err)
		}
		_ = pl.Check(0)
	}
	if s := time.Since(start); s > 5*time.Second {
		t.Fatalf("planning took %v", s)
	}
}
