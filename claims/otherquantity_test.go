package claims

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnswerNamingAnotherQuantity: an answer that labels its number with
// another quantity's name ("std = 1" for a variance) is not read, and
// says which quantity it gives and which the question asks for; labelled
// with the question's own quantity it is read. Every label word of every
// pair of quantities, with the spellings students use around it.
func TestAnswerNamingAnotherQuantity(t *testing.T) {
	for _, asked := range namedQuantities {
		kind := map[string]string{"variance": "variance", "standard deviation": "std", "mean": "mean", "number of pairs": "cases"}[asked.name]
		q, err := ParseQuestion(kind+" d=8", nil)
		require.NoError(t, err)
		for _, given := range namedQuantities {
			for _, w := range given.words {
				for _, form := range []string{"%s = 2", "%s: 2", "the %s is 2", "%s(q·k) = 2"} {
					text := fmt.Sprintf(form, w)
					_, err := q.Read(text, false)
					if given.name == asked.name {
						assert.NoError(t, err, "%s answered %q", kind, text)
						continue
					}
					var re *ReadError
					if assert.True(t, errors.As(err, &re), "%s answered %q: %v", kind, text, err) {
						assert.Equal(t, fmt.Sprintf("it gives the %s, and the question asks for the %s", given.name, asked.name), re.Error(), "%s answered %q", kind, text)
					}
				}
			}
		}
	}
	// A word that names no quantity keeps the grammar's own message.
	q, err := ParseQuestion("variance d=8", nil)
	require.NoError(t, err)
	_, err = q.Read("banana = 2", false)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "asks for")
}
