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
	plan, err := enumerate.NewPlan(enumerate.Problem{Q: signs, K: signs, D: 10}, enumerate.BruteForce, enumerate.Options{})
	if err != nil {
		panic(err) // a refusal: too large for its method
	}
	h, err := plan.Distribution(context.Background())
	if err != nil {
		panic(err)
	}
	fmt.Println("pairs", h.Total())
	for _, s := range []rational.Scale{rational.Raw, rational.Sqrt, rational.ByD} {
		v := s.ScaledVariance(h.Variance(), 10)
		fmt.Printf("%-10s %-4s %s\n", s.Name(), v, v.Decimal(3, rational.RoundHalfEven))
	}
	// Output:
	// pairs 1048576
	// raw        10   10.000
	// sqrt       1    1.000
	// d          1/10 0.100
}

// The lesson's practice table, exactly: every pair of ±1 vectors enumerated.
func ExamplePlan_Distribution() {
	signs := rational.Signs()
	fmt.Println("d_k cases var(q·k) var(q·k/d_k) method")
	for _, d := range []int{1, 2, 4, 6} {
		plan, err := enumerate.NewPlan(enumerate.Problem{Q: signs, K: signs, D: d}, enumerate.Auto, enumerate.Options{})
		if err != nil {
			panic(err)
		}
		h, _ := plan.Distribution(context.Background())
		fmt.Println(d, h.Total(), h.Variance().RatString(), rational.ByD.ScaledVariance(h.Variance(), int64(d)), plan.Method())
	}
	// Output:
	// d_k cases var(q·k) var(q·k/d_k) method
	// 1 4 1 1 brute
	// 2 16 2 1/2 brute
	// 4 256 4 1/4 brute
	// 6 4096 6 1/6 brute
}

// The exact variance of q·k for ±1 entries at d_k = 10, from the moments
// alone.
func ExamplePlan_Moments() {
	signs := rational.Signs()
	plan, _ := enumerate.NewPlan(enumerate.Problem{Q: signs, K: signs, D: 10}, enumerate.Auto, enumerate.Options{})
	m, _ := plan.Moments(context.Background())
	fmt.Println("pairs", m.Pairs, "mean", m.Mean.RatString(), "variance", m.Variance.RatString())
	// Output: pairs 1048576 mean 0 variance 10
}

// The two engines agree count for count (Both returns the distribution
// only when they do); the closed form reaches widths that no enumeration
// can.
func ExamplePlan_Distribution_bothEngines() {
	a, _ := rational.ParseAlphabet("-1,0,1")
	plan, _ := enumerate.NewPlan(enumerate.Problem{Q: a, K: a, D: 3}, enumerate.Both, enumerate.Options{})
	c, err := plan.Distribution(context.Background())
	fmt.Println(err == nil, c.Total(), c.Variance().RatString())
	wide, _ := enumerate.NewPlan(enumerate.Problem{Q: a, K: a, D: 10_000}, enumerate.ClosedForm, enumerate.Options{})
	h, _ := wide.Distribution(context.Background())
	fmt.Println(len(h.Total().String()), "digits of cases; variance", h.Variance().RatString())
	// Output:
	// true 729 4/3
	// 9543 digits of cases; variance 40000/9
}
