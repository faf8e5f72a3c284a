package proofs

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func TestPairLaw(t *testing.T) {
	l, err := ParsePairLaw(" 1 1:2, -1 -1 , 1/2 0.5:3, 1 1")
	require.NoError(t, err)
	require.Equal(t, "-1 -1, 1/2 1/2:3, 1 1:3", l.String())
	require.False(t, l.isZero())
	require.True(t, PairLaw{}.isZero())
	require.Equal(t, int64(7), l.totalWeight())
	require.Len(t, l.pairs, 3)
	given := []Pair{{Q: big.NewRat(-1, 1), K: big.NewRat(-1, 1), Weight: 1}}
	own, err := NewPairLaw(given)
	require.NoError(t, err)
	given[0].Q.SetInt64(5) // the law keeps copies: it does not change
	require.Equal(t, "-1 -1", own.String())
	again, err := ParsePairLaw(l.String())
	require.NoError(t, err)
	require.Equal(t, l.String(), again.String())

	require.Equal(t, "-1 -1, 0 0:2, 1 1", SamePairs(alphabet(t, "-1,0:2,1")).String())
	require.Equal(t, "-1 1, 0 0:2, 1 -1", OppositePairs(alphabet(t, "-1,0:2,1")).String())
	require.Equal(t, "-1 0:3, -1 2:6, 1 0, 1 2:2", ProductPairs(alphabet(t, "-1:3,1"), alphabet(t, "0,2:2")).String())

	for _, c := range []struct{ in, err string }{
		{"", "empty pair law"},
		{"1", `pair "1": write the value of q_i, a space and the value of k_i`},
		{"1 2 3", `pair "1 2 3": write`},
		{"x 1", `pair "x 1": q_i: "x" is not a number`},
		{"1 y", `pair "1 y": k_i: "y" is not a number`},
		{"1 1:0", `pair "1 1:0": the weight must be an integer from 1 to 1000000`},
		{"1 1:1000001", "the weight must be an integer from 1 to 1000000"},
		{"1 1:w", "the weight must be an integer"},
		{"1 1:600000, 1 1:600000", "the pair (1, 1) has weight over 1000000"},
	} {
		_, err := ParsePairLaw(c.in)
		require.ErrorContains(t, err, c.err, "%q", c.in)
	}
	// The weights at their bounds: 1 written out, and 1000000 reached
	// by adding a pair's weights.
	l, err = ParsePairLaw("1 1:1, -1 -1:500000, -1 -1:500000")
	require.NoError(t, err)
	require.Equal(t, "-1 -1:1000000, 1 1", l.String())
	_, err = NewPairLaw(nil)
	require.ErrorContains(t, err, "the pair law is empty")
	_, err = NewPairLaw([]Pair{{Q: big.NewRat(1, 1), Weight: 1}})
	require.ErrorContains(t, err, "a pair has no value")
	var many []Pair
	for i := range maxPairs + 1 {
		many = append(many, Pair{Q: big.NewRat(int64(i), 1), K: big.NewRat(1, 1), Weight: 1})
	}
	_, err = NewPairLaw(many)
	require.ErrorContains(t, err, "the pair law has 4097 distinct pairs; at most 4096 are supported")
	_, err = NewPairLaw(many[:maxPairs])
	require.NoError(t, err)
}

func TestTie(t *testing.T) {
	for i, name := range []string{"none", "q", "k", "both"} {
		tie, err := ParseTie(" " + name + " ")
		require.NoError(t, err)
		require.Equal(t, Tie(i), tie)
		require.Equal(t, name, tie.String())
	}
	_, err := ParseTie("all")
	require.ErrorContains(t, err, `unknown tie "all" (use none, q, k or both)`)
	require.Equal(t, "Tie(7)", Tie(7).String())
	require.Equal(t, "Tie(-1)", Tie(-1).String())
}

