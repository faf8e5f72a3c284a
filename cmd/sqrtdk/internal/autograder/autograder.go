// Package autograder writes the zip a Gradescope autograder is made from:
// Gradescope's documented layout is a zip with setup.sh and
// run_autograder at its top, unpacked into /autograder/source; it runs
// setup.sh once to build the image, then run_autograder for every
// submission, with the student's files in /autograder/submission and
// submission_metadata.json in /autograder, and reads the grade from
// /autograder/results/results.json.
package autograder

import (
	"archive/zip"
	_ "embed"
	"io"
	"io/fs"
	"time"
)

//go:embed run_autograder
var runAutograder []byte

//go:embed setup.sh
var setupScript []byte

// A Bundle is what the autograder grades with.
type Bundle struct {
	// KeyName is the key's file name in source/; it must end in ".key".
	KeyName string
	Key     []byte
	// Seed is the seed of a key that draws values; "" for none.
	Seed string
	// Binary is sqrtdk built for Linux amd64.
	Binary []byte
}

// stamp is every entry's time, so that the same bundle is the same bytes.
var stamp = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteZip writes the bundle as the autograder's zip: setup.sh,
// run_autograder and sqrtdk (executable), the key, and seed.txt when the
// key draws values, every entry at one fixed time.
func (b Bundle) WriteZip(w io.Writer) error {
	z := zip.NewWriter(w)
	entries := []struct {
		name string
		mode uint32
		data []byte
	}{
		{"setup.sh", 0o755, setupScript},
		{"run_autograder", 0o755, runAutograder},
		{b.KeyName, 0o644, b.Key},
		{"sqrtdk", 0o755, b.Binary},
	}
	if b.Seed != "" {
		entries = append(entries, struct {
			name string
			mode uint32
			data []byte
		}{"seed.txt", 0o644, []byte(b.Seed + "\n")})
	}
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: stamp}
		h.SetMode(fs.FileMode(e.mode))
		f, err := z.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := f.Write(e.data); err != nil {
			return err
		}
	}
	return z.Close()
}
