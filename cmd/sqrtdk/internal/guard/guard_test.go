//go:build unix

package guard

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
)

var testKind = Kind{Flag: "--key", Noun: "answer key", MaxBytes: 64}

// names returns the names in dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// An output that reaches an input, by any path, or another output, is
// refused; a device twice is not (nothing is replaced).
func TestCreateRefusesInputsAndOutputs(t *testing.T) {
	dir := t.TempDir()
	at := func(n string) string { return filepath.Join(dir, n) }
	require.NoError(t, os.WriteFile(at("key"), []byte("k"), 0o644))
	require.NoError(t, os.Mkdir(at("sub"), 0o755))
	require.NoError(t, os.Symlink("key", at("link")))
	require.NoError(t, os.Link(at("key"), at("hard")))
	f := New(nil, nil)
	f.Declare(testKind, at("link"))
	for _, p := range []string{at("key"), at("link"), at("hard"), at("sub/../key"), at("./key")} {
		_, err := f.Create("-o", p)
		assert.ErrorContains(t, err, "-o "+p+" is one of the input files (--key "+at("link")+")")
	}
	_, err := f.Create("-o", at("r.csv"))
	require.NoError(t, err)
	_, err = f.Create("--class-report", at("sub/../r.csv"))
	assert.ErrorContains(t, err, "--class-report "+at("sub/../r.csv")+" and -o "+at("r.csv")+" are the same file")
	_, err = f.Create("--data", os.DevNull)
	require.NoError(t, err)
	_, err = f.Create("--other", os.DevNull)
	require.NoError(t, err, "/dev/null twice replaces nothing")
	require.NoError(t, f.Finish(true))
	assert.ElementsMatch(t, []string{"key", "sub", "link", "hard", "r.csv"}, names(t, dir))
	// Opening an output as an input is refused too.
	g := New(nil, nil)
	_, err = g.Create("-o", at("r.csv"))
	require.NoError(t, err)
	_, err = g.Open(context.Background(), Kind{Noun: "claims file", MaxBytes: 10}, at("r.csv"))
	assert.ErrorContains(t, err, "claims file "+at("r.csv")+" is also -o "+at("r.csv"))
	g.Finish(false)
}

// Outputs appear only when the run succeeds, all of them; a failed run,
// or one aborted by the watchdog, leaves none it created and keeps the
// files it would have replaced.
func TestFinishAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	at := func(n string) string { return filepath.Join(dir, n) }
	require.NoError(t, os.WriteFile(at("old"), []byte("old"), 0o644))
	write := func(f *Files, flag, path, data string) {
		o, err := f.Create(flag, path)
		require.NoError(t, err)
		_, err = o.Write([]byte(data))
		require.NoError(t, err)
	}
	f := New(nil, nil)
	write(f, "-o", at("old"), "new")
	write(f, "--data", at("new.csv"), "csv")
	got, _ := os.ReadFile(at("old"))
	assert.Equal(t, "old", string(got), "replaced before the run succeeded")
	require.NoError(t, f.Finish(false))
	assert.ElementsMatch(t, []string{"old"}, names(t, dir))
	got, _ = os.ReadFile(at("old"))
	assert.Equal(t, "old", string(got))

	f = New(nil, nil)
	write(f, "-o", at("old"), "new")
	write(f, "--data", at("new.csv"), "csv")
	f.Abort()
	assert.ElementsMatch(t, []string{"old"}, names(t, dir), "Abort left a temporary file")
	assert.Error(t, f.Finish(true), "Finish after Abort must fail")
	assert.ElementsMatch(t, []string{"old"}, names(t, dir))
	_, err := f.Create("-o", at("x"))
	assert.Error(t, err)

	f = New(nil, nil)
	write(f, "-o", at("old"), "new")
	write(f, "--data", at("new.csv"), "csv")
	require.NoError(t, f.Finish(true))
	got, _ = os.ReadFile(at("old"))
	assert.Equal(t, "new", string(got))
	got, _ = os.ReadFile(at("new.csv"))
	assert.Equal(t, "csv", string(got))

	// An output committed at once stays when the run then fails.
	f = New(nil, nil)
	o, err := f.Create("-o", at("results.json"))
	require.NoError(t, err)
	o.Write([]byte("{}"))
	require.NoError(t, f.Commit(o))
	write(f, "--data", at("later.csv"), "x")
	require.NoError(t, f.Finish(false))
	assert.ElementsMatch(t, []string{"old", "new.csv", "results.json"}, names(t, dir))
}

