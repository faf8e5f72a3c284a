//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// nonBlock opens a named pipe without waiting for a reader; errNoReader
// is the error when there is none.
const nonBlock = syscall.O_NONBLOCK

var errNoReader error = syscall.ENXIO

// dupDescriptor returns a duplicate of this process's descriptor fd for
// writing: it shares the descriptor's offset and append mode. A closed
// descriptor, or one open only for reading, is refused.
func dupDescriptor(fd int, path string) (*os.File, error) {
	flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil {
		if errors.Is(err, unix.EBADF) {
			return nil, fmt.Errorf("cannot write %s: descriptor %d is closed", path, fd)
		}
		return nil, fmt.Errorf("cannot write %s: %v", path, err)
	}
	if flags&unix.O_ACCMODE == unix.O_RDONLY {
		return nil, fmt.Errorf("cannot write %s: descriptor %d is open for reading only", path, fd)
	}
	dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", path, err)
	}
	return os.NewFile(uintptr(dup), path), nil
}
