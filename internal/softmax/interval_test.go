package softmax

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCellAndParse(t *testing.T) {
	cases := []struct {
		text   string
		places int
		lo, hi string
	}{
		{"0.2446", 4, "0.24455", "0.24465"},
		{"0.", 3, "-0.0005", "0.0005"},
		{"1.", 3, "0.9995", "1.0005"},
		{"0.03", 3, "0.0295", "0.0305"},
		{"-20.1", 1, "-20.15", "-20.05"},
		{"-0.", 0, "-0.5", "0.5"},
		{"1.5e-3", 4, "0.00145", "0.00155"},
	}
	for _, c := range cases {
		iv, err := Cell(c.text, c.places)
		require.NoError(t, err, c.text)
		assert.Equal(t, 0, iv.Lo.Cmp(rat(t, c.lo)), "%s lo", c.text)
		assert.Equal(t, 0, iv.Hi.Cmp(rat(t, c.hi)), "%s hi", c.text)
	}
	// Parsing is rational.ParseDecimal's, tested there; a bad figure is an error here.
	for _, bad := range []string{"", "abc", "1/2", "1e"} {
		_, err := Cell(bad, 3)
		assert.Error(t, err, bad)
	}
	_, err := Cell("0.2446", 3)
	assert.Error(t, err, "too many places")
	_, err = Cell("0.2", -1)
	assert.Error(t, err)
}

func TestAttainable(t *testing.T) {
	iv := func(lo, hi string) Interval { return Interval{Lo: rat(t, lo), Hi: rat(t, hi)} }
	box := Range{Min: iv("0.24436", "0.24437"), Max: iv("0.24467", "0.24468")}
	for text, want := range map[string]Consistency{
		"0.2443": Inconsistent, "0.2444": Consistent, "0.2446": Consistent,
		"0.2447": Consistent, "0.2448": Inconsistent,
	} {
		v, err := Attainable(text, 4, box)
		require.NoError(t, err)
		assert.Equal(t, want, v, text)
	}
	// Overlapping enclosure of the min with the cell edge: undecided.
	v, err := Attainable("0.2443", 4, Range{Min: iv("0.24434", "0.24436"), Max: iv("0.3", "0.3")})
	require.NoError(t, err)
	assert.Equal(t, Undecided, v)
	// A tie at the cell boundary counts for both neighbours.
	tie := PointRange(iv("0.25", "0.25"))
	for _, text := range []string{"0.2", "0.3"} {
		v, err := Attainable(text, 1, tie)
		require.NoError(t, err)
		assert.Equal(t, Consistent, v, text)
	}
	_, err = Attainable("x", 1, tie)
	assert.Error(t, err)
	assert.Equal(t, "consistent", Consistent.String())
	assert.Equal(t, "inconsistent", Inconsistent.String())
	assert.Equal(t, "undecided", Undecided.String())
	assert.Equal(t, "[0.333333333333, 0.333333333334]", iv("1/3", "1/3").String())
	assert.Equal(t, 0, box.Hull().Width().Cmp(rat(t, "0.00032")))
}
