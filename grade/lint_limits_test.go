package grade

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// A mistake whose value the limits refuse is skipped, and the lint goes on
// to the findings after it; only a cancelled lint stops, with the
// cancellation.
func TestLintSkipsWhatItCannotCompute(t *testing.T) {
	k := parseKey(t, `question 1 q
answer 1.a variance d=4 decimals=1
mistake 1.a name=huge variance d=9999 values=-3,-1,1,3 => far too wide
mistake 1.a name=same variance d=4 => the same as the answer
answer 1.b variance d=4 values=2 decimals=1
`)
	g := NewGrader(Options{Limits: enumerate.Limits{MaxTime: 50 * time.Millisecond}})
	warnings, err := g.Lint(context.Background(), k)
	require.NoError(t, err)
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	require.Len(t, got, 3, "%q", got)
	require.Contains(t, got[0], "the mistake same gives 4, the answer itself")
	require.Contains(t, got[1], "values=2 has one value")
	require.Contains(t, got[2], "the mistake std-for-variance gives 0")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = NewGrader(Options{}).Lint(cancelled, parseKey(t, "answer 1 variance d=3000 values=-3,-1,1,3\nanswer 2 variance d=4\n"))
	require.ErrorIs(t, err, context.Canceled)
}

// Two built-in mistakes that give one value at the key's numbers are
// warned of, unless they are one mistake at every number (dividing by d_k
// is scaling by 1/√d_k twice), which is never warned of.
func TestLintBuiltInMistakesOfOneValue(t *testing.T) {
	warnings, err := NewGrader(Options{}).Lint(context.Background(), parseKey(t, "answer a variance d=16 scale=d decimals=2\n"))
	require.NoError(t, err)
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	require.Equal(t, []string{"t.key:1: answer a: the mistakes usual-scale and variance-divided-by-c both give 1 at these numbers, so an answer of 1 is named as both"}, got)
	require.True(t, identical("divided-by-d", "scaled-twice"))
	require.True(t, identical("scaled-twice", "divided-by-d"))
	require.False(t, identical("usual-scale", "variance-divided-by-c"))
	require.False(t, identical("divided-by-d", "usual-scale"))
}

// A built-in mistake the limits refuse (the value at the model's width)
// is skipped, and the part's later mistakes are still compared.
func TestLintGoesOnPastARefusedMistake(t *testing.T) {
	k := parseKey(t, "answer a variance d=16 scale=d d-model=9999 decimals=2\n")
	g := NewGrader(Options{Limits: enumerate.Limits{MaxTime: 5 * time.Millisecond}})
	warnings, err := g.Lint(context.Background(), k)
	require.NoError(t, err)
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	require.Equal(t, []string{"t.key:1: answer a: the mistakes usual-scale and variance-divided-by-c both give 1 at these numbers, so an answer of 1 is named as both"}, got)
	_, _, err = g.value(context.Background(), k.parts["a"].claim)
	require.NoError(t, err, "the part itself is within the limits")
	alt, err := k.parts["a"].claim.Derive("", map[string]string{"d": "9999"})
	require.NoError(t, err)
	_, _, err = g.value(context.Background(), alt)
	require.Error(t, err, "the value at the model's width is not")
}
