// Package version names the running sqrtdk build, once, for everything that
// records or prints it: 'sqrtdk version' and the shard results that
// 'sqrtdk merge' refuses to mix across builds.
package version

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// String returns the version of the running build, always set:
//
//	sqrtdk v1.2.0                           a tagged module version
//	sqrtdk devel 1257205abcde               a clean checkout, by its VCS revision
//	sqrtdk devel build 3f2a9c1b7d04e5f6     anything else
//
// A module version that carries its revision (a pseudo-version) is printed
// as it is. "Anything else" is a build without VCS stamping (-buildvcs=false,
// a source tree outside git) or from a checkout with uncommitted changes
// ("devel 1257205abcde+dirty build …"): there the revision does not say
// which source was built, so the string ends with a hash of the executable
// file, which holds the build information and the code; two such strings are
// equal only for the same binary.
func String() string {
	once.Do(func() { text = compute(debug.ReadBuildInfo, executableHash) })
	return text
}

var (
	once sync.Once
	text string
)

// compute builds the string from the build information and, where needed,
// the executable's hash; both are parameters for the tests.
func compute(readInfo func() (*debug.BuildInfo, bool), exeHash func() string) string {
	info, ok := readInfo()
	if !ok {
		return "sqrtdk devel build " + exeHash()
	}
	if v := info.Main.Version; v != "" && v != "(devel)" && !strings.HasSuffix(v, "+dirty") {
		return "sqrtdk " + v
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	switch {
	case rev != "" && !dirty:
		return "sqrtdk devel " + rev
	case rev != "":
		return "sqrtdk devel " + rev + "+dirty build " + exeHash()
	}
	return "sqrtdk devel build " + exeHash()
}

// executableHash returns the first 16 hex digits of the SHA-256 of the
// running executable, or of its build information when the file cannot be
// read (then only the build settings and module versions are told apart).
func executableHash() string {
	h := sha256.New()
	if err := hashExecutable(h); err != nil {
		h.Reset()
		if info, ok := debug.ReadBuildInfo(); ok {
			io.WriteString(h, info.String())
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func hashExecutable(w io.Writer) error {
	path, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
