package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The numbers behind the README's figures are exact, so they must match
// byte for byte on every machine; docs/figures/make.sh regenerates them.
func TestREADMEFigureDataIsCurrent(t *testing.T) {
	docs := filepath.Join("..", "..", "docs", "figures")
	for name, args := range map[string][]string{
		"dist-raw.csv":   {"plot", "dist", "--d", "2,8,32", "--scale", "raw"},
		"dist-sqrt.csv":  {"plot", "dist", "--d", "2,8,32", "--scale", "sqrt"},
		"variance.csv":   {"plot", "variance"},
		"softmax.csv":    {"plot", "softmax"},
		"saturation.csv": {"plot", "saturation"},
	} {
		t.Run(name, func(t *testing.T) {
			got := filepath.Join(t.TempDir(), name)
			_, stderr, status := sqrtdk(append(args, "--data", got)...)
			require.Equal(t, 0, status, stderr)
			want, err := os.ReadFile(filepath.Join(docs, name))
			require.NoError(t, err)
			b, err := os.ReadFile(got)
			require.NoError(t, err)
			require.Equal(t, string(want), string(b), "docs/figures/%s is stale: run sh docs/figures/make.sh", name)
		})
	}
}
