package nat

import (
	"math/big"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// naiveSums computes N, S1 and S2 from their definition with big.Int
// products, for counts at the given indices.
func naiveSums(ts []int, cs []*big.Int) (n, s1, s2 *big.Int) {
	n, s1, s2 = new(big.Int), new(big.Int), new(big.Int)
	for i, t := range ts {
		tb := big.NewInt(int64(t))
		n.Add(n, cs[i])
		s1.Add(s1, new(big.Int).Mul(tb, cs[i]))
		s2.Add(s2, new(big.Int).Mul(new(big.Int).Mul(tb, tb), cs[i]))
	}
	return n, s1, s2
}

// TestLatticeSumsLargeCounts checks Add and AddPair against the definition
// with counts of hundreds of digits, indices whose squares need a full
// word or more, and a negative count (which takes the general path).
func TestLatticeSumsLargeCounts(t *testing.T) {
	big1 := new(big.Int).Exp(big.NewInt(7), big.NewInt(900), nil)
	big2 := new(big.Int).Exp(big.NewInt(3), big.NewInt(1400), nil)
	ts := []int{0, 1, 5, 99999, 1 << 31, 1<<32 + 3, 17}
	cs := []*big.Int{big1, big2, big.NewInt(12), big1, big2, big.NewInt(5), big.NewInt(-4)}
	var s LatticeSums
	for i := range ts {
		s.Add(ts[i], cs[i])
	}
	n, s1, s2 := naiveSums(ts, cs)
	for _, c := range []struct {
		name      string
		got, want *big.Int
	}{{"N", &s.n, n}, {"S1", &s.s1, s1}, {"S2", &s.s2, s2}} {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("Add: %s = %s, want %s", c.name, c.got, c.want)
		}
	}
	// AddPair(t, u, c) is Add(t, c) and Add(u, c).
	pairs := [][2]int{{0, 100000}, {3, 99997}, {1 << 31, 1 << 31}, {1<<32 - 1, 1 << 32}}
	var p LatticeSums
	var pts []int
	var pcs []*big.Int
	for i, pr := range pairs {
		c := []*big.Int{big2, big1, big.NewInt(9), big2}[i]
		p.AddPair(pr[0], pr[1], c)
		pts = append(pts, pr[0], pr[1])
		pcs = append(pcs, c, c)
	}
	n, s1, s2 = naiveSums(pts, pcs)
	if p.n.Cmp(n) != 0 || p.s1.Cmp(s1) != 0 || p.s2.Cmp(s2) != 0 {
		t.Errorf("AddPair: sums %s, %s, %s, want %s, %s, %s", &p.n, &p.s1, &p.s2, n, s1, s2)
	}
}

// TestInWords pins the fast path's condition exactly: indices from 0 to
// 2^(word size/2) − 1, counts ≥ 0 and sums ≥ 0 run on words, anything
// else on big.Int products.
func TestInWords(t *testing.T) {
	maxRoot := 1<<(bits.UintSize/2) - 1
	one := big.NewInt(1)
	var s LatticeSums
	for _, c := range []struct {
		t    int
		c    *big.Int
		want bool
	}{
		{0, one, true}, {1, one, true}, {maxRoot, one, true}, {maxRoot + 1, one, false}, {-1, one, false},
		{5, new(big.Int), true}, {5, big.NewInt(-1), false},
	} {
		if got := s.inWords(c.t, c.c); got != c.want {
			t.Errorf("empty sums: inWords(%d, %s) = %v, want %v", c.t, c.c, got, c.want)
		}
	}
	var neg1, neg2 LatticeSums
	neg1.Add(-1, one) // S1 = −1, S2 = 1
	neg2.Add(1, big.NewInt(2))
	neg2.Add(2, big.NewInt(-1)) // S1 = 0, S2 = −2
	for _, s := range []*LatticeSums{&neg1, &neg2} {
		if s.inWords(1, one) {
			t.Errorf("inWords with S1 = %s, S2 = %s: want false", &s.s1, &s.s2)
		}
	}
}

// TestLatticeSumsAfterNegativeSums adds positive counts to sums made
// negative by earlier counts, and pairs whose squares overflow a word
// together though each fits: the results must match the definition.
func TestLatticeSumsAfterNegativeSums(t *testing.T) {
	maxRoot := 1<<(bits.UintSize/2) - 1
	big1 := new(big.Int).Exp(big.NewInt(7), big.NewInt(90), nil)
	var s LatticeSums
	var ts []int
	var cs []*big.Int
	add := func(t int, c *big.Int) {
		s.Add(t, c)
		ts, cs = append(ts, t), append(cs, c)
	}
	add(-3, big.NewInt(5))
	add(4, big.NewInt(-7))
	add(2, big1)
	add(maxRoot, big1)
	s.AddPair(maxRoot, maxRoot, big1)
	ts, cs = append(ts, maxRoot, maxRoot), append(cs, big1, big1)
	s.AddPair(maxRoot-1, 3, big.NewInt(11))
	ts, cs = append(ts, maxRoot-1, 3), append(cs, big.NewInt(11), big.NewInt(11))
	n, s1, s2 := naiveSums(ts, cs)
	if s.n.Cmp(n) != 0 || s.s1.Cmp(s1) != 0 || s.s2.Cmp(s2) != 0 {
		t.Errorf("sums %s, %s, %s, want %s, %s, %s", &s.n, &s.s1, &s.s2, n, s1, s2)
	}
	var p LatticeSums
	p.AddPair(maxRoot, maxRoot, big1) // 2·maxRoot² overflows a word
	n, s1, s2 = naiveSums([]int{maxRoot, maxRoot}, []*big.Int{big1, big1})
	if p.n.Cmp(n) != 0 || p.s1.Cmp(s1) != 0 || p.s2.Cmp(s2) != 0 {
		t.Errorf("AddPair(%d, %d): sums %s, %s, %s, want %s, %s, %s", maxRoot, maxRoot, &p.n, &p.s1, &p.s2, n, s1, s2)
	}
}

func TestLatticeSumsEdges(t *testing.T) {
	var s LatticeSums
	require.Equal(t, "0", s.Mean(big.NewRat(5, 1), big.NewRat(1, 1)).RatString(), "an empty distribution")
	require.Equal(t, "0", s.Variance(big.NewRat(1, 1)).RatString())
	s.Add(3, new(big.Int))
	require.Zero(t, s.n.Sign(), "a zero count adds nothing")
	s.Add(0, big.NewInt(1))
	s.Add(2, big.NewInt(3))
	// Scores base + step·t with base 1, step 1/2: 1 once, 2 three times.
	require.Equal(t, "7/4", s.Mean(big.NewRat(1, 1), big.NewRat(1, 2)).RatString())
	require.Equal(t, "3/16", s.Variance(big.NewRat(1, 2)).RatString())
	require.Equal(t, "4", s.n.String())
	require.Equal(t, "6", s.s1.String())
	require.Equal(t, "12", s.s2.String())
}