func TestModelValidate(t *testing.T) {
	signs := rational.Signs()
	j := joint(t, "1 1 1\n").Joint
	pl := SamePairs(signs)
	for _, c := range []struct {
		m   Model
		err string
	}{
		{Model{Q: signs, K: signs, Tie: Tie(4)}, "unknown tie Tie(4)"},
		{Model{Q: signs, K: signs, Tie: Tie(-1)}, "unknown tie Tie(-1)"},
		{Model{Joint: j, Q: signs}, "a joint law is the whole space"},
		{Model{Joint: j, K: signs}, "a joint law is the whole space"},
		{Model{Joint: j, Pairs: pl}, "a joint law is the whole space"},
		{Model{Joint: j, Tie: TieQ}, "a joint law is the whole space"},
		{Model{Pairs: pl, Q: signs}, "a pair law replaces the alphabets"},
		{Model{Pairs: pl, K: signs}, "a pair law replaces the alphabets"},
		{Model{Q: signs}, "an alphabet is empty"},
		{Model{K: signs}, "an alphabet is empty"},
	} {
		_, err := NewSpace(c.m, 1, Options{})
		require.ErrorContains(t, err, c.err, "%+v", c.m)
	}
	for _, m := range []Model{{Joint: j}, {Pairs: pl, Tie: TieBoth}, {Q: signs, K: signs, Tie: TieK}} {
		_, err := NewSpace(m, 1, Options{})
		require.NoError(t, err)
	}
}

func TestModelString(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m    Model
		want string
	}{
		{Model{Q: signs, K: alphabet(t, "0,1:2")}, "q_i from {-1,1}, k_i from {0,1:2}, independently; coordinates independent"},
		{Model{Pairs: SamePairs(signs), Tie: TieQ}, "(q_i, k_i) from the pairs {-1 -1, 1 1}; every q_i equals q_1, each k_i drawn given its q_i"},
		{Model{Q: signs, K: signs, Tie: TieK}, "q_i from {-1,1}, k_i from {-1,1}, independently; every k_i equals k_1, each q_i drawn given its k_i"},
		{Model{Q: signs, K: signs, Tie: TieBoth}, "q_i from {-1,1}, k_i from {-1,1}, independently; every (q_i, k_i) equals (q_1, k_1)"},
		{joint(t, "1 1,2 3,4\n2 0,0 0,0\n1 1,2 3,4\n"), "a joint law of (q, k) at d_k = 2, 2 weighted outcomes"},
	} {
		require.Equal(t, c.want, c.m.String())
	}
}

