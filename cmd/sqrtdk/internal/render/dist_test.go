package render

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestDistFormatsAtLargeWidth writes every format for a distribution whose
// counts have hundreds of digits (more than a literal the parsers accept),
// and checks each has one line per score.
func TestDistFormatsAtLargeWidth(t *testing.T) {
	a, err := rational.ParseAlphabet("-1,0,1")
	require.NoError(t, err)
	p := enumerate.Problem{Q: a, K: a, D: 300}
	plan, err := enumerate.NewPlan(p, enumerate.ClosedForm, enumerate.Options{})
	require.NoError(t, err)
	h, err := plan.Distribution(context.Background())
	require.NoError(t, err)
	d := &Dist{Q: a, K: a, D: 300, Method: enumerate.ClosedForm, Hist: h}
	scores := 0
	for _, c := range h.Counts {
		if c.Sign() != 0 {
			scores++
		}
	}
	for _, c := range []struct {
		f     Format
		extra int // lines besides one per score
	}{{CSV, 1}, {LaTeX, 10}, {Markdown, 2}, {JSON, 0}} {
		var b strings.Builder
		require.NoError(t, d.Write(&b, c.f), c.f)
		lines := strings.Count(b.String(), "\n")
		if c.f == JSON {
			require.Equal(t, scores, strings.Count(b.String(), `"probability"`), c.f)
			continue
		}
		require.Equal(t, scores+c.extra, lines, c.f)
	}
}
