package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// The environment's memory limits. A process may be held below the
// machine's memory by its address-space limit (RLIMIT_AS: ulimit -v,
// prlimit --as, a batch system's vmem) or by its control group (a
// container's memory.max, Slurm's cgroup). sqrtdk reads both when a
// command parses its limits, and plans below them: the default
// --max-memory, and the Go runtime's memory limit with it, is at most
// what they leave, and a larger --max-memory is refused before any work,
// so that a run the planner accepts ends by its budget (see budget.go)
// rather than by "fatal error: out of memory" or the kernel's OOM killer.
//
// A Go process reserves much address space it does not use: about 690 MB
// at start on linux/amd64 under a limit of 1 GiB or less (1.2 GB without
// one), for the allocator's own structures. Measured with a program that
// keeps 1 MiB blocks until it fails, the heap it reaches under
// RLIMIT_AS = L is L less the address space the process had at start,
// within a few MiB, from L = 768 MiB to 4 GiB (103, 332-364, 872-892 and
// 2912 MiB at 768 MiB, 1, 2 and 4 GiB). sqrtdk plans with envShare of
// that difference, leaving room for the collector's garbage and the
// goroutines' stacks; and with envShare of a control group's limit.
const envShare = 0.8

// heapArenaBytes is the address space the Go runtime reserves each time
// its heap grows past what it has (linux/amd64 and most 64-bit systems):
// under a limit that leaves less than one, the heap cannot grow at all.
const heapArenaBytes = 64 << 20

// minUsableMemory is the least memory the environment must leave sqrtdk:
// below it even a page or a help text may die of "out of memory", and
// every command but version is refused at once.
const minUsableMemory = 32 << 20

// checkEnvironment refuses a run the environment leaves too little memory
// for anything: one line naming the limit and what to allow.
func checkEnvironment() error {
	env := environmentMemory()
	if env.usable >= minUsableMemory {
		return nil
	}
	return fmt.Errorf("this process cannot hold enough memory to run (%s, %s reserved at start); allow %s more (ulimit -v, prlimit --as)", env.short, roundBytes(env.reserved), roundBytes(heapArenaBytes*2))
}

// An envMemory is what the environment lets the process hold.
type envMemory struct {
	usable int64  // bytes: math.MaxInt64 when nothing limits it
	why    string // the limit that sets usable, in words
	short  string // the same, short: "RLIMIT_AS 1024 MiB"
	// reserved is the address space the process had at start, under an
	// address-space limit.
	reserved int64
}

// environmentMemory reads the environment's limits once per process.
var environmentMemory = sync.OnceValue(func() envMemory {
	env := envMemory{usable: math.MaxInt64}
	if as, ok := addressSpaceLimit(); ok {
		start := addressSpaceInUse()
		// The heap grows by arenas of 64 MiB of address space: a rest
		// smaller than one cannot be used.
		free := max(0, as-start) / heapArenaBytes * heapArenaBytes
		u := int64(envShare * float64(free))
		if u < env.usable {
			env = envMemory{usable: u, why: fmt.Sprintf("its address-space limit (RLIMIT_AS, ulimit -v) is %s and it reserves %s at start", roundBytes(as), roundBytes(start)),
				short: "RLIMIT_AS " + roundBytes(as), reserved: start}
		}
	}
	if cg, ok := cgroupMemoryLimit(); ok {
		u := int64(envShare * float64(cg))
		if u < env.usable {
			env = envMemory{usable: u, why: fmt.Sprintf("its control group's memory limit is %s", roundBytes(cg)),
				short: "cgroup memory " + roundBytes(cg)}
		}
	}
	return env
})

// addressSpaceInUse returns the address space the process has reserved
// (VmSize in /proc/self/status), or 0 where the system does not say.
func addressSpaceInUse() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupMemoryLimit returns the memory limit of the process's control
// group (cgroup v2's memory.max, or v1's memory.limit_in_bytes), and
// whether there is one.
func cgroupMemoryLimit() (int64, bool) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		var file string
		switch {
		case parts[0] == "0" && parts[1] == "":
			file = filepath.Join("/sys/fs/cgroup", parts[2], "memory.max")
		case parts[1] == "memory" || strings.Contains(","+parts[1]+",", ",memory,"):
			file = filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes")
		default:
			continue
		}
		if b, ok := readCgroupLimit(file); ok {
			return b, true
		}
	}
	return 0, false
}

// readCgroupLimit reads a cgroup memory limit file: "max", or a number of
// bytes (v1's "no limit" is a number near 2^63).
func readCgroupLimit(file string) (int64, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(data))
	b, err := strconv.ParseInt(s, 10, 64)
	if s == "max" || err != nil || b <= 0 || b >= 1<<60 {
		return 0, false
	}
	return b, true
}
