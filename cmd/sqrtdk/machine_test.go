package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// machineCommands are commands whose method Auto chooses near its
// threshold, or under a time limit, or many times over (claims, a proof).
var machineCommands = []string{
	"table --d 1,8,14,15,17,18,19,20,24",
	"table --d 20 --max-time 1s",
	"table --values -1,0,1 --d 8,9,10,11,12,13,14",
	"table --values -1,0:2,1 --k-values 1/2,-3/2 --d 6,7,8,9 --format csv",
	"dist --d 15 --format csv",
	"dist --values 0,1 --d 20",
	"prove --d 1,2,16",
	"check claims/lesson.claims",
}

// TestSameBytesOnEveryMachine runs the same commands (the built binary)
// with GOMAXPROCS 1, 2, 8 and 64 and requires the same bytes: no choice,
// count or rounding depends on the cores (or the workers) a machine has.
// -short compares 1 with 64 only, on the smaller commands.
func TestSameBytesOnEveryMachine(t *testing.T) {
	bin := sharedBinary(t)
	want := map[string]string{}
	commands, procs := machineCommands, []int{1, 64}
	if !testing.Short() {
		// The largest enumeration Auto chooses: 4^16 pairs.
		commands = append(commands, "table --d 16,17", "dist --d 16 --format csv")
		procs = []int{1, 2, 8, 64}
	}
	for _, p := range procs {
		for _, line := range commands {
			cmd := exec.Command(bin, strings.Fields(line)...)
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(p))
			status, out, stderr := runCommand(t, cmd)
			require.Contains(t, []int{0, 1}, status, "GOMAXPROCS=%d sqrtdk %s: %s", p, line, stderr)
			if w, ok := want[line]; ok {
				assert.Equal(t, w, out, "GOMAXPROCS=%d sqrtdk %s differs from GOMAXPROCS=1", p, line)
			} else {
				want[line] = out
			}
		}
	}
	// With one second allowed, d_k = 20 is answered by the closed form, at
	// once, rather than refused after brute force was chosen.
	assert.Contains(t, want["table --d 20 --max-time 1s"], "closed")
	assert.Regexp(t, `(?m)^15 .* brute\n17 .* closed$`, want["table --d 1,8,14,15,17,18,19,20,24"])
}
