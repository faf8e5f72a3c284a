package claims_test

import (
	"context"
	"os"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
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
	ch := claims.NewChecker(context.Background())
	var verdicts []claims.Verdict
	for _, c := range f.Claims {
		r, err := ch.Check(c)
		if err != nil {
			panic(err)
		}
		verdicts = append(verdicts, r)
	}
	claims.WriteReport(os.Stdout, verdicts)
	// Output:
	// holds  teacher.claims:3  variance d=6 scale=d                       printed 0.167      exact 1/6 ≈ 0.167
	// holds  teacher.claims:4  law quantity=std scale=sqrt,sqrt d=1,4,16  printed 1/sqrt(d)  exact d=1: 1, d=4: 1/2, d=16: 1/4
	// holds  teacher.claims:5  share d=6 score=0                          printed 5/16       exact 5/16
	// FAILS  teacher.claims:6  variance d=6 scale=d                       printed 0.166      exact 1/6 ≈ 0.167
	// 4 claims: 3 hold, 1 fail
}
