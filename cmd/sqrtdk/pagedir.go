package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages"
)

// A page directory is owned by construction. sqrtdk writes a page into a
// new hidden directory beside DIR (made with exclusive creation and
// registered with the run's guard, which removes it if the run is
// stopped), with the page's files and a manifest, .sqrtdk-manifest, that
// lists each of them with its SHA-256. The new directory takes DIR's
// place only when DIR is absent, empty, or holds exactly a page sqrtdk
// wrote: the files its manifest lists, unchanged, and nothing else. Any
// other file there (a person's own index.html or sqrtdk.css, a page edited
// since, a file added to it) is refused before work, naming it, and so is
// an input of the run inside DIR (a key copied to DIR/index.html). The old
// page is moved aside, checked again, and removed file by file, as its
// manifest lists them, so that a file put there meanwhile is never lost.
// A file's name may hold one directory ("ada/index.html": a student's page
// of a class); "DIR/" names DIR.

// manifestName is the file in which sqrtdk lists a page's files.
const manifestName = ".sqrtdk-manifest"

// manifestHeader is the manifest's first line.
const manifestHeader = "sqrtdk page manifest 1: a page sqrtdk wrote; sqrtdk replaces this directory only while it holds exactly these files"

// maxManifestBytes bounds the manifest read: a page has a few files.
const maxManifestBytes = 64 << 10

// A pageDir is the directory -o names, examined before work.
type pageDir struct {
	flag, path string // as given
	real       string // its links followed
	page       bool   // it holds a page sqrtdk wrote, to be replaced
}

// preparePageDir examines the directory -o names before any work: it is
// refused when it is not a directory, holds anything but a page sqrtdk
// wrote, or holds one of the run's inputs (declare them first).
func preparePageDir(guarded *guard.Files, dir string) (*pageDir, error) {
	if dir == "" {
		return nil, usageErrorf("-o: name the directory to write the page into")
	}
	dir = filepath.Clean(dir)
	if err := guarded.Reserve("-o", dir); err != nil {
		return nil, err
	}
	d := &pageDir{flag: "-o", path: dir, real: dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		d.real = real // a link to a directory: replace the directory, keep the link
	}
	switch fi, err := os.Stat(d.real); {
	case err == nil && !fi.IsDir():
		return nil, fmt.Errorf("-o %s: not a directory; a page is a directory of files", dir)
	case err == nil:
		n, err := d.check(guarded, d.real)
		if err != nil {
			return nil, err
		}
		d.page = n > 0
	case !os.IsNotExist(err):
		return nil, fmt.Errorf("-o: %v", err)
	}
	parent := filepath.Dir(d.real)
	if fi, err := os.Stat(parent); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("-o %s: the directory it would be made in, %s, does not exist", dir, parent)
	}
	return d, nil
}

// check returns how many entries dir holds, and refuses it unless it is
// empty or holds exactly a page (or a class's pages) sqrtdk wrote and none
// of the run's inputs.
func (d *pageDir) check(guarded *guard.Files, dir string) (int, error) {
	names, err := pageDirFiles(dir)
	if err != nil {
		return 0, fmt.Errorf("-o: %v", err)
	}
	for _, name := range names {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			if in, ok := guarded.InputAt(fi); ok {
				return 0, fmt.Errorf("-o %s: %s is %s, an input of this run, and the page would replace it: write the page to another directory", d.path, filepath.Join(d.path, name), in)
			}
		}
	}
	if len(names) == 0 {
		return 0, nil
	}
	listed, err := readManifest(dir)
	if err != nil {
		return 0, fmt.Errorf("-o %s: %v: name a new directory, or one with a page sqrtdk wrote", d.path, err)
	}
	for _, name := range names {
		if name == manifestName {
			continue
		}
		sum, ok := listed[name]
		if fi, err := os.Lstat(filepath.Join(dir, name)); !ok || err != nil || !fi.Mode().IsRegular() {
			return 0, fmt.Errorf("-o %s: the directory holds %s, which is not part of the page sqrtdk wrote there: name a new directory, or one with a page sqrtdk wrote", d.path, name)
		}
		if got, err := fileSum(filepath.Join(dir, name)); err != nil || got != sum {
			return 0, fmt.Errorf("-o %s: %s was changed since sqrtdk wrote it: name a new directory, or move it away first", d.path, name)
		}
	}
	return len(names), nil
}

// pageDirFiles returns the names in dir and, for each directory in it, the
// names in that directory as "sub/name" (a class's pages go one level
// deep); an empty subdirectory is named as "sub/", which no manifest lists.
func pageDirFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
			continue
		}
		sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if len(sub) == 0 {
			names = append(names, e.Name()+"/")
		}
		for _, s := range sub {
			names = append(names, e.Name()+"/"+s.Name())
		}
	}
	return names, nil
}

