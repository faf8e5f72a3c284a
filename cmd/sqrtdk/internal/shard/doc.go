// Package shard writes, reads, verifies and merges the results of sharded
// brute-force runs, so that one enumeration can be spread over the machines
// of a batch system.
//
// What the verification promises, and what it does not: the checksum
// catches accidents (a truncated copy, a flipped bit, a file from another
// run), not edits, since anyone can recompute it (it has no key, and is
// not meant to). Beyond it, Read and Merge check everything the alphabets
// force (forced.go): the score lattice, counts only at scores some pair
// can have, symmetry where an alphabet is symmetric, the number of pairs,
// and the merged distribution's exact mean and variance. A deliberate
// edit that keeps all of these, or a faulty build that breaks none of
// them, is not detected: the merge is as sound as the machines and the
// files it was given, and no more.
//
// A run split into N slices (see enumerate.Plan.BruteShard) produces N
// shard files. Each holds the full problem (alphabets in canonical form,
// the widths, the method, the command that produced it), the slice it
// covered (index I of N and, per width, its q index range), one exact
// histogram per width with counts as decimal strings, the tool version
// (internal/version, which tells any two builds apart), and a SHA-256
// checksum. Merge accepts a set of shard files only when they come from
// one run of one build, cover every slice exactly once and are intact; it
// then adds the histograms count by count.
//
// A file is read as a stream: its keys must come in the order Write writes
// them, each once and spelt exactly (encoding/json would take the last of
// two equal keys and match keys in any case); Read refuses a stream past
// MaxFileBytes (the command's guard refuses a larger file by its size,
// unread); messages quote at most a few dozen characters of what they
// refuse.
//
// The checksum is the SHA-256, in lower-case hex, of these lines, each
// ended by "\n", built from the file's own strings:
//
//	format <format>
//	tool <tool>
//	command <command>
//	q <q tokens joined by ",">
//	k <k tokens joined by ",">
//	method <method>
//	shard <index>/<count>
//	part <d> <q_lo> <q_hi> <q_total> <base> <step> <counts joined by ",">
//
// with one "part" line per width, in the file's order. docs/cluster.md
// shows how to recompute it with jq and sha256sum.
package shard
