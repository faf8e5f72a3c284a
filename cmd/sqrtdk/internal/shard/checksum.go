package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"
)

// A canonical hashes the text the checksum is computed over (see the
// package doc) line by line, as Write builds it from a Result and as Read
// streams it from a file, from the file's own strings.
type canonical struct{ h hash.Hash }

func newCanonical() canonical { return canonical{h: sha256.New()} }

// line adds the line "name value".
func (c canonical) line(name, value string) { io.WriteString(c.h, name+" "+value+"\n") }

// partHead starts a part's line, up to its counts.
func (c canonical) partHead(p partDoc) {
	fmt.Fprintf(c.h, "part %d %s %s %s %s %s ", p.D, p.QLo, p.QHi, p.QTotal, p.Base, p.Step)
}

// count adds count i of a part.
func (c canonical) count(i int, s string) {
	if i > 0 {
		io.WriteString(c.h, ",")
	}
	io.WriteString(c.h, s)
}

// partEnd ends a part's line.
func (c canonical) partEnd() { io.WriteString(c.h, "\n") }

// sum returns the lower-case hex SHA-256 of the text.
func (c canonical) sum() string { return hex.EncodeToString(c.h.Sum(nil)) }

// checksum returns the checksum of the document's strings.
func (d *document) checksum() string {
	c := newCanonical()
	c.line("format", d.Format)
	c.line("tool", d.Tool)
	c.line("command", d.Command)
	c.line("q", strings.Join(d.Q, ","))
	c.line("k", strings.Join(d.K, ","))
	c.line("method", d.Method)
	c.line("shard", fmt.Sprintf("%d/%d", d.Shard.Index, d.Shard.Count))
	for _, p := range d.Parts {
		c.partHead(p)
		for i, s := range p.Counts {
			c.count(i, s)
		}
		c.partEnd()
	}
	return c.sum()
}
