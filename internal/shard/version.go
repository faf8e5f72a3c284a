package shard

import (
	"runtime/debug"
	"strings"
)

// ToolVersion returns the version of the running sqrtdk binary as recorded
// by the Go toolchain: the module version and, when built from a git
// checkout, the commit (with "+dirty" for uncommitted changes).
func ToolVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "sqrtdk (unknown build)"
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
	return strings.Join(parts, " ")
}
