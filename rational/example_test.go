package rational_test

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// The variance of q·k is d_k for ±1 entries; each scale divides it by d_k^(2P).
func ExampleScale_ScaledVariance() {
	var scales []rational.Scale
	for _, s := range []string{"raw", "sqrt", "d", "d^1/4"} {
		sc, _ := rational.ParseScale(s)
		scales = append(scales, sc)
	}
	fmt.Printf("%-4s %-6s %-6s %-6s %s\n", "d_k", "raw", "sqrt", "d", "d^1/4")
	for _, d := range []int64{1, 2, 6, 8} {
		line := fmt.Sprintf("%-4d", d)
		for _, s := range scales {
			line += fmt.Sprintf(" %-6s", s.ScaledVariance(big.NewRat(d, 1), d))
		}
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	// d_k  raw    sqrt   d      d^1/4
	// 1    1      1      1      1
	// 2    2      1      1/2    sqrt(2)
	// 6    6      1      1/6    sqrt(6)
	// 8    8      1      1/8    2*sqrt(2)
}

// Decimals are correctly rounded; ties go to even unless half-up is asked for.
func ExampleFormatRat() {
	for _, r := range []*big.Rat{big.NewRat(1, 6), big.NewRat(1, 16), big.NewRat(5, 2)} {
		fmt.Printf("%-5s %-6s %s\n", r.RatString(), rational.FormatRat(r, 3, rational.RoundHalfEven), rational.FormatRat(r, 3, rational.RoundHalfUp))
	}
	// Output:
	// 1/6   0.167  0.167
	// 1/16  0.062  0.063
	// 5/2   2.500  2.500
}

// A multiset alphabet: 0 counted twice gives variance 1/2.
func ExampleParseAlphabet() {
	a, _ := rational.ParseAlphabet("-1,0:2,1")
	fmt.Println(a, a.Size(), a.Mean().RatString(), a.Variance().RatString())
	// Output: -1,0:2,1 4 0 1/2
}

// The exact variance of q·k for ±1 entries at d_k = 10, without listing a
// pair: j of the 10 products q_i·k_i are −1 in C(10, j)·2^10 of the 4^10
// pairs, and then q·k = 10 − 2j, so the scores lie on the lattice −10 + 2t.
func ExampleHistogram_Variance() {
	h := &rational.Histogram{Base: big.NewRat(-10, 1), Step: big.NewRat(2, 1)}
	for t := int64(0); t <= 10; t++ {
		h.Counts = append(h.Counts, new(big.Int).Lsh(new(big.Int).Binomial(10, t), 10))
	}
	fmt.Println("pairs", h.Total(), "mean", h.Mean().RatString())
	for _, s := range []rational.Scale{rational.Raw, rational.Sqrt, rational.ByD} {
		v := s.ScaledVariance(h.Variance(), 10)
		fmt.Printf("%-10s %-4s %s\n", s.Name(), v, v.Decimal(s.DefaultPlaces(), rational.RoundHalfEven))
	}
	// Output:
	// pairs 1048576 mean 0
	// raw        10   10.0
	// sqrt       1    1.00
	// d          1/10 0.100
}
