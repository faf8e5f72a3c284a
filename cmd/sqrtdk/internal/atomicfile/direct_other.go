//go:build !unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"
)

// Named pipes are not files here: nothing to open without waiting.
const nonBlock = 0

var errNoReader = errors.New("no reader")

// dupDescriptor is not supported here: a descriptor is written by name.
func dupDescriptor(fd int, path string) (*os.File, error) {
	return nil, fmt.Errorf("cannot write %s: descriptors cannot be duplicated here", path)
}
