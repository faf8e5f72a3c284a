// Package shard writes, reads, verifies and merges the results of sharded
// brute-force runs, so that one enumeration can be spread over the machines
// of a batch system and its exact result still be trusted.
//
// A run split into N slices (see enumerate.Problem.ShardRange) produces N
// shard files. Each holds the full problem (alphabets in canonical form,
// the widths, the method, the command that produced it), the slice it
// covered (index I of N and, per width, its q index range), one exact
// histogram per width with counts as decimal strings, the tool version,
// and a SHA-256 checksum. Merge accepts a set of shard files only when they
// come from one run, cover every slice exactly once and are intact; it then
// adds the histograms count by count.
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
