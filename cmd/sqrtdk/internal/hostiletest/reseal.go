package hostiletest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
)

// A ShardDoc mirrors a shard file's fields in their order, so that a test can
// edit a file and reseal it as anyone can: the checksum's lines are
// documented (cmd/sqrtdk/internal/shard/doc.go, docs/cluster.md) and computed here
// independently of the package.
type ShardDoc struct {
	Format  string   `json:"format"`
	Tool    string   `json:"tool"`
	Command string   `json:"command"`
	Q       []string `json:"q"`
	K       []string `json:"k"`
	Method  string   `json:"method"`
	Shard   struct {
		Index int `json:"index"`
		Count int `json:"count"`
	} `json:"shard"`
	Parts []struct {
		D      int      `json:"d"`
		QLo    string   `json:"q_lo"`
		QHi    string   `json:"q_hi"`
		QTotal string   `json:"q_total"`
		Base   string   `json:"base"`
		Step   string   `json:"step"`
		Counts []string `json:"counts"`
	} `json:"parts"`
	SHA256 string `json:"sha256"`
}

// Reseal edits a shard file's bytes as anyone who knows the format can,
// and recomputes its checksum.
func Reseal(data []byte, edit func(d *ShardDoc)) ([]byte, error) {
	var d ShardDoc
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	edit(&d)
	var b strings.Builder
	fmt.Fprintf(&b, "format %s\ntool %s\ncommand %s\nq %s\nk %s\nmethod %s\nshard %d/%d\n",
		d.Format, d.Tool, d.Command, strings.Join(d.Q, ","), strings.Join(d.K, ","), d.Method, d.Shard.Index, d.Shard.Count)
	for _, p := range d.Parts {
		fmt.Fprintf(&b, "part %d %s %s %s %s %s %s\n", p.D, p.QLo, p.QHi, p.QTotal, p.Base, p.Step, strings.Join(p.Counts, ","))
	}
	sum := sha256.Sum256([]byte(b.String()))
	d.SHA256 = hex.EncodeToString(sum[:])
	out, err := json.MarshalIndent(&d, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// AddCount adds n to the decimal count s.
func AddCount(s string, n int64) string {
	v, _ := new(big.Int).SetString(s, 10)
	return v.Add(v, big.NewInt(n)).String()
}
