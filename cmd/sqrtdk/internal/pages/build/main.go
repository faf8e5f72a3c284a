// Command build makes the WebAssembly module of sqrtdk's student pages and
// the copy of Go's wasm_exec.js they run it with, into the directory -o;
// "go generate ./cmd/sqrtdk/internal/pages" runs it, and the files are
// committed, so that the sqrtdk binary embeds them and writes a page
// without a Go toolchain.
//
// The module is built from ../wasm with GOOS=js GOARCH=wasm, -trimpath,
// no VCS stamp and no build id, stripped of its symbol and debug tables
// (-ldflags=-s -w), and compressed with gzip at the best level with an
// empty header: the same source and Go version give the same bytes on
// every machine, which CI's go generate check relies on.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const pkg = "github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/wasm"

func main() {
	out := flag.String("o", "", "write sqrtdk.wasm.gz and wasm_exec.js into `DIR`")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: build -o DIR")
		os.Exit(2)
	}
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func build(dir string) error {
	goroot, err := output("go", "env", "GOROOT")
	if err != nil {
		return err
	}
	version, err := output("go", "env", "GOVERSION")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "sqrtdk-wasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "sqrtdk.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", wasm, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %v", pkg, err)
	}
	module, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(module); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	exec, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "sqrtdk.wasm.gz"), gz.Bytes()); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "wasm_exec.js"), wrapRuntime(exec, version))
}

// Begin and End are the lines around Go's wasm_exec.js in the copy the
// pages carry.
const (
	Begin = "// ---- begin Go's wasm_exec.js, unchanged ----"
	End   = "// ---- end Go's wasm_exec.js ----"
)

// wrapRuntime puts Go's wasm_exec.js inside a function, unchanged: a page
// opened from file:// may start a Web Worker only from source it already
// holds (the function's text), not from a file beside it.
func wrapRuntime(js []byte, version string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Go's wasm_exec.js from %s ($GOROOT/lib/wasm), unchanged between the\n", version)
	b.WriteString("// marker lines. sqrtdkGoRuntime runs it in the Web Worker the page starts\n")
	b.WriteString("// from this function's source: a page opened from file:// can start a worker\n")
	b.WriteString("// only from source it already holds. Written by go generate (pages/build).\n")
	b.WriteString("function sqrtdkGoRuntime() {\n" + Begin + "\n")
	b.Write(js)
	if !bytes.HasSuffix(js, []byte("\n")) {
		b.WriteString("\n")
	}
	b.WriteString(End + "\n}\n")
	return b.Bytes()
}

func output(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// writeFile replaces path with data, leaving it untouched when it holds
// them already.
func writeFile(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
