package repotest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// root is the repository's root, relative to this package.
const root = "../.."

// The tests that run sqrtdk share one build of it, made on first use and
// removed when the tests end.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// sqrtdkBinary returns the path of the built sqrtdk, building it once.
func sqrtdkBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "sqrtdk-repotest-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "sqrtdk")
		cmd := exec.Command("go", "build", "-o", built.bin, "./cmd/sqrtdk")
		cmd.Dir = root
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v: %s", built.err, built.out)
	}
	return built.bin
}

// sqrtdk runs the built command in dir with args and returns its stdout,
// stderr and exit status.
func sqrtdk(t testing.TB, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(sqrtdkBinary(t), args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return out.String(), errb.String(), exit.ExitCode()
	case err != nil:
		t.Fatalf("sqrtdk %v: %v", args, err)
	}
	return out.String(), errb.String(), 0
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
