package main

import (
	"io"
	"os"
)

// stdin is what a file named "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// stdinName is how a file read from standard input is named in messages.
const stdinName = "<stdin>"

// openInput opens a named file, or standard input for "-"; the name it
// returns is the one messages use.
func openInput(name string) (io.ReadCloser, string, error) {
	if name == "-" {
		return io.NopCloser(stdin), stdinName, nil
	}
	f, err := os.Open(name)
	return f, name, err
}
