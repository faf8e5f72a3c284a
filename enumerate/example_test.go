package enumerate_test

import (
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The exact variance of q·k for ±1 entries at d_k = 10, by listing all
// 4^10 pairs, under each of the lesson's scales.
func Example() {
	signs := rational.Signs()
	p := enumerate.Problem{Q: signs, K: signs, D: 10}
	h, err := enumerate.Brute(context.Background(), p, enumerate.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println("pairs", h.Total())
	for _, s := range []rational.Scale{rational.Raw, rational.Sqrt, rational.ByD} {
		v := s.ScaledVariance(h.Variance(), 10)
		fmt.Printf("%-10s %-4s %s\n", s.Header(), v, v.Decimal(3, rational.RoundHalfEven))
	}
	// Output:
	// pairs 1048576
	// raw        10   10.000
	// /sqrt(d_k) 1    1.000
	// /d_k       1/10 0.100
}

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
