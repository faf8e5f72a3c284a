package claims

import (
	"context"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// TestQuestionAPI holds what grade reads from a question: its settings,
// the keys its kind takes, a derived question, its exact value (or none),
// and the figures of an answer read for it.
func TestQuestionAPI(t *testing.T) {
	q, err := ParseQuestion("variance d=4", map[string]string{"values": "-2,2"})
	require.NoError(t, err)
	assert.Equal(t, "4", q.Setting("d"))
	assert.Equal(t, "-2,2", q.Setting("values"), "a default the text does not set")
	assert.Equal(t, "", q.Setting("scale"))
	assert.True(t, q.Takes("scale"))
	assert.False(t, q.Takes("entry"))

	ch := NewChecker(enumerate.Limits{})
	v, ok, err := q.Value(context.Background(), ch)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "64", v.String(), "Var = d·a⁴ with a = 2 at d = 4")

	std, err := q.Derive("std", map[string]string{"d": "9", "values": ""})
	require.NoError(t, err)
	assert.Equal(t, "std", std.Kind)
	assert.Equal(t, "", std.Setting("values"), "a key set to \"\" is removed")
	v, ok, err = std.Value(context.Background(), ch)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "3", v.String(), "√9 over ±1")
	same, err := q.Derive("", map[string]string{"d": "2"})
	require.NoError(t, err)
	assert.Equal(t, "variance", same.Kind, "no kind keeps q's")
	assert.Equal(t, "-2,2", same.Setting("values"))
	_, err = q.Derive("", map[string]string{"d": "x"})
	assert.Error(t, err, "a derived question is parsed like any other")

	trend, err := ParseQuestion("trend quantity=std d=1,2,4", nil)
	require.NoError(t, err)
	_, ok, err = trend.Value(context.Background(), ch)
	require.NoError(t, err)
	assert.False(t, ok, "a trend is not one value")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	wide, err := ParseQuestion("variance d=3000 values=-3,-1,1,3", nil)
	require.NoError(t, err)
	_, ok, err = wide.Value(cancelled, NewChecker(enumerate.Limits{}))
	assert.ErrorIs(t, err, context.Canceled, "a stopped computation says it was stopped")
	assert.False(t, ok)

	for _, c := range []struct {
		text           string
		decimal        bool
		places, digits int
		value          string // the decimal as written, "" for an exact figure
	}{
		{"64", true, 0, 2, "64"}, // a whole number: 64 itself, or a value rounded to it
		{"66000", true, -3, 2, "66000"},
		{"128/2", false, 0, 0, ""},
		{"64.0", true, 1, 3, "64"},
		{"0.0120", true, 4, 3, "3/250"},
		{"6.50e1", true, 1, 3, "65"},
		{"6.5e4", true, -3, 2, "65000"},
		{"99.97%", true, 4, 4, "9997/10000"},
		{"0.00", true, 2, 2, "0"},
	} {
		a, err := q.Read(c.text, false)
		require.NoError(t, err, c.text)
		f := a.Figures()
		require.Len(t, f, 1, c.text)
		assert.Equal(t, c.text, f[0].String())
		assert.Equal(t, c.decimal, f[0].IsDecimal(), c.text)
		assert.Equal(t, c.places, f[0].Places(), "%s: places", c.text)
		assert.Equal(t, c.digits, f[0].SignificantDigits(), "%s: significant digits", c.text)
		if c.value == "" {
			assert.Nil(t, f[0].Decimal(), c.text)
			continue
		}
		want, _ := new(big.Rat).SetString(c.value)
		got := f[0].Decimal()
		require.NotNil(t, got, c.text)
		assert.Zero(t, got.Cmp(want), "%s: %s, want %s", c.text, got.RatString(), c.value)
		got.SetInt64(-1)
		assert.Zero(t, f[0].Decimal().Cmp(want), "%s: a caller's change stays its own", c.text)
	}
}
