//go:build unix

package guard

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// descriptorInfo returns what this process's descriptor fd is open on,
// without taking ownership of it.
func descriptorInfo(fd int) (fs.FileInfo, error) {
	dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(dup), "")
	defer f.Close()
	return f.Stat()
}

// startedClosed reports whether the standard descriptor fd (0, 1 or 2) was
// closed when the process started. The Go runtime opens /dev/null for
// reading and writing in place of a closed standard descriptor, so that
// the next file opened does not take its number; a shell's "> /dev/null"
// opens it for writing only and "< /dev/null" for reading only. (A parent
// that passes /dev/null opened for both, as Python's subprocess.DEVNULL
// does, is taken for a closed descriptor too: redirect with "> /dev/null",
// or give -o /dev/null, to discard a result.)
func startedClosed(fd int) bool {
	if fd < 0 || fd > 2 {
		return false
	}
	flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		return true
	}
	if flags&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var st, null unix.Stat_t
	if unix.Fstat(fd, &st) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == null.Rdev
}
