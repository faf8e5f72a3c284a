package render

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/grade"
)

// TestPlacesNoteWordsOneAlike: the precision a part asks for is said with
// one place or digit singular, as sheets, LaTeX sheets and pages show it,
// and not at all for the default rule.
func TestPlacesNoteWordsOneAlike(t *testing.T) {
	k, err := grade.ParseKey("t.key", strings.NewReader(`question 1
answer 1.a variance d=4 decimals=1
answer 1.b variance d=4 digits=1
answer 1.c variance d=4 decimals=2 digits=3
answer 1.d variance d=4
`))
	require.NoError(t, err)
	var got []string
	for _, p := range k.Questions[0].Parts {
		got = append(got, PlacesNote(p))
	}
	assert.Equal(t, []string{
		" (at least 1 decimal place)",
		" (at least 1 significant digit)",
		" (at least 2 decimal places and 3 significant digits)",
		"",
	}, got)
	assert.Equal(t, "1 point", PointsWords(k.Questions[0].Parts[0].Points))
}

// TestScoreWordsAgreesWithTheMaximum: a score out of one point says
// "point".
func TestScoreWordsAgreesWithTheMaximum(t *testing.T) {
	assert.Equal(t, "0.5 of 1 point", ScoreWords(big.NewRat(1, 2), big.NewRat(1, 1)))
	assert.Equal(t, "3 of 4 points", ScoreWords(big.NewRat(3, 1), big.NewRat(4, 1)))
	assert.Equal(t, "0 of 0.5 points", ScoreWords(new(big.Rat), big.NewRat(1, 2)))
	assert.Equal(t, "2.5 points", PointsWords(big.NewRat(5, 2)))
}
