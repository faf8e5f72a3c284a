package grade

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLintWarnsOfEachFinding lints a key with one part for each finding
// and one beside it that must not warn: an alphabet of one value (typed
// with a point, and a whole number) and one of two; a number without an
// ask line, and with one; no precision for a value with no short decimal
// and for softmax outputs, beside a short decimal and parts that set
// one; mistakes that give the answer, unless the key says they coincide;
// two mistakes of one value, reported once, but not the two built-in
// mistakes that are one at every number.
func TestLintWarnsOfEachFinding(t *testing.T) {
	k := parseKey(t, `question 1 one value
answer 1 variance d=4 values=1.5 decimals=1 coincide=std-for-variance
answer 1b variance d=4 k-values=3 decimals=1
answer 1c variance d=4 values=-1,1 decimals=1
question 2 numbers
answer 2 number value=1/3
answer 2b number value=1/8
ask 2b what is it
answer 2c number value=1/3 decimals=2
question 3 soft
answer 3 softmax scores=1,2
answer 3b softmax scores=1,2 decimals=2
question 4 same
answer 4 variance d=1 decimals=1
answer 4b variance d=1 decimals=1 coincide=std-for-variance
answer 4c variance d=4 decimals=1 coincide=std-for-variance
mistake 4c name=own variance d=4 => same as the answer
mistake 4c name=other variance d=8 => one
mistake 4c name=another variance d=8 => two
question 5 scaled
answer 5 variance d=4 values=-3,3 scale=sqrt decimals=2
`)
	warnings, err := NewGrader(Options{}).Lint(context.Background(), k)
	require.NoError(t, err)
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	assert.Equal(t, []string{
		"t.key:2: answer 1: values=1.5 has one value, so every entry is 3/2 and q·k never varies; did you mean two values, such as 1,5?",
		"t.key:3: answer 1b: k-values=3 has one value, so every entry is 3 and q·k never varies; did you mean two values, such as -3,3?",
		"t.key:6: answer 2 sets no precision (decimals=N or digits=N): its value 1/3 has no short decimal, so a decimal answer is held to 2 significant digits",
		"t.key:9: answer 2c asks a number without an ask or question line: the sheet can describe it only by its value; add ask 2c WORDING",
		"t.key:11: answer 3 sets no precision (decimals=N or digits=N): its outputs are decimals, so a decimal answer is held to 2 significant digits",
		"t.key:14: answer 4: the mistake std-for-variance gives 1, the answer itself, at these numbers: a student who makes it is marked right; choose numbers where it shows",
		"t.key:16: answer 4c: the mistake own gives 4, the answer itself, at these numbers: a student who makes it is marked right; choose numbers where it shows",
		"t.key:16: answer 4c: the mistakes other and another both give 8 at these numbers, so an answer of 8 is named as both",
	}, got)
}
