package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// errDiskFull stands for the write error of a full disk or a closed pipe.
var errDiskFull = errors.New("no space left on device")

// A failingWriter accepts room bytes, then fails every write, as standard
// output redirected to a disk that fills up part-way.
type failingWriter struct {
	room    int
	written bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.room {
		w.room -= len(p)
		return w.written.Write(p)
	}
	n := w.room
	w.written.Write(p[:n])
	w.room = 0
	return n, errDiskFull
}

// writeFailureCommands are command lines with every format of every
// command that prints a result on standard output; {dir} is a folder with
// the shard files of a table and of a distribution.
var writeFailureCommands = []string{
	"table", "table --format markdown", "table --format latex", "table --format csv", "table --format json",
	"table --d 6,40 --scales raw,d^1/4 --digits 30",
	"dist --d 3", "dist --d 3 --format markdown", "dist --d 3 --format latex", "dist --d 3 --format csv", "dist --d 3 --format json",
	"dist --d 4 --shard 1/2",
	"table --d 2,3 --shard 0/2",
	"merge {dir}/t0.json {dir}/t1.json",
	"merge --format markdown {dir}/t0.json {dir}/t1.json",
	"merge --format latex {dir}/t0.json {dir}/t1.json",
	"merge --format csv {dir}/t0.json {dir}/t1.json",
	"merge --format json {dir}/t0.json {dir}/t1.json",
	"merge {dir}/d0.json {dir}/d1.json",
	"merge --format json {dir}/d0.json {dir}/d1.json",
	"merge --format csv {dir}/d0.json {dir}/d1.json",
	"prove --d 1,2", "prove --d 1,2 --format markdown", "prove --d 1,2 --format json",
	"prove --values ±2 --d 1",
	"check ../../claims/predictions.claims",
	"diagnose --measured-std 0.3116 --d-k 64 --heads 12 --d-model 768 --init-std 0.02",
	"diagnose --measured-std 0.3116 --d-k 64 --heads 12 --d-model 768 --init-std 0.02 --format json",
	"diagnose --measured-std 0.3116 --d-k 64",
}

// TestWriteFailuresAreErrors runs every command and format with standard
// output failing at its first byte, half-way and at its last byte: each
// run must exit with status 2 and one line naming the write error, never
// 0 or 1 with a truncated result. -short runs every other command line
// (check's too), cutting each at one of the three points in turn.
func TestWriteFailuresAreErrors(t *testing.T) {
	dir := t.TempDir()
	for _, setup := range []string{
		"table --d 2,3 --shard 0/2 -o {dir}/t0.json", "table --d 2,3 --shard 1/2 -o {dir}/t1.json",
		"dist --d 3 --shard 0/2 -o {dir}/d0.json", "dist --d 3 --shard 1/2 -o {dir}/d1.json",
	} {
		_, stderr, code := runBin(t, strings.Fields(strings.ReplaceAll(setup, "{dir}", dir))...)
		require.Equal(t, 0, code, stderr)
	}
	tried := 0
	for n, line := range writeFailureCommands {
		if testing.Short() && n%2 == 1 && !strings.HasPrefix(line, "check") {
			continue // every other line (and check's one): each command and format family still runs
		}
		args := strings.Fields(strings.ReplaceAll(line, "{dir}", filepath.ToSlash(dir)))
		// The whole output, from the built binary (quicker than in-process
		// under -race), but for a shard file: it records the version of
		// the program that wrote it, and the test binary's differs.
		whole, stderr, code := runBin(t, args...)
		if strings.Contains(line, "--shard") {
			whole, stderr, code = runCLI(t, args...)
		}
		require.Contains(t, []int{0, 1}, code, "%s: %s", line, stderr)
		require.NotEmpty(t, whole, line)
		rooms := []int{0, len(whole) / 2, len(whole) - 1}
		if testing.Short() {
			rooms = rooms[n%3 : n%3+1]
		}
		for _, room := range rooms {
			t.Run(fmt.Sprintf("%s/fails after %d of %d bytes", line, room, len(whole)), func(t *testing.T) {
				w := &failingWriter{room: room}
				var errb bytes.Buffer
				err := run(context.Background(), args, w, &errb)
				status := exitStatus(err, &errb)
				require.Equal(t, 2, status, "a result cut at byte %d exited %d; stderr:\n%s", room, status, errb.String())
				require.Equal(t, "sqrtdk "+args[0]+": cannot write the result to standard output: "+errDiskFull.Error()+"\n", errb.String())
				require.Equal(t, whole[:room], w.written.String())
			})
			tried++
		}
	}
	t.Logf("%d command lines, %d cut points", len(writeFailureCommands), tried)
}
