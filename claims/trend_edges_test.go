package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Trend answers at the edges of the grammar: a constant's level after
// "around", "about" or "near" (an approximate level, so 1 stands for the
// numbers that round to it), the doubling phrases for 1/d² and in the
// passive ("is halved", "it is quartered": "is" is a subject word, and the
// passive phrases were refused as no direction), and a rate that is not
// defined at d = 1 or 2, which cannot say a direction.
func TestTrendAnswerEdges(t *testing.T) {
	const flat = "trend quantity=variance scale=sqrt d=1,2,4,8"           // 1
	const inverseSquare = "trend quantity=variance scale=d^3/2 d=1,2,4,8" // 1/d²
	for _, c := range []struct {
		question, answer string
		holds            bool
	}{
		{flat, "stays around 1", true}, {flat, "stays about 1", true}, {flat, "stays near 1", true},
		{flat, "stays constant at about 1.0", true}, {flat, "stays at 1", true}, {flat, "stays constant (= 1)", true},
		{flat, "remains the same", true}, {flat, "is roughly constant", true}, {flat, "stays roughly constant at 1", true},
		{flat, "approximately constant at about 1", true}, {flat, "stays roughly constant at 2", false},
		{inverseSquare, "is roughly constant", false}, {inverseSquare, "remains the same", false},
		{flat, "stays around 2", false}, {flat, "stays near 0.9", false}, {flat, "stays at 1.1", false},
		{inverseSquare, "quarters when d doubles", true}, {inverseSquare, "is quartered when d_k doubles", true},
		{inverseSquare, "it is quartered when d doubles", true}, {inverseSquare, "gets quartered when d doubles", true},
		{flat, "is doubled when d doubles", false}, {flat, "it is halved when d doubles", false},
		{flat, "the values are quadrupled when d doubles", false}, {flat, "gets quadrupled when d doubles", false},
		{inverseSquare, "halves when d doubles", false}, {inverseSquare, "shrinks like 1/d^2", true},
		{inverseSquare, "shrinks like 1/d", false}, {inverseSquare, "quadratic decay", true},
	} {
		assert.Equal(t, c.holds, holdsFor(t, c.question, c.answer), "%s: %q", c.question, c.answer)
	}
	for _, c := range []struct{ answer, want string }{
		{"like 1/(d-1)", "not defined at d = 1 and 2"},
		{"proportional to 1/(d-2)", "not defined at d = 1 and 2"},
		{"stays around lots", "the level a constant stays at"},
	} {
		_, err := readFor(t, flat, c.answer, false)
		if assert.Error(t, err, c.answer) {
			assert.Contains(t, err.Error(), c.want, c.answer)
		}
	}
}