func TestReadJointLaw(t *testing.T) {
	j, err := ReadJointLaw("", strings.NewReader("# a comment\n\n1/4  1,-1  2,0.5  # trailing\n0 9 9 9\n"))
	require.ErrorContains(t, err, "line 4: want three fields")
	require.Nil(t, j)
	j, err = ReadJointLaw("", strings.NewReader("# weight q k\n1/4  1,-1  2,0.5  # trailing\n0.5 0,0 0,0\n0 9,9 9,9\n1/4 1,-1 2,1/2\n"))
	require.NoError(t, err)
	require.Equal(t, 2, j.D)
	// Weights 1/4 + 1/4 and 1/2 cleared to integers: 2 and 2.
	require.Equal(t, 2, j.outcomes())
	var b bytes.Buffer
	n, err := j.writeTo(&b)
	require.NoError(t, err)
	require.Equal(t, int64(b.Len()), n)
	require.Equal(t, "# weight  q  k\n2  0,0  0,0\n2  1,-1  2,1/2\n", b.String())
	text := b.String()
	again, err := ReadJointLaw("", &b)
	require.NoError(t, err)
	var b2 bytes.Buffer
	_, err = again.writeTo(&b2)
	require.NoError(t, err)
	require.Equal(t, text, b2.String(), "the law read back is the law written")
	require.Equal(t, j.values, again.values)

	for _, c := range []struct{ in, err string }{
		{"", "no outcomes"},
		{"# nothing\n", "no outcomes: write one line per outcome"},
		{"1 1\n", "line 1: want three fields, the weight, the vector q and the vector k"},
		{"x 1 1\n", `line 1: weight: "x" is not a number`},
		{"-1 1 1\n", "line 1: weight -1 is negative"},
		{"1 1,,1 1,1,1\n", "line 1: q: entry 2: empty number"},
		{"1 1 z\n", `line 1: k: entry 1: "z" is not a number`},
		{"1 1,1 1\n", "line 1: q has 2 entries but k has 1"},
		{"1 1 1\n1 1,1 1,1\n", "line 2: the vectors have 2 entries, but those of line 1 have 1"},
		{"0 1 1\n0 2 2\n", "line 2: the weights add up to 0; a law needs a positive total weight"},
		{"4611686018427387904 1 1\n", "line 1: the weights add up to more than 2^62 once their denominators are cleared"},
		{"4611686018427387903 1 1\n1 2 2\n", "line 2: the weights add up to more than 2^62"},
		{"1/2 1 1\n1/4611686018427387903 2 2\n", "line 2: the weights add up to more than 2^62"},
		{"1 " + strings.Repeat("1,", 64) + "1 " + strings.Repeat("1,", 64) + "1\n", "line 1: the vectors have 65 entries; a joint law may have at most 64"},
		{strings.Repeat("x", maxJointLine+1), "line 1: the line is longer than 1048576 bytes"},
	} {
		_, err := ReadJointLaw("", strings.NewReader(c.in))
		require.ErrorContains(t, err, c.err, "%.60q", c.in)
		require.IsType(t, &JointLawError{}, err)
		require.NotContains(t, err.Error(), "line 0")
	}
	require.Equal(t, "line 3: bad", (&JointLawError{line: 3, msg: "bad"}).Error())
	require.Equal(t, "no outcomes", (&JointLawError{msg: "no outcomes"}).Error(), "a problem of the whole file names no line")
	require.Equal(t, "law.txt:3: bad", (&JointLawError{file: "law.txt", line: 3, msg: "bad"}).Error())
	require.Equal(t, "law.txt: no outcomes", (&JointLawError{file: "law.txt", msg: "no outcomes"}).Error())
	_, err = ReadJointLaw("law.txt", strings.NewReader("1 1,1 1,1\n1 1 1\n"))
	require.ErrorContains(t, err, "law.txt:2: ")
	// Outcomes are kept in order of q, then k, entry by entry.
	j, err = ReadJointLaw("", strings.NewReader("1 1,2 0,0\n1 1,1 0,0\n1 1,1 0,-1\n1 0,9 9,9\n1 1,1 -1,5\n"))
	require.NoError(t, err)
	b.Reset()
	_, err = j.writeTo(&b)
	require.NoError(t, err)
	require.Equal(t, "# weight  q  k\n1  0,9  9,9\n1  1,1  -1,5\n1  1,1  0,-1\n1  1,1  0,0\n1  1,2  0,0\n", b.String())
	// 64 entries are allowed.
	v := strings.Repeat("1,", 63) + "1"
	j, err = ReadJointLaw("", strings.NewReader("1 "+v+" "+v+"\n"))
	require.NoError(t, err)
	require.Equal(t, maxJointWidth, j.D)
	_, err = ReadJointLaw("", failingReader{})
	require.ErrorContains(t, err, "the disk is on fire")
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, fmt.Errorf("the disk is on fire") }

func TestReadJointLawTooManyOutcomes(t *testing.T) {
	if short() {
		t.Skip("a million lines")
	}
	var b strings.Builder
	for i := range maxJointOutcomes + 1 {
		fmt.Fprintf(&b, "1 %d 1\n", i)
	}
	_, err := ReadJointLaw("", strings.NewReader(b.String()))
	require.ErrorContains(t, err, "line 1048577: more than 1048576 outcomes")
}
