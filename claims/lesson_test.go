package claims

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLessonPrintsAnySpelling holds LessonPrints to the question, not its
// spelling: every way of writing a figure the lesson prints is recognized
// (the default alphabet written out, k's alphabet equal to q's, a scale as
// factors, numbers by value, places left out), and a question that differs
// in any one setting, or that the lesson leaves to its exercises, is not.
func TestLessonPrintsAnySpelling(t *testing.T) {
	for _, c := range []struct {
		question string
		prints   bool
	}{
		{"variance d=6", true},
		{"variance d=6 values=-1,1", true},
		{"variance d=6 values=1,-1", true},
		{"variance d=6 values=±1", true},
		{"variance d=6 values=-1,1 k-values=1,-1", true},
		{"variance d=6 places=3", true},
		{"variance d=2 scale=sqrt", true},
		{"variance d=2 scale=d^1/4,d^1/4", true},
		{"variance d=2 scale=d", true},
		{"variance d=6 scale=raw", true},
		{"variance d=6 scale=sqrt,d^-1/2", true},
		{"count d=2 score=-2", true},
		{"count d=2 score=-2.0", true},
		{"count d=2 score=-4/2", true},
		{"number value=sqrt(4096)", true},
		{"number value=64", true},
		{"number value=2^6", true},
		{"sum-of-squares d=2", true},
		{"variance d=06", true},
		{"variance d=+6", true},

		{"variance d=8", false},             // an exercise's answer
		{"variance d=2 values=-2,2", false}, // an exercise's answer
		{"variance d=6 values=-2,2", false},
		{"variance d=6 values=-1,1 k-values=-2,2", false},
		{"variance d=6 k-values=-2,2", false},
		{"variance d=6 values=-1,1,3", false},
		{"variance d=2 scale=d^1/4", false},
		{"variance d=2 scale=sqrt,sqrt,sqrt", false},
		{"count d=2 score=1", false},
		{"count d=2 score=2/3", false},
		{"count d=3 score=-2", false},
		{"number value=63", false},
		{"std d=6", false},
		{"sum-of-squares d=4", false},
	} {
		q, err := ParseQuestion(c.question, nil)
		require.NoError(t, err, c.question)
		require.Equal(t, c.prints, LessonPrints(q), c.question)
	}
}

// TestCanonicalKeepsQuestionsApart: questions the lesson does not print
// still differ in their canonical form when one setting differs (the
// lesson's own figures are all over ±1, so LessonPrints alone cannot see
// two other alphabets written alike).
func TestCanonicalKeepsQuestionsApart(t *testing.T) {
	for _, pair := range [][2]map[string]string{
		{{"values": "-2,2"}, {"values": "-3,3"}},
		{{"values": "-2,2"}, {}},
		{{"k-values": "-2,2"}, {"k-values": "-3,3"}},
		{{"values": "-2,2", "k-values": "-1,1"}, {"values": "-2,2"}},
		{{"scale": "d^1/3"}, {"scale": "d^1/4"}},
		{{"score": "1/2"}, {"score": "1/3"}},
		{{"d": "3"}, {"d": "4"}},
	} {
		require.NotEqual(t, canonical("variance", pair[0]), canonical("variance", pair[1]), "%v and %v", pair[0], pair[1])
	}
	require.Equal(t, canonical("variance", map[string]string{"values": "-2,2", "k-values": "2,-2"}),
		canonical("variance", map[string]string{"values": "-2,2"}), "k's alphabet equal to q's")
}
