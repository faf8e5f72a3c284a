package version

import (
	"regexp"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompute(t *testing.T) {
	hash := func() string { return "0123456789abcdef" }
	info := func(version string, settings ...string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/sqrtdk/sqrtdk", Version: version}}
			for i := 0; i < len(settings); i += 2 {
				bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
			}
			return bi, true
		}
	}
	rev := "1257205abcdef0123456789abcdef0123456789a"
	for _, c := range []struct {
		name string
		read func() (*debug.BuildInfo, bool)
		want string
	}{
		{"tagged", info("v1.2.0", "vcs.revision", rev), "sqrtdk v1.2.0"},
		{"pseudo-version", info("v0.0.0-20261130111600-1257205abcde"), "sqrtdk v0.0.0-20261130111600-1257205abcde"},
		{"clean checkout", info("(devel)", "vcs.revision", rev, "vcs.modified", "false"), "sqrtdk devel 1257205abcde"},
		{"dirty checkout", info("(devel)", "vcs.revision", rev, "vcs.modified", "true"), "sqrtdk devel 1257205abcde+dirty build 0123456789abcdef"},
		{"dirty pseudo-version", info("v0.0.0-20261130111600-1257205abcde+dirty", "vcs.revision", rev, "vcs.modified", "true"), "sqrtdk devel 1257205abcde+dirty build 0123456789abcdef"},
		{"no VCS stamp", info("(devel)"), "sqrtdk devel build 0123456789abcdef"},
		{"no VCS stamp, empty version", info(""), "sqrtdk devel build 0123456789abcdef"},
		{"no build info", func() (*debug.BuildInfo, bool) { return nil, false }, "sqrtdk devel build 0123456789abcdef"},
	} {
		assert.Equal(t, c.want, compute(c.read, hash), c.name)
	}
}

// TestString checks the running test binary's string: always set, and the
// same on every call.
func TestString(t *testing.T) {
	s := String()
	assert.Regexp(t, regexp.MustCompile(`^sqrtdk (v\S+|devel [0-9a-f]{12}|devel ([0-9a-f]{12}\+dirty )?build [0-9a-f]{16})$`), s)
	assert.Equal(t, s, String())
	assert.Len(t, executableHash(), 16)
}
