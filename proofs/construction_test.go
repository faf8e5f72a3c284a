package proofs

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestByConstructionRecomputed: an assertion labelled "by construction"
// is one the model makes true; each such label of the proof for every
// width is checked here on the listed space at d_k = 2 (an outcome-by-
// outcome tally, not the product laws the label comes from), and a model
// that does not make it true (pairs drawn jointly, a tie) does not carry
// the label. (Issue 35 found a transcript labelling Cov = 0 by
// construction while its independence failed, from an overflow.)
func TestByConstructionRecomputed(t *testing.T) {
	ctx := context.Background()
	q1, k1, q2, k2 := Q(1), K(1), Q(2), K(2)
	t1, t2 := Term(1), Term(2)
	check := map[string]func(s *Space) bool{
		IDIndepQK: func(s *Space) bool {
			in, err := s.Independent(ctx, q1, k1)
			require.NoError(t, err)
			return in.Holds
		},
		IDIndepCoords: func(s *Space) bool {
			in, err := s.IndependentGroups(ctx, []RV{q1, k1}, []RV{q2, k2})
			require.NoError(t, err)
			return in.Holds
		},
		IDIndepTermsPair: func(s *Space) bool {
			in, err := s.Independent(ctx, t1, t2)
			require.NoError(t, err)
			return in.Holds
		},
		IDCovTerms: func(s *Space) bool {
			c, err := s.Cov(ctx, t1, t2)
			require.NoError(t, err)
			return c.Sign() == 0
		},
		IDMeanTermProduct: func(s *Space) bool {
			e, err1 := s.E(ctx, t1)
			eq, err2 := s.E(ctx, q1)
			ek, err3 := s.E(ctx, k1)
			require.NoError(t, errorsJoin(err1, err2, err3))
			return e.Cmp(eq.Mul(ek)) == 0
		},
		IDSquareTermProduct: func(s *Space) bool {
			e, err1 := s.E(ctx, Times(t1, t1))
			eq, err2 := s.E(ctx, Times(q1, q1))
			ek, err3 := s.E(ctx, Times(k1, k1))
			require.NoError(t, errorsJoin(err1, err2, err3))
			return e.Cmp(eq.Mul(ek)) == 0
		},
	}
	labelled := map[string]int{}
	for _, m := range []Model{
		iid(t, "-1,1", "-1,1"),
		iid(t, "-2:3,0:5,2:3", "-1:2,3"),
		iid(t, "-1:1000,1:999", "-1:1000,1:999"),
		Model{Pairs: ProductPairs(alphabet(t, "0,1/2:3"), alphabet(t, "-1,1:4"))},
		Model{Pairs: SamePairs(alphabet(t, "-1,1"))},
		pairs(t, "1 1/5,1 -1/5,-1 7/5,-1 -7/5"),
		Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1:4,1:5"), Tie: TieQ},
		Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1,1"), Tie: TieBoth},
	} {
		g := prove(t, m).General
		s := space(t, m, 2)
		require.True(t, s.listed)
		for _, st := range g.Steps {
			for _, a := range st.Assertions {
				f, ok := check[a.ID]
				if !ok {
					require.Empty(t, a.ByConstruction, "%s: %s has no construction", m, a.ID)
					continue
				}
				holds := f(s)
				require.Equal(t, holds, a.Holds, "%s: %s recomputed on the listing", m, a.ID)
				if a.ByConstruction != "" {
					labelled[a.ID]++
					require.True(t, holds, "%s: %s labelled by construction, but it fails on the listing", m, a.ID)
					if a.ID == IDIndepQK || a.ID == IDMeanTermProduct || a.ID == IDSquareTermProduct {
						require.True(t, m.independentAlphabets(), "%s: %s by construction needs independent alphabets", m, a.ID)
					} else {
						require.Equal(t, Untied, m.Tie, "%s: %s by construction needs independent pairs; a tie makes none", m, a.ID)
					}
				}
			}
		}
	}
	for id := range check {
		require.Positive(t, labelled[id], "no %s labelled by construction in the corpus", id)
	}
}

// errorsJoin returns the first non-nil error.
func errorsJoin(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
