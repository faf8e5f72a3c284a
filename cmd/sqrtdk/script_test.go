package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs the command-line behaviours in testdata/script, one
// behaviour a .txtar file, against the one built sqrtdk the other process
// tests share (built without the race detector: a script checks what a user
// sees, and the library's races are the library tests' to find). A script
// calls it as "exec sqrtdk …", or "exits N sqrtdk …" to require exit
// status N (2 for bad input, 1 for a claim or proof that fails); $REPO is the repository's root, for the
// shipped keys and classes. UPDATE_SCRIPTS=1 rewrites a script's expected
// files from what the command printed.
func TestScripts(t *testing.T) {
	bin := sharedBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", filepath.Dir(bin)+string(os.PathListSeparator)+env.Getenv("PATH"))
			env.Setenv("REPO", root)
			return nil
		},
		RequireExplicitExec: true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exits": exits},
	})
}

// exits runs a command as exec does and requires the exit status given
// first: "exits 2 sqrtdk dist --d 0". Its output is kept for stdout and
// stderr, as exec's is.
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS COMMAND [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: status %q is not a number", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		got = exit.ExitCode()
	case err != nil:
		ts.Fatalf("exits: %v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
