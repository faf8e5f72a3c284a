package grade_test

import (
	"context"
	"os"
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
	result, err := grade.NewGrader(context.Background()).Grade(key, answers)
	if err != nil {
		panic(err)
	}
	grade.WriteText(os.Stdout, result)
	// Output:
	// sam (sam.answers), graded by teacher.key
	// 1.raw  0/1  2.8    Wrong. This is the standard deviation; the question asks for the variance, the square of the standard deviation.
	// 1.d    2/2  0.125  Right.
	// 2 of 3 points: 1 right, 1 wrong
}
