package render_test

import (
	"context"
	"os"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A variance table for entries ±2, whose variance 4 per entry makes the
// scaled column 16 instead of 1.
func ExampleTable_Write() {
	a, _ := rational.ParseAlphabet("±2")
	scales := []rational.Scale{rational.Raw, rational.Sqrt}
	t := render.Table{Q: a, K: a, Scales: scales}
	for _, d := range []int{1, 2, 3} {
		plan, _ := enumerate.NewPlan(enumerate.Problem{Q: a, K: a, D: d}, enumerate.BruteForce, enumerate.Options{})
		h, _ := plan.Distribution(context.Background())
		t.Rows = append(t.Rows, render.NewRow(d, h, enumerate.BruteForce, scales))
	}
	_ = t.Write(os.Stdout, render.Markdown)
	// Output:
	// | d\_k | cases |  raw | /sqrt(d\_k) |
	// |-----:|------:|-----:|------------:|
	// |    1 |     4 | 16.0 |       16.00 |
	// |    2 |    16 | 32.0 |       16.00 |
	// |    3 |    64 | 48.0 |       16.00 |
}
