package grade_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
)

// A teacher's key of two answers and a student who gives the standard
// deviation where the variance is asked: the feedback names the mistake.
func Example() {
	key, err := grade.ParseKey("teacher.key", strings.NewReader(`
question 1 The variance of q·k at d_k = 8, raw and divided by d_k.
answer 1.raw  variance d=8           decimals=1
answer 1.d    variance d=8 scale=d   decimals=3 points=2
`))
	if err != nil {
		panic(err)
	}
	answers, err := grade.ParseAnswers("sam.answers", strings.NewReader("student sam\n1 2.8; 0.125\n"), key)
	if err != nil {
		panic(err)
	}
	result, err := grade.NewGrader(grade.Options{}).Grade(context.Background(), key, answers)
	if err != nil {
		panic(err)
	}
	for _, p := range result.Parts {
		named := ""
		if len(p.Mistakes) > 0 {
			named = p.Mistakes[0].Name
		}
		line := fmt.Sprintf("%-5s %-6s %s of %s  %-5s %s", p.Part.ID, p.Answer.Text, p.Points.RatString(), p.Part.Points.RatString(), p.Mark, named)
		fmt.Println(strings.TrimSpace(line))
	}
	fmt.Printf("score %s of %s\n", result.Score.RatString(), result.Max.RatString())
	// Output:
	// 1.raw 2.8    0 of 1  wrong std-for-variance
	// 1.d   0.125  2 of 2  right
	// score 2 of 3
}
