package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages"
)

// writePageDir writes a page's files into the directory dir, which appears
// only when every file was written: they go to a new hidden directory
// beside it, renamed into place at the end. A file's name may hold one
// directory ("ada/index.html": a class's pages). dir may be missing, empty,
// or hold what such a run wrote before (only the files of a page, of a
// class's pages or of the files it writes now), which is then replaced;
// anything else there is refused, so that nothing is lost. The run's guard
// has the directory among its outputs and removes the hidden one if the
// run is stopped. "DIR/" names DIR.
func writePageDir(guarded *guard.Files, dir string, files []pages.File) (err error) {
	if dir == "" {
		return fmt.Errorf("-o: name the directory to write the page into")
	}
	dir = filepath.Clean(dir)
	if err := guarded.Reserve("-o", dir); err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // a link to a directory: replace the directory, keep the link
	}
	exists := false
	switch fi, err := os.Stat(dir); {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("-o %s: not a directory; a page is a directory of files", dir)
	case err == nil:
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("-o: %v", err)
		}
		for _, e := range entries {
			if !ownedEntry(dir, e, files) {
				return fmt.Errorf("-o %s: the directory holds %s, which is not part of a page: name a new directory, or one with a page sqrtdk wrote", dir, e.Name())
			}
		}
		exists = true
	case !os.IsNotExist(err):
		return fmt.Errorf("-o: %v", err)
	}
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	if fi, err := os.Stat(parent); err != nil || !fi.IsDir() {
		return fmt.Errorf("-o %s: the directory it would be made in, %s, does not exist", dir, parent)
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".*.partial")
	if err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	guarded.Temporary(tmp)
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	for _, f := range files {
		if sub := filepath.Dir(f.Name); sub != "." {
			if err := os.MkdirAll(filepath.Join(tmp, sub), 0o755); err != nil {
				return fmt.Errorf("-o: %v", err)
			}
		}
		if err := writeSynced(filepath.Join(tmp, f.Name), f.Data); err != nil {
			return fmt.Errorf("-o: cannot write %s: %v", filepath.Join(dir, f.Name), err)
		}
	}
	if !exists {
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("-o: %v", err)
		}
		return nil
	}
	old := strings.TrimSuffix(tmp, ".partial") + ".old"
	if err := os.Rename(dir, old); err != nil {
		return fmt.Errorf("-o: cannot replace %s: %v", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return fmt.Errorf("-o: cannot replace %s: %v", dir, err)
	}
	return os.RemoveAll(old)
}

// ownedEntry reports whether an entry of an existing output directory is
// one a page run writes: a page's file, a file this run writes, or a
// directory holding only a page's index.html (a student's page of a
// class).
func ownedEntry(dir string, e os.DirEntry, files []pages.File) bool {
	name := e.Name()
	if e.Type().IsRegular() {
		return slices.Contains(pages.FileNames, name) || slices.ContainsFunc(files, func(f pages.File) bool { return f.Name == name })
	}
	if !e.IsDir() {
		return false
	}
	sub, err := os.ReadDir(filepath.Join(dir, name))
	if err != nil {
		return false
	}
	for _, s := range sub {
		if !s.Type().IsRegular() || !slices.Contains(pages.FileNames, s.Name()) {
			return false
		}
	}
	return true
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
