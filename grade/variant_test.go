package grade

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// documentedPick is Variant's documented draw, written from its doc: the
// SHA-256 digest of "sqrtdk-variant-v1", seed, student and name, each
// followed by a zero byte, as a big-endian integer modulo n.
func documentedPick(seed, student, name string, n int) int {
	h := sha256.New()
	for _, s := range []string{"sqrtdk-variant-v1", seed, student, name} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	x := new(big.Int).SetBytes(h.Sum(nil))
	return int(x.Mod(x, big.NewInt(int64(n))).Int64())
}

// TestVariantFollowsTheDocumentedDraw: a template whose one draw has 100
// choices, 98 of them spellings of √d_k at d_k = 6 (a question the lesson
// prints), so that many students need all 64 picks and then the next
// allowed choice in order. Each student's variant is the one the
// documented algorithm gives: the first allowed pick of attempts 0 to 63
// ("s", "s\x001", …, "s\x0063"), else the next allowed choice after the
// 64th pick (a 65th pick, or the fallback from another place, would give
// another variant to a student whose printed sheet was drawn by the
// documented rule).
func TestVariantFollowsTheDocumentedDraw(t *testing.T) {
	const n = 100
	allowed := map[int]string{30: "d^1/3", 70: "d^1/5"}
	choices := make([]string, n)
	for i := range choices {
		choices[i] = fmt.Sprintf("d^%d/%d", i+1, 2*(i+1))
		if s, ok := allowed[i]; ok {
			choices[i] = s
		}
	}
	tmpl := parseKey(t, "variants min=2\ndraw s from "+strings.Join(choices, ",")+"\nanswer a variance d=6 scale={s}\n")
	const seed = "2026"
	fellBack := 0
	for i := range 60 {
		student := fmt.Sprintf("s%02d", i)
		want := -1
		var c int
		for attempt := range 64 {
			name := "s"
			if attempt > 0 {
				name += "\x00" + strconv.Itoa(attempt)
			}
			if c = documentedPick(seed, student, name, n); allowed[c] != "" {
				want = c
				break
			}
		}
		if want < 0 {
			fellBack++
			for want = (c + 1) % n; allowed[want] == ""; want = (want + 1) % n {
			}
		}
		v, err := tmpl.Variant(seed, student)
		require.NoError(t, err)
		require.Equal(t, choices[want], v.Values["s"], "student %s", student)
	}
	require.Greater(t, fellBack, 5, "the fallback after 64 picks is exercised")
}
