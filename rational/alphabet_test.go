package rational

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSignsIsTheLessonsAlphabet(t *testing.T) {
	s := Signs()
	require.Equal(t, "-1,1", s.String())
	require.Equal(t, int64(2), s.Size())
	require.Zero(t, s.Mean().Sign())
	require.Zero(t, s.Variance().Cmp(big.NewRat(1, 1)))
}

func TestAlphabetMoments(t *testing.T) {
	a, err := ParseAlphabet("-2:1,1/2:4")
	require.NoError(t, err)
	require.Equal(t, int64(5), a.Size())
	require.Zero(t, a.Mean().Sign())
	require.Equal(t, "1", a.Moment(2).RatString())
	require.Equal(t, "-3/2", a.Moment(3).RatString())
	require.Equal(t, "1", a.Variance().RatString())
	require.Equal(t, "1", a.Moment(0).RatString())
	require.Equal(t, "125", a.Vectors(3).String())
	require.InDelta(t, 3*2.321928094887362, a.VectorsLog2(3), 1e-12)
	require.Equal(t, []string{"-2", "1/2:4"}, a.Tokens())
	require.Len(t, a.expanded(), 5)
	require.Equal(t, "1/2", a.expanded()[4].RatString())
	b, err := ParseAlphabet("0,2")
	require.NoError(t, err)
	require.Equal(t, "1", b.Mean().RatString())
	require.Equal(t, "1", b.Variance().RatString())
	z, err := ParseAlphabet("±0:3")
	require.NoError(t, err)
	require.Equal(t, "0:6", z.String())
	z, err = ParseAlphabet("±0:500000")
	require.NoError(t, err, "±0 of multiplicity exactly half the maximum")
	require.Equal(t, "0:1000000", z.String())
	_, err = ParseAlphabet("±0:500001")
	require.ErrorContains(t, err, "±0 counts 0 twice, a multiplicity of 1000002, over 1000000")
	_, err = ParseAlphabet("±-1")
	require.ErrorContains(t, err, "write ±a with a ≥ 0")
	_, err = ParseAlphabet("1:600000,1:500000")
	require.ErrorContains(t, err, "value 1 has multiplicity over 1000000")
	_, err = ParseAlphabet("1:1000000")
	require.NoError(t, err)
	merged, err := ParseAlphabet("1:500000,1:500000")
	require.NoError(t, err, "a merged multiplicity of exactly the maximum is allowed")
	require.Equal(t, int64(MaxMultiplicity), merged.Letters()[0].Mult)
	_, err = ParseAlphabet("1,,2")
	require.ErrorContains(t, err, "has an empty entry")
	var many []string
	for i := range MaxLetters + 1 {
		many = append(many, big.NewInt(int64(i)).String())
	}
	_, err = ParseAlphabet(strings.Join(many, ","))
	require.ErrorContains(t, err, "alphabet has 65 distinct values; at most 64 are supported")
	_, err = ParseAlphabet(strings.Join(many[:MaxLetters], ","))
	require.NoError(t, err)
}

// expanded returns the multiset's elements in ascending order, each value
// repeated as often as its multiplicity.
func (a Alphabet) expanded() []*big.Rat {
	var out []*big.Rat
	for _, l := range a.letters {
		for range l.Mult {
			out = append(out, l.Value)
		}
	}
	return out
}
