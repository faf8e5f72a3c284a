//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSignalsStopEveryLongLoop sends SIGINT or SIGTERM to runs that spend
// their time outside enumeration: exact roots of irrational cells (table
// and merge), softmax branch and bound and many closed forms (check). Each
// must stop with 130 or 143, one line on stderr, nothing on stdout and no
// file left, and it logs how long it took to stop (the README's figures).
func TestSignalsStopEveryLongLoop(t *testing.T) {
	// About 1.5 s per case, six cases: cheap enough for -short, and the
	// only test of item 4 of the robustness issue, so CI runs it.
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	work := filepath.Join(dir, "work")
	require.NoError(t, os.Mkdir(work, 0o755))
	at := func(name string) string { return filepath.Join(work, name) }
	var scales []string
	for i := 1; i < 60; i++ {
		scales = append(scales, fmt.Sprintf("d^%d/999", i))
	}
	for i, s := range []string{"0/2", "1/2"} {
		code, _, stderr := execSqrtdk(t, bin, "table", "--d", "7,11,13", "--shard", s, "-o", at(fmt.Sprintf("t%d.json", i)))
		require.Equal(t, 0, code, stderr)
	}
	var jac, law []string
	for range 5 {
		jac = append(jac, jacobianClaim())
	}
	require.NoError(t, os.WriteFile(at("jacobian.claims"), []byte(strings.Join(jac, "\n")+"\n"), 0o644))
	for d := 9000; d < 9100; d++ {
		law = append(law, fmt.Sprint(d))
	}
	require.NoError(t, os.WriteFile(at("law.claims"), []byte("law quantity=variance values=-1,0,1 d="+strings.Join(law, ",")+" is 2/3*d\n"), 0o644))
	fixtures := names(t, work)
	for _, c := range []struct {
		name string
		sig  syscall.Signal
		args []string
	}{
		{"table, 177 cells of 1001 places", syscall.SIGINT, []string{"table", "--digits", "1001", "--scales", strings.Join(scales, ","), "--d", "7,11,13", "-o", at("t.txt")}},
		{"table, the same, SIGTERM", syscall.SIGTERM, []string{"table", "--digits", "1001", "--scales", strings.Join(scales, ","), "--d", "7,11,13"}},
		{"table, large prime widths", syscall.SIGINT, []string{"table", "--digits", "1001", "--scales", "d^1/999,d^2/999,d^4/999", "--d", "99991,99989,99971,99961"}},
		{"merge, 177 cells of 1001 places", syscall.SIGTERM, []string{"merge", "--digits", "1001", "--scales", strings.Join(scales, ","), "-o", at("m.txt"), at("t0.json"), at("t1.json")}},
		{"check, jacobian-max of 64 scores", syscall.SIGINT, []string{"check", at("jacobian.claims")}},
		{"check, a law over 100 closed forms", syscall.SIGTERM, []string{"check", at("law.claims")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code, latency := signalAfter(t, bin, c.args, 1500*time.Millisecond, c.sig)
			t.Logf("%s: stopped %v after %v", c.name, latency.Round(time.Millisecond), c.sig)
			want := map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143}[c.sig]
			require.Equal(t, want, code, "stderr: %s", stderr)
			require.Empty(t, stdout)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			assert.Less(t, latency, 3*time.Second, "slow to stop")
			got := names(t, work)
			require.True(t, slices.Equal(fixtures, got), "files left behind: %v", got)
		})
	}
}
