// Package exactpath holds no code: its test is the analyzer that keeps
// machine integers off the library's exact paths. It type-checks the
// library packages and reports every non-constant integer sum, difference,
// product or shift that flows into math/big or rational (big.NewInt(a*b),
// SetInt64(n+m), …) and every product or accumulation in an int64 or
// uint64 (a weight, a count, a multiplicity), unless allowed in the test's
// list, where each entry says why its range is proven and by which test.
package exactpath
