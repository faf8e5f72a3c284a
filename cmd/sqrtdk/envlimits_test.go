//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Under an address-space limit of 1 GiB a Go process reserves most of it
// at start: runs that the default limit of 1 GiB would accept, and that
// died of "fatal error: out of memory" with goroutine traces, are refused
// before work (a plan above what is left) or stopped by the memory watch,
// with one line and exit status 2; a --max-memory above what is left is
// refused naming RLIMIT_AS.
func TestAddressSpaceLimit(t *testing.T) {
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is missing")
	}
	bin := sharedBinary(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"dist", "--d", "9000", "--values", "-3,-1,1,3"}, "sqrtdk dist: the closed form at d_k = 9000 would hold about 277 MiB (limit "},
		{[]string{"prove", "--d", "3000"}, "sqrtdk prove: the assertions at d_k = 3000 would hold about 414 MiB (limit "},
		{[]string{"table", "--max-memory", "1GiB"}, "sqrtdk table: --max-memory 1GiB is more than this process can hold: its address-space limit (RLIMIT_AS, ulimit -v) is 1024 MiB"},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			var stderr bytes.Buffer
			cmd := exec.Command(prlimit, append([]string{"--as=" + strconv.Itoa(1<<30), bin}, c.args...)...)
			cmd.Dir, cmd.Stderr = t.TempDir(), &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			assert.Equal(t, 2, exit.ExitCode(), stderr.String())
			assert.Contains(t, stderr.String(), c.want)
			assert.NotContains(t, stderr.String(), "fatal error")
			assert.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), stderr.String())
		})
	}
}

// A control group's limit is read from v2's memory.max or v1's
// memory.limit_in_bytes; "max" and v1's near-2^63 mean none.
func TestReadCgroupLimit(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		text string
		want int64
		ok   bool
	}{
		{"max\n", 0, false},
		{"9223372036854771712\n", 0, false},
		{"2147483648\n", 2 << 30, true},
		{"garbage", 0, false},
		{"0", 0, false},
	} {
		file := filepath.Join(dir, "memory.max")
		require.NoError(t, os.WriteFile(file, []byte(c.text), 0o644))
		got, ok := readCgroupLimit(file)
		assert.Equal(t, c.ok, ok, c.text)
		assert.Equal(t, c.want, got, c.text)
	}
	_, ok := readCgroupLimit(filepath.Join(dir, "absent"))
	assert.False(t, ok)
}
