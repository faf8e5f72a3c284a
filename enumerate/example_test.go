package enumerate_test

import (
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The lesson's practice table, exactly: every pair of ±1 vectors enumerated.
func ExampleDistribution() {
	signs := rational.Signs()
	fmt.Println("d_k cases var(q·k) var(q·k/d_k)")
	for _, d := range []int{1, 2, 4, 6} {
		p := enumerate.Problem{Q: signs, K: signs, D: d}
		h, method, _ := enumerate.Distribution(context.Background(), p, enumerate.Auto, enumerate.Options{})
		fmt.Println(d, h.Total(), h.Variance().RatString(), rational.ByD.ScaledVariance(h.Variance(), int64(d)), method)
	}
	// Output:
	// d_k cases var(q·k) var(q·k/d_k)
	// 1 4 1 1 brute
	// 2 16 2 1/2 brute
	// 4 256 4 1/4 brute
	// 6 4096 6 1/6 brute
}

// The two engines agree count for count; the closed form reaches widths
// that no enumeration can.
func ExampleClosed() {
	a, _ := rational.ParseAlphabet("-1,0,1")
	p := enumerate.Problem{Q: a, K: a, D: 3}
	b, _ := enumerate.Brute(context.Background(), p, enumerate.Options{})
	c, _ := enumerate.Closed(context.Background(), p)
	fmt.Println(enumerate.Compare(3, b, c) == nil, c.Total(), c.Variance().RatString())
	wide := enumerate.Problem{Q: a, K: a, D: 10_000}
	h, _ := enumerate.Closed(context.Background(), wide)
	fmt.Println(len(h.Total().String()), "digits of cases; variance", h.Variance().RatString())
	// Output:
	// true 729 4/3
	// 9543 digits of cases; variance 40000/9
}
