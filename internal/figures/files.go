package figures

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A File is a path and the bytes it should hold.
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes every file or none: each is first written to a
// temporary file in its own folder, and the temporary files are renamed into
// place only when all of them were written, so a failure never leaves a
// partial figure behind.
func WriteFiles(files []File) error {
	temps := make([]string, 0, len(files))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, f := range files {
		if st, err := os.Stat(f.Path); err == nil && st.IsDir() {
			cleanup()
			return fmt.Errorf("cannot write %s: it is a folder", f.Path)
		}
		tmp, err := os.CreateTemp(filepath.Dir(f.Path), "."+filepath.Base(f.Path)+".*.tmp")
		if err != nil {
			cleanup()
			return fmt.Errorf("cannot write %s: %v", f.Path, reason(err))
		}
		temps = append(temps, tmp.Name())
		_, werr := tmp.Write(f.Data)
		cerr := tmp.Close()
		if werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Chmod(tmp.Name(), 0o644)
		}
		if werr != nil {
			cleanup()
			return fmt.Errorf("cannot write %s: %v", f.Path, reason(werr))
		}
	}
	for i, f := range files {
		if err := os.Rename(temps[i], f.Path); err != nil {
			cleanup()
			return fmt.Errorf("cannot write %s: %v", f.Path, reason(err))
		}
	}
	return nil
}

// reason strips the path (often a temporary name) from a file system error.
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
