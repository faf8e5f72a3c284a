package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxErrorLine is the longest error line a command may print.
const maxErrorLine = 200

// TestRefusalsFitOneLine checks that every kind of refusal of the cost
// model is one line of at most 200 characters that keeps its advice and
// names the flag to use: memory refusals name --max-memory and never
// --max-time, time refusals --max-time; a slice names --shard only with a
// count the run may be split into (issue 22: a 25-digit pair count, a
// budget listing its parts and a limit of "1e-09 seconds" pushed the
// advice into the cut middle of the line).
func TestRefusalsFitOneLine(t *testing.T) {
	dir := t.TempDir()
	var claims []string
	for range 20 {
		claims = append(claims, "distribution d=10000 is [(0, 1)]")
	}
	twenty := "twenty.claims" // a short name: the line's length is the refusal's
	t.Chdir(dir)
	require.NoError(t, os.WriteFile(twenty, []byte(strings.Join(claims, "\n")+"\n"), 0o644))
	var widths []string
	for i := range 100 {
		widths = append(widths, fmt.Sprint(200000+i))
	}
	cases := []struct {
		args []string
		flag string // the flag the advice names
	}{
		{[]string{"dist", "--d", "40", "--method", "brute"}, "--max-time"},
		{[]string{"dist", "--d", "30", "--shard", "0/2"}, "--shard"},
		{[]string{"dist", "--d", "34", "--shard", "0/2"}, "no --shard split fits: use --method closed"},
		{[]string{"dist", "--d", "50", "--shard", "5/1048576"}, "no --shard split fits: use --method closed"},
		{[]string{"table", "--d", "2,40", "--shard", "1/4"}, "no --shard split fits: use --method closed"},
		{[]string{"dist", "--values", "-1,0,1", "--d", "25", "--shard", "0/1048576"}, "--max-time"},
		{[]string{"table", "--max-time", "5m", "--d", strings.Join(widths, ",")}, "--max-time"},
		{[]string{"check", "--max-time", "1ns", twenty}, "--max-time"},
		{[]string{"check", "--max-memory", "20MiB", twenty}, "--max-memory"},
		{[]string{"dist", "--d", "100000"}, "--max-memory"},
		{[]string{"dist", "--d", "30000", "--format", "csv", "--max-time", "10s", "--max-memory", "4GiB"}, "--max-time"},
		{[]string{"prove", "--d", "10000"}, "--max-memory"},
		{[]string{"prove", "--d", "6000"}, "--max-memory"},
		{[]string{"prove", "--values", "0", "--d", "1000000"}, "--max-memory"},
		{[]string{"prove", "--tie", "q", "--d", "40"}, "--max-time"},
		{[]string{"plot", "dist", "--d", "4096", "--values", "-1,0,1", "-o", "p.svg", "--max-memory", "1MiB"}, "--max-memory"},
	}
	for _, c := range cases {
		_, stderr, code := runCLI(t, c.args...)
		line := strings.TrimSuffix(stderr, "\n")
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.NotContains(t, line, "\n", "%v: one line", c.args)
		assert.LessOrEqual(t, len([]rune(line)), maxErrorLine, "%v: %s", c.args, line)
		assert.Contains(t, line, c.flag, "%v: %s", c.args, line)
		if strings.Contains(line, "would hold") {
			assert.NotContains(t, line, "--max-time", "%v: a memory refusal names --max-memory", c.args)
		}
		assert.NotContains(t, line, "1048577", "%v: never more slices than a run may have", c.args)
	}
}
