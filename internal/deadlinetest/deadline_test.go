package deadlinetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFactorIsBounded(t *testing.T) {
	f := Factor()
	t.Logf("load factor %.2f", f)
	assert.GreaterOrEqual(t, f, 1.0)
	assert.LessOrEqual(t, f, 10.0)
	assert.Equal(t, f, Factor(), "measured once")
	assert.GreaterOrEqual(t, Scaled(2*time.Second), 2*time.Second)
}
