package split_test

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The 2^4 = 16 q vectors at d_k = 4 split into 3 contiguous slices.
func ExampleRange() {
	q, k := rational.Signs(), rational.Signs()
	for i := range 3 {
		lo, hi, _ := split.Range(q, 4, i, 3)
		fmt.Printf("slice %d/3: q indices [%d, %d), %s pairs\n", i, lo, hi, split.Pairs(q, k, 4, lo, hi))
	}
	// Output:
	// slice 0/3: q indices [0, 5), 80 pairs
	// slice 1/3: q indices [5, 10), 80 pairs
	// slice 2/3: q indices [10, 16), 96 pairs
}
