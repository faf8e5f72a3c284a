package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// ToolVersion returns the version of the running sqrtdk binary, which
// shards carry so that a merge refuses shards of different builds. It is
// the module version and, when built from a git checkout, the commit
// (with "+dirty" for uncommitted changes), as the Go toolchain records
// them. Where those do not name the build (a "(devel)" build with VCS
// stamping off, go run, or uncommitted changes), it adds "build " and the
// first 16 hex digits of the SHA-256 of the executable itself, so that two
// different builds never share a version.
func ToolVersion() string {
	toolVersionOnce.Do(func() { toolVersion = toolVersionOf(debug.ReadBuildInfo) })
	return toolVersion
}

var (
	toolVersionOnce sync.Once
	toolVersion     string
)

// toolVersionOf computes ToolVersion from the build information.
func toolVersionOf(readBuildInfo func() (*debug.BuildInfo, bool)) string {
	info, ok := readBuildInfo()
	if !ok {
		return "sqrtdk (unknown build) " + executableHash()
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	parts := []string{"sqrtdk", v}
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
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		parts = append(parts, rev)
	}
	if (rev == "" && v == "(devel)") || dirty {
		parts = append(parts, executableHash())
	}
	return strings.Join(parts, " ")
}

// executableHash returns "build" and the first 16 hex digits of the
// SHA-256 of the running executable, or of the build information when
// the executable cannot be read.
func executableHash() string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			_, err = io.Copy(h, f)
			f.Close()
			if err == nil {
				return "build " + hex.EncodeToString(h.Sum(nil))[:16]
			}
		}
	}
	h.Reset()
	if info, ok := debug.ReadBuildInfo(); ok {
		io.WriteString(h, info.String())
	}
	return "build-info " + hex.EncodeToString(h.Sum(nil))[:16]
}
