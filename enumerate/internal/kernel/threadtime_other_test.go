//go:build !linux

package kernel

import "time"

// threadSeconds returns wall-clock time where the system gives no thread
// CPU clock through the standard library.
func threadSeconds() float64 { return float64(time.Now().UnixNano()) / 1e9 }
