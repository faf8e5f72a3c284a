//go:build linux

package main

import "regexp"

// A knownFinding is a failure the hostile harness finds that belongs to
// another part of issue 22 or to issue 21: the cases it matches (by their
// command line) may fail in the listed ways without failing the test, and
// are counted and logged as known. Each entry says whose it is; its owner
// removes it with the fix, and the harness then holds the fix in place.
// /work/notes/D1-harness-findings.md records each with a reproducing case.
type knownFinding struct {
	owner  string         // the helper or issue that fixes it
	what   string         // the finding, in a few words
	args   *regexp.Regexp // matched against the command line, arguments joined by spaces
	faults []string       // the kinds of fault it may cause (see hostileFaults)
}

// knownFindings is the allow-list; the planning helper and helper C empty
// it.
var knownFindings = []knownFinding{}

// known returns the finding that excuses every fault of a case, if one
// does.
func known(line string, faults []fault) *knownFinding {
	for i := range knownFindings {
		k := &knownFindings[i]
		if !k.args.MatchString(line) {
			continue
		}
		all := true
		for _, f := range faults {
			if !contains(k.faults, f.kind) {
				all = false
			}
		}
		if all {
			return k
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