// Standard output is checked at its first write: an input reached by it
// is refused before a byte is written.
func TestStdoutIsNotAnInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.claims")
	require.NoError(t, os.WriteFile(path, []byte("claims\n"), 0o644))
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer out.Close()
	f := New(nil, out)
	in, err := f.Open(context.Background(), Kind{Noun: "claims file", MaxBytes: 100}, path)
	require.NoError(t, err)
	io.ReadAll(in)
	in.Close()
	_, err = f.Stdout().Write([]byte("report\n"))
	assert.ErrorContains(t, err, "standard output is one of the input files (claims file "+path+")")
	got, _ := os.ReadFile(path)
	assert.Equal(t, "claims\n", string(got))

	// Another file is written.
	other, err := os.Create(filepath.Join(dir, "report.txt"))
	require.NoError(t, err)
	defer other.Close()
	f = New(nil, other)
	f.Declare(Kind{Noun: "claims file"}, path)
	_, err = f.Stdout().Write([]byte("report\n"))
	assert.NoError(t, err)
}

// An input larger than its kind's limit is refused before it is read when
// its size is known, and while it streams otherwise; the error names the
// input, its size and the limit.
func TestOpenRefusesTooLarge(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.key")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte("x"), 65), 0o644))
	f := New(nil, nil)
	_, err := f.Open(context.Background(), testKind, big)
	assert.EqualError(t, err, "--key "+big+": the file holds 65 bytes; an answer key may hold at most 64 bytes")
	ok := filepath.Join(dir, "ok.key")
	require.NoError(t, os.WriteFile(ok, bytes.Repeat([]byte("x"), 64), 0o644))
	in, err := f.Open(context.Background(), testKind, ok)
	require.NoError(t, err)
	b, err := io.ReadAll(in)
	assert.NoError(t, err)
	assert.Len(t, b, 64)

	f = New(strings.NewReader(strings.Repeat("y", 100)), nil)
	in, err = f.Open(context.Background(), testKind, "-")
	require.NoError(t, err)
	assert.Equal(t, "<stdin>", in.Name)
	b, err = io.ReadAll(in)
	assert.EqualError(t, err, "--key <stdin>: more than 64 bytes; an answer key may hold at most 64 bytes")
	assert.LessOrEqual(t, len(b), 64, "bytes past the limit were returned")
	assert.Equal(t, err, in.Err(errors.New("a parser's words")))
	assert.Nil(t, in.Err(nil))

	_, err = f.Open(context.Background(), testKind, dir)
	assert.EqualError(t, err, "--key "+dir+": is a directory")
	_, err = f.Open(context.Background(), testKind, filepath.Join(dir, "missing"))
	assert.EqualError(t, err, "--key "+filepath.Join(dir, "missing")+": no such file or directory")
}

// A named pipe that no one writes, and a pipe that no one closes, do not
// hold a run past its context.
func TestOpenAndReadAreInterruptible(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	f := New(nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := f.Open(ctx, testKind, fifo)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(time.Second))

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer w.Close()
	defer r.Close()
	w.Write([]byte("some"))
	f = New(r, nil)
	ctx, cancel = context.WithCancel(context.Background())
	in, err := f.Open(ctx, testKind, "-")
	require.NoError(t, err)
	// What was written is read first (an event, not a pause: on a busy
	// machine 50 ms may pass before the first read), then the read that
	// waits for more ends with the context.
	b := make([]byte, 4)
	_, err = io.ReadFull(in, b)
	require.NoError(t, err)
	assert.Equal(t, "some", string(b))
	time.AfterFunc(50*time.Millisecond, cancel)
	start = time.Now()
	rest, err := io.ReadAll(in)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, rest)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(time.Second))
	assert.ErrorIs(t, in.Err(errors.New("parser")), context.Canceled)
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 1: "1 byte", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB (1536 bytes)",
		512 << 20: "512 MiB", 600 << 20: "600 MiB", 8<<20 + 1: "8.0 MiB (8388609 bytes)", 1 << 40: "1 TiB",
	} {
		assert.Equal(t, want, Bytes(n), "%d", n)
	}
}
