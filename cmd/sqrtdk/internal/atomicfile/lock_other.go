//go:build !unix

package atomicfile

import (
	"errors"
	"os"
)

const noFollow = 0

// errNoLocks says that this platform cannot lock files.
var errNoLocks = errors.New("file locks are not supported here")

// lock does nothing here: without locks no temporary file is ever taken
// for stale, so none is removed by another run.
func lock(f *os.File) error { return errNoLocks }

// tryLock always fails here, so that no temporary file is removed.
func tryLock(f *os.File) error { return errNoLocks }
