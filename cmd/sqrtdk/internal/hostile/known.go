//go:build unix

package hostile

import "regexp"

// A Finding is a failure the hostile harness finds that belongs to
// another part of issue 22 or to issue 21: the cases it matches (by their
// command line) may fail in the listed ways without failing the test, and
// are counted and logged as known. Each entry says whose it is; its owner
// removes it with the fix, and the harness then holds the fix in place.
// /work/notes/D1-harness-findings.md records each with a reproducing case.
type Finding struct {
	owner  string         // the helper or issue that fixes it
	what   string         // the finding, in a few words
	args   *regexp.Regexp // matched against the command line, arguments joined by spaces
	also   *regexp.Regexp // when set, must match too
	files  *regexp.Regexp // when set, must match the contents of a file the case made
	faults []string       // the kinds of fault it may cause (see Fault)
}

// matches reports whether the finding is about this command line, whose
// case made files with the given contents.
func (k *Finding) matches(line string, contents ...string) bool {
	if !k.args.MatchString(line) || k.also != nil && !k.also.MatchString(line) {
		return false
	}
	if k.files == nil {
		return true
	}
	for _, c := range contents {
		if k.files.MatchString(c) {
			return true
		}
	}
	return false
}

// KnownFor returns the known finding about a command line, if any: in
// process tests (TestBadInputRobust) skip such a case, whose crash would
// take the test binary with it.
func KnownFor(line string) *Finding {
	for i := range Findings {
		if Findings[i].files == nil && Findings[i].matches(line) {
			return &Findings[i]
		}
	}
	return nil
}

// Findings is the allow-list; the planning helper and helper C empty
// it.
var Findings = []Finding{
	{
		owner: "planning helper (issue 22: prove's memory)",
		what: "prove --d 6000 passes the 1 GiB address space and dies of out-of-memory before its planner refuses it; " +
			"near the limit the GC holds the watchdog past 2 s (2.3 s seen)",
		args:   regexp.MustCompile(`^prove --d 6000\b`),
		faults: append([]string{"slow stop"}, crash...),
	},
	{
		owner:  "helper C (issue 21: template keys' draws)",
		what:   "a draw whose range's size overflows int64 passes the 10,000-choice check and appends choices until memory runs out",
		args:   regexp.MustCompile(`--key`),
		files:  regexp.MustCompile(`draw d from (-5000000000000000000\.\.5000000000000000000|9223372036854775806\.\.9223372036854775807)`),
		faults: crash,
	},
	{
		owner:  "planning helper (issue 22: output size)",
		what:   "distribution claims at d_k = 10000 make check write lines of tens of MB: out of memory in the report",
		args:   regexp.MustCompile(`^check `),
		files:  regexp.MustCompile(`distribution d=10000 is`),
		faults: crash,
	},
	{
		owner:  "planning helper (issue 22: memory of claims)",
		what:   "check of 100 claims of variance at d_k = 6000 over five values passes the 1 GiB address space (out of memory at 2-3 s) instead of being refused by its plan",
		args:   regexp.MustCompile(`^(check|grade|exercise) `),
		files:  regexp.MustCompile(`variance d=6000 values=-1,0,1,2,3`),
		faults: crash,
	},
	{
		owner:  "planning helper (issue 22: refusal wording)",
		what:   "a refusal of brute force names neither --values nor --d (multiplicities), or loses its --method advice to the 200-character line (a 25-digit pair count)",
		args:   regexp.MustCompile(`(--values -3:2,-1:3,1:5,3:7|--d (2,)?(4[0-9]|[5-9][0-9]|[0-9]{3,})\b)`),
		faults: []string{"names nothing"},
	},
	{
		owner: "planning helper (issue 22: workers and memory)",
		what: "--workers 1024 on a long enumeration under the 1 GiB limit: each worker's scratch allocation starts a GC cycle, " +
			"and on a loaded machine the cycles hold the watchdog past 2 s (20 s seen at load 19)",
		args:   regexp.MustCompile(`(^|\s)--workers (1024|[2-9][0-9]{2})\b`),
		also:   regexp.MustCompile(`--d (2,)?(19|20)\b`),
		faults: []string{"slow stop", "left behind", "status"},
	},
	{
		owner: "planning helper (issue 22: the shard probe's allocation)",
		what: "a --shard run near its time limit times the kernel with a block of the whole slice's counts (2 TB at d_k = 50): " +
			"out of memory, or tens of GB in a test binary, before the refusal",
		args:   regexp.MustCompile(`(^|\s)--shard \S`),
		also:   regexp.MustCompile(`(^|\s)--d (\S*,)?(2[5-9]|[3-9][0-9]|[1-9][0-9]{2,})\b`),
		faults: crash,
	},
}

// crash are the faults of a run that dies with a stack trace: its lines
// are not sqrtdk's, its status is the runtime's 2, and they name nothing.
var crash = []string{"stack trace", "error line", "status", "names nothing"}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// String names the finding and its owner.
func (k *Finding) String() string { return k.what + " (" + k.owner + ")" }
