package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/grade"
)

// maxRosterBytes bounds a roster or a submission's metadata file.
const maxRosterBytes = 4 << 20

// A rosterEntry is one student of a roster.
type rosterEntry struct {
	id, name, seed string
	line           int
}

// A roster is the class list a teacher grades against: who may hand in,
// by id, and the seed of each student's variant when it is not --seed.
type roster struct {
	path    string
	entries []rosterEntry
	byID    map[string]int
}

var rosterID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.@+-]*$`)

// readRoster reads a roster: CSV lines "id,name[,seed]" (a first line
// "id,name[,seed]" is a header; # starts a comment line).
func readRoster(ctx context.Context, files *guard.Files, path string) (*roster, error) {
	data, err := readSmallFile(ctx, files, rosterInput, path)
	if err != nil {
		return nil, err
	}
	r := &roster{path: path, byID: map[string]int{}}
	for i, text := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		line := i + 1
		if strings.HasPrefix(strings.TrimSpace(text), "#") || strings.TrimSpace(text) == "" {
			continue
		}
		rec, err := csvFields(text)
		if err != nil {
			return nil, usageErrorf("--roster: %s:%d: %v", path, line, err)
		}
		if len(r.entries) == 0 && strings.EqualFold(rec[0], "id") {
			continue // header
		}
		if len(rec) < 2 || len(rec) > 3 {
			return nil, usageErrorf("--roster: %s:%d: write id,name or id,name,seed", path, line)
		}
		e := rosterEntry{id: rec[0], name: rec[1], line: line}
		if len(rec) == 3 {
			e.seed = rec[2]
		}
		if !rosterID.MatchString(e.id) {
			return nil, usageErrorf("--roster: %s:%d: %q is not a student id (letters, digits and _ . @ + -, no spaces)", path, line, e.id)
		}
		if prev, dup := r.byID[e.id]; dup {
			return nil, usageErrorf("--roster: %s:%d: %s is on the roster twice (also line %d)", path, line, e.id, r.entries[prev].line)
		}
		r.byID[e.id] = len(r.entries)
		r.entries = append(r.entries, e)
	}
	if len(r.entries) == 0 {
		return nil, usageErrorf("--roster: %s lists no students", path)
	}
	return r, nil
}

// lookup returns the roster's student of an id.
func (r *roster) lookup(id string) (rosterEntry, bool) {
	if r == nil {
		return rosterEntry{}, false
	}
	i, ok := r.byID[id]
	if !ok {
		return rosterEntry{}, false
	}
	return r.entries[i], true
}

// ofFile returns the roster's student an answer file is named for: its
// name up to the first dot ("ada.answers", "ada.txt"), or the folder it is
// in ("ada/answers.txt"), is the student's id.
func (r *roster) ofFile(path string) (rosterEntry, bool) {
	if r == nil || path == "-" {
		return rosterEntry{}, false
	}
	base := filepath.Base(path)
	stem, _, _ := strings.Cut(base, ".")
	if e, ok := r.lookup(stem); ok {
		return e, true
	}
	return r.lookup(filepath.Base(filepath.Dir(path)))
}

// csvFields splits one line of comma-separated fields, a field in double
// quotes holding commas and doubled quotes ("Lovelace, Ada"); fields are
// trimmed.
func csvFields(line string) ([]string, error) {
	var out []string
	var b strings.Builder
	inQuotes, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inQuotes && c == '"' && i+1 < len(line) && line[i+1] == '"':
			b.WriteByte('"')
			i++
		case c == '"' && (inQuotes || strings.TrimSpace(b.String()) == ""):
			inQuotes, quoted = !inQuotes, true
			if inQuotes {
				b.Reset()
			}
		case c == ',' && !inQuotes:
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
			quoted = false
		case c == '"':
			return nil, fmt.Errorf("a quote inside a field: write the field in quotes and double the quote")
		default:
			if quoted && !inQuotes && c != ' ' && c != '\t' {
				return nil, fmt.Errorf("text after a quoted field")
			}
			b.WriteByte(c)
		}
	}
	if inQuotes {
		return nil, fmt.Errorf("a quoted field is not closed")
	}
	return append(out, strings.TrimSpace(b.String())), nil
}

// readMetadata reads the student id from a Gradescope submission's
// submission_metadata.json: the first submitter's sid (student id) when
// the course sets one, else their email. A group submission names its
// other members in the second result.
func readMetadata(ctx context.Context, files *guard.Files, path string) (id string, others []string, err error) {
	data, err := readSmallFile(ctx, files, metadataInput, path)
	if err != nil {
		return "", nil, err
	}
	var meta struct {
		Users []struct {
			Email string `json:"email"`
			SID   string `json:"sid"`
			Name  string `json:"name"`
		} `json:"users"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return "", nil, usageErrorf("--metadata: %s: %v", path, err)
	}
	idOf := func(i int) string {
		if s := strings.TrimSpace(meta.Users[i].SID); s != "" {
			return s
		}
		return strings.TrimSpace(meta.Users[i].Email)
	}
	if len(meta.Users) == 0 || idOf(0) == "" {
		return "", nil, usageErrorf("--metadata: %s names no submitter with a sid or an email", path)
	}
	for i := 1; i < len(meta.Users); i++ {
		others = append(others, idOf(i))
	}
	id = idOf(0)
	if !rosterID.MatchString(id) {
		return "", nil, usageErrorf("--metadata: %s: the submitter's id %q is not a student id (letters, digits and _ . @ + -)", path, id)
	}
	return id, others, nil
}

// readSmallFile reads a small input (a roster, Gradescope's metadata)
// whole, through the run's guard, which refuses it past its kind's limit.
func readSmallFile(ctx context.Context, files *guard.Files, kind guard.Kind, path string) ([]byte, error) {
	in, err := files.Open(ctx, kind, path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	data, err := io.ReadAll(in)
	return data, in.Err(err)
}

// errAbsent is the error of a roster's student who handed in no answer
// file: their row has it, and the flag "absent".
var errAbsent = errors.New("absent: no answer file was handed in")

// absentResult is the row of a roster's student who handed in no file:
// no file, score 0 of the key's maximum, errAbsent and the flag "absent".
func absentResult(k *grade.Key, id string) *grade.Result {
	r := grade.Rejected(k, "", id, errAbsent)
	r.Flags = append(r.Flags, grade.Flag{Name: "absent", Says: "On the roster, but no answer file was handed in."})
	return r
}

// names returns the roster's names by student id (nil without a roster).
func (r *roster) names() render.Names {
	if r == nil {
		return nil
	}
	out := render.Names{}
	for _, e := range r.entries {
		out[e.id] = e.name
	}
	return out
}
