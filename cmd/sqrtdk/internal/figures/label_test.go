package figures

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func TestScaleLabel(t *testing.T) {
	for in, want := range map[string]string{
		"raw": "q·k", "sqrt": "q·k / √d_k", "d": "q·k / d_k", "d^1/2": "q·k / √d_k", "d^0.25": "q·k / d_k^{1/4}",
		"d^3/2": "q·k / d_k^{3/2}", "d^2": "q·k / d_k^{2}", "d^-1/2": "q·k / d_k^{−1/2}", "d^0": "q·k",
	} {
		s, err := rational.ParseScale(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, scaleLabel(s, "q·k"), in)
	}
}
