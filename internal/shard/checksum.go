package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// canonical returns the text the checksum is computed over (see the
// package doc); it uses the document's strings exactly as stored.
func (d *document) canonical() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "format %s\n", d.Format)
	fmt.Fprintf(&b, "tool %s\n", d.Tool)
	fmt.Fprintf(&b, "command %s\n", d.Command)
	fmt.Fprintf(&b, "q %s\n", strings.Join(d.Q, ","))
	fmt.Fprintf(&b, "k %s\n", strings.Join(d.K, ","))
	fmt.Fprintf(&b, "method %s\n", d.Method)
	fmt.Fprintf(&b, "shard %d/%d\n", d.Shard.Index, d.Shard.Count)
	for _, p := range d.Parts {
		fmt.Fprintf(&b, "part %d %s %s %s %s %s %s\n", p.D, p.QLo, p.QHi, p.QTotal, p.Base, p.Step, strings.Join(p.Counts, ","))
	}
	return []byte(b.String())
}

// checksum returns the lower-case hex SHA-256 of the canonical text.
func (d *document) checksum() string {
	sum := sha256.Sum256(d.canonical())
	return hex.EncodeToString(sum[:])
}
