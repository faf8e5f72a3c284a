package shard

import (
	"bytes"
	"encoding/json"
	"testing"
)

// seedFiles returns valid shard files of several shapes.
func seedFiles(f *testing.F) [][]byte {
	return [][]byte{
		encode(f, runShard(f, "-1,1", "-1,1", []int{4}, 1, 4)),
		encode(f, runShard(f, "-1,0:2,1", "1/2,-3", []int{1, 3}, 0, 2)),
		encode(f, runShard(f, "7", "0", []int{2}, 2, 3)),
	}
}

// checkAccepted re-encodes an accepted file and reads it back: a file Read
// accepts must survive the round trip unchanged.
func checkAccepted(t *testing.T, r *Result) {
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		t.Fatalf("accepted file does not encode: %v", err)
	}
	again, err := Read(bytes.NewReader(b.Bytes()), "again.json")
	if err != nil {
		t.Fatalf("accepted file, re-encoded, is refused: %v\n%s", err, b.Bytes())
	}
	var c bytes.Buffer
	if err := again.Write(&c); err != nil || !bytes.Equal(b.Bytes(), c.Bytes()) {
		t.Fatalf("round trip changed the file:\n%s\n---\n%s", b.Bytes(), c.Bytes())
	}
}

// FuzzRead feeds arbitrary bytes to the shard file reader.
func FuzzRead(f *testing.F) {
	for _, s := range seedFiles(f) {
		f.Add(s)
		f.Add(s[:len(s)/3])
		f.Add(bytes.Replace(s, []byte(`"1"`), []byte(`"2"`), 1))
	}
	f.Add([]byte(""))
	f.Add([]byte("{}"))
	f.Add([]byte(`{"format":"sqrtdk-shard/1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			if bytes.Contains([]byte(err.Error()), []byte("\n")) {
				t.Fatalf("message spans lines: %q", err)
			}
			return
		}
		checkAccepted(t, r)
	})
}

// FuzzReadResealed recomputes the checksum of whatever JSON document the
// fuzzer writes, so that the consistency checks behind the checksum are
// explored too.
func FuzzReadResealed(f *testing.F) {
	for _, s := range seedFiles(f) {
		f.Add(s)
		f.Add(bytes.Replace(s, []byte(`"q_lo": "`), []byte(`"q_lo": "1`), 1))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var doc document
		if json.Unmarshal(data, &doc) != nil {
			return
		}
		doc.SHA256 = doc.checksum()
		sealed, err := json.Marshal(&doc)
		if err != nil {
			return
		}
		r, err := Read(bytes.NewReader(sealed), "fuzz.json")
		if err != nil {
			if bytes.Contains([]byte(err.Error()), []byte("\n")) {
				t.Fatalf("message spans lines: %q", err)
			}
			return
		}
		checkAccepted(t, r)
	})
}
