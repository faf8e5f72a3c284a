package atomicfile

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A path may stand for a descriptor this process already has open:
// /dev/stdin, /dev/stdout and /dev/stderr (0, 1, 2), /dev/fd/N (bash's
// process substitution >(…) among them) and, on Linux, /proc/self/fd/N and
// /proc/PID/fd/N for this process's PID. Such a path names "the file as
// the shell opened it": it is written through a duplicate of the
// descriptor, which shares its offset and its append mode, so that
// "sqrtdk table -o /dev/stdout >> log.txt" appends as ">>" asked, and a
// pipe is written as a pipe. Reopening it by name instead would start
// from offset 0 (or, resolved as a link, replace the file the shell
// opened), and a pipe's name (pipe:[N]) cannot be opened at all.

// procDescriptorDir matches the folder of this process's descriptors as
// /proc shows it once /proc/self and /proc/thread-self are resolved.
var procDescriptorDir = regexp.MustCompile(`^/proc/([0-9]+)(?:/task/[0-9]+)?/fd$`)

// standardNames are the names of the standard descriptors under /dev.
var standardNames = map[string]int{"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}

// descriptorOf returns the descriptor of this process that path stands
// for, if it stands for one.
func descriptorOf(path string) (int, bool) {
	clean := filepath.Clean(path)
	if fd, ok := standardNames[clean]; ok {
		return fd, true
	}
	dir, base := filepath.Split(clean)
	fd, err := strconv.Atoi(base)
	if err != nil || fd < 0 || strings.TrimLeft(base, "0123456789") != "" {
		return 0, false
	}
	dir = filepath.Clean(dir)
	switch dir {
	case "/dev/fd", "/proc/self/fd", "/proc/thread-self/fd":
		return fd, true
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		if m := procDescriptorDir.FindStringSubmatch(real); m != nil && m[1] == strconv.Itoa(os.Getpid()) {
			return fd, true
		}
	}
	return 0, false
}
