//go:build unix && !linux

package main

import "syscall"

// rusageThread is the whole process where a thread's own time is not
// offered.
const rusageThread = syscall.RUSAGE_SELF
