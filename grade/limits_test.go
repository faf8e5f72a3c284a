package grade

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// spaced writes n with a space between groups of three digits, as the
// package doc writes its limits.
func spaced(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}

// TestDocStatesLimits keeps the limits the package doc states (the limits
// are unexported: the doc is where a teacher reads them) equal to the
// constants that enforce them.
func TestDocStatesLimits(t *testing.T) {
	raw, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(raw), "//", "")), " ")
	for _, want := range []string{
		fmt.Sprintf("at most %s answers of at most %s points each, in at most %d MiB", spaced(maxParts), spaced(maxPoints), maxKeyBytes>>20),
		fmt.Sprintf("a list a,b,c, at most %s,", spaced(maxChoices)),
	} {
		require.Contains(t, doc, want)
	}
}
