//go:build !unix

package atomicfile

import "errors"

// Named pipes are not files here: nothing to open without waiting.
const nonBlock = 0

var errNoReader = errors.New("no reader")
