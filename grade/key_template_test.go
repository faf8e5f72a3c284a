package grade

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIsTemplate: a key with draws is a template until a variant is drawn
// from it; a key without draws never is (the command grades a template
// only through a seed).
func TestIsTemplate(t *testing.T) {
	plain, err := ParseKey("t.key", strings.NewReader("answer a variance d=2\n"))
	require.NoError(t, err)
	require.False(t, plain.IsTemplate(), "no draws")
	require.Nil(t, plain.Values, "no values drawn")
	tmpl, err := ParseKey("t.key", strings.NewReader("draw v from 3,5\nvariants min=1\nanswer a variance d={v}\n"))
	require.NoError(t, err)
	require.True(t, tmpl.IsTemplate())
	v, err := tmpl.Variant("seed", "ada")
	require.NoError(t, err)
	require.False(t, v.IsTemplate(), "a variant has its values")
}

// A template short of variants says how many, agreeing with one.
func TestTooFewVariantsWordsOne(t *testing.T) {
	_, err := ParseKey("t.key", strings.NewReader("draw v from 3\nvariants min=1\nanswer a variance d={v}\n"))
	require.NoError(t, err, "one variant where one is needed")
	_, err = ParseKey("t.key", strings.NewReader("draw v from 3\nvariants min=2\nanswer a variance d={v}\n"))
	require.EqualError(t, err, "t.key:2: the draws give 1 variant; at least 2 are needed so that neighbours rarely share one: widen the ranges of the draws, or lower min")
	_, err = ParseKey("t.key", strings.NewReader("draw v from 2,3\nvariants min=1\nanswer a variance d={v}\n"))
	require.NoError(t, err)
}
