package claims_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

// A teacher's claims, written by hand and checked exactly: the last one
// cuts 1/6 off at 0.166 instead of rounding it to 0.167.
func Example() {
	text := `
# Entries ±1 unless a line says otherwise.
variance d=6 scale=d is 0.167
law quantity=std scale=sqrt,sqrt d=1,4,16 is 1/sqrt(d)
share d=6 score=0 is 5/16
variance d=6 scale=d is 0.166
`
	f, err := claims.Parse("teacher.claims", strings.NewReader(text))
	if err != nil {
		panic(err)
	}
	ch := claims.NewChecker(enumerate.Limits{})
	for _, c := range f {
		v, err := ch.Check(context.Background(), c)
		if err != nil {
			panic(err)
		}
		fmt.Printf("line %d holds=%-5v printed %-9s exact %s\n", c.Line, v.Holds, v.Printed, v.Exact)
	}
	// Output:
	// line 3 holds=true  printed 0.167     exact 1/6 ≈ 0.167
	// line 4 holds=true  printed 1/sqrt(d) exact d=1: 1, d=4: 1/2, d=16: 1/4
	// line 5 holds=true  printed 5/16      exact 5/16
	// line 6 holds=false printed 0.166     exact 1/6 ≈ 0.167
}