// validPageName reports whether a manifest may list name: a relative path
// inside the directory, at most one directory deep, not the manifest.
func validPageName(name string) bool {
	return name != manifestName && filepath.IsLocal(name) && filepath.Clean(name) == name && strings.Count(name, "/") <= 1
}

// readManifest returns the files a page's manifest lists, by name, with
// their SHA-256 in hexadecimal; a directory without one is not a page
// sqrtdk wrote.
func readManifest(dir string) (map[string]string, error) {
	f, err := os.Open(filepath.Join(dir, manifestName))
	if errors.Is(err, os.ErrNotExist) {
		entries, _ := os.ReadDir(dir)
		name := ""
		if len(entries) > 0 {
			name = entries[0].Name()
		}
		return nil, fmt.Errorf("the directory holds %s and no %s, so sqrtdk did not write it", name, manifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read its %s: %v", manifestName, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxManifestBytes))
	bad := fmt.Errorf("its %s is not one sqrtdk wrote", manifestName)
	if !sc.Scan() || sc.Text() != manifestHeader {
		return nil, bad
	}
	listed := map[string]string{}
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 || !validPageName(name) {
			return nil, bad
		}
		listed[name] = sum
	}
	if sc.Err() != nil {
		return nil, bad
	}
	return listed, nil
}

// manifest returns the manifest of a page's files.
func manifest(files []pages.File) []byte {
	var b strings.Builder
	b.WriteString(manifestHeader + "\n")
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		b.WriteString(hex.EncodeToString(sum[:]) + "  " + f.Name + "\n")
	}
	return []byte(b.String())
}

func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writePageDir writes a page's files into the directory that
// preparePageDir examined: they go, with their manifest, to a new hidden
// directory beside it, which takes its place only when every file was
// written (see the comment at the top of this file).
func writePageDir(guarded *guard.Files, d *pageDir, files []pages.File) (err error) {
	parent, base := filepath.Dir(d.real), filepath.Base(d.real)
	tmp, err := os.MkdirTemp(parent, "."+base+".*.partial")
	if err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	guarded.Temporary(tmp)
	defer func() {
		if err != nil {
			os.RemoveAll(tmp) // made by this run, exclusively
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	for _, f := range files {
		if !validPageName(f.Name) {
			return fmt.Errorf("-o: %s is not a name inside the directory", f.Name)
		}
		if sub := filepath.Dir(f.Name); sub != "." {
			if err := os.MkdirAll(filepath.Join(tmp, sub), 0o755); err != nil {
				return fmt.Errorf("-o: %v", err)
			}
		}
		if err := writeSynced(filepath.Join(tmp, f.Name), f.Data); err != nil {
			return fmt.Errorf("-o: cannot write %s: %v", filepath.Join(d.path, f.Name), err)
		}
	}
	if err := writeSynced(filepath.Join(tmp, manifestName), manifest(files)); err != nil {
		return fmt.Errorf("-o: cannot write %s: %v", filepath.Join(d.path, manifestName), err)
	}
	// Absent or empty: rename(2) takes the place of an empty directory
	// only (os.Rename refuses any directory), so a file put there since the
	// check makes it fail, losing nothing.
	if err := syscall.Rename(tmp, d.real); err == nil {
		return nil
	} else if !d.page {
		return fmt.Errorf("-o %s: %v; nothing was replaced", d.path, afterRename(err))
	}
	old := strings.TrimSuffix(tmp, ".partial") + ".old"
	if err := os.Rename(d.real, old); err != nil {
		return fmt.Errorf("-o: cannot replace %s: %v", d.path, afterRename(err))
	}
	// Moved aside, the old page is checked again: what was added or
	// changed since the first check puts it back.
	if _, err := d.check(guarded, old); err != nil {
		if rerr := os.Rename(old, d.real); rerr != nil {
			return fmt.Errorf("%v (the old page is in %s)", err, old)
		}
		return err
	}
	if err := os.Rename(tmp, d.real); err != nil {
		os.Rename(old, d.real)
		return fmt.Errorf("-o: cannot replace %s: %v", d.path, afterRename(err))
	}
	return removePage(old)
}

// afterRename words a failed rename's error.
func afterRename(err error) error {
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// removePage removes a page sqrtdk wrote, file by file as its manifest
// lists them, then the directory if that left it empty.
func removePage(dir string) error {
	listed, err := readManifest(dir)
	if err != nil {
		return fmt.Errorf("-o: the old page, moved to %s, was left there: %v", dir, err)
	}
	for name := range listed {
		os.Remove(filepath.Join(dir, name))
	}
	for name := range listed {
		if sub := filepath.Dir(name); sub != "." {
			os.Remove(filepath.Join(dir, sub)) // only when empty
		}
	}
	os.Remove(filepath.Join(dir, manifestName))
	if err := os.Remove(dir); err != nil {
		return fmt.Errorf("-o: the old page's directory %s was left: %v", dir, afterRename(err))
	}
	return nil
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
