//go:build unix

package atomicfile

import "syscall"

// nonBlock opens a named pipe without waiting for a reader; errNoReader
// is the error when there is none.
const nonBlock = syscall.O_NONBLOCK

var errNoReader error = syscall.ENXIO
