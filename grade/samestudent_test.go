package grade

import (
	"math/big"

	"context"
	"fmt"
	"github.com/sqrtdk/sqrtdk/rational"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSameStudentFlagBounded: a student with several answer files gets a
// same-student flag on each, naming the other file when there is one and a
// few of them with the count when there are many, so that a class of
// copies holds a row of bounded size per file (issue 32: 10,000 copies of
// one file held 1 GB, every flag listing the whole class).
func TestSameStudentFlagBounded(t *testing.T) {
	k := lessonKey(t)
	for _, n := range []int{2, 3, maxNamedOthers + 1, 40} {
		g := NewGrader(Options{})
		var rs []*Result
		for i := range n {
			a, err := ParseAnswers(fmt.Sprintf("c%02d.answers", i), strings.NewReader("student ada\n1.cases 65536\n"), k)
			require.NoError(t, err)
			r, err := g.Grade(context.Background(), k, a)
			require.NoError(t, err)
			rs = append(rs, r)
		}
		Compare(rs)
		for i, r := range rs {
			var says []string
			for _, f := range r.Flags {
				if f.Name == "same-student" {
					says = append(says, f.Says)
				}
			}
			require.Len(t, says, 1, "file %d of %d", i, n)
			named := strings.Count(says[0], ".answers")
			assert.Equal(t, min(n-1, maxNamedOthers), named, says[0])
			assert.NotContains(t, says[0], fmt.Sprintf("c%02d.answers", i), "a file is not its own other")
			if n-1 > maxNamedOthers {
				assert.Contains(t, says[0], fmt.Sprintf("%d other answer files", n-1))
				assert.Contains(t, says[0], fmt.Sprintf("and %d more", n-1-maxNamedOthers))
			} else {
				assert.NotContains(t, says[0], "more")
			}
		}
	}
}

// TestOwnPlaces checks ownPlaces, which bounds the search for a value
// rounded early, against HasPlaces: the fewest places that write each
// generated decimal exactly.
func TestOwnPlaces(t *testing.T) {
	for _, num := range []int64{1, 3, 7, 10, 125, 1000, 123456789} {
		for _, twos := range []int{0, 1, 3, 70} {
			for _, fives := range []int{0, 1, 2, 5, 44, 45, 1000} {
				d := new(big.Int).Lsh(big.NewInt(1), uint(twos))
				d.Mul(d, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(fives)), nil))
				r := new(big.Rat).SetFrac(big.NewInt(num), d)
				want := 0
				for !rational.HasPlaces(r, want) {
					want++
				}
				assert.Equal(t, want, ownPlaces(r), "%s", r.RatString())
			}
		}
	}
}
