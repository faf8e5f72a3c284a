package main

import (
	"io"
	"os"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/shard"
)

// stdin is what a file named "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// The kinds of input file, each with its limit: every input is opened
// through the run's guard as one of these.
var (
	claimsInput = guard.Kind{Noun: "claims file", MaxBytes: guard.MaxTextBytes}
	keyInput    = guard.Kind{Flag: "--key", Noun: "answer key", MaxBytes: guard.MaxTextBytes}
	// An answer file is read as a stream, in memory bounded by the key.
	answersInput  = guard.Kind{Noun: "answer file", MaxBytes: guard.MaxTextBytes}
	rosterInput   = guard.Kind{Flag: "--roster", Noun: "roster", MaxBytes: maxRosterBytes}
	metadataInput = guard.Kind{Flag: "--metadata", Noun: "metadata file", MaxBytes: maxRosterBytes}
	shardInput    = guard.Kind{Noun: "shard file", MaxBytes: shard.MaxFileBytes}
	jointInput    = guard.Kind{Flag: "--joint", Noun: "joint-law file", MaxBytes: guard.MaxJointLawBytes}
)
